//! The formula and proofs anyone can check: the CNF (DIMACS with a comment
//! naming every variable), checking a DRAT proof that a puzzle has no
//! solution or that nothing beats an optimum, and certificates of a count.

use super::puzzle::Puzzle;
use super::search::threads_to_use;
use crate::cnf::{Formula, write_dimacs};
use crate::error::{Error, Request};
use crate::files;
use crate::types::Goal;
use serde_json::{Value, json};
use std::fmt;
use std::io::Write;
use std::path::Path;

/// A formula in DIMACS, with comment lines first.
pub struct Cnf {
    formula: Formula,
    comments: Vec<String>,
}

impl Cnf {
    /// Writes the formula in DIMACS.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let mut out = out;
        write_dimacs(&self.formula, &self.comments, &mut out)
    }

    /// The number of variables.
    pub fn variables(&self) -> usize {
        self.formula.var_count()
    }

    /// The number of clauses.
    pub fn clauses(&self) -> usize {
        self.formula.clauses().len()
    }
}

/// The DIMACS text.
impl fmt::Display for Cnf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut bytes = Vec::new();
        self.write(&mut bytes).map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&bytes))
    }
}

/// What a DRAT proof of a puzzle is claimed to prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofOf {
    /// The puzzle has no solution: the proof refutes [`Puzzle::cnf`] (with
    /// symmetry breaking).
    NoSolution,
    /// Nothing beats `optimum` for `goal` (with no optimum: nothing is a
    /// solution even under the goal's rules): the proof refutes
    /// [`Puzzle::cnf_past_optimum`].
    Optimum {
        /// The goal optimised.
        goal: Goal,
        /// The optimum found, or `None` when there is no solution at all.
        optimum: Option<usize>,
    },
}

/// A checked proof or certificate: what it establishes, or why it fails.
pub type Verdict = Result<String, String>;

impl Puzzle {
    /// The puzzle's formula with every rule as clauses (each model a
    /// solution), with or without the clauses that break symmetry.
    pub fn cnf(&self, symmetry_breaking: bool) -> Result<Cnf, Error> {
        self.check_formula_size()?;
        let plain = self.rules.formula(symmetry_breaking);
        let f = &plain.formula;
        let projection: Vec<String> = plain.projection.iter().map(isize::to_string).collect();
        let comments = vec![
            format!("puzzlesat {}: {}", self.family(), self.name()),
            self.summary(),
            format!(
                "{} variables, {} clauses, symmetry breaking {}",
                f.var_count(),
                f.clauses().len(),
                if symmetry_breaking { "on" } else { "off" }
            ),
            format!(
                "projection (a solution is defined by these): {}",
                projection.join(" ")
            ),
        ];
        Ok(Cnf {
            formula: plain.formula,
            comments,
        })
    }

    /// The formula one past the optimum for `goal`, which is found first:
    /// the formula a proof of the optimum refutes. With no solution at all,
    /// the formula of every solution under the goal's rules; with nothing to
    /// prove, the goal's formula unbounded.
    pub fn cnf_past_optimum(&self, goal: Goal) -> Result<Cnf, Error> {
        self.check_request(Request::Goal(goal))?;
        self.check_formula_size()?;
        let (optimum, formula) = self.rules.past_optimum(goal)?;
        let formula = formula
            .ok_or_else(|| Error::Internal(format!("a {} goal with no formula", self.family())))?;
        let (models, _) = self.rules.past_optimum_words(goal, optimum);
        Ok(Cnf {
            formula,
            comments: vec![
                format!("puzzlesat {}: {}", self.family(), self.name()),
                format!("its models would be {models}"),
            ],
        })
    }

    /// Checks a DRAT proof of the puzzle (its text) without searching.
    pub fn verify_proof(&self, proof: &str, of: ProofOf) -> Result<Verdict, Error> {
        match of {
            ProofOf::NoSolution => Ok(self.rules.check_refutation(proof).map(|()| {
                "the proof refutes the formula `puzzlesat cnf` prints: the puzzle has no solution"
                    .to_string()
            })),
            ProofOf::Optimum { goal, optimum } => {
                self.check_request(Request::Goal(goal))?;
                let (models, meaning) = self.rules.past_optimum_words(goal, optimum);
                let verdict = self
                    .rules
                    .check_optimum_proof(goal, optimum, proof)
                    .ok_or_else(|| {
                        Error::Unsupported(format!(
                            "an optimum of {} needs no proof",
                            self.rules.value_words(goal, optimum.unwrap_or(0))
                        ))
                    })?;
                Ok(verdict
                    .map(|()| format!("the proof refutes the formula of {models}: {meaning}")))
            }
        }
    }

    /// Checks the DRAT proof in `file`, as [`Puzzle::verify_proof`].
    pub fn verify_proof_file(&self, file: impl AsRef<Path>, of: ProofOf) -> Result<Verdict, Error> {
        let file = file.as_ref();
        if let ProofOf::Optimum { goal, .. } = of {
            self.check_request(Request::Goal(goal))?;
        }
        let text = files::read_text(file, "the proof", files::MAX_PROOF_BYTES)?;
        self.verify_proof(&text, of)
    }

    /// Writes a certificate of the count into `dir`, which must be new or
    /// empty: the formula, every model, DRAT proofs that there are no others,
    /// a copy of the model and a manifest. [`verify_certificate`] checks it
    /// from those files alone. `on_cube` hears each cube enumerated and
    /// refuted.
    pub fn certify_count(
        &self,
        dir: impl AsRef<Path>,
        symmetry_breaking: bool,
        threads: Option<usize>,
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Certificate, Error> {
        let dir = dir.as_ref();
        self.check_formula_size()?;
        let io = |e: std::io::Error| Error::Io {
            file: dir.to_path_buf(),
            message: format!("cannot write the certificate: {e}"),
        };
        new_directory(dir, "the certificate")?;
        let mut sink =
            |name: &str, contents: &[u8]| std::fs::write(dir.join(name), contents).map_err(io);
        let made = self.rules.certify_count(
            symmetry_breaking,
            threads_to_use(threads),
            &mut sink,
            on_cube,
        )?;
        let copy = model_copy_name(self.file());
        sink(&copy, self.model_bytes())?;
        let manifest = json!({
            "certificate": "puzzlesat count",
            "version": env!("CARGO_PKG_VERSION"),
            "model": copy,
            "problem": self.problem().map(|p| p.to_string()),
            "symmetry_breaking": symmetry_breaking,
            "models": made.models,
            "solutions": made.solutions,
        });
        sink("manifest.json", format!("{manifest:#}\n").as_bytes())?;
        Ok(Certificate {
            models: made.models,
            solutions: made.solutions,
            orbits: symmetry_breaking && self.rules.breaks_symmetry(),
        })
    }
}

/// What a certificate of a count certifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The formula's models on its projection, all of them.
    pub models: usize,
    /// The puzzle's solutions they stand for.
    pub solutions: u64,
    /// Whether each model stands for its orbit (the formula breaks
    /// symmetry), rather than for one solution.
    pub orbits: bool,
}

/// Makes `dir` for `what`, which must be new or empty: a certificate's files
/// are checked by name, so none may be left from another.
pub(crate) fn new_directory(dir: &Path, what: &str) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io {
        file: dir.to_path_buf(),
        message: format!("cannot make the directory for {what}: {e}"),
    };
    if dir.exists() && std::fs::read_dir(dir).map_err(io)?.next().is_some() {
        return Err(Error::input(
            dir,
            "(directory)",
            format!("a new or empty directory for {what}"),
        ));
    }
    std::fs::create_dir_all(dir).map_err(io)
}

/// The name the model file is kept under in a certificate.
fn model_copy_name(file: &Path) -> String {
    match file.extension().and_then(|e| e.to_str()) {
        Some(ext) if ext.chars().all(|c| c.is_ascii_alphanumeric()) => format!("model.{ext}"),
        _ => "model".into(),
    }
}

/// Checks a count certificate (`count --proof DIR`) from its files alone: the
/// model copied into it, the formula, the models and the proofs. `Ok(Err(why))`
/// when it does not hold.
pub fn verify_certificate(
    dir: impl AsRef<Path>,
    threads: Option<usize>,
    on_cube: &mut dyn FnMut(usize, usize),
) -> Result<Verdict, Error> {
    let dir = dir.as_ref();
    let manifest_file = dir.join("manifest.json");
    let text = files::read_text(
        &manifest_file,
        "the manifest (a certificate directory holds manifest.json)",
        files::MAX_MODEL_BYTES,
    )?;
    let manifest: Value = serde_json::from_str(&text)
        .map_err(|e| Error::input(&manifest_file, "(file)", format!("JSON: {e}")))?;
    let field = |key: &str| manifest.get(key);
    let model_name = field("model")
        .and_then(Value::as_str)
        .filter(|n| !n.contains('/') && !n.contains(".."))
        .ok_or_else(|| {
            Error::input(
                &manifest_file,
                "model",
                "the name of the model file in the directory",
            )
        })?;
    let problem = field("problem").and_then(Value::as_str);
    let symmetry_breaking = field("symmetry_breaking")
        .and_then(Value::as_bool)
        .ok_or_else(|| Error::input(&manifest_file, "symmetry_breaking", "true or false"))?;
    let claimed = field("solutions")
        .and_then(Value::as_u64)
        .ok_or_else(|| Error::input(&manifest_file, "solutions", "a whole number"))?;
    let puzzle = Puzzle::load_problem(dir.join(model_name), problem)?;
    let read = |name: &str| {
        let file = dir.join(name);
        if !file.exists() {
            return Err(format!("{name} is missing"));
        }
        files::read_text(&file, name, files::MAX_PROOF_BYTES).map_err(|e| e.to_string())
    };
    let verified =
        puzzle
            .rules
            .verify_count(symmetry_breaking, threads_to_use(threads), &read, on_cube);
    Ok(verified.and_then(|v| {
        if v.solutions != claimed {
            return Err(format!(
                "the manifest claims {claimed} solutions, but the models stand for {}",
                v.solutions
            ));
        }
        let how = if symmetry_breaking {
            "each model's orbit recomputed from its checked solution"
        } else {
            "one solution each"
        };
        Ok(format!(
            "the formula has exactly {} models on its projection, and they stand for {} solutions ({how})",
            v.models, v.solutions
        ))
    }))
}
