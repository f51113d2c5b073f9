//! Taking assemblies apart: for every class of a packing's solutions up to
//! symmetry (BurrTools' assemblies), whether it comes apart (then it is one of
//! BurrTools' solutions) and its level, on all threads.

use super::collector::{Found, collect};
use super::{Progress, SearchOptions};
use crate::error::Error;
use crate::family::Family;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use crate::disassembly::{
    DEFAULT_MAX_STATES, DIRECTION_NAMES, Disassembler, Levels, MAX_PIECES, Move, Outcome, Piece,
    Separation, disassemble,
};

/// What taking apart every assembly found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Disassembled {
    /// Solutions in total.
    pub solutions: u64,
    /// Assemblies: solutions up to symmetry.
    pub assemblies: u64,
    /// Those that come apart.
    pub separable: u64,
    /// Those whose search met more states than the limit before an answer.
    pub undecided: u64,
    /// How many of those that come apart have each level.
    pub levels: BTreeMap<String, u64>,
    /// Whether the search for assemblies ran to the end.
    pub complete: bool,
}

impl Disassembled {
    /// Counts one assembly's outcome (the assembly itself is counted apart).
    fn record(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Apart(tree) => {
                self.separable += 1;
                *self.levels.entry(tree.level()).or_default() += 1;
            }
            Outcome::Stuck => {}
            Outcome::Undecided => self.undecided += 1,
        }
    }
}

/// The copy of a new class that is taken apart: the class's canonical form,
/// whichever member the search met, so that the levels do not depend on the
/// engine or the threads; `None` for what is no new class.
fn new_class<F: Family>(puzzle: &F, found: &Found<'_, F::Solution>) -> Option<F::Solution> {
    match found {
        Found::NewClass(s) => Some((*s).clone()),
        Found::LoneOrbit { solution, .. } => Some(puzzle.canonical(solution)),
        _ => None,
    }
}

/// The solutions of the total count a found event stands for.
fn solutions_in<S>(found: &Found<'_, S>) -> u64 {
    match found {
        Found::Solution(_) => 1,
        Found::Images(n) => *n,
        Found::LoneOrbit { size, .. } => *size,
        Found::NewClass(_) | Found::SharedOrbit { .. } => 0,
    }
}

/// The assembly of a solution, or an error when the family has none.
fn pieces_of<F: Family>(puzzle: &F, solution: &F::Solution) -> Result<Vec<Piece>, Error> {
    puzzle.assembly(solution).ok_or_else(|| {
        Error::Unsupported(format!(
            "a {} has no pieces to take apart: only packings do",
            F::NAME
        ))
    })
}

/// Finds every assembly (one per class up to symmetry) and takes each apart on
/// `search.threads` threads, each sub-problem's search bounded by `max_states`.
/// Progress counts assemblies found, then assemblies taken apart (as parts,
/// `found` being those that came apart).
pub fn disassemble_all<F: Family>(
    puzzle: &F,
    search: SearchOptions,
    max_states: usize,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Disassembled, Error> {
    let mut assemblies: Vec<Vec<Piece>> = Vec::new();
    let mut solutions = 0u64;
    let mut failed = None;
    let complete = collect(
        puzzle,
        search,
        true,
        &mut |found| {
            solutions += solutions_in(&found);
            let Some(class) = new_class(puzzle, &found) else {
                return true;
            };
            match pieces_of(puzzle, &class) {
                Ok(pieces) => assemblies.push(pieces),
                Err(e) => failed = Some(e),
            }
            failed.is_none()
        },
        on_progress,
    )?;
    if let Some(e) = failed {
        return Err(e);
    }
    let mut result = take_apart(&assemblies, search, max_states, on_progress);
    result.solutions = solutions;
    result.complete = complete && !search.interrupted();
    Ok(result)
}

/// Streams the assemblies that come apart, each with its separation tree, in
/// the order the search finds them (one per class up to symmetry), until
/// `on_found` returns `false`; each is taken apart as it is found. Returns the
/// counts so far.
pub fn for_each_separable<F: Family>(
    puzzle: &F,
    search: SearchOptions,
    max_states: usize,
    on_found: &mut dyn FnMut(&F::Solution, &Separation) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Disassembled, Error> {
    let mut found = Disassembled::default();
    let mut disassembler = Disassembler::default();
    let mut failed = None;
    let complete = collect(
        puzzle,
        search,
        true,
        &mut |event| {
            let Some(class) = new_class(puzzle, &event) else {
                return true;
            };
            let pieces = match pieces_of(puzzle, &class) {
                Ok(pieces) => pieces,
                Err(e) => {
                    failed = Some(e);
                    return false;
                }
            };
            found.assemblies += 1;
            let outcome = disassembler.disassemble(&pieces, max_states);
            found.record(&outcome);
            match &outcome {
                Outcome::Apart(tree) => on_found(&class, tree),
                Outcome::Stuck | Outcome::Undecided => true,
            }
        },
        on_progress,
    )?;
    if let Some(e) = failed {
        return Err(e);
    }
    found.complete = complete;
    Ok(found)
}

/// Takes every assembly apart, sharing them among threads; this thread works
/// too and reports progress as it goes.
fn take_apart(
    assemblies: &[Vec<Piece>],
    search: SearchOptions,
    max_states: usize,
    on_progress: &mut dyn FnMut(&Progress),
) -> Disassembled {
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let separable = AtomicUsize::new(0);
    let total = Mutex::new(Disassembled {
        assemblies: assemblies.len() as u64,
        ..Disassembled::default()
    });
    let mut progress = Progress::new(assemblies.len(), "assemblies");
    let mut report = |progress: &mut Progress| {
        let finished = done.load(Ordering::Relaxed);
        progress.cubes_done = finished;
        progress.found = separable.load(Ordering::Relaxed) as u64;
        progress.elapsed = started.elapsed();
        progress.remaining = (finished > 0).then(|| {
            let left = assemblies.len().saturating_sub(finished) as f64;
            progress.elapsed.mul_f64(left / finished as f64)
        });
        on_progress(progress);
    };
    let work = |on_each: &mut dyn FnMut()| {
        let mut mine = Disassembled::default();
        let mut disassembler = Disassembler::default();
        while !search.interrupted() {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(pieces) = assemblies.get(k) else {
                break;
            };
            let outcome = disassembler.disassemble(pieces, max_states);
            mine.record(&outcome);
            if let Outcome::Apart(_) = outcome {
                separable.fetch_add(1, Ordering::Relaxed);
            }
            done.fetch_add(1, Ordering::Relaxed);
            on_each();
        }
        let mut total = total.lock().expect("no worker panicked");
        total.separable += mine.separable;
        total.undecided += mine.undecided;
        for (level, n) in mine.levels {
            *total.levels.entry(level).or_default() += n;
        }
    };
    let threads = search.threads.clamp(1, assemblies.len().max(1));
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&mut || {}));
        }
        let mut last = Instant::now();
        work(&mut || {
            if last.elapsed() >= Duration::from_millis(100) {
                last = Instant::now();
                report(&mut progress);
            }
        });
    });
    report(&mut progress);
    total.into_inner().expect("no worker panicked")
}
