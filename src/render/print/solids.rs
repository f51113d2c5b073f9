//! Pieces of the other grids' cells (triangular prisms, the tetrahedra of
//! rhombic dodecahedra, tetrahedra and octahedra) as closed surfaces, moved
//! in by the inset. Around each corner of the surface (each fan of faces)
//! the planes of the faces, each moved in, meet in one point, or nearly
//! (the least-squares point, the nearest where they meet along a line or a
//! plane); the fan's faces take that point when every face then still lies
//! within the piece's cells (each triangle clipped by the cells near it
//! keeps its whole area). Where they would not (a corner where the piece's
//! cells turn round an empty space or meet along an edge alone, whose faces
//! pull opposite ways), each face takes its own cell's corner moved in
//! instead (the cell's faces on the surface moved in, those inside kept),
//! and thin faces close the gaps: one along each edge between faces whose
//! corners parted, lying in the face the two cells share when they share
//! one, and round the corner. So no piece reaches into another's cells.
//! Edges stay sharp: the bevel is made for cubes.

use super::Mesh;
use super::covered::{Plane, covered};
use super::points::Corners;
use super::surface::{Corner, FaceCorner, Surface};
use super::vector::{dot, unit};
use crate::geometry::Cell;
use crate::geometry::grid::{Grid, frame_scale, solid};
use std::collections::HashMap;

/// How far a point may lie out of a cell and still be in it, in the
/// frame's units.
const SAME: f64 = 1e-9;

/// The least inset, in the frame's units: a smaller one is taken as this.
/// Where a piece's cells meet along an edge alone the inset alone keeps
/// them apart, and by less than this an STL file's single-precision
/// numbers would not keep them apart; it is far below what a printer
/// makes.
const LEAST_INSET: f64 = 1e-5;

/// The piece made of `cells` of `grid` as a closed surface, in space units
/// times `unit` (a cell's side, or a prism's height, is one unit), moved by
/// `-origin` (in space units), its faces moved in by `inset` (in units); an
/// error in words should the surface not be a solid's.
pub fn grid_mesh(
    grid: Grid,
    cells: &[Cell],
    unit: f64,
    inset: f64,
    origin: [f64; 3],
) -> Result<Mesh, String> {
    let inset = inset.max(LEAST_INSET);
    let surface = Surface::of(grid, cells)?;
    let shape = Shape::new(grid, &surface);
    let common: Vec<[f64; 3]> = surface
        .fans
        .iter()
        .map(|fan| shape.common_point(fan, inset))
        .collect();
    let mut fan_of: HashMap<FaceCorner, usize> = HashMap::new();
    for (i, fan) in surface.fans.iter().enumerate() {
        for &fc in fan {
            fan_of.insert(fc, i);
        }
    }
    // A fan that goes along one edge of the frame twice (the piece's cells
    // meet along it alone) parts from the start, or the edge's two sides
    // would join the same two points. Then part the fans at the corners of
    // each face that leaves the piece's cells, until none does: a face
    // whose corners all parted lies in its own cell.
    let mut parted: Vec<bool> = surface
        .fans
        .iter()
        .map(|fan| {
            let mut ends: Vec<Corner> = fan
                .iter()
                .map(|&(f, i)| {
                    let corners = &surface.faces[f].corners;
                    corners[(i + 1) % corners.len()]
                })
                .collect();
            ends.sort();
            ends.windows(2).any(|w| w[0] == w[1])
        })
        .collect();
    loop {
        let corners = Corners::place(&surface, &shape, &common, &parted, inset);
        let mut more = false;
        for (f, face) in surface.faces.iter().enumerate() {
            let p: Vec<[f64; 3]> = (0..face.corners.len())
                .map(|i| corners.points[corners.point_of[&(f, i)]])
                .collect();
            if shape.holds(face.cell, &face.corners, &p) {
                continue;
            }
            for i in 0..face.corners.len() {
                let fan = fan_of[&(f, i)];
                more |= !parted[fan];
                parted[fan] = true;
            }
        }
        if !more {
            return Ok(corners.mesh(&surface, unit, origin));
        }
    }
}

/// The piece's cells in space: each cell's faces as planes (the cell on
/// their inner side, in the order of the surface's `cell_faces`), the
/// planes of the surface's faces, and which of the piece's cells have each
/// corner.
pub(super) struct Shape<'a> {
    pub(super) place: Box<dyn Fn(Corner) -> [f64; 3]>,
    surface: &'a Surface,
    cell_planes: Vec<Vec<Plane>>,
    at_corner: HashMap<Corner, Vec<usize>>,
    face_planes: Vec<Plane>,
}

impl<'a> Shape<'a> {
    fn new(grid: Grid, surface: &'a Surface) -> Shape<'a> {
        let k = frame_scale(grid);
        let place =
            move |p: Corner| -> [f64; 3] { std::array::from_fn(|a| f64::from(p[a]) * k[a]) };
        let plane_of = |corners: &[Corner]| -> Plane {
            let p: Vec<[f64; 3]> = corners.iter().map(|&c| place(c)).collect();
            let n = unit_normal(&p);
            (n, dot(n, p[0]))
        };
        let cell_planes = surface
            .cell_faces
            .iter()
            .map(|faces| faces.iter().map(|(corners, _)| plane_of(corners)).collect())
            .collect();
        let mut at_corner: HashMap<Corner, Vec<usize>> = HashMap::new();
        for (cell, faces) in surface.cell_faces.iter().enumerate() {
            let mut corners: Vec<Corner> = faces.iter().flat_map(|f| f.0.clone()).collect();
            corners.sort();
            corners.dedup();
            for c in corners {
                at_corner.entry(c).or_default().push(cell);
            }
        }
        let face_planes = surface.faces.iter().map(|f| plane_of(&f.corners)).collect();
        Shape {
            place: Box::new(place),
            surface,
            cell_planes,
            at_corner,
            face_planes,
        }
    }

    /// Whether `p` lies in `cell` (or on its surface).
    fn within(&self, cell: usize, p: [f64; 3]) -> bool {
        self.cell_planes[cell]
            .iter()
            .all(|(n, o)| dot(*n, p) <= o + SAME)
    }

    /// Whether a face of `cell` (its frame corners `corners`, placed at
    /// `p`) lies in the piece's cells: in its own cell when every corner does, else when
    /// the cells around its corners hold each of its triangles.
    fn holds(&self, cell: usize, corners: &[Corner], p: &[[f64; 3]]) -> bool {
        if p.iter().all(|&q| self.within(cell, q)) {
            return true;
        }
        let mut near: Vec<usize> = corners
            .iter()
            .flat_map(|c| self.at_corner[c].iter().copied())
            .collect();
        near.sort_unstable();
        near.dedup();
        (1..p.len() - 1).all(|i| {
            covered(
                [p[0], p[i], p[i + 1]],
                near.iter().map(|&c| self.cell_planes[c].as_slice()),
                SAME,
            )
        })
    }

    /// Where the planes of a fan's faces, each moved in by `inset`, meet.
    fn common_point(&self, fan: &[FaceCorner], inset: f64) -> [f64; 3] {
        let (f0, i0) = fan[0];
        let at = self.surface.faces[f0].corners[i0];
        let mut planes: Vec<Plane> = Vec::new();
        for &(f, _) in fan {
            let (n, o) = self.face_planes[f];
            if !planes.iter().any(|(m, _)| dot(*m, n) > 1.0 - 1e-9) {
                planes.push((n, o - inset));
            }
        }
        meeting_point((self.place)(at), &planes)
    }

    /// A cell's corner moved in: its faces there on the surface moved in
    /// by `inset`, the others kept.
    pub(super) fn cell_corner(&self, cell: usize, at: Corner, inset: f64) -> [f64; 3] {
        let planes: Vec<Plane> = self.cell_planes[cell]
            .iter()
            .zip(&self.surface.cell_faces[cell])
            .filter(|(_, (corners, _))| corners.contains(&at))
            .map(|(&(n, o), &(_, outer))| (n, if outer { o - inset } else { o }))
            .collect();
        meeting_point((self.place)(at), &planes)
    }
}

/// The lowest corner in space of `cells` of `grid`, to place a piece from.
pub fn lowest(grid: Grid, cells: &[Cell]) -> [f64; 3] {
    let k = frame_scale(grid);
    // A sphere's solid is its centre; its ball reaches half a diameter out.
    let reach = if grid == Grid::Spheres { 0.5 } else { 0.0 };
    let mut lo = [f64::INFINITY; 3];
    for &c in cells {
        for p in solid(grid, c).corners {
            for a in 0..3 {
                lo[a] = lo[a].min(f64::from(p[a]) * k[a] - reach);
            }
        }
    }
    lo.map(|v| if v.is_finite() { v } else { 0.0 })
}

/// Where `planes` meet: the least-squares point, pulled very lightly
/// towards `p` so that where they meet along a line or a plane it is the
/// nearest.
fn meeting_point(p: [f64; 3], planes: &[Plane]) -> [f64; 3] {
    const PULL: f64 = 1e-9;
    let mut m = [[0.0; 3]; 3];
    let mut rhs = [0.0; 3];
    for a in 0..3 {
        m[a][a] = PULL;
        rhs[a] = PULL * p[a];
    }
    for &(n, o) in planes {
        for a in 0..3 {
            for b in 0..3 {
                m[a][b] += n[a] * n[b];
            }
            rhs[a] += n[a] * o;
        }
    }
    solve3(m, rhs).unwrap_or(p)
}

/// `m x = rhs` by Cramer's rule; `None` when `m` is singular.
fn solve3(m: [[f64; 3]; 3], rhs: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let whole = det(m);
    if whole.abs() < 1e-30 {
        return None;
    }
    Some(std::array::from_fn(|col| {
        let mut mc = m;
        for row in 0..3 {
            mc[row][col] = rhs[row];
        }
        det(mc) / whole
    }))
}

/// The unit normal of a flat polygon, its corners counter-clockwise seen
/// from the side it points to.
pub(super) fn unit_normal(p: &[[f64; 3]]) -> [f64; 3] {
    let mut n = [0.0; 3];
    for i in 0..p.len() {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        n[0] += (a[1] - b[1]) * (a[2] + b[2]);
        n[1] += (a[2] - b[2]) * (a[0] + b[0]);
        n[2] += (a[0] - b[0]) * (a[1] + b[1]);
    }
    unit(n)
}
