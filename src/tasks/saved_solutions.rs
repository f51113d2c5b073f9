//! Taking apart again the solutions a BurrTools file saves with a problem, so
//! that their levels can be held against the saved ones: this is how a
//! designer re-checks an old file.

use super::disassemble::taken_apart;
use crate::disassembly::{Disassembler, Outcome};
use crate::error::Error;
use crate::family::Family;
use crate::model::burrtools::SavedAssembly;
use crate::solve::parallel::map_indices;
use std::path::Path;

/// A saved solution taken apart again.
#[derive(Clone, Debug)]
pub struct Retaken<S> {
    /// The solution the saved assembly stands for, checked.
    pub solution: S,
    pub outcome: Outcome,
}

/// Every saved solution of `file` as a solution of `puzzle`, checked by the
/// family's independent check, and taken apart, the solutions shared among
/// `threads` threads; a saved assembly that is no solution is bad input.
pub fn take_apart_saved<F: Family>(
    puzzle: &F,
    file: &Path,
    saved: &[SavedAssembly],
    max_states: usize,
    threads: usize,
) -> Result<Vec<Retaken<F::Solution>>, Error> {
    super::disassemble::can_take_apart(puzzle)?;
    // Every saved solution is checked before any is taken apart, so that bad
    // input is reported whatever the threads.
    let checked = saved
        .iter()
        .map(|s| {
            let unsupported = || {
                Error::Unsupported(format!(
                    "a {} has no assemblies to take apart: only packings do",
                    F::NAME
                ))
            };
            let solution = puzzle.placed(&s.pieces).ok_or_else(unsupported)?;
            puzzle.check(&solution).map_err(|violation| {
                Error::input(
                    file,
                    "solution",
                    format!(
                        "saved solution {} to be an assembly of the problem's pieces, but {}",
                        s.number, violation.0
                    ),
                )
            })?;
            let pieces = puzzle.assembly(&solution).ok_or_else(unsupported)?;
            Ok((solution, pieces))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let mut outcomes: Vec<Option<Outcome>> = vec![None; checked.len()];
    let motion = puzzle.motion();
    map_indices(
        checked.len(),
        threads,
        |k| taken_apart(&mut Disassembler::new(motion), &checked[k].1, max_states),
        |k, outcome| {
            outcomes[k] = Some(outcome?);
            Ok::<(), Error>(())
        },
    )?;
    Ok(checked
        .into_iter()
        .zip(outcomes)
        .map(|((solution, _), outcome)| Retaken {
            solution,
            outcome: outcome.expect("every index is worked on"),
        })
        .collect())
}
