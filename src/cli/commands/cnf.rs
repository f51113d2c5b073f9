//! `cnf`: the puzzle's formula in DIMACS for other solvers, with every rule as
//! clauses; with a goal, the formula one past the optimum that a proof
//! refutes.

use crate::cli::flags::groups::GoalArgs;
use crate::cli::output::stdout_written;
use clap::Args;
use puzzlesat::{Error, Puzzle, Request};
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
pub struct CnfArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    /// Leave out the symmetry-breaking clauses.
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    #[command(flatten)]
    pub goals: GoalArgs,
}

pub fn run(args: &CnfArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    let goals = args.goals.goals();
    for &goal in &goals {
        puzzle.check_request(Request::Goal(goal))?;
    }
    let cnf = match goals.first() {
        Some(&goal) => puzzle.cnf_past_optimum(goal)?,
        None => puzzle.cnf(!args.no_symmetry_breaking)?,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    stdout_written(cnf.write(&mut out).and_then(|()| out.flush()))?;
    Ok(0)
}
