//! Snakes on a board as a family: its model fields, and the relaxation (the
//! fewest broken links) as its goal.

use super::BoardSnakes;
use crate::cnf::Formula;
use crate::error::Error;
use crate::family::{Family, GoalInfo, Optimised, Unfit};
use crate::model::Fields;
use crate::types::Engine;
use crate::types::Goal;
use crate::types::Violation;

impl Family for BoardSnakes {
    const NAME: &'static str = "board-snakes";
    const FIELDS: &'static [&'static str] = &["board", "heads", "length", "lengths", "full_cover"];
    const GOALS: &'static [GoalInfo] = &[GoalInfo {
        goal: Goal::Relax,
        optimises: "links to relax",
        does: "allow cut snakes and find the fewest cuts, with proof",
    }];
    const ENGINES: &'static [Engine] = &[Engine::Sat, Engine::Path];

    /// The path search for one snake filling the board (far faster than SAT
    /// on large grids: BENCHMARKS.md, "The path search for snakes"); SAT
    /// otherwise, the only engine for several snakes.
    fn default_engine(&self) -> Engine {
        if self.one_snake_fills_the_board() {
            Engine::Path
        } else {
            Engine::Sat
        }
    }

    fn engine_refusal(&self, engine: Engine) -> Option<Unfit> {
        (engine == Engine::Path && !self.one_snake_fills_the_board()).then(|| Unfit {
            field: "heads",
            needs: "one snake that fills the board".into(),
            others: "several snakes, or notches left empty".into(),
            instead: Engine::Sat,
        })
    }

    fn parse(fields: &Fields) -> Result<Self, Error> {
        super::model::parse(fields)
    }

    fn optimise(
        &self,
        goal: Goal,
        on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<Optimised<Self::Solution>>, Error> {
        debug_assert_eq!(goal, Goal::Relax);
        Ok(self.relax(on_better)?.map(|r| Optimised {
            value: r.broken_links,
            solution: r.snakes,
        }))
    }

    fn measure(&self, _goal: Goal, snakes: &Self::Solution) -> Result<usize, Violation> {
        self.check_relaxed(snakes)
    }

    /// One broken link fewer than the optimum; with none broken there is
    /// nothing to prove.
    fn past_optimum(&self, _goal: Goal, optimum: Option<usize>) -> Option<Formula> {
        match optimum {
            Some(0) => None,
            Some(k) => Some(self.relaxed_formula(Some(k - 1))),
            None => Some(self.relaxed_formula(None)),
        }
    }
}
