//! The bitboard core. Every item that is covered at most once (a cell of a
//! packing's target, a piece that has one copy) is a bit of a few machine words,
//! and every option a precomputed mask of them; an item that takes more than
//! one option (a piece with copies or a range) is a counter. The options still
//! in play are a bitset over the options, and a child's is its parent's less
//! the options that clash with the one chosen: one precomputed row, a few dozen
//! word operations. Counting, bit by bit, how many options left cover each item
//! (bit planes, see [`counts`]) gives the item with the fewest to branch on, and
//! shows a dead end as an item that none covers; a child that would leave one
//! of the few-option items with none is not made at all. Nothing is undone on
//! the way back but a level number.
//!
//! On packings the options left are few (Bedlam's nodes hold a few dozen out
//! of thousands), so a node costs a few hundred word operations where the
//! general core copies and updates counters over every option it kills.
//!
//! It takes the matrices whose single-use items fit in [`MAX_WORDS`] words and
//! whose clash rows fit in [`MAX_CLASH_BYTES`]; the general core the rest.

mod counts;
mod walk;

use super::matrix::{Item, Matrix, OptionId};

/// Words of the widest board: 512 single-use items (boards come in 1, 2,
/// 3, 4, 6 and 8 words).
pub(super) const MAX_WORDS: usize = 8;

/// The clash rows take `options² / 8` bytes: about 23,000 options at most.
const MAX_CLASH_BYTES: usize = 64 << 20;

/// Which item a node branches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// The required item with the fewest options left (the first of them on a
    /// tie); an item with none, or a counter that can no longer reach its
    /// minimum, ends the branch.
    Fewest,
    /// The first required item not yet covered, in the matrix's order: nothing
    /// is counted, and no dead end is seen before it is reached.
    FirstEmpty,
}

/// The static data of a search: built once, shared by every thread.
pub(super) struct Board<const K: usize> {
    /// Per option, its mask of single-use items, 64 to a block (one block
    /// per word of an option bitset, the last padded with empty masks), so
    /// that the loops over a bitset's words index a block by a bit's place
    /// with no bounds check; and its counters
    /// (`counters[counter_runs[o]..counter_runs[o + 1]]`).
    blocks: Vec<[[u64; K]; 64]>,
    options: Vec<OptionId>,
    counters: Vec<u32>,
    counter_runs: Vec<u32>,
    /// Words of a bitset over the options.
    words: usize,
    /// Per option, the options it clashes with (itself included), `words`
    /// words each.
    clash: Vec<u64>,
    /// Per required bit, the options covering it; per counter, likewise.
    by_bit: Vec<u64>,
    /// Per bit, the words of its `by_bit` row that hold any option: the
    /// options are in the order of their first bit, so a cell's lie in a few
    /// neighbouring words, and branching on it need not read the rest.
    by_bit_span: Vec<std::ops::Range<usize>>,
    by_counter: Vec<u64>,
    /// The bits that must be covered.
    required: [u64; K],
    counter_min: Vec<u32>,
    counter_max: Vec<u32>,
    order: Order,
}

/// The number of words a board for `matrix` needs, if it fits in [`MAX_WORDS`],
/// leaving out the items `settled` marks.
pub(super) fn words_needed(matrix: &Matrix, settled: &[bool]) -> Option<usize> {
    let single = (0..matrix.item_count() as Item)
        .filter(|&i| matrix.bounds(i).max == 1 && !settled[i as usize])
        .count();
    let words = single.div_ceil(64).max(1);
    (words <= MAX_WORDS).then_some(words)
}

impl<const K: usize> Board<K> {
    /// The board of `matrix` restricted to the options `keep` allows, branching
    /// in `order`; `None` when its clash rows would pass [`MAX_CLASH_BYTES`].
    /// The items `settled` marks get no bit: each is covered by one option
    /// kept, which another item forces (see `Bits::settle_forced`). The
    /// matrix's other single-use items must fit in `K` words (see
    /// [`words_needed`]).
    pub(super) fn new(
        matrix: &Matrix,
        keep: &dyn Fn(OptionId) -> bool,
        settled: &[bool],
        order: Order,
    ) -> Option<Board<K>> {
        let items = matrix.item_count();
        let mut options: Vec<OptionId> = (0..matrix.option_count() as OptionId)
            .filter(|&o| keep(o))
            .collect();
        let words = options.len().div_ceil(64).max(1);
        if options.len().saturating_mul(words).saturating_mul(8) > MAX_CLASH_BYTES {
            return None;
        }
        // Required single-use items take the first bits, in the matrix's order,
        // then the optional ones; other items are counters.
        let mut bit = vec![None; items];
        let mut counter = vec![None; items];
        let (mut counter_min, mut counter_max) = (Vec::new(), Vec::new());
        let mut next = 0usize;
        let mut required = [0u64; K];
        for pass in [true, false] {
            for (i, slot) in bit.iter_mut().enumerate() {
                let b = matrix.bounds(i as Item);
                if b.max == 1 && (b.min == 1) == pass && !settled[i] {
                    *slot = Some(next);
                    if pass {
                        set(&mut required, next);
                    }
                    next += 1;
                }
            }
        }
        assert!(
            next <= 64 * K,
            "{next} single-use items on a board of {K} words"
        );
        for (i, slot) in counter.iter_mut().enumerate() {
            let b = matrix.bounds(i as Item);
            if b.max > 1 {
                *slot = Some(counter_min.len());
                counter_min.push(b.min);
                counter_max.push(b.max);
            }
        }
        // Options in the order of their first bit: those covering the same
        // cells sit in the same words of a bitset, so a node's options left
        // fill fewer words (BENCHMARKS.md, "Packings: stranded children,
        // spans, and Bedlam's anchors measured").
        options.sort_by_cached_key(|&o| {
            let first = matrix
                .items_of(o)
                .iter()
                .filter_map(|&i| bit[i as usize])
                .min();
            (first.unwrap_or(usize::MAX), o)
        });
        let mut masks: Vec<[u64; K]> = Vec::with_capacity(options.len());
        let mut counters = Vec::new();
        let mut counter_runs = vec![0];
        let mut by_bit = vec![0u64; next * words];
        let mut by_counter = vec![0u64; counter_min.len() * words];
        for (k, &o) in options.iter().enumerate() {
            let mut mask = [0u64; K];
            for &i in matrix.items_of(o) {
                if let Some(b) = bit[i as usize] {
                    set(&mut mask, b);
                    by_bit[b * words + k / 64] |= 1 << (k % 64);
                } else if let Some(c) = counter[i as usize] {
                    counters.push(c as u32);
                    by_counter[c * words + k / 64] |= 1 << (k % 64);
                }
            }
            masks.push(mask);
            counter_runs.push(counters.len() as u32);
        }
        // An option clashes with those sharing a bit with it: the union of its
        // bits' rows.
        let mut clash = vec![0u64; options.len() * words];
        for (k, mask) in masks.iter().enumerate() {
            let row = &mut clash[k * words..(k + 1) * words];
            for b in bits(mask) {
                for (r, &m) in row.iter_mut().zip(&by_bit[b * words..(b + 1) * words]) {
                    *r |= m;
                }
            }
            row[k / 64] |= 1 << (k % 64);
        }
        let blocks = masks
            .chunks(64)
            .map(|chunk| std::array::from_fn(|b| chunk.get(b).copied().unwrap_or([0; K])))
            .collect();
        let by_bit_span = by_bit.chunks(words).map(nonzero_span).collect();
        Some(Board {
            blocks,
            options,
            counters,
            counter_runs,
            words,
            clash,
            by_bit,
            by_bit_span,
            by_counter,
            required,
            counter_min,
            counter_max,
            order,
        })
    }

    fn mask(&self, k: usize) -> &[u64; K] {
        &self.blocks[k / 64][k % 64]
    }

    fn counters_of(&self, k: usize) -> &[u32] {
        &self.counters[self.counter_runs[k] as usize..self.counter_runs[k + 1] as usize]
    }

    fn row<'a>(&self, rows: &'a [u64], r: usize) -> &'a [u64] {
        &rows[r * self.words..(r + 1) * self.words]
    }
}

fn set<const K: usize>(bits: &mut [u64; K], b: usize) {
    bits[b / 64] |= 1 << (b % 64);
}

/// The words of `words` from its first nonzero one to its last (empty when
/// all are zero).
fn nonzero_span(words: &[u64]) -> std::ops::Range<usize> {
    let first = words.iter().position(|&w| w != 0).unwrap_or(0);
    let last = words.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
    first..last.max(first)
}

/// The bits set in `words`, in order.
fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + b
            })
        })
    })
}

#[inline]
fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .position(|&w| w != 0)
        .map(|k| k * 64 + words[k].trailing_zeros() as usize)
}
