//! From the solutions an engine finds to the solutions of the total count and
//! the classes up to symmetry: orbits expanded (or only sized, for a count),
//! repeats removed, images checked.

use super::Progress;
use super::search::{SearchOptions, checked, raw_solutions};
use crate::error::Error;
use crate::family::{Breaking, Puzzle};
use crate::solve::exact_cover::Wanted;
use rustc_hash::FxHashSet as HashSet;

/// What a solution handed to [`for_each_solution`](super::for_each_solution)'s callback stands for.
pub enum Found<'a, S> {
    /// A solution of the total count.
    Solution(&'a S),
    /// A new class up to symmetry, given by its canonical representative.
    NewClass(&'a S),
    /// This many more solutions of the total: symmetric images of the solution
    /// handed on just before, counted but not built (a count only).
    Images(u64),
    /// A new class whose orbit the search meets only here (a count only): this
    /// solution and `size - 1` images, none of them built, and no canonical form
    /// worked out.
    LoneOrbit { solution: &'a S, size: u64 },
    /// In a share of a split count: an orbit that another share may meet too,
    /// named by its key, with one of its solutions; not part of the solutions
    /// handed on.
    SharedOrbit {
        key: &'a S,
        solution: &'a S,
        size: u64,
    },
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
    /// A share of a split count: orbits that another share may meet too are named
    /// instead of counted.
    split: bool,
    symmetry_breaking: bool,
    classes: HashSet<P::Key>,
    orbits: HashSet<P::Key>,
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
        breaking: Breaking,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        let puzzle = self.puzzle;
        // A split count takes the orbit's tally to be its solution's (a tally is
        // meant to be a property of the class).
        if self.count_only && (self.split || puzzle.tally(&solution).is_none()) {
            return self.count(solution, breaking, on_found);
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
            let key = orbit.iter().min().unwrap_or(&solution);
            if self.orbits.insert(puzzle.key(key)) {
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
        Ok(self.class_met(canonical, on_found)?.is_none_or(|go| go))
    }

    /// [`Collector::new_class`], saying whether the class was new: `None` for a
    /// class met before, else whether to go on.
    fn class_met(
        &mut self,
        canonical: P::Solution,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<Option<bool>, Error> {
        let key = self.puzzle.key(&canonical);
        if self.classes.contains(&key) {
            return Ok(None);
        }
        // A symmetric image is handed out too: it must pass the check like a
        // decoded solution, so a wrong symmetry fails loudly.
        let canonical = checked(self.puzzle, canonical, "a symmetric image of a solution")?;
        let go = on_found(Found::NewClass(&canonical));
        self.classes.insert(key);
        Ok(Some(go))
    }

    /// [`Collector::take`] for a count: the solution, and the number of its images
    /// that symmetry breaking left out, from the orbit's summary.
    fn count(
        &mut self,
        solution: P::Solution,
        breaking: Breaking,
        on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    ) -> Result<bool, Error> {
        if self.symmetry_breaking
            && !self.split
            && let Some(size) = self.puzzle.lone_orbit_size(breaking, &solution)
        {
            // Met nowhere else, so neither the class nor the orbit need be
            // remembered (a split count still names its classes for merging).
            let size = size as u64;
            self.found += size;
            return Ok(on_found(Found::LoneOrbit {
                solution: &solution,
                size,
            }));
        }
        let summary = self.puzzle.orbit_summary(&solution);
        let shared = self.split && !self.puzzle.orbit_met_once(breaking, &solution, &summary);
        let size = summary.size as u64;
        // Only a split count names the orbit once the canonical form has been
        // handed on, so only it keeps a copy of a key that is the canonical form.
        let shared_key = shared.then(|| summary.key().clone());
        let new_orbit = if self.puzzle.orbits_are_classes() {
            // The class is the orbit: a class met before is an orbit met
            // before, counted in full the first time.
            match self.class_met(summary.canonical, on_found)? {
                None if self.symmetry_breaking => return Ok(true),
                Some(false) => return Ok(false),
                _ => true,
            }
        } else {
            let orbit_key = self
                .symmetry_breaking
                .then(|| self.puzzle.key(summary.key()));
            if !self.new_class(summary.canonical, on_found)? {
                return Ok(false);
            }
            // An orbit met again was counted in full the first time.
            orbit_key.is_none_or(|key| self.orbits.insert(key))
        };
        let images = if self.symmetry_breaking {
            if !new_orbit {
                return Ok(true);
            }
            if let Some(key) = &shared_key {
                self.found += size;
                let shared = Found::SharedOrbit {
                    key,
                    solution: &solution,
                    size,
                };
                return Ok(on_found(shared));
            }
            size - 1
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

/// [`for_each_solution`](super::for_each_solution), or with `count_only` the same counts without building
/// (or checking) the symmetric images that make up the total: a count shows
/// none of them, and checks the solutions the engine finds (as `raw_solutions`
/// does for every engine) and the representative of each class.
pub(super) fn collect<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    count_only: bool,
    order: Wanted,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    let mut collector = Collector {
        puzzle,
        count_only,
        split: options.part.is_some(),
        symmetry_breaking: options.symmetry_breaking && puzzle.breaks_symmetry(),
        classes: HashSet::default(),
        orbits: HashSet::default(),
        unmet: HashSet::default(),
        found: 0,
    };
    raw_solutions(puzzle, options, order, &mut |solution, progress| {
        let go = match solution {
            Some((s, breaking)) => collector.take(s, breaking, on_found)?,
            None => true,
        };
        on_progress(&Progress {
            found: collector.found,
            ..*progress
        });
        Ok(go)
    })
}
