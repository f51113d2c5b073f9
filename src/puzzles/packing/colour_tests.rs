//! Colour constraints on packings: both engines against an independent brute
//! force, symmetric images that keep the colours, and colours in model files.

use crate::testing::reference as common;

use crate::family::Family;
use crate::family::Puzzle;
use crate::geometry::grid::Grid;
use crate::puzzles::packing::{Colours, Copies, Packing, PieceType, normalised};
use crate::registry::{self as model, PuzzleKind};
use crate::solve::exact_cover::CoreChoice;
use crate::tasks::{self, SearchOptions};
use crate::types::Engine;
use common::Cell;
use common::packing::random_cut;
use common::packing::{ColouredPiece, brute_force_coloured};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn packing(
    pieces: &[ColouredPiece],
    required: &[Cell],
    optional: &[Cell],
    colours: &Colours,
) -> Packing {
    let types = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (cells, colours) = normalised(Grid::Cubes, &p.cells, &p.colours);
            PieceType {
                name: format!("p{i}"),
                letter: char::from_digit(i as u32 % 36, 36).unwrap(),
                cells,
                colours,
                copies: Copies {
                    min: p.min,
                    max: p.max,
                },
            }
        })
        .collect();
    Packing::coloured(
        types,
        required.to_vec(),
        optional.to_vec(),
        false,
        colours.clone(),
    )
    .unwrap()
}

/// Both engines, with and without symmetry breaking, on one and two threads,
/// against the brute force; every symmetric image of a solution is a solution,
/// and the engines agree on the classes. Returns the number of solutions.
fn assert_matches_brute_force(
    pieces: &[ColouredPiece],
    required: &[Cell],
    optional: &[Cell],
    colours: &Colours,
) -> usize {
    let p = packing(pieces, required, optional, colours);
    let expected =
        brute_force_coloured(pieces, required, optional, &colours.target, &colours.pairs);
    let mut unique = None;
    for (engine, core) in [
        (Engine::Sat, CoreChoice::Auto),
        (Engine::ExactCover, CoreChoice::Auto),
        (Engine::ExactCover, CoreChoice::General),
        (Engine::ExactCover, CoreChoice::FirstEmpty),
    ] {
        for (symmetry_breaking, threads) in [(true, 1), (false, 1), (true, 2)] {
            let options = SearchOptions {
                symmetry_breaking,
                threads,
                engine,
                estimate: false,
                cancel: Default::default(),
                part: None,
                core,
            };
            let (found, u) = crate::testing::search::all_solutions(&p, options);
            assert_eq!(
                found, expected,
                "{engine:?} {core:?}, symmetry breaking {symmetry_breaking}, {threads} threads"
            );
            assert!(unique.is_none_or(|v| v == u), "{engine:?}: unique {u}");
            unique = Some(u);
        }
    }
    // A count, which sizes orbits by fingerprints of their images, agrees.
    for engine in [Engine::Sat, Engine::ExactCover] {
        let options = tasks::CountOptions {
            unique: true,
            search: SearchOptions {
                engine,
                ..SearchOptions::default()
            },
            ..tasks::CountOptions::default()
        };
        let counted = tasks::count(&p, &options, &mut |_| {}).unwrap();
        assert_eq!(
            (counted.solutions as usize, counted.unique),
            (expected.len(), unique)
        );
    }
    let all: BTreeSet<_> = expected.iter().cloned().collect();
    for a in &expected {
        assert_eq!(p.check(a), Ok(()));
        for image in p.orbit(a) {
            assert!(all.contains(&image), "{image:?} is no solution");
        }
    }
    expected.len()
}

fn piece(cells: &[Cell], colours: &[u32]) -> ColouredPiece {
    ColouredPiece {
        cells: cells.to_vec(),
        colours: colours.to_vec(),
        min: 1,
        max: 1,
    }
}

#[test]
fn two_coloured_dominoes_on_a_checkerboard() {
    // A 2x2 floor coloured like a checkerboard: a domino of colours 1 and 2 can
    // lie on any two neighbouring cells, but only one way round.
    let floor: Vec<Cell> = vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]];
    let colours = Colours {
        target: floor
            .iter()
            .map(|&c| (c, 1 + ((c[0] + c[1]) % 2) as u32))
            .collect(),
        pairs: BTreeSet::from([(1, 1), (2, 2)]),
    };
    let domino = piece(&[[0, 0, 0], [1, 0, 0]], &[1, 2]);
    let two = ColouredPiece {
        min: 2,
        max: 2,
        ..domino
    };
    assert_eq!(assert_matches_brute_force(&[two], &floor, &[], &colours), 2);
    // With the pairs crossed, colour 1 meets colour 2: still two packings.
    let crossed = Colours {
        pairs: BTreeSet::from([(1, 2), (2, 1)]),
        ..colours.clone()
    };
    let two = ColouredPiece {
        min: 2,
        max: 2,
        ..piece(&[[0, 0, 0], [1, 0, 0]], &[1, 2])
    };
    assert_eq!(assert_matches_brute_force(&[two], &floor, &[], &crossed), 2);
    // A domino of one colour fits nowhere on the checkerboard.
    let plain = Colours {
        pairs: BTreeSet::from([(1, 1)]),
        ..colours
    };
    let two = ColouredPiece {
        min: 2,
        max: 2,
        ..piece(&[[0, 0, 0], [1, 0, 0]], &[1, 1])
    };
    assert_eq!(assert_matches_brute_force(&[two], &floor, &[], &plain), 0);
}

#[test]
fn a_piece_covering_the_same_cells_two_ways_gives_two_packings() {
    // An uncoloured target: a two-coloured domino in a 2x1 box lies either way
    // round, two packings on the same cells, which symmetry folds into one.
    let target: Vec<Cell> = vec![[0, 0, 0], [1, 0, 0]];
    let domino = piece(&[[0, 0, 0], [1, 0, 0]], &[1, 2]);
    let colours = Colours::default();
    assert_eq!(
        assert_matches_brute_force(&[domino], &target, &[], &colours),
        2
    );
    let domino = piece(&[[0, 0, 0], [1, 0, 0]], &[1, 2]);
    let p = packing(&[domino], &target, &[], &colours);
    let options = SearchOptions {
        symmetry_breaking: true,
        threads: 1,
        engine: Engine::ExactCover,
        estimate: false,
        cancel: Default::default(),
        part: None,
        core: CoreChoice::Auto,
    };
    assert_eq!(crate::testing::search::all_solutions(&p, options).1, 1);
}

#[test]
fn check_rejects_a_piece_on_a_colour_it_may_not_meet() {
    let floor: Vec<Cell> = vec![[0, 0, 0], [1, 0, 0]];
    let colours = Colours {
        target: BTreeMap::from([([0, 0, 0], 1), ([1, 0, 0], 2)]),
        pairs: BTreeSet::from([(1, 1), (2, 2)]),
    };
    let p = packing(
        &[piece(&[[0, 0, 0], [1, 0, 0]], &[1, 2])],
        &floor,
        &[],
        &colours,
    );
    let good = vec![(0, floor.clone(), vec![1, 2])];
    assert_eq!(p.check(&good), Ok(()));
    for bad in [
        vec![(0, floor.clone(), vec![2, 1])],
        vec![(0, floor.clone(), vec![1, 1])],
        vec![(0, floor.clone(), Vec::new())],
    ] {
        assert!(p.check(&bad).is_err(), "{bad:?} passed the check");
    }
}

#[test]
fn colours_in_a_model_file() {
    let text = r###"
        family = "packing"
        size = [2, 2, 1]
        colour_pairs = [[1, 1], [2, 2]]

        [[target_colours]]
        colour = 1
        cells = [[0, 0, 0], [1, 1, 0]]

        [[target_colours]]
        colour = 2
        cells = [[1, 0, 0], [0, 1, 0]]

        [[pieces]]
        name = "d"
        cells = [[0, 0, 0], [1, 0, 0]]
        colours = [1, 2]
        count = 2
    "###;
    let parsed = model::parse(text, Path::new("colours.toml")).unwrap();
    let PuzzleKind::Packing(p) = &parsed.puzzle else {
        panic!("a packing")
    };
    let options = SearchOptions {
        symmetry_breaking: false,
        threads: 1,
        engine: Engine::ExactCover,
        estimate: false,
        cancel: Default::default(),
        part: None,
        core: CoreChoice::Auto,
    };
    assert_eq!(crate::testing::search::all_solutions(p, options).0.len(), 2);
    // The model written back reads as the same packing.
    let again = p
        .model_toml(
            parsed.name.as_deref().unwrap_or("colours"),
            parsed.source.as_deref(),
        )
        .expect("a packing writes its model");
    let PuzzleKind::Packing(q) = model::parse(&again, Path::new("again.toml"))
        .unwrap()
        .puzzle
    else {
        panic!("a packing")
    };
    assert_eq!(q.colours(), p.colours());
    assert_eq!(q.pieces(), p.pieces());
    for (bad, field) in [
        ("colours = [1]", "colours"),
        ("colours = [1, -1]", "colours"),
        ("colour_pairs = [[1]]", "colour_pairs"),
    ] {
        let broken = text
            .replace(
                "colours = [1, 2]",
                if field == "colours" {
                    bad
                } else {
                    "colours = [1, 2]"
                },
            )
            .replace(
                "colour_pairs = [[1, 1], [2, 2]]",
                if field == "colour_pairs" {
                    bad
                } else {
                    "colour_pairs = [[1, 1], [2, 2]]"
                },
            );
        let error = model::parse(&broken, Path::new("broken.toml"))
            .unwrap_err()
            .to_string();
        assert!(error.contains(field), "{bad}: {error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A random cut of a small box into pieces, with random colours on the box's
    /// cells carried by the pieces, some target cells uncoloured and random pairs
    /// allowed beside those that keep the cut itself a packing.
    #[test]
    fn random_coloured_cuts_match_brute_force(
        seed in any::<u64>(),
        shape in 0usize..3,
        extra_pairs in proptest::collection::vec((1u32..4, 1u32..4), 0..3),
    ) {
        let (sides, k) = [([2, 2, 2], 3), ([2, 2, 3], 4), ([2, 3, 2], 3)][shape];
        let regions = random_cut(sides, k, seed);
        let colour_of = |c: Cell| {
            let h = (c[0] * 7 + c[1] * 13 + c[2] * 29) as u64 ^ seed;
            (h % 4) as u32
        };
        let pieces: Vec<ColouredPiece> = regions
            .iter()
            .map(|cells| ColouredPiece {
                cells: cells.clone(),
                colours: cells.iter().map(|&c| colour_of(c)).collect(),
                min: 1,
                max: 1,
            })
            .collect();
        let required: Vec<Cell> = regions.concat();
        let target: BTreeMap<Cell, u32> = required
            .iter()
            .filter(|c| (c[0] + c[2]) as u64 % 3 != seed % 3)
            .map(|&c| (c, colour_of(c)))
            .filter(|&(_, k)| k > 0)
            .collect();
        let mut pairs: BTreeSet<(u32, u32)> = (1..4).map(|k| (k, k)).collect();
        pairs.extend(extra_pairs);
        let colours = Colours { target, pairs };
        prop_assert!(assert_matches_brute_force(&pieces, &required, &[], &colours) >= 1);
    }
}
