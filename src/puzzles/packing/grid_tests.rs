//! Packings on BurrTools' other grids: tiny puzzles counted on paper, and
//! random small problems on every grid against the test-only packer written
//! from the grids' geometry in space (`testing/reference/grids.rs`), by both
//! engines, with and without symmetry breaking.

use super::{Arrangement, Colours, Copies, Packing, PieceType, colours};
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::geometry::hamiltonian::Seeded;
use crate::solve::exact_cover::CoreChoice;
use crate::tasks::SearchOptions;
use crate::testing::reference::grids as reference;
use crate::types::Engine;
use std::collections::BTreeSet;

/// Every solution and the number of classes, by one engine.
fn solutions(p: &Packing, engine: Engine, symmetry_breaking: bool) -> (Vec<Arrangement>, u64) {
    let options = SearchOptions {
        symmetry_breaking,
        threads: 2,
        engine,
        estimate: false,
        cancel: Default::default(),
        part: None,
        core: CoreChoice::Auto,
    };
    crate::testing::search::all_solutions(p, options)
}

/// The counts every way the library has: (solutions, classes), checked to
/// agree between the engines and with symmetry breaking on and off.
fn counts(p: &Packing) -> (usize, u64) {
    let (found, classes) = solutions(p, Engine::ExactCover, true);
    for (engine, breaking) in [
        (Engine::ExactCover, false),
        (Engine::Sat, true),
        (Engine::Sat, false),
    ] {
        let (other, other_classes) = solutions(p, engine, breaking);
        assert_eq!(other, found, "{engine:?}, symmetry breaking {breaking}");
        assert_eq!(
            other_classes, classes,
            "{engine:?}, symmetry breaking {breaking}"
        );
    }
    for s in &found {
        crate::family::Puzzle::check(p, s).expect("every solution passes the check");
    }
    (found.len(), classes)
}

fn from_toml(text: &str) -> Packing {
    crate::testing::models::packing_from_text(text, "grid.toml")
}

#[test]
fn tiny_puzzles_on_each_grid_count_as_worked_out_by_hand() {
    // A hexagon of six triangles from three rhombi: two tilings, a sixth of
    // a turn apart.
    let prisms = from_toml(
        r#"family = "packing"
grid = "prisms"
target = [[1, 0, 0], [2, 0, 0], [3, 0, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0]]
[[pieces]]
name = "rhombus"
cells = [[0, 0, 0], [1, 0, 0]]
count = 3
"#,
    );
    assert_eq!(counts(&prisms), (2, 1));
    // Four spheres in a tetrahedron (every sphere of the 2×2×2 box) from two
    // pairs: three ways to pair them, all one up to rotation.
    let spheres = from_toml(
        r#"family = "packing"
grid = "spheres"
size = [2, 2, 2]
[[pieces]]
name = "pair"
cells = [[0, 0, 0], [1, 1, 0]]
count = 2
"#,
    );
    assert_eq!(spheres.target().len(), 4);
    assert_eq!(counts(&spheres), (3, 1));
    // A cube of the rhombic grid (its 24 tetrahedra) from six square
    // pyramids, one on each face: one way.
    let rhombic = from_toml(
        r#"family = "packing"
grid = "rhombic"
size = [5, 5, 5]
[[pieces]]
name = "pyramid"
cells = [[0, 1, 2], [0, 3, 2], [0, 2, 1], [0, 2, 3]]
count = 6
"#,
    );
    assert_eq!(rhombic.target().len(), 24);
    assert_eq!(counts(&rhombic), (1, 1));
    // An octahedron (the eight eighths around a cube corner) from two
    // halves: three planes to cut it by, all one up to rotation.
    let octahedron = from_toml(
        r#"family = "packing"
grid = "tetra-octa"
target = [[2, 2, 2], [3, 2, 2], [2, 3, 2], [3, 3, 2], [2, 2, 3], [3, 2, 3], [2, 3, 3], [3, 3, 3]]
[[pieces]]
name = "half"
cells = [[2, 2, 2], [3, 2, 2], [2, 3, 2], [3, 3, 2]]
count = 2
"#,
    );
    assert_eq!(counts(&octahedron), (3, 1));
    // The octahedron keeps all 48 symmetries of the cube, its mirror
    // images folded too since the half is its own mirror image.
    assert_eq!(octahedron.group_order(), 48);
}

/// A random connected set of `n` cells of the grid near the origin.
fn random_region(grid: Grid, n: usize, rng: &mut Seeded) -> Vec<Cell> {
    let start = (0..)
        .map(|k| [k % 5 + 2, k / 5 % 5 + 2, 2])
        .find(|&c| grid.is_cell(c))
        .unwrap();
    let mut cells = vec![start];
    while cells.len() < n {
        let from = cells[rng.below(cells.len())];
        let around = grid.neighbours(from);
        let next = around[rng.below(around.len())];
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    cells
}

/// A region with symmetries on each grid: a box of cubes, a hexagon of
/// triangles two layers high, a rhombus of spheres two layers high, a cube
/// of 24 tetrahedra, an octahedron.
fn symmetric_region(grid: Grid) -> Vec<Cell> {
    let boxed = |sides: [i32; 3], low: [i32; 3]| -> Vec<Cell> {
        let mut out = Vec::new();
        for x in low[0]..low[0] + sides[0] {
            for y in low[1]..low[1] + sides[1] {
                for z in low[2]..low[2] + sides[2] {
                    if grid.is_cell([x, y, z]) {
                        out.push([x, y, z]);
                    }
                }
            }
        }
        out
    };
    match grid {
        Grid::Cubes => boxed([2, 2, 3], [0; 3]),
        Grid::Prisms => boxed([3, 2, 2], [1, 0, 0]),
        Grid::Spheres => boxed([3, 3, 2], [0; 3]),
        Grid::Rhombic => boxed([5, 5, 5], [0; 3]),
        Grid::TetraOcta => boxed([2, 2, 2], [2, 2, 2]),
    }
}

/// The region cut into connected pieces of two to four cells (grown from
/// random seeds), identical shapes merged into one type with copies.
fn random_pieces(grid: Grid, region: &[Cell], rng: &mut Seeded) -> Vec<(Vec<Cell>, usize)> {
    let mut left: BTreeSet<Cell> = region.iter().copied().collect();
    let mut parts: Vec<Vec<Cell>> = Vec::new();
    while let Some(&seed) = left.iter().next() {
        left.remove(&seed);
        let mut part = vec![seed];
        let want = 2 + rng.below(3);
        while part.len() < want {
            let frontier: Vec<Cell> = part
                .iter()
                .flat_map(|&c| grid.neighbours(c))
                .filter(|c| left.contains(c))
                .collect();
            let Some(&next) = frontier.get(rng.below(frontier.len().max(1))) else {
                break;
            };
            left.remove(&next);
            part.push(next);
        }
        parts.push(part);
    }
    let mut types: Vec<(Vec<Cell>, usize)> = Vec::new();
    for part in parts {
        let class = colours::class(grid, &part, &[]);
        match types
            .iter_mut()
            .find(|(cells, _)| colours::class(grid, cells, &[]) == class)
        {
            Some(t) => t.1 += 1,
            None => types.push((part, 1)),
        }
    }
    types
}

#[test]
fn random_small_problems_on_every_grid_match_the_reference_packer() {
    let mut rng = Seeded::new(4404);
    for grid in Grid::ALL {
        // Rounds with more solutions than classes: the test folds something.
        let mut folded = 0;
        for round in 0..6 {
            // Odd rounds cut a shape with symmetries, even rounds a random one.
            let region = if round % 2 == 1 {
                symmetric_region(grid)
            } else {
                random_region(grid, 8 + rng.below(5), &mut rng)
            };
            let types = random_pieces(grid, &region, &mut rng);
            let pieces: Vec<PieceType> = types
                .iter()
                .enumerate()
                .map(|(k, (cells, copies))| {
                    let (cells, colours) = colours::normalised(grid, cells, &[]);
                    PieceType {
                        name: format!("p{k}"),
                        letter: char::from(b'A' + k as u8),
                        cells,
                        colours,
                        copies: Copies::exactly(*copies),
                    }
                })
                .collect();
            let packing = Packing::on_grid(
                grid,
                pieces,
                region.clone(),
                Vec::new(),
                false,
                Colours::default(),
            )
            .unwrap();
            let (found, classes) = counts(&packing);
            let (expected, expected_classes) = reference::packings(&reference::GridPuzzle {
                grid: grid.burrtools_type(),
                target: region.clone(),
                pieces: types.clone(),
            });
            let found_set: BTreeSet<Vec<(usize, Vec<Cell>)>> =
                solutions(&packing, Engine::ExactCover, true)
                    .0
                    .into_iter()
                    .map(|a| a.into_iter().map(|(t, cells, _)| (t, cells)).collect())
                    .collect();
            assert_eq!(found_set, expected, "{grid:?} round {round}: {types:?}");
            assert_eq!(found, expected.len());
            assert_eq!(
                classes as usize, expected_classes,
                "{grid:?} round {round}: {types:?}"
            );
            if expected.len() > expected_classes {
                folded += 1;
            }
        }
        assert!(folded >= 2, "{grid:?}: only {folded} rounds fold solutions");
    }
}

#[test]
fn orientations_match_the_reference_on_every_grid() {
    let mut rng = Seeded::new(4405);
    for grid in Grid::ALL {
        for n in [1, 2, 3, 5, 6] {
            let region = random_region(grid, n, &mut rng);
            for mirror in [false, true] {
                let ours: BTreeSet<Vec<Cell>> = colours::orientations(grid, &region, &[], mirror)
                    .into_iter()
                    .map(|(cells, _)| reference::normal(grid.burrtools_type(), &cells))
                    .collect();
                let theirs = reference::orientations(grid.burrtools_type(), &region, mirror);
                assert_eq!(ours, theirs, "{grid:?} {region:?} mirror {mirror}");
            }
        }
    }
}
