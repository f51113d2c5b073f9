//! The sudoku snake's rules checked directly on a parity grid and a path, without
//! looking at any formula: what every solution passes before anyone sees it.

use super::{SnakeGrid, SudokuSnake};
use crate::types::Violation;
use std::collections::HashSet;

/// The rules checked directly on the grid and the path.
pub(super) fn check_snake(p: &SudokuSnake, s: &SnakeGrid) -> Result<(), Violation> {
    let rules = &p.rules;
    let n = rules.size;
    let bad = |m: String| Err(Violation(m));
    if s.even.len() != n || s.even.iter().any(|row| row.len() != n) {
        return bad(format!("the parity grid is not {n}x{n}"));
    }
    let parity = |i: usize| s.even[i / n][i % n];
    for unit in &p.units {
        let evens = unit.iter().filter(|&&i| parity(i)).count();
        if evens != rules.even_per_unit {
            let [r, c] = [unit[0] / n, unit[0] % n];
            return bad(format!(
                "a unit through [{r}, {c}] has {evens} even cells, not {}",
                rules.even_per_unit
            ));
        }
    }
    if s.snake.len() < 2 {
        return bad("a snake has at least two cells".into());
    }
    let index: Vec<usize> = s.snake.iter().map(|&[r, c]| r * n + c).collect();
    if s.snake.iter().any(|&[r, c]| r >= n || c >= n) {
        return bad("a snake cell is outside the grid".into());
    }
    let cells: HashSet<usize> = index.iter().copied().collect();
    if cells.len() != index.len() {
        return bad("the snake visits a cell twice".into());
    }
    let position = |i: usize| index.iter().position(|&j| j == i);
    for (k, &i) in index.iter().enumerate() {
        for j in p.neighbours(i) {
            match position(j) {
                Some(m) if m + 1 == k || k + 1 == m => {
                    if parity(i) == parity(j) {
                        return bad(format!(
                            "snake cells {:?} and {:?} have the same parity",
                            s.snake[k], s.snake[m]
                        ));
                    }
                }
                Some(m) => {
                    return bad(format!(
                        "the snake touches itself: {:?} and {:?}",
                        s.snake[k], s.snake[m]
                    ));
                }
                None => {
                    if parity(i) != parity(j) {
                        return bad(format!(
                            "the snake is ambiguous at {:?}: its neighbour [{}, {}] has the other parity",
                            s.snake[k],
                            j / n,
                            j % n
                        ));
                    }
                }
            }
        }
        if k + 1 < index.len() && !p.neighbours(i).contains(&index[k + 1]) {
            return bad(format!(
                "{:?} and {:?} are not neighbours",
                s.snake[k],
                s.snake[k + 1]
            ));
        }
    }
    if rules.visit_every_box
        && let Some(b) = p
            .boxes
            .iter()
            .position(|b| !b.iter().any(|i| cells.contains(i)))
    {
        return bad(format!("the snake misses box {}", b + 1));
    }
    let len = s.snake.len();
    if rules.min_length.is_some_and(|lo| len < lo) || rules.max_length.is_some_and(|hi| len > hi) {
        return bad(format!(
            "the snake has {len} cells, outside the allowed lengths"
        ));
    }
    let ends = [index[0], index[len - 1]];
    if let Some([r, c]) = rules.head
        && !ends.contains(&(r * n + c))
    {
        return bad(format!("the snake does not end at [{r}, {c}]"));
    }
    if let Some(want) = rules.head_even
        && !ends.iter().any(|&i| parity(i) == want)
    {
        return bad("no end of the snake has the required parity".into());
    }
    Ok(())
}
