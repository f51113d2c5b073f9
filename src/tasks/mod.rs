//! The questions a user asks of any puzzle — one solution, how many, every one —
//! answered generically over [`Puzzle`] with either engine: the SAT driver, or the
//! exact-cover search for families that offer a matrix. Every solution passes
//! the family's independent check before it is handed on; a failure is reported as
//! an internal error, never returned as an answer.

mod burnside;
pub mod certificate;
mod check_file;
mod collector;
pub mod design;
mod disassemble;
pub mod optimum;
pub mod picture;
#[cfg(test)]
mod picture_tests;
mod saved_solutions;
pub mod solve;
#[cfg(test)]
mod split_tests;

use crate::cnf::Lit;
use crate::error::Error;
use crate::family::{
    Breaking, CoverEncoding, EncodeOptions, Encoding, PathForm, Puzzle, WalkEncoding,
};
pub use crate::solve::exact_cover::CoreChoice;
use crate::solve::exact_cover::{CoverEvent, CoverSearch};
use crate::solve::snakes::SnakeSearch;
use crate::solve::walks::{TreeOutcome, WalkSearch};
use crate::solve::{CubeSearch, Model, Refinement, SearchEvent};
pub use crate::solve::{Progress, default_threads};
use crate::split::{Part, SharedOrbit, Shares};
use crate::types::Cancel;
pub use crate::types::Engine;
pub use check_file::check_solution_file;
pub use collector::Found;
use collector::collect;
pub use disassemble::{Disassembled, TAKEN_APART, Taken, disassemble_all, for_each_separable};
pub use saved_solutions::take_apart_saved;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// How to search.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Enumerate one solution per symmetry orbit and add up orbit sizes (fast), or
    /// enumerate every solution with no symmetry clauses (a cross-check).
    pub symmetry_breaking: bool,
    /// Worker threads for searches split into cubes.
    pub threads: usize,
    pub engine: Engine,
    /// Estimate the time a search still running after a second has left (the
    /// estimate takes a little time beside the search: for a progress display,
    /// not for a benchmark).
    pub estimate: bool,
    /// Cancelled from outside (by a Ctrl-C handler, say) to stop the search at
    /// its next solution or part; what was found by then is returned as
    /// incomplete.
    pub cancel: Cancel,
    /// Search only this share of the cubes or subtrees (see [`crate::split`]).
    pub part: Option<Part>,
    /// The exact-cover engine's core (the SAT engine has one).
    pub core: CoreChoice,
}

impl SearchOptions {
    fn interrupted(&self) -> bool {
        self.cancel.is_cancelled()
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            symmetry_breaking: true,
            threads: default_threads(),
            engine: Engine::Sat,
            estimate: false,
            cancel: Cancel::default(),
            part: None,
            core: CoreChoice::Auto,
        }
    }
}

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

/// The solution, if it passes the family's check; otherwise the internal error that
/// reports a wrong encoding or symmetry instead of a wrong answer.
fn checked<P: Puzzle>(puzzle: &P, solution: P::Solution, what: &str) -> Result<P::Solution, Error> {
    puzzle
        .check(&solution)
        .map_err(|v| Error::Internal(format!("{what} breaks the rules: {v}")))?;
    Ok(solution)
}

fn cube_search<'a, D>(
    encoding: &'a Encoding<D>,
    cubes: &'a [Vec<Lit>],
    options: &SearchOptions,
    refinement: Refinement<'a>,
) -> CubeSearch<'a> {
    CubeSearch {
        formula: &encoding.formula,
        projection: &encoding.projection,
        projection_constant_weight: encoding.projection_constant_weight,
        cubes,
        fixed_prefix: encoding.cube_fixed_prefix,
        threads: options.threads,
        refinement: Some(refinement),
    }
}

/// The exact-cover search of `cover` with the options' threads, estimate and
/// share; `solutions` hands each one out (else they are only counted).
fn cover_search<'a, S>(
    cover: &'a CoverEncoding<'_, S>,
    options: &SearchOptions,
    solutions: bool,
) -> CoverSearch<'a> {
    CoverSearch {
        matrix: &cover.matrix,
        threads: options.threads,
        solutions,
        estimate: options.estimate,
        part: options.part.map(|p| (p.index, p.count)),
        core: options.core,
    }
}

/// The path search of `walks` with the options' threads, estimate and share,
/// handing out every solution to `on_event`; without `whole_search` only the
/// first is wanted, and a search of walks tries the snuggest runs first.
fn run_walk_search<S>(
    walks: &WalkEncoding<'_, S>,
    options: &SearchOptions,
    whole_search: bool,
    on_event: &mut dyn FnMut(CoverEvent) -> Result<bool, Error>,
) -> Result<TreeOutcome, Error> {
    let part = options.part.map(|p| (p.index, p.count));
    match &walks.walks {
        PathForm::Walks(w) => WalkSearch {
            walks: w,
            threads: options.threads,
            estimate: options.estimate,
            part,
            first_only: !whole_search,
        }
        .run(on_event),
        PathForm::Snakes(snakes) => SnakeSearch {
            snakes,
            threads: options.threads,
            estimate: options.estimate,
            part,
        }
        .run(on_event),
    }
}

/// The path form of a puzzle, or the error a user gets for asking it of a
/// family that has none.
fn walks<'p, P: Puzzle>(
    puzzle: &'p P,
    options: &SearchOptions,
) -> Result<WalkEncoding<'p, P::Solution>, Error> {
    puzzle
        .walks(EncodeOptions {
            symmetry_breaking: options.symmetry_breaking,
            whole_search: false,
            every_rule_as_clauses: false,
        })
        .ok_or_else(|| {
            Error::Unsupported(
                "the path engine has no form of this puzzle (snake cubes, boards that one snake fills and the sudoku snake have one)".into(),
            )
        })
}

/// One solution, or `None` when the engine proves there is none.
#[cfg(test)]
pub fn solve_one<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
) -> Result<Option<P::Solution>, Error> {
    solve_one_reporting(puzzle, options, &mut |_| {})
}

/// [`solve_one`], telling `on_progress` each time a part of the search ends.
pub fn solve_one_reporting<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Option<P::Solution>, Error> {
    let mut first = None;
    let complete = raw_solutions(puzzle, options, false, &mut |solution, progress| {
        on_progress(progress);
        first = solution.map(|(s, _)| s);
        Ok(first.is_none())
    })?;
    if first.is_none() && !complete {
        // Stopped from outside: no solution found is not "no solution".
        return Err(Error::Interrupted);
    }
    Ok(first)
}

/// The exact-cover form of a puzzle, or the error a user gets for asking it of a
/// family that has none.
fn exact_cover<'p, P: Puzzle>(
    puzzle: &'p P,
    options: &SearchOptions,
    whole_search: bool,
) -> Result<CoverEncoding<'p, P::Solution>, Error> {
    puzzle
        .exact_cover(EncodeOptions {
            symmetry_breaking: options.symmetry_breaking,
            whole_search,
            every_rule_as_clauses: false,
        })
        .ok_or_else(|| {
            Error::Unsupported(
                "the exact-cover engine has no form of this puzzle (only packings have one)".into(),
            )
        })
}

/// What [`raw_solutions`] hands on: a solution with the symmetry breaking of the
/// encoding it came from (or `None` when only the progress is news) and the
/// progress; it returns whether to go on.
type RawEvent<'a, S> = dyn FnMut(Option<(S, Breaking)>, &Progress) -> Result<bool, Error> + 'a;

/// Feeds every solution the engine finds (each decoded and checked; with symmetry
/// breaking, one or more per orbit) to `on_event` with the search's progress, and
/// the progress alone (`None`) each time a part of the search ends, until it
/// returns `Ok(false)`. Returns whether the search ran to completion.
/// `whole_search` says whether the caller means to see it through.
fn raw_solutions<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    whole_search: bool,
    on_event: &mut RawEvent<'_, P::Solution>,
) -> Result<bool, Error> {
    let started = Instant::now();
    let mut on_event = |solution: Option<(P::Solution, Breaking)>, progress: &Progress| {
        Ok(on_event(solution, progress)? && !options.interrupted())
    };
    match options.engine {
        Engine::Sat => {
            let encoding = puzzle.encode(EncodeOptions {
                symmetry_breaking: options.symmetry_breaking,
                whole_search,
                every_rule_as_clauses: false,
            });
            let refine = |m: &Model| puzzle.refine(&encoding.decoder, m);
            let share: Vec<Vec<Lit>>;
            let cubes = match options.part {
                None => &encoding.cubes,
                Some(part) => {
                    // No cubes means one cube that assumes nothing.
                    let all = if encoding.cubes.is_empty() {
                        vec![Vec::new()]
                    } else {
                        encoding.cubes.clone()
                    };
                    share = all
                        .into_iter()
                        .enumerate()
                        .filter_map(|(k, cube)| part.holds(k).then_some(cube))
                        .collect();
                    if share.is_empty() {
                        return Ok(true);
                    }
                    &share
                }
            };
            let search = cube_search(&encoding, cubes, options, &refine);
            let mut progress = Progress::new(search.cube_count(), "cubes");
            search.run_events(&mut |event| -> Result<bool, Error> {
                progress.elapsed = started.elapsed();
                let solution = match event {
                    SearchEvent::CubeDone => {
                        progress.cubes_done += 1;
                        progress.remaining = progress.proportional_remaining();
                        None
                    }
                    SearchEvent::Model(model) => Some((
                        checked(
                            puzzle,
                            puzzle.decode(&encoding.decoder, &model),
                            "a decoded solution",
                        )?,
                        encoding.breaking,
                    )),
                };
                on_event(solution, &progress)
            })
        }
        Engine::ExactCover => {
            let cover = exact_cover(puzzle, options, whole_search)?;
            let search = cover_search(&cover, options, true);
            tree_solutions(
                puzzle,
                &*cover.decode,
                cover.breaking,
                started,
                &mut on_event,
                &mut |e| search.run(e),
            )
        }
        Engine::Path => {
            let walks = walks(puzzle, options)?;
            tree_solutions(
                puzzle,
                &*walks.decode,
                walks.breaking,
                started,
                &mut on_event,
                &mut |e| run_walk_search(&walks, options, whole_search, e),
            )
        }
    }
}

/// Runs a search of subtrees, handing it what to do with each event.
type TreeRun<'a> =
    dyn FnMut(&mut dyn FnMut(CoverEvent) -> Result<bool, Error>) -> Result<TreeOutcome, Error> + 'a;

/// A search of subtrees (exact cover, paths) run by `run`, with each solution
/// decoded by `decode`, checked and handed on as [`raw_solutions`] does.
fn tree_solutions<P: Puzzle>(
    puzzle: &P,
    decode: &dyn Fn(&[u32]) -> P::Solution,
    breaking: Breaking,
    started: Instant,
    on_event: &mut RawEvent<'_, P::Solution>,
    run: &mut TreeRun<'_>,
) -> Result<bool, Error> {
    let mut progress = Progress::new(0, "subtrees");
    let outcome = run(&mut |event| -> Result<bool, Error> {
        progress.elapsed = started.elapsed();
        let solution = match event {
            CoverEvent::Progress(p) => {
                progress.follow_subtrees(&p);
                None
            }
            CoverEvent::Solution(choices) => Some((
                checked(puzzle, decode(&choices), "a decoded solution")?,
                breaking,
            )),
        };
        on_event(solution, &progress)
    })?;
    Ok(outcome.complete)
}

/// Streams solutions: each one of the total count (expanded from its orbit when
/// symmetry breaking is on) and each new class up to symmetry. The callback returns
/// `false` to stop. Progress is reported after every solution and every part of the
/// search. Returns whether the enumeration ran to completion.
pub fn for_each_solution<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    collect(puzzle, options, false, on_found, on_progress)
}

/// The number of exact covers, counted by the engine without building a single
/// solution: when every cover is one solution (no symmetry breaking) and nothing
/// else is asked. Families with an exact-cover form have no tally.
fn count_covers<P: Puzzle>(
    puzzle: &P,
    search: &SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let started = Instant::now();
    let cover = exact_cover(puzzle, search, true)?;
    let mut progress = Progress::new(0, "subtrees");
    let outcome = cover_search(&cover, search, false).run(&mut |event| -> Result<bool, Error> {
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
