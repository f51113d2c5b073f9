//! The puzzle families, one folder each: the puzzle, its rules and
//! symmetries, its encodings, its model fields, its text and JSON, and its
//! picture. The registry lists them; the generic tasks in [`crate::tasks`] do
//! the rest.

pub mod board_snakes;
pub mod packing;
pub mod snake_cube;
pub mod sudoku_snake;
