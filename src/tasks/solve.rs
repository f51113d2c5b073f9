//! `solve`'s workflow: one solution or the proof there is none; with a goal,
//! an optimum and the proof that nothing beats it; with the family's
//! extension, the solution extended (a sudoku snake's parity grid filled with
//! digits). Every front-end runs this one workflow, so a proof always means
//! the formula `cnf` prints.

use super::optimum::{self, plain_formula};
use super::{SearchOptions, solve_one_reporting};
use crate::error::Error;
use crate::family::{Extended, Family};
use crate::solve::Progress;
use crate::types::Goal;
use std::time::{Duration, Instant};

/// What to solve for.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// Optimise for this goal (one the family declares) instead of taking
    /// the first solution.
    pub goal: Option<Goal>,
    /// Apply the family's extension to the solution found.
    pub extend: bool,
    /// Also make the DRAT proof: of the optimum with a goal, or without one
    /// that there is no solution (a solvable puzzle needs none).
    pub proof: bool,
    /// The search for a first solution (a goal has its own search).
    pub search: SearchOptions,
}

/// How far a solve has got.
pub enum SolveEvent<'a> {
    /// The search for a first solution.
    Search(&'a Progress),
    /// With a goal: the search for an optimum began.
    Optimising,
    /// With a goal: a solution of this value, better than any before.
    Better(usize),
    /// The proof is being made.
    Proving,
}

/// What a solve found.
pub struct Solved<S, E> {
    /// The solution (an optimum, with a goal), checked; `None` when there is
    /// none.
    pub solution: Option<S>,
    /// With a goal: the solution's value under it.
    pub value: Option<usize>,
    /// The extension of the solution, when asked for.
    pub extended: Option<Extended<E>>,
    /// The DRAT proof, when asked for and there is one to make.
    pub proof: Option<Vec<u8>>,
    /// The time to the answer and its extension, the proof left out.
    pub elapsed: Duration,
}

/// Runs the workflow on `puzzle`.
pub fn solve<F: Family>(
    puzzle: &F,
    options: &SolveOptions,
    on_event: &mut dyn FnMut(SolveEvent<'_>),
) -> Result<Solved<F::Solution, F::Extension>, Error> {
    let started = Instant::now();
    let (solution, value) = match options.goal {
        Some(goal) => {
            on_event(SolveEvent::Optimising);
            let best = optimum::optimise(puzzle, goal, &mut |value| {
                on_event(SolveEvent::Better(value))
            })?;
            match best {
                Some(best) => (Some(best.solution), Some(best.value)),
                None => (None, None),
            }
        }
        None => {
            let found = solve_one_reporting(puzzle, &options.search, &mut |p| {
                on_event(SolveEvent::Search(p))
            })?;
            (found, None)
        }
    };
    let extended = match (&solution, options.extend) {
        (Some(s), true) => Some(puzzle.extend(s)?),
        _ => None,
    };
    let elapsed = started.elapsed();
    let proof = if options.proof {
        on_event(SolveEvent::Proving);
        match options.goal {
            Some(goal) => optimum::prove_optimum(puzzle, goal, value)?,
            None if solution.is_none() => Some(optimum::refutation(&plain_formula(puzzle))?),
            None => None,
        }
    } else {
        None
    };
    Ok(Solved {
        solution,
        value,
        extended,
        proof,
        elapsed,
    })
}
