//! What a family is to the rest of the program: its name and model fields, its
//! puzzle (rules, encodings, symmetry), how it shows and draws a solution, and the
//! extra questions it can answer (an optimum, an extension of a solution). Every
//! command reaches a family through this trait and the list in
//! [`crate::registry`], so a new family is its own files and one line there.

use crate::cnf::Formula;
use crate::error::Error;
use crate::model::Fields;
use crate::model::burrtools::PlacedPiece;
use crate::render::Present;
use crate::render::picture::{Draw, Extras};
use crate::types::Engine;
use crate::types::{Goal, Violation};
use serde_json::Value;
use std::fmt;

/// An optimal solution and its value under the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimised<S> {
    pub value: usize,
    pub solution: S,
}

/// What a family's extension made of a solution: a value for the JSON answer, a
/// text for a person, and what a picture may add.
#[derive(Clone, Debug)]
pub struct Extended {
    pub json: Value,
    pub text: String,
    pub extras: Extras,
}

/// A puzzle family: everything the commands need of it. The associated
/// constants tell the commands which requests the family serves, so that a
/// request it does not serve is refused before anything runs.
pub trait Family: Present + Draw + Clone + fmt::Debug + Sized {
    /// The name models give in their `family` field.
    const NAME: &'static str;
    /// The model fields of this family, beside `family`, `name` and `source`.
    const FIELDS: &'static [&'static str];
    /// The engines that can search it, the fastest (the default) first.
    const ENGINES: &'static [Engine] = &[Engine::Sat];
    /// The goals [`Family::optimise`] serves, with what each one optimises
    /// ("links to relax", "length to optimise").
    const GOALS: &'static [(Goal, &'static str)] = &[];
    /// The extension [`Family::extend`] computes, with what it extends (the
    /// sudoku snake's `sudoku`, "parity grid to fill with digits").
    const EXTENSION: Option<(&'static str, &'static str)> = None;
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
    /// [`Family::ENGINES`] (some puzzles of a family have no form for it):
    /// the model field at fault and what `engine` expects of it.
    fn engine_refusal(&self, _engine: Engine) -> Option<(&'static str, String)> {
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
    fn extend(&self, _solution: &Self::Solution) -> Result<Extended, Error> {
        Err(Error::Unsupported(format!(
            "a {} has no extension",
            Self::NAME
        )))
    }

    /// The solution as pieces to take apart, each its cubes where it sits, in
    /// the order of the model's pieces; `None` for families whose solutions
    /// are no assemblies (see [`Family::DISASSEMBLES`]).
    fn assembly(&self, _solution: &Self::Solution) -> Option<Vec<crate::tasks::Piece>> {
        None
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
}
