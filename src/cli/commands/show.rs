//! `show` (the puzzle as read from its model) and `import` (a BurrTools
//! problem as the TOML model that reads back the same).

use crate::cli::flags::groups::FormatArg;
use crate::cli::flags::values::Format;
use clap::Args;
use puzzlesat::{Error, Puzzle};
use serde_json::json;
use std::path::PathBuf;

#[derive(Args)]
pub struct ShowArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args)]
pub struct ImportArgs {
    /// The BurrTools file (.xmpuzzle, gzip-compressed or plain XML).
    pub file: PathBuf,
}

pub fn show(args: &ShowArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    match args.format.format {
        Format::Text => out!("{}{}", puzzle.header(), puzzle.describe())?,
        Format::Json => outln!(
            "{}",
            json!({
                "family": puzzle.family(),
                "name": puzzle.name(),
                "source": puzzle.source(),
                "summary": puzzle.summary(),
                "description": puzzle.describe(),
            })
        )?,
    }
    Ok(0)
}

pub fn import(args: &ImportArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.file, problem)?;
    if puzzle.problem().is_none() {
        return Err(Error::input(
            &args.file,
            "(file)",
            "a BurrTools file (.xmpuzzle) to import; this is already a TOML model",
        ));
    }
    out!("{}", puzzle.to_toml()?)?;
    Ok(0)
}
