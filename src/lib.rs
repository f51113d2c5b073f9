//! puzzlesat: snake cubes, polycube packings and board snakes solved declaratively
//! with SAT. A model file describes a puzzle; a family encodes it as CNF; varisat
//! solves it; every solution is checked against the rules before anyone sees it.
//!
//! The library never prints: progress goes through callbacks and output is built as
//! strings and JSON values for the binary to show.

pub mod cnf;
pub mod error;
pub mod geometry;
pub mod model;
pub mod puzzles;
pub mod render;
pub mod solve;
pub mod tasks;

pub use error::Error;
