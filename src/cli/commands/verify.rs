//! `verify`: checks a proof or a count certificate without the search, from
//! the model file alone.

use crate::cli::flags::groups::FormatArg;
use crate::cli::flags::values::Format;
use crate::cli::output::seconds;
use crate::cli::progress::progress_bar;
use clap::Args;
use puzzlesat::{Error, Goal, ProofOf, Puzzle, Request, verify_certificate};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct VerifyArgs {
    /// A certificate directory, or the puzzle's model file.
    pub path: PathBuf,
    /// With a model file: the proof that it has no solution (or that nothing
    /// beats the optimum given by --relax, --minimize or --maximize).
    pub proof: Option<PathBuf>,
    /// Board snakes: the proof is that no placement has fewer than this many
    /// broken links (the optimum `solve --relax` found); with no number, that
    /// no placement exists even with cut snakes.
    #[arg(long, value_name = "BROKEN_LINKS", num_args = 0..=1, requires = "proof", conflicts_with_all = ["minimize", "maximize"])]
    pub relax: Option<Option<usize>>,
    /// Sudoku snake: the proof is that no snake is shorter than this many
    /// cells (the optimum `solve --minimize length` found); with no number,
    /// that there is no snake at all.
    #[arg(
        long,
        value_name = "LENGTH",
        num_args = 0..=1,
        requires = "proof",
        conflicts_with = "maximize"
    )]
    pub minimize: Option<Option<usize>>,
    /// Sudoku snake: the proof is that no snake is longer than this many
    /// cells (the optimum `solve --maximize length` found); with no number,
    /// that there is no snake at all.
    #[arg(long, value_name = "LENGTH", num_args = 0..=1, requires = "proof")]
    pub maximize: Option<Option<usize>>,
    #[command(flatten)]
    pub format: FormatArg,
}

impl VerifyArgs {
    /// What the proof is claimed to prove.
    fn claim(&self) -> ProofOf {
        let goal = match (self.relax, self.minimize, self.maximize) {
            (Some(k), _, _) => Some((Goal::Relax, k)),
            (_, Some(k), _) => Some((Goal::Minimise, k)),
            (_, _, Some(k)) => Some((Goal::Maximise, k)),
            _ => None,
        };
        match goal {
            Some((goal, optimum)) => ProofOf::Optimum { goal, optimum },
            None => ProofOf::NoSolution,
        }
    }
}

/// `verify DIR` or `verify MODEL FILE`: 0 when the certificate holds, 1 with the
/// reason when it does not.
pub fn run(args: &VerifyArgs, problem: Option<&str>) -> Result<u8, Error> {
    let started = Instant::now();
    let verdict = match &args.proof {
        Some(file) => {
            let puzzle = Puzzle::load_problem(&args.path, problem)?;
            let claim = args.claim();
            if let ProofOf::Optimum { goal, .. } = claim {
                puzzle.check_request(Request::Goal(goal))?;
            }
            puzzle.verify_proof_file(file, claim)?
        }
        None => {
            let bar = progress_bar(false);
            bar.set_message("checking the models and the first cube's proof");
            let verdict = verify_certificate(&args.path, None, &mut |done, cubes| {
                bar.set_message(format!("{done} of {cubes} cube proofs checked"))
            });
            bar.finish_and_clear();
            verdict?
        }
    };
    let took = started.elapsed();
    match (args.format.format, &verdict) {
        (Format::Json, _) => outln!(
            "{}",
            json!({
                "valid": verdict.is_ok(),
                "claim": verdict.as_ref().ok(),
                "reason": verdict.as_ref().err(),
                "seconds": took.as_secs_f64(),
            })
        )?,
        (Format::Text, Ok(what)) => outln!("valid: {what} (checked in {})", seconds(took))?,
        (Format::Text, Err(why)) => outln!("invalid: {why}")?,
    }
    Ok(if verdict.is_ok() { 0 } else { 1 })
}
