//! `catalogue snake-cube AxBxC`: every string that folds into a box, as a
//! summary, a list, or JSON lines.

use crate::cli::flags::groups::{FormatArg, WorkArgs};
use crate::cli::flags::values::{CatalogueFamily, Format, box_sides};
use crate::cli::interrupt::{self, EXIT_INTERRUPTED};
use crate::cli::output::seconds_f;
use crate::cli::progress::{progress_bar, time_left};
use clap::Args;
use indicatif::ProgressBar;
use puzzlesat::snake_cube::{Catalogue, SPREAD_SHOWN, catalogue};
use puzzlesat::{Error, Progress};

#[derive(Args)]
pub struct CatalogueArgs {
    /// The puzzle family (only snake cubes have a catalogue).
    pub family: CatalogueFamily,
    /// The box, as AxBxC (for example 3x3x3): at most 128 cells; a box
    /// whose search is estimated past about ten minutes is refused with
    /// the estimate (3x3x4, 36 cells, takes about two minutes).
    #[arg(value_name = "AxBxC", value_parser = box_sides)]
    pub size: [i32; 3],
    /// Also print one line per string (text), as JSON always does.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &CatalogueArgs) -> Result<u8, Error> {
    let bar = progress_bar(args.work.quiet);
    let made = catalogue(
        args.size,
        args.work.threads,
        &interrupt::watch(),
        &mut report(&bar),
    );
    bar.finish_and_clear();
    let made = made?;
    match args.format.format {
        Format::Json => print_json(&made)?,
        Format::Text => print_text(&made, args.list)?,
    }
    Ok(if made.complete { 0 } else { EXIT_INTERRUPTED })
}

/// The progress bar's message: paths walked, the share of the search done
/// and the time left.
fn report(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    |p: &Progress| {
        if bar.is_hidden() {
            return;
        }
        let left = time_left(p);
        bar.set_message(format!(
            "{} paths through the box walked (one per symmetry class and direction); {} of {} {} searched ({:.0}%){left}",
            p.found,
            p.cubes_done,
            p.cubes,
            p.part_name,
            100.0 * p.fraction_done(),
        ));
    }
}

fn print_text(made: &Catalogue, list: bool) -> Result<(), Error> {
    if list {
        for e in &made.entries {
            outln!(
                "{}  {} foldings, {} up to symmetry{}",
                e.letters,
                e.solutions,
                e.unique,
                if e.palindrome { ", palindrome" } else { "" }
            )?;
        }
        outln!()?;
    }
    let s = made.summary();
    let [a, b, c] = made.sides;
    outln!("Snake-cube catalogue of the {a}x{b}x{c} box")?;
    let bound = if made.complete { "" } else { "at least " };
    outln!(
        "strings that fold into it: {bound}{} (each once up to reversal; {} {})",
        made.entries.len(),
        s.palindromes,
        if s.palindromes == 1 {
            "palindrome"
        } else {
            "palindromes"
        }
    )?;
    outln!(
        "foldings: {bound}{} in all, {bound}{} up to symmetry",
        s.solutions,
        s.unique
    )?;
    let mut spread: Vec<String> = s
        .by_unique
        .range(..=SPREAD_SHOWN)
        .map(|(unique, strings)| format!("{unique}: {strings}"))
        .collect();
    let more: usize = s.by_unique.range(SPREAD_SHOWN + 1..).map(|(_, n)| n).sum();
    if more > 0 {
        spread.push(format!("more than {SPREAD_SHOWN}: {more}"));
    }
    outln!(
        "strings by their foldings up to symmetry: {}",
        spread.join(", ")
    )?;
    if let Some(most) = s.most {
        outln!(
            "most foldings: {} ({} up to symmetry, {} in all)",
            most.letters,
            most.unique,
            most.solutions
        )?;
    }
    let took = seconds_f(made.seconds);
    if made.complete {
        outln!("time: {took}")
    } else {
        outln!("interrupted after {took}: the figures are what was found so far")
    }
}

fn print_json(made: &Catalogue) -> Result<(), Error> {
    for e in &made.entries {
        outln!("{}", Catalogue::entry_json(e))?;
    }
    outln!("{}", made.summary_line())
}
