//! Checking a solution given as JSON (the form `solve --format json` prints):
//! every key it carries is read, claims such as an optimum by solving again.

use super::puzzle::Puzzle;
use super::solution::Solution;
use crate::error::Error;
use crate::files;
use crate::types::Violation;
use serde_json::Value;
use std::path::Path;

/// The name errors give a solution checked from a value, not a file.
const VALUE: &str = "<solution>";

impl Puzzle {
    /// Checks the solution file: `Ok(Err(violation))` when it breaks a rule
    /// or a claim it makes; an error when the file is not a solution of this
    /// puzzle's form.
    pub fn check_file(&self, file: impl AsRef<Path>) -> Result<Result<(), Violation>, Error> {
        let file = file.as_ref();
        let text = files::read_text(file, "the solution", files::MAX_PROOF_BYTES)?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| Error::input(file, "(JSON syntax)", format!("valid JSON: {e}")))?;
        self.rules.check_file(file, &value)
    }

    /// Checks a solution given as a JSON value, as [`Puzzle::check_file`]
    /// does; errors name it `<solution>`.
    ///
    /// ```
    /// use puzzlesat::{Puzzle, SolveRequest};
    ///
    /// let cube = Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [2, 2, 2, 2, 2, 2, 2]\n",
    /// )?;
    /// let solved = cube.solve(&SolveRequest::default(), &mut |_| {})?;
    /// assert_eq!(cube.check_json(&solved.to_json())?, Ok(()));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn check_json(&self, value: &Value) -> Result<Result<(), Violation>, Error> {
        self.rules.check_file(Path::new(VALUE), value)
    }

    /// Reads a solution from its JSON (the solution's own keys; any others
    /// are ignored) and checks it against the puzzle's rules: a solution
    /// that breaks one is an error naming the rule.
    pub fn solution_from_json(&self, value: &Value) -> Result<Solution, Error> {
        let read = self
            .rules
            .read_json(value)
            .map_err(|(field, expected)| Error::input(VALUE, field, expected))?;
        let solution = Solution::new(&self.rules, read);
        solution.check().map_err(|v| {
            Error::input(
                VALUE,
                "(solution)",
                format!("a solution of the puzzle, but {v}"),
            )
        })?;
        Ok(solution)
    }
}
