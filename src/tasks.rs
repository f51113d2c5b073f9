//! The questions a user asks of any puzzle — one solution, how many, every one —
//! answered generically over [`Puzzle`] with the SAT driver. Every solution passes
//! the family's independent check before it is handed on; a failure is reported as
//! an internal error, never returned as an answer.

use crate::error::Error;
use crate::puzzles::{EncodeOptions, Encoding, Puzzle};
use crate::solve::{CubeSearch, Model, Progress, Refinement, SearchEvent, default_threads};
use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Enumerate one solution per symmetry orbit and add up orbit sizes (fast), or
    /// enumerate every solution with no symmetry clauses (a cross-check).
    pub symmetry_breaking: bool,
    /// Worker threads for searches split into cubes.
    pub threads: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            symmetry_breaking: true,
            threads: default_threads(),
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

fn checked<P: Puzzle>(
    puzzle: &P,
    decoder: &P::Decoder,
    model: &Model,
) -> Result<P::Solution, Error> {
    let solution = puzzle.decode(decoder, model);
    puzzle
        .check(&solution)
        .map_err(|v| Error::Internal(format!("a decoded solution breaks the rules: {v}")))?;
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

fn check_image<P: Puzzle>(puzzle: &P, image: &P::Solution) -> Result<(), Error> {
    puzzle.check(image).map_err(|v| {
        Error::Internal(format!(
            "a symmetric image of a solution breaks the rules: {v}"
        ))
    })
}

/// One solution, or `None` when the solver proves there is none.
pub fn solve_one<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
) -> Result<Option<P::Solution>, Error> {
    let encoding = puzzle.encode(EncodeOptions {
        symmetry_breaking: options.symmetry_breaking,
    });
    let refine = |m: &Model| puzzle.refine(&encoding.decoder, m);
    let search = cube_search(&encoding, options, &refine);
    let mut first = None;
    search.run(&mut |model: Model| -> Result<bool, Error> {
        first = Some(checked(puzzle, &encoding.decoder, &model)?);
        Ok(false)
    })?;
    Ok(first)
}

/// What a solution handed to [`for_each_solution`]'s callback stands for.
pub enum Found<'a, S> {
    /// A solution of the total count.
    Solution(&'a S),
    /// A new class up to symmetry, given by its canonical representative.
    NewClass(&'a S),
}

/// Streams solutions: each one of the total count (expanded from its orbit when
/// symmetry breaking is on) and each new class up to symmetry. The callback returns
/// `false` to stop. Progress is reported after every solver model. Returns whether
/// the enumeration ran to completion.
pub fn for_each_solution<P: Puzzle>(
    puzzle: &P,
    options: SearchOptions,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    let encoding = puzzle.encode(EncodeOptions {
        symmetry_breaking: options.symmetry_breaking,
    });
    let refine = |m: &Model| puzzle.refine(&encoding.decoder, m);
    let search = cube_search(&encoding, options, &refine);
    let mut classes: HashSet<P::Solution> = HashSet::new();
    let mut orbits: HashSet<P::Solution> = HashSet::new();
    let started = Instant::now();
    let mut found = 0u64;
    let mut cubes_done = 0;
    let cubes = search.cube_count();
    search.run_events(&mut |event| -> Result<bool, Error> {
        match event {
            SearchEvent::CubeDone => cubes_done += 1,
            SearchEvent::Model(model) => {
                let solution = checked(puzzle, &encoding.decoder, &model)?;
                let canonical = puzzle.canonical(&solution);
                if !classes.contains(&canonical) {
                    // A symmetric image is handed out as a solution too: it must
                    // pass the check like a decoded one, so a wrong symmetry fails
                    // loudly.
                    check_image(puzzle, &canonical)?;
                    if !on_found(Found::NewClass(&canonical)) {
                        return Ok(false);
                    }
                    classes.insert(canonical);
                }
                let members = if options.symmetry_breaking {
                    // Symmetry breaking keeps at least one solution per orbit; an
                    // orbit met again was already counted in full.
                    let orbit = puzzle.orbit(&solution);
                    let key = orbit.iter().min().cloned().unwrap_or(solution);
                    if orbits.insert(key) {
                        orbit
                    } else {
                        Vec::new()
                    }
                } else {
                    vec![solution]
                };
                for member in &members {
                    check_image(puzzle, member)?;
                    found += 1;
                    if !on_found(Found::Solution(member)) {
                        return Ok(false);
                    }
                }
            }
        }
        on_progress(&Progress {
            found,
            elapsed: started.elapsed(),
            cubes_done,
            cubes,
        });
        Ok(true)
    })
}

/// Counts solutions, in total and (if asked) up to symmetry.
pub fn count<P: Puzzle>(
    puzzle: &P,
    options: CountOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let mut solutions = 0u64;
    let mut unique = 0u64;
    let mut tally: Option<(&'static str, BTreeMap<u64, u64>)> = None;
    let complete = for_each_solution(
        puzzle,
        options.search,
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
