//! Writing proofs: `solve --proof FILE` (a DRAT refutation when there is no
//! solution, or of an optimum) and `count --proof DIR` (a certificate of the
//! count), and the note that says how to check them.

use super::progress::progress_bar;
use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::puzzles::Puzzle;
use puzzlesat::tasks::certify_count;
use puzzlesat::types::Goal;
use serde_json::json;
use std::path::Path;

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

/// Makes `--proof DIR` for `what`, which must be new or empty: a
/// certificate's files are checked by name, so none may be left from another.
pub fn new_directory(dir: &Path, what: &str) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io {
        file: dir.to_path_buf(),
        message: format!("cannot make the directory for {what}: {e}"),
    };
    if dir.exists() && std::fs::read_dir(dir).map_err(io)?.next().is_some() {
        return Err(Error::input(
            dir,
            "--proof",
            format!("a new or empty directory for {what}"),
        ));
    }
    std::fs::create_dir_all(dir).map_err(io)
}

/// `count --proof DIR`: the certificate's files, the model file and a manifest.
/// Returns the number of models and the puzzle's count they stand for.
pub fn write_certificate<P: Puzzle>(
    model: &PuzzleModel,
    puzzle: &P,
    problem: Option<&str>,
    symmetry_breaking: bool,
    threads: usize,
    dir: &Path,
    quiet: bool,
) -> Result<(usize, u64), Error> {
    let io = |e: std::io::Error| Error::Io {
        file: dir.to_path_buf(),
        message: format!("cannot write the certificate: {e}"),
    };
    new_directory(dir, "the certificate")?;
    let mut sink =
        |name: &str, contents: &[u8]| std::fs::write(dir.join(name), contents).map_err(io);
    let bar = progress_bar(quiet);
    bar.set_message("certificate: enumerating and refuting the first cube");
    let certificate = certify_count(
        puzzle,
        symmetry_breaking,
        threads,
        &mut sink,
        &mut |done, cubes| {
            bar.set_message(format!(
                "certificate: {done} of {cubes} cubes enumerated and refuted"
            ))
        },
    );
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
