//! A test-only packer for BurrTools' five grids, written from the grids'
//! definitions in space rather than from the library's integer turns: each
//! cell stands for its centroid in space, a shape is turned by rotation
//! matrices in floating point (generated from a few turns by closure), and a
//! turned shape is found back on the grid by moving its first centroid onto
//! each cell's. Placements are every orientation at every translation of the
//! grid that lands inside the target; covers are found by depth-first search;
//! classes are orbits under the target's own symmetries found the same way.

use super::Cell;
use std::collections::{BTreeSet, HashMap};

/// A grid by BurrTools' number: 0 cubes, 1 prisms, 2 spheres, 3 rhombic, 4
/// tetra-octa.
pub type GridNumber = u8;

type Matrix = [[f64; 3]; 3];

fn times(a: &Matrix, b: &Matrix) -> Matrix {
    std::array::from_fn(|i| std::array::from_fn(|j| (0..3).map(|k| a[i][k] * b[k][j]).sum()))
}

fn apply(m: &Matrix, p: [f64; 3]) -> [f64; 3] {
    std::array::from_fn(|i| (0..3).map(|k| m[i][k] * p[k]).sum())
}

/// Every product of the generators, closed (rounded to tell matrices apart).
fn closure(generators: &[Matrix]) -> Vec<Matrix> {
    let key = |m: &Matrix| m.map(|r| r.map(|v| (v * 1e6).round() as i64));
    let one = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let mut seen = BTreeSet::from([key(&one)]);
    let mut out = vec![one];
    let mut k = 0;
    while k < out.len() {
        for g in generators {
            let m = times(g, &out[k]);
            if seen.insert(key(&m)) {
                out.push(m);
            }
        }
        k += 1;
    }
    out
}

/// The grid's rotations in space, and one mirror image.
pub fn rotations(grid: GridNumber) -> (Vec<Matrix>, Matrix) {
    let quarter_x = [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]];
    let quarter_y = [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]];
    let cube = closure(&[quarter_x, quarter_y]);
    match grid {
        1 => {
            let (c, s) = (0.5, 3f64.sqrt() / 2.0);
            let sixth = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
            let over = [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]];
            let mirror = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]];
            (closure(&[sixth, over]), mirror)
        }
        2 => {
            // A half turn about each body diagonal lays one close-packed
            // layer onto another; the sphere grid takes each cube rotation
            // alone and after each such half turn.
            let mut all = cube.clone();
            for d in [
                [1.0, 1.0, 1.0],
                [1.0, 1.0, -1.0],
                [1.0, -1.0, 1.0],
                [-1.0, 1.0, 1.0],
            ] {
                let half: Matrix = std::array::from_fn(|i| {
                    std::array::from_fn(|j| {
                        2.0 * d[i] * d[j] / 3.0 - if i == j { 1.0 } else { 0.0 }
                    })
                });
                all.extend(cube.iter().map(|g| times(g, &half)));
            }
            let minus = [[-1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]];
            (all, minus)
        }
        _ => (cube, [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    }
}

/// Whether a position is a cell, from BurrTools' definitions.
pub fn is_cell(grid: GridNumber, c: Cell) -> bool {
    match grid {
        2 => (c[0] + c[1] + c[2]).rem_euclid(2) == 0,
        3 => {
            let kinds: BTreeSet<i32> = c
                .iter()
                .map(|v| [0, 1, 2, 1, 0][v.rem_euclid(5) as usize])
                .collect();
            kinds.len() == 3
        }
        4 => {
            let l = c.map(|v| v.rem_euclid(3));
            let b: i32 = c.iter().map(|v| v.div_euclid(3)).sum();
            let odd_block = b.rem_euclid(2) == 1;
            l == [1, 1, 1]
                || (l.iter().all(|&v| v != 1) && {
                    let far = l.iter().filter(|&&v| v == 2).count();
                    // Odd blocks: (0,0,0), (2,2,0), …; even: (2,0,0), (2,2,2), …
                    (far % 2 == 0) == odd_block
                })
        }
        _ => true,
    }
}

/// The centroid of a cell in space.
pub fn centroid(grid: GridNumber, c: Cell) -> [f64; 3] {
    let [x, y, z] = c.map(f64::from);
    match grid {
        1 => {
            let up = (c[0] + c[1]).rem_euclid(2) == 0;
            let rise = if up {
                (1.0f64 / 12.0).sqrt()
            } else {
                (1.0f64 / 3.0).sqrt()
            };
            [0.5 + 0.5 * x, 0.75f64.sqrt() * y + rise, z + 0.5]
        }
        2 => [x, y, z].map(|v| v * 0.5f64.sqrt()),
        3 => c.map(|v| {
            f64::from(v.div_euclid(5)) + [0.125, 0.25, 0.5, 0.75, 0.875][v.rem_euclid(5) as usize]
        }),
        4 => c.map(|v| f64::from(v.div_euclid(3)) + [0.25, 0.5, 0.75][v.rem_euclid(3) as usize]),
        _ => [x, y, z].map(|v| v + 0.5),
    }
}

/// Whether moving by `d` keeps every cell's kind.
pub fn is_translation(grid: GridNumber, d: Cell) -> bool {
    match grid {
        1 => (d[0] + d[1]).rem_euclid(2) == 0,
        2 => (d[0] + d[1] + d[2]).rem_euclid(2) == 0,
        3 => d.iter().all(|v| v.rem_euclid(5) == 0),
        4 => {
            d.iter().all(|v| v.rem_euclid(3) == 0) && d.iter().map(|v| v / 3).sum::<i32>() % 2 == 0
        }
        _ => true,
    }
}

/// The cell whose centroid is `p`, if any.
fn find(grid: GridNumber, p: [f64; 3]) -> Option<Cell> {
    near_cell(grid, p).filter(|&c| {
        let q = centroid(grid, c);
        (0..3).all(|a| (q[a] - p[a]).abs() < 1e-6)
    })
}

/// Whether a move in space is one of the grid's translations.
fn is_lattice_vector(grid: GridNumber, t: [f64; 3]) -> bool {
    let whole = |v: f64| (v - v.round()).abs() < 1e-6;
    match grid {
        1 => {
            let b = t[1] / 0.75f64.sqrt();
            whole(b) && whole(t[0] - 0.5 * b) && whole(t[2])
        }
        2 => {
            let u = t.map(|v| v / 0.5f64.sqrt());
            u.iter().all(|&v| whole(v)) && (u.iter().sum::<f64>().round() as i64) % 2 == 0
        }
        4 => t.iter().all(|&v| whole(v)) && (t.iter().sum::<f64>().round() as i64) % 2 == 0,
        _ => t.iter().all(|&v| whole(v)),
    }
}

/// The point the grid's turns turn about: a symmetry centre of the whole
/// grid (a cube's corner, a triangle's corner, a block's centre, an
/// octahedron's centre), or for spheres the shape's first sphere.
fn pivot(grid: GridNumber, first: Cell) -> [f64; 3] {
    match grid {
        2 => centroid(grid, first),
        3 => [0.5; 3],
        _ => [0.0; 3],
    }
}

/// The shape's cells turned by `m` about the pivot and moved by a
/// translation of the grid onto cells, in the shape's order; `None` when no
/// translation lands them on cells.
fn turned_cells(grid: GridNumber, shape: &[Cell], m: &Matrix) -> Option<Vec<Cell>> {
    let o = pivot(grid, shape[0]);
    let points: Vec<[f64; 3]> = shape
        .iter()
        .map(|&c| {
            let q = centroid(grid, c);
            let r = apply(m, std::array::from_fn(|a| q[a] - o[a]));
            std::array::from_fn(|a| r[a] + o[a])
        })
        .collect();
    // The first point lands on one of the cells around it.
    let rough = points[0];
    let reach = 1.5;
    for dx in -2..=2 {
        for dy in -2..=2 {
            for dz in -2..=2 {
                let probe = [
                    rough[0] + f64::from(dx) * reach / 2.0,
                    rough[1] + f64::from(dy) * reach / 2.0,
                    rough[2] + f64::from(dz) * reach / 2.0,
                ];
                let Some(landing) = near_cell(grid, probe) else {
                    continue;
                };
                let to = centroid(grid, landing);
                let t: [f64; 3] = std::array::from_fn(|a| to[a] - points[0][a]);
                if !is_lattice_vector(grid, t) {
                    continue;
                }
                let cells: Option<Vec<Cell>> = points
                    .iter()
                    .map(|p| find(grid, std::array::from_fn(|a| p[a] + t[a])))
                    .collect();
                if cells.is_some() {
                    return cells;
                }
            }
        }
    }
    None
}

/// The cell whose centroid is nearest to `p`, among the positions around a
/// rough inverse of [`centroid`].
fn near_cell(grid: GridNumber, p: [f64; 3]) -> Option<Cell> {
    let rough: [f64; 3] = match grid {
        1 => [2.0 * p[0] - 1.0, p[1] / 0.75f64.sqrt(), p[2] - 0.5],
        2 => p.map(|v| v / 0.5f64.sqrt()),
        3 => p.map(|v| 5.0 * v - 0.5),
        4 => p.map(|v| 3.0 * v - 0.5),
        _ => p.map(|v| v - 0.5),
    };
    let base = rough.map(|v| v.round() as i32);
    let mut best: Option<(f64, Cell)> = None;
    for dx in -3..=3 {
        for dy in -3..=3 {
            for dz in -3..=3 {
                let c = [base[0] + dx, base[1] + dy, base[2] + dz];
                if is_cell(grid, c) {
                    let q = centroid(grid, c);
                    let d: f64 = (0..3).map(|a| (q[a] - p[a]).powi(2)).sum();
                    if best.is_none_or(|(b, _)| d < b) {
                        best = Some((d, c));
                    }
                }
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The shape turned by `m` and found back on the grid, normalised.
fn turned(grid: GridNumber, shape: &[Cell], m: &Matrix) -> Option<Vec<Cell>> {
    turned_cells(grid, shape, m).map(|cells| normal(grid, &cells))
}

/// A shape moved by the grid's translations to its least form at the origin:
/// of the translates with every coordinate from 0, the least sorted list.
pub fn normal(grid: GridNumber, cells: &[Cell]) -> Vec<Cell> {
    let m: [i32; 3] = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap());
    let mut best: Option<Vec<Cell>> = None;
    for dx in 0..6 {
        for dy in 0..6 {
            for dz in 0..6 {
                let d = [dx - m[0], dy - m[1], dz - m[2]];
                if !is_translation(grid, d) {
                    continue;
                }
                let mut moved: Vec<Cell> = cells
                    .iter()
                    .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
                    .collect();
                moved.sort();
                if best.as_ref().is_none_or(|b| moved < *b) {
                    best = Some(moved);
                }
            }
        }
    }
    best.expect("some translation reaches the origin")
}

/// Every orientation of a shape (rotations, and mirror images when asked).
pub fn orientations(grid: GridNumber, shape: &[Cell], mirror: bool) -> BTreeSet<Vec<Cell>> {
    let (turns, reflection) = rotations(grid);
    let mut out = BTreeSet::new();
    for m in &turns {
        out.extend(turned(grid, shape, m));
        if mirror {
            out.extend(turned(grid, shape, &times(m, &reflection)));
        }
    }
    out
}

/// A packing: per piece placed, its type and sorted cells, sorted.
pub type Packed = Vec<(usize, Vec<Cell>)>;

/// Per piece type: its cells and how many copies are placed.
pub struct GridPuzzle {
    pub grid: GridNumber,
    pub target: Vec<Cell>,
    pub pieces: Vec<(Vec<Cell>, usize)>,
}

/// Every packing (per piece placed: its type and sorted cells, sorted), and
/// the number of classes under the target's symmetries: its rotations, and
/// its reflections when every piece is its own mirror image or has a mirror
/// partner among the others (relabelled so).
pub fn packings(p: &GridPuzzle) -> (BTreeSet<Packed>, usize) {
    let target: BTreeSet<Cell> = p.target.iter().copied().collect();
    let shapes: Vec<BTreeSet<Vec<Cell>>> = p
        .pieces
        .iter()
        .map(|(c, _)| orientations(p.grid, c, false))
        .collect();
    let placements: Vec<Vec<Vec<Cell>>> = shapes
        .iter()
        .map(|orients| {
            let mut out = Vec::new();
            for o in orients {
                for &t in &target {
                    let d = [t[0] - o[0][0], t[1] - o[0][1], t[2] - o[0][2]];
                    if !is_translation(p.grid, d) {
                        continue;
                    }
                    let moved: Vec<Cell> = o
                        .iter()
                        .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
                        .collect();
                    if moved.iter().all(|c| target.contains(c)) {
                        out.push(moved);
                    }
                }
            }
            out.sort();
            out.dedup();
            out
        })
        .collect();
    let mut found = BTreeSet::new();
    let mut left: Vec<usize> = p.pieces.iter().map(|(_, n)| *n).collect();
    let mut chosen = Vec::new();
    cover(
        &target,
        &placements,
        &mut left,
        &mut BTreeSet::new(),
        &mut chosen,
        &mut found,
    );
    let classes = orbits(p, &shapes, &found);
    (found, classes)
}

fn cover(
    target: &BTreeSet<Cell>,
    placements: &[Vec<Vec<Cell>>],
    left: &mut [usize],
    covered: &mut BTreeSet<Cell>,
    chosen: &mut Vec<(usize, Vec<Cell>)>,
    found: &mut BTreeSet<Packed>,
) {
    let Some(&first) = target.iter().find(|c| !covered.contains(*c)) else {
        let mut packing = chosen.clone();
        packing.sort();
        found.insert(packing);
        return;
    };
    for t in 0..placements.len() {
        if left[t] == 0 {
            continue;
        }
        for pl in &placements[t] {
            if pl.contains(&first) && pl.iter().all(|c| !covered.contains(c)) {
                left[t] -= 1;
                covered.extend(pl.iter().copied());
                chosen.push((t, pl.clone()));
                cover(target, placements, left, covered, chosen, found);
                chosen.pop();
                for c in pl {
                    covered.remove(c);
                }
                left[t] += 1;
            }
        }
    }
}

/// The classes of the packings under the target's symmetries.
fn orbits(p: &GridPuzzle, shapes: &[BTreeSet<Vec<Cell>>], found: &BTreeSet<Packed>) -> usize {
    let (turns, reflection) = rotations(p.grid);
    // Each type's partner under a mirror image, if every type has one.
    let mirror_partner: Option<Vec<usize>> = p
        .pieces
        .iter()
        .map(|(cells, n)| {
            let image = turned(p.grid, cells, &reflection)?;
            (0..p.pieces.len()).find(|&u| shapes[u].contains(&image) && p.pieces[u].1 == *n)
        })
        .collect();
    let mut maps: Vec<(Matrix, Vec<usize>)> = turns
        .iter()
        .map(|m| (*m, (0..p.pieces.len()).collect()))
        .collect();
    if let Some(partner) = mirror_partner {
        maps.extend(
            turns
                .iter()
                .map(|m| (times(m, &reflection), partner.clone())),
        );
    }
    // A map of the target: the whole target turned, moved back onto itself.
    let set: BTreeSet<Cell> = p.target.iter().copied().collect();
    let least = |cells: &[Cell]| -> Cell {
        std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap())
    };
    let mut symmetries: Vec<(HashMap<Cell, Cell>, Vec<usize>)> = Vec::new();
    for (m, relabel) in &maps {
        let Some(image) = turned_cells(p.grid, &p.target, m) else {
            continue;
        };
        let (a, b) = (least(&p.target), least(&image));
        let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
        let moved: Vec<Cell> = image
            .iter()
            .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
            .collect();
        if is_translation(p.grid, d) && moved.iter().all(|c| set.contains(c)) {
            let map: HashMap<Cell, Cell> = p.target.iter().copied().zip(moved).collect();
            symmetries.push((map, relabel.clone()));
        }
    }
    let mut seen: BTreeSet<Vec<(usize, Vec<Cell>)>> = BTreeSet::new();
    let mut classes = 0;
    for packing in found {
        if seen.contains(packing) {
            continue;
        }
        classes += 1;
        for (map, relabel) in &symmetries {
            let mut image: Vec<(usize, Vec<Cell>)> = packing
                .iter()
                .map(|(t, cells)| {
                    let mut moved: Vec<Cell> = cells.iter().map(|c| map[c]).collect();
                    moved.sort();
                    (relabel[*t], moved)
                })
                .collect();
            image.sort();
            seen.insert(image);
        }
    }
    classes
}
