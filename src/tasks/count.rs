//! Counting: every solution, the classes up to symmetry, and a share of a
//! split count, each orbit sized (or folded) as the family's symmetry
//! breaking allows, by whichever engine searches.

use super::collector::{Found, collect};
use super::search::{SearchOptions, cover_search, exact_cover};
use super::{Progress, burnside};
use crate::error::Error;
use crate::family::Puzzle;
use crate::solve::exact_cover::{CoverEvent, Wanted};
use crate::split::{SharedOrbit, Shares};
use crate::types::Engine;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// What to count.
#[derive(Clone, Debug, Default)]
pub struct CountOptions {
    /// Also count solutions up to symmetry.
    pub unique: bool,
    /// Stop once at least this many solutions are known.
    pub limit: Option<u64>,
    pub search: SearchOptions,
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Every solution (not up to symmetry).
    pub solutions: u64,
    /// Solutions up to symmetry, when asked for.
    pub unique: Option<u64>,
    /// False when `limit` stopped the enumeration before it was proved complete.
    pub complete: bool,
    /// Solutions per value of the family's tally (see [`Puzzle::tally`]), with its name.
    pub tally: Option<(&'static str, BTreeMap<u64, u64>)>,
    /// For a share of a split count ([`SearchOptions::part`]): what it found in
    /// the form the shares add up in.
    pub shares: Option<Shares>,
}

/// The number of exact covers, counted by the engine without building a single
/// solution: when every cover is one solution (no symmetry breaking) and nothing
/// else is asked. Families with an exact-cover form have no tally.
pub(super) fn count_covers<P: Puzzle>(
    puzzle: &P,
    search: &SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let started = Instant::now();
    let cover = exact_cover(puzzle, search, true)?;
    let mut progress = Progress::new(0, "subtrees");
    let outcome =
        cover_search(&cover, search, Wanted::Number).run(&mut |event| -> Result<bool, Error> {
            if let CoverEvent::Progress(p) = event {
                progress.elapsed = started.elapsed();
                progress.found = p.solutions;
                progress.follow_subtrees(&p);
                on_progress(&progress);
            }
            Ok(!search.interrupted())
        })?;
    Ok(Count {
        solutions: outcome.solutions,
        unique: None,
        complete: outcome.complete,
        tally: None,
        shares: search.part.map(|_| Shares {
            met_once: outcome.solutions,
            ..Shares::default()
        }),
    })
}

/// Counts solutions, in total and (if asked) up to symmetry.
pub fn count<P: Puzzle>(
    puzzle: &P,
    options: &CountOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let search = &options.search;
    if options.limit == Some(0) {
        // Zero solutions are known before any search.
        return Ok(Count {
            solutions: 0,
            unique: options.unique.then_some(0),
            complete: false,
            tally: None,
            shares: search.part.map(|_| Shares::default()),
        });
    }
    if search.engine == Engine::ExactCover
        && (!(search.symmetry_breaking && puzzle.breaks_symmetry())
            || puzzle.counts_covers_unbroken())
        && !options.unique
        && options.limit.is_none()
    {
        let unbroken = SearchOptions {
            symmetry_breaking: false,
            ..search.clone()
        };
        return count_covers(puzzle, &unbroken, on_progress);
    }
    // Where symmetry breaking would meet orbits several times over (a packing
    // with no piece to anchor it), the classes are counted from the covers
    // each symmetry fixes; with symmetry breaking turned off, as a
    // cross-check, by folding every solution.
    if search.engine == Engine::ExactCover
        && search.symmetry_breaking
        && puzzle.counts_covers_unbroken()
        && options.unique
        && options.limit.is_none()
        && let Some(symmetric) = puzzle.symmetric_covers()
    {
        return burnside::count_by_symmetries(puzzle, &symmetric, search, on_progress);
    }
    count_observed(puzzle, options, &mut |_| true, on_progress)
}

/// [`count`] by way of the solutions themselves, showing `observe` everything
/// the count is made of (new classes among it) before it is counted; the count
/// stops when `observe` returns false.
pub fn count_observed<P: Puzzle>(
    puzzle: &P,
    options: &CountOptions,
    observe: &mut dyn FnMut(&Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let split = options.search.part.is_some();
    let mut solutions = 0u64;
    let mut unique = 0u64;
    let mut tally: Option<(&'static str, BTreeMap<u64, u64>)> = None;
    let mut shares = split.then(|| Shares {
        classes: options.unique.then(BTreeSet::new),
        ..Shares::default()
    });
    // The tally value of the last solution handed on, which its images share.
    let mut last_value = None;
    let complete = collect(
        puzzle,
        &options.search,
        true,
        Wanted::Each,
        &mut |found| {
            if !observe(&found) {
                return false;
            }
            let mut add = |n: u64, value: Option<(&'static str, u64)>, met_once: bool| {
                solutions = options
                    .limit
                    .map_or(solutions + n, |l| l.min(solutions + n));
                if let Some((name, value)) = value {
                    *tally
                        .get_or_insert_with(|| (name, BTreeMap::new()))
                        .1
                        .entry(value)
                        .or_default() += n;
                }
                if let Some(shares) = shares.as_mut().filter(|_| met_once) {
                    shares.met_once += n;
                    if let Some((_, value)) = value {
                        *shares.met_once_tally.entry(value).or_default() += n;
                    }
                }
            };
            match found {
                Found::Solution(s) => {
                    last_value = puzzle.tally(s);
                    add(1, last_value, true);
                }
                Found::Images(n) => add(n, last_value, true),
                Found::LoneOrbit { solution, size } => {
                    unique += 1;
                    last_value = puzzle.tally(solution);
                    add(size, last_value, true);
                }
                Found::SharedOrbit {
                    key,
                    solution,
                    size,
                } => {
                    let value = puzzle.tally(solution);
                    add(size, value, false);
                    if let Some(shares) = shares.as_mut() {
                        let orbit = SharedOrbit {
                            solutions: size,
                            tally: value.map(|(_, v)| v),
                        };
                        shares.shared.insert(puzzle.key_text(key), orbit);
                    }
                }
                Found::NewClass(c) => {
                    unique += 1;
                    if let Some(classes) = shares.as_mut().and_then(|s| s.classes.as_mut()) {
                        classes.insert(puzzle.key_text(c));
                    }
                }
            }
            options.limit.is_none_or(|limit| solutions < limit)
        },
        on_progress,
    )?;
    Ok(Count {
        solutions,
        unique: options.unique.then_some(unique),
        complete,
        tally,
        shares,
    })
}
