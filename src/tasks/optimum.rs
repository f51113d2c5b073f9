//! Proofs that a puzzle has no solution, and the one optimum workflow that every
//! goal (relax, minimise, maximise) follows: find the optimum, write the formula
//! one past it, refute that formula, and check the refutation. Solving with a
//! proof, printing the formula and checking a proof all go through here, so
//! they always mean the same formula.

use crate::cnf::Formula;
use crate::error::Error;
use crate::family::{EncodeOptions, Puzzle};
use crate::family::{Family, Optimised};
use crate::proof::certificate::verify_refutation;
use crate::proof::refute;
use crate::types::Goal;
use crate::types::Violation;

/// The options of the formula a proof is about: every rule as clauses, the
/// formula that is printed for other solvers.
pub(crate) fn proof_options(symmetry_breaking: bool) -> EncodeOptions {
    EncodeOptions {
        symmetry_breaking,
        whole_search: true,
        every_rule_as_clauses: true,
    }
}

/// The puzzle's formula as a proof sees it (symmetry breaking on).
pub fn plain_formula<P: Puzzle>(puzzle: &P) -> Formula {
    puzzle_formula(puzzle, true).formula
}

/// A puzzle's formula as `cnf` prints it and proofs refute it.
pub struct PuzzleFormula {
    /// Every rule as clauses: each model is a solution.
    pub formula: Formula,
    /// The variables (DIMACS numbers) whose values define a solution; two
    /// models that agree on them are the same solution.
    pub projection: Vec<isize>,
}

/// The formula with every rule as clauses, with or without the clauses that
/// break symmetry.
pub fn puzzle_formula<P: Puzzle>(puzzle: &P, symmetry_breaking: bool) -> PuzzleFormula {
    let encoding = puzzle.encode(proof_options(symmetry_breaking));
    PuzzleFormula {
        projection: encoding.projection.iter().map(|v| v.to_dimacs()).collect(),
        formula: encoding.formula,
    }
}

/// An optimal solution for `goal`, checked against the goal's rules and its
/// value confirmed, or `None` when there is no solution at all.
pub fn optimise<F: Family>(
    puzzle: &F,
    goal: Goal,
    on_better: &mut dyn FnMut(usize),
) -> Result<Option<Optimised<F::Solution>>, Error> {
    let best = puzzle.optimise(goal, on_better)?;
    if let Some(best) = &best {
        let value = puzzle
            .measure(goal, &best.solution)
            .map_err(|v| Error::Internal(format!("an optimal solution breaks the rules: {v}")))?;
        if value != best.value {
            return Err(Error::Internal(format!(
                "the optimum found has value {value}, the solver said {}",
                best.value
            )));
        }
    }
    Ok(best)
}

/// The formula whose refutation proves `optimum` for `goal` (with no optimum:
/// that the goal's rules admit no solution), or `None` when there is nothing to
/// prove.
pub fn past_optimum<F: Family>(puzzle: &F, goal: Goal, optimum: Option<usize>) -> Option<Formula> {
    puzzle.past_optimum(goal, optimum)
}

/// A DRAT proof that `formula` has no model.
pub fn refutation(formula: &Formula) -> Result<Vec<u8>, Error> {
    match refute(formula.var_count(), formula.clauses())? {
        Ok(proof) => Ok(proof),
        Err(_) => Err(Error::Internal(
            "the search found nothing, but the formula with every rule as clauses has a model: no proof can exist".into(),
        )),
    }
}

/// A DRAT proof of `optimum` (or, with none, that nothing is a solution under
/// the goal's rules); `None` when there is nothing to prove.
pub fn prove_optimum<F: Family>(
    puzzle: &F,
    goal: Goal,
    optimum: Option<usize>,
) -> Result<Option<Vec<u8>>, Error> {
    past_optimum(puzzle, goal, optimum)
        .map(|formula| refutation(&formula))
        .transpose()
}

/// Whether `proof` refutes the formula past `optimum`: `Some(Err(why))` when
/// it does not, `None` for an optimum that needs no proof (no broken links).
pub fn check_optimum_proof<F: Family>(
    puzzle: &F,
    goal: Goal,
    optimum: Option<usize>,
    proof: &str,
) -> Option<Result<(), String>> {
    let formula = past_optimum(puzzle, goal, optimum)?;
    Some(verify_refutation(
        formula.clauses(),
        formula.var_count(),
        proof,
    ))
}

/// Whether `proof` refutes the puzzle's formula: `Ok(Err(why))` when not.
pub fn check_refutation<P: Puzzle>(puzzle: &P, proof: &str) -> Result<(), String> {
    let formula = plain_formula(puzzle);
    verify_refutation(formula.clauses(), formula.var_count(), proof)
}

/// Checks the claim that `solution` is optimal for `goal` (with the value
/// `claimed`, when the claim gives one) by finding the optimum again.
pub fn check_optimum_claim<F: Family>(
    puzzle: &F,
    goal: Goal,
    solution: &F::Solution,
    claimed: Option<u64>,
) -> Result<(), Violation> {
    let value = puzzle.measure(goal, solution)?;
    if let Some(claimed) = claimed
        && claimed != value as u64
    {
        return Err(Violation(format!(
            "the solution has {}, not {claimed}",
            puzzle.value_words(goal, value)
        )));
    }
    match optimise(puzzle, goal, &mut |_| {}) {
        Ok(Some(best)) if best.value != value => Err(Violation(format!(
            "{} is not the {}: a solution with {} exists",
            puzzle.value_words(goal, value),
            if goal == Goal::Maximise {
                "most"
            } else {
                "fewest"
            },
            puzzle.value_words(goal, best.value)
        ))),
        Ok(_) => Ok(()),
        Err(e) => Err(Violation(format!("the optimum could not be checked: {e}"))),
    }
}
