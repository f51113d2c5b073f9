//! `catalogue snake-cube AxBxC`: every string that folds into a box, as a
//! summary, a list, or JSON lines.

use super::args::Format;
use super::interrupt;
use super::output::seconds;
use super::progress::{progress_bar, time_left};
use indicatif::ProgressBar;
use puzzlesat::Error;
use puzzlesat::geometry::BoxDims;
use puzzlesat::puzzles::snake_cube::catalogue::{
    Catalogue, Entry, MAX_CELLS, catalogue, estimated_nodes,
};
use puzzlesat::tasks::Progress;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::Instant;

/// What `catalogue` was asked.
pub struct Request {
    pub sides: [i32; 3],
    pub list: bool,
    pub format: Format,
    /// Worker threads, at most one per core.
    pub threads: usize,
    pub quiet: bool,
}

/// Search nodes past which a box is refused: about ten minutes on two cores
/// (the search walks about 5 million nodes a second on each).
const MAX_NODES: f64 = 6e9;

/// The numbers of foldings the summary shows strings for one by one (JSON
/// gives them all).
const SPREAD_SHOWN: u64 = 10;

/// Random paths for the estimate that decides whether a box is in reach.
const PROBES: usize = 2_000;

pub fn run(request: Request) -> Result<u8, Error> {
    let [a, b, c] = request.sides;
    let dims = BoxDims::new(a, b, c);
    let cells = dims.volume();
    let in_reach = "boxes in reach: up to 36 cells (3x3x4 takes about two minutes and 1.9 GB, 2x4x4 six seconds, 3x3x3 a tenth of a second)";
    // No estimate: the box is outside the catalogue's range of cells.
    let Some(estimate) = estimated_nodes(dims, PROBES) else {
        return Err(Error::Unsupported(format!(
            "a box of 2 to {MAX_CELLS} cells for a catalogue, got {dims} = {cells}; {in_reach}"
        )));
    };
    if estimate > MAX_NODES {
        return Err(Error::Unsupported(format!(
            "a smaller box: the catalogue of {dims} means a search of about {estimate:.1e} nodes (about {} on two cores), past the limit of {MAX_NODES:.0e}; {in_reach}",
            rough_time(estimate / 1e7)
        )));
    }
    let bar = progress_bar(request.quiet);
    let started = Instant::now();
    let made = catalogue(
        dims,
        request.threads,
        &interrupt::watch(),
        &mut report(&bar),
    );
    bar.finish_and_clear();
    let made = made?;
    let took = started.elapsed();
    match request.format {
        Format::Json => print_json(&made, took.as_secs_f64()),
        Format::Text => print_text(&made, request.list, &seconds(took)),
    }
    Ok(if made.complete {
        0
    } else {
        interrupt::EXIT_INTERRUPTED
    })
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

/// "3 hours" and the like, from seconds.
fn rough_time(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7_200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3_600.0),
        s if s < 6.3e8 => format!("{:.0} days", s / 86_400.0),
        s if s < 3.15e13 => format!("{:.0} years", s / 3.15e7),
        s => format!("{:.0e} years", s / 3.15e7),
    }
}

/// The figures a summary gives.
struct Summary<'a> {
    solutions: u64,
    unique: u64,
    palindromes: usize,
    /// Strings per number of foldings up to symmetry.
    by_unique: BTreeMap<u64, usize>,
    most: Option<&'a Entry>,
}

fn summary(made: &Catalogue) -> Summary<'_> {
    let mut by_unique = BTreeMap::new();
    for e in &made.entries {
        *by_unique.entry(e.unique).or_insert(0) += 1;
    }
    Summary {
        solutions: made.entries.iter().map(|e| e.solutions).sum(),
        unique: made.entries.iter().map(|e| e.unique).sum(),
        palindromes: made.entries.iter().filter(|e| e.palindrome).count(),
        by_unique,
        most: made
            .entries
            .iter()
            .max_by_key(|e| (e.unique, std::cmp::Reverse(&e.letters))),
    }
}

fn print_text(made: &Catalogue, list: bool, took: &str) {
    if list {
        for e in &made.entries {
            outln!(
                "{}  {} foldings, {} up to symmetry{}",
                e.letters,
                e.solutions,
                e.unique,
                if e.palindrome { ", palindrome" } else { "" }
            );
        }
        outln!();
    }
    let s = summary(made);
    outln!("Snake-cube catalogue of the {} box", made.dims);
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
    );
    outln!(
        "foldings: {bound}{} in all, {bound}{} up to symmetry",
        s.solutions,
        s.unique
    );
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
    );
    if let Some(most) = s.most {
        outln!(
            "most foldings: {} ({} up to symmetry, {} in all)",
            most.letters,
            most.unique,
            most.solutions
        );
    }
    if made.complete {
        outln!("time: {took}");
    } else {
        outln!("interrupted after {took}: the figures are what was found so far");
    }
}

fn print_json(made: &Catalogue, seconds: f64) {
    for e in &made.entries {
        outln!(
            "{}",
            json!({
                "blocks": e.letters,
                "solutions": e.solutions,
                "unique": e.unique,
                "palindrome": e.palindrome,
            })
        );
    }
    let s = summary(made);
    let by_unique: serde_json::Map<String, serde_json::Value> = s
        .by_unique
        .iter()
        .map(|(unique, strings)| (unique.to_string(), json!(strings)))
        .collect();
    outln!(
        "{}",
        json!({
            "summary": {
                "size": [made.dims.sides[0], made.dims.sides[1], made.dims.sides[2]],
                "strings": made.entries.len(),
                "palindromes": s.palindromes,
                "solutions": s.solutions,
                "unique": s.unique,
                "strings_by_unique": by_unique,
                "most": s.most.map(|e| &e.letters),
                "complete": made.complete,
                "seconds": seconds,
            }
        })
    );
}
