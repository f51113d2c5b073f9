//! The position of a cell in the sorted target, looked up in a dense box when
//! the target's box is small enough: `check` looks up every cell of every
//! solution and of its symmetric images, and on targets of a thousand cells a
//! binary search per cell was a quarter of a count's time.

use crate::geometry::Cell;

/// Largest box indexed densely (4 bytes a cell); larger boxes fall back to a
/// binary search.
const MAX_DENSE: usize = 1 << 22;

#[derive(Clone, Debug)]
pub struct CellIndex {
    lo: Cell,
    sides: [usize; 3],
    /// Per cell of the box, its position in the target plus one (0: outside);
    /// empty when the box is too large.
    dense: Vec<u32>,
}

impl CellIndex {
    /// The index of a sorted list of cells.
    pub fn new(target: &[Cell]) -> CellIndex {
        let lo: Cell = std::array::from_fn(|a| target.iter().map(|c| c[a]).min().unwrap_or(0));
        let hi: Cell = std::array::from_fn(|a| target.iter().map(|c| c[a]).max().unwrap_or(0));
        let sides: [usize; 3] = std::array::from_fn(|a| (hi[a] - lo[a] + 1) as usize);
        let volume = sides[0].saturating_mul(sides[1]).saturating_mul(sides[2]);
        let mut index = CellIndex {
            lo,
            sides,
            dense: Vec::new(),
        };
        if volume <= MAX_DENSE && target.len() < u32::MAX as usize {
            let mut dense = vec![0u32; volume];
            for (i, &c) in target.iter().enumerate() {
                if let Some(slot) = index.slot(c) {
                    dense[slot] = i as u32 + 1;
                }
            }
            index.dense = dense;
        }
        index
    }

    fn slot(&self, c: Cell) -> Option<usize> {
        let mut slot = 0usize;
        for a in (0..3).rev() {
            let offset = usize::try_from(i64::from(c[a]) - i64::from(self.lo[a])).ok()?;
            if offset >= self.sides[a] {
                return None;
            }
            slot = slot * self.sides[a] + offset;
        }
        Some(slot)
    }

    /// The position of `c` in `target` (the list the index was made from).
    pub fn find(&self, target: &[Cell], c: Cell) -> Option<usize> {
        if self.dense.is_empty() {
            return target.binary_search(&c).ok();
        }
        let at = self.dense[self.slot(c)?];
        (at > 0).then(|| at as usize - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_a_binary_search_finds() {
        let mut target: Vec<Cell> = vec![[0, 0, 0], [2, 1, 0], [-1, 3, 2], [5, 0, 1]];
        target.sort();
        let index = CellIndex::new(&target);
        for x in -2..7 {
            for y in -1..5 {
                for z in -1..4 {
                    let c = [x, y, z];
                    assert_eq!(index.find(&target, c), target.binary_search(&c).ok());
                }
            }
        }
    }
}
