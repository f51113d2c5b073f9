//! Count certificates. The formula's cubes are enumerated one by one with
//! blocking clauses on the projection; then, for each cube, a DRAT proof that the
//! formula with the cube's literals as units and its models blocked has no model
//! left, and one that the formula with every cube negated has none (the cubes
//! cover every case). Checking needs the model file (to build the formula and the
//! cubes again), the listed models and the proofs, never the search.
//!
//! Layout of a certificate directory (README.md, "Proofs"):
//! - `formula.cnf`: the formula, as `puzzlesat cnf` prints it;
//! - `models.txt`: one model per line, `K: l1 l2 ... 0`, cube K's model with the
//!   value of every variable as a DIMACS literal;
//! - `cube-K.cnf`, `cube-K.drat`: the formula, then cube K's literals as unit
//!   clauses, then the blocking clause (the negated projection) of each of cube
//!   K's models in the order of `models.txt`; and its DRAT refutation;
//! - `cover.cnf`, `cover.drat`: the formula, then for each cube the clause of its
//!   negated literals; and its refutation (absent when the search is one cube
//!   that assumes nothing).

use super::drat::{Dimacs, DimacsLit, check_refutation, parse_dimacs, parse_drat};
use super::{dimacs, refute};
use crate::cnf::{Formula, Lit, Var};
use crate::error::Error;
use crate::solve::parallel::map_indices;
use crate::solve::{Model, Outcome, SatSolver};
use std::collections::HashSet;

/// Where a certificate's files go, by name, as they are made.
pub type Sink<'a> = dyn FnMut(&str, &[u8]) -> Result<(), Error> + 'a;

/// A formula whose models are counted: the formula, the variables two models
/// must differ on to count twice, and the search's cubes.
pub struct Counted<'a> {
    pub formula: &'a Formula,
    pub projection: &'a [Var],
    /// The search's cubes, of which a certificate keeps the first literals.
    pub cubes: &'a [Vec<Lit>],
}

/// The cubes a certificate splits on: the first literal of the search's cubes
/// (the start cell of a string, the placement covering a packing's first cell),
/// each once, in order; or one cube that assumes nothing. Each cube's file holds
/// the whole formula, so a few dozen cubes keep a certificate small where the
/// search's thousands would repeat the formula thousands of times.
fn cubes_of(search_cubes: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
    let mut cubes: Vec<Vec<Lit>> = Vec::new();
    for cube in search_cubes {
        let first = cube.iter().take(1).copied().collect::<Vec<_>>();
        if !cubes.contains(&first) {
            cubes.push(first);
        }
    }
    if cubes.is_empty() || cubes.iter().any(Vec::is_empty) {
        return vec![Vec::new()];
    }
    cubes
}

/// The clause that excludes `model` on the projection.
fn blocking(model: &Model, projection: &[Var]) -> Vec<Lit> {
    projection
        .iter()
        .map(|&v| Lit::from_var(v, !model.value(v)))
        .collect()
}

/// The formula with the cube's literals as units and its models blocked.
fn cube_clauses(formula: &[Vec<Lit>], cube: &[Lit], blocks: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
    let mut clauses = formula.to_vec();
    clauses.extend(cube.iter().map(|&l| vec![l]));
    clauses.extend(blocks.iter().cloned());
    clauses
}

/// The formula with every cube negated.
fn cover_clauses(formula: &[Vec<Lit>], cubes: &[Vec<Lit>]) -> Vec<Vec<Lit>> {
    let mut clauses = formula.to_vec();
    clauses.extend(cubes.iter().map(|cube| cube.iter().map(|&l| !l).collect()));
    clauses
}

/// The refutations a certificate holds: one per cube, then the cover's when
/// the cubes assume anything.
fn refutations(cubes: &[Vec<Lit>]) -> usize {
    cubes.len() + usize::from(cubes.iter().any(|c| !c.is_empty()))
}

/// The name of refutation `k`'s files, before `.cnf` and `.drat`.
fn refutation_name(k: usize, cubes: usize) -> String {
    if k < cubes {
        format!("cube-{k}")
    } else {
        "cover".to_string()
    }
}

/// A cube's (or the cover's) part of a certificate.
struct CubeFiles<S> {
    /// Its lines of `models.txt`.
    listed: String,
    read: Vec<S>,
    cnf: String,
    proof: Vec<u8>,
}

/// Enumerates every model of the formula and hands the files to `sink`, the
/// cubes shared out to `threads` threads; `read` makes of each model what the
/// caller counts (a checked solution), or refuses it. `on_cube` hears each
/// cube finished. Returns what `read` made of every model.
pub fn certify_models<S: Send>(
    counted: &Counted<'_>,
    threads: usize,
    read: &(dyn Fn(&Model) -> Result<S, Error> + Sync),
    sink: &mut Sink<'_>,
    on_cube: &mut dyn FnMut(usize, usize),
) -> Result<Vec<S>, Error> {
    let formula = counted.formula.clauses();
    let vars = counted.formula.var_count();
    let cubes = cubes_of(counted.cubes);
    sink("formula.cnf", dimacs(vars, formula, &[]).as_bytes())?;
    let work = |k: usize| -> Result<CubeFiles<S>, Error> {
        let Some(cube) = cubes.get(k) else {
            let clauses = cover_clauses(formula, &cubes);
            let proof = refute(vars, &clauses)?
                .map_err(|_| Error::Internal("the cubes leave a case uncovered".into()))?;
            return Ok(CubeFiles {
                listed: String::new(),
                read: Vec::new(),
                cnf: dimacs(vars, &clauses, &[]),
                proof,
            });
        };
        let mut solver = SatSolver::new(counted.formula);
        for &l in cube {
            solver.add_clause(&[l]);
        }
        let mut blocks = Vec::new();
        let mut listed = String::new();
        let mut made = Vec::new();
        while let Outcome::Satisfiable(model) = solver.solve()? {
            made.push(read(&model)?);
            let block = blocking(&model, counted.projection);
            solver.add_clause(&block);
            blocks.push(block);
            listed.push_str(&format!("{k}:"));
            for (i, &value) in model.values().iter().enumerate() {
                listed.push_str(&format!(" {}", Lit::from_index(i, value).to_dimacs()));
            }
            listed.push_str(" 0\n");
        }
        let clauses = cube_clauses(formula, cube, &blocks);
        let proof = refute(vars, &clauses)?.map_err(|_| {
            Error::Internal(format!(
                "cube {k} still has a model after its models were blocked"
            ))
        })?;
        Ok(CubeFiles {
            listed,
            read: made,
            cnf: dimacs(vars, &clauses, &[]),
            proof,
        })
    };
    let mut listed = vec![String::new(); cubes.len()];
    let mut read_all = Vec::new();
    let mut done = 0;
    map_indices(refutations(&cubes), threads, work, |k, files| {
        let files = files?;
        let name = refutation_name(k, cubes.len());
        sink(&format!("{name}.cnf"), files.cnf.as_bytes())?;
        sink(&format!("{name}.drat"), &files.proof)?;
        if let Some(slot) = listed.get_mut(k) {
            *slot = files.listed;
            read_all.extend(files.read);
            done += 1;
            on_cube(done, cubes.len());
        }
        Ok::<(), Error>(())
    })?;
    sink("models.txt", listed.concat().as_bytes())?;
    Ok(read_all)
}

/// Checks a certificate whose files `file` returns by name, against the
/// formula and cubes built again: the formula file is the formula, each model
/// satisfies it and `read` accepts it, models differ on the projection, every
/// cube file is the formula plus exactly its cube and blocking clauses, and
/// every proof refutes its file. The error says why the certificate fails.
/// `on_cube` hears each cube's proof checked. Returns what `read` made of
/// every model.
pub fn verify_models<S>(
    counted: &Counted<'_>,
    threads: usize,
    file: &(dyn Fn(&str) -> Result<String, String> + Sync),
    read: &mut dyn FnMut(&Model) -> Result<S, String>,
    on_cube: &mut dyn FnMut(usize, usize),
) -> Result<Vec<S>, String> {
    let formula = counted.formula.clauses();
    let vars = counted.formula.var_count();
    let cubes = cubes_of(counted.cubes);
    let file = |name: &str| file(name);
    let same = |name: &str, text: &str, expected: &[Vec<Lit>]| -> Result<Dimacs, String> {
        let parsed = parse_dimacs(text).map_err(|e| format!("{name}: {e}"))?;
        let wanted: Vec<Vec<DimacsLit>> = expected
            .iter()
            .map(|c| c.iter().map(|l| l.to_dimacs() as DimacsLit).collect())
            .collect();
        if parsed.vars != vars || parsed.clauses != wanted {
            return Err(format!(
                "{name} is not the formula with the clauses the layout says"
            ));
        }
        Ok(parsed)
    };
    same("formula.cnf", &file("formula.cnf")?, formula)?;
    // The models, per cube.
    let mut per_cube: Vec<Vec<Model>> = vec![Vec::new(); cubes.len()];
    let mut seen = HashSet::new();
    let mut made = Vec::new();
    for (n, line) in file("models.txt")?.lines().enumerate() {
        let bad = |what: &str| format!("models.txt line {}: {what}", n + 1);
        let (cube, lits) = line.split_once(':').ok_or_else(|| bad("`K: literals 0`"))?;
        let k: usize = cube
            .trim()
            .parse()
            .ok()
            .filter(|&k| k < cubes.len())
            .ok_or_else(|| bad(&format!("a cube from 0 to {}", cubes.len() - 1)))?;
        let mut values = vec![None; vars];
        let mut ended = false;
        for word in lits.split_whitespace() {
            let lit: i64 = word.parse().map_err(|_| bad("whole numbers"))?;
            if lit == 0 {
                ended = true;
                break;
            }
            let var = lit.unsigned_abs() as usize;
            if var == 0 || var > vars || values[var - 1].replace(lit > 0).is_some() {
                return Err(bad("each variable once, within the formula's"));
            }
        }
        if !ended || values.iter().any(Option::is_none) {
            return Err(bad("a value for every variable, ended by 0"));
        }
        let model = Model::from_values(values.into_iter().map(Option::unwrap_or_default).collect());
        if let Some(c) = formula
            .iter()
            .position(|c| !c.iter().any(|&l| model.lit(l)))
        {
            return Err(bad(&format!(
                "the model breaks clause {} of the formula",
                c + 1
            )));
        }
        let projected: Vec<bool> = counted.projection.iter().map(|&v| model.value(v)).collect();
        if !seen.insert(projected) {
            return Err(bad("the same model as an earlier line, on the projection"));
        }
        made.push(read(&model).map_err(|why| bad(&why))?);
        per_cube[k].push(model);
    }
    // Each cube's proof, and the cover's after them, checked on its own.
    let check = |k: usize| -> Result<(), String> {
        let clauses = match cubes.get(k) {
            Some(cube) => {
                let blocks: Vec<Vec<Lit>> = per_cube[k]
                    .iter()
                    .map(|m| blocking(m, counted.projection))
                    .collect();
                cube_clauses(formula, cube, &blocks)
            }
            None => cover_clauses(formula, &cubes),
        };
        let name = refutation_name(k, cubes.len());
        let cnf_name = format!("{name}.cnf");
        let cnf = same(&cnf_name, &file(&cnf_name)?, &clauses)?;
        let proof_name = format!("{name}.drat");
        let steps = parse_drat(&file(&proof_name)?).map_err(|e| format!("{proof_name}: {e}"))?;
        check_refutation(&cnf, &steps).map_err(|e| format!("{proof_name}: {e}"))
    };
    let mut done = 0;
    map_indices(refutations(&cubes), threads, check, |k, checked| {
        checked?;
        if k < cubes.len() {
            done += 1;
            on_cube(done, cubes.len());
        }
        Ok::<(), String>(())
    })?;
    Ok(made)
}

/// Checks a `solve --proof` file: a DRAT refutation of the formula.
pub fn verify_refutation(
    encoding_clauses: &[Vec<Lit>],
    vars: usize,
    proof: &str,
) -> Result<(), String> {
    let formula = Dimacs {
        vars,
        clauses: encoding_clauses
            .iter()
            .map(|c| c.iter().map(|l| l.to_dimacs() as DimacsLit).collect())
            .collect(),
    };
    let steps = parse_drat(proof)?;
    check_refutation(&formula, &steps)
}
