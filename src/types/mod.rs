//! The small types every layer shares: what an optimising solve looks for,
//! which engine searches, what a solution file claims and what rule a solution
//! breaks, and the token that stops a search. They sit below everything else
//! and depend on nothing of the crate.

mod cancel;
mod claim;
mod engine;
mod goal;

pub use cancel::Cancel;
pub use claim::{Claim, Violation};
pub use engine::Engine;
pub use goal::Goal;
