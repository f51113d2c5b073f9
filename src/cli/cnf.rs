//! `cnf`: the puzzle's formula in DIMACS for other solvers, with every rule as
//! clauses; with a goal, the formula one past the optimum that a proof refutes.

use super::output::stdout_written;
use puzzlesat::Error;
use puzzlesat::family::Family;
use puzzlesat::model::PuzzleModel;
use puzzlesat::tasks::optimum::{past_optimum, puzzle_formula};
use puzzlesat::tasks::write_dimacs;
use puzzlesat::types::Goal;
use std::io::Write;

/// `cnf MODEL`: the formula with or without symmetry breaking.
pub fn cnf<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    symmetry_breaking: bool,
) -> Result<u8, Error> {
    let plain = puzzle_formula(puzzle, symmetry_breaking);
    let f = &plain.formula;
    let projection: Vec<String> = plain.projection.iter().map(isize::to_string).collect();
    let comments = vec![
        format!("puzzlesat {}: {}", model.family, model.title()),
        puzzle.summary(),
        format!(
            "{} variables, {} clauses, symmetry breaking {}",
            f.var_count(),
            f.clauses().len(),
            if symmetry_breaking { "on" } else { "off" }
        ),
        format!(
            "projection (a solution is defined by these): {}",
            projection.join(" ")
        ),
    ];
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    stdout_written(write_dimacs(f, &comments, &mut out).and_then(|()| out.flush()))?;
    Ok(0)
}

/// `cnf MODEL` with a goal: the formula one past the optimum, found first
/// (with no solution at all, the formula of every solution under the goal's
/// rules; with nothing to prove, the goal's formula unbounded).
pub fn print_past_optimum_cnf<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    goal: Goal,
) -> Result<u8, Error> {
    let optimum = puzzlesat::tasks::optimum::optimise(puzzle, goal, &mut |_| {})?.map(|o| o.value);
    let formula = past_optimum(puzzle, goal, optimum)
        .or_else(|| past_optimum(puzzle, goal, None))
        .ok_or_else(|| Error::Internal(format!("a {} goal with no formula", F::NAME)))?;
    let (models, _) = puzzle.past_optimum_words(goal, optimum);
    let comments = vec![
        format!("puzzlesat {}: {}", model.family, model.title()),
        format!("its models would be {models}"),
    ];
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    stdout_written(write_dimacs(&formula, &comments, &mut out).and_then(|()| out.flush()))?;
    Ok(0)
}
