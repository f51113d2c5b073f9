//! Helpers for the families' unit tests: the formula alone, enumerated on one
//! solver, against what the tasks find. The integration tests hold the search to
//! a brute force; these hold the formula to the search, so that the formula `cnf`
//! prints and proofs refute says exactly the rules without the cubes or lazy cuts
//! the search adds.

use super::{EncodeOptions, Puzzle};
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
