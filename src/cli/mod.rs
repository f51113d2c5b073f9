//! The command line: arguments, the commands, and how results are shown.

#[macro_use]
mod output;
mod args;
mod commands;
mod counted;
mod extended_solve;
mod interrupt;
mod parts;
mod pictures;
mod progress;
mod proofs;
mod verify;

pub use args::Cli;
use args::{Command, EngineName};
use commands::run_family;
use extended_solve::{Outputs, relax, solve_sudoku_snake};
use proofs::Optimum;
use puzzlesat::Error;
use puzzlesat::model::{self, PuzzleKind, PuzzleModel};
use puzzlesat::puzzles::Puzzle;
use puzzlesat::tasks::Engine;
use std::path::PathBuf;

/// The model file the command reads; `merge` reads none.
fn model_path(command: &Command) -> Option<&PathBuf> {
    match command {
        Command::Solve { model, .. }
        | Command::Count { model, .. }
        | Command::All { model, .. }
        | Command::Show { model }
        | Command::Import { file: model }
        | Command::Cnf { model, .. }
        | Command::Check { model, .. } => Some(model),
        Command::Merge { .. } | Command::Verify { .. } => None,
    }
}

/// The engine a command runs on: the one asked for, or the family's faster one
/// (BENCHMARKS.md). Only packings have an exact-cover form.
fn engine(model: &PuzzleModel, command: &Command) -> Result<Engine, Error> {
    let packing = matches!(model.puzzle, PuzzleKind::Packing(_));
    match command.engine() {
        Some(EngineName::ExactCover) if !packing => Err(Error::input(
            &model.file,
            "family",
            format!(
                "a packing model for --engine exact-cover (a {} has no exact-cover form; use --engine sat)",
                model.family
            ),
        )),
        Some(name) => Ok(name.engine()),
        None if packing => Ok(Engine::ExactCover),
        None => Ok(Engine::Sat),
    }
}

/// Refuses a flag of `solve` or `cnf` that the model's family has no use for,
/// rather than ignore it: `--relax` is for board snakes, `--minimize`, `--maximize` and
/// `--sudoku` for the sudoku snake.
fn check_family_flags(model: &PuzzleModel, command: &Command) -> Result<(), Error> {
    let (relax, minimize, maximize, sudoku) = match command {
        Command::Solve {
            relax,
            minimize,
            maximize,
            sudoku,
            ..
        } => (relax, minimize, maximize, sudoku),
        Command::Cnf {
            relax,
            minimize,
            maximize,
            ..
        } => (relax, minimize, maximize, &false),
        _ => return Ok(()),
    };
    let flags = [
        (
            *relax,
            "--relax",
            "board-snakes",
            "only snakes on a board have links to relax",
        ),
        (
            minimize.is_some(),
            "--minimize",
            "sudoku-snake",
            "only the sudoku snake has a length to optimise",
        ),
        (
            maximize.is_some(),
            "--maximize",
            "sudoku-snake",
            "only the sudoku snake has a length to optimise",
        ),
        (
            *sudoku,
            "--sudoku",
            "sudoku-snake",
            "only the sudoku snake has a parity grid to fill",
        ),
    ];
    for (given, flag, family, why) in flags {
        if given && model.family != family {
            return Err(Error::input(
                &model.file,
                "family",
                format!(
                    "a {family} model for {flag} ({why}), but this is a {}",
                    model.family
                ),
            ));
        }
    }
    Ok(())
}

/// The most clauses a formula may have: about 170 bytes each while solving (6x6x6
/// snake: 1.75 M clauses, 299 MiB), so about 850 MiB.
const MAX_CLAUSES: u64 = 5_000_000;

/// Refuses, before building it, a SAT formula the family estimates above
/// [`MAX_CLAUSES`]: one line with the estimate and the limit instead of gigabytes.
fn check_formula_size<P: Puzzle>(model: &PuzzleModel, puzzle: &P) -> Result<(), Error> {
    match puzzle.formula_estimate() {
        Some((clauses, field)) if clauses > MAX_CLAUSES => Err(Error::input(
            &model.file,
            field,
            format!(
                "a smaller model: its formula would have about {:.1} million clauses (about {:.1} GiB to solve), more than the limit of {} million{}",
                clauses as f64 / 1e6,
                clauses as f64 * 170.0 / f64::from(1u32 << 30),
                MAX_CLAUSES / 1_000_000,
                if model.family == "packing" {
                    " (the exact-cover engine, the default for packings, has no such limit)"
                } else {
                    ""
                }
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether the command builds a SAT formula (rather than only reading the model
/// or searching an exact-cover matrix).
fn builds_formula(command: &Command, engine: Engine) -> bool {
    match command {
        Command::Cnf { .. } => true,
        Command::Solve { .. } | Command::Count { .. } | Command::All { .. } => {
            engine == Engine::Sat
        }
        Command::Show { .. }
        | Command::Import { .. }
        | Command::Check { .. }
        | Command::Merge { .. }
        | Command::Verify { .. } => false,
    }
}

/// `import`: a BurrTools problem as the TOML model that reads back the same.
fn import(model: &PuzzleModel) -> Result<u8, Error> {
    match (&model.recorded, &model.puzzle) {
        (Some(_), PuzzleKind::Packing(p)) => {
            out!("{}", model::packing_toml(model, p));
            Ok(0)
        }
        _ => Err(Error::input(
            &model.file,
            "(file)",
            "a BurrTools file (.xmpuzzle) to import; this is already a TOML model",
        )),
    }
}

pub fn run(cli: Cli) -> Result<u8, Error> {
    let Some(path) = model_path(&cli.command) else {
        if let Command::Verify {
            path,
            proof,
            relax,
            minimize,
            maximize,
        } = &cli.command
        {
            let optimum = match (relax, minimize, maximize) {
                (Some(k), _, _) => Some(Optimum::FewestBrokenLinks(*k)),
                (_, Some(k), _) => Some(Optimum::Shortest(*k)),
                (_, _, Some(k)) => Some(Optimum::Longest(*k)),
                _ => None,
            };
            return proofs::verify(path, proof.as_ref(), optimum, cli.problem.as_deref());
        }
        let Command::Merge { parts, format } = &cli.command else {
            unreachable!("only merge and verify read no model first");
        };
        if cli.problem.is_some() {
            return Err(Error::Unsupported(
                "--problem picks a problem of a model file, and merge reads none (the shares name their count)".into(),
            ));
        }
        return parts::merge(parts, *format);
    };
    let model = model::load_problem(path, cli.problem.as_deref())?;
    if let Command::Import { .. } = cli.command {
        return import(&model);
    }
    check_family_flags(&model, &cli.command)?;
    let engine = engine(&model, &cli.command)?;
    if builds_formula(&cli.command, engine) {
        match &model.puzzle {
            PuzzleKind::SnakeCube(p) => check_formula_size(&model, p)?,
            PuzzleKind::Packing(p) => check_formula_size(&model, p)?,
            PuzzleKind::BoardSnakes(p) => check_formula_size(&model, p)?,
            PuzzleKind::SudokuSnake(p) => check_formula_size(&model, p)?,
        }
    }
    // The family-specific solves; `check_family_flags` has refused their flags on
    // any other family.
    match (&cli.command, &model.puzzle) {
        (
            Command::Solve {
                relax: true,
                format,
                picture,
                proof,
                ..
            },
            PuzzleKind::BoardSnakes(p),
        ) => {
            let outputs = Outputs {
                format: *format,
                picture: picture.as_deref(),
                proof: proof.as_deref(),
            };
            return relax(&model, p, outputs);
        }
        (Command::Cnf { relax: true, .. }, PuzzleKind::BoardSnakes(p)) => {
            return proofs::print_relaxed_cnf(&model, p);
        }
        (
            Command::Cnf {
                minimize, maximize, ..
            },
            PuzzleKind::SudokuSnake(p),
        ) if minimize.is_some() || maximize.is_some() => {
            return proofs::print_beyond_optimum_cnf(&model, p, maximize.is_some());
        }
        (
            Command::Solve {
                minimize,
                maximize,
                sudoku,
                format,
                picture,
                proof,
                ..
            },
            PuzzleKind::SudokuSnake(p),
        ) if minimize.is_some() || maximize.is_some() || *sudoku => {
            return solve_sudoku_snake(
                &model,
                p,
                maximize.is_some(),
                minimize.is_some(),
                *sudoku,
                Outputs {
                    format: *format,
                    picture: picture.as_deref(),
                    proof: proof.as_deref(),
                },
            );
        }
        _ => {}
    }
    match &model.puzzle {
        PuzzleKind::SnakeCube(p) => run_family(&model, p, &cli.command, engine),
        PuzzleKind::Packing(p) => run_family(&model, p, &cli.command, engine),
        PuzzleKind::BoardSnakes(p) => run_family(&model, p, &cli.command, engine),
        PuzzleKind::SudokuSnake(p) => run_family(&model, p, &cli.command, engine),
    }
}
