//! How to search: the engine, threads, symmetry breaking, a share of a split
//! count, and the token that stops it.

use crate::solve::default_threads;
use crate::solve::exact_cover::CoreChoice;
use crate::split::Part;
use crate::types::{Cancel, Engine};

/// How to search. The default is the family's fastest engine on every core,
/// with symmetry breaking, the whole search.
#[derive(Clone, Debug)]
pub struct Search {
    /// The engine to search with; `None` for the family's fastest.
    pub engine: Option<Engine>,
    /// Enumerate one solution per symmetry orbit and add up orbit sizes
    /// (fast), or every solution with no symmetry breaking (a cross-check).
    pub symmetry_breaking: bool,
    /// Worker threads; `None` for one per core. More than the cores are not
    /// started, as they would only share them.
    pub threads: Option<usize>,
    /// The exact-cover engine's search core (all give the same solutions).
    pub core: CoreChoice,
    /// Search only this share of the search, the same shares on every
    /// machine (see [`crate::merge`]).
    pub part: Option<Part>,
    /// Estimate the time a search still running after a second has left
    /// (for a progress display: it takes a little time beside the search).
    pub estimate: bool,
    /// Stops the search at its next solution or part; what was found by then
    /// is returned, marked incomplete.
    pub cancel: Cancel,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            engine: None,
            symmetry_breaking: true,
            threads: None,
            core: CoreChoice::Auto,
            part: None,
            estimate: false,
            cancel: Cancel::default(),
        }
    }
}

impl Search {
    /// The threads to work on: at most one per core, all of them when none
    /// is asked for. One needs no look at the machine's cores (that costs a
    /// noticeable part of a small count).
    pub fn threads(&self) -> usize {
        threads_to_use(self.threads)
    }
}

/// Threads for a request of `asked`: see [`Search::threads`].
pub(crate) fn threads_to_use(asked: Option<usize>) -> usize {
    match asked {
        None | Some(0) => default_threads(),
        Some(1) => 1,
        Some(t) => t.min(default_threads()),
    }
}
