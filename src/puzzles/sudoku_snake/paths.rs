//! The sudoku snake for the path engine: the grid's cells as nodes, rows,
//! columns and boxes as groups holding `even` cells of colour 0 (even), the
//! boxes as groups to visit. The engine finds each snake once with a parity
//! grid as witness, which is exactly what a solution is.

use super::{SnakeGrid, SudokuSnake};
use crate::family::{Breaking, PathForm, WalkEncoding};
use crate::solve::snakes::Snakes;

impl SudokuSnake {
    /// [`Puzzle::walks`](crate::family::Puzzle::walks) for the sudoku snake.
    pub(super) fn snake_paths(&self) -> Option<WalkEncoding<'_, SnakeGrid>> {
        let rules = &self.rules;
        let n = rules.size;
        let cells = n * n;
        let neighbours = (0..cells)
            .map(|v| self.neighbours(v).iter().map(|&u| u as u32).collect())
            .collect();
        let groups: Vec<Vec<u32>> = self
            .units
            .iter()
            .map(|unit| unit.iter().map(|&v| v as u32).collect())
            .collect();
        let shares = vec![rules.even_per_unit; groups.len()];
        // The boxes are the last units.
        let first_box = (self.units.len() - self.boxes.len()) as u32;
        let visit = if rules.visit_every_box {
            (first_box..self.units.len() as u32).collect()
        } else {
            Vec::new()
        };
        let lengths = (
            rules.min_length.unwrap_or(2),
            rules.max_length.unwrap_or(cells),
        );
        let snakes = Snakes::new(neighbours, &groups, &shares, visit, lengths)?.with_end(
            rules.head.map(|[r, c]| (r * n + c) as u32),
            rules.head_even.map(|even| if even { 0 } else { 1 }),
        );
        Some(WalkEncoding {
            walks: PathForm::Snakes(snakes),
            decode: Box::new(move |out: &[u32]| {
                let (colours, path) = out.split_at(cells);
                let even = (0..n)
                    .map(|r| (0..n).map(|c| colours[r * n + c] == 0).collect())
                    .collect();
                let snake = path
                    .iter()
                    .map(|&v| [v as usize / n, v as usize % n])
                    .collect();
                SnakeGrid::oriented(snake, even)
            }),
            breaking: Breaking::default(),
        })
    }
}
