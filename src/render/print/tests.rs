//! The surfaces checked as a slicer would: read back from the STL bytes,
//! every edge met once each way (closed and consistently turned), no
//! triangle without area, Euler's formula for pieces without holes, a
//! positive volume (turned outward) equal to the cells' as shrunk and
//! bevelled, worked out here from the cells alone.

use super::*;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// Triangles read back from binary STL.
pub(super) fn read_stl(bytes: &[u8]) -> Vec<[[f32; 3]; 3]> {
    assert!(bytes.len() >= 84);
    let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(
        bytes.len(),
        84 + 50 * count,
        "file length for {count} triangles"
    );
    (0..count)
        .map(|i| {
            let at = 84 + 50 * i + 12;
            let f = |k: usize| {
                f32::from_le_bytes(bytes[at + 4 * k..at + 4 * k + 4].try_into().unwrap())
            };
            [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]]
        })
        .collect()
}

type Key = [u32; 3];

/// Closed and consistently turned: every directed edge once, and its
/// reverse once. Returns (vertices, edges, faces).
pub(super) fn closed(triangles: &[[[f32; 3]; 3]]) -> (usize, usize, usize) {
    let key = |p: [f32; 3]| -> Key { p.map(f32::to_bits) };
    let mut directed: HashMap<(Key, Key), usize> = HashMap::new();
    let mut vertices = BTreeSet::new();
    for t in triangles {
        for k in 0..3 {
            let (a, b) = (key(t[k]), key(t[(k + 1) % 3]));
            assert_ne!(a, b, "a triangle with two corners in one place: {t:?}");
            *directed.entry((a, b)).or_default() += 1;
            vertices.insert(a);
        }
    }
    for (&(a, b), &n) in &directed {
        assert_eq!(n, 1, "edge {a:?}-{b:?} met {n} times one way");
        assert_eq!(
            directed.get(&(b, a)),
            Some(&1),
            "edge {a:?}-{b:?} not met the other way"
        );
    }
    (vertices.len(), directed.len() / 2, triangles.len())
}

pub(super) fn volume(triangles: &[[[f32; 3]; 3]]) -> f64 {
    triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|p| p.map(f64::from));
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

pub(super) fn area(t: &[[f32; 3]; 3]) -> f64 {
    let [a, b, c] = t.map(|p| p.map(f64::from));
    let u: [f64; 3] = std::array::from_fn(|i| b[i] - a[i]);
    let v: [f64; 3] = std::array::from_fn(|i| c[i] - a[i]);
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() / 2.0
}

/// The volume of `cells` shrunk by `d` (in cells, no bevel), from the cells
/// alone: each cell's core, a slab per pair of neighbours, a bar per four
/// cells around an edge, a small cube per eight around a corner.
fn shrunk_volume(cells: &[Cell], d: f64) -> f64 {
    let own: BTreeSet<Cell> = cells.iter().copied().collect();
    let has = |c: Cell| own.contains(&c);
    let s = 1.0 - 2.0 * d;
    let mut v = cells.len() as f64 * s * s * s;
    for &c in cells {
        for a in 0..3 {
            let mut n = c;
            n[a] += 1;
            if has(n) {
                v += 2.0 * d * s * s;
            }
        }
        for a in 0..3 {
            let (b, e) = ((a + 1) % 3, (a + 2) % 3);
            let step = |c: Cell, x: usize, y: usize| {
                let mut n = c;
                n[b] += x as i32;
                n[e] += y as i32;
                n
            };
            if has(step(c, 1, 0)) && has(step(c, 0, 1)) && has(step(c, 1, 1)) {
                v += 4.0 * d * d * s;
            }
        }
        let all =
            (0..8).all(|k| has([c[0] + (k & 1), c[1] + ((k >> 1) & 1), c[2] + ((k >> 2) & 1)]));
        if all {
            v += 8.0 * d * d * d;
        }
    }
    v
}

fn finish(bevel: f64, inset: f64) -> Finish {
    Finish {
        unit: 10.0,
        bevel,
        inset,
    }
}

fn surface(cells: &[Cell], f: &Finish) -> Vec<[[f32; 3]; 3]> {
    read_stl(&stl_bytes("test", &cubes_mesh(cells, f, [0, 0, 0])))
}

#[test]
fn one_cube_is_a_bevelled_box_of_the_right_volume() {
    let f = finish(0.5, 0.1);
    let t = surface(&[[0, 0, 0]], &f);
    assert_eq!(
        closed(&t).0 as isize - closed(&t).1 as isize + t.len() as isize,
        2
    );
    // The cube shrunk, less twelve bevelled edges and eight cut corners
    // (each corner loses five sixths of a bevel-sided cube).
    let (s, b) = (10.0 - 0.2, 0.5);
    let expected = s * s * s - 12.0 * (b * b / 2.0) * (s - 2.0 * b) - 8.0 * (5.0 * b * b * b / 6.0);
    assert!(
        (volume(&t) - expected).abs() < 1e-3,
        "{} against {expected}",
        volume(&t)
    );
    let lo: Vec<f32> = (0..3)
        .map(|a| t.iter().flatten().map(|p| p[a]).fold(f32::MAX, f32::min))
        .collect();
    let hi: Vec<f32> = (0..3)
        .map(|a| t.iter().flatten().map(|p| p[a]).fold(f32::MIN, f32::max))
        .collect();
    assert_eq!(lo, vec![0.1f32; 3]);
    assert_eq!(hi, vec![9.9f32; 3]);
}

#[test]
fn a_bar_is_one_solid_with_no_faces_inside() {
    let cells: Vec<Cell> = (0..3).map(|x| [x, 0, 0]).collect();
    let t = surface(&cells, &finish(0.0, 0.1));
    let (v, e, f) = closed(&t);
    assert_eq!(v as isize - e as isize + f as isize, 2);
    // Without a bevel, the six sides of the shrunk bar, cut along the grid.
    let expected = (30.0 - 0.2) * 9.8 * 9.8;
    assert!((volume(&t) - expected).abs() < 1e-2);
    // No face between the cells: whatever faces along x is an end.
    for tri in &t {
        if tri.iter().all(|p| p[0] == tri[0][0]) {
            assert!(tri[0][0] == 0.1 || tri[0][0] == 29.9, "{tri:?}");
        }
    }
}

#[test]
fn cells_that_meet_along_an_edge_only_stay_apart() {
    // Two cells meeting along an edge, joined through a third: no edge is
    // shared by four faces.
    let cells = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 1], [0, 1, 0]];
    closed(&surface(&cells, &finish(0.5, 0.1)));
    let diagonal = [[0, 0, 0], [1, 1, 0]];
    let t = surface(&diagonal, &finish(0.5, 0.1));
    let (v, e, f) = closed(&t);
    assert_eq!(
        v as isize - e as isize + f as isize,
        4,
        "two separate solids"
    );
}

/// A connected polycube grown from one cell by random face steps.
fn polycube(steps: &[(usize, u8)]) -> Vec<Cell> {
    let mut cells = vec![[0, 0, 0]];
    for &(from, dir) in steps {
        let mut c = cells[from % cells.len()];
        c[(dir % 3) as usize] += if dir >= 3 { 1 } else { -1 };
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}

/// The number of holes through a polycube is hard to tell, but a tree of
/// cells (each added cell touching exactly one before it by a face and no
/// other by an edge) has none.
fn is_tree(cells: &[Cell]) -> bool {
    cells.iter().enumerate().all(|(i, c)| {
        i == 0
            || cells[..i]
                .iter()
                .filter(|o| {
                    (0..3).map(|a| (c[a] - o[a]).abs()).sum::<i32>() <= 2
                        && (0..3).all(|a| (c[a] - o[a]).abs() <= 1)
                })
                .count()
                == 1
    })
}

proptest! {
    /// Random pieces: closed, turned outward, no empty triangles; the
    /// volume of the shrunk cells without a bevel, a little less with one
    /// (at most half a bevel squared per unit length of edge, over the
    /// twelve edges of every cell), and Euler's formula for trees of cells.
    #[test]
    fn random_pieces_are_closed_solids_of_their_cells_volume(
        steps in proptest::collection::vec((0usize..20, 0u8..6), 0..12),
        bevel in 0.0f64..1.5,
        inset in 0.01f64..0.5,
    ) {
        let cells = polycube(&steps);
        let f = finish(bevel, inset);
        prop_assume!(f.fault().is_none());
        let t = surface(&cells, &f);
        let (v, e, n) = closed(&t);
        prop_assert!(t.iter().all(|tri| area(tri) > 1e-12));
        let shrunk = shrunk_volume(&cells, inset / 10.0) * 1000.0;
        let flat = surface(&cells, &finish(0.0, inset));
        prop_assert!((volume(&flat) - shrunk).abs() < 1e-2 * cells.len() as f64,
            "{} against {shrunk}", volume(&flat));
        let most_cut = cells.len() as f64 * 12.0 * 10.0 * bevel * bevel / 2.0;
        prop_assert!(volume(&t) <= shrunk + 1e-2);
        prop_assert!(volume(&t) >= shrunk - most_cut - 1e-2);
        if is_tree(&cells) {
            prop_assert_eq!(v as isize - e as isize + n as isize, 2);
        }
    }
}

/// A staircase of cells spans a box far larger than its cells: its solid is
/// built from the cells it has, not from the box (which, dense, would be
/// gigabytes of fine boxes).
#[test]
fn a_long_staircase_is_built_from_its_cells_alone() {
    let cells: Vec<Cell> = (0..300)
        .flat_map(|i| [[i, i, i], [i + 1, i, i], [i + 1, i + 1, i]])
        .collect();
    let t = surface(&cells, &finish(0.5, 0.1));
    let (v, e, f) = closed(&t);
    assert_eq!(v as isize - e as isize + f as isize, 2);
}
