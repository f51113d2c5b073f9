//! The varisat driver: one incremental solver per puzzle, used to find a model,
//! prove there is none, or enumerate models distinct on a set of projection variables.
//!
//! Progress is reported through a callback so that the library never prints.

mod cubes;
mod enumerate;
mod optimise;
mod sat;

pub use cubes::{CubeSearch, SearchEvent, default_threads};
pub use enumerate::{Enumerator, Progress};
pub use optimise::{Optimum, minimise, minimise_in_cubes};
pub use sat::{Model, Outcome, Refinement, SatSolver, SolveError};
