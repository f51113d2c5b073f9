//! The formula alone (every rule as clauses, one solver, no cubes) against both
//! engines' searches, on small packings with copies, ranges, optional cells and
//! mirror images; the integration tests hold the searches to a brute force.

use super::{Copies, Packing, PieceType};
use crate::geometry::Cell;
use crate::testing::search::{formula_solutions, searched_solutions};
use crate::types::Engine;

fn piece(name: &str, cells: &[Cell], copies: Copies) -> PieceType {
    PieceType {
        name: name.into(),
        letter: name.chars().next().unwrap(),
        cells: cells.to_vec(),
        colours: Vec::new(),
        copies,
    }
}

fn cuboid(x: i32, y: i32, z: i32) -> Vec<Cell> {
    let mut cells = Vec::new();
    for a in 0..x {
        for b in 0..y {
            for c in 0..z {
                cells.push([a, b, c]);
            }
        }
    }
    cells
}

const DOMINO: [Cell; 2] = [[0, 0, 0], [1, 0, 0]];
const L_TROMINO: [Cell; 3] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
const L_TETROMINO: [Cell; 4] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
const S_TETROMINO: [Cell; 4] = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]];

fn packings() -> Vec<Packing> {
    let exactly = Copies::exactly;
    let mut out = vec![
        Packing::new(
            vec![piece("d", &DOMINO, exactly(4))],
            cuboid(2, 2, 2),
            Vec::new(),
            false,
        ),
        Packing::new(
            vec![piece("l", &L_TROMINO, exactly(3))],
            cuboid(3, 3, 1),
            Vec::new(),
            false,
        ),
        Packing::new(
            vec![
                piece("l", &L_TROMINO, exactly(2)),
                piece("d", &DOMINO, exactly(3)),
            ],
            cuboid(2, 3, 2),
            Vec::new(),
            false,
        ),
        Packing::new(
            vec![
                piece("s", &S_TETROMINO, exactly(1)),
                piece("l", &L_TETROMINO, exactly(2)),
            ],
            cuboid(2, 3, 2),
            Vec::new(),
            false,
        ),
    ];
    for mirror in [false, true] {
        out.push(Packing::new(
            vec![piece("l", &L_TETROMINO, exactly(3))],
            cuboid(2, 2, 3),
            Vec::new(),
            mirror,
        ));
    }
    // A corner that may stay empty, and a range of copies.
    let mut target = cuboid(2, 3, 1);
    let corner = target.remove(0);
    out.push(Packing::new(
        vec![piece("d", &DOMINO, Copies { min: 2, max: 3 })],
        target,
        vec![corner],
        false,
    ));
    out.into_iter().map(Result::unwrap).collect()
}

#[test]
fn the_formula_alone_has_the_packings_both_engines_find() {
    let mut solvable = 0;
    for p in packings() {
        let sat = searched_solutions(&p, Engine::Sat);
        assert_eq!(searched_solutions(&p, Engine::ExactCover), sat);
        assert_eq!(formula_solutions(&p), sat, "{:?}", p.pieces());
        solvable += usize::from(!sat.is_empty());
    }
    assert!(solvable >= 4, "too few packings with solutions: {solvable}");
}

/// The flat key a count keeps of a packing tells every two packings apart
/// exactly when they differ: over all solutions of the small packings and
/// their symmetric images (two copies covering the same cells in two ways
/// included), and for an arrangement with a cell off the target.
#[test]
fn keys_differ_exactly_when_packings_do() {
    use crate::family::Puzzle;
    use std::collections::HashMap;
    for p in packings() {
        let mut arrangements: Vec<_> = searched_solutions(&p, Engine::ExactCover)
            .into_iter()
            .flat_map(|s| p.orbit(&s))
            .collect();
        arrangements.sort();
        arrangements.dedup();
        let mut by_key = HashMap::new();
        for a in &arrangements {
            assert_eq!(by_key.insert(p.key(a), a), None, "two packings, one key");
        }
        if let Some(first) = arrangements.first() {
            let mut off = first.clone();
            off[0].1[0] = [40, -3, 7];
            assert!(!by_key.contains_key(&p.key(&off)));
            assert_eq!(p.key(first), p.key(&first.clone()));
        }
    }
}

/// The check knows a piece by its shape in any order of its cells: the found
/// packings pass, with their cells in order or reversed, and a piece whose
/// cells are another shape, or its mirror image where mirrors are not
/// allowed, fails.
#[test]
fn the_check_knows_pieces_by_their_shape() {
    use crate::family::Puzzle;
    for p in packings() {
        for solution in searched_solutions(&p, Engine::ExactCover) {
            assert_eq!(p.check(&solution), Ok(()));
            let mut reversed = solution.clone();
            reversed[0].1.reverse();
            assert_eq!(p.check(&reversed), Ok(()));
            let mut bent = solution.clone();
            let cells = &mut bent[0].1;
            let last = cells.len() - 1;
            cells[last] = [cells[last][0] + 7, cells[last][1], cells[last][2]];
            assert!(p.check(&bent).is_err());
        }
    }
    // An L-tetracube and its mirror image, in a 2x4 slab without mirrors.
    let p = Packing::new(
        vec![piece("l", &L_TETROMINO, Copies::exactly(2))],
        cuboid(4, 2, 1),
        Vec::new(),
        false,
    )
    .unwrap();
    let l = vec![[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]];
    let mirrored = vec![[0, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]];
    assert!(p.is_image_of(0, &l, &[]));
    assert!(p.is_image_of(0, &[[5, 3, 0], [5, 4, 0], [6, 3, 0], [7, 3, 0]], &[]));
    assert!(
        p.is_image_of(0, &mirrored, &[]),
        "a turn in space makes a flat piece's mirror"
    );
    let tripod = vec![[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0]];
    assert!(!p.is_image_of(0, &tripod, &[]));
    // A chiral tetracube: its mirror image only where mirrors are allowed.
    let screw = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
    let other_screw = vec![[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 0, 0]];
    for mirror in [false, true] {
        let p = Packing::new(
            vec![piece("a", &screw, Copies::exactly(2))],
            cuboid(2, 2, 2),
            Vec::new(),
            mirror,
        )
        .unwrap();
        assert!(p.is_image_of(0, &[[3, 0, 0], [4, 0, 0], [4, 1, 0], [4, 1, 1]], &[]));
        assert_eq!(p.is_image_of(0, &other_screw, &[]), mirror);
    }
}

/// The check's tallies, on the stack for a small target and on the heap for
/// one past their slots: the found packings pass, and an overlap (naming both
/// pieces), a piece too many and a cell left bare fail, each with its reason.
#[test]
fn the_check_tallies_pieces_and_cells_on_any_size_of_target() {
    use crate::family::Puzzle;
    // 2x2x1 and 2x2x80 (320 cells) filled by dominoes.
    for z in [1, 80] {
        let p = Packing::new(
            vec![
                piece("a", &DOMINO, Copies::exactly(1)),
                piece(
                    "b",
                    &DOMINO,
                    Copies {
                        min: 0,
                        max: 2 * z as usize,
                    },
                ),
            ],
            cuboid(2, 2, z),
            Vec::new(),
            false,
        )
        .unwrap();
        let mut solution: Vec<(usize, Vec<Cell>, Vec<u32>)> = (0..z)
            .flat_map(|c| {
                [0, 1].map(|b| (usize::from(c + b > 0), vec![[0, b, c], [1, b, c]], vec![]))
            })
            .collect();
        solution.sort();
        assert_eq!(p.check(&solution), Ok(()));
        let last = solution.len() - 1;
        let mut overlap = solution.clone();
        overlap[last].1 = overlap[0].1.clone();
        let why = p.check(&overlap).unwrap_err().0;
        assert!(why.contains("pieces a and b both cover"), "{why}");
        let mut bare = solution.clone();
        bare.pop();
        let why = p.check(&bare).unwrap_err().0;
        assert!(why.contains("is not covered"), "{why}");
        let mut twice = solution.clone();
        twice[last].0 = 0;
        let why = p.check(&twice).unwrap_err().0;
        assert!(why.contains("piece a is used 2 times"), "{why}");
    }
}

/// BurrTools' `<assembly>` of every solution: each piece's shape turned by
/// its turn and moved to where its least corner goes (as a BurrTools file's
/// reader places it) gives the solution's pieces, copies in BurrTools'
/// order of placements.
#[test]
fn burrtools_assemblies_place_the_pieces_of_each_solution() {
    for p in packings() {
        for solution in searched_solutions(&p, Engine::ExactCover) {
            let slots = p.burrtools_assembly(&solution);
            let mut placed: Vec<Vec<Cell>> = Vec::new();
            let mut slot = slots.iter();
            for piece in p.pieces() {
                let least: Cell =
                    std::array::from_fn(|a| piece.cells.iter().map(|c| c[a]).min().unwrap());
                let mut last = None;
                for _ in 0..piece.copies.max {
                    let Some((t, at)) = slot.next().unwrap() else {
                        continue;
                    };
                    assert!(last <= Some((*t, *at)), "copies sorted by placement");
                    last = Some((*t, *at));
                    let m = crate::geometry::turns::turn(usize::from(*t));
                    let mut cells: Vec<Cell> = piece
                        .cells
                        .iter()
                        .map(|&c| {
                            let v = crate::geometry::turns::apply(
                                &m,
                                std::array::from_fn(|a| c[a] - least[a]),
                            );
                            std::array::from_fn(|a| at[a] + v[a])
                        })
                        .collect();
                    cells.sort();
                    placed.push(cells);
                }
            }
            assert!(slot.next().is_none());
            let mut own: Vec<Vec<Cell>> = solution
                .iter()
                .map(|(_, cells, _)| {
                    let mut c = cells.clone();
                    c.sort();
                    c
                })
                .collect();
            own.sort();
            placed.sort();
            assert_eq!(placed, own);
        }
    }
}
