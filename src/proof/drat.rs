//! DIMACS formulas and text DRAT proofs, read and checked here so that checking a
//! certificate needs no other program. The check is forward: every lemma, in
//! order, must follow from the clauses before it by unit propagation (RUP), and
//! the proof must reach the empty clause. Deletions are applied, except of unit
//! clauses, which checkers conventionally ignore (so does drat-trim) since
//! solvers delete them while they still act as units.

use std::collections::HashMap;

/// A literal as DIMACS writes it: a variable from 1, negative when negated.
pub type DimacsLit = i64;

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

/// Checks that `steps` refute `formula`: each lemma is RUP and the empty clause
/// is derived. The error names the first step that fails.
pub fn check_refutation(formula: &Dimacs, steps: &[Step]) -> Result<(), String> {
    let mut checker = Checker::new(formula.vars);
    for clause in &formula.clauses {
        checker.add(clause);
    }
    if checker.conflict {
        return Ok(());
    }
    for (k, step) in steps.iter().enumerate() {
        match step {
            Step::Lemma(lemma) => {
                if !checker.implies(lemma) {
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
                if lemma.is_empty() {
                    return Ok(());
                }
                checker.add(lemma);
                if checker.conflict {
                    return Ok(());
                }
            }
            Step::Delete(clause) => checker.delete(clause),
        }
    }
    Err("the proof ends without deriving the empty clause".into())
}

/// Clauses with watched literals and the assignment they force at the top level.
struct Checker {
    clauses: Vec<Vec<DimacsLit>>,
    alive: Vec<bool>,
    /// Per literal, the clauses watching it.
    watches: Vec<Vec<usize>>,
    /// Clauses by their sorted literals, to find a deleted one.
    index: HashMap<Vec<DimacsLit>, Vec<usize>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    trail: Vec<DimacsLit>,
    /// The clauses so far are contradictory by unit propagation.
    conflict: bool,
}

impl Checker {
    fn new(vars: usize) -> Checker {
        Checker {
            clauses: Vec::new(),
            alive: Vec::new(),
            watches: vec![Vec::new(); 2 * vars + 2],
            index: HashMap::new(),
            value: vec![0; vars + 1],
            trail: Vec::new(),
            conflict: false,
        }
    }

    fn slot(lit: DimacsLit) -> usize {
        2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
    }

    fn grow(&mut self, lit: DimacsLit) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.value.len() {
            self.value.resize(var + 1, 0);
            self.watches.resize(2 * var + 2, Vec::new());
        }
    }

    fn lit_value(&self, lit: DimacsLit) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 { -v } else { v }
    }

    fn assign(&mut self, lit: DimacsLit) {
        self.value[lit.unsigned_abs() as usize] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }

    /// Adds a clause to the database and propagates at the top level.
    fn add(&mut self, clause: &[DimacsLit]) {
        let mut clause: Vec<DimacsLit> = clause.to_vec();
        clause.sort_unstable();
        clause.dedup();
        for &l in &clause {
            self.grow(l);
        }
        let id = self.clauses.len();
        self.index.entry(clause.clone()).or_default().push(id);
        // Watch two literals that are not false, if there are.
        clause.sort_by_key(|&l| self.lit_value(l) == -1);
        for &l in clause.iter().take(2) {
            self.watches[Checker::slot(l)].push(id);
        }
        self.clauses.push(clause);
        self.alive.push(true);
        if self.conflict {
            return;
        }
        let c = &self.clauses[id];
        if c.is_empty() || self.lit_value(c[0]) == -1 {
            self.conflict = true;
        } else if (c.len() == 1 || self.lit_value(c[1]) == -1) && self.lit_value(c[0]) == 0 {
            let unit = c[0];
            self.assign(unit);
            if !self.propagate(self.trail.len() - 1) {
                self.conflict = true;
            }
        }
    }

    fn delete(&mut self, clause: &[DimacsLit]) {
        let mut key: Vec<DimacsLit> = clause.to_vec();
        key.sort_unstable();
        key.dedup();
        if key.len() <= 1 {
            return;
        }
        if let Some(id) = self.index.get_mut(&key).and_then(|ids| ids.pop()) {
            // A clause that is the reason of a top-level assignment stays: the
            // assignment it forced stands (as in drat-trim's default).
            let c = &self.clauses[id];
            let reason = c.iter().filter(|&&l| self.lit_value(l) != -1).count() == 1
                && c.iter().any(|&l| self.lit_value(l) == 1);
            if reason {
                self.index.entry(key).or_default().push(id);
            } else {
                self.alive[id] = false;
            }
        }
    }

    /// Unit propagation from trail position `from`; false on a conflict.
    fn propagate(&mut self, mut from: usize) -> bool {
        while from < self.trail.len() {
            let falsified = -self.trail[from];
            from += 1;
            let slot = Checker::slot(falsified);
            let mut watching = std::mem::take(&mut self.watches[slot]);
            let mut keep = Vec::with_capacity(watching.len());
            let mut ok = true;
            let mut i = 0;
            while i < watching.len() {
                let id = watching[i];
                i += 1;
                if !self.alive[id] {
                    continue;
                }
                if !ok {
                    keep.push(id);
                    continue;
                }
                let clause = &mut self.clauses[id];
                if clause.len() == 1 {
                    keep.push(id);
                    ok = false;
                    continue;
                }
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                let other_value = {
                    let v = self.value[other.unsigned_abs() as usize];
                    if other < 0 { -v } else { v }
                };
                if other_value == 1 {
                    keep.push(id);
                    continue;
                }
                // A new literal to watch, not false.
                let mut moved = false;
                for k in 2..clause.len() {
                    let l = clause[k];
                    let v = self.value[l.unsigned_abs() as usize];
                    let lv = if l < 0 { -v } else { v };
                    if lv != -1 {
                        clause.swap(1, k);
                        let new = clause[1];
                        self.watches[Checker::slot(new)].push(id);
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                keep.push(id);
                if other_value == -1 {
                    ok = false;
                } else {
                    self.assign(other);
                }
            }
            keep.extend(watching.drain(i..));
            self.watches[slot].extend(keep);
            if !ok {
                return false;
            }
        }
        true
    }

    /// Whether assuming the lemma false leads to a conflict by unit propagation.
    fn implies(&mut self, lemma: &[DimacsLit]) -> bool {
        if self.conflict {
            return true;
        }
        for &l in lemma {
            self.grow(l);
        }
        let start = self.trail.len();
        let mut conflict = false;
        for &l in lemma {
            match self.lit_value(l) {
                1 => {
                    conflict = true;
                    break;
                }
                0 => self.assign(-l),
                _ => {}
            }
        }
        if !conflict {
            conflict = !self.propagate(start);
        }
        // Undo the assumptions and what they forced.
        for lit in self.trail.drain(start..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        conflict
    }
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
    fn bad_files_are_refused() {
        assert!(parse_dimacs("1 2 0\n").is_err());
        assert!(parse_dimacs("p cnf 1 1\n1 2 0\n").is_err());
        assert!(parse_dimacs("p cnf 2 2\n1 2 0\n").is_err());
        assert!(parse_drat("1 2\n").is_err());
        assert!(parse_drat("1 x 0\n").is_err());
    }
}
