//! How many options of a list cover each bit, as bit planes.

/// Planes of a count: counts up to 2^PLANES - 1 are exact. Four: the bits a
/// parent watches are those the planes hold (see `BoardWalk::strands`), and
/// watching up to 15 rather than 7 saves Bedlam's search more than the fourth
/// plane costs; a fifth costs more than it saves (BENCHMARKS.md, "Packings:
/// one tally, four planes, options two at a time").
const PLANES: usize = 4;

/// Per bit, how many options of a list cover it, as a binary number in
/// [`PLANES`] planes, and a plane of the bits whose count passed what they
/// hold. Adding options is a few word operations with no memory traffic, and
/// the least count among many bits is found plane by plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts<const K: usize> {
    planes: [[u64; K]; PLANES],
    over: [u64; K],
}

impl<const K: usize> Counts<K> {
    pub(super) const ZERO: Counts<K> = Counts {
        planes: [[0; K]; PLANES],
        over: [0; K],
    };

    /// Takes in two more options, covering the bits of `a` and of `b` (a zero
    /// mask stands for none): a full adder into the lowest plane, then one
    /// carry rippled up. Two at a time costs 6 word operations an option
    /// where one at a time cost 9 (the one-at-a-time adds had used two
    /// accumulators, merged at the end, so that neither waited on the other's
    /// carries; BENCHMARKS.md, "Packings: one tally, four planes, options two
    /// at a time").
    #[inline]
    pub(super) fn add_pair(&mut self, a: &[u64; K], b: &[u64; K]) {
        for k in 0..K {
            let ones = self.planes[0][k];
            let half = ones ^ a[k];
            self.planes[0][k] = half ^ b[k];
            let mut carry = (ones & a[k]) | (half & b[k]);
            for plane in &mut self.planes[1..] {
                let next = plane[k] & carry;
                plane[k] ^= carry;
                carry = next;
            }
            self.over[k] |= carry;
        }
    }

    /// The bits of `open` that no option covers.
    pub(super) fn uncovered(&self, open: &[u64; K]) -> [u64; K] {
        std::array::from_fn(|k| open[k] & !self.above(k, 0))
    }

    /// The bits of `open` that exactly one option covers.
    pub(super) fn once(&self, open: &[u64; K]) -> [u64; K] {
        std::array::from_fn(|k| open[k] & self.planes[0][k] & !self.above(k, 1))
    }

    /// The bits of word `k` set in a plane from `from` up, or over.
    fn above(&self, k: usize, from: usize) -> u64 {
        self.planes[from..]
            .iter()
            .fold(self.over[k], |a, p| a | p[k])
    }

    /// The bits of `open` whose count the planes hold (at most
    /// 2^[`PLANES`] - 1).
    pub(super) fn held(&self, open: &[u64; K]) -> [u64; K] {
        std::array::from_fn(|k| open[k] & !self.over[k])
    }

    /// The bits of `held` (bits whose count the planes hold, see
    /// [`held`](Self::held)) with the least count, unless there are none.
    pub(super) fn least(&self, held: &[u64; K]) -> Option<[u64; K]> {
        let mut candidates = *held;
        if candidates.iter().all(|&w| w == 0) {
            return None;
        }
        for plane in self.planes.iter().rev() {
            let zero: [u64; K] = std::array::from_fn(|k| candidates[k] & !plane[k]);
            if zero.iter().any(|&w| w != 0) {
                candidates = zero;
            }
        }
        Some(candidates)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The counts of `masks`, added two at a time.
    fn counts_of<const K: usize>(masks: &[[u64; K]]) -> Counts<K> {
        let mut counts = Counts::ZERO;
        for pair in masks.chunks(2) {
            counts.add_pair(&pair[0], pair.get(1).unwrap_or(&[0; K]));
        }
        counts
    }

    /// Per bit of two words, how many of `masks` set it.
    fn counted(masks: &[[u64; 2]]) -> Vec<usize> {
        (0..128)
            .map(|b| {
                masks
                    .iter()
                    .filter(|m| m[b / 64] >> (b % 64) & 1 == 1)
                    .count()
            })
            .collect()
    }

    /// The bits of two words for which `keep` holds.
    fn bits_where(keep: impl Fn(usize) -> bool) -> [u64; 2] {
        let mut out = [0u64; 2];
        for b in (0..128).filter(|&b| keep(b)) {
            out[b / 64] |= 1 << (b % 64);
        }
        out
    }

    proptest! {
        /// The bits covered by none, by one, by few and by the fewest of a
        /// list of options are those a plain count finds, past the planes'
        /// limit too, whether the list is even or odd.
        #[test]
        fn counts_in_planes_match_a_plain_count(
            masks in proptest::collection::vec(any::<[u64; 2]>(), 0..40),
            open in any::<[u64; 2]>(),
        ) {
            // Few bits per mask would leave the higher planes untested.
            let masks: Vec<[u64; 2]> = masks.iter().map(|m| [m[0] | m[1], m[1]]).collect();
            let counts = counts_of(&masks);
            let count = counted(&masks);
            let is_open = |b: usize| open[b / 64] >> (b % 64) & 1 == 1;
            let held = |b: usize| is_open(b) && count[b] < 1 << PLANES;
            prop_assert_eq!(counts.uncovered(&open), bits_where(|b| is_open(b) && count[b] == 0));
            prop_assert_eq!(counts.once(&open), bits_where(|b| is_open(b) && count[b] == 1));
            prop_assert_eq!(counts.held(&open), bits_where(held));
            let least = (0..128).filter(|&b| held(b)).map(|b| count[b]).min();
            prop_assert_eq!(
                counts.least(&counts.held(&open)),
                least.map(|least| bits_where(|b| held(b) && count[b] == least))
            );
        }
    }

    #[test]
    fn counts_are_exact_below_the_limit_and_marked_above_it() {
        // Bit 0 gets more options than the planes hold, bit 1 gets 3, bit 2 gets 2.
        let masks: Vec<[u64; 1]> = (0..(1u64 << PLANES) + 2)
            .map(|k| [1 | u64::from(k < 3) << 1 | u64::from(k < 2) << 2])
            .collect();
        let c = counts_of(&masks);
        assert_eq!(c.least(&c.held(&[0b111])), Some([0b100]));
        assert_eq!(c.least(&c.held(&[0b011])), Some([0b010]));
        assert_eq!(c.least(&c.held(&[0b001])), None);
        assert_eq!(c.held(&[0b111]), [0b110]);
    }
}
