//! The five grids BurrTools defines, each in the voxel coordinates its files use:
//! which positions are cells, which translations move cells onto cells of the
//! same kind, the turns (and mirror images) a shape may take, and which cells
//! touch.
//!
//! Every grid is handled through one idea: each cell has a *point*, an integer
//! vector proportional to a spot on the cell that the grid's turns move to the
//! same spot on the image cell (its centre, or for triangles their centroid).
//! In those points a turn is an integer matrix over a common denominator, and a
//! shape is turned by turning its points. A turn that does not land on points
//! of cells (only the sphere grid has such turns for some shapes) is not one
//! that shape can take.

mod solids;
mod turn_lists;

pub use solids::{SpaceSolid, frame_scale, in_space, solid, space_steps};

use super::Cell;
use std::collections::HashSet;

/// A grid, by BurrTools' `gridType` number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grid {
    /// Type 0: unit cubes; every integer position is a cell.
    #[default]
    Cubes,
    /// Type 1: triangular prisms; in each layer `z`, row `y` holds triangles
    /// pointing up where `x + y` is even and down where it is odd.
    Prisms,
    /// Type 2: spheres packed face-centred cubic: positions whose coordinates
    /// add up to an even number.
    Spheres,
    /// Type 3: rhombic dodecahedra, built from tetrahedra: each block of 5×5×5
    /// positions is a cube cut into 24 tetrahedra.
    Rhombic,
    /// Type 4: tetrahedra and octahedra: each block of 3×3×3 positions holds a
    /// tetrahedron at its centre and four eighths of octahedra at alternate
    /// corners.
    TetraOcta,
}

/// A turn (or a turn and a mirror image) acting on points: `point ↦ m · point /
/// den`. The denominator is the grid's: 1 on the three grids on the cube's
/// axes, 2 for prisms, 3 for spheres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub m: [[i32; 3]; 3],
    pub den: i32,
}

impl Turn {
    /// Whether this is a rotation rather than a mirror image.
    pub fn is_proper(&self) -> bool {
        let m = self.m;
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        det > 0
    }

    fn times(&self, p: [i32; 3]) -> [i32; 3] {
        [0, 1, 2].map(|i| (0..3).map(|j| self.m[i][j] * p[j]).sum())
    }
}

/// A cell no grid has, for a map that does not land on one: it is in no target.
pub const OFF_GRID: Cell = [i32::MIN, i32::MIN, i32::MIN];

impl Grid {
    pub const ALL: [Grid; 5] = [
        Grid::Cubes,
        Grid::Prisms,
        Grid::Spheres,
        Grid::Rhombic,
        Grid::TetraOcta,
    ];

    /// The grid's name in a model file (`grid = "..."`).
    pub fn name(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::Prisms => "prisms",
            Grid::Spheres => "spheres",
            Grid::Rhombic => "rhombic",
            Grid::TetraOcta => "tetra-octa",
        }
    }

    /// The grid named `name` in a model file.
    pub fn named(name: &str) -> Option<Grid> {
        Grid::ALL.into_iter().find(|g| g.name() == name)
    }

    /// What the grid's cells are, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::Prisms => "triangular prisms",
            Grid::Spheres => "spheres",
            Grid::Rhombic => "rhombic dodecahedra",
            Grid::TetraOcta => "tetrahedra and octahedra",
        }
    }

    /// BurrTools' `gridType` number.
    pub fn burrtools_type(self) -> u8 {
        self as u8
    }

    /// The grid of BurrTools' `gridType` number.
    pub fn of_burrtools_type(n: i64) -> Option<Grid> {
        Grid::ALL
            .into_iter()
            .find(|g| i64::from(g.burrtools_type()) == n)
    }

    /// Whether a position is a cell of the grid.
    pub fn is_cell(self, c: Cell) -> bool {
        match self {
            Grid::Cubes | Grid::Prisms => true,
            Grid::Spheres => (c[0] + c[1] + c[2]).rem_euclid(2) == 0,
            Grid::Rhombic => {
                // Within a block, one coordinate on a face (0 or 4), one in
                // the middle (2) and one in between (1 or 3).
                let mut kinds = c.map(|v| match v.rem_euclid(5) {
                    0 | 4 => 0,
                    1 | 3 => 1,
                    _ => 2,
                });
                kinds.sort();
                kinds == [0, 1, 2]
            }
            Grid::TetraOcta => {
                let local = c.map(|v| v.rem_euclid(3));
                if local == [1, 1, 1] {
                    return true;
                }
                if local.contains(&1) {
                    return false;
                }
                // Corners alternate between blocks: an odd block has the
                // corners with an even number of far (2) coordinates, an even
                // block those with an odd number.
                let block: i32 = c.iter().map(|v| v.div_euclid(3)).sum();
                let far = local.iter().filter(|&&v| v == 2).count() as i32;
                (block + far).rem_euclid(2) == 1
            }
        }
    }

    /// Whether moving by `d` takes every cell to a cell of the same kind.
    pub fn is_translation(self, d: Cell) -> bool {
        match self {
            Grid::Cubes => true,
            Grid::Prisms => (d[0] + d[1]).rem_euclid(2) == 0,
            Grid::Spheres => (d[0] + d[1] + d[2]).rem_euclid(2) == 0,
            Grid::Rhombic => d.iter().all(|v| v.rem_euclid(5) == 0),
            Grid::TetraOcta => {
                d.iter().all(|v| v.rem_euclid(3) == 0)
                    && d.iter().map(|v| v / 3).sum::<i32>().rem_euclid(2) == 0
            }
        }
    }

    /// The translation that takes a shape whose least coordinates are `least`
    /// to its normal place: as near the origin as the grid's translations allow.
    pub fn normal_offset(self, least: Cell) -> Cell {
        let [x, y, z] = least;
        match self {
            Grid::Cubes => [-x, -y, -z],
            Grid::Prisms => [-x + (x + y).rem_euclid(2), -y, -z],
            Grid::Spheres => [-x + (x + y + z).rem_euclid(2), -y, -z],
            Grid::Rhombic => least.map(|v| -5 * v.div_euclid(5)),
            Grid::TetraOcta => {
                let blocks = least.map(|v| v.div_euclid(3));
                let odd = (blocks[0] + blocks[1] + blocks[2]).rem_euclid(2);
                [-3 * (blocks[0] - odd), -3 * blocks[1], -3 * blocks[2]]
            }
        }
    }

    /// The point of a cell (see the module's notes).
    pub fn point(self, c: Cell) -> [i32; 3] {
        let [x, y, z] = c;
        match self {
            Grid::Cubes | Grid::Spheres => c,
            Grid::Prisms => [3 * (x + 1), 3 * y + 1 + (x + y).rem_euclid(2), 2 * z + 1],
            Grid::Rhombic => c.map(|v| v - 2),
            Grid::TetraOcta => c.map(|v| 2 * v - 5),
        }
    }

    /// The cell whose point is `p`, if there is one.
    pub fn cell_at(self, p: [i32; 3]) -> Option<Cell> {
        let c = match self {
            Grid::Cubes | Grid::Spheres => p,
            Grid::Prisms => {
                let [a, b, h] = p;
                if a.rem_euclid(3) != 0 || h.rem_euclid(2) != 1 || b.rem_euclid(3) == 0 {
                    return None;
                }
                let (x, y) = (a / 3 - 1, b.div_euclid(3));
                // A triangle's centroid sits a third of the way up when it
                // points up, two thirds when it points down.
                let up = b.rem_euclid(3) == 1;
                if up != ((x + y).rem_euclid(2) == 0) {
                    return None;
                }
                [x, y, (h - 1) / 2]
            }
            Grid::Rhombic => p.map(|v| v + 2),
            Grid::TetraOcta => {
                if p.iter().any(|v| v.rem_euclid(2) != 1) {
                    return None;
                }
                p.map(|v| (v + 5) / 2)
            }
        };
        self.is_cell(c).then_some(c)
    }

    /// Every turn a shape may take: the rotations, then (with `mirror`) the
    /// same mirrored. On the cube's axes in BurrTools' order.
    pub fn turns(self, mirror: bool) -> &'static [Turn] {
        let all = turn_lists::turns(self);
        if mirror { all } else { &all[..all.len() / 2] }
    }

    /// Whether a turn rotates about the first cell of a shape rather than
    /// about the origin. Spheres do (BurrTools turns a sphere shape about its
    /// first sphere, and some turns fit only some shapes); every other grid's
    /// turns map the whole grid onto itself about the origin.
    fn about_first_cell(self) -> bool {
        self == Grid::Spheres
    }

    /// The cells turned, not moved back: `None` when the turn does not land
    /// on cells.
    pub fn turned(self, cells: &[Cell], turn: &Turn) -> Option<Vec<Cell>> {
        let pivot = match cells.first() {
            Some(&c) if self.about_first_cell() => self.point(c),
            _ => [0; 3],
        };
        cells
            .iter()
            .map(|&c| {
                let p = self.point(c);
                let q = turn.times([0, 1, 2].map(|i| p[i] - pivot[i]));
                if q.iter().any(|v| v % turn.den != 0) {
                    return None;
                }
                self.cell_at([0, 1, 2].map(|i| q[i] / turn.den + pivot[i]))
            })
            .collect()
    }

    /// A shape moved to its normal place and sorted: two shapes are equal up
    /// to the grid's translations exactly when their normal forms are equal.
    pub fn normalise(self, cells: &[Cell]) -> Vec<Cell> {
        let d = self.normal_offset(super::least_corner(cells));
        let mut out: Vec<Cell> = cells
            .iter()
            .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
            .collect();
        out.sort();
        out
    }

    /// Every distinct orientation of a shape, normalised and sorted.
    pub fn orientations(self, cells: &[Cell], mirror: bool) -> Vec<Vec<Cell>> {
        let mut all: Vec<Vec<Cell>> = self
            .turns(mirror)
            .iter()
            .filter_map(|t| self.turned(cells, t))
            .map(|image| self.normalise(&image))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The cells that share a face with `c` (for spheres: that touch it).
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        solids::neighbours(self, c)
    }

    /// Whether every cell can be reached from the first through cells that
    /// share faces (touch, for spheres).
    pub fn is_connected(self, cells: &[Cell]) -> bool {
        let all: HashSet<Cell> = cells.iter().copied().collect();
        let Some(&start) = cells.first() else {
            return true;
        };
        let mut seen = HashSet::from([start]);
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if all.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen.len() == all.len()
    }

    /// The maps of the grid (turns, mirrored when `proper_only` is false, and
    /// translations) that take a set of cells onto itself.
    pub fn self_symmetries(self, cells: &[Cell], proper_only: bool) -> Vec<Isometry> {
        let mut set = cells.to_vec();
        set.sort();
        set.dedup();
        let Some(&base) = set.first() else {
            return Vec::new();
        };
        let least = super::least_corner(&set);
        let mut out = Vec::new();
        for turn in self.turns(!proper_only) {
            let Some(image) = self.turned(&set, turn) else {
                continue;
            };
            let image_least = super::least_corner(&image);
            let d = [0, 1, 2].map(|a| least[a] - image_least[a]);
            if !self.is_translation(d) {
                continue;
            }
            let at = |c: Cell| [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
            if !image.iter().all(|&c| set.binary_search(&at(c)).is_ok()) {
                continue;
            }
            out.push(Isometry::taking(self, *turn, base, at(image[0])));
        }
        out
    }
}

/// A map of the grid onto itself: a turn (or mirror image) and a translation,
/// as `point ↦ (m · point + shift) / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Isometry {
    pub grid: Grid,
    pub turn: Turn,
    shift: [i32; 3],
}

impl Isometry {
    /// The map that turns by `turn` and takes cell `from` to cell `to`.
    pub fn taking(grid: Grid, turn: Turn, from: Cell, to: Cell) -> Isometry {
        let turned = turn.times(grid.point(from));
        let to = grid.point(to);
        Isometry {
            grid,
            turn,
            shift: [0, 1, 2].map(|i| turn.den * to[i] - turned[i]),
        }
    }

    /// The image of a cell; [`OFF_GRID`] when the map does not take it to a
    /// cell (a sphere turn fits only some shapes).
    pub fn apply(&self, c: Cell) -> Cell {
        if self.grid == Grid::Cubes {
            let q = self.turn.times(c);
            return [0, 1, 2].map(|i| q[i] + self.shift[i]);
        }
        let q = self.turn.times(self.grid.point(c));
        let q = [0, 1, 2].map(|i| q[i] + self.shift[i]);
        if q.iter().any(|v| v % self.turn.den != 0) {
            return OFF_GRID;
        }
        self.grid
            .cell_at(q.map(|v| v / self.turn.den))
            .unwrap_or(OFF_GRID)
    }

    /// Whether the map is a rotation rather than a mirror image.
    pub fn is_proper(&self) -> bool {
        self.turn.is_proper()
    }
}

#[cfg(test)]
mod tests;
