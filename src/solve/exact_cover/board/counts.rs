//! How many options of a list cover each bit, as bit planes.

/// Planes of a count: counts up to 2^PLANES - 1 are exact. Four: the bits a
/// parent watches are those the planes hold (see `BoardWalk::strands`), and
/// with 15 rather than 7 Bedlam's nodes cost 8% fewer instructions; a fifth
/// plane no longer fits the registers of the tally's loop.
const PLANES: usize = 4;

/// Per bit, how many options of a list cover it, as a binary number in
/// [`PLANES`] planes, and a plane of the bits whose count passed what they
/// hold. Adding an option is a few word operations with no memory traffic, and
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

    /// Takes in one more option covering the bits of `mask`.
    #[inline]
    pub(super) fn add(&mut self, mask: &[u64; K]) {
        for k in 0..K {
            let mut carry = mask[k];
            for plane in &mut self.planes {
                let next = plane[k] & carry;
                plane[k] ^= carry;
                carry = next;
            }
            self.over[k] |= carry;
        }
    }

    /// The counts of both, added bit by bit (a ripple of carries through the
    /// planes; what passes the top plane is over).
    #[inline]
    pub(super) fn merge(&self, other: &Counts<K>) -> Counts<K> {
        let mut sum = Counts::ZERO;
        for k in 0..K {
            let mut carry = 0u64;
            for p in 0..PLANES {
                let (a, b) = (self.planes[p][k], other.planes[p][k]);
                sum.planes[p][k] = a ^ b ^ carry;
                carry = (a & b) | (carry & (a ^ b));
            }
            sum.over[k] = self.over[k] | other.over[k] | carry;
        }
        sum
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

    /// The bits of `open` with the least count, unless every one of them has
    /// passed what the planes hold.
    pub(super) fn least(&self, open: &[u64; K]) -> Option<[u64; K]> {
        let mut candidates: [u64; K] = std::array::from_fn(|k| open[k] & !self.over[k]);
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
        /// Two halves of a list counted apart and merged give what the whole
        /// list counted in one go gives, and the bits covered by none, by
        /// one, and by few options are those a plain count finds, past the
        /// planes' limit too.
        #[test]
        fn merged_halves_count_as_the_whole(
            masks in proptest::collection::vec(any::<[u64; 2]>(), 0..24),
            cut in 0usize..24,
            open in any::<[u64; 2]>(),
        ) {
            // Few bits per mask would leave the higher planes untested.
            let masks: Vec<[u64; 2]> = masks.iter().map(|m| [m[0] | m[1], m[1]]).collect();
            let cut = cut.min(masks.len());
            let (mut whole, mut first, mut second) = (Counts::ZERO, Counts::ZERO, Counts::ZERO);
            for (k, m) in masks.iter().enumerate() {
                whole.add(m);
                if k < cut {
                    first.add(m);
                } else {
                    second.add(m);
                }
            }
            prop_assert_eq!(first.merge(&second), whole);
            let count = counted(&masks);
            let is_open = |b: usize| open[b / 64] >> (b % 64) & 1 == 1;
            prop_assert_eq!(whole.uncovered(&open), bits_where(|b| is_open(b) && count[b] == 0));
            prop_assert_eq!(whole.once(&open), bits_where(|b| is_open(b) && count[b] == 1));
            prop_assert_eq!(whole.held(&open), bits_where(|b| is_open(b) && count[b] < 1 << PLANES));
        }
    }

    #[test]
    fn counts_are_exact_below_the_limit_and_marked_above_it() {
        let mut c = Counts::<1>::ZERO;
        // Bit 0 gets two options past the limit, bit 1 gets 3, bit 2 gets 2.
        for k in 0..(1u64 << PLANES) + 1 {
            let mut mask = 1;
            if k < 3 {
                mask |= 2;
            }
            if k < 2 {
                mask |= 4;
            }
            c.add(&[mask]);
        }
        assert_eq!(c.least(&[0b111]), Some([0b100]));
        assert_eq!(c.least(&[0b011]), Some([0b010]));
        assert_eq!(c.least(&[0b001]), None);
        assert_eq!(c.held(&[0b111]), [0b110]);
    }
}
