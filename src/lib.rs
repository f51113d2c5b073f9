//! puzzlesat: snake cubes, polycube packings, snakes on boards and the sudoku
//! parity snake, solved declaratively. A model file describes a puzzle; the
//! library finds, counts and proves its solutions, and every solution is checked
//! against the family's rules before anyone sees it.
//!
//! The library never prints and knows no flags: progress goes through
//! callbacks, answers come back as values, and errors are typed ([`Error`]) so
//! that a caller decides what to show. The SAT and exact-cover engines and the
//! families' encodings are internal; what a caller uses is below.
//!
//! # Load a model
//!
//! [`parse`] reads a model's text and [`load`] a file (TOML, or a BurrTools
//! `.xmpuzzle`); both give a [`PuzzleModel`] whose `puzzle` is a [`PuzzleKind`],
//! one variant per family.
//!
//! ```
//! use puzzlesat::{parse, PuzzleKind};
//! use std::path::Path;
//!
//! let text = r#"
//!     family = "snake-cube"
//!     size = [3, 3, 3]
//!     segments = [3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3]
//! "#;
//! let model = parse(text, Path::new("example.toml"))?;
//! assert_eq!(model.family, "snake-cube");
//! assert!(matches!(model.puzzle, PuzzleKind::SnakeCube(_)));
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Solve, count, list every solution
//!
//! [`tasks::solve_one`], [`tasks::count`] and [`tasks::for_each_solution`] work on
//! any [`Puzzle`]; [`tasks::SearchOptions`] picks the engine, the threads and
//! symmetry breaking.
//!
//! ```
//! use puzzlesat::puzzles::snake_cube::SnakeCube;
//! use puzzlesat::tasks::{self, CountOptions, Found, SearchOptions};
//! use puzzlesat::{Puzzle, geometry::BoxDims};
//!
//! let segments = vec![3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3];
//! let snake = SnakeCube::from_segments(BoxDims::new(3, 3, 3), segments).unwrap();
//!
//! let path = tasks::solve_one(&snake, &SearchOptions::default())?.expect("solvable");
//! assert_eq!(snake.check(&path), Ok(()));
//!
//! let options = CountOptions { unique: true, ..CountOptions::default() };
//! let count = tasks::count(&snake, &options, &mut |_progress| {})?;
//! assert_eq!((count.solutions, count.unique), (48, Some(1)));
//!
//! let mut listed = 0;
//! tasks::for_each_solution(
//!     &snake,
//!     &SearchOptions::default(),
//!     &mut |found| {
//!         if let Found::Solution(_) = found {
//!             listed += 1;
//!         }
//!         true // go on
//!     },
//!     &mut |_progress| {},
//! )?;
//! assert_eq!(listed, 48);
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Any family, without naming it
//!
//! A [`registry::FamilyTask`] is run on whichever family a model holds, with the
//! family's full interface ([`Family`], [`Present`], [`render::picture::Draw`]).
//!
//! ```
//! use puzzlesat::registry::FamilyTask;
//! use puzzlesat::{Family, load, tasks};
//! use std::path::Path;
//!
//! struct Summary;
//!
//! impl FamilyTask for Summary {
//!     type Output = Result<String, puzzlesat::Error>;
//!
//!     fn run<F: Family>(self, puzzle: &F) -> Self::Output {
//!         let found = tasks::solve_one(puzzle, &tasks::SearchOptions::default())?;
//!         Ok(match found {
//!             Some(solution) => puzzle.text(&solution),
//!             None => "no solution".into(),
//!         })
//!     }
//! }
//!
//! let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/packing/soma.toml");
//! let text = load(&file)?.puzzle.run(Summary)?;
//! assert!(!text.is_empty());
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Optimise, prove, verify
//!
//! A family's goals (the fewest broken links of board snakes, the shortest and
//! longest sudoku snake) go through [`tasks::optimum`]: the optimum, the DRAT
//! proof that nothing is better, and the check of that proof. A puzzle with no
//! solution gets a refutation the same way. A count has its certificate too:
//! [`tasks::certify_count`] writes it and [`tasks::verify_count`] checks it.
//!
//! ```
//! use puzzlesat::tasks::optimum;
//! use puzzlesat::{Goal, PuzzleKind, parse};
//! use std::path::Path;
//!
//! // On a 2x2 board a snake of 3 from one corner and a snake of 1 in the
//! // opposite corner cannot both lie flat: one link must break.
//! let text = r#"
//!     family = "board-snakes"
//!     board = { grid = "square", width = 2, height = 2 }
//!     heads = [1, 4]
//!     lengths = [3, 1]
//! "#;
//! let PuzzleKind::BoardSnakes(snakes) = parse(text, Path::new("snakes.toml"))?.puzzle else {
//!     unreachable!("the model says board-snakes")
//! };
//! let best = optimum::optimise(&snakes, Goal::Relax, &mut |_better| {})?.expect("a placement");
//! assert_eq!(best.value, 1);
//! let proof = optimum::prove_optimum(&snakes, Goal::Relax, Some(best.value))?.expect("a proof");
//! let proof = String::from_utf8(proof).expect("DRAT text");
//! assert_eq!(optimum::check_optimum_proof(&snakes, Goal::Relax, Some(1), &proof)?, Ok(()));
//!
//! // A puzzle with no solution at all: its formula is refuted.
//! let text = "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [3, 2, 2, 2, 2, 2]\n";
//! let PuzzleKind::SnakeCube(stuck) = parse(text, Path::new("stuck.toml"))?.puzzle else {
//!     unreachable!("the model says snake-cube")
//! };
//! let proof = optimum::refutation(&optimum::plain_formula(&stuck))?;
//! let proof = String::from_utf8(proof).expect("DRAT text");
//! assert_eq!(optimum::check_refutation(&stuck, &proof), Ok(()));
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Take assemblies apart
//!
//! A packing's solutions are assemblies; [`tasks::disassemble_all`] takes one of
//! each class apart by BurrTools' rules and counts those that come apart by
//! level ([`tasks::for_each_separable`] hands on each with its moves).
//!
//! ```
//! use puzzlesat::tasks::{self, DEFAULT_MAX_STATES, SearchOptions};
//! use puzzlesat::{PuzzleKind, load};
//! use std::path::Path;
//!
//! let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/packing/soma.toml");
//! let PuzzleKind::Packing(soma) = load(&file)?.puzzle else {
//!     unreachable!("the model says packing")
//! };
//! let found =
//!     tasks::disassemble_all(&soma, &SearchOptions::default(), DEFAULT_MAX_STATES, &mut |_| {})?;
//! assert_eq!((found.assemblies, found.separable), (240, 240));
//! assert_eq!(found.levels.get("1"), Some(&240));
//! # Ok::<(), puzzlesat::Error>(())
//! ```
//!
//! # Show a solution
//!
//! [`Present`] gives a family's text and JSON; [`render::picture::picture`] an
//! SVG document or an HTML page.
//!
//! ```
//! use puzzlesat::render::picture::{Extras, PictureFormat, picture};
//! use puzzlesat::{Present, PuzzleKind, parse, tasks};
//! use std::path::Path;
//!
//! let text = "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [2, 2, 2, 2, 2, 2, 2]\n";
//! let PuzzleKind::SnakeCube(snake) = parse(text, Path::new("tiny.toml"))?.puzzle else {
//!     unreachable!("the model says snake-cube")
//! };
//! let path = tasks::solve_one(&snake, &tasks::SearchOptions::default())?.expect("solvable");
//! assert!(snake.json(&path).contains_key("path"));
//! let svg = picture(
//!     &snake,
//!     PictureFormat::Svg,
//!     "tiny",
//!     &[("a folding".into(), path, Extras::default())],
//!     None,
//! );
//! assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
//! # Ok::<(), puzzlesat::Error>(())
//! ```

pub(crate) mod cnf;
pub(crate) mod disassembly;
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
pub mod types;

pub use error::Error;
pub use family::Family;
pub use model::{PuzzleKind, PuzzleModel, load, parse};
pub use puzzles::Puzzle;
pub use render::Present;
pub use types::Goal;
