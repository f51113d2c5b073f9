//! How many options of a list cover each bit, as bit planes.

/// A summary of a list of option masks built one mask at a time, of which
/// two halves can be merged.
pub(super) trait Tally<const K: usize>: Sized {
    const ZERO: Self;
    /// Takes in one more option covering the bits of `mask`.
    fn add(&mut self, mask: &[u64; K]);
    /// The tally of both lists.
    fn merge(&self, other: &Self) -> Self;
}

/// Planes of a count: counts up to 2^PLANES - 1 are exact.
const PLANES: usize = 3;

/// Per bit, how many options of a list cover it, as a binary number in
/// [`PLANES`] planes, and a plane of the bits whose count passed what they
/// hold. Adding an option is a few word operations with no memory traffic, and
/// the least count among many bits is found plane by plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts<const K: usize> {
    planes: [[u64; K]; PLANES],
    over: [u64; K],
}

impl<const K: usize> Tally<K> for Counts<K> {
    const ZERO: Counts<K> = Counts {
        planes: [[0; K]; PLANES],
        over: [0; K],
    };

    #[inline]
    fn add(&mut self, mask: &[u64; K]) {
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
    fn merge(&self, other: &Counts<K>) -> Counts<K> {
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
}

impl<const K: usize> Counts<K> {
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

/// Which bits the options of a list cover once and which more than once: all
/// a node needs to see a dead end or a forced choice, at a third of the cost
/// of [`Counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cover<const K: usize> {
    pub(super) once: [u64; K],
    pub(super) twice: [u64; K],
}

impl<const K: usize> Tally<K> for Cover<K> {
    const ZERO: Cover<K> = Cover {
        once: [0; K],
        twice: [0; K],
    };

    #[inline]
    fn merge(&self, other: &Cover<K>) -> Cover<K> {
        Cover {
            once: std::array::from_fn(|k| self.once[k] | other.once[k]),
            twice: std::array::from_fn(|k| {
                self.twice[k] | other.twice[k] | (self.once[k] & other.once[k])
            }),
        }
    }

    #[inline]
    fn add(&mut self, mask: &[u64; K]) {
        for ((once, twice), m) in self.once.iter_mut().zip(&mut self.twice).zip(mask) {
            *twice |= *once & m;
            *once |= m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Two halves of a list counted apart and merged give what the whole
        /// list counted in one go gives, past the planes' limit too.
        #[test]
        fn merged_halves_count_as_the_whole(
            masks in proptest::collection::vec(any::<[u64; 2]>(), 0..24),
            cut in 0usize..24,
        ) {
            // Few bits per mask would leave the higher planes untested.
            let masks: Vec<[u64; 2]> = masks.iter().map(|m| [m[0] | m[1], m[1]]).collect();
            let cut = cut.min(masks.len());
            let (mut whole, mut first, mut second) = (Counts::ZERO, Counts::ZERO, Counts::ZERO);
            let (mut cover, mut cover_first, mut cover_second) = (Cover::ZERO, Cover::ZERO, Cover::ZERO);
            for (k, m) in masks.iter().enumerate() {
                whole.add(m);
                cover.add(m);
                if k < cut {
                    first.add(m);
                    cover_first.add(m);
                } else {
                    second.add(m);
                    cover_second.add(m);
                }
            }
            prop_assert_eq!(first.merge(&second), whole);
            prop_assert_eq!(cover_first.merge(&cover_second), cover);
        }
    }

    #[test]
    fn counts_are_exact_below_the_limit_and_marked_above_it() {
        let mut c = Counts::<1>::ZERO;
        // Bit 0 gets 9 options (past the limit of 7), bit 1 gets 3, bit 2 gets 2.
        for k in 0..9u64 {
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
