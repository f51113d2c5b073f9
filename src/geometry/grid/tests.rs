use super::solids::{Solid, solid};
use super::*;
use crate::geometry::hamiltonian::Seeded;

/// Cells of the grid in a box, for tests.
fn cells_in(grid: Grid, side: i32) -> Vec<Cell> {
    let mut out = Vec::new();
    for x in 0..side {
        for y in 0..side {
            for z in 0..side {
                if grid.is_cell([x, y, z]) {
                    out.push([x, y, z]);
                }
            }
        }
    }
    out
}

/// A random connected shape of `n` cells grown from a cell of the grid.
fn random_shape(grid: Grid, n: usize, rng: &mut Seeded) -> Vec<Cell> {
    let start = cells_in(grid, 6)[rng.below(20)];
    let mut shape = vec![start];
    while shape.len() < n {
        let from = shape[rng.below(shape.len())];
        let options = grid.neighbours(from);
        let next = options[rng.below(options.len())];
        if !shape.contains(&next) {
            shape.push(next);
        }
    }
    shape
}

#[test]
fn each_grid_has_as_many_turns_as_burrtools() {
    let sizes: Vec<(usize, usize)> = Grid::ALL
        .iter()
        .map(|g| (g.turns(false).len(), g.turns(true).len()))
        .collect();
    assert_eq!(sizes, [(24, 48), (12, 24), (120, 240), (24, 48), (24, 48)]);
    for g in Grid::ALL {
        let all = g.turns(true);
        let half = all.len() / 2;
        assert!(all[..half].iter().all(Turn::is_proper), "{g:?}");
        assert!(all[half..].iter().all(|t| !t.is_proper()), "{g:?}");
        assert_eq!(
            all[0].m.map(|r| r.map(|v| v / all[0].den)),
            [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        );
        let distinct: HashSet<Turn> = all.iter().copied().collect();
        assert_eq!(distinct.len(), all.len(), "{g:?}");
    }
}

#[test]
fn points_name_cells_one_to_one() {
    for g in Grid::ALL {
        let cells = cells_in(g, 12);
        for &c in &cells {
            assert_eq!(g.cell_at(g.point(c)), Some(c), "{g:?} {c:?}");
        }
        let points: HashSet<[i32; 3]> = cells.iter().map(|&c| g.point(c)).collect();
        assert_eq!(points.len(), cells.len());
    }
}

#[test]
fn cells_per_block_are_as_burrtools_defines_them() {
    // Rhombic: 24 tetrahedra to a block of 5×5×5; tetra-octa: five cells to a
    // block of 3×3×3; spheres: every other position.
    assert_eq!(cells_in(Grid::Rhombic, 5).len(), 24);
    assert_eq!(cells_in(Grid::TetraOcta, 3).len(), 5);
    assert_eq!(cells_in(Grid::TetraOcta, 6).len(), 40);
    assert_eq!(cells_in(Grid::Spheres, 4).len(), 32);
}

#[test]
fn neighbours_are_mutual_and_as_many_as_the_solids_have_faces() {
    let expected = [6, 5, 12, 4, 4];
    for (g, n) in Grid::ALL.into_iter().zip(expected) {
        for c in cells_in(g, 12) {
            let around = g.neighbours(c);
            assert_eq!(around.len(), n, "{g:?} {c:?}");
            for m in around {
                assert!(g.is_cell(m), "{g:?} {m:?}");
                assert!(g.neighbours(m).contains(&c), "{g:?} {c:?} {m:?}");
            }
        }
    }
}

/// The solids of a block fill it: their volumes (a 3×3 determinant per
/// triangle of each face, in the frame's units) are positive, so every face
/// goes round outward, and add up to the block's.
#[test]
fn cells_fill_space_without_overlap() {
    // Volumes in frame units times six: the cells of a whole number of
    // blocks add up to the blocks' volume.
    fn volume6(s: &Solid) -> i64 {
        let o = s.corners[0];
        let mut v = 0i64;
        for f in &s.faces {
            for k in 1..f.len() - 1 {
                let [a, b, c] = [f[0], f[k], f[k + 1]].map(|i| {
                    let p = s.corners[i];
                    [0, 1, 2].map(|j| i64::from(p[j] - o[j]))
                });
                v += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]);
            }
        }
        v
    }
    // One block: its cells' volumes, each positive (faces go round outward).
    for (g, side, block6) in [
        (Grid::Cubes, 1, 6),
        (Grid::Rhombic, 5, 6 * 8),
        (Grid::TetraOcta, 3, 6),
    ] {
        let vols: Vec<i64> = cells_in(g, side)
            .iter()
            .map(|&c| volume6(&solid(g, c)))
            .collect();
        assert!(vols.iter().all(|&v| v > 0), "{g:?} {vols:?}");
        assert_eq!(vols.iter().sum::<i64>(), block6, "{g:?}");
    }
    // Prisms: two triangles make a rhombus of two half-sides by one row.
    let pair: Vec<i64> = [[0, 0, 0], [1, 0, 0]]
        .iter()
        .map(|&c| volume6(&solid(Grid::Prisms, c)))
        .collect();
    assert_eq!(pair, [6, 6]);
}

#[test]
fn turns_keep_shapes_whole() {
    let mut rng = Seeded::new(44);
    for g in Grid::ALL {
        for n in [1, 2, 4, 7] {
            let shape = random_shape(g, n, &mut rng);
            assert!(g.is_connected(&shape));
            let orientations = g.orientations(&shape, true);
            assert!(!orientations.is_empty());
            for o in &orientations {
                assert_eq!(o.len(), n, "{g:?}");
                assert!(o.iter().all(|&c| g.is_cell(c)), "{g:?} {o:?}");
                assert!(g.is_connected(o), "{g:?} {shape:?} gives {o:?}");
                assert_eq!(&g.normalise(o), o);
            }
        }
    }
}

#[test]
fn turns_of_the_whole_grid_form_a_group() {
    // Every grid but the spheres' turns the whole grid onto itself; there the
    // turns compose like the symmetries they are.
    for g in [Grid::Cubes, Grid::Prisms, Grid::Rhombic, Grid::TetraOcta] {
        let all = g.turns(true);
        let cells = cells_in(g, 10);
        let image = |t: &Turn, c: Cell| g.turned(&[c], t).expect("a turn of the grid")[0];
        for a in all {
            for b in all {
                let composed: Vec<Cell> = cells.iter().map(|&c| image(a, image(b, c))).collect();
                assert!(
                    all.iter()
                        .any(|t| cells.iter().zip(&composed).all(|(&c, &d)| image(t, c) == d)),
                    "{g:?}"
                );
            }
        }
    }
    // On the sphere grid a turn fits a shape when its spheres land on the
    // grid: the cube's 24 always; each of the other four sets of 24 (a half
    // turn about one body diagonal, then a cube turn) when every step between
    // the shape's spheres is square to that diagonal or a multiple of three
    // along it.
    let fitting = |shape: &[Cell]| {
        Grid::Spheres
            .turns(false)
            .iter()
            .filter(|t| Grid::Spheres.turned(shape, t).is_some())
            .count()
    };
    assert_eq!(fitting(&[[0, 0, 0]]), 120);
    assert_eq!(fitting(&[[0, 0, 0], [1, 1, 0]]), 72);
    assert_eq!(fitting(&[[0, 0, 0], [1, 1, 0], [1, 0, 1]]), 48);
    assert_eq!(fitting(&[[0, 0, 0], [1, 1, 0], [2, 0, 0], [1, -1, 0]]), 24);
}

#[test]
fn symmetries_of_a_set_map_it_onto_itself() {
    for g in Grid::ALL {
        let block = cells_in(g, if g == Grid::Rhombic { 10 } else { 6 });
        let maps = g.self_symmetries(&block, false);
        assert!(maps.len() >= 2, "{g:?} {}", maps.len());
        for m in &maps {
            let mut image: Vec<Cell> = block.iter().map(|&c| m.apply(c)).collect();
            image.sort();
            assert_eq!(image, block, "{g:?}");
        }
    }
    // A hexagon of six triangles has all 24 symmetries of the prism grid.
    let hexagon = [
        [1, 0, 0],
        [2, 0, 0],
        [3, 0, 0],
        [1, 1, 0],
        [2, 1, 0],
        [3, 1, 0],
    ];
    assert_eq!(Grid::Prisms.self_symmetries(&hexagon, false).len(), 24);
    assert_eq!(Grid::Prisms.self_symmetries(&hexagon, true).len(), 12);
}

#[test]
fn every_face_in_space_names_the_cell_across_it() {
    for g in Grid::ALL {
        for c in cells_in(g, 6) {
            let s = in_space(g, c);
            let across: Vec<Cell> = s.faces.iter().filter_map(|f| f.1).collect();
            if g == Grid::Spheres {
                assert!(s.faces.is_empty() && s.radius == 0.5);
                continue;
            }
            // Every face has a cell across it, each neighbour once.
            let mut expected = g.neighbours(c);
            let mut found = across.clone();
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{g:?} {c:?}");
            assert_eq!(across.len(), s.faces.len());
        }
    }
}

#[test]
fn a_translation_moves_solids_by_the_space_steps() {
    for g in Grid::ALL {
        let steps = space_steps(g);
        let c = (0..)
            .map(|k| [k % 6, k / 6 % 6, 2])
            .find(|&c| g.is_cell(c))
            .unwrap();
        for d in [
            [2, 0, 0],
            [1, 1, 0],
            [0, 0, 1],
            [5, 0, 0],
            [3, 3, 0],
            [0, 2, 0],
        ] {
            if !g.is_translation(d) {
                continue;
            }
            let moved = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
            let (a, b) = (in_space(g, c).centre, in_space(g, moved).centre);
            for k in 0..3 {
                let shift: f64 = (0..3).map(|j| steps[j][k] * f64::from(d[j])).sum();
                assert!((b[k] - a[k] - shift).abs() < 1e-9, "{g:?} {d:?}");
            }
        }
    }
}
