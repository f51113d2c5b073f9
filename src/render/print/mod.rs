//! Solids to print: a piece of unit cubes as a closed surface of triangles,
//! its cells shrunk by an inset (so that printed pieces slide past each
//! other) and its convex edges bevelled, written as binary STL. Cells of one
//! piece are one solid, with no faces between them.

mod balls;
mod bevel;
mod covered;
mod flat;
mod points;
mod refined;
mod solids;
mod stl;
mod surface;
mod vector;

pub use balls::balls_mesh;
pub use solids::{grid_mesh, lowest};
pub use stl::stl_bytes;

use crate::geometry::Cell;
use refined::Refined;
use std::collections::HashMap;
use vector::{cross, dot, sub, unit};

/// How a piece is printed, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// The side of a cell.
    pub unit: f64,
    /// How deep each convex edge is cut off, on both faces.
    pub bevel: f64,
    /// How far every outer face is moved in, so that pieces fit together.
    pub inset: f64,
}

impl Default for Finish {
    /// The printing conventions of puzzlecad, which designers of printed
    /// puzzles use: 11.15 mm cells, 0.5 mm bevels, 0.07 mm inset.
    fn default() -> Finish {
        Finish {
            unit: 11.15,
            bevel: 0.5,
            inset: 0.07,
        }
    }
}

impl Finish {
    /// What is wrong with these sizes, if anything, as the field's name and
    /// what was expected.
    pub fn fault(&self) -> Option<(&'static str, String)> {
        let finite = |v: f64| v.is_finite();
        if !finite(self.unit) || self.unit <= 0.0 || self.unit > 1_000.0 {
            return Some(("unit", "a cell side above 0 and at most 1000 mm".into()));
        }
        if !finite(self.inset) || self.inset <= 0.0 {
            return Some((
                "inset",
                "an inset above 0 mm (cells of one piece that meet only along an edge need it to stay apart)".into(),
            ));
        }
        if !finite(self.bevel) || self.bevel < 0.0 {
            return Some(("bevel", "a bevel of 0 mm or more".into()));
        }
        if self.inset + self.bevel > self.unit / 4.0 {
            return Some((
                "bevel",
                format!(
                    "an inset and a bevel that add up to at most a quarter of the cell ({} mm)",
                    self.unit / 4.0
                ),
            ));
        }
        None
    }
}

/// A closed surface: triangles, each counter-clockwise seen from outside.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    pub triangles: Vec<[[f64; 3]; 3]>,
}

/// The piece made of `cells` (unit cubes, at least one, none twice) as a
/// closed surface, in millimetres from cell `origin`'s corner, finished as
/// `finish` says (whose [`Finish::fault`] is none).
pub fn cubes_mesh(cells: &[Cell], finish: &Finish, origin: Cell) -> Mesh {
    let (inset, bevel) = (finish.inset / finish.unit, finish.bevel / finish.unit);
    let refined = Refined::new(cells, inset, bevel);
    let mut moved: HashMap<[usize; 3], [f64; 3]> = HashMap::new();
    let mut position = |at: [usize; 3]| {
        *moved.entry(at).or_insert_with(|| {
            let p = refined.point(at);
            let d = bevel::displacement(&refined, at, bevel);
            std::array::from_fn(|a| (p[a] + d[a] - f64::from(origin[a])) * finish.unit)
        })
    };
    let mut triangles = Vec::new();
    for corners in refined.faces() {
        let [a, b, c, d] = corners.map(&mut position);
        // Of the two ways to cut the face, the flatter: a bevel leaves
        // faces that are not flat where it narrows to nothing.
        let flatness = |p: [[f64; 3]; 3], q: [[f64; 3]; 3]| dot(normal(p), normal(q));
        if flatness([a, b, c], [a, c, d]) >= flatness([b, c, d], [b, d, a]) {
            triangles.push([a, b, c]);
            triangles.push([a, c, d]);
        } else {
            triangles.push([b, c, d]);
            triangles.push([b, d, a]);
        }
    }
    Mesh { triangles }
}

/// The unit normal of a triangle (nought for one with no area).
pub(crate) fn normal(t: [[f64; 3]; 3]) -> [f64; 3] {
    unit(cross(sub(t[1], t[0]), sub(t[2], t[0])))
}

#[cfg(test)]
mod grid_tests;
#[cfg(test)]
mod tests;
