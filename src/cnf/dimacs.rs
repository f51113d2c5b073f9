use super::Formula;
use std::io::{self, Write};
use varisat::Var;

/// Writes the formula in DIMACS CNF. The `comments` come first, then comment lines
/// `c var N name` mapping every variable to its meaning, so the file can be read by a
/// person or fed to any other solver.
pub fn write_dimacs(f: &Formula, comments: &[String], out: &mut impl Write) -> io::Result<()> {
    for comment in comments {
        writeln!(out, "c {comment}")?;
    }
    for index in 0..f.var_count() {
        let var = Var::from_index(index);
        writeln!(out, "c var {} {}", var.to_dimacs(), f.name(var))?;
    }
    writeln!(out, "p cnf {} {}", f.var_count(), f.clauses().len())?;
    for clause in f.clauses() {
        for lit in clause {
            write!(out, "{} ", lit.to_dimacs())?;
        }
        writeln!(out, "0")?;
    }
    Ok(())
}
