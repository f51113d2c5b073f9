//! A path search engine beside the SAT solver and the exact-cover search: paths
//! through every node of a graph once, made of straight runs of given lengths.
//! It knows nodes, labelled edges and runs, never puzzles.
//!
//! Every edge carries a label (a direction), and a run follows one label for its
//! whole length; which label may follow which at the end of a run is a table
//! (a snake cube turns 90° at each corner; a snake on a board, whose runs are
//! single steps, may go anywhere). Labels may be kept from being used before
//! others (the first use of each axis positive): that is how symmetry is broken
//! without looking at the puzzle.
//!
//! The search lays the path run by run, depth first, and prunes on what a path
//! through every free node must have: the free nodes connected among
//! themselves and next to the head, at most one free node with fewer than two
//! ways in (the path's far end). Graphs of at most 128 nodes whose labels
//! are fixed offsets (boxes and grids) keep the free nodes as one word and
//! check all this in a few dozen word operations, and on a two-coloured one
//! also that the far end has the colour a path's end must have; others count
//! free neighbours node by node. The tree is shared among threads as subtrees (see
//! [`crate::solve::subtrees`]); when one solution is wanted, the children of a
//! node are tried snug first (the run leaving the fewest free nodes beside it),
//! which finds one sooner.
//!
//! Measured and dropped (BENCHMARKS.md, "The path search for snakes"):
//! restarts with random tie-breaks (worse on 4×4×4 strings, where a first
//! solution costs a good part of the tree anyway), and a check of cut nodes by
//! Tarjan's low points (fewer nodes, at a cost that outweighs them).

mod degrees;
mod lattice;
#[cfg(test)]
mod tests;
mod walker;

use crate::solve::subtrees::{Core, HandedHere, Sharing, Signal, Tree};
pub use crate::solve::subtrees::{TreeEvent, TreeOutcome, Wanted};
use degrees::Degrees;
use lattice::{Lattice, Shifts};
use walker::Walker;

/// No edge along this label.
pub const NONE: u32 = u32::MAX;

/// Most labels an edge may carry: a label set is one machine word.
pub const MAX_LABELS: usize = 64;

/// A tree estimated below this many nodes is searched on the calling thread as
/// one unit: sharing it would cost more than it saves.
const SMALL_TREE: f64 = 20_000.0;

/// A tree taken for small that is still being searched after this many
/// nodes was misjudged by the estimate: it is searched again, shared.
const MISJUDGED_SMALL: u64 = 2 * SMALL_TREE as u64;

/// Paths through every node of a graph once, each a sequence of straight runs.
#[derive(Clone, Debug)]
pub struct Walks {
    nodes: usize,
    labels: usize,
    /// `step[node * labels + label]`: the node one edge along `label`, or [`NONE`].
    step: Vec<u32>,
    /// Per label, the labels the next run may take after a run along it.
    turns: Vec<u64>,
    /// Every label: what the first run may take.
    first: u64,
    /// Edges per run, in path order.
    runs: Vec<u32>,
    /// The nodes the path may start on.
    starts: Vec<u32>,
    /// Per label, the labels that must have been used before it may be.
    needs: Vec<u64>,
}

/// What is wrong with a description of walks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalksError(pub String);

impl Walks {
    /// Walks on `nodes` nodes whose edges are `step` (see [`Walks::step`]'s
    /// layout), runs of `runs` edges each, taking turns by `turns`, starting on
    /// one of `starts`. No label waits for another until [`Walks::with_needs`]
    /// says so.
    pub fn new(
        nodes: usize,
        labels: usize,
        step: Vec<u32>,
        turns: Vec<u64>,
        runs: Vec<u32>,
        starts: Vec<u32>,
    ) -> Result<Walks, WalksError> {
        if labels == 0 || labels > MAX_LABELS {
            return Err(WalksError(format!(
                "1 to {MAX_LABELS} labels, got {labels}"
            )));
        }
        if step.len() != nodes * labels || turns.len() != labels {
            return Err(WalksError(
                "a step per node and label, and a turn set per label".into(),
            ));
        }
        if let Some(bad) = step.iter().find(|&&s| s != NONE && s as usize >= nodes) {
            return Err(WalksError(format!("a step to node {bad} of {nodes}")));
        }
        if runs.contains(&0) {
            return Err(WalksError("runs of at least one edge".into()));
        }
        let length = 1 + runs.iter().map(|&r| u64::from(r)).sum::<u64>();
        if nodes == 0 || length != nodes as u64 {
            return Err(WalksError(format!(
                "runs that pass through all {nodes} nodes, but they pass through {length}"
            )));
        }
        for v in 0..nodes {
            for label in 0..labels {
                let u = step[v * labels + label];
                if u != NONE
                    && !(0..labels).any(|back| step[u as usize * labels + back] == v as u32)
                {
                    return Err(WalksError(format!(
                        "edges both ways, but node {v} has an edge to {u} and not back"
                    )));
                }
            }
        }
        if let Some(bad) = starts.iter().find(|&&s| s as usize >= nodes) {
            return Err(WalksError(format!("a start on node {bad} of {nodes}")));
        }
        Ok(Walks {
            first: all_labels(labels),
            needs: vec![0; labels],
            nodes,
            labels,
            step,
            turns,
            runs,
            starts,
        })
    }

    /// Label `label` only once every label in `before` has been used.
    pub fn with_needs(mut self, label: usize, before: u64) -> Walks {
        self.needs[label] |= before;
        self
    }

    /// The nodes one edge from `node`.
    fn neighbours(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        (0..self.labels)
            .map(move |label| self.next(node, label))
            .filter(|&u| u != NONE)
    }

    /// The node one edge from `node` along `label`, or [`NONE`].
    fn next(&self, node: u32, label: usize) -> u32 {
        self.step[node as usize * self.labels + label]
    }
}

/// The set of the first `labels` labels.
fn all_labels(labels: usize) -> u64 {
    if labels >= 64 {
        u64::MAX
    } else {
        (1u64 << labels) - 1
    }
}

/// The search over any graph, free neighbours counted node by node.
struct GraphCore<'a>(&'a WalkSearch<'a>);

impl Core for GraphCore<'_> {
    type Walk<'c>
        = Walker<'c, Degrees>
    where
        Self: 'c;

    fn walk<'c>(&'c self, signal: &'c Signal) -> Self::Walk<'c> {
        Walker::new(
            self.0.walks,
            Degrees::new(self.0.walks),
            self.0.wanted == Wanted::First,
            signal,
        )
    }
}

/// The search over a lattice of at most 128 nodes, on bitboards.
struct LatticeCore<'a> {
    walks: &'a Walks,
    shifts: Shifts,
    snug_first: bool,
}

impl Core for LatticeCore<'_> {
    type Walk<'c>
        = Walker<'c, Lattice<'c>>
    where
        Self: 'c;

    fn walk<'c>(&'c self, signal: &'c Signal) -> Self::Walk<'c> {
        Walker::new(
            self.walks,
            Lattice::new(self.walks, &self.shifts),
            self.snug_first,
            signal,
        )
    }
}

/// A search of one set of walks, handing out each solution found (its nodes
/// in path order).
#[derive(Clone, Copy)]
pub struct WalkSearch<'a> {
    pub walks: &'a Walks,
    pub threads: usize,
    /// Estimate the size of each unit once the search has run a second.
    pub estimate: bool,
    /// Search only share `index` of `count` of the subtrees (see
    /// [`crate::split`]).
    pub part: Option<(usize, usize)>,
    /// What the caller is handed. For the first solution alone, children are
    /// tried snug first (see `Occupancy::border`), which finds one sooner on
    /// large graphs; the tree and its solutions stay the same.
    pub wanted: Wanted,
}

impl WalkSearch<'_> {
    /// Searches every walk. `on_event` gets the solutions [`Wanted`] and the
    /// progress each time a unit ends, and returns
    /// `Ok(false)` to stop the search.
    pub fn run<E>(
        &self,
        on_event: &mut dyn FnMut(TreeEvent) -> Result<bool, E>,
    ) -> Result<TreeOutcome, E> {
        let sharing =
            Sharing::every_solution(self.threads, self.estimate, self.part).handing(self.wanted);
        match Shifts::of(self.walks) {
            Some(shifts) => run_core(
                &LatticeCore {
                    walks: self.walks,
                    shifts,
                    snug_first: self.wanted == Wanted::First,
                },
                sharing,
                on_event,
            ),
            None => run_core(&GraphCore(self), sharing, on_event),
        }
    }
}

/// Knuth's estimate of the number of nodes a search of every path visits,
/// from `probes` random paths down the tree.
pub fn estimate_nodes(walks: &Walks, probes: usize) -> f64 {
    let never = Signal::new();
    match Shifts::of(walks) {
        Some(shifts) => LatticeCore {
            walks,
            shifts,
            snug_first: false,
        }
        .walk(&never)
        .mean_probe(probes, 0),
        None => {
            let search = WalkSearch {
                walks,
                threads: 1,
                estimate: false,
                part: None,
                wanted: Wanted::Each,
            };
            GraphCore(&search).walk(&never).mean_probe(probes, 0)
        }
    }
}

/// Searches `core`'s tree: on the calling thread when it is small, else
/// shared among threads.
fn run_core<C: Core, E>(
    core: &C,
    sharing: Sharing,
    on_event: &mut dyn FnMut(TreeEvent) -> Result<bool, E>,
) -> Result<TreeOutcome, E> {
    let never = Signal::new();
    let small = sharing.part.is_none()
        && core
            .walk(&never)
            .mean_probe_unless_below(64, 0, 16, SMALL_TREE / 8.0)
            < SMALL_TREE;
    // The search again walks the same core: a solution's steps come in the
    // same order.
    let mut handed = HandedHere::sequences();
    if small
        && let Some(outcome) =
            sharing.run_here_within(core, MISJUDGED_SMALL, &mut handed, on_event)?
    {
        return Ok(outcome);
    }
    sharing.run_on(core, &mut handed.skipping(on_event))
}
