//! The command line: arguments, the commands, and how results are shown.

#[macro_use]
mod output;
mod args;
mod catalogue;
mod cnf;
mod commands;
mod counted;
mod design;
mod disassemble;
mod interrupt;
mod parts;
mod pictures;
mod progress;
mod proofs;
mod shell;
mod solve;
mod verify;

pub use args::Cli;
use args::Command;
use commands::RunCommand;
use proofs::GoalFlag;
use puzzlesat::Error;
use puzzlesat::family::Family;
use puzzlesat::model::{self, PuzzleModel};
use puzzlesat::puzzles::snake_cube::design::Filters;
use puzzlesat::registry::{self, FamilyInfo, FamilyTask};
use puzzlesat::types::Engine;
use puzzlesat::types::Goal;
use std::path::PathBuf;

/// The one line a person reads for an error: the library's words, with the
/// flag named where the error is about one.
pub fn message(e: &Error) -> String {
    match e {
        Error::Problem { file, expected } => format!("{}: --problem: {expected}", file.display()),
        other => other.to_string(),
    }
}

/// The exit code of the command-line contract: 2 for bad input, 130 (as a
/// shell reports SIGINT) for a search stopped before it had an answer, 3 for a
/// failure of the tool itself.
pub fn exit_code(e: &Error) -> u8 {
    match e {
        Error::Interrupted => interrupt::EXIT_INTERRUPTED,
        e if e.is_bad_input() => 2,
        _ => 3,
    }
}

/// The model file the command reads; `merge` reads none, and `verify` reads
/// its own.
fn model_path(command: &Command) -> Option<&PathBuf> {
    match command {
        Command::Solve { model, .. }
        | Command::Count { model, .. }
        | Command::All { model, .. }
        | Command::Show { model }
        | Command::Import { file: model }
        | Command::Disassemble { file: model, .. }
        | Command::Cnf { model, .. }
        | Command::Check { model, .. } => Some(model),
        Command::Merge { .. }
        | Command::Verify { .. }
        | Command::Catalogue { .. }
        | Command::Design { .. }
        | Command::Completions { .. }
        | Command::Man { .. } => None,
    }
}

/// "a packing model" or "a board-snakes or sudoku-snake model": the families
/// that offer what `offers` asks of them.
fn families_offering(offers: impl Fn(&FamilyInfo) -> bool) -> String {
    let names: Vec<&str> = registry::families()
        .iter()
        .filter(|f| offers(f))
        .map(|f| f.name)
        .collect();
    format!("a {} model", names.join(" or "))
}

/// The engine a command runs on: the one asked for, or the family's fastest
/// (the first it lists).
fn engine(model: &PuzzleModel, command: &Command) -> Result<Engine, Error> {
    let info = model.puzzle.info();
    match command.engine() {
        Some(name) if !info.engines.contains(&name.engine()) => Err(Error::input(
            &model.file,
            "family",
            format!(
                "{} for --engine {} (a {} has no such form; use --engine sat)",
                families_offering(|f| f.engines.contains(&name.engine())),
                name.flag_value(),
                info.name
            ),
        )),
        Some(name) => match model.puzzle.run(Refusal(name.engine())) {
            Some((field, expected)) => Err(Error::input(&model.file, field, expected)),
            None => Ok(name.engine()),
        },
        None => Ok(model.puzzle.run(DefaultEngine)),
    }
}

/// Why the puzzle cannot be searched by an engine its family offers.
struct Refusal(Engine);

impl FamilyTask for Refusal {
    type Output = Option<(&'static str, String)>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        puzzle.engine_refusal(self.0)
    }
}

/// The engine a puzzle is searched with when none is asked for.
struct DefaultEngine;

impl FamilyTask for DefaultEngine {
    type Output = Engine;

    fn run<F: Family>(self, puzzle: &F) -> Engine {
        puzzle.default_engine()
    }
}

/// Refuses `flag`, which asks for `goal`, on a family without that goal.
pub(crate) fn check_goal(model: &PuzzleModel, goal: Goal, flag: &str) -> Result<(), Error> {
    let info = model.puzzle.info();
    if info.goal(goal).is_some() {
        return Ok(());
    }
    let why = registry::families()
        .iter()
        .find_map(|f| f.goal(goal))
        .unwrap_or("goal to optimise");
    Err(Error::input(
        &model.file,
        "family",
        format!(
            "{} for {flag} (a {} has no {why})",
            families_offering(|f| f.goal(goal).is_some()),
            info.name
        ),
    ))
}

/// Refuses a flag of `solve` or `cnf` that the model's family has no use for,
/// rather than ignore it: a goal it does not have, an extension it does not
/// offer.
fn check_family_flags(model: &PuzzleModel, command: &Command) -> Result<(), Error> {
    for goal in command.goals() {
        check_goal(model, goal, GoalFlag::flag(goal))?;
    }
    if let Command::Count {
        disassemble: true, ..
    }
    | Command::All {
        disassemble: true, ..
    }
    | Command::Solve {
        disassemble: true, ..
    } = command
        && !model.puzzle.info().disassembles
    {
        return Err(Error::input(
            &model.file,
            "family",
            format!(
                "{} for --disassemble (a {} has no pieces to take apart)",
                families_offering(|f| f.disassembles),
                model.puzzle.info().name
            ),
        ));
    }
    if let Command::Solve { sudoku: true, .. } = command {
        let wanted = "sudoku";
        let info = model.puzzle.info();
        if info.extension.map(|(name, _)| name) != Some(wanted) {
            let offers = |f: &FamilyInfo| f.extension.is_some_and(|(name, _)| name == wanted);
            let what = registry::families()
                .iter()
                .find(|f| offers(f))
                .and_then(|f| f.extension)
                .map_or("extension", |(_, what)| what);
            return Err(Error::input(
                &model.file,
                "family",
                format!(
                    "{} for --{wanted} (a {} has no {what})",
                    families_offering(offers),
                    info.name
                ),
            ));
        }
    }
    Ok(())
}

/// `import`: a BurrTools problem as the TOML model that reads back the same.
struct Import<'a> {
    model: &'a PuzzleModel,
}

impl FamilyTask for Import<'_> {
    type Output = Result<u8, Error>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        let toml = self
            .model
            .recorded
            .as_ref()
            .and_then(|_| puzzle.model_toml(&self.model.title(), self.model.source.as_deref()));
        match toml {
            Some(toml) => {
                out!("{toml}");
                Ok(0)
            }
            None => Err(Error::input(
                &self.model.file,
                "(file)",
                "a BurrTools file (.xmpuzzle) to import; this is already a TOML model",
            )),
        }
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
            let goal = match (relax, minimize, maximize) {
                (Some(k), _, _) => Some((Goal::Relax, *k)),
                (_, Some(k), _) => Some((Goal::Minimise, *k)),
                (_, _, Some(k)) => Some((Goal::Maximise, *k)),
                _ => None,
            }
            .map(|(goal, optimum)| GoalFlag { goal, optimum });
            return verify::verify(path, proof.as_ref(), goal, cli.problem.as_deref());
        }
        match &cli.command {
            Command::Completions { shell } => return shell::completions(*shell),
            Command::Catalogue {
                size,
                list,
                format,
                work,
                ..
            } => {
                return catalogue::run(catalogue::Request {
                    sides: *size,
                    list: *list,
                    format: *format,
                    threads: work.threads(),
                    quiet: work.quiet,
                });
            }
            Command::Design {
                size,
                unique,
                count,
                seed,
                max_straight,
                min_segments,
                palindromes,
                sort,
                max_draws,
                proof,
                format,
                work,
                ..
            } => {
                return design::run(design::Request {
                    sides: *size,
                    unique: *unique,
                    count: *count,
                    seed: *seed,
                    filters: Filters {
                        max_straight: *max_straight,
                        min_segments: *min_segments,
                        palindromes: *palindromes,
                    },
                    sort: *sort,
                    max_draws: *max_draws,
                    proof: proof.clone(),
                    format: *format,
                    threads: work.threads(),
                    quiet: work.quiet,
                });
            }
            Command::Man { command } => return shell::man(command.as_deref()),
            _ => {}
        }
        let Command::Merge { parts, format } = &cli.command else {
            unreachable!("only merge, verify, completions and man read no model first");
        };
        if cli.problem.is_some() {
            return Err(Error::Unsupported(
                "--problem picks a problem of a model file, and merge reads none (the shares name their count)".into(),
            ));
        }
        return parts::merge(parts, *format);
    };
    let model = model::load_problem(path, cli.problem.as_deref())?;
    match &cli.command {
        Command::Import { .. } => return model.puzzle.run(Import { model: &model }),
        Command::Disassemble {
            format,
            moves,
            max_states,
            ..
        } => {
            return model.puzzle.run(disassemble::Saved {
                model: &model,
                format: *format,
                moves: *moves,
                max_states: *max_states,
            });
        }
        _ => {}
    }
    check_family_flags(&model, &cli.command)?;
    let engine = engine(&model, &cli.command)?;
    model.puzzle.run(RunCommand {
        model: &model,
        command: &cli.command,
        engine,
    })
}
