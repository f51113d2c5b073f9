//! Certificates of a count (`count --proof`, `verify`): the puzzle's formula
//! with every rule as clauses, each of its models read back as a solution and
//! checked, and the solutions they stand for added up (with symmetry breaking,
//! each model's orbit once). The proof engine makes and checks the files; this
//! is what they mean for the puzzle.

use super::optimum::proof_options;
use crate::error::Error;
use crate::family::{Encoding, Puzzle};
use crate::proof::certificate::{Counted, certify_models, verify_models};
use std::collections::HashSet;

pub use crate::proof::certificate::Sink;

/// What a certificate made certifies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The formula's models on the projection, all of them.
    pub models: usize,
    /// The puzzle's solutions they stand for (with symmetry breaking, each
    /// model's orbit, once).
    pub solutions: u64,
}

/// What a checked certificate establishes: the same figures, found again.
pub type Verified = Certificate;

/// Enumerates every model of the puzzle's formula (not its lazy constraints:
/// each model must be a solution on its own, or the count cannot be certified
/// this way) and hands the files to `sink`, the cubes shared out to `threads`
/// threads. `on_cube` hears each cube finished.
pub fn certify_count<P: Puzzle>(
    puzzle: &P,
    symmetry_breaking: bool,
    threads: usize,
    sink: &mut Sink<'_>,
    on_cube: &mut dyn FnMut(usize, usize),
) -> Result<Certificate, Error> {
    let encoding = puzzle.encode(proof_options(symmetry_breaking));
    let counted = counted(&encoding);
    let read = |model: &crate::solve::Model| {
        let solution = puzzle.decode(&encoding.decoder, model);
        match puzzle.check(&solution) {
            Ok(()) => Ok(solution),
            Err(v) => Err(Error::Unsupported(format!(
                "this family's formula has models that are no solutions ({v}): it adds rules lazily while it searches, so its formula alone does not count its solutions, and no certificate is made"
            ))),
        }
    };
    let solutions = certify_models(&counted, threads, &read, sink, on_cube)?;
    Ok(Certificate {
        models: solutions.len(),
        solutions: total(puzzle, &solutions, symmetry_breaking),
    })
}

/// Checks a count certificate whose files `read` returns by name, against the
/// puzzle and its encoding built again: every model must be a solution, and
/// the proofs must show there are no others. The error says why the
/// certificate fails. `on_cube` hears each cube's proof checked.
pub fn verify_count<P: Puzzle>(
    puzzle: &P,
    symmetry_breaking: bool,
    threads: usize,
    read: &(dyn Fn(&str) -> Result<String, String> + Sync),
    on_cube: &mut dyn FnMut(usize, usize),
) -> Result<Verified, String> {
    let encoding = puzzle.encode(proof_options(symmetry_breaking));
    let counted = counted(&encoding);
    let mut solution_of = |model: &crate::solve::Model| {
        let solution = puzzle.decode(&encoding.decoder, model);
        puzzle
            .check(&solution)
            .map(|()| solution)
            .map_err(|v| format!("the model is no solution: {v}"))
    };
    let solutions = verify_models(&counted, threads, read, &mut solution_of, on_cube)?;
    Ok(Verified {
        models: solutions.len(),
        solutions: total(puzzle, &solutions, symmetry_breaking),
    })
}

/// The formula a certificate counts the models of: the encoding's formula
/// with every rule as clauses, its projection and its search's cubes.
fn counted<D>(encoding: &Encoding<D>) -> Counted<'_> {
    Counted {
        formula: &encoding.formula,
        projection: &encoding.projection,
        cubes: &encoding.cubes,
    }
}

/// The puzzle's count the solutions stand for: with symmetry breaking, each
/// orbit met, whole and once.
fn total<P: Puzzle>(puzzle: &P, solutions: &[P::Solution], symmetry_breaking: bool) -> u64 {
    if !(symmetry_breaking && puzzle.breaks_symmetry()) {
        return solutions.len() as u64;
    }
    let mut orbits = HashSet::new();
    let mut total = 0u64;
    for s in solutions {
        let summary = puzzle.orbit_summary(s);
        let size = summary.size as u64;
        if orbits.insert(summary.into_key()) {
            total += size;
        }
    }
    total
}
