//! The questions a user asks of any puzzle — one solution, how many, every one —
//! answered generically over [`Puzzle`] with either engine: the SAT driver, or the
//! exact-cover search for families that offer a matrix. Every solution passes
//! the family's independent check before it is handed on; a failure is reported as
//! an internal error, never returned as an answer.

use crate::error::Error;
use crate::puzzles::{CoverEncoding, EncodeOptions, Encoding, Puzzle};
use crate::solve::exact_cover::{CoverEvent, CoverSearch};
use crate::solve::{CubeSearch, Model, Progress, Refinement, SearchEvent, default_threads};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Which search engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The SAT solver on the family's formula: every family.
    Sat,
    /// Dancing links on the family's exact-cover matrix: packings.
    ExactCover,
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Enumerate one solution per symmetry orbit and add up orbit sizes (fast), or
    /// enumerate every solution with no symmetry clauses (a cross-check).
    pub symmetry_breaking: bool,
    /// Worker threads for searches split into cubes.
    pub threads: usize,
    pub engine: Engine,
    /// Estimate the time a long search has left (it costs a little time up front:
    /// for a progress display, not for a benchmark).
    pub estimate: bool,
    /// Set from outside (by a Ctrl-C handler, say) to stop the search at its next
    /// solution or part; what was found by then is returned as incomplete.
    pub interrupt: Option<&'static AtomicBool>,
}

impl SearchOptions {
    fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|i| i.load(Ordering::Relaxed))
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            symmetry_breaking: true,
            threads: default_threads(),
            engine: Engine::Sat,
            estimate: false,
            interrupt: None,
        }
    }
}

/// What to count.
#[derive(Clone, Copy, Debug, Default)]
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
    options: SearchOptions,
    refinement: Refinement<'a>,
) -> CubeSearch<'a> {
    CubeSearch {
        formula: &encoding.formula,
        projection: &encoding.projection,
        projection_constant_weight: encoding.projection_constant_weight,
        cubes: &encoding.cubes,
        fixed_prefix: encoding.cube_fixed_prefix,
        threads: options.threads,
        refinement: Some(refinement),
    }
}

/// One solution, or `None` when the engine proves there is none.
pub fn solve_one<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
) -> Result<Option<P::Solution>, Error> {
    solve_one_reporting(puzzle, options, &mut |_| {})
}

/// [`solve_one`], telling `on_progress` each time a part of the search ends.
pub fn solve_one_reporting<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Option<P::Solution>, Error> {
    let mut first = None;
    let complete = raw_solutions(puzzle, options, false, &mut |solution, progress| {
        on_progress(progress);
        first = solution;
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
fn exact_cover<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    whole_search: bool,
) -> Result<CoverEncoding<'_, P::Solution>, Error> {
    puzzle
        .exact_cover(EncodeOptions {
            symmetry_breaking: options.symmetry_breaking,
            whole_search,
        })
        .ok_or_else(|| {
            Error::Unsupported(
                "the exact-cover engine solves packings only; use --engine sat".into(),
            )
        })
}

/// What [`raw_solutions`] hands on: a solution (or `None` when only the progress
/// is news) and the progress; it returns whether to go on.
type RawEvent<'a, S> = dyn FnMut(Option<S>, &Progress) -> Result<bool, Error> + 'a;

/// Feeds every solution the engine finds (each decoded and checked; with symmetry
/// breaking, one or more per orbit) to `on_event` with the search's progress, and
/// the progress alone (`None`) each time a part of the search ends, until it
/// returns `Ok(false)`. Returns whether the search ran to completion.
/// `whole_search` says whether the caller means to see it through.
fn raw_solutions<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    whole_search: bool,
    on_event: &mut RawEvent<'_, P::Solution>,
) -> Result<bool, Error> {
    let started = Instant::now();
    let mut on_event = |solution: Option<P::Solution>, progress: &Progress| {
        Ok(on_event(solution, progress)? && !options.interrupted())
    };
    match options.engine {
        Engine::Sat => {
            let encoding = puzzle.encode(EncodeOptions {
                symmetry_breaking: options.symmetry_breaking,
                whole_search,
            });
            let refine = |m: &Model| puzzle.refine(&encoding.decoder, m);
            let search = cube_search(&encoding, options, &refine);
            let mut progress = Progress::new(search.cube_count(), "cubes");
            search.run_events(&mut |event| -> Result<bool, Error> {
                progress.elapsed = started.elapsed();
                let solution = match event {
                    SearchEvent::CubeDone => {
                        progress.cubes_done += 1;
                        progress.remaining = progress.proportional_remaining();
                        None
                    }
                    SearchEvent::Model(model) => Some(checked(
                        puzzle,
                        puzzle.decode(&encoding.decoder, &model),
                        "a decoded solution",
                    )?),
                };
                on_event(solution, &progress)
            })
        }
        Engine::ExactCover => {
            let cover = exact_cover(puzzle, options, whole_search)?;
            let search = CoverSearch {
                matrix: &cover.matrix,
                threads: options.threads,
                solutions: true,
                estimate: options.estimate,
            };
            let mut progress = Progress::new(0, "subtrees");
            let outcome = search.run(&mut |event| -> Result<bool, Error> {
                progress.elapsed = started.elapsed();
                let solution = match event {
                    CoverEvent::Progress(p) => {
                        progress.follow_subtrees(&p);
                        None
                    }
                    CoverEvent::Solution(chosen) => Some(checked(
                        puzzle,
                        (cover.decode)(&chosen),
                        "a decoded solution",
                    )?),
                };
                on_event(solution, &progress)
            })?;
            Ok(outcome.complete)
        }
    }
}

/// What a solution handed to [`for_each_solution`]'s callback stands for.
pub enum Found<'a, S> {
    /// A solution of the total count.
    Solution(&'a S),
    /// A new class up to symmetry, given by its canonical representative.
    NewClass(&'a S),
    /// This many more solutions of the total: symmetric images of the solution
    /// handed on just before, counted but not built (a count only).
    Images(u64),
}

/// Orbit members [`Collector`] keeps for later, at most: about 100 MiB for
/// packings of a dozen pieces.
const MAX_UNMET: usize = 1 << 17;

/// Turns the solutions an engine finds into the solutions of the total count and
/// the classes up to symmetry, each handed on once.
struct Collector<'p, P: Puzzle> {
    puzzle: &'p P,
    /// Whether the consumer wants only the number of solutions (and the classes),
    /// so that the images making up the total need not be built.
    count_only: bool,
    symmetry_breaking: bool,
    classes: HashSet<P::Solution>,
    orbits: HashSet<P::Solution>,
    /// Without symmetry breaking: the members of the orbits met so far that the
    /// search has yet to hand over.
    unmet: HashSet<P::Solution>,
    found: u64,
}

impl<P: Puzzle> Collector<'_, P> {
    /// Hands on the new class and the new solutions `solution` stands for, until
    /// `on_found` returns false (then returns `Ok(false)`).
    fn take(
        &mut self,
        solution: P::Solution,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        let puzzle = self.puzzle;
        if self.count_only && puzzle.tally(&solution).is_none() {
            return self.count(solution, on_found);
        }
        if !self.symmetry_breaking && self.unmet.remove(&solution) {
            // A solution of a class already handed on: its orbit was worked out
            // when the class was first met.
            return self.hand_on(vec![solution], on_found);
        }
        let (orbit, canonical) = puzzle.orbit_and_canonical(&solution);
        if !self.new_class(canonical, on_found)? {
            return Ok(false);
        }
        let members = if self.symmetry_breaking {
            // Symmetry breaking keeps at least one solution per orbit; an orbit met
            // again was already counted in full.
            let key = orbit.iter().min().cloned().unwrap_or(solution);
            if self.orbits.insert(key) {
                orbit
            } else {
                Vec::new()
            }
        } else {
            // Every solution is met once, so the rest of its orbit will be met
            // later: remembering them spares working out their images again (up
            // to a bound on memory; one not remembered is worked out as before).
            if self.unmet.len() < MAX_UNMET {
                self.unmet
                    .extend(orbit.into_iter().filter(|member| *member != solution));
            }
            vec![solution]
        };
        self.hand_on(members, on_found)
    }

    /// Hands on the class of `canonical` if it is new; false when `on_found` asks
    /// to stop.
    fn new_class(
        &mut self,
        canonical: P::Solution,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        if self.classes.contains(&canonical) {
            return Ok(true);
        }
        // A symmetric image is handed out too: it must pass the check like a
        // decoded solution, so a wrong symmetry fails loudly.
        let canonical = checked(self.puzzle, canonical, "a symmetric image of a solution")?;
        let go = on_found(Found::NewClass(&canonical));
        self.classes.insert(canonical);
        Ok(go)
    }

    /// [`Collector::take`] for a count: the solution, and the number of its images
    /// that symmetry breaking left out, from the orbit's summary.
    fn count(
        &mut self,
        solution: P::Solution,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        let summary = self.puzzle.orbit_summary(&solution);
        if !self.new_class(summary.canonical, on_found)? {
            return Ok(false);
        }
        let images = if self.symmetry_breaking {
            if !self.orbits.insert(summary.key) {
                // An orbit met again was counted in full the first time.
                return Ok(true);
            }
            summary.size as u64 - 1
        } else {
            0
        };
        self.found += 1 + images;
        Ok(
            on_found(Found::Solution(&solution))
                && (images == 0 || on_found(Found::Images(images))),
        )
    }

    /// Checks and hands on solutions of the total count.
    fn hand_on(
        &mut self,
        members: Vec<P::Solution>,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        for member in members {
            let member = checked(self.puzzle, member, "a symmetric image of a solution")?;
            self.found += 1;
            if !on_found(Found::Solution(&member)) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Streams solutions: each one of the total count (expanded from its orbit when
/// symmetry breaking is on) and each new class up to symmetry. The callback returns
/// `false` to stop. Progress is reported after every solution and every part of the
/// search. Returns whether the enumeration ran to completion.
pub fn for_each_solution<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    collect(puzzle, options, false, on_found, on_progress)
}

/// [`for_each_solution`], or with `count_only` the same counts without building
/// (or checking) the symmetric images that make up the total: a count shows
/// none of them, and checks the solutions the engine finds (as `raw_solutions`
/// does for every engine) and the representative of each class.
fn collect<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    count_only: bool,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    let mut collector = Collector {
        puzzle,
        count_only,
        symmetry_breaking: options.symmetry_breaking && puzzle.breaks_symmetry(),
        classes: HashSet::new(),
        orbits: HashSet::new(),
        unmet: HashSet::new(),
        found: 0,
    };
    raw_solutions(puzzle, options, true, &mut |solution, progress| {
        let go = match solution {
            Some(s) => collector.take(s, on_found)?,
            None => true,
        };
        on_progress(&Progress {
            found: collector.found,
            ..*progress
        });
        Ok(go)
    })
}

/// The number of exact covers, counted by the engine without building a single
/// solution: when every cover is one solution (no symmetry breaking) and nothing
/// else is asked. Families with an exact-cover form have no tally.
fn count_covers<P: Puzzle>(
    puzzle: &P,
    search: SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let started = Instant::now();
    let cover = exact_cover(puzzle, search, true)?;
    let mut progress = Progress::new(0, "subtrees");
    let outcome = CoverSearch {
        matrix: &cover.matrix,
        threads: search.threads,
        solutions: false,
        estimate: search.estimate,
    }
    .run(&mut |event| -> Result<bool, Error> {
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
    })
}

/// Counts solutions, in total and (if asked) up to symmetry.
pub fn count<P: Puzzle>(
    puzzle: &P,
    options: CountOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    if options.limit == Some(0) {
        // Zero solutions are known before any search.
        return Ok(Count {
            solutions: 0,
            unique: options.unique.then_some(0),
            complete: false,
            tally: None,
        });
    }
    let search = options.search;
    if search.engine == Engine::ExactCover
        && !(search.symmetry_breaking && puzzle.breaks_symmetry())
        && !options.unique
        && options.limit.is_none()
    {
        return count_covers(puzzle, search, on_progress);
    }
    let mut solutions = 0u64;
    let mut unique = 0u64;
    let mut tally: Option<(&'static str, BTreeMap<u64, u64>)> = None;
    let complete = collect(
        puzzle,
        options.search,
        true,
        &mut |found| {
            match found {
                Found::Solution(s) => {
                    solutions += 1;
                    if let Some((name, value)) = puzzle.tally(s) {
                        *tally
                            .get_or_insert_with(|| (name, BTreeMap::new()))
                            .1
                            .entry(value)
                            .or_default() += 1;
                    }
                }
                Found::NewClass(_) => unique += 1,
                Found::Images(n) => {
                    solutions = options
                        .limit
                        .map_or(solutions + n, |l| l.min(solutions + n));
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
    })
}
