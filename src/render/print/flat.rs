//! Triangles of no width taken out of a closed surface. Round a corner
//! whose fan parted, two neighbouring points can lie on one line with the
//! corner, and the triangle between them has no width: its third corner
//! lies on its longest side. The triangle across that side is cut at that
//! corner instead, which leaves the surface closed and the same shape.

use super::vector::{cross, dot, sub};

/// Whether triangle `t` of `points` has no width (its height over its
/// longest side below `tolerance`); then that side's ends and the corner
/// on it, in the triangle's turn.
fn flat(t: [usize; 3], points: &[[f64; 3]], tolerance: f64) -> Option<(usize, usize, usize)> {
    let p = t.map(|i| points[i]);
    let side = |i: usize| {
        let d = sub(p[(i + 1) % 3], p[i]);
        dot(d, d)
    };
    let longest = (0..3).max_by(|&a, &b| side(a).total_cmp(&side(b)))?;
    let c = cross(sub(p[1], p[0]), sub(p[2], p[0]));
    let height = dot(c, c).sqrt() / side(longest).sqrt().max(f64::MIN_POSITIVE);
    (height < tolerance).then(|| (t[longest], t[(longest + 1) % 3], t[(longest + 2) % 3]))
}

/// `triangles` (corners by index into `points`, each side met once each
/// way) without those of no width, where the triangle across the longest
/// side can be cut at the third corner: not when that corner is already
/// joined to the far one, which would join them twice. Two triangles of no
/// width back to back are both dropped.
pub fn without_flat(
    mut triangles: Vec<[usize; 3]>,
    points: &[[f64; 3]],
    tolerance: f64,
) -> Vec<[usize; 3]> {
    let joined = |ts: &[[usize; 3]], a: usize, b: usize| {
        ts.iter()
            .any(|t| (0..3).any(|k| t[k] == a && t[(k + 1) % 3] == b))
    };
    let mut stuck = vec![false; triangles.len()];
    let mut at = 0;
    // Each cut leaves one triangle of no width fewer; the bound is a guard.
    let mut cuts = 0;
    while at < triangles.len() && cuts <= 4 * triangles.len() {
        let Some((p, q, r)) = (!stuck[at])
            .then(|| flat(triangles[at], points, tolerance))
            .flatten()
        else {
            at += 1;
            continue;
        };
        // The triangle across side p -> q runs q -> p: (q, p, x).
        let Some(across) = triangles
            .iter()
            .position(|t| (0..3).any(|k| t[k] == q && t[(k + 1) % 3] == p))
        else {
            stuck[at] = true;
            continue;
        };
        let t = triangles[across];
        let x = t[((0..3).find(|&k| t[k] == q).unwrap() + 2) % 3];
        if x == r {
            for i in [at.max(across), at.min(across)] {
                triangles.swap_remove(i);
                stuck.swap_remove(i);
            }
            at = 0;
            continue;
        }
        if joined(&triangles, r, x) || joined(&triangles, x, r) {
            stuck[at] = true;
            continue;
        }
        triangles[across] = [q, r, x];
        triangles[at] = [r, p, x];
        stuck[across] = false;
        at = at.min(across);
        cuts += 1;
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_triangle_on_a_side_is_taken_into_the_triangle_across() {
        // A tetrahedron (0, 1, 2, 3) whose face (0, 1, 3) is cut at point
        // 4 on side 0-1, with the flat triangle (0, 1, 4) closing it.
        let points = [
            [0.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [0.0, 2.0, 0.0],
            [0.0, 0.0, 2.0],
            [1.0, 0.0, 0.0],
        ];
        let triangles = vec![
            [0, 2, 1],
            [0, 3, 2],
            [1, 2, 3],
            [0, 4, 3],
            [4, 1, 3],
            [0, 1, 4],
        ];
        let out = without_flat(triangles, &points, 1e-9);
        assert_eq!(out.len(), 6);
        assert!(out.iter().all(|&t| flat(t, &points, 1e-9).is_none()));
        let edges: Vec<(usize, usize)> = out
            .iter()
            .flat_map(|t| (0..3).map(move |k| (t[k], t[(k + 1) % 3])))
            .collect();
        for &(a, b) in &edges {
            assert_eq!(edges.iter().filter(|&&e| e == (a, b)).count(), 1);
            assert_eq!(edges.iter().filter(|&&e| e == (b, a)).count(), 1);
        }
    }
}
