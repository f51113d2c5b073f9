//! Cells of the grids other than the cube's, drawn as the solids they are in
//! the dimetric view: each face that no other drawn cell covers and that
//! faces the viewer, shaded by its slant, far faces first, with lines only
//! where a piece's flat sides meet (not along the seams between its cells);
//! spheres as shaded balls.

use super::cubes::shaded;
use super::svg::{Drawing, Frame, iso, nearness};
use super::{SceneCube, SceneFace, SceneSolid, ink};
use crate::geometry::Cell;
use crate::geometry::grid::SpaceSolid;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// A point in space rounded to a millionth, and an edge between two.
type Point = [i64; 3];
type Edge = (Point, Point);

/// The solids of one piece's cells, with the seams inside its flat sides
/// marked: an edge two of the piece's outer faces share while lying in one
/// plane. `letter_each` letters every cell rather than the piece once.
pub fn piece_solids(
    cells: &[Cell],
    solids: Vec<SpaceSolid>,
    letter_each: bool,
    steps: [[f64; 3]; 3],
) -> Vec<SceneSolid> {
    let own: HashSet<Cell> = cells.iter().copied().collect();
    // Lengths rounded to a millionth, so that equal corners are equal keys.
    let key = |p: [f64; 3]| p.map(|v| (v * 1e6).round() as i64);
    let outer = |across: Option<Cell>| !across.is_some_and(|a| own.contains(&a));
    let edge = |a: [f64; 3], b: [f64; 3]| {
        let (a, b) = (key(a), key(b));
        if a < b { (a, b) } else { (b, a) }
    };
    let mut shared: HashMap<(Point, Edge), usize> = HashMap::new();
    for s in &solids {
        for (corners, _) in s.faces.iter().filter(|f| outer(f.1)) {
            let n = key(normal(corners));
            for k in 0..corners.len() {
                let e = edge(corners[k], corners[(k + 1) % corners.len()]);
                *shared.entry((n, e)).or_default() += 1;
            }
        }
    }
    solids
        .into_iter()
        .map(|s| {
            let faces = s
                .faces
                .into_iter()
                .map(|(corners, across)| {
                    let n = key(normal(&corners));
                    let seams = (0..corners.len())
                        .map(|k| {
                            outer(across)
                                && shared[&(n, edge(corners[k], corners[(k + 1) % corners.len()]))]
                                    > 1
                        })
                        .collect();
                    SceneFace {
                        corners,
                        across,
                        seams,
                    }
                })
                .collect();
            SceneSolid {
                faces,
                centre: s.centre,
                radius: s.radius,
                letter_each,
                steps,
            }
        })
        .collect()
}

/// The direction of the viewer of [`iso`], as a unit vector.
fn towards_viewer() -> [f64; 3] {
    let d = [
        nearness([1.0, 0.0, 0.0]),
        nearness([0.0, 1.0, 0.0]),
        nearness([0.0, 0.0, 1.0]),
    ];
    let n = d.iter().map(|v| v * v).sum::<f64>().sqrt();
    d.map(|v| v / n)
}

/// The outward unit normal of a face whose corners go round counter-clockwise
/// seen from outside.
fn normal(corners: &[[f64; 3]]) -> [f64; 3] {
    let mut n = [0.0; 3];
    // Newell's method: sound for any flat polygon.
    for (k, p) in corners.iter().enumerate() {
        let q = corners[(k + 1) % corners.len()];
        n[0] += (p[1] - q[1]) * (p[2] + q[2]);
        n[1] += (p[2] - q[2]) * (p[0] + q[0]);
        n[2] += (p[0] - q[0]) * (p[1] + q[1]);
    }
    let len = n.iter().map(|v| v * v).sum::<f64>().sqrt().max(1e-12);
    n.map(|v| v / len)
}

/// One thing to draw, of the cell `cubes[cell]`.
enum Item<'a> {
    Face {
        face: &'a SceneFace,
        light: f64,
        cell: usize,
    },
    Ball {
        centre: [f64; 3],
        radius: f64,
        cell: usize,
    },
}

/// The cells (each with its solid) drawn at a scale that fits them in about
/// `size` units, lettered when `letters`. Faces and balls are tagged with
/// their piece (`data-piece`).
pub fn solids_drawing(cubes: &[SceneCube], size: f64, letters: bool) -> Drawing {
    let solids: Vec<(usize, &SceneSolid)> = cubes
        .iter()
        .enumerate()
        .filter_map(|(k, c)| c.solid.as_ref().map(|s| (k, s)))
        .collect();
    let mut points: Vec<[f64; 3]> = Vec::new();
    for (_, s) in &solids {
        points.extend(s.faces.iter().flat_map(|f| f.corners.iter().copied()));
        for corner in 0..8 {
            let r = s.radius;
            let sign = |bit: usize| if corner >> bit & 1 == 1 { r } else { -r };
            points.push([
                s.centre[0] + sign(0),
                s.centre[1] + sign(1),
                s.centre[2] + sign(2),
            ]);
        }
    }
    let extent = |a: usize| {
        let lo = points.iter().map(|p| p[a]).fold(f64::INFINITY, f64::min);
        let hi = points
            .iter()
            .map(|p| p[a])
            .fold(f64::NEG_INFINITY, f64::max);
        (hi - lo).max(1.0)
    };
    let scale = (size / (extent(0) + extent(1)).max(extent(2) * 1.2)).min(size / 7.5);
    let projected: Vec<(f64, f64)> = points.iter().map(|&p| iso(p, scale)).collect();
    let frame = Frame::around(&projected, 12.0);
    let at = |p: [f64; 3]| frame.place(iso(p, scale));
    let filled: HashSet<Cell> = solids.iter().map(|&(k, _)| cubes[k].at).collect();
    let viewer = towards_viewer();
    let mut items: Vec<(f64, Item)> = Vec::new();
    for &(cell, s) in &solids {
        if s.faces.is_empty() {
            let (centre, radius) = (s.centre, s.radius);
            items.push((
                nearness(centre),
                Item::Ball {
                    centre,
                    radius,
                    cell,
                },
            ));
            continue;
        }
        for face in &s.faces {
            if face.across.is_some_and(|a| filled.contains(&a)) {
                continue;
            }
            let n = normal(&face.corners);
            let facing: f64 = (0..3).map(|a| n[a] * viewer[a]).sum();
            if facing <= 1e-9 {
                continue;
            }
            let light = (0.62 + 0.3 * n[2] + 0.12 * n[0]).clamp(0.45, 1.0);
            items.push((
                nearness(centroid(&face.corners)),
                Item::Face { face, light, cell },
            ));
        }
    }
    items.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Each lettered thing's letter goes on its nearest face: per cell, or
    // per piece for cells cut from larger solids.
    let owner = |cell: usize| {
        let c = &cubes[cell];
        match &c.solid {
            Some(s) if !s.letter_each => (c.piece, usize::MAX),
            _ => (c.piece, cell),
        }
    };
    let mut nearest: HashMap<(usize, usize), usize> = HashMap::new();
    for (k, (_, item)) in items.iter().enumerate() {
        let (Item::Face { cell, .. } | Item::Ball { cell, .. }) = item;
        nearest.insert(owner(*cell), k);
    }
    let mut d = Drawing::new(frame.width, frame.height);
    for (k, (_, item)) in items.iter().enumerate() {
        match item {
            Item::Face { face, light, cell } => {
                let cube = &cubes[*cell];
                let flat: Vec<(f64, f64)> = face.corners.iter().map(|&p| at(p)).collect();
                let fill = shaded(cube.colour, *light);
                // Filled and edged in its own colour, so that seams vanish;
                // then the lines where the piece's sides meet.
                d.polygon(
                    &flat,
                    &fill,
                    &fill,
                    &format!("class=\"face\" data-piece=\"{}\"", cube.piece),
                );
                for (e, &seam) in face.seams.iter().enumerate() {
                    if !seam {
                        let line = [flat[e], flat[(e + 1) % flat.len()]];
                        d.polyline(&line, "#333", 0.8, "");
                    }
                }
                if letters && nearest.get(&owner(*cell)) == Some(&k) {
                    let (x, y) = at(centroid(&face.corners));
                    d.text(x, y, scale * 0.3, ink(cube.colour), &cube.label);
                }
            }
            Item::Ball {
                centre,
                radius,
                cell,
            } => {
                let cube = &cubes[*cell];
                let (x, y) = at(*centre);
                let r = radius * scale;
                let mut ball = String::new();
                let _ = write!(
                    ball,
                    "<circle class=\"ball\" data-piece=\"{}\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.8\"/>\n<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"#fff\" fill-opacity=\"0.35\"/>",
                    cube.piece,
                    cube.colour,
                    x - r * 0.35,
                    y - r * 0.35,
                    r * 0.3
                );
                d.add(ball);
                if letters {
                    d.text(x, y, scale * 0.35, ink(cube.colour), &cube.label);
                }
            }
        }
    }
    d
}

fn centroid(corners: &[[f64; 3]]) -> [f64; 3] {
    let n = corners.len().max(1) as f64;
    [0, 1, 2].map(|a| corners.iter().map(|p| p[a]).sum::<f64>() / n)
}
