use super::*;

use crate::family::Puzzle;
use crate::tasks::{CountOptions, count};

fn request(sides: [i32; 3], seed: u64, unique: bool) -> Request {
    Request {
        dims: BoxDims::new(sides[0], sides[1], sides[2]),
        seed,
        unique,
        filters: Filters {
            palindromes: true,
            ..Filters::default()
        },
        max_draws: 10_000,
        threads: 2,
    }
}

struct Designs {
    designs: Vec<Design>,
    tally: Tally,
    complete: bool,
}

fn designs(request: Request, count: usize) -> Designs {
    let (designs, tally) =
        design(request, count, &crate::types::Cancel::new(), &mut |_| {}).expect("a design run");
    Designs {
        complete: designs.len() == count,
        designs,
        tally,
    }
}

/// The SAT engine's count of a string, in all and up to symmetry.
fn sat_count(cube: &SnakeCube) -> (u64, u64) {
    let options = CountOptions {
        unique: true,
        limit: None,
        search: SearchOptions {
            engine: Engine::Sat,
            threads: 1,
            ..SearchOptions::default()
        },
    };
    let counted = count(cube, &options, &mut |_| {}).expect("a count");
    (counted.solutions, counted.unique.expect("asked"))
}

#[test]
fn every_unique_design_has_one_folding_by_the_other_engine() {
    for (sides, seed) in [([3, 3, 3], 1), ([2, 3, 4], 2), ([2, 2, 4], 3)] {
        let made = designs(request(sides, seed, true), 4);
        assert!(made.complete, "{sides:?}");
        for d in &made.designs {
            assert_eq!(d.unique, 1);
            assert_eq!(sat_count(&d.cube), (d.solutions, 1), "{}", d.cube.letters());
            assert_eq!(d.cube.check(&d.folding), Ok(()));
        }
    }
}

#[test]
fn designs_without_the_unique_rule_carry_their_whole_count() {
    let made = designs(request([3, 3, 3], 7, false), 5);
    assert_eq!(made.designs.len(), 5);
    assert_eq!(made.tally.several, 0);
    for d in &made.designs {
        assert_eq!(sat_count(&d.cube), (d.solutions, d.unique));
    }
}

#[test]
fn the_same_seed_gives_the_same_designs() {
    let letters = |seed| -> Vec<String> {
        designs(request([3, 3, 3], seed, true), 3)
            .designs
            .iter()
            .map(|d| d.cube.letters())
            .collect()
    };
    assert_eq!(letters(11), letters(11));
    assert_ne!(letters(11), letters(12));
}

#[test]
fn strings_with_two_classes_are_turned_away_and_counted() {
    let made = designs(request([3, 3, 3], 5, true), 6);
    let t = &made.tally;
    assert_eq!(
        t.drawn,
        t.repeats + t.filtered + t.several + made.designs.len() as u64
    );
    assert!(t.several > 0, "3x3x3 strings mostly have several foldings");
    let drawn: Vec<u64> = made.designs.iter().map(|d| d.drawn).collect();
    assert!(drawn.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn filters_hold_for_every_design() {
    let mut asked = request([3, 3, 3], 3, true);
    asked.filters = Filters {
        max_straight: Some(1),
        min_segments: Some(18),
        palindromes: false,
    };
    let made = designs(asked, 4);
    assert!(made.complete);
    assert!(made.tally.filtered > 0);
    for d in &made.designs {
        assert!(longest_straight(&d.cube) <= 1, "{}", d.cube.letters());
        assert!(d.cube.segments().len() >= 18);
        assert!(!d.cube.is_palindrome());
    }
}

#[test]
fn a_run_that_cannot_succeed_stops_at_its_draws() {
    let mut asked = request([3, 3, 3], 3, true);
    asked.filters.min_segments = Some(27);
    asked.max_draws = 50;
    let made = designs(asked, 1);
    assert!(!made.complete);
    assert!(made.designs.is_empty());
    assert_eq!(made.tally.drawn, 50);
}

#[test]
fn longest_straight_run() {
    let dims = BoxDims::new(3, 3, 3);
    let red = SnakeCube::from_segments(
        dims,
        vec![3, 2, 2, 2, 2, 2, 3, 2, 3, 2, 2, 2, 2, 3, 2, 3, 2, 2, 2, 3],
    )
    .expect("the red string");
    assert_eq!(longest_straight(&red), 1);
    let long = SnakeCube::from_segments(dims, vec![3; 13]).expect("a string of straight threes");
    assert_eq!(longest_straight(&long), 1);
}
