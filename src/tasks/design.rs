//! New snake cubes: strings read off random paths through the box (so each
//! folds, along the path it came from), kept when a designer's filters admit
//! them and, for a puzzle with one answer, when they have exactly one folding
//! up to the box's symmetries. A second class ends a string's count at once,
//! which is what makes drawing many candidates cheap: most strings have
//! several foldings.

use super::{CountOptions, Found, SearchOptions, count_observed};
use crate::error::Error;
use crate::family::{EncodeOptions, PathForm, Puzzle};
use crate::geometry::BoxDims;
use crate::geometry::hamiltonian::{Seeded, random_path};
use crate::puzzles::snake_cube::hardness::{Hardness, hardness};
use crate::puzzles::snake_cube::{Path, SnakeCube};
use crate::solve::Progress;
use crate::solve::walks::estimate_nodes;
use crate::types::Cancel;
use crate::types::Engine;
use std::collections::HashSet;

/// Backbite moves per cell that mix a path: a hundred per cell leaves no trace
/// of the serpentine it starts from on the boxes measured (BENCHMARKS.md).
pub(crate) const MOVES_PER_CELL: usize = 100;

/// Most cells of a box to design for: past them a string's count does not
/// finish (a 5x5x5 string is often not even folded: BENCHMARKS.md, "5×5×5
/// snake cubes: how large their trees are"), and the random paths alone take
/// long.
pub const MAX_CELLS: usize = 125;

/// Search nodes past which counting one string's foldings puts a box out of
/// a designer's reach: about ten minutes on two cores, at the path search's
/// rate (BENCHMARKS.md, "5×5×5 snake cubes: how large their trees are").
const MAX_COUNT_NODES: f64 = 6e9;

/// Strings whose count trees are estimated before a box is taken on, and
/// random paths down each tree.
const SAMPLED: usize = 3;
const SAMPLE_PROBES: usize = 2_000;

/// The median of Knuth's estimates of the count trees of a few strings of the
/// box, drawn apart from the designs (with a seed of their own, so that the
/// designs a seed gives stay the same).
fn count_tree(dims: BoxDims, seed: u64) -> f64 {
    let mut rng = Seeded::new(seed ^ 0x0005_eed0_fe57_1a7e);
    let mut estimates: Vec<f64> = (0..SAMPLED)
        .filter_map(|_| {
            let path = random_path(&dims, MOVES_PER_CELL * dims.volume(), &mut rng);
            let cube = SnakeCube::from_path(dims, &path)?;
            let options = EncodeOptions {
                symmetry_breaking: true,
                whole_search: true,
                every_rule_as_clauses: false,
            };
            match cube.walks(options)?.walks {
                PathForm::Walks(walks) => Some(estimate_nodes(&walks, SAMPLE_PROBES)),
                PathForm::Snakes(_) => None,
            }
        })
        .collect();
    estimates.sort_by(f64::total_cmp);
    estimates.get(estimates.len() / 2).copied().unwrap_or(0.0)
}

/// "3 hours" and the like, from seconds.
pub(crate) fn rough_time(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7_200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3_600.0),
        s if s < 6.3e8 => format!("{:.0} days", s / 86_400.0),
        s if s < 3.15e13 => format!("{:.0} years", s / 3.15e7),
        s => format!("{:.0e} years", s / 3.15e7),
    }
}

/// Repeats in a row after which a box is taken to have no string left to
/// draw: a small box (2x2x2 has one string) gives only repeats.
pub const EXHAUSTED: u64 = 10_000;

/// What a designer asks of a string besides folding.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filters {
    /// At most this many straight blocks in a row.
    pub max_straight: Option<usize>,
    /// At least this many segments.
    pub min_segments: Option<usize>,
    /// Palindromes are admitted (a string that reads the same backwards).
    pub palindromes: bool,
}

/// A filter that turns a string away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// More straight blocks in a row than allowed.
    MaxStraight,
    /// Fewer segments than asked for.
    MinSegments,
    /// A palindrome, when they are left out.
    Palindromes,
}

impl Filters {
    /// The first filter that turns the string away, if any.
    pub fn turns_away(&self, cube: &SnakeCube) -> Option<Filter> {
        if self
            .max_straight
            .is_some_and(|m| longest_straight(cube) > m)
        {
            Some(Filter::MaxStraight)
        } else if self.min_segments.is_some_and(|m| cube.segments().len() < m) {
            Some(Filter::MinSegments)
        } else if !self.palindromes && cube.is_palindrome() {
            Some(Filter::Palindromes)
        } else {
            None
        }
    }
}

/// The longest run of straight blocks: a segment of `l` blocks has `l - 2`
/// between its ends (joints, or a free end for the first and last).
pub fn longest_straight(cube: &SnakeCube) -> usize {
    cube.segments().iter().map(|l| l - 2).max().unwrap_or(0)
}

/// What designs are wanted.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub dims: BoxDims,
    /// The seed of the random paths: the same seed, the same designs.
    pub seed: u64,
    /// Only strings with exactly one folding up to symmetry.
    pub unique: bool,
    pub filters: Filters,
    /// Strings drawn at most before giving up (filters no string passes, or
    /// a box where one folding is rare).
    pub max_draws: u64,
    pub threads: usize,
}

/// An accepted string.
#[derive(Clone, Debug)]
pub struct Design {
    pub cube: SnakeCube,
    /// A folding of it: with `unique`, the only one up to symmetry.
    pub folding: Path,
    /// Foldings in all.
    pub solutions: u64,
    /// Foldings up to the box's symmetries (and reading a palindrome backwards).
    pub unique: u64,
    /// How hard the string is for a person.
    pub hardness: Hardness,
    /// Which string drawn it was, from 1.
    pub drawn: u64,
}

/// How the drawing has gone.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Strings drawn, repeats included.
    pub drawn: u64,
    /// Drawn again (the same string, or its reverse, as before).
    pub repeats: u64,
    /// Turned away by the filters.
    pub filtered: u64,
    /// Turned away by each filter: the most straight blocks in a row, the
    /// fewest segments, palindromes.
    pub by_filter: [u64; 3],
    /// New strings and repeats in a row since the last new string: many in
    /// a row mean the box has no more strings to give.
    pub repeats_in_a_row: u64,
    /// With more than one folding up to symmetry (only with `unique`).
    pub several: u64,
}

impl Tally {
    /// New strings that passed the filters and were counted.
    pub fn examined(&self, designs: u64) -> u64 {
        self.several + designs
    }
}

/// What the drawing tells its caller as it goes.
pub enum Event<'a> {
    /// A string drawn and dealt with.
    Drawn(&'a Tally),
    /// How far the count of the string being examined is.
    Counting(&'a Progress),
}

/// Draws strings one after another and hands out those that make designs.
pub struct Designer {
    request: Request,
    rng: Seeded,
    /// Each string drawn, as the lesser of its two readings.
    seen: HashSet<String>,
    tally: Tally,
}

impl Designer {
    pub fn new(request: Request) -> Result<Designer, Error> {
        let dims = request.dims;
        if !(3..=MAX_CELLS).contains(&dims.volume()) {
            return Err(Error::Unsupported(format!(
                "a box of 3 to {MAX_CELLS} cells to design a string for, not {dims} ({} cells); 4x4x4 takes about 8 s a design",
                dims.volume()
            )));
        }
        let nodes = count_tree(dims, request.seed);
        if nodes > MAX_COUNT_NODES {
            return Err(Error::Unsupported(format!(
                "a smaller box: counting the foldings of one {dims} string means a search of about {nodes:.1e} nodes (about {} on two cores), past the limit of {MAX_COUNT_NODES:.0e}; 4x4x4 takes about 8 s a design",
                rough_time(nodes / 1e7)
            )));
        }
        Ok(Designer {
            rng: Seeded::new(request.seed),
            request,
            seen: HashSet::new(),
            tally: Tally::default(),
        })
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The next design; `None` when `max_draws` strings have been drawn, the
    /// last [`EXHAUSTED`] drawn were all drawn before, or `cancel` was
    /// cancelled, first.
    pub fn next_design(
        &mut self,
        cancel: &Cancel,
        on_event: &mut dyn FnMut(Event<'_>),
    ) -> Result<Option<Design>, Error> {
        let request = self.request;
        let dims = request.dims;
        let stopped = || cancel.is_cancelled();
        while self.tally.drawn < request.max_draws && !stopped() {
            let path = random_path(&dims, MOVES_PER_CELL * dims.volume(), &mut self.rng);
            self.tally.drawn += 1;
            let cube = SnakeCube::from_path(dims, &path)
                .ok_or_else(|| Error::Internal("a random path missed a cell of the box".into()))?;
            let letters = cube.letters();
            let reverse: String = letters.chars().rev().collect();
            if !self.seen.insert(letters.clone().min(reverse)) {
                self.tally.repeats += 1;
                self.tally.repeats_in_a_row += 1;
                if self.tally.repeats_in_a_row >= EXHAUSTED {
                    break;
                }
                on_event(Event::Drawn(&self.tally));
                continue;
            }
            self.tally.repeats_in_a_row = 0;
            if let Some(filter) = request.filters.turns_away(&cube) {
                self.tally.filtered += 1;
                self.tally.by_filter[filter as usize] += 1;
            } else {
                let limit = request.unique.then_some(2);
                match count_classes(&cube, limit, request.threads, cancel, on_event)? {
                    Some(c) if !request.unique || c.unique == 1 => {
                        on_event(Event::Drawn(&self.tally));
                        return Ok(Some(Design {
                            hardness: hardness(&cube),
                            folding: c.first.unwrap_or(path),
                            solutions: c.solutions,
                            unique: c.unique,
                            drawn: self.tally.drawn,
                            cube,
                        }));
                    }
                    Some(_) => self.tally.several += 1,
                    // Stopped from outside in the middle of the count.
                    None => return Ok(None),
                }
            }
            on_event(Event::Drawn(&self.tally));
        }
        Ok(None)
    }
}

/// Up to `count` designs, and how the drawing went.
#[cfg(test)]
pub fn design(
    request: Request,
    count: usize,
    cancel: &Cancel,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<(Vec<Design>, Tally), Error> {
    let mut designer = Designer::new(request)?;
    let mut designs = Vec::new();
    while designs.len() < count {
        match designer.next_design(cancel, on_event)? {
            Some(d) => designs.push(d),
            None => break,
        }
    }
    Ok((designs, designer.tally))
}

/// A string's count, and a folding met on the way.
struct Classes {
    solutions: u64,
    unique: u64,
    first: Option<Path>,
}

/// Counts the foldings of `cube` with the path search, stopping at the
/// `limit`-th class; `None` when `cancel` stopped the count, and a count
/// whose `unique` is the limit when the limit stopped it.
fn count_classes(
    cube: &SnakeCube,
    limit: Option<u64>,
    threads: usize,
    cancel: &Cancel,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Option<Classes>, Error> {
    let options = CountOptions {
        unique: true,
        limit: None,
        search: SearchOptions {
            engine: Engine::Path,
            threads,
            cancel: cancel.clone(),
            ..SearchOptions::default()
        },
    };
    let mut classes_met = 0;
    let mut first = None;
    let counted = count_observed(
        cube,
        &options,
        &mut |found| {
            match found {
                Found::Solution(s) | Found::LoneOrbit { solution: s, .. } => {
                    first.get_or_insert_with(|| (*s).clone());
                }
                _ => {}
            }
            if matches!(found, Found::NewClass(_) | Found::LoneOrbit { .. }) {
                classes_met += 1;
            }
            limit.is_none_or(|l| classes_met < l)
        },
        &mut |p| on_event(Event::Counting(p)),
    )?;
    Ok(match limit {
        Some(l) if classes_met >= l => Some(Classes {
            solutions: counted.solutions,
            unique: l,
            first,
        }),
        _ => counted.complete.then(|| Classes {
            solutions: counted.solutions,
            unique: counted.unique.unwrap_or(0),
            first,
        }),
    })
}

#[cfg(test)]
mod tests;
