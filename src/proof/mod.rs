//! Certificates that a tool written by someone else can check: DRAT proofs that
//! a formula has no model, and for a count, the models found with proofs that
//! there are no others. varisat writes the proofs; [`drat`] reads and checks
//! them, so that checking needs no other program (drat-trim checks them too).

pub mod certificate;
mod checker;
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

#[cfg(test)]
mod tests {
    use super::checker::Checker;
    use super::drat::{Dimacs, Step, check_refutation, parse_drat};
    use super::refute;
    use crate::cnf::Lit;
    use proptest::prelude::*;

    fn satisfiable(vars: usize, clauses: &[Vec<i64>]) -> bool {
        (0..1u32 << vars).any(|bits| {
            clauses.iter().all(|c| {
                c.iter().any(|&l| {
                    let value = bits >> (l.unsigned_abs() - 1) & 1 == 1;
                    value == (l > 0)
                })
            })
        })
    }

    fn literal(vars: usize) -> impl Strategy<Value = i64> {
        (1..=vars as i64, any::<bool>()).prop_map(|(v, positive)| if positive { v } else { -v })
    }

    /// The forward check, as a reference: every lemma in order must be RUP.
    fn forward_check(formula: &Dimacs, steps: &[Step]) -> bool {
        let mut checker = Checker::new(formula.vars);
        for clause in &formula.clauses {
            checker.add(clause);
        }
        for step in steps {
            if checker.in_conflict() {
                return true;
            }
            match step {
                Step::Lemma(lemma) => {
                    if !checker.implies(lemma) {
                        return false;
                    }
                    checker.add(lemma);
                }
                Step::Delete(clause) => {
                    checker.delete(clause);
                }
            }
        }
        checker.in_conflict()
    }

    /// varisat's refutation of a formula given as DIMACS clauses.
    fn refutation(vars: usize, clauses: &[Vec<i64>]) -> Vec<Step> {
        let lits: Vec<Vec<Lit>> = clauses
            .iter()
            .map(|c| c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect())
            .collect();
        let proof = refute(vars, &lits).unwrap().expect("unsatisfiable");
        parse_drat(&String::from_utf8(proof).unwrap()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A refutation of a formula, checked against weaker formulas: with one
        /// clause left out, wherever the forward check accepts it so does the
        /// backward one; with clauses left out until the formula is satisfiable, it
        /// is refused (the backward check skips lemmas, but never one a conflict
        /// rests on).
        #[test]
        fn a_proof_is_refused_for_a_satisfiable_formula_it_was_not_made_for(
            clauses in proptest::collection::vec(proptest::collection::vec(literal(9), 3..4), 40..60),
            left_out in any::<proptest::sample::Index>(),
        ) {
            let vars = 9;
            prop_assume!(!satisfiable(vars, &clauses));
            let steps = refutation(vars, &clauses);
            let mut fewer = clauses.clone();
            let at = left_out.index(clauses.len());
            fewer.remove(at);
            let weaker = Dimacs { vars, clauses: fewer.clone() };
            if forward_check(&weaker, &steps) {
                prop_assert!(check_refutation(&weaker, &steps).is_ok());
            }
            while !satisfiable(vars, &fewer) {
                fewer.remove(at % fewer.len());
            }
            let satisfiable = Dimacs { vars, clauses: fewer };
            prop_assert!(check_refutation(&satisfiable, &steps).is_err());
        }

        /// varisat's proofs of unsatisfiable formulas pass the checker, and no
        /// proof, however made, passes for a satisfiable one.
        #[test]
        fn the_checker_accepts_real_refutations_and_nothing_for_satisfiable_formulas(
            clauses in proptest::collection::vec(proptest::collection::vec(literal(8), 2..4), 20..70),
            lemmas in proptest::collection::vec(proptest::collection::vec(literal(8), 0..3), 0..8),
        ) {
            let vars = 8;
            let formula = Dimacs { vars, clauses: clauses.clone() };
            if satisfiable(vars, &clauses) {
                let mut text: String = lemmas
                    .iter()
                    .map(|l| l.iter().map(|x| format!("{x} ")).collect::<String>() + "0\n")
                    .collect();
                text.push_str("0\n");
                let steps = parse_drat(&text).unwrap();
                prop_assert!(check_refutation(&formula, &steps).is_err());
            } else {
                let lits: Vec<Vec<Lit>> = clauses
                    .iter()
                    .map(|c| c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect())
                    .collect();
                let proof = refute(vars, &lits).unwrap().expect("unsatisfiable");
                let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
                prop_assert_eq!(check_refutation(&formula, &steps), Ok(()));
            }
        }
    }
}
