//! puzzlesat: snake cubes, polycube packings, snakes on boards and the sudoku parity
//! snake solved declaratively. A model file describes a puzzle; a family encodes it
//! as CNF for varisat (and a packing also as an exact-cover matrix for the engine in
//! [`solve::exact_cover`]); every solution is checked against the rules before
//! anyone sees it.
//!
//! The library never prints: progress goes through callbacks and output is built as
//! strings and JSON values for the binary to show.
//!
//! ```
//! use puzzlesat::model::{parse, PuzzleKind};
//! use puzzlesat::puzzles::Puzzle;
//! use puzzlesat::tasks::{self, CountOptions, SearchOptions};
//! use std::path::Path;
//!
//! let text = r#"
//!     family = "snake-cube"
//!     size = [3, 3, 3]
//!     segments = [3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3]
//! "#;
//! let PuzzleKind::SnakeCube(snake) = parse(text, Path::new("example.toml"))?.puzzle else {
//!     unreachable!("the model says snake-cube")
//! };
//!
//! let path = tasks::solve_one(&snake, SearchOptions::default())?.expect("solvable");
//! assert_eq!(snake.check(&path), Ok(()));
//!
//! let options = CountOptions { unique: true, ..CountOptions::default() };
//! let count = tasks::count(&snake, options, &mut |_progress| {})?;
//! assert_eq!((count.solutions, count.unique), (48, Some(1)));
//! # Ok::<(), puzzlesat::Error>(())
//! ```

pub(crate) mod cnf;
pub mod error;
pub mod family;
pub mod geometry;
pub mod model;
pub(crate) mod proof;
pub mod puzzles;
pub mod registry;
pub mod render;
pub(crate) mod solve;
pub mod split;
pub mod tasks;

pub use error::Error;
