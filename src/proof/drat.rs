//! DIMACS formulas and text DRAT proofs, read and checked here so that checking a
//! certificate needs no other program. The proof must reach the empty clause,
//! and every lemma it rests on must follow from the clauses before it by unit
//! propagation (RUP); the check walks the proof backwards to find those lemmas
//! (see [`check_refutation`]). Deletions are applied, except of unit clauses and
//! of the clauses that forced a top-level assignment, which checkers
//! conventionally ignore (so does drat-trim) since solvers delete them while they
//! still act.

use super::checker::Checker;
pub use super::checker::DimacsLit;

/// A formula as read from DIMACS: its declared variables and its clauses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dimacs {
    pub vars: usize,
    pub clauses: Vec<Vec<DimacsLit>>,
}

/// Reads a DIMACS CNF file's text (comments allowed), or says what is wrong.
pub fn parse_dimacs(text: &str) -> Result<Dimacs, String> {
    let mut header: Option<(usize, usize)> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('p') {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            match fields.as_slice() {
                ["cnf", v, c] if header.is_none() => {
                    let parse = |s: &str| s.parse::<usize>().ok();
                    header = parse(v).zip(parse(c));
                    if header.is_none() {
                        return Err(format!(
                            "line {}: a header `p cnf VARS CLAUSES`",
                            number + 1
                        ));
                    }
                }
                _ => {
                    return Err(format!(
                        "line {}: a header `p cnf VARS CLAUSES`, once",
                        number + 1
                    ));
                }
            }
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(format!(
                "line {}: the header `p cnf` before any clause",
                number + 1
            ));
        };
        for word in line.split_whitespace() {
            let lit: DimacsLit = word
                .parse()
                .map_err(|_| format!("line {}: a literal, got {word:?}", number + 1))?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
            } else if lit.unsigned_abs() as usize > vars {
                return Err(format!(
                    "line {}: literal {lit} beyond the {vars} variables declared",
                    number + 1
                ));
            } else {
                current.push(lit);
            }
        }
    }
    let Some((vars, count)) = header else {
        return Err("a header `p cnf VARS CLAUSES`".into());
    };
    if !current.is_empty() {
        return Err("every clause ended by 0, but the last is not".into());
    }
    if clauses.len() != count {
        return Err(format!(
            "{count} clauses, as the header says, got {}",
            clauses.len()
        ));
    }
    Ok(Dimacs { vars, clauses })
}

/// A text DRAT step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Lemma(Vec<DimacsLit>),
    Delete(Vec<DimacsLit>),
}

/// Reads a text DRAT proof, or says what is wrong.
pub fn parse_drat(text: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        let (delete, rest) = match line.strip_prefix('d') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let mut lits = Vec::new();
        let mut ended = false;
        for word in rest.split_whitespace() {
            if ended {
                return Err(format!(
                    "line {}: one step per line, ended by 0",
                    number + 1
                ));
            }
            let lit: DimacsLit = word
                .parse()
                .map_err(|_| format!("line {}: a literal, got {word:?}", number + 1))?;
            if lit == 0 {
                ended = true;
            } else {
                lits.push(lit);
            }
        }
        if !ended {
            return Err(format!("line {}: a step ended by 0", number + 1));
        }
        steps.push(if delete {
            Step::Delete(lits)
        } else {
            Step::Lemma(lits)
        });
    }
    Ok(steps)
}

/// Checks that `steps` refute `formula`: the empty clause is derived, and each
/// lemma the derivation rests on is RUP. The error names the first step (from
/// the end) that fails.
///
/// The check runs backwards, as drat-trim's does: the proof is first played
/// forward, unchecked, up to the first conflict by unit propagation; then, from
/// the end, each lemma is taken back and checked only when a conflict already
/// checked was drawn from it (its clause marked). Lemmas nothing rests on, often
/// most of a solver's, are never checked. A lemma is checked against the
/// clauses before it, as the forward check would: later lemmas taken back,
/// later deletions undone, and the top-level assignment cut back to what it was.
pub fn check_refutation(formula: &Dimacs, steps: &[Step]) -> Result<(), String> {
    if i32::try_from(formula.vars).is_err() {
        return Err(format!(
            "a formula of at most {} variables, got {}",
            i32::MAX,
            formula.vars
        ));
    }
    // A lemma on a variable the formula lacks cannot help a unit-propagation
    // check, and a huge one would size the checker's tables by it: refused.
    for (k, step) in steps.iter().enumerate() {
        let (Step::Lemma(lits) | Step::Delete(lits)) = step;
        if let Some(l) = lits
            .iter()
            .find(|l| l.unsigned_abs() as usize > formula.vars)
        {
            return Err(format!(
                "step {}: literal {l} beyond the formula's {} variables",
                k + 1,
                formula.vars
            ));
        }
    }
    let mut checker = Checker::new(formula.vars);
    for clause in &formula.clauses {
        checker.add(clause);
    }
    /// A step played forward: a lemma added (its clause, and the trail's length
    /// before it), or a clause deleted.
    enum Played {
        Added(usize, usize, usize),
        Deleted(usize),
    }
    let mut played = Vec::new();
    if !checker.in_conflict() {
        for (k, step) in steps.iter().enumerate() {
            match step {
                Step::Lemma(lemma) => {
                    let trail_len = checker.trail_len();
                    let id = checker.add(lemma);
                    played.push(Played::Added(k, id, trail_len));
                    if checker.in_conflict() {
                        break;
                    }
                }
                Step::Delete(clause) => {
                    if let Some(id) = checker.delete(clause) {
                        played.push(Played::Deleted(id));
                    }
                }
            }
        }
        if !checker.in_conflict() {
            return Err("the proof ends without deriving the empty clause".into());
        }
    }
    checker.mark_conflict();
    for step in played.into_iter().rev() {
        match step {
            Played::Deleted(id) => checker.revive(id),
            Played::Added(k, id, trail_len) => {
                checker.retire(id, trail_len);
                if checker.is_marked(id) {
                    let lemma = checker.clause(id);
                    if !checker.implies(&lemma) {
                        return Err(format!(
                            "step {} (the lemma {}) does not follow by unit propagation",
                            k + 1,
                            lemma
                                .iter()
                                .map(|l| l.to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(text: &str) -> Dimacs {
        parse_dimacs(text).unwrap()
    }

    #[test]
    fn a_refutation_of_all_four_clauses_on_two_variables() {
        let f = formula("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
        assert_eq!(
            check_refutation(&f, &parse_drat("2 0\n0\n").unwrap()),
            Ok(())
        );
        // Without the lemma 2, the empty clause does not follow.
        assert!(check_refutation(&f, &parse_drat("0\n").unwrap()).is_err());
        // A lemma that does not follow is refused.
        let g = formula("p cnf 3 2\n1 2 0\n-1 2 0\n");
        assert!(check_refutation(&g, &parse_drat("3 0\n0\n").unwrap()).is_err());
    }

    /// Walking backwards, only the lemmas the refutation rests on are checked:
    /// one that does not follow but is never used passes (as with drat-trim), one
    /// that is used is refused.
    #[test]
    fn only_the_lemmas_the_refutation_rests_on_are_checked() {
        let f = formula("p cnf 3 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
        assert_eq!(
            check_refutation(&f, &parse_drat("3 0\n2 0\n0\n").unwrap()),
            Ok(())
        );
        let g = formula("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n");
        let refused = check_refutation(&g, &parse_drat("-2 0\n0\n").unwrap());
        assert!(refused.is_err_and(|e| e.contains("step 1")));
    }

    #[test]
    fn deletions_apply_except_to_units() {
        let f = formula("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
        // Deleting a clause the refutation needs makes it fail.
        let steps = parse_drat("d 1 -2 0\n2 0\nd -1 -2 0\n0\n").unwrap();
        assert!(check_refutation(&f, &steps).is_err());
        let units = formula("p cnf 1 2\n1 0\n-1 0\n");
        assert_eq!(
            check_refutation(&units, &parse_drat("d 1 0\n0\n").unwrap()),
            Ok(())
        );
    }

    #[test]
    fn a_literal_beyond_the_formula_is_refused_without_sizing_anything_by_it() {
        let f = formula("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
        let steps = parse_drat("99999999999 0\n0\n").unwrap();
        let refused = check_refutation(&f, &steps);
        assert!(refused.is_err_and(|e| e.contains("step 1: literal 99999999999 beyond")));
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(parse_dimacs("1 2 0\n").is_err());
        assert!(parse_dimacs("p cnf 1 1\n1 2 0\n").is_err());
        assert!(parse_dimacs("p cnf 2 2\n1 2 0\n").is_err());
        assert!(parse_drat("1 2\n").is_err());
        assert!(parse_drat("1 x 0\n").is_err());
    }
}
