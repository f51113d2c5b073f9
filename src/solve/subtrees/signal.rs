//! What the walks of one search share with the thread that runs it: a flag
//! that stops them, and the nodes they have visited. The nodes are told in
//! batches, so that the time a search has left can be worked out before its
//! first unit ends: on a tree too large to finish (a 5×5×5 snake cube's, of
//! 10^13 nodes and more) no unit may ever end.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes a walk visits between two reports of them: rare enough that the
/// shared counter costs nothing per node, often enough (a few milliseconds of
/// search) that the count is current.
const BATCH: u64 = 1 << 14;

#[derive(Debug, Default)]
pub(crate) struct Signal {
    stop: AtomicBool,
    nodes: AtomicU64,
    /// The walks stop once this many nodes are told.
    budget: AtomicU64,
}

impl Signal {
    pub(crate) const fn new() -> Signal {
        Signal::within(u64::MAX)
    }

    /// A signal that stops the walks once they have told `budget` nodes (to
    /// within a [`BATCH`] per walk; on one walk, at the same node every run).
    pub(crate) const fn within(budget: u64) -> Signal {
        Signal {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            budget: AtomicU64::new(budget),
        }
    }

    /// Lets the walks go on past the budget, to the end.
    pub(crate) fn lift_budget(&self) {
        self.budget.store(u64::MAX, Ordering::Relaxed);
    }

    /// Counts a node a walk visits into its own count `nodes` (reporting
    /// them here each [`BATCH`]), and tells whether the walk may go on.
    #[inline]
    pub(crate) fn visit(&self, nodes: &mut u64) -> bool {
        *nodes += 1;
        if nodes.is_multiple_of(BATCH)
            && self.nodes.fetch_add(BATCH, Ordering::Relaxed) + BATCH
                >= self.budget.load(Ordering::Relaxed)
        {
            self.stop();
        }
        !self.stopped()
    }

    /// Stops every walk at its next node.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The nodes visited so far, to within a [`BATCH`] per walk.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_told_in_batches_and_a_stop_ends_every_walk() {
        let signal = Signal::new();
        let (mut a, mut b) = (0u64, 0u64);
        for _ in 0..BATCH - 1 {
            assert!(signal.visit(&mut a));
            assert!(signal.visit(&mut b));
        }
        assert_eq!(signal.nodes(), 0);
        assert!(signal.visit(&mut a));
        assert_eq!((a, signal.nodes()), (BATCH, BATCH));
        assert!(signal.visit(&mut b));
        assert_eq!(signal.nodes(), 2 * BATCH);
        signal.stop();
        assert!(!signal.visit(&mut a));
        assert!(signal.stopped());
    }

    #[test]
    fn a_budget_stops_the_walk_at_the_batch_that_reaches_it() {
        let signal = Signal::within(2 * BATCH);
        let mut nodes = 0u64;
        let mut went = 0;
        while signal.visit(&mut nodes) {
            went += 1;
            assert!(went < 10 * BATCH, "the budget stops the walk");
        }
        assert_eq!(nodes, 2 * BATCH);
        assert!(signal.stopped());
        let lifted = Signal::within(BATCH);
        lifted.lift_budget();
        let mut nodes = 0u64;
        while nodes < 4 * BATCH {
            assert!(lifted.visit(&mut nodes), "a lifted budget stops nothing");
        }
    }
}
