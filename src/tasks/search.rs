//! Driving the engines for any puzzle: the options of a search, each
//! engine's form of the puzzle, and every solution an engine finds decoded,
//! checked and handed on with the search's progress.

use super::Progress;
use crate::cnf::Lit;
use crate::error::Error;
use crate::family::{
    Breaking, CoverEncoding, EncodeOptions, Encoding, PathForm, Puzzle, WalkEncoding,
};
use crate::solve::default_threads;
use crate::solve::exact_cover::{CoreChoice, CoverEvent, CoverSearch, Wanted};
use crate::solve::snakes::SnakeSearch;
use crate::solve::walks::{TreeOutcome, WalkSearch};
use crate::solve::{CubeSearch, Model, Refinement, SearchEvent};
use crate::split::Part;
use crate::types::{Cancel, Engine};
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
    pub(super) fn interrupted(&self) -> bool {
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

/// The solution, if it passes the family's check; otherwise the internal error that
/// reports a wrong encoding or symmetry instead of a wrong answer.
pub(super) fn checked<P: Puzzle>(
    puzzle: &P,
    solution: P::Solution,
    what: &str,
) -> Result<P::Solution, Error> {
    puzzle
        .check(&solution)
        .map_err(|v| Error::Internal(format!("{what} breaks the rules: {v}")))?;
    Ok(solution)
}

/// The cube search of `encoding` with the options' threads, for the first
/// model alone or every one (in no fixed order: the models a solver finds
/// depend on the cubes it searched before).
fn cube_search<'a, D>(
    encoding: &'a Encoding<D>,
    cubes: &'a [Vec<Lit>],
    options: &SearchOptions,
    refinement: Refinement<'a>,
    wanted: Wanted,
) -> CubeSearch<'a> {
    CubeSearch {
        formula: &encoding.formula,
        projection: &encoding.projection,
        projection_constant_weight: encoding.projection_constant_weight,
        cubes,
        fixed_prefix: encoding.cube_fixed_prefix,
        threads: options.threads,
        refinement: Some(refinement),
        first_only: wanted == Wanted::First,
    }
}

/// The exact-cover search of `cover` with the options' threads, estimate and
/// share, handing out what is `wanted`.
pub(super) fn cover_search<'a, S>(
    cover: &'a CoverEncoding<'_, S>,
    options: &SearchOptions,
    wanted: Wanted,
) -> CoverSearch<'a> {
    CoverSearch {
        matrix: &cover.matrix,
        threads: options.threads,
        wanted,
        estimate: options.estimate,
        part: options.part.map(|p| (p.index, p.count)),
        core: options.core,
    }
}

/// The path search of `walks` with the options' threads, estimate and share,
/// handing out the solutions `wanted` to `on_event`.
fn run_walk_search<S>(
    walks: &WalkEncoding<'_, S>,
    options: &SearchOptions,
    wanted: Wanted,
    on_event: &mut dyn FnMut(CoverEvent) -> Result<bool, Error>,
) -> Result<TreeOutcome, Error> {
    let part = options.part.map(|p| (p.index, p.count));
    match &walks.walks {
        PathForm::Walks(w) => WalkSearch {
            walks: w,
            threads: options.threads,
            estimate: options.estimate,
            part,
            wanted,
        }
        .run(on_event),
        PathForm::Snakes(snakes) => SnakeSearch {
            snakes,
            threads: options.threads,
            estimate: options.estimate,
            part,
            wanted,
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
    let complete = raw_solutions(puzzle, options, Wanted::First, &mut |solution, progress| {
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
pub(super) fn exact_cover<'p, P: Puzzle>(
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
/// `wanted` says whether the caller means to see it through, and in which
/// order: the first solution alone and the exact-cover and path engines'
/// solutions in order are the same on every run, whatever the threads do.
pub(super) fn raw_solutions<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    wanted: Wanted,
    on_event: &mut RawEvent<'_, P::Solution>,
) -> Result<bool, Error> {
    let started = Instant::now();
    let whole_search = wanted != Wanted::First;
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
            let search = cube_search(&encoding, cubes, options, &refine, wanted);
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
            let search = cover_search(&cover, options, wanted);
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
                &mut |e| run_walk_search(&walks, options, wanted, e),
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
