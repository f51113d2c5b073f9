//! How far one piece can slide towards another before a cube of the first would
//! enter a cube of the second, along each of the six axis directions. Pieces
//! never rotate while an assembly is taken apart, so the gap depends only on
//! the two pieces and where they sit relative to each other: it is worked out
//! once per pair and relative offset, and then looked up.

use crate::geometry::Cell;
use std::collections::HashMap;

/// The six directions in the order every search tries them: +x, −x, +y, −y, +z, −z.
pub const DIRECTIONS: usize = 6;

/// The axis of a direction and whether it points the positive way.
pub fn axis_of(direction: usize) -> (usize, bool) {
    (direction / 2, direction.is_multiple_of(2))
}

/// A piece's cubes as grid lines: per axis, for each line parallel to it (named
/// by the other two coordinates), the sorted coordinates along it.
pub struct Lines {
    by_axis: [HashMap<(i32, i32), Vec<i32>>; 3],
}

impl Lines {
    pub fn new(cells: &[Cell]) -> Lines {
        let mut by_axis: [HashMap<(i32, i32), Vec<i32>>; 3] = Default::default();
        for c in cells {
            for (axis, lines) in by_axis.iter_mut().enumerate() {
                lines.entry(across(*c, axis)).or_default().push(c[axis]);
            }
        }
        for lines in &mut by_axis {
            for along in lines.values_mut() {
                along.sort_unstable();
            }
        }
        Lines { by_axis }
    }
}

/// The two coordinates other than `axis`: the grid line through `c` parallel to it.
fn across(c: Cell, axis: usize) -> (i32, i32) {
    match axis {
        0 => (c[1], c[2]),
        1 => (c[0], c[2]),
        _ => (c[0], c[1]),
    }
}

/// The least number of free cells between a cube of `a` and a cube of `b`
/// ahead of it in the positive direction of `axis`, when `b` sits at `offset`
/// relative to `a`; `None` when no cube of `b` lies ahead of one of `a` on any
/// line (the slide has no limit).
fn positive_gap(a: &Lines, b: &Lines, axis: usize, offset: Cell) -> Option<u32> {
    let (o1, o2) = across(offset, axis);
    let shift = offset[axis];
    let mut best: Option<u32> = None;
    for (&(u, v), mine) in &a.by_axis[axis] {
        let Some(theirs) = b.by_axis[axis].get(&(u - o1, v - o2)) else {
            continue;
        };
        // Both lists are sorted: for each cube of b, the nearest cube of a
        // behind it.
        let mut k = 0;
        for &t in theirs {
            let t = t + shift;
            while k + 1 < mine.len() && mine[k + 1] < t {
                k += 1;
            }
            if mine[k] < t {
                let gap = (t - mine[k] - 1) as u32;
                best = Some(best.map_or(gap, |g| g.min(gap)));
            }
        }
    }
    best
}

/// Gaps between pieces at given places, remembered by pair and relative offset.
pub struct Gaps<'a> {
    lines: &'a [Lines],
    known: HashMap<(u16, u16, Cell), [Option<u32>; 3]>,
}

impl<'a> Gaps<'a> {
    pub fn new(lines: &'a [Lines]) -> Gaps<'a> {
        Gaps {
            lines,
            known: HashMap::new(),
        }
    }

    /// How far piece `a` (at `at_a`) can slide in `direction` while piece `b`
    /// (at `at_b`) stays; `None` for no limit.
    pub fn gap(
        &mut self,
        a: usize,
        at_a: Cell,
        b: usize,
        at_b: Cell,
        direction: usize,
    ) -> Option<u32> {
        let (axis, positive) = axis_of(direction);
        // Sliding a the negative way is sliding b the positive way towards a.
        let (from, to, offset) = if positive {
            (a, b, [0, 1, 2].map(|k| at_b[k] - at_a[k]))
        } else {
            (b, a, [0, 1, 2].map(|k| at_a[k] - at_b[k]))
        };
        let lines = self.lines;
        let gaps = self
            .known
            .entry((from as u16, to as u16, offset))
            .or_insert_with(|| {
                [0, 1, 2].map(|axis| positive_gap(&lines[from], &lines[to], axis, offset))
            });
        gaps[axis]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_count_the_free_cells_ahead() {
        let a = Lines::new(&[[0, 0, 0]]);
        let b = Lines::new(&[[3, 0, 0], [5, 0, 0]]);
        let lines = [a, b];
        let mut gaps = Gaps::new(&lines);
        let origin = [0, 0, 0];
        // Two free cells between a and b along +x; nothing of b behind a.
        assert_eq!(gaps.gap(0, origin, 1, origin, 0), Some(2));
        assert_eq!(gaps.gap(0, origin, 1, origin, 1), None);
        // b slides −x towards a the same two cells.
        assert_eq!(gaps.gap(1, origin, 0, origin, 1), Some(2));
        // Moved off the line, nothing blocks.
        assert_eq!(gaps.gap(0, [0, 1, 0], 1, origin, 0), None);
        assert_eq!(gaps.gap(0, origin, 1, origin, 2), None);
        // Interleaved: a at 4 is between b's cubes.
        assert_eq!(gaps.gap(0, [4, 0, 0], 1, origin, 0), Some(0));
        assert_eq!(gaps.gap(0, [4, 0, 0], 1, origin, 1), Some(0));
    }
}
