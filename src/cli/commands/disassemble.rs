//! `disassemble`: the solutions a BurrTools file saves, taken apart again,
//! each level held against the saved one.

use crate::cli::flags::groups::FormatArg;
use crate::cli::flags::values::{Format, thread_count};
use clap::Args;
use puzzlesat::{Error, LevelVerdict, MAX_STATES, Puzzle, Retaken, Separability};
use std::path::PathBuf;

#[derive(Args)]
pub struct DisassembleArgs {
    /// The BurrTools file (.xmpuzzle, gzip-compressed or plain XML).
    pub file: PathBuf,
    #[command(flatten)]
    pub format: FormatArg,
    /// Also print the moves that take each solution apart.
    #[arg(long)]
    pub moves: bool,
    /// The most states one search may keep; a solution whose search needs
    /// more is left undecided.
    #[arg(long, value_name = "N", default_value_t = MAX_STATES)]
    pub max_states: usize,
    /// Worker threads taking the solutions apart, from 1 (default: one per
    /// core; more than the cores are not started).
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
}

pub fn run(args: &DisassembleArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.file, problem)?;
    let report = puzzle.retake_saved_on(args.max_states, args.threads)?;
    match args.format.format {
        Format::Json => outln!("{}", report.to_json())?,
        Format::Text => {
            out!("{}", puzzle.header())?;
            for r in &report.solutions {
                outln!("{}", solution_line(r))?;
                if let (true, Some(apart)) = (args.moves, r.solution.taken_apart()) {
                    outln!("{}", apart.text())?;
                }
            }
            outln!("{}", summary(&report.solutions))?;
        }
    }
    let failed = report.tally(LevelVerdict::Differs) + report.tally(LevelVerdict::Undecided);
    Ok(u8::from(failed > 0))
}

/// `Saved solution 2 (assembly 223): level 5.2, saved 5.2: they agree`.
fn solution_line(r: &Retaken) -> String {
    let name = match r.assembly_number {
        Some(n) => format!("Saved solution {} (assembly {n})", r.number),
        None => format!("Saved solution {}", r.number),
    };
    let ours = match (r.separability, r.solution.taken_apart()) {
        (Separability::Apart, Some(apart)) => format!("level {}", apart.level()),
        (Separability::Undecided, _) => "undecided (a search passed --max-states)".into(),
        _ => "does not come apart".into(),
    };
    let verdict = match (r.verdict, &r.saved_level) {
        (_, None) => "no separation saved".to_string(),
        (LevelVerdict::Agrees, Some(level)) => format!("saved {level}: they agree"),
        (LevelVerdict::Undecided, Some(level)) => format!("saved {level}"),
        (_, Some(level)) => format!("saved {level}: they DIFFER"),
    };
    format!("{name}: {ours}, {verdict}")
}

/// The closing line: how many were taken apart and how many agree.
fn summary(solutions: &[Retaken]) -> String {
    let count = |v: LevelVerdict| solutions.iter().filter(|r| r.verdict == v).count();
    let saved = solutions.len();
    if saved == 0 {
        return "The problem saves no solutions: `count --disassemble` takes apart every assembly."
            .into();
    }
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let compared = saved - count(LevelVerdict::Unsaved);
    let mut text = format!(
        "{} taken apart again: {} of {compared} with a saved separation agree",
        plural(saved, "saved solution", "saved solutions"),
        count(LevelVerdict::Agrees),
    );
    for (v, what) in [
        (LevelVerdict::Differs, "differ"),
        (LevelVerdict::Undecided, "undecided"),
    ] {
        if count(v) > 0 {
            text.push_str(&format!(", {} {what}", count(v)));
        }
    }
    text.push('.');
    text
}
