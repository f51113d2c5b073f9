//! The sudoku snake as a family: its model fields, its length to minimise or
//! maximise, and a full sudoku as the extension of a snake's parity grid.

use super::SudokuSnake;
use crate::cnf::Formula;
use crate::error::Error;
use crate::family::{Extended, Family, Optimised};
use crate::model::Fields;
use crate::puzzles::Puzzle;
use crate::render::picture::Extras;
use crate::types::Engine;
use crate::types::Goal;
use crate::types::Violation;
use serde_json::json;

impl Family for SudokuSnake {
    const NAME: &'static str = "sudoku-snake";
    const FIELDS: &'static [&'static str] = &[
        "size",
        "box",
        "even",
        "visit_every_box",
        "min_length",
        "max_length",
        "head",
        "head_parity",
    ];
    /// The path engine counts the classic grid's 3,084 snakes in about a
    /// second where the SAT engine, which makes the proofs, takes ten
    /// (BENCHMARKS.md).
    const ENGINES: &'static [Engine] = &[Engine::Path, Engine::Sat];
    const GOALS: &'static [(Goal, &'static str)] = &[
        (Goal::Minimise, "length to optimise"),
        (Goal::Maximise, "length to optimise"),
    ];
    const EXTENSION: Option<(&'static str, &'static str)> =
        Some(("sudoku", "parity grid to fill with digits"));

    fn parse(fields: &Fields) -> Result<Self, Error> {
        crate::model::sudoku_snake::parse(fields)
    }

    fn optimise(
        &self,
        goal: Goal,
        on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<Optimised<Self::Solution>>, Error> {
        let best = self.optimise_length(goal == Goal::Maximise, on_better)?;
        Ok(best.map(|o| Optimised {
            value: o.length,
            solution: o.solution,
        }))
    }

    fn measure(&self, _goal: Goal, solution: &Self::Solution) -> Result<usize, Violation> {
        self.check(solution)?;
        Ok(solution.snake.len())
    }

    fn past_optimum(&self, goal: Goal, optimum: Option<usize>) -> Option<Formula> {
        Some(self.beyond_optimum(goal == Goal::Maximise, optimum))
    }

    fn extend(&self, solution: &Self::Solution) -> Result<Extended, Error> {
        let digits = self.extend_to_sudoku(&solution.even)?;
        let text = match &digits {
            Some(d) => format!("A sudoku with these parities:\n{}", self.digits(d)),
            None => "No sudoku has these parities (proved).\n".to_string(),
        };
        Ok(Extended {
            json: json!(digits),
            text,
            extras: Extras {
                digits,
                ..Extras::default()
            },
        })
    }
}
