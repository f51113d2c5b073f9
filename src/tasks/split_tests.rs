//! Split counts in the library: every share of n = 1, 2, 3, 7 run apart and
//! added up gives the whole count and unique count, on every family and
//! engine, on random packings, and where the classes are counted by
//! Burnside's lemma.

use crate::family::Puzzle;
use crate::geometry::grid::Grid;
use crate::puzzles::packing::{Copies, Packing, PieceType, normalised};
use crate::registry::PuzzleKind;
use crate::split::{Part, add_up};
use crate::tasks::{self, Count, CountOptions, SearchOptions};
use crate::testing::models::load;
use crate::testing::reference::{all_cells_of, packing::random_cut};
use crate::types::Engine;
use proptest::prelude::*;

fn count<P: Puzzle>(p: &P, engine: Engine, symmetry_breaking: bool, part: Option<Part>) -> Count {
    let options = CountOptions {
        unique: true,
        search: SearchOptions {
            engine,
            symmetry_breaking,
            part,
            ..SearchOptions::default()
        },
        ..CountOptions::default()
    };
    tasks::count(p, &options, &mut |_| {}).expect("the count runs")
}

/// Every share of every split in `splits`, added up, against the whole count.
fn assert_shares_add_up<P: Puzzle>(
    p: &P,
    engine: Engine,
    symmetry_breaking: bool,
    splits: &[usize],
) {
    let whole = count(p, engine, symmetry_breaking, None);
    for &n in splits {
        let shares: Vec<_> = (0..n)
            .map(|index| {
                let c = count(p, engine, symmetry_breaking, Some(Part { index, count: n }));
                assert!(c.complete);
                c.shares.expect("a share reports its shares")
            })
            .collect();
        let sum = add_up(&shares, true).expect("the shares add up");
        assert_eq!(
            (sum.solutions, sum.unique),
            (whole.solutions, whole.unique),
            "{n} parts, {engine:?}, symmetry breaking {symmetry_breaking}"
        );
        let tally = whole.tally.clone().map(|(_, t)| t).unwrap_or_default();
        assert_eq!(sum.tally, tally, "{n} parts: the tally");
    }
}

#[test]
fn snake_cubes_split_into_shares_add_up() {
    for name in ["green.toml", "box-2x3x4.toml", "tiny-2x2x2.toml"] {
        let PuzzleKind::SnakeCube(p) = load("snake-cube", name) else {
            panic!("{name} is a snake cube")
        };
        assert_shares_add_up(&p, Engine::Sat, true, &[1, 2, 3, 7]);
        assert_shares_add_up(&p, Engine::Sat, false, &[3]);
    }
}

#[test]
fn packings_split_into_shares_add_up_on_both_engines() {
    for name in ["megaron.toml", "soma.toml", "pentominoes-3x20.toml"] {
        let PuzzleKind::Packing(p) = load("packing", name) else {
            panic!("{name} is a packing")
        };
        for engine in [Engine::Sat, Engine::ExactCover] {
            assert_shares_add_up(&p, engine, true, &[1, 2, 3, 7]);
        }
        assert_shares_add_up(&p, Engine::ExactCover, false, &[2, 7]);
    }
}

/// A packing of one copy of each piece (its cells) into `target`.
fn single_pieces(pieces: &[Vec<[i32; 3]>], target: Vec<[i32; 3]>, mirror: bool) -> Packing {
    let pieces: Vec<_> = pieces.iter().map(|cells| (cells.clone(), 1)).collect();
    pieces_with_copies(&pieces, target, mirror)
}

/// A packing of each piece (its cells) as many times as given into `target`.
fn pieces_with_copies(
    pieces: &[(Vec<[i32; 3]>, usize)],
    target: Vec<[i32; 3]>,
    mirror: bool,
) -> Packing {
    let types = pieces
        .iter()
        .enumerate()
        .map(|(i, (cells, n))| {
            let (cells, colours) = normalised(Grid::Cubes, cells, &[]);
            PieceType {
                name: format!("p{i}"),
                letter: char::from_digit(i as u32, 36).unwrap(),
                cells,
                colours,
                copies: Copies::exactly(*n),
            }
        })
        .collect();
    Packing::new(types, target, Vec::new(), mirror).unwrap()
}

/// Where no piece anchors the symmetry breaking, the classes are counted by
/// Burnside's lemma, the symmetries dealt out among the shares: each share
/// brings its terms of the sum and names no class, and the terms add up to the
/// whole count's classes.
#[test]
fn classes_by_burnside_split_into_shares_add_up() {
    let i3 = vec![[0, 0, 0], [1, 0, 0], [2, 0, 0]];
    let l3 = vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    let screw = vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
    let other_screw = vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]];
    let cases = [
        pieces_with_copies(&[(i3.clone(), 9)], all_cells_of([3, 3, 3]), false),
        pieces_with_copies(&[(l3.clone(), 8)], all_cells_of([2, 3, 4]), false),
        pieces_with_copies(&[(i3, 2), (l3, 4)], all_cells_of([2, 3, 3]), true),
        pieces_with_copies(
            &[(screw, 2), (other_screw, 2)],
            all_cells_of([2, 2, 4]),
            false,
        ),
    ];
    for p in &cases {
        assert!(p.counts_covers_unbroken(), "no piece anchors the breaking");
        for n in [2, 3, 7] {
            let share = count(
                p,
                Engine::ExactCover,
                true,
                Some(Part { index: 0, count: n }),
            );
            let shares = share.shares.expect("a share reports its shares");
            assert!(shares.fixed.is_some() && shares.classes.is_none());
        }
        assert_shares_add_up(p, Engine::ExactCover, true, &[1, 2, 3, 7]);
    }
}

#[test]
fn an_orbit_met_in_two_shares_counts_once() {
    // A 3x3 square of a bent tromino (the anchor: the most orientations), a
    // straight one, a domino and a single cube. The bent tromino in a corner is
    // its own image under the diagonal mirror, so the orbits of packings with it
    // there are met twice and must be named. (The mirror in the square's own
    // plane moves no cell: it alone does not make an orbit met twice.)
    let p = single_pieces(
        &[
            vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
            vec![[0, 0, 0], [1, 0, 0], [2, 0, 0]],
            vec![[0, 0, 0], [1, 0, 0]],
            vec![[0, 0, 0]],
        ],
        all_cells_of([3, 3, 1]),
        true,
    );
    let shared: usize = (0..2)
        .map(|index| {
            let part = count(&p, Engine::ExactCover, true, Some(Part { index, count: 2 }));
            part.shares.unwrap().shared.len()
        })
        .sum();
    assert!(shared > 0);
    assert_shares_add_up(&p, Engine::ExactCover, true, &[2, 3]);
    assert_shares_add_up(&p, Engine::Sat, true, &[2, 3]);
}

#[test]
fn the_sudoku_snake_splits_into_shares_that_add_up() {
    let PuzzleKind::SudokuSnake(p) = load("sudoku-snake", "mini-6x6.toml") else {
        panic!("a sudoku snake")
    };
    assert_shares_add_up(&p, Engine::Sat, true, &[1, 2, 3, 7]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Random cuts of a box into pieces, split into a random number of shares.
    #[test]
    fn random_packings_split_into_shares_add_up(
        seed in any::<u64>(),
        shape in 0usize..3,
        n in 2usize..6,
    ) {
        let (sides, k) = [([2, 2, 2], 3), ([2, 2, 3], 4), ([2, 3, 3], 5)][shape];
        let p = single_pieces(&random_cut(sides, k, seed), all_cells_of(sides), false);
        for engine in [Engine::Sat, Engine::ExactCover] {
            assert_shares_add_up(&p, engine, true, &[n]);
        }
    }
}
