//! `check`: a solution given as JSON (the form `solve --format json` prints),
//! every key it carries checked.

use crate::cli::flags::groups::FormatArg;
use crate::cli::flags::values::Format;
use clap::Args;
use puzzlesat::{Error, Puzzle};
use serde_json::{Map, Value, json};
use std::path::PathBuf;

#[derive(Args)]
pub struct CheckArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    /// The solution file (JSON): every key is checked, claims such as an
    /// optimum by solving again.
    pub solution: PathBuf,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: &CheckArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    let verdict = puzzle.check_file(&args.solution)?;
    match args.format.format {
        Format::Json => {
            let mut out = Map::new();
            out.insert("valid".into(), json!(verdict.is_ok()));
            if let Err(v) = &verdict {
                out.insert("violation".into(), json!(v.to_string()));
            }
            outln!("{}", Value::Object(out))?;
        }
        Format::Text => match &verdict {
            Ok(()) => outln!("valid: the solution follows every rule")?,
            Err(v) => outln!("invalid: {v}")?,
        },
    }
    Ok(if verdict.is_ok() { 0 } else { 1 })
}
