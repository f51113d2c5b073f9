//! The snake cube's engines (SAT on its encoding, the path search) against a
//! brute-force search and each other, on every small string and on random
//! strings read off random Hamiltonian paths.

use crate::testing::models::snake_cube as load;
use crate::testing::reference as common;

use crate::family::Puzzle;
use crate::geometry::BoxDims;
use crate::puzzles::snake_cube::{Block, SnakeCube};
use crate::tasks::{self, CountOptions, SearchOptions};
use crate::testing::search::random_hamiltonian_path;
use crate::types::Engine;
use common::{brute_force_snake, burnside_classes, letters_of};
use proptest::prelude::*;
use std::collections::HashSet;

fn snake(sides: [i32; 3], letters: &str) -> SnakeCube {
    let interior: Vec<Block> = letters[1..letters.len() - 1]
        .chars()
        .map(|c| {
            if c == 'C' {
                Block::Corner
            } else {
                Block::Straight
            }
        })
        .collect();
    SnakeCube::from_interior(BoxDims::new(sides[0], sides[1], sides[2]), &interior).unwrap()
}

fn search(engine: Engine, symmetry_breaking: bool, threads: usize) -> SearchOptions {
    SearchOptions {
        symmetry_breaking,
        threads,
        engine,
        ..SearchOptions::default()
    }
}

/// Each engine with and without symmetry breaking, on one and two threads.
fn every_search() -> Vec<SearchOptions> {
    [Engine::Sat, Engine::Path]
        .into_iter()
        .flat_map(|e| [search(e, true, 1), search(e, false, 1), search(e, true, 2)])
        .collect()
}

/// Every solution the enumeration reports (sorted), and its number of classes.
fn solutions(p: &SnakeCube, options: SearchOptions) -> (Vec<Vec<[i32; 3]>>, u64) {
    crate::testing::search::all_solutions(p, options)
}

/// Both engines (with and without symmetry breaking) against brute force: the
/// same set of solutions, no duplicates, and the same number of classes as
/// Burnside's lemma.
fn assert_matches_brute_force(sides: [i32; 3], letters: &str) -> usize {
    let p = snake(sides, letters);
    let mut expected = brute_force_snake(sides, letters);
    expected.sort();
    let classes = burnside_classes(sides, &expected, p.is_palindrome());
    for options in every_search() {
        let (found, unique) = solutions(&p, options.clone());
        let distinct: HashSet<_> = found.iter().collect();
        assert_eq!(
            distinct.len(),
            found.len(),
            "{letters}: a solution was reported twice"
        );
        assert_eq!(found, expected, "{letters} in {sides:?} with {options:?}");
        assert_eq!(
            unique, classes,
            "{letters} in {sides:?}: classes with {options:?}"
        );
    }
    expected.len()
}

fn every_string(sides: [i32; 3]) -> Vec<String> {
    let n = (sides[0] * sides[1] * sides[2]) as usize;
    (0..1u32 << (n - 2))
        .map(|mask| {
            let interior: String = (0..n - 2)
                .map(|i| if mask >> i & 1 == 1 { 'C' } else { 'S' })
                .collect();
            format!("S{interior}S")
        })
        .collect()
}

/// Checks every string of the box; returns how many have a solution.
fn check_every_string(sides: [i32; 3]) -> usize {
    every_string(sides)
        .iter()
        .filter(|s| assert_matches_brute_force(sides, s) > 0)
        .count()
}

#[test]
fn every_2x2x2_string_matches_brute_force() {
    assert!(check_every_string([2, 2, 2]) > 0);
}

#[test]
fn every_2x2x3_string_matches_brute_force() {
    let solvable = check_every_string([2, 2, 3]);
    assert!(solvable > 10, "only {solvable} solvable strings");
}

#[test]
fn flat_and_thin_boxes_match_brute_force() {
    for sides in [[1, 3, 4], [1, 1, 5], [3, 1, 3], [2, 3, 2]] {
        for seed in 0..6 {
            let path = random_hamiltonian_path(sides, seed, 200);
            assert!(assert_matches_brute_force(sides, &letters_of(&path)) > 0);
        }
    }
}

/// The count and unique count, the same from both engines.
fn count(p: &SnakeCube) -> (u64, u64) {
    let counts: Vec<(u64, u64)> = [Engine::Sat, Engine::Path]
        .into_iter()
        .map(|engine| {
            let options = CountOptions {
                unique: true,
                search: search(engine, true, 2),
                ..CountOptions::default()
            };
            let c = tasks::count(p, &options, &mut |_| {}).unwrap();
            assert!(c.complete);
            (c.solutions, c.unique.unwrap())
        })
        .collect();
    assert_eq!(counts[0], counts[1], "SAT and the path search");
    counts[0]
}

#[test]
fn minizinc_write_up_snake_has_48_solutions_and_1_unique() {
    assert_eq!(count(&load("minizinc-segments.toml")), (48, 1));
}

#[test]
fn write_up_cubes_match_brute_force_and_published_counts() {
    for (name, unique) in [
        ("red.toml", 1),
        ("green.toml", 1),
        ("orange.toml", 10),
        ("blue.toml", 6),
    ] {
        let p = load(name);
        let n = assert_matches_brute_force([3, 3, 3], &p.letters());
        assert_eq!(count(&p), (n as u64, unique), "{name}");
    }
}

#[test]
fn misprinted_red_cube_is_unsolvable() {
    let p = load("red-misprinted.toml");
    for engine in [Engine::Sat, Engine::Path] {
        assert_eq!(
            tasks::solve_one(&p, &search(engine, true, 2)).unwrap(),
            None
        );
    }
    assert_eq!(brute_force_snake([3, 3, 3], &p.letters()).len(), 0);
}

#[test]
fn small_models_match_brute_force() {
    assert_eq!(
        assert_matches_brute_force([2, 2, 2], &load("tiny-2x2x2.toml").letters()),
        144
    );
    assert!(assert_matches_brute_force([2, 3, 4], &load("box-2x3x4.toml").letters()) > 0);
}

/// The largest bundled snake: a few seconds in a release build.
#[test]
fn brown_4x4x4_counts() {
    assert_eq!(count(&load("brown-4x4x4.toml")), (192, 4));
}

#[test]
fn check_rejects_tampered_paths() {
    let p = load("red.toml");
    let good = tasks::solve_one(&p, &SearchOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(p.check(&good), Ok(()));
    let mut swapped = good.clone();
    swapped.swap(3, 4);
    let mut outside = good.clone();
    outside[26] = [3, 0, 0];
    let mut repeated = good.clone();
    repeated[26] = repeated[0];
    let reversed: Vec<_> = good.iter().rev().copied().collect();
    let short = good[..26].to_vec();
    for bad in [swapped, outside, repeated, reversed, short] {
        assert!(p.check(&bad).is_err(), "{bad:?} passed the check");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random 3x3x3 strings, each with at least the folding it was read from.
    #[test]
    fn random_3x3x3_strings_match_brute_force(seed in any::<u64>()) {
        let path = random_hamiltonian_path([3, 3, 3], seed, 400);
        let letters = letters_of(&path);
        let p = snake([3, 3, 3], &letters);
        prop_assert_eq!(p.check(&path), Ok(()));
        // The library reads the same string off the path.
        let dims = crate::geometry::BoxDims::new(3, 3, 3);
        let read = crate::puzzles::snake_cube::SnakeCube::from_path(dims, &path).unwrap();
        prop_assert_eq!(read.letters(), letters.clone());
        prop_assert!(assert_matches_brute_force([3, 3, 3], &letters) >= 1);
    }

    #[test]
    fn random_non_cubic_strings_match_brute_force(seed in any::<u64>(), shape in 0usize..3) {
        let sides = [[2, 3, 4], [3, 3, 2], [2, 2, 4]][shape];
        let path = random_hamiltonian_path(sides, seed, 300);
        prop_assert!(assert_matches_brute_force(sides, &letters_of(&path)) >= 1);
    }
}

/// The progress display hears of every cube, so a finished count shows them all done.
#[test]
fn progress_reports_every_cube_searched() {
    let p = load("blue.toml");
    let mut last = None;
    let c = tasks::count(&p, &CountOptions::default(), &mut |progress| {
        last = Some(*progress)
    })
    .unwrap();
    let last = last.expect("progress was reported");
    assert!(last.cubes > 1, "the search is split");
    assert_eq!(last.cubes_done, last.cubes);
    assert_eq!(last.found, c.solutions);
}
