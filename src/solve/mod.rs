//! The search engines. The varisat driver: one incremental solver per puzzle, used
//! to find a model, prove there is none, or enumerate models distinct on a set of
//! projection variables. Beside it, an exact-cover search ([`exact_cover`]) for
//! problems that are one.
//!
//! Progress is reported through a callback so that the library never prints.

mod cubes;
mod enumerate;
pub mod exact_cover;
mod optimise;
pub(crate) mod parallel;
mod progress;
mod sat;
pub mod snakes;
pub(crate) mod subtrees;
pub mod walks;

pub use cubes::{CubeSearch, SearchEvent, default_threads};
pub use enumerate::Enumerator;
pub use optimise::{minimise, minimise_in_cubes};
pub use progress::Progress;
pub use sat::{Model, Outcome, Refinement, SatSolver, SolveError};
