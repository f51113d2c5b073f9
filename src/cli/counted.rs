//! What `count` prints, shared by `count` and by `merge`, which prints the same
//! for the sum of a split count's shares.

use super::args::Format;
use super::output::seconds;
use puzzlesat::tasks::Disassembled;
use serde_json::{Map, Value, json};
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::time::Duration;

/// A count's result as it is shown.
pub struct CountReport {
    /// The model's title, summary and source, one per line.
    pub header: String,
    pub solutions: u64,
    pub unique: Option<u64>,
    pub complete: bool,
    pub interrupted: bool,
    /// For a BurrTools file: the assemblies it records, if any.
    pub recorded: Option<Option<u64>>,
    /// The family's tally, with its name.
    pub tally: Option<(String, BTreeMap<u64, u64>)>,
    /// With --disassemble: what taking the assemblies apart found, and the
    /// solutions (assemblies that come apart) a BurrTools file records.
    pub disassembled: Option<(Disassembled, Option<u64>)>,
    pub elapsed: Duration,
    /// What the time is, when it is not the wall time of this run.
    pub time_note: Option<&'static str>,
}

impl CountReport {
    /// `count`'s exit code: 1 when the whole search found nothing (proved), 0
    /// otherwise.
    pub fn exit_code(&self) -> u8 {
        if self.complete && self.solutions == 0 {
            1
        } else {
            0
        }
    }
}

/// Prints the report: text for a person, or one JSON object.
pub fn print_count(report: &CountReport, format: Format) {
    match format {
        Format::Json => outln!("{}", Value::Object(count_json(report))),
        Format::Text => print_count_text(report),
    }
}

fn count_json(report: &CountReport) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("solutions".into(), json!(report.solutions));
    if let Some(u) = report.unique {
        out.insert("unique".into(), json!(u));
    }
    out.insert("complete".into(), json!(report.complete));
    if report.interrupted {
        out.insert("interrupted".into(), json!(true));
    }
    if let Some(recorded) = report.recorded {
        out.insert("assemblies".into(), json!(report.unique));
        if let Some(n) = recorded {
            out.insert("recorded_assemblies".into(), json!(n));
        }
    }
    if let Some((found, recorded)) = &report.disassembled {
        out.insert("separable".into(), json!(found.separable));
        out.insert("undecided".into(), json!(found.undecided));
        let levels: Map<String, Value> = found
            .levels
            .iter()
            .map(|(level, n)| (level.clone(), json!(n)))
            .collect();
        out.insert("levels".into(), Value::Object(levels));
        if let Some(n) = recorded {
            out.insert("recorded_solutions".into(), json!(n));
        }
    }
    out.insert("seconds".into(), json!(report.elapsed.as_secs_f64()));
    if let Some((name, tally)) = &report.tally {
        let per_value: Map<String, Value> = tally
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect();
        out.insert(name.clone(), Value::Object(per_value));
    }
    out
}

fn print_count_text(report: &CountReport) {
    out!("{}", report.header);
    let bound = if report.complete { "" } else { "at least " };
    outln!("solutions: {bound}{}", report.solutions);
    if let Some(u) = report.unique {
        outln!("unique up to symmetry: {bound}{u}");
    }
    if let (Some(recorded), Some(u)) = (report.recorded, report.unique) {
        let verdict = match recorded {
            Some(n) if !report.complete => format!("BurrTools recorded {n}"),
            Some(n) if n == u => format!("BurrTools recorded {n}: they agree"),
            Some(n) => format!("BurrTools recorded {n}: they differ"),
            None => "the file records no count".to_string(),
        };
        outln!("assemblies (BurrTools' sense, unique up to symmetry): {bound}{u}; {verdict}");
        if report.disassembled.is_none() {
            outln!(
                "(BurrTools' solutions, assemblies that can also be taken apart: count --disassemble)"
            );
        }
    }
    if let Some((found, recorded)) = &report.disassembled {
        print_disassembled(found, *recorded, bound);
    }
    if let Some((name, tally)) = &report.tally {
        let per_value: Vec<String> = tally.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        outln!(
            "by {}: {}",
            name.trim_end_matches('s'),
            per_value.join(", ")
        );
    }
    if report.interrupted {
        outln!(
            "(interrupted after {}: the counts are lower bounds)",
            seconds(report.elapsed)
        );
    } else if !report.complete {
        outln!("(stopped at --limit before the count was proved complete)");
    }
    match report.time_note {
        Some(note) => outln!("time: {} ({note})", seconds(report.elapsed)),
        None => outln!("time: {}", seconds(report.elapsed)),
    }
}

/// How many assemblies come apart, against the file's record, and their
/// levels, the highest first.
fn print_disassembled(found: &Disassembled, recorded: Option<u64>, bound: &str) {
    let verdict = match recorded {
        Some(n) if !bound.is_empty() => format!("; BurrTools recorded {n}"),
        Some(n) if n == found.separable => format!("; BurrTools recorded {n}: they agree"),
        Some(n) => format!("; BurrTools recorded {n}: they differ"),
        None => String::new(),
    };
    outln!(
        "come apart (BurrTools' solutions): {bound}{} of {}{verdict}",
        found.separable,
        found.assemblies
    );
    if found.undecided > 0 {
        outln!(
            "undecided: {} (a search passed --max-states, or an assembly has more than 64 pieces)",
            found.undecided
        );
    }
    let mut levels: Vec<(&String, &u64)> = found.levels.iter().collect();
    levels.sort_by_key(|(level, _)| Reverse(level_key(level)));
    for (level, n) in levels {
        outln!("  level {level}: {n}");
    }
}

/// A level as numbers, for ordering `10.2` above `9.5`.
fn level_key(level: &str) -> Vec<u64> {
    level.split('.').filter_map(|n| n.parse().ok()).collect()
}
