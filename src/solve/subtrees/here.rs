//! A tree taken for small, searched on the calling thread within a budget of
//! nodes, and what the caller does when the estimate that took it for small
//! was far out.

use super::{Core, Sharing, Signal, Tree, TreeEvent, TreeOutcome, TreeProgress, Wanted};
use std::collections::HashSet;

/// The solutions a search on the calling thread handed before it gave up,
/// so that a search of the whole tree again does not hand them twice. A
/// solution is known by its choices in order, or, where the choices are a
/// set (an exact cover's options, which a search again with other options
/// out of play may choose in another order), by them sorted.
pub(crate) struct HandedHere {
    sets: bool,
    seen: HashSet<Vec<u32>>,
}

impl HandedHere {
    /// Solutions known by their choices in order.
    pub(crate) fn sequences() -> HandedHere {
        HandedHere {
            sets: false,
            seen: HashSet::new(),
        }
    }

    /// Solutions known by the set of their choices.
    pub(crate) fn sets() -> HandedHere {
        HandedHere {
            sets: true,
            seen: HashSet::new(),
        }
    }

    fn key(&self, choices: &[u32]) -> Vec<u32> {
        let mut key = choices.to_vec();
        if self.sets {
            key.sort_unstable();
        }
        key
    }

    fn insert(&mut self, choices: &[u32]) {
        let key = self.key(choices);
        self.seen.insert(key);
    }

    /// Whether a solution with these choices was handed.
    fn has(&self, choices: &[u32]) -> bool {
        !self.seen.is_empty() && self.seen.contains(&self.key(choices))
    }

    /// `on_event` for the search again: a solution handed before is passed
    /// over, everything else handed on.
    pub(crate) fn skipping<'a, E>(
        &'a self,
        on_event: &'a mut dyn FnMut(TreeEvent) -> Result<bool, E>,
    ) -> impl FnMut(TreeEvent) -> Result<bool, E> + 'a {
        move |event| match event {
            TreeEvent::Solution(choices) if self.has(&choices) => Ok(true),
            event => on_event(event),
        }
    }
}

impl Sharing {
    /// A small tree, searched on the calling thread as one unit: sharing it
    /// would cost more (a thread, a channel) than it saves. The tree is taken
    /// for small by an estimate, which can be far out (random paths miss the
    /// rare deep branches of a tightly packed design): past `budget` nodes
    /// the walk gives up, for the caller to search the tree again shared
    /// (and, for an exact cover, with its options reduced first), passing
    /// over the solutions handed here. Where the solutions must come in the
    /// tree's order (the first, or each in order), a walk that has handed one
    /// cannot give way to a shared search, so it goes on to the end. `None`
    /// when it gave up, with the solutions it handed in `handed`.
    pub(crate) fn run_here_within<C: Core, E>(
        &self,
        core: &C,
        budget: u64,
        handed: &mut HandedHere,
        on_event: &mut dyn FnMut(TreeEvent) -> Result<bool, E>,
    ) -> Result<Option<TreeOutcome>, E> {
        let signal = Signal::within(budget);
        let mut walk = core.walk(&signal);
        let mut solutions = 0u64;
        let mut failed = None;
        let in_order = matches!(self.wanted, Wanted::First | Wanted::InOrder);
        let finished = walk.search(&mut |chosen| {
            solutions += 1;
            if self.wanted == Wanted::Number {
                return true;
            }
            if in_order {
                signal.lift_budget();
            } else {
                handed.insert(chosen);
            }
            // One thread searches in the tree's order: its first solution is
            // the first.
            match on_event(TreeEvent::Solution(chosen.to_vec())) {
                Ok(go) => go && self.wanted != Wanted::First,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        if signal.stopped() {
            return Ok(None);
        }
        let complete = finished
            && on_event(TreeEvent::Progress(TreeProgress {
                units_done: 1,
                units: 1,
                solutions,
                nodes: walk.nodes(),
                remaining: None,
            }))?;
        Ok(Some(TreeOutcome {
            solutions,
            complete,
        }))
    }
}
