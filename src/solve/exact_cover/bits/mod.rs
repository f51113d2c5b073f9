//! The search state over a [`Matrix`] as bitsets: the live options (those that can
//! still be added) as one bitset, each item's options as another, and per item the
//! number of live options that cover it. Choosing an option kills every option
//! that shares a saturated item with it, a few word operations per item plus one
//! counter update per killed option; undoing a step restores a saved copy of the
//! state, so backtracking costs a copy instead of relinking every killed option as
//! dancing links do. It plays the role of Knuth's dancing links (Algorithm X, with
//! the multiplicities of his Algorithm M kept as counters).

use super::matrix::{Item, Matrix, MatrixError, OptionId};

mod reduce;

/// The item masks take `items × options / 8` bytes; a matrix needing more than
/// this is refused rather than allowed to exhaust memory.
const MAX_MASK_BYTES: usize = 512 << 20;

/// What the search should do next.
pub(super) enum Branch {
    /// Every item has reached its minimum.
    Covered,
    /// Some item can no longer reach its minimum.
    Dead,
    /// Branch on this item's options: it has the fewest ways to continue.
    On(Item),
}

#[derive(Clone)]
pub(super) struct Bits {
    /// Words per option bitset.
    words: usize,
    /// Per item, the bitset of options covering it, `words` words each.
    masks: Vec<u64>,
    /// Per option, its items: `items[starts[o]..starts[o + 1]]`.
    items: Vec<Item>,
    starts: Vec<u32>,
    min: Vec<u32>,
    max: Vec<u32>,
    /// Items with a minimum, the only ones that can ask for options.
    needed: Vec<Item>,
    state: State,
    /// Saved states, innermost last: the first `depth` are in use, the rest are
    /// buffers kept for the next saves.
    saved: Vec<State>,
    depth: usize,
    /// Items an option saturates, kept to spare an allocation per step.
    saturated: Vec<Item>,
}

#[derive(Clone)]
struct State {
    live: Vec<u64>,
    /// Per item: live options covering it, and options chosen covering it.
    count: Vec<u32>,
    used: Vec<u32>,
}

impl State {
    fn copy_from(&mut self, other: &State) {
        self.live.copy_from_slice(&other.live);
        self.count.copy_from_slice(&other.count);
        self.used.copy_from_slice(&other.used);
    }
}

impl Bits {
    pub(super) fn new(matrix: &Matrix) -> Result<Bits, MatrixError> {
        let items = matrix.item_count();
        let options = matrix.option_count();
        let words = options.div_ceil(64).max(1);
        let bytes = items.saturating_mul(words).saturating_mul(8);
        if bytes > MAX_MASK_BYTES {
            return Err(MatrixError(format!(
                "{items} items and {options} options would need {} MiB for the exact-cover search, more than its limit of {} MiB",
                bytes >> 20,
                MAX_MASK_BYTES >> 20
            )));
        }
        let mut masks = vec![0u64; items * words];
        let mut all_items = Vec::new();
        let mut starts = vec![0u32];
        let mut count = vec![0u32; items];
        let mut live = vec![0u64; words];
        for o in 0..options as OptionId {
            let (w, bit) = (o as usize / 64, 1u64 << (o % 64));
            live[w] |= bit;
            for &i in matrix.items_of(o) {
                masks[i as usize * words + w] |= bit;
                count[i as usize] += 1;
                all_items.push(i);
            }
            starts.push(all_items.len() as u32);
        }
        let (min, max): (Vec<u32>, Vec<u32>) = (0..items as Item)
            .map(|i| {
                let b = matrix.bounds(i);
                (b.min, b.max)
            })
            .unzip();
        let needed = (0..items as Item)
            .filter(|&i| min[i as usize] > 0)
            .collect();
        Ok(Bits {
            words,
            masks,
            items: all_items,
            starts,
            min,
            max,
            needed,
            state: State {
                live,
                count,
                used: vec![0; items],
            },
            saved: Vec::new(),
            depth: 0,
            saturated: Vec::new(),
        })
    }

    /// Takes out of play every option that clashes with an option all
    /// solutions hold (the one option left of a required single-use item,
    /// until no more are found), and returns, per item, whether it is settled
    /// by one: a single-use item of such an option, but not the item that
    /// forces it. Once the clashes are gone a settled item is covered exactly
    /// when its option is chosen, which the forcing item demands, so a search
    /// need not track it: a packing's frame, a piece with a single placement,
    /// leaves the bitboard's words, and a large framed design fits them.
    pub(super) fn settle_forced(&mut self) -> Vec<bool> {
        let items = self.min.len();
        let mut settled = vec![false; items];
        let mut forced = vec![false; self.starts.len() - 1];
        let mut found = Vec::new();
        loop {
            let mut changed = false;
            for i in 0..items as Item {
                let k = i as usize;
                if settled[k] || self.min[k] != 1 || self.max[k] != 1 || self.state.count[k] != 1 {
                    continue;
                }
                found.clear();
                self.live_options(i, &mut found);
                let o = found[0];
                if std::mem::replace(&mut forced[o as usize], true) {
                    continue;
                }
                changed = true;
                let range = self.starts[o as usize] as usize..self.starts[o as usize + 1] as usize;
                for at in range.clone() {
                    let j = self.items[at];
                    if self.max[j as usize] != 1 {
                        continue;
                    }
                    found.clear();
                    self.live_options(j, &mut found);
                    for &p in &found {
                        if p != o {
                            self.exclude(p);
                        }
                    }
                }
                for at in range {
                    let j = self.items[at];
                    if j != i && self.max[j as usize] == 1 {
                        settled[j as usize] = true;
                    }
                }
            }
            if !changed {
                return settled;
            }
        }
    }

    /// Whether some item can no longer reach its minimum with the options
    /// left: what `reduce` tests each choice for.
    #[cfg(test)]
    pub(super) fn short_of_minimum(&self) -> bool {
        let State { count, used, .. } = &self.state;
        self.needed.iter().any(|&i| {
            let k = i as usize;
            used[k] < self.min[k] && count[k] < self.min[k] - used[k]
        })
    }

    /// The item to branch on: among items below their minimum, the one with the
    /// fewest options that can be the first of those still to choose for it (an
    /// item that needs k more options out of n has n - k + 1), the first of them on
    /// a tie.
    pub(super) fn branch(&self) -> Branch {
        let State { count, used, .. } = &self.state;
        let mut best: Option<(u32, Item)> = None;
        for &i in &self.needed {
            let k = i as usize;
            if used[k] >= self.min[k] {
                continue;
            }
            let needed = self.min[k] - used[k];
            if count[k] < needed {
                return Branch::Dead;
            }
            let ways = count[k] - needed + 1;
            if best.is_none_or(|(b, _)| ways < b) {
                best = Some((ways, i));
                if ways == 1 {
                    break;
                }
            }
        }
        match best {
            None => Branch::Covered,
            Some((_, i)) => Branch::On(i),
        }
    }

    /// An item that may still take options and has some live, for the last phase
    /// when every minimum is met; `None` when the chosen options are a solution
    /// that nothing can be added to.
    pub(super) fn open_item(&self) -> Option<Item> {
        let State { count, used, .. } = &self.state;
        (0..self.min.len())
            .find_map(|k| (used[k] < self.max[k] && count[k] > 0).then_some(k as Item))
    }

    /// Whether choosing one more option for `item` leaves room for another: then
    /// the options tried before it must be excluded by hand from later branches,
    /// which otherwise saturation does.
    pub(super) fn has_room_after_one(&self, item: Item) -> bool {
        let k = item as usize;
        self.max[k] - self.state.used[k] > 1
    }

    /// Appends the live options covering `item`, in order, to `out`.
    pub(super) fn live_options(&self, item: Item, out: &mut Vec<OptionId>) {
        let mask = &self.masks[item as usize * self.words..][..self.words];
        for (w, (&m, &l)) in mask.iter().zip(&self.state.live).enumerate() {
            let mut bits = m & l;
            while bits != 0 {
                out.push((w * 64) as OptionId + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// Whether `option` is still in play.
    pub(super) fn is_live(&self, option: OptionId) -> bool {
        self.state.live[option as usize / 64] >> (option % 64) & 1 == 1
    }

    /// How many live options cover `item`.
    pub(super) fn live(&self, item: Item) -> u32 {
        self.state.count[item as usize]
    }

    /// Saves the state, for [`restore`](Self::restore) to bring back.
    pub(super) fn save(&mut self) {
        match self.saved.get_mut(self.depth) {
            Some(buffer) => buffer.copy_from(&self.state),
            None => self.saved.push(self.state.clone()),
        }
        self.depth += 1;
    }

    /// Brings back the state of the last [`save`](Self::save) not yet restored.
    pub(super) fn restore(&mut self) {
        self.depth -= 1;
        std::mem::swap(&mut self.state, &mut self.saved[self.depth]);
    }

    /// Takes a live option out of play: it can no longer be chosen.
    pub(super) fn exclude(&mut self, option: OptionId) {
        let (w, bit) = (option as usize / 64, 1u64 << (option % 64));
        kill(&mut self.state, &self.items, &self.starts, w, bit);
    }

    /// Adds a live option to the solution: its items count one more use, and an
    /// item at its maximum takes its other options out of play.
    pub(super) fn choose(&mut self, option: OptionId) {
        self.exclude(option);
        let Bits {
            words,
            masks,
            items,
            starts,
            max,
            state,
            saturated,
            ..
        } = self;
        saturated.clear();
        let own = &items[starts[option as usize] as usize..starts[option as usize + 1] as usize];
        for &i in own {
            let used = &mut state.used[i as usize];
            *used += 1;
            if *used == max[i as usize] {
                saturated.push(i);
            }
        }
        if saturated.is_empty() {
            return;
        }
        // One pass over the words with the union of the saturated items' masks.
        for w in 0..*words {
            let union = saturated
                .iter()
                .fold(0, |u, &i| u | masks[i as usize * *words + w]);
            if union & state.live[w] != 0 {
                kill(state, items, starts, w, union);
            }
        }
    }
}

/// Kills the live options among `bits` (word `w` of an option bitset): they leave
/// the live set and the counts of their items.
fn kill(state: &mut State, items: &[Item], starts: &[u32], w: usize, bits: u64) {
    let mut dying = bits & state.live[w];
    state.live[w] &= !dying;
    while dying != 0 {
        let o = w * 64 + dying.trailing_zeros() as usize;
        dying &= dying - 1;
        for &i in &items[starts[o] as usize..starts[o + 1] as usize] {
            state.count[i as usize] -= 1;
        }
    }
}
