//! Which pieces of a state block which, and how far: the gaps between every
//! two pieces, and per piece and direction the pieces ahead of it, from which
//! the search reads the sets that must move together.

use super::gaps::DIRECTIONS;
use super::search::Pieces;
use crate::geometry::Cell;

/// For every ordered pair of pieces of a state, how far the first can slide
/// in each direction while the second stays (`None`: no limit), and which
/// pieces block each piece at any distance: worked out per state from the
/// last state worked out, for the pairs whose pieces moved differently since
/// (states met one after the other differ in a few pieces).
#[derive(Default)]
pub struct Blocking {
    pub n: usize,
    gaps: Vec<[Option<u32>; DIRECTIONS]>,
    /// Per piece and direction, the pieces ahead of it at some distance.
    pub ahead: Vec<[u64; DIRECTIONS]>,
    /// Per piece and direction, the pieces it runs into within 1, 2, ...
    /// [`NEAR`] steps: most slides are short.
    near: Vec<[[u64; NEAR]; DIRECTIONS]>,
    /// The state these hold for; empty before the first.
    last: Vec<[i16; 3]>,
}

/// The slide lengths [`Blocking`] keeps masks for.
const NEAR: usize = 4;

impl Blocking {
    /// Forgets the last state: the next is worked out afresh (a new search,
    /// whose pieces may be others).
    pub fn forget(&mut self) {
        self.last.clear();
    }

    /// Works out the gaps of `state`, from those of the last state.
    pub fn work_out(&mut self, pieces: &mut Pieces, state: &[[i16; 3]]) {
        let n = state.len();
        // After `forget`, or for another number of pieces: every pair anew.
        let fresh = self.last.len() != n;
        if fresh {
            self.n = n;
            self.gaps.clear();
            self.gaps.resize(n * n, [None; DIRECTIONS]);
            self.ahead.clear();
            self.ahead.resize(n, [0; DIRECTIONS]);
            self.near.clear();
            self.near.resize(n, [[0; NEAR]; DIRECTIONS]);
        }
        let at = |i: usize| -> Cell { state[i].map(i32::from) };
        // Per piece, how far it moved since the last state.
        let mut moved = std::mem::take(&mut self.last);
        for (m, now) in moved.iter_mut().zip(state) {
            *m = [0, 1, 2].map(|k| now[k] - m[k]);
        }
        for i in 0..n {
            for j in i + 1..n {
                // Two pieces that moved alike keep their gaps.
                if !fresh && moved[j] == moved[i] {
                    continue;
                }
                let of_i = pieces
                    .gaps
                    .between(pieces.ids[i], at(i), pieces.ids[j], at(j));
                if fresh || of_i != self.gaps[i * n + j] {
                    self.set_pair(i, j, of_i);
                }
            }
        }
        moved.clear();
        moved.extend_from_slice(state);
        self.last = moved;
    }

    /// Records the gaps of `i` towards `j` (and so of `j` towards `i`).
    fn set_pair(&mut self, i: usize, j: usize, of_i: [Option<u32>; DIRECTIONS]) {
        let n = self.n;
        let (bit_i, bit_j) = (1u64 << i, 1u64 << j);
        for (direction, gap) in of_i.into_iter().enumerate() {
            // i sliding one way towards j is j sliding the other way
            // towards i: the same gap.
            let back = direction ^ 1;
            self.gaps[i * n + j][direction] = gap;
            self.gaps[j * n + i][back] = gap;
            // A slide of s steps runs into a piece gap < s away.
            let first_near = gap.map_or(NEAR, |g| (g as usize).min(NEAR));
            let (ahead_i, near_i) = (&mut self.ahead[i][direction], &mut self.near[i][direction]);
            *ahead_i = (*ahead_i & !bit_j) | if gap.is_some() { bit_j } else { 0 };
            for (s, mask) in near_i.iter_mut().enumerate() {
                *mask = (*mask & !bit_j) | if s >= first_near { bit_j } else { 0 };
            }
            let (ahead_j, near_j) = (&mut self.ahead[j][back], &mut self.near[j][back]);
            *ahead_j = (*ahead_j & !bit_i) | if gap.is_some() { bit_i } else { 0 };
            for (s, mask) in near_j.iter_mut().enumerate() {
                *mask = (*mask & !bit_i) | if s >= first_near { bit_i } else { 0 };
            }
        }
    }

    /// The pieces piece `i` runs into when it slides `distance` steps (`None`
    /// for without end) in `direction`.
    fn hit(&self, i: usize, direction: usize, distance: Option<u32>) -> u64 {
        let ahead = self.ahead[i][direction];
        let Some(distance) = distance else {
            return ahead;
        };
        if (distance as usize) <= NEAR {
            return self.near[i][direction][distance as usize - 1];
        }
        let mut hit = 0;
        let mut rest = ahead;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.gaps[i * self.n + j][direction].is_some_and(|g| distance > g) {
                hit |= 1 << j;
            }
        }
        hit
    }

    /// The set that must move with piece `p` when it slides `distance` steps
    /// (`None` for without end) in `direction`, or `None` when it would hold
    /// more than `most` pieces. `too_big` holds pieces whose own sets for
    /// this slide are known to hold more: a set that takes one in holds all
    /// of that one's set, so it is too big at once.
    pub fn moving_set(
        &self,
        p: usize,
        direction: usize,
        distance: Option<u32>,
        most: usize,
        too_big: u64,
    ) -> Option<u64> {
        let mut set = 1u64 << p;
        let mut count = 1;
        let mut todo = set;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut new = self.hit(i, direction, distance) & !set;
            if new & too_big != 0 {
                return None;
            }
            set |= new;
            todo |= new;
            // Usually a piece or two: cheaper than a population count
            // without the instruction.
            while new != 0 {
                new &= new - 1;
                count += 1;
            }
            if count > most {
                return None;
            }
        }
        Some(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disassembly::gaps::Gaps;
    use proptest::prelude::*;

    proptest! {
        /// Worked out from the last state, a state's blocking is what it is
        /// worked out afresh, however the pieces moved in between.
        #[test]
        fn worked_out_from_the_last_state_as_afresh(
            shapes in prop::collection::vec(prop::collection::vec((0..4i32, 0..3i32, 0..3i32), 1..6), 2..7),
            walk in prop::collection::vec((0usize..7, 0usize..6, 1i16..4), 1..25),
        ) {
            let cells: Vec<Vec<Cell>> = shapes
                .iter()
                .enumerate()
                .map(|(k, s)| s.iter().map(|&(x, y, z)| [x + 3 * k as i32, y, z]).collect())
                .collect();
            let mut gaps = Gaps::default();
            gaps.set_pieces(cells.iter().map(|c| c.as_slice()));
            let ids: Vec<usize> = (0..cells.len()).collect();
            let mut pieces = Pieces { ids: &ids, weights: None, gaps: &mut gaps };
            let mut state = vec![[0i16; 3]; cells.len()];
            let mut kept = Blocking::default();
            kept.work_out(&mut pieces, &state);
            for (piece, direction, by) in walk {
                // One or two pieces move; overlaps do not matter to the gaps.
                let axis = direction / 2;
                let sign = if direction % 2 == 0 { 1 } else { -1 };
                for moving in [piece % cells.len(), (piece + 1) % cells.len()].into_iter().take(1 + piece % 2) {
                    state[moving][axis] += sign * by;
                }
                kept.work_out(&mut pieces, &state);
                let mut fresh = Blocking::default();
                fresh.work_out(&mut pieces, &state);
                prop_assert_eq!(&kept.gaps, &fresh.gaps);
                prop_assert_eq!(&kept.ahead, &fresh.ahead);
                prop_assert_eq!(&kept.near, &fresh.near);
            }
        }
    }
}
