use std::fmt;

/// Axis names in the order the coordinates are stored.
pub const AXIS_NAMES: [char; 3] = ['x', 'y', 'z'];

/// A unit cell of the integer lattice, `[x, y, z]`.
pub type Cell = [i32; 3];

/// One of the six face directions: an axis and a sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir {
    pub axis: usize,
    pub positive: bool,
}

impl Dir {
    /// All six directions in a fixed order: +x, -x, +y, -y, +z, -z.
    /// The order is part of the variable numbering of the encodings, so it is fixed here.
    pub const ALL: [Dir; 6] = [
        Dir::new(0, true),
        Dir::new(0, false),
        Dir::new(1, true),
        Dir::new(1, false),
        Dir::new(2, true),
        Dir::new(2, false),
    ];

    pub const fn new(axis: usize, positive: bool) -> Dir {
        Dir { axis, positive }
    }

    /// Position of this direction in [`Dir::ALL`].
    pub fn index(self) -> usize {
        2 * self.axis + usize::from(!self.positive)
    }

    pub fn opposite(self) -> Dir {
        Dir::new(self.axis, !self.positive)
    }

    /// The unit step of this direction.
    pub fn delta(self) -> Cell {
        let mut d = [0; 3];
        d[self.axis] = if self.positive { 1 } else { -1 };
        d
    }

    /// The cell `k` steps from `cell` in this direction.
    pub fn step(self, cell: Cell, k: i32) -> Cell {
        let d = self.delta();
        [cell[0] + k * d[0], cell[1] + k * d[1], cell[2] + k * d[2]]
    }

    /// The direction of the unit step from `a` to `b`, if they are face neighbours.
    pub fn between(a: Cell, b: Cell) -> Option<Dir> {
        let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let nonzero: Vec<usize> = (0..3).filter(|&i| d[i] != 0).collect();
        match nonzero.as_slice() {
            [axis] if d[*axis].abs() == 1 => Some(Dir::new(*axis, d[*axis] > 0)),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.positive { '+' } else { '-' };
        write!(f, "{sign}{}", AXIS_NAMES[self.axis])
    }
}

/// An a×b×c box of cells `[0, a) × [0, b) × [0, c)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxDims {
    pub sides: [i32; 3],
}

impl BoxDims {
    pub fn new(a: i32, b: i32, c: i32) -> BoxDims {
        BoxDims { sides: [a, b, c] }
    }

    pub fn volume(&self) -> usize {
        self.sides.iter().map(|&s| s as usize).product()
    }

    pub fn contains(&self, cell: Cell) -> bool {
        (0..3).all(|i| 0 <= cell[i] && cell[i] < self.sides[i])
    }

    /// Dense index of a cell inside the box (x fastest, then y, then z).
    pub fn index(&self, cell: Cell) -> usize {
        let [a, b, _] = self.sides;
        (cell[0] + a * (cell[1] + b * cell[2])) as usize
    }

    /// Inverse of [`BoxDims::index`].
    pub fn cell(&self, index: usize) -> Cell {
        let [a, b, _] = self.sides;
        let i = index as i32;
        [i % a, (i / a) % b, i / (a * b)]
    }

    /// Every cell, in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.volume()).map(|i| self.cell(i))
    }

    /// Checkerboard colour: neighbouring cells always differ, which is what makes
    /// a path through the box alternate colours.
    pub fn colour(cell: Cell) -> usize {
        (cell[0] + cell[1] + cell[2]).rem_euclid(2) as usize
    }
}

impl fmt::Display for BoxDims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.sides;
        write!(f, "{a}x{b}x{c}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        let b = BoxDims::new(2, 3, 4);
        for i in 0..b.volume() {
            assert_eq!(b.index(b.cell(i)), i);
            assert!(b.contains(b.cell(i)));
        }
        assert!(!b.contains([2, 0, 0]));
        assert!(!b.contains([0, -1, 0]));
    }

    #[test]
    fn directions_are_consistent() {
        for (i, d) in Dir::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Dir::between([1, 1, 1], d.step([1, 1, 1], 1)), Some(*d));
            assert_eq!(d.opposite().opposite(), *d);
        }
        assert_eq!(Dir::between([0, 0, 0], [1, 1, 0]), None);
        assert_eq!(Dir::between([0, 0, 0], [2, 0, 0]), None);
        assert_eq!(Dir::new(1, false).to_string(), "-y");
    }
}
