//! `count`: every solution, the classes up to symmetry, a share of a split
//! count, every assembly taken apart, or the count with a certificate.

use crate::cli::counted::{exit_code, print_count, print_share};
use crate::cli::flags::groups::{DisassemblyArgs, SearchArgs};
use crate::cli::flags::values::{EngineName, Format};
use crate::cli::interrupt::{self, EXIT_INTERRUPTED};
use crate::cli::progress::{progress_bar, report};
use crate::cli::words::why_none;
use clap::Args;
use puzzlesat::{CountRequest, Counted, Error, Part, Puzzle};
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct CountArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Count only share I of N (1 <= I <= N) of the search, the same shares on
    /// every machine; `merge` adds up the --format json outputs of all N.
    #[arg(long, value_name = "I/N", value_parser = Part::parse, conflicts_with = "limit")]
    pub part: Option<Part>,
    /// Write a certificate of the count into the new directory DIR: the formula,
    /// every model, and DRAT proofs that there are no others (README.md,
    /// "Proofs"); `puzzlesat verify DIR` checks it. Uses the SAT engine.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["limit", "part", "unique"])]
    pub proof: Option<PathBuf>,
    #[command(flatten)]
    pub disassembly: DisassemblyArgs,
}

pub fn run(args: &CountArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    if let Some(dir) = &args.proof {
        return certified(args, &puzzle, dir);
    }
    let bar = progress_bar(args.search.quiet);
    let request = CountRequest {
        unique: args.search.unique,
        limit: args.search.limit,
        disassemble: args.disassembly.disassemble,
        max_states: args.disassembly.max_states,
        search: args
            .search
            .search(!bar.is_hidden(), interrupt::watch(), args.part),
    };
    let counted = puzzle.count(&request, &mut report(&bar));
    bar.finish_and_clear();
    let counted = counted?;
    // A share that finds nothing is no proof that the puzzle has no solution.
    let code = match &counted.share {
        Some(share) => {
            print_share(share, args.search.format)?;
            0
        }
        None => {
            print_count(&counted, &puzzle.header(), args.search.format, None)?;
            let none = counted.solutions == 0 && counted.complete && counted.separable.is_none();
            if none && args.search.format == Format::Text {
                out!("{}", why_none(&puzzle))?;
            }
            exit_code(&counted)
        }
    };
    Ok(if counted.interrupted {
        EXIT_INTERRUPTED
    } else {
        code
    })
}

/// `count --proof DIR`: the count, with a certificate anyone can check.
fn certified(args: &CountArgs, puzzle: &Puzzle, dir: &Path) -> Result<u8, Error> {
    if args.search.engine.engine == Some(EngineName::ExactCover) {
        return Err(Error::Unsupported(
            "--proof certifies the SAT formula's models: use --engine sat (or leave --engine out)"
                .into(),
        ));
    }
    let started = std::time::Instant::now();
    let symmetry_breaking = !args.search.no_symmetry_breaking;
    let bar = progress_bar(args.search.quiet);
    bar.set_message("certificate: enumerating and refuting the first cube");
    let certificate = puzzle.certify_count(
        dir,
        symmetry_breaking,
        args.search.threads,
        &mut |done, cubes| {
            bar.set_message(format!(
                "certificate: {done} of {cubes} cubes enumerated and refuted"
            ))
        },
    );
    bar.finish_and_clear();
    let certificate = certificate?;
    let counted = Counted::certified(puzzle, &certificate, started.elapsed().as_secs_f64());
    print_count(&counted, &puzzle.header(), args.search.format, None)?;
    if args.search.format == Format::Text {
        let how = if certificate.orbits {
            "which with their symmetric images are the solutions"
        } else {
            "one solution each"
        };
        outln!(
            "certificate in {}: the formula has {} models, {how}; `puzzlesat verify {}` checks it",
            dir.display(),
            certificate.models,
            dir.display()
        )?;
    }
    Ok(exit_code(&counted))
}
