//! The solutions a BurrTools file saves with a problem, taken apart again and
//! held against the levels it saves: how a designer re-checks an old file.

use super::puzzle::Puzzle;
use super::search::threads_to_use;
use super::solution::Solution;
use crate::disassembly::Outcome;
use crate::error::{Error, Request};
use crate::model::burrtools;
use serde_json::{Value, json};

/// What came of taking an assembly apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separability {
    /// It comes apart (the solution says how).
    Apart,
    /// Some part cannot be taken apart.
    Stuck,
    /// A search passed the most states allowed before it had an answer.
    Undecided,
}

/// How a solution's level compares with the saved one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelVerdict {
    /// The level found is the saved one.
    Agrees,
    /// The level found is another (or none: the assembly does not come apart).
    Differs,
    /// The search passed the most states allowed before it had a level.
    Undecided,
    /// The file saves no separation to compare with.
    Unsaved,
}

/// One saved solution taken apart again.
#[derive(Clone, Debug)]
pub struct Retaken {
    /// Its place among the problem's saved solutions, from 1.
    pub number: usize,
    /// The assembly number the file gives it.
    pub assembly_number: Option<u64>,
    /// The level of the separation the file saves, if any.
    pub saved_level: Option<String>,
    /// The solution, checked, taken apart when it comes apart.
    pub solution: Solution,
    /// Whether it comes apart.
    pub separability: Separability,
    /// Its level against the saved one.
    pub verdict: LevelVerdict,
}

/// Every saved solution of a BurrTools problem, taken apart again.
#[derive(Clone, Debug)]
pub struct SavedReport {
    /// The problem's number in the file, from 1.
    pub problem: usize,
    /// Every saved solution, in the file's order.
    pub solutions: Vec<Retaken>,
    family: &'static str,
    name: String,
}

impl SavedReport {
    /// How many solutions have `verdict`.
    pub fn tally(&self, verdict: LevelVerdict) -> usize {
        self.solutions
            .iter()
            .filter(|s| s.verdict == verdict)
            .count()
    }

    /// The report as `disassemble --format json` prints it.
    pub fn to_json(&self) -> Value {
        let solutions: Vec<Value> = self
            .solutions
            .iter()
            .map(|r| {
                let mut object = json!({
                    "saved_solution": r.number,
                    "assembly_number": r.assembly_number,
                    "saved_level": r.saved_level,
                    "separable": r.separability == Separability::Apart,
                    "undecided": r.separability == Separability::Undecided,
                    "agrees": match r.verdict {
                        LevelVerdict::Agrees => json!(true),
                        LevelVerdict::Differs => json!(false),
                        LevelVerdict::Undecided | LevelVerdict::Unsaved => Value::Null,
                    },
                });
                if let Some(apart) = r.solution.taken_apart() {
                    object["level"] = json!(apart.level());
                    object["disassembly"] = apart.to_json();
                }
                object
            })
            .collect();
        json!({
            "family": self.family,
            "name": self.name,
            "problem": self.problem,
            "saved": self.solutions.len(),
            "agree": self.tally(LevelVerdict::Agrees),
            "differ": self.tally(LevelVerdict::Differs),
            "undecided": self.tally(LevelVerdict::Undecided),
            "solutions": solutions,
        })
    }
}

impl Puzzle {
    /// Takes apart again the solutions the BurrTools file saves with the
    /// problem, each search keeping at most `max_states` states, and holds
    /// each level against the saved one. A saved solution that is no
    /// assembly of the problem's pieces is bad input. The solutions are
    /// shared among one thread per core.
    pub fn retake_saved(&self, max_states: usize) -> Result<SavedReport, Error> {
        self.retake_saved_on(max_states, None)
    }

    /// [`Puzzle::retake_saved`] on `threads` threads (`None`: one per core;
    /// more than the cores are not started). The report is the same whatever
    /// the threads.
    pub fn retake_saved_on(
        &self,
        max_states: usize,
        threads: Option<usize>,
    ) -> Result<SavedReport, Error> {
        let Some(recorded) = &self.burrtools else {
            return Err(Error::input(
                self.file(),
                "(file)",
                "a BurrTools file (.xmpuzzle) with saved solutions; this is a TOML model",
            ));
        };
        self.check_request(Request::Disassembly)?;
        let saved =
            burrtools::saved_assemblies(self.file(), self.model_bytes(), recorded.problem - 1)?;
        let retaken = self.rules.take_apart_saved(
            self.file(),
            &saved,
            max_states,
            threads_to_use(threads),
        )?;
        let solutions = saved
            .iter()
            .zip(retaken)
            .map(|(saved, (value, outcome))| {
                let solution = Solution::new(&self.rules, value);
                let verdict = match (&outcome, &saved.level) {
                    (_, None) => LevelVerdict::Unsaved,
                    (Outcome::Undecided, _) => LevelVerdict::Undecided,
                    (Outcome::Apart(tree), Some(level)) if tree.level() == *level => {
                        LevelVerdict::Agrees
                    }
                    _ => LevelVerdict::Differs,
                };
                let (solution, separability) = match outcome {
                    Outcome::Apart(tree) => (solution.with_tree(tree), Separability::Apart),
                    Outcome::Stuck => (solution, Separability::Stuck),
                    Outcome::Undecided => (solution, Separability::Undecided),
                };
                Retaken {
                    number: saved.number,
                    assembly_number: saved.assembly_number,
                    saved_level: saved.level.clone(),
                    solution,
                    separability,
                    verdict,
                }
            })
            .collect();
        Ok(SavedReport {
            problem: recorded.problem,
            solutions,
            family: self.family(),
            name: self.name(),
        })
    }
}
