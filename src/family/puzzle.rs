//! What a puzzle of any family is to the engines and the tasks: its rules,
//! checked on a solution without any encoding; its symmetries; and the forms
//! the engines search (a formula, an exact-cover matrix, paths).

use super::encoding::{
    Breaking, CoverEncoding, EncodeOptions, Encoding, SymmetricCovers, WalkEncoding,
};
use crate::cnf::Lit;
use crate::solve::Model;
use crate::types::Violation;
use std::fmt;
use std::hash::Hash;

/// A solution's orbit as a count sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitSummary<S> {
    /// The number of distinct solutions in the orbit.
    pub size: usize,
    /// The same for every member of the orbit, and different for other
    /// orbits; `None` when the canonical form is that (an orbit that is its
    /// class), which spares a copy per solution.
    pub key: Option<S>,
    /// [`Puzzle::canonical`] of the solution.
    pub canonical: S,
}

impl<S> OrbitSummary<S> {
    /// What names the orbit: its key, or the canonical form when that does.
    pub fn key(&self) -> &S {
        self.key.as_ref().unwrap_or(&self.canonical)
    }

    /// [`OrbitSummary::key`], taken.
    pub fn into_key(self) -> S {
        self.key.unwrap_or(self.canonical)
    }
}

/// A puzzle of one family: its rules, checked on a solution without any
/// encoding, and its symmetries. The tasks in [`crate::tasks`] solve, count and
/// prove over this trait. Its engine-facing items (the formula, the exact-cover
/// matrix, decoding a model, lazy clauses, how symmetry breaking met an orbit)
/// are hidden from the documentation: only the crate's tasks call them, and the
/// engines behind them may change.
///
/// `Sync` so that worker threads can share the puzzle for lazy constraints.
pub trait Puzzle: Sync {
    type Solution: Clone + Eq + Hash + Ord + fmt::Debug + Send + Sync;
    #[doc(hidden)]
    type Decoder: Sync;
    #[doc(hidden)]
    /// A solution as a count keeps it to tell classes and orbits apart (see
    /// [`Puzzle::key`]).
    type Key: Eq + Hash;

    #[doc(hidden)]
    /// What a count keeps of a class's canonical form or an orbit's key: equal
    /// exactly when the solutions are equal. A family whose solutions are
    /// nested values keeps a flat one, so that hundreds of thousands of
    /// classes cost an allocation each rather than one per piece.
    fn key(&self, solution: &Self::Solution) -> Self::Key;

    #[doc(hidden)]
    fn encode(&self, options: EncodeOptions) -> Encoding<Self::Decoder>;

    #[doc(hidden)]
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
            key: Some(
                orbit
                    .iter()
                    .min()
                    .cloned()
                    .unwrap_or_else(|| solution.clone()),
            ),
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

    #[doc(hidden)]
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

    #[doc(hidden)]
    /// With symmetry breaking: the size of the solution's orbit when the family
    /// knows, without building a single image, that the search meets this orbit
    /// here and nowhere else and that the orbit is the whole class (so it is a new
    /// class). A count then needs neither the canonical form nor a record of the
    /// class. `None` (the default) when that is not known.
    fn lone_orbit_size(&self, _breaking: Breaking, _solution: &Self::Solution) -> Option<usize> {
        None
    }

    #[doc(hidden)]
    /// Whether every class up to symmetry is one orbit of [`Puzzle::orbit`]'s
    /// group (nothing but that group makes solutions alike), so that a count
    /// that knows a class knows its orbit and need not record orbits apart.
    fn orbits_are_classes(&self) -> bool {
        false
    }

    #[doc(hidden)]
    /// Whether symmetry breaking leaves out solutions of this puzzle. A family
    /// that finds nothing to break symmetry on (a packing without a piece to
    /// anchor) enumerates every solution, each one of the total, so the orbits need
    /// not be worked out and a count can run without building solutions.
    fn breaks_symmetry(&self) -> bool {
        true
    }

    #[doc(hidden)]
    /// Whether a count of the solutions alone (no classes) is quicker with no
    /// symmetry breaking, every cover counted by the engine without building a
    /// solution: when the breaking meets most orbits several times over, as a
    /// packing broken at a cell rather than on an anchor piece does.
    fn counts_covers_unbroken(&self) -> bool {
        false
    }

    #[doc(hidden)]
    /// An estimate of the number of clauses [`Puzzle::encode`] would write, worked
    /// out from the model alone, and the model field that sets it: so that a model
    /// too large for memory is refused before the formula is built. `None` for a
    /// family whose formulas stay small.
    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        None
    }

    #[doc(hidden)]
    /// The puzzle as an exact-cover problem, for families that are one (packings),
    /// with symmetry breaking by the same rule as [`Puzzle::encode`], so that both
    /// engines give the same counts; `None` for the others. Without symmetry
    /// breaking each cover must be one solution, and a family offering this form
    /// has no [`Puzzle::tally`]: such counts are made without building solutions.
    fn exact_cover(&self, _options: EncodeOptions) -> Option<CoverEncoding<'_, Self::Solution>> {
        None
    }

    #[doc(hidden)]
    /// When the classes up to symmetry are the orbits of a group acting on the
    /// covers of [`Puzzle::exact_cover`] without symmetry breaking (each cover
    /// one solution): the covers each symmetry fixes, from which a count of
    /// the classes needs only a count of the covers. `None` (the default) for
    /// a family without that form.
    fn symmetric_covers(&self) -> Option<SymmetricCovers<'_>> {
        None
    }

    #[doc(hidden)]
    /// The puzzle as paths for the path engine, for families whose solutions
    /// are one: of straight runs through every node of a graph (snake cubes),
    /// with symmetry breaking that keeps exactly the solutions
    /// [`Puzzle::encode`]'s does, so that every engine gives the same counts;
    /// or two-coloured paths that never touch themselves (the sudoku snake).
    /// `None` for the others.
    fn walks(&self, _options: EncodeOptions) -> Option<WalkEncoding<'_, Self::Solution>> {
        None
    }

    #[doc(hidden)]
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
