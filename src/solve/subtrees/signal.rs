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
}

impl Signal {
    pub(crate) const fn new() -> Signal {
        Signal {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// Counts a node a walk visits into its own count `nodes` (reporting
    /// them here each [`BATCH`]), and tells whether the walk may go on.
    #[inline]
    pub(crate) fn visit(&self, nodes: &mut u64) -> bool {
        *nodes += 1;
        if nodes.is_multiple_of(BATCH) {
            self.nodes.fetch_add(BATCH, Ordering::Relaxed);
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
}
