//! Whether a triangle lies within a set of convex cells that do not
//! overlap: the parts of it each cell holds (the triangle clipped by the
//! cell's planes) add up to the whole triangle.

use super::vector::{cross, dot, sub};

/// A plane: its unit normal and offset (the points `x` with `n . x = o`),
/// the cell on the side the normal points away from.
pub type Plane = ([f64; 3], f64);

/// The area of a flat polygon.
fn area(polygon: &[[f64; 3]]) -> f64 {
    let mut sum = [0.0; 3];
    for i in 1..polygon.len().saturating_sub(1) {
        let c = cross(sub(polygon[i], polygon[0]), sub(polygon[i + 1], polygon[0]));
        for a in 0..3 {
            sum[a] += c[a];
        }
    }
    dot(sum, sum).sqrt() / 2.0
}

/// The part of `polygon` on the cell's side of `plane`.
fn clip(polygon: &[[f64; 3]], (n, o): Plane) -> Vec<[f64; 3]> {
    let side = |p: [f64; 3]| dot(n, p) - o;
    let mut out = Vec::new();
    for i in 0..polygon.len() {
        let (p, q) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        let (sp, sq) = (side(p), side(q));
        if sp <= 0.0 {
            out.push(p);
        }
        if (sp < 0.0 && sq > 0.0) || (sp > 0.0 && sq < 0.0) {
            let t = sp / (sp - sq);
            out.push(std::array::from_fn(|a| p[a] + t * (q[a] - p[a])));
        }
    }
    out
}

/// Whether `triangle` lies within the cells, each given by its planes,
/// but for a share of its area no larger than `slack`.
pub fn covered<'a>(
    triangle: [[f64; 3]; 3],
    cells: impl IntoIterator<Item = &'a [Plane]>,
    slack: f64,
) -> bool {
    let whole = area(&triangle);
    let mut held = 0.0;
    for planes in cells {
        let mut part = triangle.to_vec();
        for &plane in planes {
            part = clip(&part, plane);
            if part.len() < 3 {
                break;
            }
        }
        if part.len() >= 3 {
            held += area(&part);
        }
    }
    held >= whole * (1.0 - slack)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit cube's planes, shifted along x by `dx`.
    fn cube(dx: f64) -> Vec<Plane> {
        vec![
            ([1.0, 0.0, 0.0], 1.0 + dx),
            ([-1.0, 0.0, 0.0], -dx),
            ([0.0, 1.0, 0.0], 1.0),
            ([0.0, -1.0, 0.0], 0.0),
            ([0.0, 0.0, 1.0], 1.0),
            ([0.0, 0.0, -1.0], 0.0),
        ]
    }

    #[test]
    fn a_triangle_across_two_cubes_is_covered_by_both_not_by_one() {
        let t = [[0.5, 0.5, 0.5], [1.5, 0.2, 0.5], [1.5, 0.8, 0.5]];
        let (a, b) = (cube(0.0), cube(1.0));
        assert!(covered(t, [a.as_slice(), b.as_slice()], 1e-9));
        assert!(!covered(t, [a.as_slice()], 1e-9));
        assert!(!covered(t, [b.as_slice()], 1e-9));
    }

    #[test]
    fn a_triangle_reaching_out_of_the_cells_is_not_covered() {
        let t = [[0.5, 0.5, 0.5], [1.5, 0.2, 0.5], [1.5, 1.2, 0.5]];
        let (a, b) = (cube(0.0), cube(1.0));
        assert!(!covered(t, [a.as_slice(), b.as_slice()], 1e-9));
    }
}
