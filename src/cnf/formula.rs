use varisat::{Lit, Var};

/// A CNF formula under construction, with a name for every variable.
#[derive(Clone, Debug, Default)]
pub struct Formula {
    names: Vec<String>,
    clauses: Vec<Vec<Lit>>,
}

impl Formula {
    pub fn new() -> Formula {
        Formula::default()
    }

    /// A fresh variable; `name` says what it means (shown in DIMACS comments).
    pub fn new_var(&mut self, name: impl Into<String>) -> Var {
        self.names.push(name.into());
        Var::from_index(self.names.len() - 1)
    }

    /// A fresh positive literal; see [`Formula::new_var`].
    pub fn new_lit(&mut self, name: impl Into<String>) -> Lit {
        self.new_var(name).positive()
    }

    pub fn add_clause(&mut self, lits: impl IntoIterator<Item = Lit>) {
        self.clauses.push(lits.into_iter().collect());
    }

    /// `premise -> conclusion` as a two-literal clause.
    pub fn implies(&mut self, premise: Lit, conclusion: Lit) {
        self.add_clause([!premise, conclusion]);
    }

    pub fn var_count(&self) -> usize {
        self.names.len()
    }

    pub fn name(&self, var: Var) -> &str {
        &self.names[var.index()]
    }

    pub fn clauses(&self) -> &[Vec<Lit>] {
        &self.clauses
    }
}
