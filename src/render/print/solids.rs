//! Pieces of the other grids' cells (triangular prisms, the tetrahedra of
//! rhombic dodecahedra, tetrahedra and octahedra) as closed surfaces: the
//! faces no other cell of the piece shares, welded at the corners of the
//! grid's whole-number frame, and moved in by the inset: each corner goes
//! where the planes of its faces, each moved in by the inset, meet (the
//! nearest such point where they meet along a line or a plane). Their edges
//! stay sharp: the bevel is made for cubes.

use super::Mesh;
use super::vector::{dot, unit};
use crate::geometry::Cell;
use crate::geometry::grid::{Grid, frame_scale, solid};
use std::collections::{BTreeMap, HashMap};

/// A corner of the grid's frame.
type Corner = [i32; 3];

/// A corner of the surface: a corner of the frame and, of the piece's cells
/// there, the one that stands for those joined to it.
type Point = (Corner, usize);

/// Which cells are joined around each corner (union-find on corner and
/// cell).
struct Joined {
    parent: HashMap<Point, Point>,
}

impl Joined {
    fn new() -> Joined {
        Joined {
            parent: HashMap::new(),
        }
    }

    /// The cell standing for those joined to `at`'s cell at its corner.
    fn root(&mut self, at: Point) -> usize {
        let mut x = at;
        while let Some(&p) = self.parent.get(&x) {
            if p == x {
                break;
            }
            x = p;
        }
        // Shorten the path for the next look.
        let root = x;
        let mut y = at;
        while let Some(&p) = self.parent.get(&y) {
            if p == y {
                break;
            }
            self.parent.insert(y, root);
            y = p;
        }
        root.1
    }

    fn join(&mut self, a: Point, b: Point) {
        let (ra, rb) = ((a.0, self.root(a)), (b.0, self.root(b)));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
}

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
    let k = frame_scale(grid);
    let place = |p: Corner| -> [f64; 3] { std::array::from_fn(|a| f64::from(p[a]) * k[a]) };
    // Every face of every cell, by its corners as a set: a face two cells of
    // the piece share is inside.
    let mut faces: BTreeMap<Vec<Corner>, Vec<(usize, Vec<Corner>)>> = BTreeMap::new();
    for (i, &c) in cells.iter().enumerate() {
        let s = solid(grid, c);
        for f in &s.faces {
            let corners: Vec<Corner> = f.iter().map(|&i| s.corners[i]).collect();
            let mut key = corners.clone();
            key.sort();
            faces.entry(key).or_default().push((i, corners));
        }
    }
    // Around each corner, the piece's cells there joined through the faces
    // they share: cells that meet at a corner or along an edge alone keep
    // corners of their own there, which the inset then moves apart, so that
    // the surface is a solid's.
    let mut joined = Joined::new();
    for sharing in faces.values().filter(|s| s.len() == 2) {
        for &corner in &sharing[0].1 {
            joined.join((corner, sharing[0].0), (corner, sharing[1].0));
        }
    }
    let outer: Vec<(usize, Vec<Corner>)> = faces
        .into_values()
        .filter(|s| s.len() == 1)
        .flatten()
        .collect();
    let point =
        |joined: &mut Joined, corner: Corner, cell: usize| (corner, joined.root((corner, cell)));
    // Each edge once each way, or the surface is no solid's.
    let mut edges: HashMap<(Point, Point), usize> = HashMap::new();
    for (cell, f) in &outer {
        for i in 0..f.len() {
            let a = point(&mut joined, f[i], *cell);
            let b = point(&mut joined, f[(i + 1) % f.len()], *cell);
            *edges.entry((a, b)).or_default() += 1;
        }
    }
    if edges
        .iter()
        .any(|(&(a, b), &n)| n != 1 || edges.get(&(b, a)) != Some(&1))
    {
        return Err("a piece whose surface is not a solid's".into());
    }
    // The planes of each point's faces, as unit normals and offsets.
    let mut planes: HashMap<Point, Vec<([f64; 3], f64)>> = HashMap::new();
    for (cell, f) in &outer {
        let p: Vec<[f64; 3]> = f.iter().map(|&c| place(c)).collect();
        let n = unit_normal(&p);
        let plane = (n, dot(n, p[0]));
        for &c in f {
            let list = planes.entry(point(&mut joined, c, *cell)).or_default();
            if !list.iter().any(|(m, _)| dot(*m, n) > 1.0 - 1e-9) {
                list.push(plane);
            }
        }
    }
    let mut moved: HashMap<Point, [f64; 3]> = HashMap::new();
    for (&at, list) in &planes {
        let p = moved_in(place(at.0), list, inset);
        moved.insert(at, std::array::from_fn(|a| (p[a] - origin[a]) * unit));
    }
    let mut triangles = Vec::new();
    for (cell, f) in &outer {
        let p: Vec<[f64; 3]> = f
            .iter()
            .map(|&c| moved[&point(&mut joined, c, *cell)])
            .collect();
        for i in 1..p.len() - 1 {
            triangles.push([p[0], p[i], p[i + 1]]);
        }
    }
    Ok(Mesh { triangles })
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

/// Where `p` goes when each of its planes (unit normal, offset) moves in by
/// `d`: the least-squares meeting point, pulled very lightly towards `p` so
/// that where the planes meet along a line or a plane it is the nearest.
fn moved_in(p: [f64; 3], planes: &[([f64; 3], f64)], d: f64) -> [f64; 3] {
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
            rhs[a] += n[a] * (o - d);
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
