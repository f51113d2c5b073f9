use super::{Model, Outcome, SatSolver, SolveError};
use varisat::{Lit, Var};

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
}

impl<'s, 'r> Enumerator<'s, 'r> {
    #[cfg(test)]
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
