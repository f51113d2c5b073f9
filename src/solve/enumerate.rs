use super::{Model, Outcome, SatSolver, SolveError};
use std::time::{Duration, Instant};
use varisat::{Lit, Var};

/// How far an enumeration has got, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub found: u64,
    pub elapsed: Duration,
    /// Cubes searched to the end, out of `cubes` (1 when the search is not split):
    /// the part of a proof already done, even while nothing is found.
    pub cubes_done: usize,
    pub cubes: usize,
}

impl Progress {
    /// Models per second so far.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.found as f64 / secs
        } else {
            0.0
        }
    }
}

/// Enumerates models that differ on the projection variables: after each model a
/// blocking clause forbids its projection, so the solver keeps what it learnt.
/// Every call is made under the same assumptions, which lets a caller split the
/// search into independent cubes over one solver.
pub struct Enumerator<'s, 'r> {
    solver: &'s mut SatSolver<'r>,
    projection: Vec<Var>,
    assumptions: Vec<Lit>,
    true_literals_only: bool,
    done: bool,
    found: u64,
    started: Instant,
}

impl<'s, 'r> Enumerator<'s, 'r> {
    pub fn new(solver: &'s mut SatSolver<'r>, projection: &[Var]) -> Enumerator<'s, 'r> {
        Enumerator::under(solver, projection, &[])
    }

    pub fn under(
        solver: &'s mut SatSolver<'r>,
        projection: &[Var],
        assumptions: &[Lit],
    ) -> Enumerator<'s, 'r> {
        Enumerator {
            solver,
            projection: projection.to_vec(),
            assumptions: assumptions.to_vec(),
            true_literals_only: false,
            done: false,
            found: 0,
            started: Instant::now(),
        }
    }

    /// Block each model by its true projection literals only. Sound when every model
    /// sets the same number of projection variables true (one-hot groups, say): two
    /// different models then differ in a variable true in the first. The shorter
    /// clauses prune far more.
    pub fn blocking_true_literals_only(mut self) -> Self {
        self.true_literals_only = true;
        self
    }

    pub fn progress(&self) -> Progress {
        Progress {
            found: self.found,
            elapsed: self.started.elapsed(),
            cubes_done: usize::from(self.done),
            cubes: 1,
        }
    }

    /// Whether the enumeration has proved that no further model exists.
    pub fn is_exhausted(&self) -> bool {
        self.done
    }
}

impl Iterator for Enumerator<'_, '_> {
    type Item = Result<Model, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.solver.solve_under(&self.assumptions) {
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
            Ok(Outcome::Unsatisfiable) => {
                self.done = true;
                None
            }
            Ok(Outcome::Satisfiable(model)) => {
                self.found += 1;
                let blocking: Vec<Lit> = self
                    .projection
                    .iter()
                    .filter(|&&v| !self.true_literals_only || model.value(v))
                    .map(|&v| v.lit(!model.value(v)))
                    .collect();
                if blocking.is_empty() {
                    // Nothing distinguishes models: there is exactly one.
                    self.done = true;
                } else {
                    self.solver.add_clause(&blocking);
                }
                Some(Ok(model))
            }
        }
    }
}
