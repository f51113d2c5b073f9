//! The parity snake in a sudoku grid: every cell even or odd with fixed counts per
//! row, column and box, and a snake (a path of cells that never touches itself
//! orthogonally) that alternates parity, visits every box, and is unambiguous:
//! every other neighbour of a snake cell has that cell's parity.

mod check;
mod connected;
mod digits;
mod family;
mod formula;
mod model;
mod optimum;
mod paths;
mod picture;
#[cfg(test)]
mod reference_tests;
#[cfg(test)]
mod tests;
mod text;

use crate::cnf::{Formula, Lit};
use crate::family::Breaking;
use crate::family::{EncodeOptions, Encoding, Puzzle, WalkEncoding};
use crate::solve::Model;
use crate::types::Violation;
use check::check_snake;
pub use formula::SudokuDecoder;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

/// Cells whose membership splits a count into cubes (2^this cubes).
const COUNT_CUBE_CELLS: usize = 3;

/// `[row, column]`, from 0.
pub type Square = [usize; 2];

/// A snake with a parity grid that makes it valid. Two solutions are the same
/// snake when their cells are (the parity grid is only a witness), so equality,
/// hashing and order look at the snake alone.
#[derive(Clone, Debug)]
pub struct SnakeGrid {
    /// The cells from one end to the other, read from the end that sorts first.
    pub snake: Vec<Square>,
    /// `even[row][col]`.
    pub even: Vec<Vec<bool>>,
}

impl SnakeGrid {
    /// Orients the snake so that it reads from its lesser end.
    fn oriented(mut snake: Vec<Square>, even: Vec<Vec<bool>>) -> SnakeGrid {
        if snake.last() < snake.first() {
            snake.reverse();
        }
        SnakeGrid { snake, even }
    }
}

impl PartialEq for SnakeGrid {
    fn eq(&self, other: &Self) -> bool {
        self.snake == other.snake
    }
}

impl Eq for SnakeGrid {}

impl Hash for SnakeGrid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.snake.hash(state);
    }
}

impl PartialOrd for SnakeGrid {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SnakeGrid {
    fn cmp(&self, other: &Self) -> Ordering {
        self.snake.cmp(&other.snake)
    }
}

/// The rules, as parameters so that variants are model files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Side of the square grid.
    pub size: usize,
    /// Rows and columns of a box; both divide `size`.
    pub box_shape: [usize; 2],
    /// Even cells in every row, column and box.
    pub even_per_unit: usize,
    pub visit_every_box: bool,
    pub min_length: Option<usize>,
    pub max_length: Option<usize>,
    /// The snake has an end here.
    pub head: Option<Square>,
    /// The snake has an end of this parity (true = even).
    pub head_even: Option<bool>,
}

impl Rules {
    /// The puzzle of the write-up: 9x9, 3x3 boxes, 4 even and 5 odd per unit.
    pub fn classic() -> Rules {
        Rules {
            size: 9,
            box_shape: [3, 3],
            even_per_unit: 4,
            visit_every_box: true,
            min_length: None,
            max_length: None,
            head: None,
            head_even: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SudokuSnake {
    rules: Rules,
    /// Every unit (rows, columns, boxes) as cell indices.
    units: Vec<Vec<usize>>,
    boxes: Vec<Vec<usize>>,
    symmetries: Vec<Symmetry>,
}

/// A symmetry of the square that keeps the box pattern: optional transpose, then
/// optional flips of rows and columns.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    fn apply(&self, n: usize, [r, c]: Square) -> Square {
        let [r, c] = if self.transpose { [c, r] } else { [r, c] };
        [
            if self.flip_rows { n - 1 - r } else { r },
            if self.flip_cols { n - 1 - c } else { c },
        ]
    }
}

impl SudokuSnake {
    /// Validates the parameters; the error names the field and what was expected.
    pub fn new(rules: Rules) -> Result<SudokuSnake, (String, String)> {
        let n = rules.size;
        let [br, bc] = rules.box_shape;
        let err = |field: &str, msg: String| Err((field.to_string(), msg));
        if !(2..=16).contains(&n) {
            return err("size", format!("a grid side from 2 to 16, got {n}"));
        }
        if br == 0 || bc == 0 || br * bc != n || !n.is_multiple_of(br) || !n.is_multiple_of(bc) {
            return err(
                "box",
                format!(
                    "box [rows, columns] that tile the {n}x{n} grid with {n} cells each, got [{br}, {bc}]"
                ),
            );
        }
        if rules.even_per_unit > n {
            return err(
                "even",
                format!(
                    "at most {n} even cells per unit, got {}",
                    rules.even_per_unit
                ),
            );
        }
        if let (Some(lo), Some(hi)) = (rules.min_length, rules.max_length)
            && lo > hi
        {
            return err(
                "max_length",
                format!("a maximum of at least min_length = {lo}, got {hi}"),
            );
        }
        if let Some([r, c]) = rules.head
            && (r >= n || c >= n)
        {
            return err(
                "head",
                format!("a [row, column] cell from 0 to {}, got [{r}, {c}]", n - 1),
            );
        }
        let idx = |r: usize, c: usize| r * n + c;
        let mut units = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|c| idx(i, c)).collect::<Vec<_>>());
            units.push((0..n).map(|r| idx(r, i)).collect());
        }
        let mut boxes = Vec::new();
        for b0 in (0..n).step_by(br) {
            for b1 in (0..n).step_by(bc) {
                boxes.push(
                    (b0..b0 + br)
                        .flat_map(|r| (b1..b1 + bc).map(move |c| idx(r, c)))
                        .collect::<Vec<_>>(),
                );
            }
        }
        units.extend(boxes.iter().cloned());
        let box_of = |[r, c]: Square| (r / br, c / bc);
        let mut symmetries = Vec::new();
        for bits in 0..8u8 {
            let s = Symmetry {
                transpose: bits & 1 != 0,
                flip_rows: bits & 2 != 0,
                flip_cols: bits & 4 != 0,
            };
            // Keep it when cells of one box always land in one box.
            let keeps_boxes = (0..n).all(|r| {
                (0..n).all(|c| {
                    let here = box_of([r, c]);
                    let anchor = [here.0 * br, here.1 * bc];
                    box_of(s.apply(n, [r, c])) == box_of(s.apply(n, anchor))
                })
            });
            if keeps_boxes {
                symmetries.push(s);
            }
        }
        Ok(SudokuSnake {
            rules,
            units,
            boxes,
            symmetries,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Symmetries of the grid that `--unique` identifies (8 for the classic grid).
    pub fn symmetry_count(&self) -> usize {
        self.symmetries.len()
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let n = self.rules.size;
        let (r, c) = (i / n, i % n);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - n);
        }
        if r + 1 < n {
            out.push(i + n);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < n {
            out.push(i + 1);
        }
        out
    }
}

impl Puzzle for SudokuSnake {
    type Solution = SnakeGrid;
    type Key = SnakeGrid;
    type Decoder = SudokuDecoder;

    fn key(&self, solution: &SnakeGrid) -> SnakeGrid {
        solution.clone()
    }

    fn encode(&self, options: EncodeOptions) -> Encoding<SudokuDecoder> {
        let mut f = Formula::new();
        let loops = options.every_rule_as_clauses.then(|| self.longest());
        let decoder = self.build(&mut f, loops);
        Encoding {
            // The cells of a snake determine it (it never touches itself), so the
            // membership variables alone tell snakes apart; the parity grid is a
            // witness and stays free.
            projection: decoder.on.iter().map(|l| l.var()).collect(),
            projection_constant_weight: false,
            cubes: self.cubes(&decoder, COUNT_CUBE_CELLS),
            cube_fixed_prefix: 0,
            formula: f,
            decoder,
            breaking: Breaking::default(),
        }
    }

    /// Two-coloured paths that never touch themselves, the parity grid their
    /// witness.
    fn walks(&self, _options: EncodeOptions) -> Option<WalkEncoding<'_, SnakeGrid>> {
        self.snake_paths()
    }

    fn decode(&self, decoder: &SudokuDecoder, model: &Model) -> SnakeGrid {
        self.read(decoder, model)
    }

    fn check(&self, s: &SnakeGrid) -> Result<(), Violation> {
        check_snake(self, s)
    }

    fn orbit(&self, s: &SnakeGrid) -> Vec<SnakeGrid> {
        vec![s.clone()]
    }

    /// The snake alone: the parity grid is a witness, which equality ignores.
    fn key_text(&self, s: &SnakeGrid) -> String {
        format!("{:?}", s.snake)
    }

    fn canonical(&self, s: &SnakeGrid) -> SnakeGrid {
        let n = self.rules.size;
        self.symmetries
            .iter()
            .map(|g| {
                let snake = s.snake.iter().map(|&c| g.apply(n, c)).collect();
                let mut even = vec![vec![false; n]; n];
                for (r, row) in s.even.iter().enumerate() {
                    for (c, &e) in row.iter().enumerate() {
                        let [r2, c2] = g.apply(n, [r, c]);
                        even[r2][c2] = e;
                    }
                }
                SnakeGrid::oriented(snake, even)
            })
            .min()
            .unwrap_or_else(|| s.clone())
    }

    /// Models that hold a separate loop are cut off one loop at a time.
    fn refine(&self, decoder: &SudokuDecoder, model: &Model) -> Option<Vec<Lit>> {
        self.loop_cut(decoder, model)
    }

    fn tally(&self, s: &SnakeGrid) -> Option<(&'static str, u64)> {
        Some(("lengths", s.snake.len() as u64))
    }
}
