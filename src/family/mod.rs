//! What a family is to the rest of the program: its name and model fields,
//! its puzzle ([`Puzzle`]: rules, encodings, symmetry), how it shows
//! ([`Present`]) and draws ([`Draw`]) a solution, and the extra questions it
//! can answer (an optimum, an extension of a solution), which it declares.
//! Every task reaches a family through these traits and the list in
//! [`crate::registry`], so a new family is its own folder and one line there.

mod draw;
mod encoding;
mod present;
mod puzzle;

pub use draw::Draw;
pub use encoding::{
    Breaking, CoverEncoding, EncodeOptions, Encoding, FixedCovers, PathForm, SymmetricCovers,
    WalkEncoding,
};
pub use present::Present;
pub use puzzle::{OrbitSummary, Puzzle};

use crate::cnf::Formula;
use crate::error::Error;
use crate::model::Fields;
use crate::model::burrtools::PlacedPiece;
use crate::types::{Engine, Goal, Violation};
use serde_json::Value;
use std::fmt;

/// A goal a family serves, as it declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalInfo {
    /// The goal.
    pub goal: Goal,
    /// What the goal optimises, as a family without it lacks it: "links to
    /// relax", "length to optimise".
    pub optimises: &'static str,
    /// What a solve for the goal does, for help texts: "allow cut snakes and
    /// find the fewest cuts, with proof".
    pub does: &'static str,
}

/// A family's extension of a solution, as it declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtensionInfo {
    /// Its name: the key of the JSON answer (and the command line's flag).
    pub name: &'static str,
    /// What it extends, as a family without it lacks it: "parity grid to
    /// fill with digits".
    pub extends: &'static str,
    /// What it does, for help texts: "also fill the parity grid with digits
    /// to a valid sudoku".
    pub does: &'static str,
}

/// Why a puzzle of a family that has an engine has no form for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfit {
    /// The model field at fault.
    pub field: &'static str,
    /// What the engine needs of the puzzle: "one snake that fills the board".
    pub needs: String,
    /// The puzzles it does not take: "several snakes, or notches left empty".
    pub others: String,
    /// The engine that takes them.
    pub instead: Engine,
}

/// An optimal solution and its value under the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimised<S> {
    pub value: usize,
    pub solution: S,
}

/// What a family's extension made of a solution: a value for the JSON answer, a
/// text for a person, and what a picture of the solution may add
/// ([`Draw::Extension`]).
#[derive(Clone, Debug)]
pub struct Extended<E> {
    pub json: Value,
    pub text: String,
    pub pictured: Option<E>,
}

/// Pieces on a grid to print, each named, with its cells.
pub(crate) type PiecesToPrint = (
    crate::geometry::grid::Grid,
    Vec<(String, Vec<crate::geometry::Cell>)>,
);

/// A shape pieces fill: its grid, the cells that must be covered and those
/// that may stay empty.
pub(crate) type FilledShape = (
    crate::geometry::grid::Grid,
    Vec<crate::geometry::Cell>,
    Vec<crate::geometry::Cell>,
);

/// A puzzle family: everything the commands need of it. The associated
/// constants tell the commands which requests the family serves, so that a
/// request it does not serve is refused before anything runs.
pub trait Family: Present + Draw + Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// The name models give in their `family` field.
    const NAME: &'static str;
    /// The model fields of this family, beside `family`, `name` and `source`.
    const FIELDS: &'static [&'static str];
    /// The engines that can search it, the fastest (the default) first.
    const ENGINES: &'static [Engine] = &[Engine::Sat];
    /// The goals [`Family::optimise`] serves.
    const GOALS: &'static [GoalInfo] = &[];
    /// The extension [`Family::extend`] computes.
    const EXTENSION: Option<ExtensionInfo> = None;
    /// Whether a solution is an assembly of pieces that may be taken apart
    /// ([`Family::assembly`]).
    const DISASSEMBLES: bool = false;

    /// Reads the family's fields of a model.
    fn parse(fields: &Fields) -> Result<Self, Error>;

    /// The engine that searches this puzzle when none is asked for: the
    /// family's fastest, unless which is fastest depends on the puzzle.
    fn default_engine(&self) -> Engine {
        Self::ENGINES[0]
    }

    /// Why this puzzle cannot be searched by `engine`, one of the family's
    /// [`Family::ENGINES`] (some puzzles of a family have no form for it).
    fn engine_refusal(&self, _engine: Engine) -> Option<Unfit> {
        None
    }

    /// An optimal solution for `goal` (one of [`Family::GOALS`]), already
    /// checked, or `None` when there is no solution at all; `on_better` is told
    /// the value of each solution better than the last.
    fn optimise(
        &self,
        goal: Goal,
        _on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<Optimised<Self::Solution>>, Error> {
        Err(Error::Unsupported(format!(
            "a {} has no {goal:?} goal",
            Self::NAME
        )))
    }

    /// The solution's value under `goal`, checked against the rules that goal
    /// keeps (a relaxation's rules instead of the strict ones).
    fn measure(&self, goal: Goal, _solution: &Self::Solution) -> Result<usize, Violation> {
        Err(Violation(format!("a {} has no {goal:?} goal", Self::NAME)))
    }

    /// The formula whose refutation proves that nothing beats `optimum` for
    /// `goal`, every rule as clauses; with no optimum (no solution at all) the
    /// formula of every solution under the goal's rules. `None` when there is
    /// nothing to prove (no broken links at all).
    fn past_optimum(&self, _goal: Goal, _optimum: Option<usize>) -> Option<Formula> {
        None
    }

    /// The family's extension of a solution ([`Family::EXTENSION`]).
    fn extend(&self, _solution: &Self::Solution) -> Result<Extended<Self::Extension>, Error> {
        Err(Error::Unsupported(format!(
            "a {} has no extension",
            Self::NAME
        )))
    }

    /// How the pieces of this puzzle's assemblies slide when taken apart.
    fn motion(&self) -> crate::disassembly::Motion {
        crate::disassembly::Motion::Cubes
    }

    /// Why this puzzle's assemblies cannot be taken apart although its family
    /// takes assemblies apart (a grid the take-apart does not know), in words.
    fn why_not_taken_apart(&self) -> Option<String> {
        None
    }

    /// The solution as pieces to take apart, each its cubes where it sits, in
    /// the order of the model's pieces; `None` for families whose solutions
    /// are no assemblies (see [`Family::DISASSEMBLES`]).
    fn assembly(&self, _solution: &Self::Solution) -> Option<Vec<crate::disassembly::Piece>> {
        None
    }

    /// The fewest pieces an assembly of this puzzle has (0 for families whose
    /// solutions are no assemblies): more than the take-apart can hold is
    /// refused before any search.
    fn fewest_pieces(&self) -> usize {
        0
    }

    /// The member of the solution's class that is taken apart: the one
    /// BurrTools keeps, where a family knows it (which copy is taken apart can
    /// change a level's later numbers), the canonical form otherwise.
    fn disassembly_copy(&self, solution: &Self::Solution) -> Self::Solution {
        self.canonical(solution)
    }

    /// The solution whose pieces sit as `pieces` say (a solution saved in a
    /// BurrTools file), not yet checked; `None` for families whose solutions
    /// are no assemblies.
    fn placed(&self, _pieces: &[PlacedPiece]) -> Option<Self::Solution> {
        None
    }

    /// The pieces to print, on the family's grid: with no solution, each
    /// kind of piece once, named as the model names it, in its own cells;
    /// with one, each piece where the solution puts it, named as its moves
    /// name it. `None` for families with no pieces to print.
    fn pieces_to_print(&self, _solution: Option<&Self::Solution>) -> Option<PiecesToPrint> {
        None
    }

    /// The shape the pieces fill, to cut into new pieces: its grid, the cells
    /// that must be covered and those that may stay empty. `None` for
    /// families whose puzzles fill no shape with pieces.
    fn shape(&self) -> Option<FilledShape> {
        None
    }

    /// What to call each piece of [`Family::assembly`] when its moves are
    /// written out, in the same order.
    fn piece_labels(&self, _solution: &Self::Solution) -> Vec<String> {
        Vec::new()
    }

    /// The puzzle as a model file of this family that reads back as the same
    /// puzzle, for a family whose models may come from other formats (packings
    /// from BurrTools files); `None` for the others.
    fn model_toml(&self, _title: &str, _source: Option<&str>) -> Option<String> {
        None
    }

    /// A reason there is no solution that shows without a search (a piece
    /// that fits nowhere), for a person to mend their model; `None` when no
    /// reason is plain.
    fn why_no_solution(&self) -> Option<String> {
        None
    }

    /// For a snake cube, its box: the box whose catalogue lists every string
    /// that folds in it.
    fn box_sides(&self) -> Option<[i32; 3]> {
        None
    }
}
