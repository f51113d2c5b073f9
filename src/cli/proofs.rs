//! Proofs on the command line: `solve --proof FILE` (a DRAT refutation when
//! there is no solution), `count --proof DIR` (a certificate of the count) and
//! `verify`, which checks either without the search.

use super::output::seconds;
use super::progress::progress_bar;
use puzzlesat::Error;
use puzzlesat::cnf::{Formula, write_dimacs};
use puzzlesat::model::{self, PuzzleKind, PuzzleModel};
use puzzlesat::proof::certificate::{certify_count, verify_count, verify_refutation};
use puzzlesat::proof::refute;
use puzzlesat::puzzles::board_snakes::BoardSnakes;
use puzzlesat::puzzles::sudoku_snake::SudokuSnake;
use puzzlesat::puzzles::{EncodeOptions, Puzzle};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The formula `cnf` prints with the same flags.
fn options(symmetry_breaking: bool) -> EncodeOptions {
    EncodeOptions {
        symmetry_breaking,
        whole_search: true,
        every_rule_as_clauses: true,
    }
}

/// After `solve` found no solution: writes the DRAT refutation of the formula
/// `puzzlesat cnf MODEL` prints.
pub fn write_refutation<P: Puzzle>(puzzle: &P, file: &Path) -> Result<(), Error> {
    write_refutation_of(&puzzle.encode(options(true)).formula, file)
}

/// The line saying where a proof went and which command checks it; `optimum`
/// when the proof is of one. A BurrTools file's problem is named, since the
/// file may hold several.
pub fn proof_note(model: &PuzzleModel, file: &Path, optimum: Option<Optimum>) -> String {
    let flag = optimum
        .map(|o| format!(" {} {}", o.flag(), o.value()))
        .unwrap_or_default();
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

/// Writes the DRAT refutation of `formula` to `file`.
pub fn write_refutation_of(formula: &Formula, file: &Path) -> Result<(), Error> {
    match refute(formula.var_count(), formula.clauses())? {
        Ok(proof) => std::fs::write(file, proof).map_err(|e| Error::Io {
            file: file.to_path_buf(),
            message: format!("cannot write the proof: {e}"),
        }),
        Err(_) => Err(Error::Internal(
            "the search found no solution, but the formula with every rule as clauses has a model: no proof can exist".into(),
        )),
    }
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
    let encoding = puzzle.encode(options(symmetry_breaking));
    let bar = progress_bar(quiet);
    bar.set_message("certificate: enumerating and refuting the first cube");
    let certificate = certify_count(
        puzzle,
        &encoding,
        symmetry_breaking,
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

/// `cnf MODEL --relax`: the relaxed formula with the broken links bounded one
/// below the optimum, found first (unbounded when no placement exists at all).
pub fn print_relaxed_cnf(model: &PuzzleModel, puzzle: &BoardSnakes) -> Result<u8, Error> {
    let relaxed = puzzle.relax(&mut |_| {})?;
    let (bound, what) = match &relaxed {
        None => (None, "no placement exists even with cuts".to_string()),
        Some(r) if r.broken_links == 0 => (
            None,
            "the optimum is 0 broken links: nothing to bound".to_string(),
        ),
        Some(r) => (
            Some(r.broken_links - 1),
            format!(
                "broken links bounded to at most {}, one below the optimum {}",
                r.broken_links - 1,
                r.broken_links
            ),
        ),
    };
    let formula = puzzle.relaxed_formula(bound);
    let comments = vec![
        format!("puzzlesat {}: {} (relaxed)", model.family, model.title()),
        what,
    ];
    print_dimacs(&formula, &comments)
}

fn print_dimacs(formula: &Formula, comments: &[String]) -> Result<u8, Error> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    super::output::stdout_written(
        write_dimacs(formula, comments, &mut out).and_then(|()| std::io::Write::flush(&mut out)),
    )?;
    Ok(0)
}

/// The optimum a `verify MODEL FILE` proof is of: nothing beats it.
#[derive(Clone, Copy, Debug)]
pub enum Optimum {
    /// Board snakes, `--relax`: no placement has fewer broken links.
    FewestBrokenLinks(usize),
    /// Sudoku snake, `--minimize length`: no snake is shorter.
    Shortest(usize),
    /// Sudoku snake, `--maximize length`: no snake is longer.
    Longest(usize),
}

impl Optimum {
    /// The sudoku snake's length optimum, or `None` when there is no snake.
    pub fn of_length(maximise: bool, length: Option<usize>) -> Option<Optimum> {
        length.map(|k| {
            if maximise {
                Optimum::Longest(k)
            } else {
                Optimum::Shortest(k)
            }
        })
    }

    /// The flag of `solve`, `cnf` and `verify` that names this optimum.
    pub fn flag(self) -> &'static str {
        match self {
            Optimum::FewestBrokenLinks(_) => "--relax",
            Optimum::Shortest(_) => "--minimize",
            Optimum::Longest(_) => "--maximize",
        }
    }

    pub fn value(self) -> usize {
        match self {
            Optimum::FewestBrokenLinks(k) | Optimum::Shortest(k) | Optimum::Longest(k) => k,
        }
    }
}

/// The snakes a length proof refutes: one cell past the optimum `k`.
fn past_optimum(maximise: bool, k: usize) -> String {
    if maximise {
        format!("at least {} cells", k + 1)
    } else {
        format!("at most {} cells", k.saturating_sub(1))
    }
}

/// `cnf MODEL --minimize length` (or `--maximize`): every rule as clauses, and
/// the length one past the optimum, found first (unbounded when there is no
/// snake at all).
pub fn print_beyond_optimum_cnf(
    model: &PuzzleModel,
    puzzle: &SudokuSnake,
    maximise: bool,
) -> Result<u8, Error> {
    let optimum = puzzle.optimise_length(maximise, &mut |_| {})?;
    let length = optimum.as_ref().map(|o| o.length);
    let what = match length {
        None => "no snake exists: nothing to bound".to_string(),
        Some(k) => format!(
            "{}, one past the {} snake's {k}",
            past_optimum(maximise, k),
            if maximise { "longest" } else { "shortest" }
        ),
    };
    let formula = puzzle.beyond_optimum(maximise, length);
    let comments = vec![
        format!("puzzlesat {}: {}", model.family, model.title()),
        format!("every rule as clauses; snakes of {what}"),
    ];
    print_dimacs(&formula, &comments)
}

/// `verify DIR` or `verify MODEL FILE`: 0 when the certificate holds, 1 with the
/// reason when it does not.
pub fn verify(
    path: &Path,
    proof: Option<&PathBuf>,
    optimum: Option<Optimum>,
    problem: Option<&str>,
) -> Result<u8, Error> {
    let started = Instant::now();
    let verdict = match (proof, optimum) {
        (Some(file), Some(Optimum::FewestBrokenLinks(k))) => {
            verify_relaxed_proof(path, file, k, problem)?
        }
        (Some(file), Some(length)) => verify_length_proof(path, file, length, problem)?,
        (Some(file), None) => verify_solve_proof(path, file, problem)?,
        (None, _) => verify_certificate(path)?,
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

fn verify_relaxed_proof(
    model_file: &Path,
    file: &Path,
    optimum: usize,
    problem: Option<&str>,
) -> Result<Result<String, String>, Error> {
    let model = model::load_problem(model_file, problem)?;
    let PuzzleKind::BoardSnakes(p) = &model.puzzle else {
        return Err(Error::input(
            model_file,
            "family",
            "board-snakes for --relax",
        ));
    };
    if optimum == 0 {
        return Err(Error::input(
            file,
            "--relax",
            "an optimum of at least 1 broken link: 0 needs no proof",
        ));
    }
    let text = read_proof(file)?;
    let formula = p.relaxed_formula(Some(optimum - 1));
    Ok(verify_refutation(formula.clauses(), formula.var_count(), &text).map(|()| {
        format!("the proof refutes the relaxed formula with at most {} broken links: no placement has fewer than {optimum}", optimum - 1)
    }))
}

/// `verify MODEL FILE --minimize K` or `--maximize K`.
fn verify_length_proof(
    model_file: &Path,
    file: &Path,
    length: Optimum,
    problem: Option<&str>,
) -> Result<Result<String, String>, Error> {
    let model = model::load_problem(model_file, problem)?;
    let PuzzleKind::SudokuSnake(p) = &model.puzzle else {
        return Err(Error::input(
            model_file,
            "family",
            format!("sudoku-snake for {}", length.flag()),
        ));
    };
    let maximise = matches!(length, Optimum::Longest(_));
    let optimum = length.value();
    let text = read_proof(file)?;
    let formula = p.beyond_optimum(maximise, Some(optimum));
    let what = past_optimum(maximise, optimum);
    let none = if maximise { "longer" } else { "shorter" };
    Ok(
        verify_refutation(formula.clauses(), formula.var_count(), &text).map(|()| {
            format!("the proof refutes the formula of snakes of {what}, every rule as clauses: no snake is {none} than {optimum} cells")
        }),
    )
}

fn read_proof(file: &Path) -> Result<String, Error> {
    std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: e.to_string(),
    })
}

fn verify_solve_proof(
    model_file: &Path,
    file: &Path,
    problem: Option<&str>,
) -> Result<Result<String, String>, Error> {
    let model = model::load_problem(model_file, problem)?;
    let text = read_proof(file)?;
    let check = |clauses: &[Vec<puzzlesat::cnf::Lit>], vars: usize| {
        verify_refutation(clauses, vars, &text).map(|()| {
            "the proof refutes the formula `puzzlesat cnf` prints: the puzzle has no solution"
                .to_string()
        })
    };
    macro_rules! on {
        ($p:expr) => {{
            let encoding = $p.encode(options(true));
            check(encoding.formula.clauses(), encoding.formula.var_count())
        }};
    }
    Ok(match &model.puzzle {
        PuzzleKind::SnakeCube(p) => on!(p),
        PuzzleKind::Packing(p) => on!(p),
        PuzzleKind::BoardSnakes(p) => on!(p),
        PuzzleKind::SudokuSnake(p) => on!(p),
    })
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
    let mut read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let bar = progress_bar(false);
    bar.set_message("checking the models and the first cube's proof");
    let mut on_cube = |done: usize, cubes: usize| {
        bar.set_message(format!("{done} of {cubes} cube proofs checked"))
    };
    macro_rules! on {
        ($p:expr) => {{
            let encoding = $p.encode(options(symmetry_breaking));
            verify_count($p, &encoding, symmetry_breaking, &mut read, &mut on_cube)
        }};
    }
    let verified = match &model.puzzle {
        PuzzleKind::SnakeCube(p) => on!(p),
        PuzzleKind::Packing(p) => on!(p),
        PuzzleKind::BoardSnakes(p) => on!(p),
        PuzzleKind::SudokuSnake(p) => on!(p),
    };
    bar.finish_and_clear();
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
