//! The sudoku snake as a family: its model fields, its length to minimise or
//! maximise, and a full sudoku as the extension of a snake's parity grid.

use super::SudokuSnake;
use crate::cnf::Formula;
use crate::error::Error;
use crate::family::Puzzle;
use crate::family::{Extended, ExtensionInfo, Family, GoalInfo, Optimised};
use crate::model::Fields;
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
    /// The path engine counts the classic grid's snakes many times faster than
    /// the SAT engine, which makes the proofs (BENCHMARKS.md, "The sudoku
    /// snake on the path engine").
    const ENGINES: &'static [Engine] = &[Engine::Path, Engine::Sat];
    const GOALS: &'static [GoalInfo] = &[
        GoalInfo {
            goal: Goal::Minimise,
            optimises: "length to optimise",
            does: "the shortest snake, with proof that none is shorter",
        },
        GoalInfo {
            goal: Goal::Maximise,
            optimises: "length to optimise",
            does: "the longest snake, with proof that none is longer",
        },
    ];
    const EXTENSION: Option<ExtensionInfo> = Some(ExtensionInfo {
        name: "sudoku",
        extends: "parity grid to fill with digits",
        does: "also fill the parity grid with digits to a valid sudoku",
    });

    fn parse(fields: &Fields) -> Result<Self, Error> {
        super::model::parse(fields)
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

    fn extend(&self, solution: &Self::Solution) -> Result<Extended<Self::Extension>, Error> {
        let digits = self.extend_to_sudoku(&solution.even)?;
        let text = match &digits {
            Some(d) => format!("A sudoku with these parities:\n{}", self.digits(d)),
            None => "No sudoku has these parities (proved).\n".to_string(),
        };
        Ok(Extended {
            json: json!(digits),
            text,
            pictured: digits,
        })
    }
}
