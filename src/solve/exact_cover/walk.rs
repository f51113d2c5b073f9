//! The backtracking search over [`Bits`]: every solution below the current state,
//! the subtrees a fixed depth down (so that threads can share them), and random
//! probes that estimate a subtree's size.

use super::bits::{Bits, Branch};
use super::matrix::{Item, OptionId};
use std::sync::atomic::{AtomicBool, Ordering};

/// What [`Walk::units`] hands to its callback: the state at a unit's root, the
/// unit's number (the order of a depth-first walk, the same on every thread), and
/// whether the root lies at the split depth (rather than being a solution above it).
pub(super) type UnitVisitor<'v, 'c> = dyn FnMut(&mut Walk<'c>, usize, bool) -> bool + 'v;

/// A search state: the bitsets, the options chosen so far, and the nodes visited.
pub(super) struct Walk<'c> {
    bits: Bits,
    chosen: Vec<OptionId>,
    /// The options each level branches on, one run per level, innermost last.
    arena: Vec<OptionId>,
    pub(super) nodes: u64,
    stop: &'c AtomicBool,
}

impl<'c> Walk<'c> {
    pub(super) fn new(bits: Bits, stop: &'c AtomicBool) -> Walk<'c> {
        Walk {
            bits,
            chosen: Vec::new(),
            arena: Vec::new(),
            nodes: 0,
            stop,
        }
    }

    /// Calls `found` with every solution below the current state, each once, until
    /// it returns false or the search is stopped; then returns false.
    pub(super) fn search(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        self.nodes += 1;
        if self.stop.load(Ordering::Relaxed) {
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

    /// Walks the tree down to `limit` levels below the current state and calls
    /// `visit` at each unit: a node at that depth, or a solution above it. Dead
    /// ends above it are no unit. Returns false once `visit` does.
    pub(super) fn units(
        &mut self,
        limit: usize,
        next: &mut usize,
        visit: &mut UnitVisitor<'_, 'c>,
    ) -> bool {
        self.units_from(0, limit, next, visit)
    }

    fn units_from(
        &mut self,
        depth: usize,
        limit: usize,
        next: &mut usize,
        visit: &mut UnitVisitor<'_, 'c>,
    ) -> bool {
        if self.stop.load(Ordering::Relaxed) {
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

    /// Knuth's estimate of the number of nodes below the current state: one random
    /// path down, each level weighted by the product of the branching degrees
    /// above it. Its mean over many paths is the tree's size exactly.
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

impl Walk<'_> {
    /// The mean of `probes` (at least one) [`probe`](Walk::probe)s from the current
    /// state, with random numbers seeded by `seed`: the same on every run.
    pub(super) fn mean_probe(&mut self, probes: usize, seed: u64) -> f64 {
        self.mean_probe_unless_below(probes, seed, probes, f64::NEG_INFINITY)
    }

    /// [`Walk::mean_probe`], stopping early once the mean of the probes so far,
    /// in batches of `batch`, is below `settled`: the same mean whenever it does
    /// not stop early.
    pub(super) fn mean_probe_unless_below(
        &mut self,
        probes: usize,
        seed: u64,
        batch: usize,
        settled: f64,
    ) -> f64 {
        let (probes, batch) = (probes.max(1), batch.max(1));
        let mut random = Random::new(seed);
        let mut sum = 0.0;
        let mut done = 0;
        while done < probes {
            let next = batch.min(probes - done);
            sum += (0..next).map(|_| self.probe(&mut random)).sum::<f64>();
            done += next;
            if sum / (done as f64) < settled {
                break;
            }
        }
        sum / done as f64
    }
}

/// A small deterministic generator (xorshift64*) for the probes: estimates are
/// the same from run to run.
struct Random(u64);

impl Random {
    fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (((r >> 32) * u64::from(n)) >> 32) as u32
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
        let never = AtomicBool::new(false);
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
