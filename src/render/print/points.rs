//! The points of a piece's surface on the other grids and the polygons
//! between them: each face's corners, taken from its fan's common point or,
//! where the fan parted, from its own cell's corner; the thin faces along
//! the edges and round the corners where they parted; and the triangles.

use super::Mesh;
use super::flat::without_flat;
use super::solids::Shape;
use super::surface::{Corner, FaceCorner, Surface};
use super::vector::{cross, dot, sub};
use std::collections::HashMap;

/// Of the inset, how near two points of a fan are taken to be one, and how
/// thin a triangle may be before it counts as one of no width.
const NEAR: f64 = 1e-3;

/// The surface's points: each face corner's, and round each parted fan the
/// frame's corner, from which the face closing it is drawn.
pub(super) struct Corners {
    inset: f64,
    pub(super) points: Vec<[f64; 3]>,
    pub(super) point_of: HashMap<FaceCorner, usize>,
    /// Round each parted fan, loops of its points (in the fan's turn) to
    /// close, each with the point to close it from.
    caps: Vec<(usize, Vec<usize>)>,
}

impl Corners {
    pub(super) fn place(
        surface: &Surface,
        shape: &Shape,
        common: &[[f64; 3]],
        parted: &[bool],
        inset: f64,
    ) -> Corners {
        let mut points: Vec<[f64; 3]> = Vec::new();
        let mut point_of = HashMap::new();
        let mut caps = Vec::new();
        let mut centred: Vec<Corner> = Vec::new();
        for (i, fan) in surface.fans.iter().enumerate() {
            if !parted[i] {
                points.push(common[i]);
                for &fc in fan {
                    point_of.insert(fc, points.len() - 1);
                }
                continue;
            }
            let (f0, i0) = fan[0];
            let at = surface.faces[f0].corners[i0];
            let first = points.len();
            for &fc in fan {
                let p = shape.cell_corner(surface.faces[fc.0].cell, at, inset);
                let same = (first..points.len())
                    .find(|&j| (0..3).all(|a| (points[j][a] - p[a]).abs() <= NEAR * inset));
                let id = same.unwrap_or_else(|| {
                    points.push(p);
                    points.len() - 1
                });
                point_of.insert(fc, id);
            }
            // Round the fan its points, parted into simple loops where it
            // comes back to one; a loop of two points closes itself (its
            // thin faces meet), a longer one needs a face closing it: a fan
            // from the frame's corner, or where the loop meets one closed
            // so already, from the point where they meet.
            let round: Vec<usize> = fan.iter().map(|fc| point_of[fc]).collect();
            let mut centre = None;
            let mut closed: Vec<usize> = Vec::new();
            for l in simple_loops(&round).into_iter().filter(|l| l.len() > 2) {
                let apex = match l.iter().find(|p| closed.contains(p)) {
                    Some(&p) => p,
                    // Another fan round this corner closed from it already:
                    // from the loop's first point, or the two would share
                    // the spoke to any point they share.
                    None if centred.contains(&at) && centre.is_none() => l[0],
                    None => *centre.get_or_insert_with(|| {
                        centred.push(at);
                        points.push((shape.place)(at));
                        points.len() - 1
                    }),
                };
                closed.extend(&l);
                caps.push((apex, l));
            }
        }
        Corners {
            inset,
            points,
            point_of,
            caps,
        }
    }

    /// The closed surface, in space units times `unit`, moved by `-origin`.
    pub(super) fn mesh(&self, surface: &Surface, unit: f64, origin: [f64; 3]) -> Mesh {
        let mut points = self.points.clone();
        let mut triangles: Vec<[usize; 3]> = Vec::new();
        let (faces, others) = self.polygons(surface);
        for (f, polygon) in faces.iter().enumerate() {
            if polygon.len() == surface.faces[f].corners.len() {
                fan_from(polygon[0], &polygon[1..], &mut triangles);
                continue;
            }
            // Points on its sides: a fan from a point in its middle, the
            // mean of its corners, has no triangle without width.
            let corners = (0..surface.faces[f].corners.len()).map(|i| self.point_of[&(f, i)]);
            let n = surface.faces[f].corners.len() as f64;
            let middle = corners.fold([0.0; 3], |m, i| {
                std::array::from_fn(|a| m[a] + points[i][a] / n)
            });
            points.push(middle);
            let mut round = polygon.clone();
            round.push(polygon[0]);
            fan_from(points.len() - 1, &round, &mut triangles);
        }
        for polygon in &others {
            fan_from(polygon[0], &polygon[1..], &mut triangles);
        }
        let triangles = without_flat(triangles, &points, NEAR * self.inset);
        let placed =
            |i: usize| -> [f64; 3] { std::array::from_fn(|a| (points[i][a] - origin[a]) * unit) };
        Mesh {
            triangles: triangles.iter().map(|t| t.map(placed)).collect(),
        }
    }

    /// The surface's polygons by point: each face (with the points of the
    /// face across a side that lie on it, where the two faces' corners
    /// parted along the side's own line); and the others: along each edge
    /// whose two faces' corners parted across it, the thin face between
    /// them; round each parted fan, a triangle from the frame's corner to
    /// each pair of neighbouring points. Points met twice in a row are one,
    /// and what is left with fewer than three corners is dropped.
    fn polygons(&self, surface: &Surface) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let point = |fc: FaceCorner| self.point_of[&fc];
        let next = |(f, i): FaceCorner| (f, (i + 1) % surface.faces[f].corners.len());
        let mut on_side: HashMap<FaceCorner, Vec<usize>> = HashMap::new();
        let mut others: Vec<Vec<usize>> = Vec::new();
        for (f, face) in surface.faces.iter().enumerate() {
            for i in 0..face.corners.len() {
                let other = surface.across[&(f, i)];
                if other < (f, i) {
                    continue;
                }
                let quad = [
                    point(next((f, i))),
                    point((f, i)),
                    point(next(other)),
                    point(other),
                ];
                if !on_one_line(&quad.map(|i| self.points[i]), NEAR * self.inset) {
                    others.push(quad.to_vec());
                    continue;
                }
                // Each side takes the other's ends that lie along it.
                let [a, b, c, d] = quad;
                on_side.insert((f, i), self.between(b, a, [c, d]));
                on_side.insert(other, self.between(d, c, [a, b]));
            }
        }
        for (apex, round) in &self.caps {
            for i in 0..round.len() {
                others.push(vec![*apex, round[(i + 1) % round.len()], round[i]]);
            }
        }
        let faces = surface
            .faces
            .iter()
            .enumerate()
            .map(|(f, face)| {
                let mut polygon = Vec::new();
                for i in 0..face.corners.len() {
                    polygon.push(point((f, i)));
                    polygon.extend(on_side.get(&(f, i)).into_iter().flatten());
                }
                polygon
            })
            .collect();
        let others = others
            .into_iter()
            .map(|mut polygon| {
                polygon.dedup();
                while polygon.len() > 1 && polygon.first() == polygon.last() {
                    polygon.pop();
                }
                polygon
            })
            .filter(|polygon| polygon.len() >= 3)
            .collect();
        (faces, others)
    }

    /// Of `candidates`, those strictly between points `from` and `to` on
    /// their line, in order from `from`.
    fn between(&self, from: usize, to: usize, candidates: [usize; 2]) -> Vec<usize> {
        let (p, q) = (self.points[from], self.points[to]);
        let d = sub(q, p);
        let length = dot(d, d);
        let mut found: Vec<(f64, usize)> = candidates
            .iter()
            .filter(|&&c| c != from && c != to)
            .map(|&c| (dot(sub(self.points[c], p), d) / length, c))
            .filter(|&(t, _)| t > 0.0 && t < 1.0)
            .collect();
        found.sort_by(|x, y| x.0.total_cmp(&y.0));
        found.dedup_by_key(|x| x.1);
        found.into_iter().map(|(_, c)| c).collect()
    }
}

/// A closed walk through points parted into simple loops at the points it
/// comes back to, each side of the walk in one loop, points met twice in a
/// row taken once.
fn simple_loops(walk: &[usize]) -> Vec<Vec<usize>> {
    let mut loops = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    for &p in walk.iter().chain(walk.first()) {
        if path.last() == Some(&p) {
            continue;
        }
        if let Some(at) = path.iter().position(|&q| q == p) {
            loops.push(path.split_off(at));
        }
        path.push(p);
    }
    // The walk ends where it began, so the path is that one point.
    loops
}

/// Triangles from `apex` to each pair of neighbouring points of `rim`.
fn fan_from(apex: usize, rim: &[usize], triangles: &mut Vec<[usize; 3]>) {
    for pair in rim.windows(2) {
        triangles.push([apex, pair[0], pair[1]]);
    }
}

/// Whether `points` lie on one line, within `tolerance` of it.
fn on_one_line(points: &[[f64; 3]], tolerance: f64) -> bool {
    let mut far = (0, 0, 0.0);
    for i in 0..points.len() {
        for j in 0..i {
            let d = sub(points[i], points[j]);
            if dot(d, d) > far.2 {
                far = (i, j, dot(d, d));
            }
        }
    }
    if far.2 == 0.0 {
        return true;
    }
    let (p, d) = (points[far.1], sub(points[far.0], points[far.1]));
    points.iter().all(|&q| {
        let c = cross(sub(q, p), d);
        dot(c, c) <= tolerance * tolerance * far.2
    })
}
