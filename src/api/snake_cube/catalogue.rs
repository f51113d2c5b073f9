//! The catalogue of a box: every S/C string that folds into it, with its
//! foldings in all and up to the box's symmetries.

use crate::api::search::threads_to_use;
use crate::error::Error;
use crate::geometry::BoxDims;
use crate::puzzles::snake_cube as family;
use crate::puzzles::snake_cube::catalogue::{MAX_CELLS, estimated_nodes};
use crate::solve::Progress;
use crate::tasks::design::rough_time;
use crate::types::Cancel;
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Instant;

/// One string of a catalogue.
pub use crate::puzzles::snake_cube::catalogue::Entry;

/// Search nodes past which a box's catalogue is refused: a search of about
/// ten minutes on two cores, at the rate BENCHMARKS.md records ("The
/// catalogue of a box's snake cubes").
const MAX_NODES: f64 = 6e9;

/// Random paths for the estimate that decides whether a box is in reach.
const CATALOGUE_PROBES: usize = 2_000;

/// The numbers of foldings a summary shows strings for one by one.
pub const SPREAD_SHOWN: u64 = 10;

/// Every string that folds into a box.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalogue {
    /// The box's sides.
    pub sides: [i32; 3],
    /// Sorted by letters, each string once up to reversal.
    pub entries: Vec<Entry>,
    /// False when the search was cancelled: the entries are then those of
    /// the paths walked so far.
    pub complete: bool,
    /// The time the search took.
    pub seconds: f64,
}

/// What a catalogue comes to.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary<'a> {
    /// Foldings of every string, in all and up to symmetry.
    pub solutions: u64,
    /// Foldings of every string up to symmetry.
    pub unique: u64,
    /// Strings that read the same backwards.
    pub palindromes: usize,
    /// Strings per number of foldings up to symmetry.
    pub by_unique: BTreeMap<u64, usize>,
    /// The string with the most foldings up to symmetry.
    pub most: Option<&'a Entry>,
}

impl Catalogue {
    /// What the catalogue comes to.
    pub fn summary(&self) -> Summary<'_> {
        let mut by_unique = BTreeMap::new();
        for e in &self.entries {
            *by_unique.entry(e.unique).or_insert(0) += 1;
        }
        Summary {
            solutions: self.entries.iter().map(|e| e.solutions).sum(),
            unique: self.entries.iter().map(|e| e.unique).sum(),
            palindromes: self.entries.iter().filter(|e| e.palindrome).count(),
            by_unique,
            most: self
                .entries
                .iter()
                .max_by_key(|e| (e.unique, std::cmp::Reverse(&e.letters))),
        }
    }

    /// One string as `catalogue --format json` prints it.
    pub fn entry_json(entry: &Entry) -> Value {
        json!({
            "blocks": entry.letters,
            "solutions": entry.solutions,
            "unique": entry.unique,
            "palindrome": entry.palindrome,
        })
    }

    /// The summary object `catalogue --format json` ends with, as a value.
    pub fn summary_json(&self) -> Value {
        serde_json::to_value(self.summary_out()).expect("a summary is plain data")
    }

    /// The summary line `catalogue --format json` ends with: as
    /// [`summary_json`](Self::summary_json), with `strings_by_unique` in
    /// numeric order (a value's object would sort its keys as text).
    pub fn summary_line(&self) -> String {
        serde_json::to_string(&self.summary_out()).expect("a summary is plain data")
    }

    fn summary_out(&self) -> SummaryLine<'_> {
        let s = self.summary();
        let [a, b, c] = self.sides;
        SummaryLine {
            family: "snake-cube",
            name: format!("catalogue of the {a}x{b}x{c} box"),
            summary: SummaryOut {
                complete: self.complete,
                most: s.most.map(|e| e.letters.as_str()),
                palindromes: s.palindromes,
                seconds: self.seconds,
                size: self.sides,
                solutions: s.solutions,
                strings: self.entries.len(),
                strings_by_unique: s.by_unique,
                unique: s.unique,
            },
        }
    }
}

/// The summary line's keys, in the sorted order of every JSON answer.
#[derive(Serialize)]
struct SummaryLine<'a> {
    family: &'static str,
    name: String,
    summary: SummaryOut<'a>,
}

/// The summary's keys, sorted; `strings_by_unique` in numeric order.
#[derive(Serialize)]
struct SummaryOut<'a> {
    complete: bool,
    most: Option<&'a str>,
    palindromes: usize,
    seconds: f64,
    size: [i32; 3],
    solutions: u64,
    strings: usize,
    strings_by_unique: BTreeMap<u64, usize>,
    unique: u64,
}

/// Whether [`catalogue`] takes the box on rather than refusing it.
pub fn catalogue_in_reach(sides: [i32; 3]) -> bool {
    let dims = BoxDims::new(sides[0], sides[1], sides[2]);
    estimated_nodes(dims, CATALOGUE_PROBES).is_some_and(|e| e <= MAX_NODES)
}

/// The catalogue of a box: every S/C string that folds into it, each once up
/// to reversal, with its foldings in all and up to the box's symmetries. A
/// box whose search is estimated past about ten minutes is refused with the
/// estimate. `on_progress` hears the paths walked (its `found`) and the time
/// left.
pub fn catalogue(
    sides: [i32; 3],
    threads: Option<usize>,
    cancel: &Cancel,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Catalogue, Error> {
    let dims = BoxDims::new(sides[0], sides[1], sides[2]);
    let cells = dims.volume();
    let in_reach = "boxes in reach: up to 36 cells (3x3x4 takes about two minutes and 1.9 GB, 2x4x4 six seconds, 3x3x3 a tenth of a second)";
    // No estimate: the box is outside the catalogue's range of cells.
    let Some(estimate) = estimated_nodes(dims, CATALOGUE_PROBES) else {
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
    let started = Instant::now();
    let made = family::catalogue::catalogue(dims, threads_to_use(threads), cancel, on_progress)?;
    Ok(Catalogue {
        sides,
        entries: made.entries,
        complete: made.complete,
        seconds: started.elapsed().as_secs_f64(),
    })
}
