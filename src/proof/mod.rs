//! Certificates that a tool written by someone else can check: DRAT proofs that
//! a formula has no model, and for a count, the models found with proofs that
//! there are no others. varisat writes the proofs; [`drat`] reads and checks
//! them, so that checking needs no other program (drat-trim checks them too).

pub mod certificate;
pub mod drat;

use crate::cnf::Lit;
use crate::solve::{Model, SolveError};
use std::fmt::Write as _;
use varisat::{ExtendFormula, ProofFormat, Solver};

/// A text DRAT proof that the clauses have no model, or `None` with a model
/// when they have one. The proof is started before any clause is added, as
/// varisat's DRAT writer requires.
pub fn refute(vars: usize, clauses: &[Vec<Lit>]) -> Result<Result<Vec<u8>, Model>, SolveError> {
    let mut proof = Vec::new();
    let outcome = {
        let mut solver = Solver::new();
        solver.write_proof(&mut proof, ProofFormat::Drat);
        for clause in clauses {
            solver.add_clause(clause);
        }
        let sat = solver.solve().map_err(|e| SolveError(e.to_string()))?;
        if sat {
            let mut values = vec![false; vars];
            for lit in solver.model().unwrap_or_default() {
                if let Some(v) = values.get_mut(lit.var().index()) {
                    *v = lit.is_positive();
                }
            }
            Err(Model::from_values(values))
        } else {
            solver
                .close_proof()
                .map_err(|e| SolveError(e.to_string()))?;
            Ok(())
        }
    };
    Ok(outcome.map(|()| proof))
}

/// Clauses in DIMACS over `vars` variables, with comment lines first.
pub fn dimacs(vars: usize, clauses: &[Vec<Lit>], comments: &[String]) -> String {
    let mut out = String::new();
    for c in comments {
        let _ = writeln!(out, "c {c}");
    }
    let _ = writeln!(out, "p cnf {vars} {}", clauses.len());
    for clause in clauses {
        for lit in clause {
            let _ = write!(out, "{} ", lit.to_dimacs());
        }
        out.push_str("0\n");
    }
    out
}
