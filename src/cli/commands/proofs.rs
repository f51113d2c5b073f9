//! Writing proofs (`solve --proof FILE`) and the note that says how to check
//! them.

use crate::cli::flags::values::goal_flag;
use puzzlesat::{Error, Goal, Puzzle};
use std::path::Path;

/// What a proof written by `solve` proves.
#[derive(Clone, Copy, Debug)]
pub enum ProofClaim {
    /// The puzzle has no solution.
    NoSolution,
    /// Nothing beats the optimum for the goal (none: no solution at all under
    /// the goal's rules).
    Optimum(Goal, Option<usize>),
}

/// The line saying where a proof went and which command checks it. A
/// BurrTools file's problem is named, since the file may hold several.
pub fn proof_note(puzzle: &Puzzle, file: &Path, claim: ProofClaim) -> String {
    let flag = match claim {
        ProofClaim::NoSolution => String::new(),
        ProofClaim::Optimum(goal, Some(k)) => format!(" {} {k}", goal_flag(goal)),
        ProofClaim::Optimum(goal, None) => format!(" {}", goal_flag(goal)),
    };
    let problem = puzzle
        .problem()
        .map(|p| format!(" --problem {p}"))
        .unwrap_or_default();
    format!(
        "Proof written to {}; `puzzlesat verify {} {}{flag}{problem}` checks it.",
        file.display(),
        puzzle.file().display(),
        file.display()
    )
}

/// Writes a proof to `file`.
pub fn write_proof(proof: &[u8], file: &Path) -> Result<(), Error> {
    std::fs::write(file, proof).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: format!("cannot write the proof: {e}"),
    })
}
