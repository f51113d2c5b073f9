//! A piece of unit cubes, shrunk by the inset, as boxes on a grid fine enough
//! for its bevels: along each axis, every whole coordinate `k` gives the
//! lines `k - inset - bevel`, `k - inset`, `k + inset` and `k + inset +
//! bevel`. A fine box between `k - inset` and `k + inset` along an axis is a
//! gap between two cells, part of the piece when the cells on both sides
//! are; any other fine box lies in one cell. So a fine box is part of the
//! shrunk piece when every cell it touches is the piece's: each cell shrinks
//! by the inset on the sides it shows, and stays joined to its neighbours
//! where they meet. Its faces lie on the lines `k ± inset` only, which is
//! what lets [`super::bevel`] cut each convex edge within the fine boxes
//! beside it.

use crate::geometry::Cell;
use std::collections::HashSet;

/// The fine lines of one axis and, per fine interval, the cells (along that
/// axis) it touches.
struct Axis {
    /// The lines, in cells, increasing.
    lines: Vec<f64>,
    /// Per interval between two lines: the first cell it touches and how
    /// many (1 inside a cell, 2 in the gap between two).
    touches: Vec<(i32, usize)>,
}

impl Axis {
    /// The lines around cells `lo..=hi`, with one empty interval beyond each
    /// end so that the piece's outer faces have an outside.
    fn new(lo: i32, hi: i32, inset: f64, bevel: f64) -> Axis {
        let mut lines = Vec::new();
        let mut touches = Vec::new();
        // Offsets from `k` and the cells the interval above each touches;
        // a bevel of nought makes no lines of its own.
        let steps: &[(f64, i32, usize)] = if bevel > 0.0 {
            &[
                (-inset - bevel, -1, 1),
                (-inset, -1, 2),
                (inset, 0, 1),
                (inset + bevel, 0, 1),
            ]
        } else {
            &[(-inset, -1, 2), (inset, 0, 1)]
        };
        for k in lo..=hi + 1 {
            for &(offset, first, count) in steps {
                lines.push(f64::from(k) + offset);
                touches.push((k + first, count));
            }
        }
        // The interval after the last line is never used.
        touches.pop();
        Axis { lines, touches }
    }
}

/// The shrunk piece as fine boxes: those of the piece, kept as a set so
/// that a piece spread across a large box (a long diagonal of cells, say)
/// costs memory for its cells alone.
pub(super) struct Refined {
    axes: [Axis; 3],
    filled: HashSet<[usize; 3]>,
}

impl Refined {
    /// `cells` (distinct, at least one) shrunk by `inset` on a grid with
    /// lines for a bevel of `bevel` (both in cells, with `inset > 0` and
    /// `inset + bevel < 1/2`).
    pub(super) fn new(cells: &[Cell], inset: f64, bevel: f64) -> Refined {
        let own: HashSet<Cell> = cells.iter().copied().collect();
        let lo: Cell = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
        let axes: [Axis; 3] = std::array::from_fn(|a| {
            let hi = cells.iter().map(|c| c[a]).max().unwrap_or(0);
            Axis::new(lo[a], hi, inset, bevel)
        });
        // Fine lines per whole coordinate, and the interval of the gap below
        // a cell among its own (see `Axis::new`).
        let (per_cell, gap) = if bevel > 0.0 { (4, 1) } else { (2, 0) };
        let mut refined = Refined {
            axes,
            filled: HashSet::new(),
        };
        // A fine box of the piece touches only the piece's cells, so it is
        // among the fine boxes from the gap below a cell to the gap above.
        for &c in cells {
            let first: [usize; 3] =
                std::array::from_fn(|a| (c[a] - lo[a]) as usize * per_cell + gap);
            for i in first[0]..=first[0] + per_cell {
                for j in first[1]..=first[1] + per_cell {
                    for k in first[2]..=first[2] + per_cell {
                        if refined.all_own([i, j, k], &own) {
                            refined.filled.insert([i, j, k]);
                        }
                    }
                }
            }
        }
        refined
    }

    /// Whether every cell fine box `at` touches is the piece's.
    fn all_own(&self, at: [usize; 3], own: &HashSet<Cell>) -> bool {
        let [x, y, z] = std::array::from_fn(|a| self.axes[a].touches.get(at[a]).copied());
        let (Some(x), Some(y), Some(z)) = (x, y, z) else {
            return false;
        };
        (0..x.1).all(|dx| {
            (0..y.1).all(|dy| {
                (0..z.1)
                    .all(|dz| own.contains(&[x.0 + dx as i32, y.0 + dy as i32, z.0 + dz as i32]))
            })
        })
    }

    /// Whether fine box `at` is part of the piece.
    pub(super) fn filled(&self, at: [isize; 3]) -> bool {
        match at.map(usize::try_from) {
            [Ok(i), Ok(j), Ok(k)] => self.filled.contains(&[i, j, k]),
            _ => false,
        }
    }

    /// Where grid point `at` (the corner below fine box `at`) lies, in cells.
    pub(super) fn point(&self, at: [usize; 3]) -> [f64; 3] {
        std::array::from_fn(|a| self.axes[a].lines[at[a]])
    }

    /// The faces between a fine box of the piece and one that is not, each
    /// as its four grid points counter-clockwise seen from outside.
    pub(super) fn faces(&self) -> Vec<[[usize; 3]; 4]> {
        let mut boxes: Vec<[usize; 3]> = self.filled.iter().copied().collect();
        boxes.sort_unstable();
        let mut faces = Vec::new();
        for at in boxes {
            for a in 0..3 {
                for up in [false, true] {
                    let mut next = at.map(|v| v as isize);
                    next[a] += if up { 1 } else { -1 };
                    if !self.filled(next) {
                        faces.push(face(at, a, up));
                    }
                }
            }
        }
        faces
    }
}

/// The face of fine box `at` on the side `up` (or down) along axis `a`, its
/// corners counter-clockwise seen from outside.
fn face(at: [usize; 3], a: usize, up: bool) -> [[usize; 3]; 4] {
    let (b, c) = ((a + 1) % 3, (a + 2) % 3);
    let corner = |db: usize, dc: usize| {
        let mut p = at;
        if up {
            p[a] += 1;
        }
        p[b] += db;
        p[c] += dc;
        p
    };
    // Along b then c is counter-clockwise seen from +a.
    let square = [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
    if up {
        square
    } else {
        [square[0], square[3], square[2], square[1]]
    }
}
