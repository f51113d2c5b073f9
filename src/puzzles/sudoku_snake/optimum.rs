//! The shortest and longest snakes, and the formulas past them that a proof of
//! either extreme refutes.

use super::{SnakeGrid, SudokuSnake};
use crate::cnf::{Formula, Lit, Totalizer};
use crate::family::Puzzle;
use crate::solve::{CubeSearch, Model, SolveError, default_threads, minimise_in_cubes};

/// Cells whose membership splits each query of the length optimisation: on the
/// 9x9 grid 2 (4 cubes) proved both extremes fastest of 1 to 4 (BENCHMARKS.md).
const OPTIMISE_CUBE_CELLS: usize = 2;

/// The parity solution of the optimisation of the snake length.
#[derive(Clone, Debug)]
pub(crate) struct LengthOptimum {
    pub solution: SnakeGrid,
    /// The solver proved no snake is shorter (or longer, when maximising).
    pub length: usize,
}

impl SudokuSnake {
    /// The shortest (or longest) snake, with the proof that none is shorter
    /// (longer): the shared descending bound loop over a totalizer on the snake
    /// cells (or on the cells off the snake). `on_better` is told the length of
    /// each snake found better than the last.
    pub(crate) fn optimise_length(
        &self,
        maximise: bool,
        on_better: &mut dyn FnMut(usize),
    ) -> Result<Option<LengthOptimum>, SolveError> {
        let cells = self.rules.size * self.rules.size;
        let mut f = Formula::new();
        // The no-loop rule in full makes the shortest snake quicker to find and
        // the longest slower than cutting loops lazily (BENCHMARKS.md).
        let loops = (!maximise).then(|| self.longest());
        let d = self.build(&mut f, loops);
        let cost: Vec<Lit> =
            d.on.iter()
                .map(|&l| if maximise { !l } else { l })
                .collect();
        let counter = Totalizer::new(&mut f, &cost, cost.len());
        let refine = |m: &Model| self.refine(&d, m);
        let cubes = self.cubes(&d, OPTIMISE_CUBE_CELLS);
        let search = CubeSearch {
            formula: &f,
            projection: &[],
            projection_constant_weight: true,
            cubes: &cubes,
            fixed_prefix: 0,
            threads: default_threads(),
            refinement: Some(&refine),
            first_only: false,
        };
        let mut report = |cost: usize| on_better(if maximise { cells - cost } else { cost });
        let Some(best) = minimise_in_cubes(search, &counter, &cost, &mut report)? else {
            return Ok(None);
        };
        let solution = self.read(&d, &best.model);
        self.check(&solution)
            .map_err(|v| SolveError(format!("an optimal snake breaks the rules: {v}")))?;
        let length = solution.snake.len();
        Ok(Some(LengthOptimum { solution, length }))
    }

    /// The most cells a snake can have.
    pub(super) fn longest(&self) -> usize {
        let cells = self.rules.size * self.rules.size;
        self.rules.max_length.unwrap_or(cells).min(cells)
    }

    /// The formula that a proof of an optimum refutes: every rule as clauses,
    /// the no-loop rule too, and the length one past `optimum`: at most
    /// `optimum - 1` cells when minimising, at least `optimum + 1` when
    /// maximising. With no optimum (no snake at all) the length is free.
    pub(crate) fn beyond_optimum(&self, maximise: bool, optimum: Option<usize>) -> Formula {
        let mut f = Formula::new();
        let places = match optimum {
            Some(k) if !maximise => self.longest().min(k.saturating_sub(1)),
            _ => self.longest(),
        };
        let d = self.build(&mut f, Some(places));
        match optimum {
            None => {}
            Some(k) if maximise => Totalizer::add_at_least(&mut f, &d.on, k + 1),
            Some(0) => f.add_clause([]),
            Some(k) => Totalizer::add_at_most(&mut f, &d.on, k - 1),
        }
        f
    }
}
