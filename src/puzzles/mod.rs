//! The puzzle families. Each one encodes its rules into a [`Formula`], decodes a model
//! back into a solution, checks a solution from the rules alone, and knows its
//! symmetries; the generic tasks in [`crate::tasks`] do the rest.

pub mod board_snakes;
pub mod packing;
pub mod snake_cube;
pub mod sudoku_snake;

use crate::cnf::{Formula, Lit, Var};
use crate::solve::Model;
use crate::solve::exact_cover::{Matrix, OptionId};
use std::fmt;
use std::hash::Hash;

/// The choice an encoding made in breaking symmetry that a count needs to size
/// orbits. It travels with the encoding to the count, so that results never
/// depend on which encoding was built last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breaking {
    /// The piece kept at the least placement of each orbit of its placements
    /// (packings); `None` when no piece was.
    pub anchor: Option<usize>,
}

/// A family's formula plus what is needed to read a model back.
pub struct Encoding<D> {
    pub formula: Formula,
    /// Variables whose values define a distinct solution; blocking clauses range
    /// over them.
    pub projection: Vec<Var>,
    /// Every model sets the same number of projection variables true (for example
    /// one per exactly-one group), so two distinct solutions always differ in a
    /// variable true in the first: blocking clauses then need only the true
    /// literals, which makes them short.
    pub projection_constant_weight: bool,
    /// Optional split of the search into disjoint cubes (assumption sets) that
    /// together cover every solution; enumeration shares them among threads.
    pub cubes: Vec<Vec<Lit>>,
    /// Leading literals of each cube to fix as unit clauses rather than assume
    /// (see [`crate::solve::CubeSearch::fixed_prefix`]); 0 assumes them all.
    pub cube_fixed_prefix: usize,
    pub decoder: D,
    pub breaking: Breaking,
}

/// Reads the solution a set of chosen options stands for.
pub type CoverDecoder<'a, S> = Box<dyn Fn(&[OptionId]) -> S + Sync + 'a>;

/// A family's exact-cover matrix plus how to read a set of chosen options back.
pub struct CoverEncoding<'a, S> {
    pub matrix: Matrix,
    pub decode: CoverDecoder<'a, S>,
    pub breaking: Breaking,
}

/// A solution's orbit as a count sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitSummary<S> {
    /// The number of distinct solutions in the orbit.
    pub size: usize,
    /// The same for every member of the orbit, and different for other orbits.
    pub key: S,
    /// [`Puzzle::canonical`] of the solution.
    pub canonical: S,
}

/// A rule a solution breaks, in words a person can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which variant of the formula to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    /// Add clauses that keep at least one solution of every orbit of
    /// [`Puzzle::orbit`]'s group (exactly one where the family can guarantee it;
    /// the generic driver removes any repeats).
    pub symmetry_breaking: bool,
    /// The search will run to the end (a count, every solution) rather than stop
    /// at the first solution, so time spent up front to make its tree smaller
    /// pays (the exact-cover form of a packing then picks its anchor piece by
    /// estimated tree size).
    pub whole_search: bool,
    /// Every rule as clauses, none left to [`Puzzle::refine`]: each model of the
    /// formula is then a solution, as the formula `cnf` prints and every proof
    /// needs. The search leaves it off where a rule is quicker added lazily.
    pub every_rule_as_clauses: bool,
}

/// `Sync` so that worker threads can share the puzzle for lazy constraints.
pub trait Puzzle: Sync {
    type Solution: Clone + Eq + Hash + Ord + fmt::Debug;
    type Decoder: Sync;

    fn encode(&self, options: EncodeOptions) -> Encoding<Self::Decoder>;

    fn decode(&self, decoder: &Self::Decoder, model: &Model) -> Self::Solution;

    /// Checks a solution against the puzzle's rules without looking at any encoding.
    fn check(&self, solution: &Self::Solution) -> Result<(), Violation>;

    /// The distinct solutions that the symmetry-breaking clauses fold into one
    /// (including `solution` itself). Their number is the orbit size used to
    /// recover the total count from a symmetry-broken enumeration.
    fn orbit(&self, solution: &Self::Solution) -> Vec<Self::Solution>;

    /// The representative of the solution's class under every symmetry `--unique`
    /// identifies (which may include more than [`Puzzle::orbit`]'s group, such as
    /// reading a palindromic snake backwards).
    fn canonical(&self, solution: &Self::Solution) -> Self::Solution;

    /// [`Puzzle::orbit`] and [`Puzzle::canonical`] together, for a family that can
    /// share the work (the symmetric images) between them.
    fn orbit_and_canonical(
        &self,
        solution: &Self::Solution,
    ) -> (Vec<Self::Solution>, Self::Solution) {
        (self.orbit(solution), self.canonical(solution))
    }

    /// What a count needs of the solution's orbit under [`Puzzle::orbit`]'s group,
    /// without the images themselves, which a family may be able to spare.
    fn orbit_summary(&self, solution: &Self::Solution) -> OrbitSummary<Self::Solution> {
        let (orbit, canonical) = self.orbit_and_canonical(solution);
        OrbitSummary {
            size: orbit.len().max(1),
            key: orbit
                .iter()
                .min()
                .cloned()
                .unwrap_or_else(|| solution.clone()),
            canonical,
        }
    }

    /// A text naming the solution: equal for equal solutions and different for
    /// different ones, so that the shares of a split count, run apart, can tell
    /// whether they met the same class or orbit. The default is the solution's
    /// `Debug` form, right for a family whose solutions hold nothing that equality
    /// ignores.
    fn key_text(&self, solution: &Self::Solution) -> String {
        format!("{solution:?}")
    }

    /// Whether symmetry breaking lets a search meet this solution's orbit in one
    /// place only (so that a split count may add it up without naming it): true
    /// when the family keeps exactly one member of every orbit. The default says
    /// so only of an orbit of one.
    fn orbit_met_once(
        &self,
        _breaking: Breaking,
        _solution: &Self::Solution,
        summary: &OrbitSummary<Self::Solution>,
    ) -> bool {
        summary.size == 1
    }

    /// With symmetry breaking: the size of the solution's orbit when the family
    /// knows, without building a single image, that the search meets this orbit
    /// here and nowhere else and that the orbit is the whole class (so it is a new
    /// class). A count then needs neither the canonical form nor a record of the
    /// class. `None` (the default) when that is not known.
    fn lone_orbit_size(&self, _breaking: Breaking, _solution: &Self::Solution) -> Option<usize> {
        None
    }

    /// Whether symmetry breaking leaves out solutions of this puzzle. A family
    /// that finds nothing to break symmetry on (a packing without a piece to
    /// anchor) enumerates every solution, each one of the total, so the orbits need
    /// not be worked out and a count can run without building solutions.
    fn breaks_symmetry(&self) -> bool {
        true
    }

    /// An estimate of the number of clauses [`Puzzle::encode`] would write, worked
    /// out from the model alone, and the model field that sets it: so that a model
    /// too large for memory is refused before the formula is built. `None` for a
    /// family whose formulas stay small.
    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        None
    }

    /// The puzzle as an exact-cover problem, for families that are one (packings),
    /// with symmetry breaking by the same rule as [`Puzzle::encode`], so that both
    /// engines give the same counts; `None` for the others. Without symmetry
    /// breaking each cover must be one solution, and a family offering this form
    /// has no [`Puzzle::tally`]: such counts are made without building solutions.
    fn exact_cover(&self, _options: EncodeOptions) -> Option<CoverEncoding<'_, Self::Solution>> {
        None
    }

    /// A lazy constraint: a clause cutting off `model` when it satisfies the formula
    /// but is no solution (the formula may leave out a rule that is expensive to
    /// encode, such as connectedness), or `None` when it is a solution. The clause
    /// must hold for every solution.
    fn refine(&self, _decoder: &Self::Decoder, _model: &Model) -> Option<Vec<Lit>> {
        None
    }

    /// A number to tally solutions by, with its name (the sudoku snake tallies
    /// snakes by length); `None` when the family has no such statistic.
    fn tally(&self, _solution: &Self::Solution) -> Option<(&'static str, u64)> {
        None
    }
}
