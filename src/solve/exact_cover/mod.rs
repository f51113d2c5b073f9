//! An exact-cover search engine beside the SAT solver: Knuth's Algorithm X with
//! secondary items and multiplicities, on bitsets rather than linked lists,
//! branching on the item with the fewest ways to go on. It knows items and
//! options, never puzzles. Two cores walk the tree (see [`CoreChoice`]): the
//! general one (`bits`, `walk`) takes any matrix; the bitboard one (`board`)
//! takes those whose single-use items fit in a few machine words, most
//! packings, at a fraction of the cost per node.
//!
//! Where a SAT solver pays a full conflict-driven search for every solution and
//! every refuted branch, this search refutes a dead branch in a few word
//! operations, which is what counting the many packings of a polycube puzzle needs.
//!
//! The search tree is cut a few levels down into units (subtrees, numbered in
//! depth-first order) that worker threads claim one at a time; every thread walks
//! the few levels above the cut itself, so nothing is handed between threads but the
//! claims. The cut depends only on the matrix, so the units, and the result, are the
//! same whatever the number of threads.

mod bits;
mod board;
mod cores;
mod matrix;
#[cfg(test)]
mod tests;
mod walk;
mod weighted;

pub use cores::CoreChoice;
pub use matrix::{Bounds, Item, Matrix, MatrixError, OptionId};
pub use weighted::{WeightedMatrix, count_weighted};

use crate::solve::subtrees::{Core, HandedHere, Sharing, Signal, Tree, UNITS_WANTED};
pub use crate::solve::subtrees::{
    TreeEvent as CoverEvent, TreeOutcome as CoverOutcome, TreeProgress as CoverProgress, Wanted,
};
use cores::{Cores, on_core};

/// A tree estimated below this many nodes (a millisecond or two of search) is
/// not cut: starting a worker and walking the tree's top to place the cut and
/// again on the worker would cost more than sharing it saves. A larger tree is
/// searched by workers while the calling thread takes each solution they find
/// (a count decodes and checks each): on `boards-8x8x4-framed`, some 33,000
/// nodes and 12,240 solutions, the two side by side took four fifths of the
/// time one thread took doing both, and a tree with few solutions pays about
/// half a millisecond (BENCHMARKS.md, "Checked when first met, and fewer units
/// for small trees").
const SMALL_TREE: f64 = 5_000.0;

/// A tree taken for small that is still being searched after this many
/// nodes was misjudged (the estimate's few random paths missed where its bulk
/// lies): it is searched again, cut and shared among threads. Twice the
/// estimate's bound, so that a fair estimate is rarely given up on; what a
/// misjudged tree wastes is this many nodes, a small part of its search.
const MISJUDGED_SMALL: u64 = 2 * SMALL_TREE as u64;

/// Random paths for that estimate, at most.
const SMALL_TREE_PROBES: usize = 64;

/// A tree cut into units is cut into about one unit per this many nodes it is
/// estimated to have, when that is fewer than the engine's usual
/// [`UNITS_WANTED`] (and no fewer than [`FEWEST_UNITS`]): the walk above the
/// cut is done once to place it and again by each thread, and on a tree of
/// some 10⁵ nodes the usual depth doubles a count's time before its search
/// (BENCHMARKS.md, "Checked when first met, and fewer units for small trees").
const NODES_PER_UNIT: f64 = 100.0;

/// The fewest units a tree is asked to be cut into: enough for the threads
/// of any machine to share.
const FEWEST_UNITS: usize = 64;

/// The estimate stops early, after any batch of this many paths, once it puts the
/// tree below an eighth of [`SMALL_TREE`]: for a tree that small the paths cost a
/// good part of the search itself.
const SMALL_TREE_BATCH: usize = 16;

/// A search over one matrix.
#[derive(Clone, Copy)]
pub struct CoverSearch<'a> {
    pub matrix: &'a Matrix,
    pub threads: usize,
    /// What the caller is handed: each solution, the first in the tree's
    /// order, or only their number.
    pub wanted: Wanted,
    /// Estimate the size of each unit once the search has run a second, for
    /// [`CoverProgress::remaining`].
    pub estimate: bool,
    /// Search only share `index` of `count` (`(index, count)`, from 0): the units
    /// whose number is `index` modulo `count`, interleaved so that the shares carry
    /// similar work. The units depend on the matrix alone, so the shares are the
    /// same on every machine.
    pub part: Option<(usize, usize)>,
    /// Which core walks the tree.
    pub core: CoreChoice,
}

impl CoverSearch<'_> {
    /// Searches the whole matrix. `on_event` gets the solutions [`Wanted`] and the progress each time a unit ends, and returns
    /// `Ok(false)` to stop the search.
    pub fn run<E: From<MatrixError>>(
        &self,
        on_event: &mut dyn FnMut(CoverEvent) -> Result<bool, E>,
    ) -> Result<CoverOutcome, E> {
        // The options no solution takes are left out before anything else:
        // on a design whose pieces may leave cells empty they can be nearly
        // all of them, and the first look and the search then walk the small
        // tree that is left (BENCHMARKS.md, "Boards that may leave cells empty").
        let cores = Cores::new(self.matrix, self.core, true)?;
        let mut handed = HandedHere::sets();
        let nodes = small_tree_estimate(&cores);
        let sharing = self.sharing(nodes);
        // A share of a split search is cut like a large tree, so that every share
        // gets some of the work.
        if self.part.is_none() && nodes < SMALL_TREE {
            let here = on_core!(&cores, core => {
                sharing.run_here_within(core, MISJUDGED_SMALL, &mut handed, on_event)
            })?;
            if let Some(outcome) = here {
                return Ok(outcome);
            }
        }
        let mut on_event = handed.skipping(on_event);
        on_core!(&cores, core => sharing.run_on(core, &mut on_event))
    }

    /// The sharing of a tree estimated at `nodes`.
    fn sharing(&self, nodes: f64) -> Sharing {
        Sharing {
            threads: self.threads,
            wanted: self.wanted,
            estimate: self.estimate,
            part: self.part,
            units_wanted: ((nodes / NODES_PER_UNIT) as usize).clamp(FEWEST_UNITS, UNITS_WANTED),
        }
    }
}

/// [`estimate_nodes`] from a few paths (`SMALL_TREE_PROBES`, fewer for a tree
/// clearly small: see `SMALL_TREE_BATCH`) of the matrix as it stands, worked
/// out once per matrix: a caller may ask it whether a closer estimate is worth
/// its time.
pub fn first_look(matrix: &Matrix) -> Result<f64, MatrixError> {
    if let Some(&nodes) = matrix.first_look_cell().get() {
        return Ok(nodes);
    }
    let cores = Cores::new(matrix, CoreChoice::Auto, false)?;
    let nodes = small_tree_estimate(&cores);
    let _ = matrix.first_look_cell().set(nodes);
    Ok(nodes)
}

/// The few paths' estimate of the tree `cores` walk, which says whether it is
/// small (under [`SMALL_TREE`] nodes).
fn small_tree_estimate(cores: &Cores) -> f64 {
    let never = Signal::new();
    on_core!(cores, core => core.walk(&never).mean_probe_unless_below(
        SMALL_TREE_PROBES,
        0,
        SMALL_TREE_BATCH,
        SMALL_TREE / 8.0
    ))
}

/// Knuth's estimate of the number of nodes of the whole search tree, the mean of
/// `probes` random paths from the root: a cheap way to compare two matrices for
/// one problem (two ways to break its symmetry, say) before searching either.
/// Paths of the tree the search walks (the bitboard core's when the matrix
/// fits it): once its paths skipped the children the search does not make
/// and shared their first steps, they ranked Bedlam's anchors better than the
/// general core's paths, at a quarter of the cost (BENCHMARKS.md).
pub fn estimate_nodes(matrix: &Matrix, probes: usize) -> Result<f64, MatrixError> {
    let never = Signal::new();
    let cores = Cores::new(matrix, CoreChoice::Auto, false)?;
    Ok(on_core!(&cores, core => core.walk(&never).mean_probe(probes, 0)))
}

/// [`estimate_nodes`] of each matrix, shared among the machine's cores.
pub fn estimate_nodes_each(matrices: &[&Matrix], probes: usize) -> Vec<Result<f64, MatrixError>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = matrices.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = matrices
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|m| estimate_nodes(m, probes))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("an estimating thread ends"))
            .collect()
    })
}
