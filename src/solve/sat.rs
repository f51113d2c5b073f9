use crate::cnf::Formula;
use std::fmt;
use varisat::{ExtendFormula, Lit, Solver, Var};

/// A satisfying assignment of every variable of the formula.
#[derive(Clone, Debug)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from the value of every variable, by index.
    pub fn from_values(values: Vec<bool>) -> Model {
        Model { values }
    }

    /// The value of every variable, by index.
    pub fn values(&self) -> &[bool] {
        &self.values
    }

    pub fn value(&self, var: Var) -> bool {
        self.values.get(var.index()).copied().unwrap_or(false)
    }

    pub fn lit(&self, lit: Lit) -> bool {
        self.value(lit.var()) == lit.is_positive()
    }
}

/// What one solver call established.
#[derive(Clone, Debug)]
pub enum Outcome {
    Satisfiable(Model),
    /// No model exists (under the assumptions of the call, if any).
    Unsatisfiable,
}

/// The solver failed for a reason other than the formula (it never does for
/// in-memory formulas, but varisat's API says it may).
#[derive(Debug)]
pub struct SolveError(pub String);

/// The solver's failure, as the library reports it.
impl From<SolveError> for crate::error::Error {
    fn from(e: SolveError) -> crate::error::Error {
        crate::error::Error::Solver(e.0)
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SAT solver failed: {}", self.0)
    }
}

impl std::error::Error for SolveError {}

/// A lazy constraint: given a model of the formula, a clause the model violates
/// when it is not a real solution (for example a snake plus a separate loop), or
/// `None` when it is one. The clause must hold for every real solution.
pub type Refinement<'r> = &'r (dyn Fn(&Model) -> Option<Vec<Lit>> + Sync);

/// An incremental varisat solver loaded with a formula, and optionally a lazy
/// constraint checked on every model before it is returned.
pub struct SatSolver<'r> {
    solver: Solver<'static>,
    var_count: usize,
    refinement: Option<Refinement<'r>>,
}

impl<'r> SatSolver<'r> {
    pub fn new(formula: &Formula) -> SatSolver<'r> {
        let mut solver = Solver::new();
        for clause in formula.clauses() {
            solver.add_clause(clause);
        }
        SatSolver {
            solver,
            var_count: formula.var_count(),
            refinement: None,
        }
    }

    /// Models rejected by `refinement` are cut off by its clause and never returned.
    pub fn with_refinement(formula: &Formula, refinement: Option<Refinement<'r>>) -> SatSolver<'r> {
        let mut solver = SatSolver::new(formula);
        solver.refinement = refinement;
        solver
    }

    /// Adds a clause for all later calls (blocking clauses, tightened bounds).
    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    pub fn solve(&mut self) -> Result<Outcome, SolveError> {
        self.solve_under(&[])
    }

    /// Solves with `assumptions` holding for this call only.
    pub fn solve_under(&mut self, assumptions: &[Lit]) -> Result<Outcome, SolveError> {
        loop {
            self.solver.assume(assumptions);
            let sat = self.solver.solve().map_err(|e| SolveError(e.to_string()))?;
            if !sat {
                return Ok(Outcome::Unsatisfiable);
            }
            let mut values = vec![false; self.var_count];
            for lit in self.solver.model().unwrap_or_default() {
                if let Some(v) = values.get_mut(lit.var().index()) {
                    *v = lit.is_positive();
                }
            }
            let model = Model { values };
            match self.refinement.and_then(|refine| refine(&model)) {
                Some(cut) => {
                    if cut.iter().any(|&l| model.lit(l)) {
                        return Err(SolveError(
                            "a refinement clause does not cut off its model".into(),
                        ));
                    }
                    self.solver.add_clause(&cut);
                }
                None => return Ok(Outcome::Satisfiable(model)),
            }
        }
    }
}
