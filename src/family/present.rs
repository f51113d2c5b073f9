//! How a family shows its puzzle and its solutions: text for a person, and
//! JSON that a program reads back.

use super::Puzzle;
use crate::types::{Claim, Goal};
use serde_json::{Map, Value};

/// How a family shows its puzzle and its solutions.
pub trait Present: Puzzle {
    /// One line saying what the puzzle is (box, pieces, sizes).
    fn summary(&self) -> String;

    /// The puzzle as the tool reads it, for `show`: what a person needs to write or
    /// check a model (the board's notch numbers, the string's segments, the pieces).
    fn describe(&self) -> String {
        String::new()
    }

    /// A solution for a person to follow.
    fn text(&self, solution: &Self::Solution) -> String;

    /// A solution as a JSON object (the keys are part of the command-line contract).
    fn json(&self, solution: &Self::Solution) -> serde_json::Map<String, Value>;

    /// Reads a solution back from the JSON that [`Present::json`] writes; the error
    /// names the key and what was expected.
    fn read_json(&self, value: &Value) -> Result<Self::Solution, (String, String)>;

    /// The keys [`Present::read_json`] reads.
    fn solution_keys(&self) -> &'static [&'static str];

    /// The other keys [`Present::json`] writes, derived from the solution: a file
    /// must agree with what its solution derives.
    fn derived_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// Checks a key that is neither the solution nor derived from it.
    fn claim(&self, _key: &str, _value: &Value, _solution: &Self::Solution) -> Claim {
        Claim::Unknown
    }

    /// A value of the measure a goal optimises, in words: "3 broken links",
    /// "27 cells".
    fn value_words(&self, _goal: Goal, value: usize) -> String {
        value.to_string()
    }

    /// An optimum (`solution`, of `value`) for a person: what it is, proved, in
    /// `took`, and the solution.
    fn optimum_text(
        &self,
        _goal: Goal,
        value: usize,
        solution: &Self::Solution,
        took: &str,
    ) -> String {
        format!(
            "The optimum is {} (proved in {took}).\n\n{}",
            value,
            self.text(solution)
        )
    }

    /// What to say when the goal's rules admit no solution at all.
    fn no_optimum_text(&self, _goal: Goal, took: &str) -> String {
        format!("No solution: the solver proved it unsatisfiable in {took}.\n")
    }

    /// The keys an optimum adds to a JSON answer, before the solution's own.
    fn optimum_json(&self, _goal: Goal, _value: usize) -> Map<String, Value> {
        Map::new()
    }

    /// What the models of the formula one past `optimum` would be, and what its
    /// refutation proves (with no optimum: that no solution exists under the
    /// goal's rules).
    fn past_optimum_words(&self, _goal: Goal, optimum: Option<usize>) -> (String, String) {
        match optimum {
            Some(k) => (
                format!("solutions better than {k}"),
                format!("nothing beats {k}"),
            ),
            None => ("solutions".into(), "there is no solution".into()),
        }
    }
}
