//! The general core's search over [`Bits`], branching on the item with the fewest
//! options: every solution below the current state, the subtrees a fixed depth
//! down (so that threads can share them), and random probes that estimate a
//! subtree's size.

use super::bits::{Bits, Branch};
use super::matrix::{Item, OptionId};
use crate::solve::subtrees::{Core, Random, Signal, Tree, UnitVisitor};

impl Core for Bits {
    type Walk<'c> = Walk<'c>;

    fn walk<'c>(&'c self, signal: &'c Signal) -> Walk<'c> {
        Walk::new(self.clone(), signal)
    }
}

/// A search state: the bitsets, the options chosen so far, and the nodes visited.
pub(super) struct Walk<'c> {
    bits: Bits,
    chosen: Vec<OptionId>,
    /// The options each level branches on, one run per level, innermost last.
    arena: Vec<OptionId>,
    pub(super) nodes: u64,
    signal: &'c Signal,
}

impl<'c> Walk<'c> {
    pub(super) fn new(bits: Bits, signal: &'c Signal) -> Walk<'c> {
        Walk {
            bits,
            chosen: Vec::new(),
            arena: Vec::new(),
            nodes: 0,
            signal,
        }
    }
}

impl Tree for Walk<'_> {
    fn search(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        Walk::search(self, found)
    }

    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool {
        self.units_from(0, limit, next, visit)
    }

    fn probe(&mut self, random: &mut Random) -> f64 {
        Walk::probe(self, random)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl<'c> Walk<'c> {
    fn search(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        if !self.signal.visit(&mut self.nodes) {
            return false;
        }
        match self.bits.branch() {
            Branch::Covered => self.extend(found),
            Branch::Dead => true,
            Branch::On(item) => self.children(item, &mut |walk| walk.search(found)),
        }
    }

    /// Every minimum is met: the options chosen are a solution, and so is each
    /// set of live options that can be added without passing a maximum (an
    /// optional piece in cells that may stay empty, say). Branches on an item
    /// that can still take options: each of them in turn with those before it
    /// excluded, then none of them.
    fn extend(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        let Some(item) = self.bits.open_item() else {
            return found(&self.chosen);
        };
        self.each_option(item, true, &mut |walk| walk.extend(found))
            && self.with_all_excluded(item, &mut |walk| walk.extend(found))
    }

    /// Runs `visit` with every live option of `item` out of play.
    fn with_all_excluded(
        &mut self,
        item: Item,
        visit: &mut dyn FnMut(&mut Walk<'c>) -> bool,
    ) -> bool {
        let start = self.arena.len();
        self.bits.live_options(item, &mut self.arena);
        self.bits.save();
        for k in start..self.arena.len() {
            self.bits.exclude(self.arena[k]);
        }
        self.arena.truncate(start);
        let go = visit(self);
        self.bits.restore();
        go
    }

    /// Runs `visit` once per option of `item`'s list with that option chosen.
    /// When the item has room for more options, those tried before are excluded
    /// from the later branches, so that a solution's options for the item are
    /// always chosen in list order and each solution is met once.
    fn children(&mut self, item: Item, visit: &mut dyn FnMut(&mut Walk<'c>) -> bool) -> bool {
        let exclusive = self.bits.has_room_after_one(item);
        self.each_option(item, exclusive, visit)
    }

    /// Runs `visit` once per live option of `item` with that option chosen and,
    /// when `exclusive`, the options tried before it out of play.
    fn each_option(
        &mut self,
        item: Item,
        exclusive: bool,
        visit: &mut dyn FnMut(&mut Walk<'c>) -> bool,
    ) -> bool {
        let start = self.arena.len();
        self.bits.live_options(item, &mut self.arena);
        let end = self.arena.len();
        if exclusive {
            self.bits.save();
        }
        let mut go = true;
        for k in start..end {
            let option = self.arena[k];
            self.bits.save();
            self.bits.choose(option);
            self.chosen.push(option);
            go = visit(self);
            self.chosen.pop();
            self.bits.restore();
            if !go {
                break;
            }
            if exclusive {
                self.bits.exclude(option);
            }
        }
        if exclusive {
            self.bits.restore();
        }
        self.arena.truncate(start);
        go
    }

    fn units_from(
        &mut self,
        depth: usize,
        limit: usize,
        next: &mut usize,
        visit: &mut UnitVisitor<'_, Self>,
    ) -> bool {
        if self.signal.stopped() {
            return false;
        }
        let unit = *next;
        if depth == limit {
            *next += 1;
            return visit(self, unit, true);
        }
        match self.bits.branch() {
            Branch::Covered => {
                *next += 1;
                visit(self, unit, false)
            }
            Branch::Dead => true,
            Branch::On(item) => self.children(item, &mut |walk| {
                walk.units_from(depth + 1, limit, next, visit)
            }),
        }
    }

    /// One random path down (see [`Tree::probe`]).
    fn probe(&mut self, random: &mut Random) -> f64 {
        self.bits.save();
        let mut estimate = 1.0;
        let mut weight = 1.0;
        let start = self.arena.len();
        while let Branch::On(item) = self.bits.branch() {
            self.bits.live_options(item, &mut self.arena);
            let degree = self.bits.live(item);
            let pick = random.below(degree) as usize;
            if self.bits.has_room_after_one(item) {
                for k in start..start + pick {
                    self.bits.exclude(self.arena[k]);
                }
            }
            self.bits.choose(self.arena[start + pick]);
            self.arena.truncate(start);
            weight *= f64::from(degree);
            estimate += weight;
        }
        self.bits.restore();
        estimate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact_cover::Matrix;

    /// Covering 6 cells in a row with monominoes and dominoes: 13 covers, a
    /// tree whose random paths differ in length.
    fn row_of_six() -> Matrix {
        let mut m = Matrix::new();
        let cells: Vec<_> = (0..6).map(|_| m.primary()).collect();
        for (k, &c) in cells.iter().enumerate() {
            m.option(&[c]).expect("an option");
            if let Some(&next) = cells.get(k + 1) {
                m.option(&[c, next]).expect("an option");
            }
        }
        m
    }

    #[test]
    fn an_estimate_stops_early_only_below_the_bound() {
        let m = row_of_six();
        let never = Signal::new();
        let mut walk = Walk::new(Bits::new(&m).expect("bits"), &never);
        let full = walk.mean_probe(64, 0);
        let first_batch = walk.mean_probe(16, 0);
        assert_ne!(full, first_batch);
        // Never below 0: every batch is run, and the mean is mean_probe's.
        assert_eq!(walk.mean_probe_unless_below(64, 0, 16, 0.0), full);
        // Always below infinity: the first batch settles it.
        assert_eq!(
            walk.mean_probe_unless_below(64, 0, 16, f64::INFINITY),
            first_batch
        );
    }
}
