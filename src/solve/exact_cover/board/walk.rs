//! The search on a [`Board`]: a stack of levels, each the options still in
//! play with their counts.

use super::counts::Counts;
use super::{Board, Order, first_bit, nonzero_span};
use crate::solve::exact_cover::matrix::OptionId;
use crate::solve::subtrees::{Core, Random, Signal, Tree, UnitVisitor};

impl<const K: usize> Core for Board<K> {
    type Walk<'c> = BoardWalk<'c, K>;

    fn walk<'c>(&'c self, signal: &'c Signal) -> BoardWalk<'c, K> {
        let counters = self.counter_min.len();
        let mut live = vec![0u64; self.words];
        for k in 0..self.options.len() {
            live[k / 64] |= 1 << (k % 64);
        }
        let spans = vec![nonzero_span(&live)];
        BoardWalk {
            board: self,
            filled: [0; K],
            used: vec![0; counters],
            live,
            spans,
            level: 0,
            chosen: Vec::new(),
            nodes: 0,
            signal,
        }
    }
}

/// A search state on a [`Board`].
pub(in crate::solve::exact_cover) struct BoardWalk<'c, const K: usize> {
    board: &'c Board<K>,
    /// The bits covered.
    filled: [u64; K],
    /// Per counter, the options chosen that cover it.
    used: Vec<u32>,
    /// Per level, the options still in play, `words` words each; the
    /// current level is the last in use (`level`).
    live: Vec<u64>,
    /// Per level, the words of its bitset that may hold options left: the
    /// options are in the order of their first bit, so once the first cells
    /// are covered the low words are empty, and the loops over a level skip
    /// them (BENCHMARKS.md, "Packings: stranded children, spans, and
    /// Bedlam's anchors measured").
    /// Words outside a level's span are never read.
    spans: Vec<std::ops::Range<usize>>,
    level: usize,
    chosen: Vec<OptionId>,
    nodes: u64,
    signal: &'c Signal,
}

/// Where the search goes from a state.
enum Next<const K: usize> {
    /// Every required bit is covered.
    Covered,
    /// Some item can no longer be covered as it must.
    Dead,
    /// Branch on this required bit, watching the bits of the second field:
    /// a child that would leave one of them with no option is not made (see
    /// [`BoardWalk::strands`]).
    On(usize, [u64; K]),
}

impl<const K: usize> BoardWalk<'_, K> {
    /// The words of the current level's bitset in its span, and the span.
    fn current(&self) -> (&[u64], std::ops::Range<usize>) {
        let base = self.level * self.board.words;
        let span = self.spans[self.level].clone();
        (&self.live[base + span.start..base + span.end], span)
    }

    fn next(&self) -> Next<K> {
        let board = self.board;
        let open: [u64; K] = std::array::from_fn(|k| board.required[k] & !self.filled[k]);
        let Some(first) = first_bit(&open) else {
            return Next::Covered;
        };
        if board.order == Order::FirstEmpty {
            return Next::On(first, [0; K]);
        }
        let (live, span) = self.current();
        for (c, &min) in board.counter_min.iter().enumerate() {
            if self.used[c] >= min {
                continue;
            }
            let left: u32 = board.row(&board.by_counter, c)[span.clone()]
                .iter()
                .zip(live)
                .map(|(r, l)| (r & l).count_ones())
                .sum();
            if self.used[c] + left < min {
                return Next::Dead;
            }
        }
        let counts = self.tally();
        if counts.uncovered(&open).iter().any(|&w| w != 0) {
            return Next::Dead;
        }
        let forced = counts.once(&open);
        if let Some(b) = first_bit(&forced) {
            return Next::On(b, forced);
        }
        let watch = counts.held(&open);
        match counts.least(&watch) {
            Some(least) => Next::On(first_bit(&least).expect("some bit is least"), watch),
            None => Next::On(self.fewest_counted(&open), watch),
        }
    }

    /// How many options left cover each bit, in one pass (a first pass
    /// telling only the bits covered once from those covered twice stopped
    /// few nodes once stranded children were no longer made: BENCHMARKS.md,
    /// "Packings: one tally, four planes, options two at a time"). The
    /// options are added two at a time (see [`Counts::add_pair`]).
    fn tally(&self) -> Counts<K> {
        let mut counts = Counts::ZERO;
        self.each_live_pair(&mut |a, b| counts.add_pair(a, b));
        counts
    }

    /// Calls `visit` with the masks of the options left two at a time (the
    /// second a zero mask when a word has an odd number left).
    #[inline]
    fn each_live_pair(&self, visit: &mut impl FnMut(&[u64; K], &[u64; K])) {
        let zero: &[u64; K] = &[0; K];
        // A bit's place is below 64: no bounds check on a block.
        let (live, span) = self.current();
        for (block, &word) in self.board.blocks[span].iter().zip(live) {
            let mut word = word;
            while word != 0 {
                let a = &block[word.trailing_zeros() as usize & 63];
                word &= word - 1;
                if word == 0 {
                    visit(a, zero);
                    break;
                }
                let b = &block[word.trailing_zeros() as usize & 63];
                word &= word - 1;
                visit(a, b);
            }
        }
    }

    /// The bit of `open` covered by the fewest options left (the first on a
    /// tie), counted exactly: for the few nodes where every count has passed
    /// what the planes hold.
    fn fewest_counted(&self, open: &[u64; K]) -> usize {
        let (live, span) = self.current();
        super::bits(open)
            .min_by_key(|&b| {
                let row = self.board.row(&self.board.by_bit, b);
                row[span.clone()]
                    .iter()
                    .zip(live)
                    .map(|(r, l)| (r & l).count_ones())
                    .sum::<u32>()
            })
            .expect("some bit is open")
    }

    /// Chooses option `k` (a position on the board) and makes the next level:
    /// the options that still fit beside it, and, when `later_only`, only
    /// those after it.
    fn take(&mut self, k: usize, later_only: bool) {
        let board = self.board;
        let w = board.words;
        let (from, to) = (self.level * w, (self.level + 1) * w);
        if self.live.len() < to + w {
            self.live.resize(to + w, 0);
        }
        let mut span = self.spans[self.level].clone();
        if later_only {
            span.start = span.start.max(k / 64);
        }
        let (parent, child) = self.live.split_at_mut(to);
        let (parent, child) = (&parent[from..], &mut child[..w]);
        let clash = board.row(&board.clash, k);
        for ((c, p), x) in child[span.clone()]
            .iter_mut()
            .zip(&parent[span.clone()])
            .zip(&clash[span.clone()])
        {
            *c = p & !x;
        }
        if later_only {
            child[k / 64] &= !((2u64 << (k % 64)) - 1);
        }
        for &c in board.counters_of(k) {
            let c = c as usize;
            self.used[c] += 1;
            if self.used[c] == board.counter_max[c] {
                let row = board.row(&board.by_counter, c);
                for word in span.clone() {
                    child[word] &= !row[word];
                }
            }
        }
        let kept = nonzero_span(&child[span.clone()]);
        let span = span.start + kept.start..span.start + kept.end;
        if self.spans.len() <= self.level + 1 {
            self.spans.push(span);
        } else {
            self.spans[self.level + 1] = span;
        }
        for (f, m) in self.filled.iter_mut().zip(board.mask(k)) {
            *f |= m;
        }
        self.chosen.push(board.options[k]);
        self.level += 1;
    }

    /// Undoes [`take`](Self::take) of option `k`.
    fn untake(&mut self, k: usize) {
        let board = self.board;
        self.level -= 1;
        self.chosen.pop();
        for &c in board.counters_of(k) {
            self.used[c as usize] -= 1;
        }
        for (f, m) in self.filled.iter_mut().zip(board.mask(k)) {
            *f &= !m;
        }
    }

    /// Runs `visit` once per option left covering bit `b`, with it taken.
    fn children(
        &mut self,
        b: usize,
        watch: &[u64; K],
        visit: &mut dyn FnMut(&mut Self) -> bool,
    ) -> bool {
        let board = self.board;
        let w = board.words;
        let row = board.row(&board.by_bit, b);
        for word in overlap(&board.by_bit_span[b], &self.spans[self.level]) {
            let mut bits = self.live[self.level * w + word] & row[word];
            while bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.strands(k, watch) {
                    continue;
                }
                self.take(k, false);
                let go = visit(self);
                self.untake(k);
                if !go {
                    return false;
                }
            }
        }
        true
    }

    /// The options [`children`](Self::children) takes, in its order: those left
    /// covering bit `b` that strand no bit of `watch`. (`children` has the same
    /// loop inline: it takes each option as it finds it.)
    fn children_made(&self, b: usize, watch: &[u64; K]) -> Vec<usize> {
        let board = self.board;
        let w = board.words;
        let row = board.row(&board.by_bit, b);
        let mut made = Vec::new();
        for word in overlap(&board.by_bit_span[b], &self.spans[self.level]) {
            let mut bits = self.live[self.level * w + word] & row[word];
            while bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !self.strands(k, watch) {
                    made.push(k);
                }
            }
        }
        made
    }

    /// Whether taking option `k` leaves a bit of `watch` that it does not
    /// cover with no option left beside it: the child would be a dead end.
    /// Most nodes are such dead ends, each paying a take and a tally of its
    /// options; seen from the parent it costs a few words per bit watched.
    /// The bits watched are those few options cover (the forced ones, or those
    /// whose count the planes hold, at most 15): fewer nodes and fewer
    /// instructions on 6x10 pentominoes and Bedlam. Watching more makes fewer
    /// nodes still, at a cost that outweighs them: every open bit, or up to 31
    /// (a fifth plane) with the options tallied in pairs (BENCHMARKS.md,
    /// "Packings: stranded children, spans, and Bedlam's anchors measured"
    /// and "Packings: one tally, four planes, options two at a time"). The loops are
    /// written out, the three rows zipped over the words both spans share,
    /// rather than an iterator over the bits and an index per word, which
    /// took more instructions.
    fn strands(&self, k: usize, watch: &[u64; K]) -> bool {
        let board = self.board;
        let mask = board.mask(k);
        let uncovered: [u64; K] = std::array::from_fn(|i| watch[i] & !mask[i]);
        let clash = board.row(&board.clash, k);
        let base = self.level * board.words;
        let live = &self.spans[self.level];
        let left = &self.live[base..base + board.words];
        for (i, &u) in uncovered.iter().enumerate() {
            let mut u = u;
            while u != 0 {
                let c = i * 64 + u.trailing_zeros() as usize;
                u &= u - 1;
                let row = board.row(&board.by_bit, c);
                let words = overlap(&board.by_bit_span[c], live);
                if left[words.clone()]
                    .iter()
                    .zip(&row[words.clone()])
                    .zip(&clash[words])
                    .all(|((l, r), x)| l & r & !x == 0)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Every required bit is covered: the options chosen, with each set of the
    /// options left (those covering only optional bits and counters) that fits
    /// beside them, are solutions once every counter has its minimum.
    fn extend(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        let board = self.board;
        let minima = self
            .used
            .iter()
            .zip(&board.counter_min)
            .all(|(u, m)| u >= m);
        if minima && !found(&self.chosen) {
            return false;
        }
        let w = board.words;
        for word in self.spans[self.level].clone() {
            let mut bits = self.live[self.level * w + word];
            while bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Only the options after this one may join it: each set is
                // met once, in order.
                self.take(k, true);
                let go = self.extend(found);
                self.untake(k);
                if !go {
                    return false;
                }
            }
        }
        true
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
        match self.next() {
            // A covered state is one unit, whatever solutions it extends to.
            Next::Covered => {
                *next += 1;
                visit(self, unit, false)
            }
            Next::Dead => true,
            Next::On(b, watch) => self.children(b, &watch, &mut |walk| {
                walk.units_from(depth + 1, limit, next, visit)
            }),
        }
    }
}

/// The words in both spans.
fn overlap(a: &std::ops::Range<usize>, b: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    a.start.max(b.start)..a.end.min(b.end)
}

impl<const K: usize> Tree for BoardWalk<'_, K> {
    fn search(&mut self, found: &mut dyn FnMut(&[OptionId]) -> bool) -> bool {
        if !self.signal.visit(&mut self.nodes) {
            return false;
        }
        match self.next() {
            Next::Covered => self.extend(found),
            Next::Dead => true,
            Next::On(b, watch) => self.children(b, &watch, &mut |walk| walk.search(found)),
        }
    }

    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool {
        self.units_from(0, limit, next, visit)
    }

    fn probe(&mut self, random: &mut Random) -> f64 {
        self.probes(1, random)
    }

    /// Knuth's paths down the tree the search walks (children that would strand
    /// a bit are not made, so they are not counted either). The `n` paths at a
    /// node go down together: each child gets an equal share of them and the
    /// rest go one each to children drawn without replacement, so every path
    /// still picks each child with chance one in the degree (the estimate stays
    /// unbiased), a node's tally is made once for all its paths rather than
    /// once per path, and the top of the tree, where most options are tallied,
    /// is walked whole: Bedlam's anchor estimates take a fraction of the time
    /// one tally per path took (BENCHMARKS.md, "Packings: anchor estimates on
    /// the searched tree").
    fn probes(&mut self, n: usize, random: &mut Random) -> f64 {
        let Next::On(b, watch) = self.next() else {
            return n as f64;
        };
        let children = self.children_made(b, &watch);
        // A board holds about 23,000 options at most (see `board`'s limits).
        let degree = children.len() as u32;
        if degree == 0 {
            return n as f64;
        }
        let mut paths = vec![n / children.len(); children.len()];
        let mut order: Vec<usize> = (0..children.len()).collect();
        for i in 0..n % children.len() {
            let j = i + random.below(degree - i as u32) as usize;
            order.swap(i, j);
            paths[order[i]] += 1;
        }
        let mut below = 0.0;
        for (&k, &m) in children.iter().zip(&paths) {
            if m > 0 {
                self.take(k, false);
                below += self.probes(m, random);
                self.untake(k);
            }
        }
        n as f64 + f64::from(degree) * below
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
