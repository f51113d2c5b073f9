//! Solutions as the tests collect them: the formula alone, enumerated on one
//! solver, against what the tasks find (so that the formula `cnf` prints and
//! proofs refute says exactly the rules, without the cubes or lazy cuts the
//! search adds); every solution a search streams, for the brute-force tests;
//! and the library's random paths through a box.

use crate::family::{EncodeOptions, Puzzle};
use crate::geometry::BoxDims;
use crate::geometry::hamiltonian::{Seeded, random_path};
use crate::solve::{Enumerator, SatSolver};
use crate::tasks::{self, Found, SearchOptions};
use crate::types::Engine;

/// Every solution of the formula with every rule as clauses and symmetry
/// breaking, each expanded to its orbit: every model must decode to a solution
/// that passes the family's check.
pub fn formula_solutions<P: Puzzle>(p: &P) -> Vec<P::Solution> {
    let encoding = p.encode(EncodeOptions {
        whole_search: true,
        symmetry_breaking: true,
        every_rule_as_clauses: true,
    });
    let mut solver = SatSolver::new(&encoding.formula);
    let mut all: Vec<P::Solution> = Enumerator::new(&mut solver, &encoding.projection)
        .flat_map(|model| {
            let solution = p.decode(&encoding.decoder, &model.expect("the solver runs"));
            assert_eq!(p.check(&solution), Ok(()), "{solution:?}");
            p.orbit(&solution)
        })
        .collect();
    all.sort();
    all.dedup();
    all
}

/// Every solution the search finds on one thread, sorted (with symmetry
/// breaking, which the tasks undo by expanding orbits; the integration tests
/// hold both modes to a brute force); a solution met twice fails the test.
pub fn searched_solutions<P: Puzzle>(p: &P, engine: Engine) -> Vec<P::Solution> {
    let mut all = Vec::new();
    let options = SearchOptions {
        threads: 1,
        engine,
        ..SearchOptions::default()
    };
    let complete = tasks::for_each_solution(
        p,
        &options,
        &mut |found| {
            if let Found::Solution(s) = found {
                all.push(s.clone());
            }
            true
        },
        &mut |_| {},
    )
    .expect("the search runs");
    assert!(complete);
    all.sort();
    let before = all.len();
    all.dedup();
    assert_eq!(all.len(), before, "a solution was met twice");
    all
}

/// A pseudo-random Hamiltonian path of the box, the library's (a serpentine
/// reshaped by `moves` backbite moves), seeded.
pub fn random_hamiltonian_path(sides: [i32; 3], seed: u64, moves: usize) -> Vec<[i32; 3]> {
    let dims = BoxDims::new(sides[0], sides[1], sides[2]);
    random_path(&dims, moves, &mut Seeded::new(seed))
}

/// Every solution the enumeration streams, sorted, and the number of classes.
pub fn all_solutions<P: Puzzle>(p: &P, options: SearchOptions) -> (Vec<P::Solution>, u64) {
    let mut all = Vec::new();
    let mut classes = 0;
    let complete = tasks::for_each_solution(
        p,
        &options,
        &mut |found| {
            match found {
                Found::Solution(s) => all.push(s.clone()),
                Found::NewClass(_) => classes += 1,
                Found::Images(_) | Found::SharedOrbit { .. } | Found::LoneOrbit { .. } => {
                    panic!("for_each_solution hands on every solution it counts")
                }
            }
            true
        },
        &mut |_| {},
    )
    .expect("the enumeration runs");
    assert!(complete);
    all.sort();
    (all, classes)
}
