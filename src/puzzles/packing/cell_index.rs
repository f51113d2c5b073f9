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

    /// Every translation of `shape` (normalised: its least coordinate on each
    /// axis is 0) that lays each cell `k` on a cell of `target` (the list the index
    /// was made from), at position `i`, with `fits(k, i)`; as the offsets added to
    /// the shape, in order; only offsets `allowed` are tried (a grid's
    /// translations). Placements are built from this at load time: with a
    /// dense index a cell is found by adding its place in the box to the offset's,
    /// with no bounds to check, since every offset tried keeps the shape inside.
    pub fn translations(
        &self,
        target: &[Cell],
        shape: &[Cell],
        fits: impl Fn(usize, usize) -> bool,
        allowed: impl Fn(Cell) -> bool,
    ) -> Vec<Cell> {
        debug_assert!(shape.iter().all(|c| c.iter().all(|&v| v >= 0)));
        let extent: [usize; 3] =
            std::array::from_fn(|a| shape.iter().map(|c| c[a] as usize).max().unwrap_or(0));
        if target.is_empty() || (0..3).any(|a| extent[a] >= self.sides[a]) {
            return Vec::new();
        }
        let [sx, sy, sz] = self.sides;
        let place = |x: usize, y: usize, z: usize| x + sx * (y + sy * z);
        // Places in the box exist only for a dense index (a larger box could
        // overflow them).
        let dense = !self.dense.is_empty();
        let relative: Vec<usize> = shape
            .iter()
            .filter(|_| dense)
            .map(|c| place(c[0] as usize, c[1] as usize, c[2] as usize))
            .collect();
        let lo = self.lo;
        let mut out = Vec::new();
        // In the order placements have always been listed in (x, then y, then z).
        for x in 0..sx - extent[0] {
            for y in 0..sy - extent[1] {
                for z in 0..sz - extent[2] {
                    let offset = [lo[0] + x as i32, lo[1] + y as i32, lo[2] + z as i32];
                    if !allowed(offset) {
                        continue;
                    }
                    let base = if dense { place(x, y, z) } else { 0 };
                    let position = |k: usize| -> Option<usize> {
                        if dense {
                            let at = self.dense[base + relative[k]];
                            (at > 0).then(|| at as usize - 1)
                        } else {
                            let c = shape[k];
                            let at = [c[0] + offset[0], c[1] + offset[1], c[2] + offset[2]];
                            target.binary_search(&at).ok()
                        }
                    };
                    if (0..shape.len()).all(|k| position(k).is_some_and(|i| fits(k, i))) {
                        out.push(offset);
                    }
                }
            }
        }
        out
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

    /// Translations found through the dense index and by binary search (the index
    /// of a box too large to hold densely) agree with trying every offset.
    #[test]
    fn translations_match_trying_every_offset() {
        let mut target: Vec<Cell> = (0..5)
            .flat_map(|x: i32| (0..4).flat_map(move |y| (0..4).map(move |z| [x, y - 1, z + 2])))
            .filter(|c| (c[0] + 2 * c[1] + 3 * c[2]).rem_euclid(11) != 0)
            .collect();
        target.sort();
        let shape: Vec<Cell> = vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
        let dense = CellIndex::new(&target);
        let sparse = CellIndex {
            dense: Vec::new(),
            ..dense.clone()
        };
        // Cell 1 of the shape may not lie on every third cell of the target.
        let fits = |k: usize, i: usize| k != 1 || !i.is_multiple_of(3);
        let mut expected = Vec::new();
        for x in -3..6 {
            for y in -3..4 {
                for z in -1..7 {
                    let positions: Vec<Option<usize>> = shape
                        .iter()
                        .map(|c| target.binary_search(&[c[0] + x, c[1] + y, c[2] + z]).ok())
                        .collect();
                    let all = positions.iter().enumerate();
                    if all.clone().all(|(k, p)| p.is_some_and(|i| fits(k, i))) {
                        expected.push([x, y, z]);
                    }
                }
            }
        }
        let anywhere = dense.translations(&target, &shape, |_, _| true, |_| true);
        assert!(expected.len() > 3 && expected.len() < anywhere.len());
        assert_eq!(
            dense.translations(&target, &shape, fits, |_| true),
            expected
        );
        assert_eq!(
            sparse.translations(&target, &shape, fits, |_| true),
            expected
        );
    }

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
