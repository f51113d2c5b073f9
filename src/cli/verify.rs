//! `verify`: checks a proof or a count certificate without the search, from
//! the model file alone.

use super::output::seconds;
use super::progress::progress_bar;
use super::proofs::GoalFlag;
use puzzlesat::Error;
use puzzlesat::family::Family;
use puzzlesat::model;
use puzzlesat::registry::FamilyTask;
use puzzlesat::tasks::optimum::{check_optimum_proof, check_refutation};
use puzzlesat::tasks::{default_threads, verify_count};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
        let read = |name: &str| std::fs::read_to_string(self.dir.join(name)).ok();
        let bar = progress_bar(false);
        bar.set_message("checking the models and the first cube's proof");
        let mut on_cube = |done: usize, cubes: usize| {
            bar.set_message(format!("{done} of {cubes} cube proofs checked"))
        };
        let verified = verify_count(
            puzzle,
            self.symmetry_breaking,
            default_threads(),
            &read,
            &mut on_cube,
        );
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
