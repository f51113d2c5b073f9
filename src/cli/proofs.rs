//! Proofs on the command line: `solve --proof FILE` (a DRAT refutation when
//! there is no solution), `count --proof DIR` (a certificate of the count) and
//! `verify`, which checks either without the search.

use super::output::{seconds, stdout_written};
use super::progress::progress_bar;
use puzzlesat::Error;
use puzzlesat::family::{Family, Goal};
use puzzlesat::model::{self, PuzzleModel};
use puzzlesat::puzzles::Puzzle;
use puzzlesat::registry::FamilyTask;
use puzzlesat::tasks::optimum::{check_optimum_proof, check_refutation, past_optimum};
use puzzlesat::tasks::write_dimacs;
use puzzlesat::tasks::{certify_count, verify_count};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A goal as its flag names it, with the optimum a proof is of (none: no
/// solution at all under the goal's rules).
#[derive(Clone, Copy, Debug)]
pub struct GoalFlag {
    pub goal: Goal,
    pub optimum: Option<usize>,
}

impl GoalFlag {
    /// The flag of `solve`, `cnf` and `verify` that names the goal.
    pub fn flag(goal: Goal) -> &'static str {
        match goal {
            Goal::Relax => "--relax",
            Goal::Minimise => "--minimize",
            Goal::Maximise => "--maximize",
        }
    }

    /// The flags of `verify` that name this proof.
    fn args(self) -> String {
        match self.optimum {
            Some(k) => format!(" {} {k}", Self::flag(self.goal)),
            None => format!(" {}", Self::flag(self.goal)),
        }
    }
}

/// The line saying where a proof went and which command checks it; `goal` when
/// the proof is of an optimum. A BurrTools file's problem is named, since the
/// file may hold several.
pub fn proof_note(model: &PuzzleModel, file: &Path, goal: Option<GoalFlag>) -> String {
    let flag = goal.map(GoalFlag::args).unwrap_or_default();
    let problem = model
        .recorded
        .as_ref()
        .map(|r| format!(" --problem {}", r.problem))
        .unwrap_or_default();
    format!(
        "Proof written to {}; `puzzlesat verify {} {}{flag}{problem}` checks it.",
        file.display(),
        model.file.display(),
        file.display()
    )
}

/// Writes a proof to `file`.
pub fn write_proof(proof: &[u8], file: &Path) -> Result<(), Error> {
    std::fs::write(file, proof).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: format!("cannot write the proof: {e}"),
    })
}

/// `count --proof DIR`: the certificate's files, the model file and a manifest.
/// Returns the number of models and the puzzle's count they stand for.
pub fn write_certificate<P: Puzzle>(
    model: &PuzzleModel,
    puzzle: &P,
    problem: Option<&str>,
    symmetry_breaking: bool,
    dir: &Path,
    quiet: bool,
) -> Result<(usize, u64), Error> {
    let io = |e: std::io::Error| Error::Io {
        file: dir.to_path_buf(),
        message: format!("cannot write the certificate: {e}"),
    };
    if dir.exists() && std::fs::read_dir(dir).map_err(io)?.next().is_some() {
        return Err(Error::input(
            dir,
            "--proof",
            "a new or empty directory for the certificate",
        ));
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut sink =
        |name: &str, contents: &[u8]| std::fs::write(dir.join(name), contents).map_err(io);
    let bar = progress_bar(quiet);
    bar.set_message("certificate: enumerating and refuting the first cube");
    let certificate = certify_count(puzzle, symmetry_breaking, &mut sink, &mut |done, cubes| {
        bar.set_message(format!(
            "certificate: {done} of {cubes} cubes enumerated and refuted"
        ))
    });
    bar.finish_and_clear();
    let certificate = certificate?;
    let copy = model_copy_name(&model.file);
    let bytes = std::fs::read(&model.file).map_err(|e| Error::Io {
        file: model.file.clone(),
        message: e.to_string(),
    })?;
    sink(&copy, &bytes)?;
    let manifest = json!({
        "certificate": "puzzlesat count",
        "version": env!("CARGO_PKG_VERSION"),
        "model": copy,
        "problem": problem,
        "symmetry_breaking": symmetry_breaking,
        "models": certificate.models,
        "solutions": certificate.solutions,
    });
    sink("manifest.json", format!("{manifest:#}\n").as_bytes())?;
    Ok((certificate.models, certificate.solutions))
}

/// The name the model file is kept under in a certificate.
fn model_copy_name(file: &Path) -> String {
    match file.extension().and_then(|e| e.to_str()) {
        Some(ext) => format!("model.{ext}"),
        None => "model".into(),
    }
}

/// `cnf MODEL` with a goal: the formula one past the optimum, found first
/// (with no solution at all, the formula of every solution under the goal's
/// rules; with nothing to prove, the goal's formula unbounded).
pub fn print_past_optimum_cnf<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    goal: Goal,
) -> Result<u8, Error> {
    let optimum = puzzlesat::tasks::optimum::optimise(puzzle, goal, &mut |_| {})?.map(|o| o.value);
    let formula = past_optimum(puzzle, goal, optimum)
        .or_else(|| past_optimum(puzzle, goal, None))
        .ok_or_else(|| Error::Internal(format!("a {} goal with no formula", F::NAME)))?;
    let (models, _) = puzzle.past_optimum_words(goal, optimum);
    let comments = vec![
        format!("puzzlesat {}: {}", model.family, model.title()),
        format!("its models would be {models}"),
    ];
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    stdout_written(
        write_dimacs(&formula, &comments, &mut out).and_then(|()| std::io::Write::flush(&mut out)),
    )?;
    Ok(0)
}

/// `verify DIR` or `verify MODEL FILE`: 0 when the certificate holds, 1 with the
/// reason when it does not.
pub fn verify(
    path: &Path,
    proof: Option<&PathBuf>,
    goal: Option<GoalFlag>,
    problem: Option<&str>,
) -> Result<u8, Error> {
    let started = Instant::now();
    let verdict = match proof {
        Some(file) => {
            let model = model::load_problem(path, problem)?;
            if let Some(g) = goal {
                super::check_goal(&model, g.goal, GoalFlag::flag(g.goal))?;
            }
            let text = read_proof(file)?;
            model.puzzle.run(VerifyProof { goal, proof: &text })?
        }
        None => verify_certificate(path)?,
    };
    match verdict {
        Ok(what) => {
            outln!("valid: {what} (checked in {})", seconds(started.elapsed()));
            Ok(0)
        }
        Err(why) => {
            outln!("invalid: {why}");
            Ok(1)
        }
    }
}

/// Checks a proof of a model: of its optimum for a goal, or that it has no
/// solution.
struct VerifyProof<'a> {
    goal: Option<GoalFlag>,
    proof: &'a str,
}

impl FamilyTask for VerifyProof<'_> {
    type Output = Result<Result<String, String>, Error>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        match self.goal {
            Some(GoalFlag { goal, optimum }) => {
                let (models, meaning) = puzzle.past_optimum_words(goal, optimum);
                let verdict =
                    check_optimum_proof(puzzle, goal, optimum, self.proof).map_err(|_| {
                        Error::Unsupported(format!(
                            "{} 0: an optimum of {} needs no proof",
                            GoalFlag::flag(goal),
                            puzzle.value_words(goal, 0)
                        ))
                    })?;
                Ok(verdict
                    .map(|()| format!("the proof refutes the formula of {models}: {meaning}")))
            }
            None => Ok(check_refutation(puzzle, self.proof).map(|()| {
                "the proof refutes the formula `puzzlesat cnf` prints: the puzzle has no solution"
                    .to_string()
            })),
        }
    }
}

fn read_proof(file: &Path) -> Result<String, Error> {
    std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: e.to_string(),
    })
}

/// Checks the models and proofs of a count's certificate.
struct VerifyCount<'a> {
    symmetry_breaking: bool,
    dir: &'a Path,
}

impl FamilyTask for VerifyCount<'_> {
    type Output = Result<puzzlesat::tasks::Verified, String>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        let mut read = |name: &str| std::fs::read_to_string(self.dir.join(name)).ok();
        let bar = progress_bar(false);
        bar.set_message("checking the models and the first cube's proof");
        let mut on_cube = |done: usize, cubes: usize| {
            bar.set_message(format!("{done} of {cubes} cube proofs checked"))
        };
        let verified = verify_count(puzzle, self.symmetry_breaking, &mut read, &mut on_cube);
        bar.finish_and_clear();
        verified
    }
}

fn verify_certificate(dir: &Path) -> Result<Result<String, String>, Error> {
    let manifest_file = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest_file).map_err(|e| Error::Io {
        file: manifest_file.clone(),
        message: format!("{e} (a certificate directory holds manifest.json)"),
    })?;
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
    let model = model::load_problem(&dir.join(model_name), problem)?;
    let verified = model.puzzle.run(VerifyCount {
        symmetry_breaking,
        dir,
    });
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
