//! The library's public API: a [`Puzzle`] of any family and what can be asked
//! of it. Everything here is a thin layer over the generic tasks, reached
//! through [`dispatch::Dispatch`] so that no caller names a family's types.

mod builders;
mod checking;
mod counting;
mod dispatch;
mod listing;
mod merge;
pub mod packing_design;
mod pictures;
mod printing;
mod proofs;
mod puzzle;
mod saved;
mod search;
mod serialize;
mod shares;
pub mod snake_cube;
mod solution;
mod solving;

pub use builders::{PackingSpec, PieceSpec, Target};
pub use counting::{CountRequest, Counted, Separable, Tally};
pub use listing::{ListRequest, Listed};
pub use merge::{ShareFile, merge};
pub use pictures::{MAX_PICTURED, PictureFormat, Pictured};
pub use printing::{Finish, StlFile};
pub use proofs::{Certificate, Cnf, ProofOf, Verdict, verify_certificate};
pub use puzzle::{Puzzle, Recorded};
pub use saved::{LevelVerdict, Retaken, SavedReport, Separability};
pub use search::Search;
pub use shares::{FixedTerms, NamedOrbit, Share};
pub use solution::{Solution, TakenApart};
pub use solving::{Extension, MAX_STATES, Separated, SolveProgress, SolveRequest, Solved};

pub use crate::error::{Error, Request};
pub use crate::family::{ExtensionInfo, GoalInfo};
pub use crate::registry::{FamilyInfo, families};
pub use crate::solve::Progress;
pub use crate::solve::exact_cover::CoreChoice;
pub use crate::split::Part;
pub use crate::tasks::TAKEN_APART;
pub use crate::types::{Cancel, Engine, Goal, Violation};
