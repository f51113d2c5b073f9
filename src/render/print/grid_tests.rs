//! Pieces of the other grids (prisms, the rhombic grid's tetrahedra,
//! tetrahedra and octahedra, spheres) checked as a slicer would, read back
//! from the STL bytes: closed and turned outward, no empty triangles, of
//! their cells' volume; an assembly's pieces keep apart.

use super::tests::{area, closed, read_stl, volume};
use super::*;
use crate::geometry::grid::Grid;
use proptest::prelude::*;

/// The volume of a cell of `grid` in space units, from its solid's faces.
fn cell_volume(grid: Grid, c: Cell) -> f64 {
    let s = crate::geometry::grid::solid(grid, c);
    let k = crate::geometry::grid::frame_scale(grid);
    let place = |p: [i32; 3]| -> [f64; 3] { std::array::from_fn(|a| f64::from(p[a]) * k[a]) };
    s.faces
        .iter()
        .map(|f| {
            let p: Vec<[f64; 3]> = f.iter().map(|&i| place(s.corners[i])).collect();
            (1..p.len() - 1)
                .map(|i| {
                    let (a, b, c) = (p[0], p[i], p[i + 1]);
                    (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                        + a[2] * (b[0] * c[1] - b[1] * c[0]))
                        / 6.0
                })
                .sum::<f64>()
        })
        .sum()
}

/// A connected piece of `grid` grown from a cell by random face steps.
fn grown(grid: Grid, steps: &[(usize, usize)]) -> Vec<Cell> {
    let start = (0..)
        .map(|i| [i % 7, i / 7 % 7, i / 49])
        .find(|&c| grid.is_cell(c))
        .unwrap();
    let mut cells = vec![start];
    for &(from, pick) in steps {
        let around = grid.neighbours(cells[from % cells.len()]);
        let next = around[pick % around.len()];
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    cells
}

fn grid_surface(grid: Grid, cells: &[Cell], inset: f64) -> Vec<[[f32; 3]; 3]> {
    let mesh = grid_mesh(grid, cells, 10.0, inset, lowest(grid, cells)).unwrap();
    read_stl(&stl_bytes("test", &mesh))
}

proptest! {
    /// Random pieces of prisms, of the rhombic grid's tetrahedra and of
    /// tetrahedra and octahedra: closed and turned outward, no empty
    /// triangles, of their cells' volume with a tiny inset and a little
    /// less with a real one (at most the inset times the surface).
    #[test]
    fn pieces_of_the_other_grids_are_closed_solids_of_their_cells_volume(
        which in 0usize..3,
        steps in proptest::collection::vec((0usize..20, 0usize..12), 0..10),
    ) {
        let grid = [Grid::Prisms, Grid::Rhombic, Grid::TetraOcta][which];
        let cells = grown(grid, &steps);
        let cells_volume: f64 = cells.iter().map(|&c| cell_volume(grid, c)).sum::<f64>() * 1000.0;
        let thin = grid_surface(grid, &cells, 1e-6);
        closed(&thin);
        prop_assert!((volume(&thin) - cells_volume).abs() < 1e-3 * cells_volume, "{} against {cells_volume}", volume(&thin));
        let surface_area: f64 = thin.iter().map(area).sum();
        let inset = grid_surface(grid, &cells, 0.02);
        closed(&inset);
        prop_assert!(inset.iter().all(|t| area(t) > 1e-12));
        let v = volume(&inset);
        prop_assert!(
            v < cells_volume && v > cells_volume - surface_area * 0.2 * 1.5,
            "{v} against {cells_volume}, area {surface_area}"
        );
    }
}

proptest! {
    /// Random pieces of spheres: closed and turned outward, with no empty
    /// triangles; a sphere with a handle for each neck a ball needs beyond
    /// the first that joins it (Euler: two per ball, less two per neck);
    /// every triangle inside one of the piece's balls or along one of its
    /// necks; a volume a little below the balls' own.
    #[test]
    fn pieces_of_spheres_are_faceted_balls_joined_by_necks(
        steps in proptest::collection::vec((0usize..20, 0usize..12), 0..8),
        inset in 0.0f64..0.2,
    ) {
        let grid = Grid::Spheres;
        let cells = grown(grid, &steps);
        let unit = 10.0;
        let origin = lowest(grid, &cells);
        let t = read_stl(&stl_bytes("test", &balls_mesh(&cells, unit, inset, origin)));
        let (v, e, f) = closed(&t);
        prop_assert!(t.iter().all(|t| area(t) > 1e-9));
        let necks: Vec<(Cell, Cell)> = cells
            .iter()
            .flat_map(|&a| grid.neighbours(a).into_iter().filter(move |&b| b > a).map(move |b| (a, b)))
            .filter(|(_, b)| cells.contains(b))
            .collect();
        prop_assert_eq!(
            v as isize - e as isize + f as isize,
            2 * cells.len() as isize - 2 * necks.len() as isize
        );
        let k = crate::geometry::grid::frame_scale(grid);
        let centre = |c: Cell| -> [f64; 3] {
            std::array::from_fn(|a| (f64::from(c[a]) * k[a] - origin[a]) * unit)
        };
        let radius = (0.5 - inset) * unit;
        let sub = |p: [f64; 3], q: [f64; 3]| -> [f64; 3] { std::array::from_fn(|a| p[a] - q[a]) };
        let length = |p: [f64; 3]| dot(p, p).sqrt();
        // Off the line through a neck's two centres, and between them.
        let off_line = |p: [f64; 3], (a, b): (Cell, Cell)| -> Option<f64> {
            let (pa, pb) = (centre(a), centre(b));
            let d = sub(pb, pa);
            let s = dot(sub(p, pa), d) / dot(d, d);
            let foot: [f64; 3] = std::array::from_fn(|i| pa[i] + s * d[i]);
            (0.0..=1.0).contains(&s).then(|| length(sub(p, foot)))
        };
        let slack = 1e-4;
        for tri in &t {
            let p = tri.map(|q| q.map(f64::from));
            let in_ball = cells
                .iter()
                .any(|&c| p.iter().all(|&q| length(sub(q, centre(c))) < radius + slack));
            let in_neck = necks.iter().any(|&n| {
                p.iter().all(|&q| off_line(q, n).is_some_and(|d| d < radius * 0.45 + slack))
            });
            prop_assert!(in_ball || in_neck, "{p:?} in no ball and no neck");
        }
        // Faceting takes a little off each ball; a neck adds at most a
        // cylinder from ball to ball.
        let balls = cells.len() as f64 * 4.0 / 3.0 * std::f64::consts::PI * radius.powi(3);
        let neck = std::f64::consts::PI * (radius * 0.45).powi(2) * (unit - 2.0 * radius);
        let vol = volume(&t);
        prop_assert!(
            vol > 0.95 * balls && vol < balls + necks.len() as f64 * neck,
            "{vol} against {balls}"
        );
    }
}

/// Whether `p` lies inside cell `c` of `grid` (in space units), no nearer
/// its surface than `margin`.
fn deep_inside(grid: Grid, c: Cell, p: [f64; 3], margin: f64) -> bool {
    crate::geometry::grid::in_space(grid, c)
        .faces
        .iter()
        .all(|(corners, _)| {
            let n = super::solids::unit_normal(corners);
            let d: [f64; 3] = std::array::from_fn(|a| p[a] - corners[0][a]);
            dot(n, d) < -margin
        })
}

/// Prisms around one upright edge of the frame, in three layers: all six
/// below and above, and between them two opposite ones alone, which meet
/// along that edge only and are joined through both other layers. The
/// edge is met by four faces: the surface still closes, each wedge keeps
/// its own corners, and nothing leaves the piece's cells.
#[test]
fn prisms_meeting_along_an_edge_joined_at_both_ends_make_a_closed_solid() {
    let grid = Grid::Prisms;
    let edge = [3, 1];
    let around = |z: i32| -> Vec<Cell> {
        let mut found: Vec<Cell> = (0..6)
            .flat_map(|x| (0..4).map(move |y| [x, y, z]))
            .filter(|&c| grid.is_cell(c))
            .filter(|&c| {
                let corners = crate::geometry::grid::solid(grid, c).corners;
                corners.contains(&[edge[0], edge[1], z])
                    && corners.contains(&[edge[0], edge[1], z + 1])
            })
            .collect();
        found.sort();
        found
    };
    let (below, middle, above) = (around(0), around(1), around(2));
    assert_eq!((below.len(), middle.len(), above.len()), (6, 6, 6));
    // Two of the middle six that share no face: opposite round the edge.
    let apart = |a: Cell, b: Cell| !grid.neighbours(a).contains(&b);
    let (a, b) = middle
        .iter()
        .flat_map(|&a| middle.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| {
            a < b
                && apart(a, b)
                && middle
                    .iter()
                    .all(|&c| c == a || c == b || !apart(a, c) || !apart(b, c))
        })
        .unwrap();
    let cells: Vec<Cell> = below.iter().chain(&above).copied().chain([a, b]).collect();
    let inset = 0.02;
    let mesh = grid_mesh(grid, &cells, 1.0, inset, [0.0; 3]).unwrap();
    for t in &mesh.triangles {
        for w in SAMPLES {
            let p: [f64; 3] = std::array::from_fn(|k| (0..3).map(|i| w[i] * t[i][k]).sum());
            assert!(
                cells.iter().any(|&c| deep_inside(grid, c, p, -1e-9)),
                "{p:?} outside"
            );
        }
    }
    let t = read_stl(&stl_bytes("test", &mesh));
    closed(&t);
    assert!(t.iter().all(|t| area(t) > 1e-12));
}

proptest! {
    /// A box of prisms, of the rhombic grid's tetrahedra or of tetrahedra
    /// and octahedra cut at random into pieces (touching or not), each
    /// printed in one frame as an assembly is: every triangle of a piece's
    /// surface (its corners, the middles of its sides and its centre) lies
    /// in one of its own cells and inside no other piece's, so that the
    /// pieces of an assembly do not overlap; and each surface is closed. Random cuts make the corners
    /// where a piece's cells turn round an empty space, or meet along an
    /// edge alone, that the moved-in faces' planes cannot settle.
    #[test]
    fn pieces_of_an_assembly_on_the_other_grids_keep_apart(
        which in 0usize..3,
        owners in proptest::collection::vec(0usize..4, 64),
    ) {
        let grid = [Grid::Prisms, Grid::Rhombic, Grid::TetraOcta][which];
        let side = [3, 5, 3][which];
        let cells: Vec<Cell> = (0..side * side * side)
            .map(|i| [i % side, i / side % side, i / (side * side)])
            .filter(|&c| grid.is_cell(c))
            .collect();
        let owner = |i: usize| owners[i % owners.len()];
        let inset = 0.02;
        for piece in 0..4 {
            let mine: Vec<Cell> = (0..cells.len()).filter(|&i| owner(i) == piece).map(|i| cells[i]).collect();
            if mine.is_empty() {
                continue;
            }
            let mesh = grid_mesh(grid, &mine, 1.0, inset, [0.0; 3]).unwrap();
            let read = read_stl(&stl_bytes("test", &mesh));
            closed(&read);
            prop_assert!(read.iter().all(|t| area(t) > 1e-12));
            for t in &mesh.triangles {
                for w in SAMPLES {
                    let p: [f64; 3] = std::array::from_fn(|a| (0..3).map(|k| w[k] * t[k][a]).sum());
                    prop_assert!(mine.iter().any(|&c| deep_inside(grid, c, p, -1e-9)), "{p:?} outside piece {piece}");
                    for (i, &c) in cells.iter().enumerate() {
                        if owner(i) != piece {
                            prop_assert!(!deep_inside(grid, c, p, 1e-9), "{p:?} of piece {piece} in {c:?}");
                        }
                    }
                }
            }
        }
    }
}

/// Where a triangle is looked at: its corners, the middles of its sides
/// and its centre, as weights of its corners.
const SAMPLES: [[f64; 3]; 7] = [
    [1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 0.0, 1.0],
    [0.5, 0.5, 0.0],
    [0.0, 0.5, 0.5],
    [0.5, 0.0, 0.5],
    [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0],
];
