//! Taking assemblies apart: for every class of a packing's solutions up to
//! symmetry (BurrTools' assemblies), whether it comes apart (then it is one of
//! BurrTools' solutions) and its level, on all threads.

use super::collector::{Found, collect};
use super::{CountOptions, Progress, SearchOptions, count_observed};
use crate::disassembly::{Disassembler, MAX_PIECES, Outcome, Piece, Separation, replay};
use crate::error::Error;
use crate::family::Family;
use crate::solve::exact_cover::Wanted;
use crate::split::Shares;
use std::collections::BTreeMap;
use workers::Workshop;

mod workers;

/// The parts [`Progress`] counts while assemblies are taken apart (after those
/// of the search that finds them): assemblies, `found` being those that came
/// apart.
pub const TAKEN_APART: &str = "assemblies";

/// What came of taking one assembly apart, as a count keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// It comes apart with this level.
    Apart(String),
    Stuck,
    Undecided,
}

impl Taken {
    fn of(outcome: &Outcome) -> Taken {
        match outcome {
            Outcome::Apart(tree) => Taken::Apart(tree.level()),
            Outcome::Stuck => Taken::Stuck,
            Outcome::Undecided => Taken::Undecided,
        }
    }
}

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
    /// In a share of a split count ([`SearchOptions::part`]): the count's
    /// shares, and what came of each class met, by its key text (the same
    /// text as in [`Shares::classes`]), for the shares to be added up.
    pub shares: Option<(Shares, BTreeMap<String, Taken>)>,
}

impl Disassembled {
    /// Counts what came of one assembly (the assembly itself is counted apart).
    pub fn record(&mut self, taken: &Taken) {
        match taken {
            Taken::Apart(level) => {
                self.separable += 1;
                *self.levels.entry(level.clone()).or_default() += 1;
            }
            Taken::Stuck => {}
            Taken::Undecided => self.undecided += 1,
        }
    }
}

/// The member the search met of a new class; `None` for what is no new
/// class. The copy taken apart is worked out from it
/// ([`Family::disassembly_copy`]), so that the levels do not depend on the
/// member met, the engine or the threads.
fn new_class<'f, S>(found: &Found<'f, S>) -> Option<&'f S> {
    match found {
        Found::NewClass(s) => Some(s),
        Found::LoneOrbit { solution, .. } => Some(solution),
        _ => None,
    }
}

/// The error for a family whose solutions are no assemblies.
fn unsupported<F: Family>() -> Error {
    Error::Unsupported(format!(
        "a {} has no pieces to take apart: only packings do",
        F::NAME
    ))
}

/// Refuses a puzzle the take-apart cannot hold, before any search: a family
/// whose solutions are no assemblies, or an assembly of more pieces than a
/// state's moving set has room for.
pub(crate) fn can_take_apart<F: Family>(puzzle: &F) -> Result<(), Error> {
    if !F::DISASSEMBLES {
        return Err(unsupported::<F>());
    }
    if let Some(why) = puzzle.why_not_taken_apart() {
        return Err(Error::Unsupported(why));
    }
    let pieces = puzzle.fewest_pieces();
    if pieces > MAX_PIECES {
        return Err(Error::Unsupported(format!(
            "taking apart holds at most {MAX_PIECES} pieces, and every assembly of this puzzle has {pieces}"
        )));
    }
    Ok(())
}

/// The copy of a class that is taken apart, and its pieces.
pub(crate) fn copy_of<F: Family>(
    puzzle: &F,
    member: &F::Solution,
) -> Result<(F::Solution, Vec<Piece>), Error> {
    let copy = puzzle.disassembly_copy(member);
    let pieces = puzzle.assembly(&copy).ok_or_else(unsupported::<F>)?;
    Ok((copy, pieces))
}

/// Takes `pieces` apart and replays the separation found on their cells
/// ([`replay`]), so that no plan that breaks the rules is ever given out: one
/// that does is an internal failure.
pub(crate) fn taken_apart(
    disassembler: &mut Disassembler,
    pieces: &[Piece],
    max_states: usize,
) -> Result<Outcome, Error> {
    let outcome = disassembler.disassemble(pieces, max_states);
    if let Outcome::Apart(tree) = &outcome {
        replay(pieces, tree).map_err(|why| {
            Error::Internal(format!("a separation found breaks the rules: {why}"))
        })?;
    }
    Ok(outcome)
}

/// Finds every assembly (one per class up to symmetry) and takes each apart on
/// `search.threads` threads as the search meets it, each sub-problem's search
/// bounded by `max_states`. Progress counts assemblies found, then assemblies
/// taken apart (as parts, `found` being those that came apart). In a share of
/// a split count (`search.part`), the classes met are named for `merge`.
pub fn disassemble_all<F: Family>(
    puzzle: &F,
    search: &SearchOptions,
    max_states: usize,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Disassembled, Error> {
    can_take_apart(puzzle)?;
    let split = search.part.is_some();
    let mut keys: Vec<String> = Vec::new();
    let options = CountOptions {
        unique: true,
        limit: None,
        search: search.clone(),
    };
    let work = |disassembler: &mut Disassembler, member: &F::Solution| {
        let (_, pieces) = copy_of(puzzle, member)?;
        Ok(Taken::of(&taken_apart(disassembler, &pieces, max_states)?))
    };
    let new_disassembler = || Disassembler::new(puzzle.motion());
    let interrupted = || search.interrupted();
    let workshop = Workshop::new(&work, &new_disassembler, &interrupted);
    let (taken, count) = workshop.run(
        search.threads,
        |hand_on, on_progress| {
            count_observed(
                puzzle,
                &options,
                &mut |found| match new_class(found) {
                    Some(member) => {
                        // A split count names its classes by their canonical
                        // forms, which new classes are.
                        if split {
                            keys.push(puzzle.key_text(member));
                        }
                        hand_on(member.clone())
                    }
                    None => true,
                },
                on_progress,
            )
        },
        on_progress,
    )?;
    let count = count?;
    let mut result = Disassembled {
        solutions: count.solutions,
        assemblies: taken.len() as u64,
        complete: count.complete && !search.interrupted(),
        ..Disassembled::default()
    };
    for t in taken.iter().flatten() {
        result.record(t);
    }
    result.shares = count.shares.map(|shares| {
        let each = keys
            .into_iter()
            .zip(taken)
            .filter_map(|(k, t)| Some((k, t?)));
        (shares, each.collect())
    });
    Ok(result)
}

/// Streams the assemblies that come apart, each with its separation tree, in
/// the order the search finds them (one per class up to symmetry), until
/// `on_found` returns `false`; each is taken apart as it is found. Returns the
/// counts so far.
pub fn for_each_separable<F: Family>(
    puzzle: &F,
    search: &SearchOptions,
    max_states: usize,
    on_found: &mut dyn FnMut(&F::Solution, &Separation) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Disassembled, Error> {
    can_take_apart(puzzle)?;
    let mut found = Disassembled::default();
    let mut disassembler = Disassembler::new(puzzle.motion());
    let mut failed = None;
    let complete = collect(
        puzzle,
        search,
        true,
        // The first assembly that comes apart, the same on every run.
        Wanted::InOrder,
        &mut |event| {
            let Some(member) = new_class(&event) else {
                return true;
            };
            let (class, pieces) = match copy_of(puzzle, member) {
                Ok(copy) => copy,
                Err(e) => {
                    failed = Some(e);
                    return false;
                }
            };
            found.assemblies += 1;
            let outcome = match taken_apart(&mut disassembler, &pieces, max_states) {
                Ok(outcome) => outcome,
                Err(e) => {
                    failed = Some(e);
                    return false;
                }
            };
            found.record(&Taken::of(&outcome));
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
