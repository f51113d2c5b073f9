//! How far one piece can slide towards another before a cube of the first would
//! enter a cube of the second, along each of the six axis directions. Pieces
//! never rotate while an assembly is taken apart, so the gap depends only on
//! the two pieces and where they sit relative to each other: it is worked out
//! once per pair and relative offset, and then looked up.

use crate::geometry::{Cell, least_corner};
use rustc_hash::{FxHashMap, FxHashSet};

/// The most directions a grid's pieces slide in: six on cubes (+x, −x, +y,
/// −y, +z, −z, the order every search tries them in), eight on triangular
/// prisms.
pub const DIRECTIONS: usize = 8;

/// How pieces slide: along the cube's axes, or on triangular prisms (in
/// BurrTools' voxel coordinates) up and down and along the three directions
/// of the triangles' edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Motion {
    #[default]
    Cubes,
    Prisms,
}

/// A prism's four ways to slide, each also the opposite way, in BurrTools'
/// order: one step, and the cells (relative to where a triangle stands,
/// pointing up and pointing down) that it sweeps through on that step.
const PRISM_STEPS: [(Cell, [&[Cell]; 2]); 4] = [
    ([0, 0, 1], [&[[0, 0, 1]], &[[0, 0, 1]]]),
    (
        [2, 0, 0],
        [&[[1, 0, 0], [2, 0, 0]], &[[1, 0, 0], [2, 0, 0]]],
    ),
    (
        [1, 1, 0],
        [&[[1, 0, 0], [1, 1, 0]], &[[0, 1, 0], [1, 1, 0]]],
    ),
    (
        [-1, 1, 0],
        [&[[-1, 0, 0], [-1, 1, 0]], &[[0, 1, 0], [-1, 1, 0]]],
    ),
];

impl Motion {
    /// How many directions pieces slide in (each way counted).
    pub fn directions(self) -> usize {
        match self {
            Motion::Cubes => 6,
            Motion::Prisms => 8,
        }
    }

    /// One step in `direction`: directions come in pairs, the positive way
    /// first.
    pub fn step(self, direction: usize) -> Cell {
        let positive = match self {
            Motion::Cubes => {
                let mut d = [0; 3];
                d[direction / 2] = 1;
                d
            }
            Motion::Prisms => PRISM_STEPS[direction / 2].0,
        };
        if direction.is_multiple_of(2) {
            positive
        } else {
            positive.map(|v| -v)
        }
    }

    /// A direction's name, for moves as text.
    pub fn name(self, direction: usize) -> &'static str {
        let names: &[&str] = match self {
            Motion::Cubes => &["+x", "-x", "+y", "-y", "+z", "-z"],
            Motion::Prisms => &["+z", "-z", "+x", "-x", "+x+y", "-x-y", "-x+y", "+x-y"],
        };
        names[direction]
    }
}

/// A prism shape's cells, as a list and a set, and the least corner of their
/// box (its greatest is the shape's extent).
type ShapeCells = (Vec<Cell>, FxHashSet<Cell>, Cell);

/// How many whole steps a prism piece `a` can slide the positive way of
/// `kind` (0 to 3) before sweeping into a cell of `b` (sitting at `offset`
/// from `a`); `None` when it never would.
fn prism_gap(
    a: &[Cell],
    b: &FxHashSet<Cell>,
    b_box: (Cell, Cell),
    kind: usize,
    offset: Cell,
) -> Option<u32> {
    let (step, sweeps) = PRISM_STEPS[kind];
    let (lo, hi) = b_box;
    let mut best: Option<u32> = None;
    for &c in a {
        let mut at = [c[0] - offset[0], c[1] - offset[1], c[2] - offset[2]];
        let sweep = sweeps[(at[0] + at[1]).rem_euclid(2) as usize];
        let mut d = 0u32;
        loop {
            if best.is_some_and(|b| d >= b) {
                break;
            }
            // Past b's box in the direction of travel: nothing ahead.
            if (0..3)
                .any(|k| (step[k] > 0 && at[k] > hi[k] + 2) || (step[k] < 0 && at[k] < lo[k] - 2))
            {
                break;
            }
            if sweep
                .iter()
                .any(|s| b.contains(&[at[0] + s[0], at[1] + s[1], at[2] + s[2]]))
            {
                best = Some(d);
                break;
            }
            at = [at[0] + step[0], at[1] + step[1], at[2] + step[2]];
            d += 1;
        }
    }
    best
}

/// A piece's cubes as grid lines: per axis, for each line parallel to it (named
/// by the other two coordinates), the sorted coordinates along it.
pub struct Lines {
    by_axis: [FxHashMap<(i32, i32), Vec<i32>>; 3],
}

impl Lines {
    pub fn new(cells: &[Cell]) -> Lines {
        let mut by_axis: [FxHashMap<(i32, i32), Vec<i32>>; 3] = Default::default();
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

/// Gaps between pieces at given places, remembered by the pieces' shapes (as
/// placed, up to translation) and their relative offset: the same shapes meet
/// again and again, within one assembly's search and across assemblies, so
/// one table serves every assembly a thread takes apart.
#[derive(Default)]
pub struct Gaps {
    motion: Motion,
    shape_ids: FxHashMap<Vec<Cell>, u32>,
    /// Per shape on prisms, its cells (their gaps look cells up).
    cells: Vec<ShapeCells>,
    /// Per shape on cubes, its grid lines (their gaps walk along them).
    lines: Vec<Lines>,
    /// Per shape: its largest coordinate on each axis (its least is 0 on
    /// cubes, and 0 or 1 across the rows of prisms).
    extents: Vec<Cell>,
    /// Keyed by [`key`]: both shapes and the offset in one word; the gaps of
    /// both ways packed as [`packed`] writes them, so that more of the table
    /// stays in the cache.
    known: FxHashMap<u64, [u16; DIRECTIONS]>,
    /// Per piece of the current assembly: its shape and where that shape's
    /// origin sits.
    placed: Vec<(u32, Cell)>,
}

/// Gaps remembered at the most before the table starts afresh: about 200 MiB.
const MAX_KNOWN: usize = 1 << 22;

/// Shapes remembered at the most: a key holds a shape's number in 12 bits.
const MAX_SHAPES: usize = 1 << 12;

/// The offsets a key holds: each coordinate in 13 bits.
const MAX_OFFSET: i32 = (1 << 12) - 1;

/// Two shapes and the offset of the second from the first, in one word, or
/// `None` for an offset too far to hold (then the gap is worked out afresh).
fn key(a: u32, b: u32, offset: Cell) -> Option<u64> {
    if offset.iter().any(|v| v.abs() > MAX_OFFSET) {
        return None;
    }
    let field = |v: i32| (v + MAX_OFFSET) as u64;
    let packed = u64::from(a) << 51
        | u64::from(b) << 39
        | field(offset[0]) << 26
        | field(offset[1]) << 13
        | field(offset[2]);
    // The table's hash keeps low bits low: spread every field over the word
    // (an invertible mix, so keys stay distinct).
    let mixed = packed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Some(mixed ^ mixed >> 32)
}

/// Gaps in a table entry: `u16::MAX` for no limit. A key's offsets are within
/// [`MAX_OFFSET`], and a gap is less than the distance, so every gap fits.
fn packed(gaps: [Option<u32>; DIRECTIONS]) -> [u16; DIRECTIONS] {
    gaps.map(|g| g.map_or(u16::MAX, |g| g as u16))
}

fn unpacked(gaps: [u16; DIRECTIONS]) -> [Option<u32>; DIRECTIONS] {
    gaps.map(|g| (g != u16::MAX).then_some(u32::from(g)))
}

impl Gaps {
    /// Gaps for pieces that slide as `motion` says.
    pub fn new(motion: Motion) -> Gaps {
        Gaps {
            motion,
            ..Gaps::default()
        }
    }

    /// How pieces slide.
    pub fn motion(&self) -> Motion {
        self.motion
    }

    /// Names the pieces that later calls refer to by index: each one's cubes
    /// where it sits in the assembly. Whether the table started afresh, so
    /// that shape numbers of earlier [`Gaps::layout`]s no longer hold.
    pub fn set_pieces<'a>(&mut self, pieces: impl IntoIterator<Item = &'a [Cell]>) -> bool {
        let pieces: Vec<&[Cell]> = pieces.into_iter().collect();
        let afresh = self.known.len() > MAX_KNOWN || self.extents.len() + pieces.len() > MAX_SHAPES;
        if afresh {
            self.known.clear();
            self.shape_ids.clear();
            self.lines.clear();
            self.extents.clear();
            self.cells.clear();
        }
        self.placed.clear();
        for cells in pieces {
            let mut origin = least_corner(cells);
            if self.motion == Motion::Prisms {
                // A prism shape keeps which way its triangles point: its
                // origin moves only by translations of the grid.
                origin[0] -= (origin[0] + origin[1]).rem_euclid(2);
            }
            let mut shape: Vec<Cell> = cells
                .iter()
                .map(|c| [0, 1, 2].map(|k| c[k] - origin[k]))
                .collect();
            shape.sort_unstable();
            let next = self.extents.len() as u32;
            let motion = self.motion;
            let id = *self.shape_ids.entry(shape).or_insert_with_key(|shape| {
                // Each motion keeps only what its gaps read.
                match motion {
                    Motion::Cubes => self.lines.push(Lines::new(shape)),
                    Motion::Prisms => self.cells.push((
                        shape.clone(),
                        shape.iter().copied().collect(),
                        least_corner(shape),
                    )),
                }
                self.extents
                    .push([0, 1, 2].map(|k| shape.iter().map(|c| c[k]).max().unwrap_or(0)));
                next
            });
            self.placed.push((id, origin));
        }
        afresh
    }

    /// Where the pieces `ids` sit when piece `ids[k]` is shifted by
    /// `state[k]`: per piece, its shape and where it sits relative to the
    /// first piece, in one word. Equal layouts have equal gaps between all
    /// their pieces. `None` when a place is too far to hold in a word.
    pub fn layout(&self, ids: &[usize], state: &[[i16; 3]]) -> Option<Vec<u64>> {
        let first = self.placed[*ids.first()?].1;
        ids.iter()
            .zip(state)
            .map(|(&id, at)| {
                let (shape, origin) = self.placed[id];
                let mut word = u64::from(shape);
                for k in 0..3 {
                    let place = i16::try_from(origin[k] - first[k] + i32::from(at[k])).ok()?;
                    word = word << 16 | u64::from(place as u16);
                }
                Some(word)
            })
            .collect()
    }

    /// How far piece `a` (at `at_a`) can slide in each direction while piece
    /// `b` (at `at_b`) stays; `None` for no limit. Sliding `a` the negative
    /// way is sliding `b` the positive way towards `a`, so one entry answers
    /// for both pieces.
    pub fn between(
        &mut self,
        a: usize,
        at_a: Cell,
        b: usize,
        at_b: Cell,
    ) -> [Option<u32>; DIRECTIONS] {
        let (shape_a, origin_a) = self.placed[a];
        let (shape_b, origin_b) = self.placed[b];
        let offset = [0, 1, 2].map(|k| origin_b[k] + at_b[k] - origin_a[k] - at_a[k]);
        if self.motion == Motion::Prisms {
            return self.prism_gaps(shape_a, shape_b, offset);
        }
        // A piece can run into another along an axis only when their boxes
        // overlap across it: far apart, there is nothing to look up.
        let (extent_a, extent_b) = (
            self.extents[shape_a as usize],
            self.extents[shape_b as usize],
        );
        let overlaps = [0, 1, 2].map(|k| offset[k] <= extent_a[k] && -offset[k] <= extent_b[k]);
        if [
            overlaps[0] && overlaps[1],
            overlaps[0] && overlaps[2],
            overlaps[1] && overlaps[2],
        ] == [false; 3]
        {
            return [None; DIRECTIONS];
        }
        let lines = &self.lines;
        let work = || {
            let (from, to) = (&lines[shape_a as usize], &lines[shape_b as usize]);
            let back = offset.map(|v| -v);
            let mut gaps = [None; DIRECTIONS];
            for axis in 0..3 {
                gaps[2 * axis] = positive_gap(from, to, axis, offset);
                gaps[2 * axis + 1] = positive_gap(to, from, axis, back);
            }
            gaps
        };
        match key(shape_a, shape_b, offset) {
            Some(key) => unpacked(*self.known.entry(key).or_insert_with(|| packed(work()))),
            None => work(),
        }
    }

    /// [`Gaps::between`] on prisms: each way of each of the four slides,
    /// `a` sliding towards `b` and then `b` towards `a`.
    fn prism_gaps(
        &mut self,
        shape_a: u32,
        shape_b: u32,
        offset: Cell,
    ) -> [Option<u32>; DIRECTIONS] {
        let (cells, extents) = (&self.cells, &self.extents);
        let work = || {
            let (a, a_set, a_low) = &cells[shape_a as usize];
            let (b, b_set, b_low) = &cells[shape_b as usize];
            let a_box = (*a_low, extents[shape_a as usize]);
            let b_box = (*b_low, extents[shape_b as usize]);
            let back = offset.map(|v| -v);
            let mut gaps = [None; DIRECTIONS];
            for kind in 0..4 {
                gaps[2 * kind] = prism_gap(a, b_set, b_box, kind, offset);
                gaps[2 * kind + 1] = prism_gap(b, a_set, a_box, kind, back);
            }
            gaps
        };
        match key(shape_a, shape_b, offset) {
            Some(key) => unpacked(*self.known.entry(key).or_insert_with(|| packed(work()))),
            None => work(),
        }
    }

    /// How far piece `a` (at `at_a`) can slide in `direction` while piece `b`
    /// (at `at_b`) stays; `None` for no limit.
    #[cfg(test)]
    pub fn gap(
        &mut self,
        a: usize,
        at_a: Cell,
        b: usize,
        at_b: Cell,
        direction: usize,
    ) -> Option<u32> {
        self.between(a, at_a, b, at_b)[direction]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prism_gaps_count_whole_steps_and_the_triangles_swept() {
        let mut gaps = Gaps::new(Motion::Prisms);
        // Two triangles pointing up in a row, four half sides apart: one step
        // of +x (two triangles) is free, the next sweeps into b.
        gaps.set_pieces([&[[0, 0, 0]][..], &[[4, 0, 0]][..]]);
        let origin = [0, 0, 0];
        assert_eq!(gaps.gap(0, origin, 1, origin, 2), Some(1));
        assert_eq!(gaps.gap(0, origin, 1, origin, 3), None);
        assert_eq!(gaps.gap(1, origin, 0, origin, 3), Some(1));
        // Up and down: nothing above.
        assert_eq!(gaps.gap(0, origin, 1, origin, 0), None);
        // a's step along +x+y crosses the triangle at (1, 0) and lands on
        // (1, 1), where b is: no step is free.
        gaps.set_pieces([&[[0, 0, 0]][..], &[[1, 1, 0]][..]]);
        assert_eq!(gaps.gap(0, origin, 1, origin, 4), Some(0));
        assert_eq!(gaps.gap(0, origin, 1, origin, 2), None);
        assert_eq!(Motion::Prisms.step(4), [1, 1, 0]);
        assert_eq!(Motion::Prisms.step(7), [1, -1, 0]);
    }

    #[test]
    fn gaps_count_the_free_cells_ahead() {
        let mut gaps = Gaps::default();
        gaps.set_pieces([&[[0, 0, 0]][..], &[[3, 0, 0], [5, 0, 0]][..]]);
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
