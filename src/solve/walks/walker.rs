//! One thread's walk of the path search tree: the path laid so far, run by
//! run, over an [`Occupancy`] that knows which nodes are free and whether a
//! path through all of them from the head may still exist.

use super::Walks;
use crate::solve::subtrees::{Random, Signal, Tree, UnitVisitor};

/// Which nodes are free, and the checks on them.
pub trait Occupancy {
    fn is_free(&self, v: u32) -> bool;
    fn take(&mut self, walks: &Walks, v: u32);
    fn give_back(&mut self, walks: &Walks, v: u32);

    /// Takes the path's first node.
    fn start(&mut self, walks: &Walks, v: u32) {
        self.take(walks, v);
    }

    /// Whether a path from `head` through every free node may still exist: no
    /// free node without a way in, at most one with a single way in (the far
    /// end), and the free nodes connected among themselves with the head next
    /// to them (the path leaves the head for good). (Necessary, not
    /// sufficient: a false "yes" costs time, a false "no" would lose solutions.)
    fn viable(&mut self, walks: &Walks, head: u32) -> bool;

    /// How many free nodes border `laid` (the run just laid): a run that
    /// leaves few hugs the path and the graph's edge, and is tried first when
    /// one solution is wanted, as Warnsdorff's rule tries the square with the
    /// fewest onward moves first.
    fn border(&self, walks: &Walks, laid: &[u32]) -> u32;
}

/// A search state.
pub struct Walker<'c, O> {
    walks: &'c Walks,
    signal: &'c Signal,
    occupancy: O,
    /// The nodes of the path so far, in order; its last is the head.
    path: Vec<u32>,
    /// The label of each run laid.
    run_labels: Vec<u8>,
    /// The labels used by the runs laid, after each run (the first entry: none).
    used: Vec<u64>,
    /// Try the children of a node in order of [`Occupancy::border`] (for a
    /// first solution) rather than by label.
    snug_first: bool,
    /// The starts in the order they are tried: snug first when `snug_first`
    /// (worked out once: every visit of the root finds the same free nodes).
    starts: Vec<u32>,
    nodes: u64,
}

impl<'c, O: Occupancy> Walker<'c, O> {
    pub(super) fn new(
        walks: &'c Walks,
        occupancy: O,
        snug_first: bool,
        signal: &'c Signal,
    ) -> Walker<'c, O> {
        let mut starts = walks.starts.clone();
        if snug_first {
            starts.sort_by_key(|&v| (occupancy.border(walks, &[v]), v));
        }
        Walker {
            snug_first,
            starts,
            walks,
            signal,
            occupancy,
            path: Vec::with_capacity(walks.nodes),
            run_labels: Vec::with_capacity(walks.runs.len()),
            used: vec![0],
            nodes: 0,
        }
    }

    fn give_back(&mut self) {
        let v = self.path.pop().expect("a node to give back");
        self.occupancy.give_back(self.walks, v);
    }

    /// Lays a run of `edges` edges along `label` from the head; false (and
    /// nothing laid) when it runs off the graph or into the path.
    fn lay(&mut self, label: usize, edges: u32) -> bool {
        let mut at = *self.path.last().expect("a head");
        for laid in 0..edges {
            at = self.walks.next(at, label);
            if at == super::NONE || !self.occupancy.is_free(at) {
                for _ in 0..laid {
                    self.give_back();
                }
                return false;
            }
            self.occupancy.take(self.walks, at);
            self.path.push(at);
        }
        true
    }

    fn viable(&mut self) -> bool {
        let head = *self.path.last().expect("a head");
        self.occupancy.viable(self.walks, head)
    }

    /// The labels the next run may take.
    fn allowed(&self, used: u64) -> u64 {
        let walks = self.walks;
        let mut allowed = match self.run_labels.last() {
            None => walks.first,
            Some(&last) => walks.turns[last as usize],
        };
        let mut candidates = allowed;
        while candidates != 0 {
            let label = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if walks.needs[label] & !used != 0 {
                allowed &= !(1u64 << label);
            }
        }
        allowed
    }

    /// The path runs through every node.
    fn complete(&self) -> bool {
        self.run_labels.len() == self.walks.runs.len() && !self.path.is_empty()
    }

    /// Calls `f` on each child of the current state that passes
    /// [`Occupancy::viable`], in a fixed order, undoing it after; false once
    /// `f` is.
    fn each_child(&mut self, f: &mut impl FnMut(&mut Self) -> bool) -> bool {
        let walks = self.walks;
        if self.path.is_empty() {
            for k in 0..self.starts.len() {
                let start = self.starts[k];
                self.occupancy.start(walks, start);
                self.path.push(start);
                let go = !self.viable() || f(self);
                self.give_back();
                if !go {
                    return false;
                }
            }
            return true;
        }
        let edges = walks.runs[self.run_labels.len()];
        let used = *self.used.last().expect("the labels used");
        let mut allowed = self.allowed(used);
        let mut order = [0u8; super::MAX_LABELS];
        let mut count = 0;
        if self.snug_first {
            let mut scored = [(0u32, 0u8); super::MAX_LABELS];
            while allowed != 0 {
                let label = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                if self.lay(label, edges) {
                    let laid = &self.path[self.path.len() - edges as usize..];
                    scored[count] = (self.occupancy.border(walks, laid), label as u8);
                    count += 1;
                    for _ in 0..edges {
                        self.give_back();
                    }
                }
            }
            scored[..count].sort_unstable();
            for (k, &(_, label)) in scored[..count].iter().enumerate() {
                order[k] = label;
            }
        } else {
            while allowed != 0 {
                order[count] = allowed.trailing_zeros() as u8;
                count += 1;
                allowed &= allowed - 1;
            }
        }
        for &label in &order[..count] {
            let label = label as usize;
            if !self.lay(label, edges) {
                continue;
            }
            self.run_labels.push(label as u8);
            self.used.push(used | 1u64 << label);
            let go = !self.viable() || f(self);
            self.used.pop();
            self.run_labels.pop();
            for _ in 0..edges {
                self.give_back();
            }
            if !go {
                return false;
            }
        }
        true
    }

    fn search_here(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        if !self.signal.visit(&mut self.nodes) {
            return false;
        }
        if self.complete() {
            return found(&self.path);
        }
        self.each_child(&mut |walker| walker.search_here(found))
    }

    fn units_from(
        &mut self,
        depth: usize,
        limit: usize,
        next: &mut usize,
        visit: &mut UnitVisitor<'_, Self>,
    ) -> bool {
        if depth == limit || self.complete() {
            let unit = *next;
            *next += 1;
            return visit(self, unit, depth == limit);
        }
        self.each_child(&mut |walker| walker.units_from(depth + 1, limit, next, visit))
    }

    fn probe_here(&mut self, random: &mut Random) -> f64 {
        if self.complete() {
            return 1.0;
        }
        let mut children = 0u32;
        self.each_child(&mut |_| {
            children += 1;
            true
        });
        if children == 0 {
            return 1.0;
        }
        let pick = random.below(children);
        let mut seen = 0u32;
        let mut below = 0.0;
        self.each_child(&mut |walker| {
            if seen == pick {
                below = walker.probe_here(random);
                return false;
            }
            seen += 1;
            true
        });
        1.0 + f64::from(children) * below
    }
}

impl<O: Occupancy> Tree for Walker<'_, O> {
    fn search(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        self.search_here(found)
    }

    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool {
        self.units_from(0, limit, next, visit)
    }

    fn probe(&mut self, random: &mut Random) -> f64 {
        self.probe_here(random)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
