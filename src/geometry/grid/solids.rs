//! Each grid's cells as the solids they are: corners in a whole-number frame
//! (so that two cells share a face exactly when they list the same corners
//! for it), faces as lists of corners, and the frame's scale in space. Which
//! cells touch is worked out from the solids once per kind of cell.

use super::Grid;
use crate::geometry::Cell;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// A cell's solid: corners in the grid's frame, faces as corner indices going
/// round counter-clockwise seen from outside. Spheres have no corners: their solid is their centre.
#[derive(Clone, Debug, PartialEq)]
pub struct Solid {
    pub corners: Vec<[i32; 3]>,
    pub faces: Vec<Vec<usize>>,
}

/// The size in space of one unit of the grid's frame along each axis.
pub fn frame_scale(grid: Grid) -> [f64; 3] {
    match grid {
        Grid::Cubes | Grid::TetraOcta => [1.0, 1.0, 1.0],
        Grid::Prisms => [0.5, 3f64.sqrt() / 2.0, 1.0],
        Grid::Spheres => [std::f64::consts::FRAC_1_SQRT_2; 3],
        Grid::Rhombic => [0.5, 0.5, 0.5],
    }
}

/// A cell's solid in space (a cube's side, a triangle's side, a prism's
/// height and the distance between touching spheres are 1): each face's
/// corners going round counter-clockwise seen from outside, with the cell
/// across that face; its centre; and for a sphere its radius (0 for the
/// others).
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceSolid {
    pub faces: Vec<(Vec<[f64; 3]>, Option<Cell>)>,
    pub centre: [f64; 3],
    pub radius: f64,
}

/// Where in space one step along each voxel axis moves a cell, as columns:
/// a translation of the grid moves every cell's solid by this map.
pub fn space_steps(grid: Grid) -> [[f64; 3]; 3] {
    let k = match grid {
        Grid::Cubes => [1.0; 3],
        Grid::Prisms => [0.5, 3f64.sqrt() / 2.0, 1.0],
        Grid::Spheres => [std::f64::consts::FRAC_1_SQRT_2; 3],
        Grid::Rhombic => [0.2; 3],
        Grid::TetraOcta => [1.0 / 3.0; 3],
    };
    [[k[0], 0.0, 0.0], [0.0, k[1], 0.0], [0.0, 0.0, k[2]]]
}

/// The solid of cell `c` of the grid in space.
pub fn in_space(grid: Grid, c: Cell) -> SpaceSolid {
    let s = solid(grid, c);
    let k = frame_scale(grid);
    let place = |p: [i32; 3]| [0, 1, 2].map(|a| f64::from(p[a]) * k[a]);
    let n = s.corners.len() as f64;
    let centre = [0, 1, 2].map(|a| s.corners.iter().map(|p| place(*p)[a]).sum::<f64>() / n);
    let key = |corners: &[[i32; 3]]| {
        let mut v = corners.to_vec();
        v.sort();
        v
    };
    let around: Vec<(Cell, BTreeSet<Vec<[i32; 3]>>)> = neighbours(grid, c)
        .into_iter()
        .map(|m| {
            let other = solid(grid, m);
            let faces = other
                .faces
                .iter()
                .map(|f| key(&f.iter().map(|&i| other.corners[i]).collect::<Vec<_>>()))
                .collect();
            (m, faces)
        })
        .collect();
    let faces = s
        .faces
        .iter()
        .map(|f| {
            let corners: Vec<[i32; 3]> = f.iter().map(|&i| s.corners[i]).collect();
            let k = key(&corners);
            let across = around
                .iter()
                .find(|(_, fs)| fs.contains(&k))
                .map(|(m, _)| *m);
            (corners.into_iter().map(place).collect(), across)
        })
        .collect();
    SpaceSolid {
        faces,
        centre,
        radius: if grid == Grid::Spheres { 0.5 } else { 0.0 },
    }
}

/// The solid of a cell of the grid.
pub fn solid(grid: Grid, c: Cell) -> Solid {
    match grid {
        Grid::Cubes => cube(c),
        Grid::Prisms => prism(c),
        Grid::Spheres => Solid {
            corners: vec![c],
            faces: Vec::new(),
        },
        Grid::Rhombic => tetrahedron(rhombic_corners(c)),
        Grid::TetraOcta => tetrahedron(tetra_octa_corners(c)),
    }
}

fn cube(c: Cell) -> Solid {
    let corners: Vec<[i32; 3]> = (0..8)
        .map(|k| [c[0] + (k & 1), c[1] + (k >> 1 & 1), c[2] + (k >> 2 & 1)])
        .collect();
    let faces = vec![
        vec![0, 4, 6, 2],
        vec![1, 3, 7, 5],
        vec![0, 1, 5, 4],
        vec![2, 6, 7, 3],
        vec![0, 2, 3, 1],
        vec![4, 5, 7, 6],
    ];
    Solid { corners, faces }
}

/// A prism's corners in the frame `(u, w, h)`, where `u` counts half sides
/// across and `w` rows up: a triangle pointing up has its base on row `y`.
fn prism(c: Cell) -> Solid {
    let [x, y, z] = c;
    let triangle = if (x + y).rem_euclid(2) == 0 {
        [[x, y], [x + 2, y], [x + 1, y + 1]]
    } else {
        [[x, y + 1], [x + 1, y], [x + 2, y + 1]]
    };
    let corners: Vec<[i32; 3]> = [z, z + 1]
        .iter()
        .flat_map(|&h| triangle.iter().map(move |t| [t[0], t[1], h]))
        .collect();
    let faces = vec![
        vec![0, 2, 1],
        vec![3, 4, 5],
        vec![0, 1, 4, 3],
        vec![1, 2, 5, 4],
        vec![2, 0, 3, 5],
    ];
    Solid { corners, faces }
}

/// A tetrahedron with its faces going round counter-clockwise seen from
/// outside, as every solid's do.
fn tetrahedron(mut corners: [[i32; 3]; 4]) -> Solid {
    let [a, b, c] = [1, 2, 3].map(|i| [0, 1, 2].map(|j| corners[i][j] - corners[0][j]));
    let det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0]);
    if det > 0 {
        corners.swap(1, 2);
    }
    Solid {
        corners: corners.to_vec(),
        faces: vec![vec![0, 1, 2], vec![0, 3, 1], vec![0, 2, 3], vec![1, 3, 2]],
    }
}

/// A tetrahedron of the rhombic grid, in half blocks: its block's centre, the
/// centre of the face it stands on, and the two ends of one edge of that face.
/// Within the block, the coordinate at 0 or 4 names the face, the one at 1 or 3
/// the side of the face the edge is on, and the one at 2 the edge's direction.
fn rhombic_corners(c: Cell) -> [[i32; 3]; 4] {
    let block = c.map(|v| 2 * v.div_euclid(5));
    let local = c.map(|v| v.rem_euclid(5));
    let centre = block.map(|b| b + 1);
    let mut face = centre;
    let (mut end0, mut end1) = (centre, centre);
    for a in 0..3 {
        match local[a] {
            0 | 4 => {
                let side = block[a] + if local[a] == 0 { 0 } else { 2 };
                face[a] = side;
                end0[a] = side;
                end1[a] = side;
            }
            1 | 3 => {
                let side = block[a] + if local[a] == 1 { 0 } else { 2 };
                end0[a] = side;
                end1[a] = side;
            }
            _ => {
                end0[a] = block[a];
                end1[a] = block[a] + 2;
            }
        }
    }
    [centre, face, end0, end1]
}

/// A cell of the tetrahedra-octahedra grid, in blocks: at a block's centre the
/// tetrahedron on the four corners that are not cut off; at a corner, the
/// eighth of an octahedron cut off there (the corner and its three
/// neighbours in the block).
fn tetra_octa_corners(c: Cell) -> [[i32; 3]; 4] {
    let block = c.map(|v| v.div_euclid(3));
    let local = c.map(|v| v.rem_euclid(3));
    let at = |k: [i32; 3]| [0, 1, 2].map(|a| block[a] + k[a]);
    if local == [1, 1, 1] {
        let kept: Vec<[i32; 3]> = (0..8)
            .map(|k| [k & 1, k >> 1 & 1, k >> 2 & 1])
            .filter(|k| !Grid::TetraOcta.is_cell([0, 1, 2].map(|a| 3 * block[a] + 2 * k[a])))
            .map(at)
            .collect();
        return [kept[0], kept[1], kept[2], kept[3]];
    }
    let k = local.map(|v| v / 2);
    let corner = at(k);
    let step = |a: usize| {
        let mut n = corner;
        n[a] += if k[a] == 0 { 1 } else { -1 };
        n
    };
    [corner, step(0), step(1), step(2)]
}

/// The cells that share a face with `c` (for spheres: that touch it).
pub(super) fn neighbours(grid: Grid, c: Cell) -> Vec<Cell> {
    let offsets: &[Cell] = match grid {
        Grid::Cubes => &[
            [-1, 0, 0],
            [1, 0, 0],
            [0, -1, 0],
            [0, 1, 0],
            [0, 0, -1],
            [0, 0, 1],
        ],
        Grid::Spheres => &[
            [-1, -1, 0],
            [-1, 1, 0],
            [1, -1, 0],
            [1, 1, 0],
            [-1, 0, -1],
            [-1, 0, 1],
            [1, 0, -1],
            [1, 0, 1],
            [0, -1, -1],
            [0, -1, 1],
            [0, 1, -1],
            [0, 1, 1],
        ],
        _ => &table(grid)[kind_of(grid, c)],
    };
    offsets
        .iter()
        .map(|d| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
        .collect()
}

/// Which kind of cell `c` is: cells of one kind have their neighbours at the
/// same offsets.
fn kind_of(grid: Grid, c: Cell) -> usize {
    match grid {
        Grid::Prisms => (c[0] + c[1]).rem_euclid(2) as usize,
        Grid::Rhombic => {
            let l = c.map(|v| v.rem_euclid(5));
            (l[0] + 5 * (l[1] + 5 * l[2])) as usize
        }
        Grid::TetraOcta => {
            let l = c.map(|v| v.rem_euclid(3));
            let odd = c.iter().map(|v| v.div_euclid(3)).sum::<i32>().rem_euclid(2);
            (l[0] + 3 * (l[1] + 3 * l[2]) + 27 * odd) as usize
        }
        Grid::Cubes | Grid::Spheres => 0,
    }
}

/// Per kind of cell, the offsets of the cells that share a face with it,
/// found once by comparing faces with every cell nearby.
fn table(grid: Grid) -> &'static [Vec<Cell>] {
    static PRISMS: OnceLock<Vec<Vec<Cell>>> = OnceLock::new();
    static RHOMBIC: OnceLock<Vec<Vec<Cell>>> = OnceLock::new();
    static TETRA_OCTA: OnceLock<Vec<Vec<Cell>>> = OnceLock::new();
    let (lock, kinds, reach) = match grid {
        Grid::Prisms => (&PRISMS, 2, 2),
        Grid::Rhombic => (&RHOMBIC, 125, 5),
        _ => (&TETRA_OCTA, 54, 3),
    };
    lock.get_or_init(|| {
        let mut out = vec![Vec::new(); kinds];
        let mut done = vec![false; kinds];
        for x in 0..6 {
            for y in 0..5 {
                for z in 0..5 {
                    let c = [x, y, z];
                    let kind = kind_of(grid, c);
                    if done[kind] || !grid.is_cell(c) {
                        continue;
                    }
                    done[kind] = true;
                    out[kind] = touching(grid, c, reach);
                }
            }
        }
        out
    })
}

/// The offsets of the cells within `reach` of `c` that share a face with it.
fn touching(grid: Grid, c: Cell, reach: i32) -> Vec<Cell> {
    let faces = |cell: Cell| -> BTreeSet<Vec<[i32; 3]>> {
        let s = solid(grid, cell);
        s.faces
            .iter()
            .map(|f| {
                let mut corners: Vec<[i32; 3]> = f.iter().map(|&i| s.corners[i]).collect();
                corners.sort();
                corners
            })
            .collect()
    };
    let own = faces(c);
    let mut out = Vec::new();
    for dx in -reach..=reach {
        for dy in -reach..=reach {
            for dz in -reach..=reach {
                let n = [c[0] + dx, c[1] + dy, c[2] + dz];
                if n != c && grid.is_cell(n) && !faces(n).is_disjoint(&own) {
                    out.push([dx, dy, dz]);
                }
            }
        }
    }
    out
}
