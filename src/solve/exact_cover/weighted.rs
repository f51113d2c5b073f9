//! Counting the covers of a matrix whose options may cover an item more than
//! once (a weight per item and option). Such matrices arise where options are
//! bundles of the options of another matrix, taken all or none: the covers a
//! symmetry maps onto themselves are unions of whole cycles of that symmetry
//! on the options, and a cycle may use one piece type several times. They are
//! small next to the matrices they come from (a symmetric cover is rare), so a
//! plain recursive search serves, with none of the bitboard core's machinery.

#[cfg(test)]
use super::matrix::covers_within_bounds;
use super::matrix::{Bounds, Item, MatrixError, OptionId, option_error};
use std::sync::atomic::{AtomicBool, Ordering};

/// Items with bounds, as in [`Matrix`](super::Matrix), and options covering
/// each of their items a given number of times.
#[derive(Clone, Debug, Default)]
pub struct WeightedMatrix {
    bounds: Vec<Bounds>,
    /// The (item, weight) pairs of every option, one after another; option o's
    /// are `items[starts[o]..starts[o + 1]]`.
    items: Vec<(Item, u32)>,
    starts: Vec<u32>,
}

impl WeightedMatrix {
    /// A matrix of the items `bounds` describe and no options yet.
    pub fn new(bounds: Vec<Bounds>) -> WeightedMatrix {
        WeightedMatrix {
            bounds,
            items: Vec::new(),
            starts: vec![0],
        }
    }

    /// An option covering each item of `items` its weight of times (each item
    /// named once, each weight at least 1).
    pub fn option(&mut self, items: &[(Item, u32)]) -> Result<OptionId, MatrixError> {
        if let Some(error) = option_error(items.iter().map(|&(i, _)| i), self.bounds.len()) {
            return Err(error);
        }
        if let Some(&(i, _)) = items.iter().find(|&&(_, w)| w == 0) {
            return Err(MatrixError(format!("option covers item {i} zero times")));
        }
        self.items.extend_from_slice(items);
        self.starts.push(self.items.len() as u32);
        Ok((self.starts.len() - 2) as OptionId)
    }

    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    fn items_of(&self, option: usize) -> &[(Item, u32)] {
        &self.items[self.starts[option] as usize..self.starts[option + 1] as usize]
    }

    /// Whether `chosen` (distinct options) covers every item within its
    /// bounds, counting weights: the definition, checked directly.
    #[cfg(test)]
    pub fn is_solution(&self, chosen: &[OptionId]) -> bool {
        covers_within_bounds(&self.bounds, self.option_count(), chosen, |o| {
            self.items_of(o).iter().copied()
        })
    }
}

/// The number of covers of `matrix`: sets of distinct options covering every
/// item within its bounds. `None` when `stop` was set before the count ended.
pub fn count_weighted(matrix: &WeightedMatrix, stop: &AtomicBool) -> Option<u64> {
    let mut by_item = vec![Vec::new(); matrix.bounds.len()];
    for o in 0..matrix.option_count() {
        for &(i, w) in matrix.items_of(o) {
            by_item[i as usize].push((o, w));
        }
    }
    let mut search = Search {
        matrix,
        by_item,
        used: vec![0; matrix.bounds.len()],
        live: vec![true; matrix.option_count()],
        killed: Vec::new(),
        stop,
    };
    // An option past an item's bound on its own never fits.
    for o in 0..matrix.option_count() {
        if !search.fits(o) {
            search.live[o] = false;
        }
    }
    search.covers()
}

struct Search<'m> {
    matrix: &'m WeightedMatrix,
    /// Per item, the options covering it, with their weights on it.
    by_item: Vec<Vec<(usize, u32)>>,
    /// Per item, how often the options taken cover it.
    used: Vec<u32>,
    /// Per option, whether it still fits beside those taken.
    live: Vec<bool>,
    /// The options taking one made unfit, in order, to be put back.
    killed: Vec<usize>,
    stop: &'m AtomicBool,
}

impl Search<'_> {
    fn fits(&self, option: usize) -> bool {
        self.matrix
            .items_of(option)
            .iter()
            .all(|&(i, w)| self.used[i as usize] + w <= self.matrix.bounds[i as usize].max)
    }

    /// Takes `option` and marks unfit the options it leaves no room for (only
    /// those sharing an item with it can be); returns where its marks start.
    fn take(&mut self, option: usize) -> usize {
        let mark = self.killed.len();
        for &(i, w) in self.matrix.items_of(option) {
            self.used[i as usize] += w;
        }
        for &(i, _) in self.matrix.items_of(option) {
            let room = self.matrix.bounds[i as usize].max - self.used[i as usize];
            for &(o, w) in &self.by_item[i as usize] {
                if w > room && self.live[o] {
                    self.live[o] = false;
                    self.killed.push(o);
                }
            }
        }
        mark
    }

    fn untake(&mut self, option: usize, mark: usize) {
        for o in self.killed.drain(mark..) {
            self.live[o] = true;
        }
        for &(i, w) in self.matrix.items_of(option) {
            self.used[i as usize] -= w;
        }
    }

    /// The covers extending the options taken. While an item that exactly one
    /// option must cover is open, every cover takes exactly one of the options
    /// fitting there, so branching on it meets each cover once (on the item
    /// with the fewest); when none is open, what may join is a set of the
    /// options that still fit.
    fn covers(&mut self) -> Option<u64> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut best: Option<(usize, usize)> = None;
        for (i, b) in self.matrix.bounds.iter().enumerate() {
            if b.min != 1 || b.max != 1 || self.used[i] != 0 {
                continue;
            }
            let ways = self.by_item[i]
                .iter()
                .filter(|&&(o, _)| self.live[o])
                .count();
            if ways == 0 {
                return Some(0);
            }
            if best.is_none_or(|(_, fewest)| ways < fewest) {
                best = Some((i, ways));
            }
        }
        let Some((item, _)) = best else {
            return self.sets_from(0);
        };
        let mut total = 0u64;
        for k in 0..self.by_item[item].len() {
            let (o, _) = self.by_item[item][k];
            if self.live[o] {
                let mark = self.take(o);
                let below = self.covers();
                self.untake(o, mark);
                total += below?;
            }
        }
        Some(total)
    }

    /// The sets of options numbered `from` on that fit beside those taken and
    /// bring every item to its minimum, each set met once (in increasing order).
    fn sets_from(&mut self, from: usize) -> Option<u64> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let met = self
            .used
            .iter()
            .zip(&self.matrix.bounds)
            .all(|(&u, b)| u >= b.min);
        let mut total = u64::from(met);
        for o in from..self.matrix.option_count() {
            if self.live[o] {
                let mark = self.take(o);
                let below = self.sets_from(o + 1);
                self.untake(o, mark);
                total += below?;
            }
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every set of options, tried one by one.
    fn brute_force(matrix: &WeightedMatrix) -> u64 {
        let n = matrix.option_count();
        (0u32..1 << n)
            .filter(|set| {
                let chosen: Vec<OptionId> = (0..n as u32).filter(|k| set >> k & 1 == 1).collect();
                matrix.is_solution(&chosen)
            })
            .count() as u64
    }

    fn matrix_from(bounds: Vec<(u32, u32)>, options: Vec<Vec<(usize, u32)>>) -> WeightedMatrix {
        let items = bounds.len();
        let mut m = WeightedMatrix::new(
            bounds
                .into_iter()
                .map(|(min, extra)| Bounds {
                    min,
                    max: (min + extra).max(1),
                })
                .collect(),
        );
        for option in options {
            let mut pairs: Vec<(Item, u32)> = Vec::new();
            for (i, w) in option {
                let i = (i % items) as Item;
                if !pairs.iter().any(|&(j, _)| j == i) {
                    pairs.push((i, w));
                }
            }
            m.option(&pairs).expect("a well-formed option");
        }
        m
    }

    proptest! {
        /// The search counts what trying every set of options counts, on small
        /// matrices with every kind of bounds and weights.
        #[test]
        fn counts_match_brute_force(
            bounds in prop::collection::vec((0u32..3, 0u32..3), 1..6),
            options in prop::collection::vec(
                prop::collection::vec((0usize..6, 1u32..4), 1..4), 0..11),
        ) {
            let m = matrix_from(bounds, options);
            let never = AtomicBool::new(false);
            prop_assert_eq!(count_weighted(&m, &never), Some(brute_force(&m)));
        }
    }

    #[test]
    fn a_weight_past_the_bound_never_fits() {
        let mut m = WeightedMatrix::new(vec![Bounds { min: 1, max: 2 }]);
        m.option(&[(0, 3)]).unwrap();
        m.option(&[(0, 2)]).unwrap();
        m.option(&[(0, 1)]).unwrap();
        let never = AtomicBool::new(false);
        // {2 times}, {once}: the option covering it three times fits nowhere,
        // and both others together cover it three times.
        assert_eq!(count_weighted(&m, &never), Some(2));
    }

    #[test]
    fn a_stopped_count_says_so() {
        let mut m = WeightedMatrix::new(vec![Bounds { min: 0, max: 1 }]);
        m.option(&[(0, 1)]).unwrap();
        let stop = AtomicBool::new(true);
        assert_eq!(count_weighted(&m, &stop), None);
    }

    #[test]
    fn malformed_options_are_refused() {
        let mut m = WeightedMatrix::new(vec![Bounds { min: 1, max: 1 }]);
        assert!(m.option(&[]).is_err());
        assert!(m.option(&[(1, 1)]).is_err());
        assert!(m.option(&[(0, 0)]).is_err());
        assert!(m.option(&[(0, 1), (0, 1)]).is_err());
    }
}
