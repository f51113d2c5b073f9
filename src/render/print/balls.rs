//! Pieces of spheres as faceted balls. Balls of one piece touch at a point
//! alone, so a printed piece needs something to hold them together: each two
//! touching balls are joined by a short round neck through that point. Each
//! ball is a polyhedron whose corners lie on its sphere (shrunk by the
//! inset), so it stays inside that sphere; a neck stays within its radius of
//! the line between the two centres. The balls of other pieces lie at least
//! `sqrt(3)/2` of a ball's diameter from that line, so the pieces of an
//! assembled solution do not overlap.
//!
//! Every ball is the same surface moved to its centre: points on the unit
//! sphere (a ring round each of the twelve directions to a touching ball, a
//! point in the middle of each ring, and points spread over the rest),
//! joined by their convex hull. Where a neck leaves a ball, the triangles
//! inside its ring are left out and the ring is joined to the other ball's
//! ring, whose points face it one for one.

use super::Mesh;
use super::vector::{cross, dot, sub, unit};
use crate::geometry::Cell;
use crate::geometry::grid::{Grid, frame_scale};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The angle seen from a ball's centre between the line to a touching ball
/// and the edge of the neck to it. Touching balls lie 60 degrees apart, so
/// the necks of a ball must stay below 30 degrees each not to meet; this
/// leaves room between them and makes the neck about 0.43 of the ball's
/// radius, thick enough to print.
const NECK_ANGLE: f64 = 0.45;

/// Points round each neck.
const RING: usize = 16;

/// Points spread evenly over the sphere before those near a ring are left
/// out: enough for a round ball, few enough for small files.
const SPREAD: usize = 320;

/// The faceted unit ball, the same for every ball of every piece.
struct Ball {
    /// Points on the unit sphere.
    points: Vec<[f64; 3]>,
    /// The surface's triangles, turned outward, each with the ring whose
    /// inside it covers, if any.
    triangles: Vec<([usize; 3], Option<usize>)>,
    /// Each ring's points in order round its direction; opposite rings go
    /// round in step (point `k` of both lies in the same direction from
    /// the line between the centres).
    rings: Vec<Vec<usize>>,
    /// Each ring's direction, as the step to the touching ball's cell.
    steps: Vec<Cell>,
}

fn ball() -> &'static Ball {
    static BALL: OnceLock<Ball> = OnceLock::new();
    BALL.get_or_init(build_ball)
}

fn build_ball() -> Ball {
    let steps = Grid::Spheres.neighbours([0, 0, 0]);
    let directions: Vec<[f64; 3]> = steps.iter().map(|s| unit(s.map(f64::from))).collect();
    let mut points: Vec<[f64; 3]> = directions.clone();
    let mut rings = Vec::new();
    for &d in &directions {
        let (u, v) = across(d);
        let (s, c) = NECK_ANGLE.sin_cos();
        let ring: Vec<usize> = (0..RING)
            .map(|k| {
                let t = std::f64::consts::TAU * k as f64 / RING as f64;
                points.push(std::array::from_fn(|a| {
                    c * d[a] + s * (t.cos() * u[a] + t.sin() * v[a])
                }));
                points.len() - 1
            })
            .collect();
        rings.push(ring);
    }
    // Spread points stay clear of the rings: the triangles from a ring's
    // middle to two neighbouring ring points must be the hull's, and the
    // circle through them reaches a little past the ring.
    let spacing = (4.0 * std::f64::consts::PI / SPREAD as f64).sqrt();
    let clear = NECK_ANGLE / (std::f64::consts::PI / RING as f64).cos() + 0.6 * spacing;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    for i in 0..SPREAD {
        let z = 1.0 - (2 * i + 1) as f64 / SPREAD as f64;
        let r = (1.0 - z * z).sqrt();
        let phi = golden * i as f64;
        let p = [r * phi.cos(), r * phi.sin(), z];
        if directions
            .iter()
            .all(|&d| dot(p, d).clamp(-1.0, 1.0).acos() > clear)
        {
            points.push(p);
        }
    }
    let triangles = hull(&points)
        .into_iter()
        .map(|t| {
            (
                t,
                t.iter().position(|&i| i < directions.len()).map(|k| t[k]),
            )
        })
        .collect();
    Ball {
        points,
        triangles,
        rings,
        steps,
    }
}

/// Two unit vectors at right angles to `d` and each other, the same for
/// `d` and `-d`, so that opposite rings go round in step.
fn across(d: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let key = if d > d.map(|x| -x) { d } else { d.map(|x| -x) };
    let other = if key[2].abs() < 0.9 {
        [0.0, 0.0, 1.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    let u = unit(cross(key, other));
    (u, cross(key, u))
}

/// The convex hull of points on the unit sphere (each on it, not all in
/// one plane), as triangles turned outward. It starts from four points
/// spread wide and adds the others one at a time: the faces each new point
/// sees are replaced by faces from the edge round them to the point.
fn hull(points: &[[f64; 3]]) -> Vec<[usize; 3]> {
    const SEES: f64 = 1e-12;
    let sees = |t: [usize; 3], p: [f64; 3]| {
        let [a, b, c] = t.map(|i| points[i]);
        dot(cross(sub(b, a), sub(c, a)), sub(p, a)) > SEES
    };
    let widest = |score: &dyn Fn([f64; 3]) -> f64| {
        (0..points.len())
            .max_by(|&i, &j| score(points[i]).total_cmp(&score(points[j])))
            .expect("points to join")
    };
    let a = 0;
    let b = widest(&|p| dot(sub(p, points[a]), sub(p, points[a])));
    let c = widest(&|p| {
        let n = cross(sub(points[b], points[a]), sub(p, points[a]));
        dot(n, n)
    });
    let d = widest(&|p| {
        dot(
            cross(sub(points[b], points[a]), sub(points[c], points[a])),
            sub(p, points[a]),
        )
        .abs()
    });
    let mut faces: Vec<[usize; 3]> = vec![[a, b, c], [a, d, b], [b, d, c], [c, d, a]];
    if sees(faces[0], points[d]) {
        faces = faces.into_iter().map(|[x, y, z]| [x, z, y]).collect();
    }
    for (i, &p) in points.iter().enumerate() {
        if [a, b, c, d].contains(&i) {
            continue;
        }
        let (seen, kept): (Vec<[usize; 3]>, Vec<[usize; 3]>) =
            faces.into_iter().partition(|&t| sees(t, p));
        let edges: std::collections::HashSet<(usize, usize)> = seen
            .iter()
            .flat_map(|t| (0..3).map(move |k| (t[k], t[(k + 1) % 3])))
            .collect();
        faces = kept;
        for &(x, y) in &edges {
            if !edges.contains(&(y, x)) {
                faces.push([x, y, i]);
            }
        }
    }
    faces.sort();
    faces
}

/// The piece made of the spheres at `cells` (at least one, none twice) as
/// closed surfaces, one per group of touching balls, in sphere diameters
/// times `unit`, moved by `-origin` (in diameters); each ball's radius is
/// a half less `inset` (in diameters, below a quarter).
pub fn balls_mesh(cells: &[Cell], unit: f64, inset: f64, origin: [f64; 3]) -> Mesh {
    let ball = ball();
    let radius = 0.5 - inset;
    let k = frame_scale(Grid::Spheres);
    let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let at = |cell: Cell, point: usize| -> [f64; 3] {
        let p = ball.points[point];
        std::array::from_fn(|a| (f64::from(cell[a]) * k[a] + radius * p[a] - origin[a]) * unit)
    };
    let mut triangles = Vec::new();
    for &cell in cells {
        let joined = |ring: usize| {
            let s = ball.steps[ring];
            index.contains_key(&[cell[0] + s[0], cell[1] + s[1], cell[2] + s[2]])
        };
        for &(t, inside) in &ball.triangles {
            if inside.is_none_or(|ring| !joined(ring)) {
                triangles.push(t.map(|i| at(cell, i)));
            }
        }
        for ring in 0..ball.steps.len() {
            let s = ball.steps[ring];
            let other = [cell[0] + s[0], cell[1] + s[1], cell[2] + s[2]];
            // Each neck once, from the first cell in order.
            if other <= cell || !index.contains_key(&other) {
                continue;
            }
            let back = ball
                .steps
                .iter()
                .position(|&b| b == s.map(|x| -x))
                .expect("the steps to touching balls go both ways");
            let near: Vec<[f64; 3]> = ball.rings[ring].iter().map(|&i| at(cell, i)).collect();
            let far: Vec<[f64; 3]> = ball.rings[back].iter().map(|&i| at(other, i)).collect();
            let axis = (at(cell, ring), at(other, back));
            for j in 0..RING {
                let next = (j + 1) % RING;
                for t in [
                    [near[j], near[next], far[next]],
                    [near[j], far[next], far[j]],
                ] {
                    triangles.push(outward(t, axis));
                }
            }
        }
    }
    Mesh { triangles }
}

/// Triangle `t` of a neck round the line through `axis`, turned to face
/// away from the line.
fn outward(t: [[f64; 3]; 3], axis: ([f64; 3], [f64; 3])) -> [[f64; 3]; 3] {
    let middle: [f64; 3] = std::array::from_fn(|a| (t[0][a] + t[1][a] + t[2][a]) / 3.0);
    let along = sub(axis.1, axis.0);
    let s = dot(sub(middle, axis.0), along) / dot(along, along);
    let foot: [f64; 3] = std::array::from_fn(|a| axis.0[a] + s * along[a]);
    let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    if dot(n, sub(middle, foot)) >= 0.0 {
        t
    } else {
        [t[0], t[2], t[1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ball_is_closed_and_each_ring_bounds_the_triangles_inside_it() {
        let b = ball();
        // Every point on the surface, every edge once each way.
        let mut edges: HashMap<(usize, usize), usize> = HashMap::new();
        for (t, _) in &b.triangles {
            for k in 0..3 {
                *edges.entry((t[k], t[(k + 1) % 3])).or_default() += 1;
            }
        }
        assert!(
            edges
                .iter()
                .all(|(&(a, c), &n)| n == 1 && edges.get(&(c, a)) == Some(&1))
        );
        let used: std::collections::BTreeSet<usize> =
            b.triangles.iter().flat_map(|(t, _)| *t).collect();
        assert_eq!(used.len(), b.points.len());
        assert_eq!(
            b.points.len() as i64 - edges.len() as i64 / 2 + b.triangles.len() as i64,
            2
        );
        // Inside each ring: a fan round its middle, its rim the ring.
        for (r, ring) in b.rings.iter().enumerate() {
            let fan: Vec<[usize; 3]> = b
                .triangles
                .iter()
                .filter(|(_, inside)| *inside == Some(r))
                .map(|(t, _)| *t)
                .collect();
            assert_eq!(fan.len(), RING);
            for t in &fan {
                assert!(t.contains(&r));
                assert!(t.iter().all(|i| *i == r || ring.contains(i)));
            }
        }
        // Outward: each triangle's normal points away from the centre.
        for (t, _) in &b.triangles {
            let [p, q, s] = t.map(|i| b.points[i]);
            assert!(dot(cross(sub(q, p), sub(s, p)), p) > 0.0);
        }
    }

    #[test]
    fn opposite_rings_go_round_in_step() {
        let b = ball();
        for (r, s) in b.steps.iter().enumerate() {
            let back = b.steps.iter().position(|&o| o == s.map(|x| -x)).unwrap();
            let d = unit(s.map(f64::from));
            for (&i, &j) in b.rings[r].iter().zip(&b.rings[back]) {
                // The same direction across the line, mirrored along it.
                let (p, q) = (b.points[i], b.points[j]);
                let across_p: [f64; 3] = std::array::from_fn(|a| p[a] - dot(p, d) * d[a]);
                let across_q: [f64; 3] = std::array::from_fn(|a| q[a] - dot(q, d) * d[a]);
                assert!(sub(across_p, across_q).iter().all(|x| x.abs() < 1e-12));
                assert!((dot(p, d) + dot(q, d)).abs() < 1e-12);
            }
        }
    }
    /// A neck keeps clear of every ball but its own two and of every neck
    /// that shares no ball with it (necks that share a ball are one
    /// piece's), even with no inset: the pieces of an assembly cannot meet.
    #[test]
    fn necks_keep_clear_of_other_balls_and_necks() {
        let radius = 0.5;
        let neck = radius * NECK_ANGLE.sin();
        let k = frame_scale(Grid::Spheres);
        let space = |c: Cell| -> [f64; 3] { std::array::from_fn(|a| f64::from(c[a]) * k[a]) };
        let cells: Vec<Cell> = (0..125)
            .map(|i| [i % 5 - 2, i / 5 % 5 - 2, i / 25 - 2])
            .filter(|&c| Grid::Spheres.is_cell(c))
            .collect();
        let necks: Vec<(Cell, Cell)> = cells
            .iter()
            .flat_map(|&a| {
                Grid::Spheres
                    .neighbours(a)
                    .into_iter()
                    .filter(move |&b| b > a)
                    .map(move |b| (a, b))
            })
            .collect();
        let along = |(a, b): (Cell, Cell), t: f64| -> [f64; 3] {
            let (p, q) = (space(a), space(b));
            std::array::from_fn(|i| p[i] + t * (q[i] - p[i]))
        };
        let distance = |p: [f64; 3], q: [f64; 3]| dot(sub(p, q), sub(p, q)).sqrt();
        const SAMPLES: usize = 100;
        let samples = |n: (Cell, Cell)| -> Vec<[f64; 3]> {
            (0..=SAMPLES)
                .map(|i| along(n, i as f64 / SAMPLES as f64))
                .collect()
        };
        // Samples a hundredth apart on a unit segment miss the nearest
        // point by at most half of that.
        let slack = 0.5 / SAMPLES as f64;
        for &own in necks.iter().filter(|n| n.0 == [0, 0, 0]) {
            let mine = samples(own);
            for &c in cells.iter().filter(|&&c| c != own.0 && c != own.1) {
                let near = mine
                    .iter()
                    .map(|&p| distance(p, space(c)))
                    .fold(f64::MAX, f64::min);
                assert!(
                    near - slack > radius + neck,
                    "{own:?} and ball {c:?}: {near}"
                );
            }
            for &other in &necks {
                if [other.0, other.1]
                    .iter()
                    .any(|c| *c == own.0 || *c == own.1)
                {
                    continue;
                }
                let theirs = samples(other);
                let near = mine
                    .iter()
                    .flat_map(|&p| theirs.iter().map(move |&q| distance(p, q)))
                    .fold(f64::MAX, f64::min);
                assert!(
                    near - 2.0 * slack > 2.0 * neck,
                    "{own:?} and {other:?}: {near}"
                );
            }
        }
    }
}
