//! puzzlesat: snake cubes, polycube packings (BurrTools files among them),
//! snakes on boards and the sudoku parity snake, solved declaratively. A
//! model file describes a puzzle; the library finds, counts and proves its
//! solutions, takes assemblies apart as BurrTools does, and draws them; every
//! solution is checked against the family's rules before anyone sees it.
//!
//! A [`Puzzle`] of any family is the way in: read from a file
//! ([`Puzzle::load`]), parsed from TOML text ([`Puzzle::from_toml`]) or built
//! from code ([`Puzzle::snake_cube`], [`Puzzle::packing`]). What can be asked
//! of it:
//!
//! - [`Puzzle::solve`]: one solution or the proof there is none; with a
//!   [`Goal`], an optimum and the proof that nothing beats it; with the
//!   family's extension, the solution extended.
//! - [`Puzzle::count`]: every solution, the classes up to symmetry, a share
//!   of a split count ([`merge`] adds the shares up), every assembly taken
//!   apart.
//! - [`Puzzle::solutions`]: every solution streamed as it is found.
//! - [`Puzzle::check_file`], [`Puzzle::cnf`], [`Puzzle::verify_proof`],
//!   [`Puzzle::certify_count`] and [`verify_certificate`]: checking
//!   solutions, the formula, and proofs anyone can check.
//! - [`Puzzle::picture`]: an SVG or a self-contained HTML page.
//!
//! Results are plain values whose `to_json` gives exactly the JSON the
//! command line prints. The library never prints and knows no flags: a
//! search reports through a progress callback and stops when its [`Cancel`]
//! token is cancelled; errors are typed ([`Error`]) so that a caller decides
//! what to show.
//!
//! # Solve and count
//!
//! ```
//! use puzzlesat::{CountRequest, Puzzle, SolveRequest};
//!
//! // The snake cube of the MiniZinc write-up, given by its segments.
//! let snake = Puzzle::snake_cube_segments(
//!     &[3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3],
//!     [3, 3, 3],
//! )?;
//! let solved = snake.solve(&SolveRequest::default(), &mut |_progress| {})?;
//! let folding = solved.solution.expect("it folds");
//! assert_eq!(folding.check(), Ok(()));
//! assert!(folding.text().contains("Folding"));
//!
//! let request = CountRequest { unique: true, ..CountRequest::default() };
//! let counted = snake.count(&request, &mut |_progress| {})?;
//! assert_eq!((counted.solutions, counted.unique), (48, Some(1)));
//! assert_eq!(counted.to_json()["unique"], 1);
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Optimise and prove
//!
//! A family's goals (the fewest broken links of board snakes, the shortest
//! and longest sudoku snake) give the optimum with a DRAT proof that nothing
//! beats it, which [`Puzzle::verify_proof`] (or drat-trim, on
//! [`Puzzle::cnf_past_optimum`]) checks.
//!
//! ```
//! use puzzlesat::{Goal, ProofOf, Puzzle, SolveRequest};
//!
//! // On a 2x2 board a snake of 3 from one corner and a snake of 1 in the
//! // opposite corner cannot both lie flat: one link must break.
//! let board = Puzzle::from_toml(
//!     "family = \"board-snakes\"\nboard = { grid = \"square\", width = 2, height = 2 }\nheads = [1, 4]\nlengths = [3, 1]\n",
//! )?;
//! let request = SolveRequest { goal: Some(Goal::Relax), proof: true, ..SolveRequest::default() };
//! let solved = board.solve(&request, &mut |_| {})?;
//! assert_eq!(solved.value, Some(1));
//! let proof = String::from_utf8(solved.proof.expect("a proof")).expect("DRAT text");
//! let claim = ProofOf::Optimum { goal: Goal::Relax, optimum: Some(1) };
//! assert!(board.verify_proof(&proof, claim)?.is_ok());
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Take assemblies apart
//!
//! A packing's solutions are assemblies; counting with `disassemble` takes
//! one of each class apart by BurrTools' rules and counts those that come
//! apart by level.
//!
//! ```
//! use puzzlesat::{CountRequest, Puzzle};
//!
//! let soma = Puzzle::load(concat!(env!("CARGO_MANIFEST_DIR"), "/models/packing/soma.toml"))?;
//! let request = CountRequest { disassemble: true, ..CountRequest::default() };
//! let counted = soma.count(&request, &mut |_| {})?;
//! let apart = counted.separable.expect("taken apart");
//! assert_eq!((counted.unique, apart.count), (Some(240), 240));
//! assert_eq!(apart.levels.get("1"), Some(&240));
//! # Ok::<(), puzzlesat::Error>(())
//! ```

#![deny(missing_docs)]

mod api;
mod cnf;
mod disassembly;
mod error;
mod family;
mod files;
mod geometry;
mod model;
mod proof;
mod puzzles;
mod registry;
mod render;
mod solve;
mod split;
mod tasks;
#[cfg(test)]
mod testing;
mod types;

pub use api::*;
