//! What `count` prints, for a whole count (and `merge`, which prints the same
//! for the sum of a split count's shares) and for one share.

use super::flags::values::Format;
use super::output::seconds_f;
use puzzlesat::{Counted, Error, Separable, Share};
use std::cmp::Reverse;

/// `count`'s exit code: 1 when the whole search found nothing (proved), 0
/// otherwise.
pub fn exit_code(counted: &Counted) -> u8 {
    if counted.complete && counted.solutions == 0 {
        1
    } else {
        0
    }
}

/// Prints the count: text for a person (under `header`), or one JSON object.
/// `time_note` says what the time is when it is not this run's.
pub fn print_count(
    counted: &Counted,
    header: &str,
    format: Format,
    time_note: Option<&str>,
) -> Result<(), Error> {
    match format {
        Format::Json => outln!("{}", counted.to_json()),
        Format::Text => print_count_text(counted, header, time_note),
    }
}

fn print_count_text(counted: &Counted, header: &str, time_note: Option<&str>) -> Result<(), Error> {
    out!("{header}")?;
    let bound = if counted.complete { "" } else { "at least " };
    outln!("solutions: {bound}{}", counted.solutions)?;
    if let Some(u) = counted.unique {
        outln!("unique up to symmetry: {bound}{u}")?;
    }
    if let (Some(recorded), Some(u)) = (counted.recorded, counted.unique) {
        let verdict = match recorded.assemblies {
            Some(n) if !counted.complete => format!("BurrTools recorded {n}"),
            Some(n) if n == u => format!("BurrTools recorded {n}: they agree"),
            Some(n) => format!("BurrTools recorded {n}: they differ"),
            None => "the file records no count".to_string(),
        };
        outln!("assemblies (BurrTools' sense, unique up to symmetry): {bound}{u}; {verdict}")?;
        if counted.separable.is_none() {
            outln!(
                "(BurrTools' solutions, assemblies that can also be taken apart: count --disassemble)"
            )?;
        }
    }
    if let Some(found) = &counted.separable {
        let recorded = counted.recorded.and_then(|r| r.solutions);
        print_separable(found, counted.unique.unwrap_or(0), recorded, bound)?;
    }
    if let Some(tally) = &counted.tally {
        let per_value: Vec<String> = tally
            .counts
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        outln!(
            "by {}: {}",
            tally.name.trim_end_matches('s'),
            per_value.join(", ")
        )?;
    }
    let took = seconds_f(counted.seconds);
    if counted.interrupted {
        outln!("(interrupted after {took}: the counts are lower bounds)")?;
    } else if !counted.complete {
        outln!("(stopped at --limit before the count was proved complete)")?;
    }
    match time_note {
        Some(note) => outln!("time: {took} ({note})"),
        None => outln!("time: {took}"),
    }
}

/// How many assemblies come apart, against the file's record, and their
/// levels, the highest first.
fn print_separable(
    found: &Separable,
    assemblies: u64,
    recorded: Option<u64>,
    bound: &str,
) -> Result<(), Error> {
    let verdict = match recorded {
        Some(n) if !bound.is_empty() => format!("; BurrTools recorded {n}"),
        Some(n) if n == found.count => format!("; BurrTools recorded {n}: they agree"),
        Some(n) => format!("; BurrTools recorded {n}: they differ"),
        None => String::new(),
    };
    outln!(
        "come apart (BurrTools' solutions): {bound}{} of {assemblies}{verdict}",
        found.count
    )?;
    if found.undecided > 0 {
        outln!(
            "undecided: {} (a search passed --max-states, or an assembly has more than 64 pieces)",
            found.undecided
        )?;
    }
    let mut levels: Vec<(&String, &u64)> = found.levels.iter().collect();
    levels.sort_by_key(|(level, _)| Reverse(level_key(level)));
    for (level, n) in levels {
        outln!("  level {level}: {n}")?;
    }
    Ok(())
}

/// A level as numbers, for ordering `10.2` above `9.5`.
fn level_key(level: &str) -> Vec<u64> {
    level.split('.').filter_map(|n| n.parse().ok()).collect()
}

/// Prints one share's result: for `merge` as JSON, or for a person.
pub fn print_share(share: &Share, format: Format) -> Result<(), Error> {
    match format {
        Format::Json => outln!("{}", share.to_json()),
        Format::Text => {
            out!("{}", share.header)?;
            let bound = if share.complete { "" } else { "at least " };
            outln!(
                "part {}/{}: {bound}{} solutions in this share, {} of them in orbits other shares may meet too",
                share.part,
                share.parts,
                share.solutions,
                share.solutions - share.met_once
            )?;
            if let Some(classes) = &share.classes {
                outln!(
                    "classes up to symmetry met in this share: {bound}{}",
                    classes.len()
                )?;
            }
            if let Some(fixed) = &share.fixed_by_symmetries {
                outln!(
                    "classes up to symmetry: by Burnside's lemma over the {} symmetries, once the parts are merged",
                    fixed.symmetries
                )?;
            }
            if let Some(taken) = &share.taken_apart {
                let met = share.classes.as_ref().map_or(0, |c| c.len());
                let apart = taken.values().filter(|l| *l != "undecided").count();
                outln!("of them taken apart: {met}, {apart} of which come apart")?;
            }
            outln!(
                "(the whole count: `puzzlesat merge` on the --format json outputs of all {} parts)",
                share.parts
            )?;
            outln!("time: {}", seconds_f(share.seconds))
        }
    }
}
