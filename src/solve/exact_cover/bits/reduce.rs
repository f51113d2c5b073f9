//! The reduction before a search: every option whose choice alone leaves
//! some item unable to reach its minimum is taken out of play, round after
//! round until none is left.

use super::Bits;
use crate::solve::exact_cover::matrix::{Item, OptionId};

/// Per item, the words of its option bitset that are not nought, with their
/// bits. An item's options spread over every piece's placements, so its
/// dense bitset is mostly nought words; the tests look at these alone.
struct Sparse {
    starts: Vec<u32>,
    words: Vec<(u32, u64)>,
}

impl Sparse {
    fn of(bits: &Bits) -> Sparse {
        let mut starts = vec![0u32];
        let mut words = Vec::new();
        for mask in bits.masks.chunks_exact(bits.words) {
            let nonzero = mask.iter().enumerate().filter(|(_, m)| **m != 0);
            words.extend(nonzero.map(|(w, &m)| (w as u32, m)));
            starts.push(words.len() as u32);
        }
        Sparse { starts, words }
    }

    fn of_item(&self, i: usize) -> &[(u32, u64)] {
        &self.words[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// What one test writes and leaves clean for the next: the options the
/// choice kills, and which items the option itself names; and what the tests
/// keep: per item, the last option found left to it (`NONE` before one is).
struct Scratch {
    killed: Vec<u64>,
    named: Vec<bool>,
    witness: Vec<OptionId>,
}

/// No option found yet.
const NONE: OptionId = OptionId::MAX;

impl Bits {
    /// Takes out of play, until none is left, every option whose choice alone
    /// leaves some item unable to reach its minimum. Such an option is in no
    /// solution, so the solutions stay the same, but every node below would try
    /// it again: on burr sets, where most placements cut a cell off, this removes
    /// three placements in four before the search starts (BurrTools' "reduce").
    /// It costs a test per option and round, which a small tree does not repay.
    ///
    /// The first round tests each option against every needed item. A test
    /// can only turn from passing to failing through an item that has lost an
    /// option since, so later rounds test each option against those items
    /// alone: the ones that lost an option in the round before, and those
    /// that lost one earlier in this round.
    pub(in crate::solve::exact_cover) fn reduce(&mut self) {
        let options = self.starts.len() - 1;
        let items = self.min.len();
        let sparse = Sparse::of(self);
        let mut scratch = Scratch {
            killed: vec![0; self.words],
            named: vec![false; items],
            witness: vec![NONE; items],
        };
        let mut check = self.needed.clone();
        let mut in_check = vec![false; items];
        for &i in &check {
            in_check[i as usize] = true;
        }
        let mut next: Vec<Item> = Vec::new();
        let mut in_next = vec![false; items];
        loop {
            let mut removed = false;
            for o in 0..options as OptionId {
                if !self.is_live(o) || !self.choice_is_dead(o, &check, &sparse, &mut scratch) {
                    continue;
                }
                self.exclude(o);
                removed = true;
                for &i in self.own(o) {
                    let k = i as usize;
                    if self.min[k] == 0 || in_next[k] {
                        continue;
                    }
                    in_next[k] = true;
                    next.push(i);
                    if !std::mem::replace(&mut in_check[k], true) {
                        check.push(i);
                    }
                }
            }
            if !removed {
                return;
            }
            for &i in &check {
                in_check[i as usize] = false;
            }
            std::mem::swap(&mut check, &mut next);
            std::mem::swap(&mut in_check, &mut in_next);
            next.clear();
        }
    }

    /// The items option `o` names.
    fn own(&self, o: OptionId) -> &[Item] {
        &self.items[self.starts[o as usize] as usize..self.starts[o as usize + 1] as usize]
    }

    /// Whether choosing live option `o` would leave some item of `check`
    /// (needed items) unable to reach its minimum: what
    /// [`choose`](Self::choose) then `short_of_minimum` (in the tests) say,
    /// worked out without changing the state. Most items show enough options
    /// left in the first word or two of their bitset, so a test costs a few
    /// words per item, not a copy of the state and a counter update per
    /// option killed (BENCHMARKS.md, "Packings: more ways measured, two
    /// kept").
    fn choice_is_dead(
        &self,
        o: OptionId,
        check: &[Item],
        sparse: &Sparse,
        scratch: &mut Scratch,
    ) -> bool {
        let own = self.own(o);
        let saturated = |i: &&Item| self.state.used[**i as usize] + 1 == self.max[**i as usize];
        // The options the choice takes out of play: itself, and every option
        // sharing an item it saturates. An item's options mostly spread over
        // most words (a cell is covered by placements of every piece), and
        // then its whole row is taken: whole rows are ORed a few words per
        // instruction and need no clearing word by word after.
        let Scratch {
            killed,
            named,
            witness,
        } = scratch;
        let (sparse_words, rows): (usize, usize) =
            own.iter().filter(saturated).fold((0, 0), |(s, r), &i| {
                (s + sparse.of_item(i as usize).len(), r + 1)
            });
        let whole_rows = sparse_words * 2 > rows * self.words;
        if whole_rows {
            for &i in own.iter().filter(saturated) {
                let row = &self.masks[i as usize * self.words..][..self.words];
                for (k, m) in killed.iter_mut().zip(row) {
                    *k |= m;
                }
            }
        } else {
            for &i in own.iter().filter(saturated) {
                for &(w, m) in sparse.of_item(i as usize) {
                    killed[w as usize] |= m;
                }
            }
        }
        killed[o as usize / 64] |= 1 << (o % 64);
        for &i in own {
            named[i as usize] = true;
        }
        let dead = self.leaves_one_short(check, sparse, killed, named, witness);
        for &i in own {
            named[i as usize] = false;
        }
        if whole_rows {
            killed.fill(0);
        } else {
            for &i in own.iter().filter(saturated) {
                for &(w, _) in sparse.of_item(i as usize) {
                    killed[w as usize] = 0;
                }
            }
        }
        killed[o as usize / 64] = 0;
        dead
    }

    /// Whether some item of `check` has fewer live options outside `killed`
    /// than it still needs, once the option naming the items of `named` is
    /// chosen.
    ///
    /// Every item is looked at, not only those up to the first with one way
    /// to go on (where `branch` stops): on framed burr sets the options a
    /// shorter look leaves in play make the tree many times larger, and
    /// elsewhere the two came out alike (BENCHMARKS.md, "Taller board sets
    /// beside burrTxt"). An option names an item at most once
    /// (`option_error`). Options are counted one bit at a time, and only
    /// until there are as many as the item needs: it needs few. An item that
    /// needs one more is first asked whether the option last found left to
    /// it still is: a choice kills few of an item's options, so this one bit
    /// mostly answers.
    fn leaves_one_short(
        &self,
        check: &[Item],
        sparse: &Sparse,
        killed: &[u64],
        named: &[bool],
        witness: &mut [OptionId],
    ) -> bool {
        let live = &self.state.live;
        let open = |o: OptionId| {
            let (w, bit) = (o as usize / 64, 1u64 << (o % 64));
            live[w] & !killed[w] & bit != 0
        };
        for &item in check {
            let i = item as usize;
            let used = self.state.used[i] + u32::from(named[i]);
            if used >= self.min[i] {
                continue;
            }
            let need = self.min[i] - used;
            if need == 1 && witness[i] != NONE && open(witness[i]) {
                continue;
            }
            let mut left = 0;
            for &(w, m) in sparse.of_item(i) {
                let mut ways = m & live[w as usize] & !killed[w as usize];
                if ways != 0 {
                    witness[i] = w * 64 + ways.trailing_zeros();
                }
                while ways != 0 && left < need {
                    ways &= ways - 1;
                    left += 1;
                }
                if left >= need {
                    break;
                }
            }
            if left < need {
                return true;
            }
        }
        false
    }
}
