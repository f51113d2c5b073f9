//! The one place the public API meets the families: [`Dispatch`] is every
//! operation of the API on a puzzle whose family is not named, implemented
//! once for every [`Family`] by calling the generic tasks. Solutions cross it
//! as [`Value`](AnyValue)s that only the puzzle they came from reads back.

use crate::disassembly::{Outcome, Separation};
use crate::error::Error;
use crate::family::{Family, Unfit};
use crate::family::{FilledShape, PiecesToPrint, Present};
use crate::model::burrtools::SavedAssembly;
use crate::registry::FamilyInfo;
use crate::render::picture::{Disassembly, PictureFormat};
use crate::solve::Progress;
use crate::tasks::certificate::{Certificate, Sink, Verified};
use crate::tasks::optimum::PuzzleFormula;
use crate::tasks::picture::{Shown, picture};
use crate::tasks::solve::{SolveEvent, SolveOptions};
use crate::tasks::{self, CountOptions, Disassembled, Found, SearchOptions};
use crate::types::{Engine, Goal, Violation};
use serde_json::{Map, Value};
use std::any::Any;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// A solution, or what an extension made of one, of a puzzle whose family is
/// not named: only that puzzle reads it back.
pub(crate) type AnyValue = Arc<dyn Any + Send + Sync>;

/// A solve's answer with its solution unnamed.
pub(crate) type AnySolved = tasks::solve::Solved<AnyValue, AnyValue>;

/// A solution to draw, as [`Shown`] with its parts unnamed.
pub(crate) struct AnyShown<'a> {
    pub caption: &'a str,
    pub solution: &'a AnyValue,
    pub extension: Option<&'a AnyValue>,
    pub disassembly: Option<&'a Disassembly>,
}

/// Every operation of the public API, on a puzzle of any family.
pub(crate) trait Dispatch: Send + Sync + fmt::Debug {
    fn info(&self) -> FamilyInfo;
    fn summary(&self) -> String;
    fn describe(&self) -> String;
    fn model_toml(&self, title: &str, source: Option<&str>) -> Option<String>;
    fn why_no_solution(&self) -> Option<String>;
    fn box_sides(&self) -> Option<[i32; 3]>;
    fn default_engine(&self) -> Engine;
    fn engine_refusal(&self, engine: Engine) -> Option<Unfit>;
    fn formula_estimate(&self) -> Option<(u64, &'static str)>;
    fn breaks_symmetry(&self) -> bool;

    fn text(&self, solution: &AnyValue) -> String;
    fn json(&self, solution: &AnyValue) -> Map<String, Value>;
    fn labels(&self, solution: &AnyValue) -> Vec<String>;
    fn pieces_to_print(&self, solution: Option<&AnyValue>) -> Option<PiecesToPrint>;
    fn shape(&self) -> Option<FilledShape>;
    fn check(&self, solution: &AnyValue) -> Result<(), Violation>;
    fn read_json(&self, value: &Value) -> Result<AnyValue, (String, String)>;
    fn check_file(&self, file: &Path, value: &Value) -> Result<Result<(), Violation>, Error>;

    fn value_words(&self, goal: Goal, value: usize) -> String;
    fn optimum_text(&self, goal: Goal, value: usize, solution: &AnyValue, took: &str) -> String;
    fn no_optimum_text(&self, goal: Goal, took: &str) -> String;
    fn optimum_json(&self, goal: Goal, value: usize) -> Map<String, Value>;
    fn past_optimum_words(&self, goal: Goal, optimum: Option<usize>) -> (String, String);

    fn solve(
        &self,
        options: &SolveOptions,
        on_event: &mut dyn FnMut(SolveEvent<'_>),
    ) -> Result<AnySolved, Error>;
    fn count(
        &self,
        options: &CountOptions,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<tasks::Count, Error>;
    fn disassemble_all(
        &self,
        search: &SearchOptions,
        max_states: usize,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Disassembled, Error>;
    /// Every solution (with `unique`, one per class), until `on_each` says stop;
    /// whether the search ran to its end.
    fn for_each_solution(
        &self,
        search: &SearchOptions,
        unique: bool,
        on_each: &mut dyn FnMut(AnyValue) -> bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<bool, Error>;
    fn for_each_separable(
        &self,
        search: &SearchOptions,
        max_states: usize,
        on_each: &mut dyn FnMut(AnyValue, &Separation) -> bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Disassembled, Error>;
    fn take_apart_saved(
        &self,
        file: &Path,
        saved: &[SavedAssembly],
        max_states: usize,
        threads: usize,
    ) -> Result<Vec<(AnyValue, Outcome)>, Error>;

    fn formula(&self, symmetry_breaking: bool) -> PuzzleFormula;
    /// The optimum for `goal` found again, and the formula one past it.
    fn past_optimum(
        &self,
        goal: Goal,
    ) -> Result<(Option<usize>, Option<crate::cnf::Formula>), Error>;
    fn check_refutation(&self, proof: &str) -> Result<(), String>;
    /// `None` when an optimum needs no proof.
    fn check_optimum_proof(
        &self,
        goal: Goal,
        optimum: Option<usize>,
        proof: &str,
    ) -> Option<Result<(), String>>;
    fn certify_count(
        &self,
        symmetry_breaking: bool,
        threads: usize,
        sink: &mut Sink<'_>,
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Certificate, Error>;
    fn verify_count(
        &self,
        symmetry_breaking: bool,
        threads: usize,
        read: &(dyn Fn(&str) -> Result<String, String> + Sync),
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Verified, String>;

    fn picture(
        &self,
        format: PictureFormat,
        title: &str,
        shown: &[AnyShown<'_>],
        note: Option<&str>,
    ) -> String;
}

/// The family's own value behind an unnamed one. Every value a puzzle reads
/// back was made by that puzzle ([`crate::api`] checks that a solution handed
/// in belongs to the puzzle), so a value of another type is a fault of the
/// library.
fn own<T: 'static>(value: &AnyValue) -> &T {
    value
        .downcast_ref::<T>()
        .expect("a value made by this puzzle")
}

fn unnamed<T: Send + Sync + 'static>(value: T) -> AnyValue {
    Arc::new(value)
}

impl<F: Family> Dispatch for F {
    fn info(&self) -> FamilyInfo {
        FamilyInfo::of::<F>()
    }

    fn summary(&self) -> String {
        Present::summary(self)
    }

    fn describe(&self) -> String {
        Present::describe(self)
    }

    fn model_toml(&self, title: &str, source: Option<&str>) -> Option<String> {
        Family::model_toml(self, title, source)
    }

    fn why_no_solution(&self) -> Option<String> {
        Family::why_no_solution(self)
    }

    fn box_sides(&self) -> Option<[i32; 3]> {
        Family::box_sides(self)
    }

    fn default_engine(&self) -> Engine {
        Family::default_engine(self)
    }

    fn engine_refusal(&self, engine: Engine) -> Option<Unfit> {
        Family::engine_refusal(self, engine)
    }

    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        crate::family::Puzzle::formula_estimate(self)
    }

    fn breaks_symmetry(&self) -> bool {
        crate::family::Puzzle::breaks_symmetry(self)
    }

    fn text(&self, solution: &AnyValue) -> String {
        Present::text(self, own(solution))
    }

    fn json(&self, solution: &AnyValue) -> Map<String, Value> {
        Present::json(self, own(solution))
    }

    fn labels(&self, solution: &AnyValue) -> Vec<String> {
        Family::piece_labels(self, own(solution))
    }

    fn shape(&self) -> Option<FilledShape> {
        Family::shape(self)
    }

    fn pieces_to_print(&self, solution: Option<&AnyValue>) -> Option<PiecesToPrint> {
        Family::pieces_to_print(self, solution.map(own))
    }

    fn check(&self, solution: &AnyValue) -> Result<(), Violation> {
        crate::family::Puzzle::check(self, own(solution))
    }

    fn read_json(&self, value: &Value) -> Result<AnyValue, (String, String)> {
        Present::read_json(self, value).map(unnamed)
    }

    fn check_file(&self, file: &Path, value: &Value) -> Result<Result<(), Violation>, Error> {
        tasks::check_solution_file(self, file, value)
    }

    fn value_words(&self, goal: Goal, value: usize) -> String {
        Present::value_words(self, goal, value)
    }

    fn optimum_text(&self, goal: Goal, value: usize, solution: &AnyValue, took: &str) -> String {
        Present::optimum_text(self, goal, value, own(solution), took)
    }

    fn no_optimum_text(&self, goal: Goal, took: &str) -> String {
        Present::no_optimum_text(self, goal, took)
    }

    fn optimum_json(&self, goal: Goal, value: usize) -> Map<String, Value> {
        Present::optimum_json(self, goal, value)
    }

    fn past_optimum_words(&self, goal: Goal, optimum: Option<usize>) -> (String, String) {
        Present::past_optimum_words(self, goal, optimum)
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_event: &mut dyn FnMut(SolveEvent<'_>),
    ) -> Result<AnySolved, Error> {
        let solved = tasks::solve::solve(self, options, on_event)?;
        Ok(tasks::solve::Solved {
            solution: solved.solution.map(unnamed),
            value: solved.value,
            extended: solved.extended.map(|e| crate::family::Extended {
                json: e.json,
                text: e.text,
                pictured: e.pictured.map(unnamed),
            }),
            proof: solved.proof,
            elapsed: solved.elapsed,
        })
    }

    fn count(
        &self,
        options: &CountOptions,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<tasks::Count, Error> {
        tasks::count(self, options, on_progress)
    }

    fn disassemble_all(
        &self,
        search: &SearchOptions,
        max_states: usize,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Disassembled, Error> {
        tasks::disassemble_all(self, search, max_states, on_progress)
    }

    fn for_each_solution(
        &self,
        search: &SearchOptions,
        unique: bool,
        on_each: &mut dyn FnMut(AnyValue) -> bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<bool, Error> {
        tasks::for_each_solution(
            self,
            search,
            &mut |found| match (found, unique) {
                (Found::Solution(s), false) | (Found::NewClass(s), true) => {
                    on_each(unnamed(s.clone()))
                }
                _ => true,
            },
            on_progress,
        )
    }

    fn for_each_separable(
        &self,
        search: &SearchOptions,
        max_states: usize,
        on_each: &mut dyn FnMut(AnyValue, &Separation) -> bool,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Disassembled, Error> {
        tasks::for_each_separable(
            self,
            search,
            max_states,
            &mut |assembly, tree| on_each(unnamed(assembly.clone()), tree),
            on_progress,
        )
    }

    fn take_apart_saved(
        &self,
        file: &Path,
        saved: &[SavedAssembly],
        max_states: usize,
        threads: usize,
    ) -> Result<Vec<(AnyValue, Outcome)>, Error> {
        Ok(
            tasks::take_apart_saved(self, file, saved, max_states, threads)?
                .into_iter()
                .map(|r| (unnamed(r.solution), r.outcome))
                .collect(),
        )
    }

    fn formula(&self, symmetry_breaking: bool) -> PuzzleFormula {
        tasks::optimum::puzzle_formula(self, symmetry_breaking)
    }

    fn past_optimum(
        &self,
        goal: Goal,
    ) -> Result<(Option<usize>, Option<crate::cnf::Formula>), Error> {
        let optimum = tasks::optimum::optimise(self, goal, &mut |_| {})?.map(|o| o.value);
        let formula = tasks::optimum::past_optimum(self, goal, optimum)
            .or_else(|| tasks::optimum::past_optimum(self, goal, None));
        Ok((optimum, formula))
    }

    fn check_refutation(&self, proof: &str) -> Result<(), String> {
        tasks::optimum::check_refutation(self, proof)
    }

    fn check_optimum_proof(
        &self,
        goal: Goal,
        optimum: Option<usize>,
        proof: &str,
    ) -> Option<Result<(), String>> {
        tasks::optimum::check_optimum_proof(self, goal, optimum, proof)
    }

    fn certify_count(
        &self,
        symmetry_breaking: bool,
        threads: usize,
        sink: &mut Sink<'_>,
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Certificate, Error> {
        tasks::certificate::certify_count(self, symmetry_breaking, threads, sink, on_cube)
    }

    fn verify_count(
        &self,
        symmetry_breaking: bool,
        threads: usize,
        read: &(dyn Fn(&str) -> Result<String, String> + Sync),
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Verified, String> {
        tasks::certificate::verify_count(self, symmetry_breaking, threads, read, on_cube)
    }

    fn picture(
        &self,
        format: PictureFormat,
        title: &str,
        shown: &[AnyShown<'_>],
        note: Option<&str>,
    ) -> String {
        let shown: Vec<Shown<'_, F>> = shown
            .iter()
            .map(|s| Shown {
                caption: s.caption,
                solution: own(s.solution),
                extension: s.extension.map(own),
                disassembly: s.disassembly,
            })
            .collect();
        picture(self, format, title, &shown, note)
    }
}
