//! The commands every family answers: solve, count, all, show, cnf and check,
//! run on the puzzle of whatever family the model names.

use super::args::{Command, EngineName, EnumerationArgs, Format};
use super::cnf::{cnf, print_past_optimum_cnf};
use super::counted::{CountReport, print_count};
use super::interrupt;
use super::output::{Listing, header};
use super::parts::{fingerprint, print_part};
use super::pictures::{Gallery, disassembly_extras};
use super::progress::{progress_bar, report};
use super::proofs::write_certificate;
use super::solve::{SolveRequest, solve, solve_separable};
use puzzlesat::Error;
use puzzlesat::family::Family;
use puzzlesat::model::PuzzleModel;
use puzzlesat::registry::FamilyTask;
use puzzlesat::render::disassembly::{disassembly_json, disassembly_text, none_apart_text};
use puzzlesat::render::picture::Extras;
use puzzlesat::split::Part;
use puzzlesat::tasks::{self, CountOptions, Found, SearchOptions, check_solution_file};
use puzzlesat::types::Engine;
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A command on a puzzle of any family, its engine chosen.
pub struct RunCommand<'a> {
    pub model: &'a PuzzleModel,
    pub command: &'a Command,
    pub engine: Engine,
}

impl FamilyTask for RunCommand<'_> {
    type Output = Result<u8, Error>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        let RunCommand {
            model,
            command,
            engine,
        } = self;
        if builds_formula(command, engine) {
            check_formula_size(model, puzzle)?;
        }

        match command {
            Command::Solve {
                format,
                disassemble: true,
                max_states,
                picture,
                ..
            } => solve_separable(
                model,
                puzzle,
                *format,
                picture.as_deref(),
                *max_states,
                engine,
            ),
            Command::Solve {
                format,
                picture,
                proof,
                sudoku,
                ..
            } => solve(
                model,
                puzzle,
                SolveRequest {
                    format: *format,
                    picture: picture.as_deref(),
                    proof: proof.as_deref(),
                    engine,
                    goal: command.goal(),
                    extend: *sudoku,
                },
            ),
            Command::Count {
                enumeration,
                proof: Some(dir),
                ..
            } => certified_count(model, puzzle, enumeration, dir),
            Command::Count {
                enumeration,
                disassemble: true,
                max_states,
                part,
                ..
            } => count_disassembled(model, puzzle, enumeration, *part, *max_states, engine),
            Command::Count {
                enumeration, part, ..
            } => count(model, puzzle, enumeration, *part, engine),
            Command::All {
                enumeration,
                disassemble: true,
                max_states,
                picture,
                ..
            } => all_separable(
                model,
                puzzle,
                enumeration,
                picture.as_deref(),
                *max_states,
                engine,
            ),
            Command::All {
                enumeration,
                picture,
                ..
            } => all(model, puzzle, enumeration, picture.as_deref(), engine),
            // `run` answers `import` and `disassemble` before a family is chosen.
            Command::Show { .. } | Command::Import { .. } | Command::Disassemble { .. } => {
                out!("{}{}", header(model, puzzle), puzzle.describe());
                Ok(0)
            }
            Command::Cnf { .. } if let Some(goal) = command.goal() => {
                print_past_optimum_cnf(model, puzzle, goal)
            }
            Command::Cnf {
                no_symmetry_breaking,
                ..
            } => cnf(model, puzzle, !no_symmetry_breaking),
            Command::Check {
                solution, format, ..
            } => check(puzzle, solution, *format),
            // `run` answers `merge`, `verify` and `catalogue` before a model is read.
            Command::Merge { .. }
            | Command::Catalogue { .. }
            | Command::Design { .. }
            | Command::Verify { .. }
            | Command::Completions { .. }
            | Command::Man { .. } => Ok(2),
        }
    }
}

/// The most clauses a formula may have: about 170 bytes each while solving (6x6x6
/// snake: 1.75 M clauses, 299 MiB), so about 850 MiB.
const MAX_CLAUSES: u64 = 5_000_000;

/// Refuses, before building it, a SAT formula the family estimates above
/// [`MAX_CLAUSES`]: one line with the estimate and the limit instead of gigabytes.
fn check_formula_size<F: Family>(model: &PuzzleModel, puzzle: &F) -> Result<(), Error> {
    match puzzle.formula_estimate() {
        Some((clauses, field)) if clauses > MAX_CLAUSES => Err(Error::input(
            &model.file,
            field,
            format!(
                "a smaller model: its formula would have about {:.1} million clauses (about {:.1} GiB to solve), more than the limit of {} million{}",
                clauses as f64 / 1e6,
                clauses as f64 * 170.0 / f64::from(1u32 << 30),
                MAX_CLAUSES / 1_000_000,
                match F::ENGINES[0] {
                    Engine::Sat => String::new(),
                    other => format!(
                        " (the {} engine, the default for a {}, has no such limit)",
                        EngineName::of(other).flag_value(),
                        F::NAME
                    ),
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
        | Command::Disassemble { .. }
        | Command::Check { .. }
        | Command::Merge { .. }
        | Command::Catalogue { .. }
        | Command::Design { .. }
        | Command::Verify { .. }
        | Command::Completions { .. }
        | Command::Man { .. } => false,
    }
}

fn count<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    args: &EnumerationArgs,
    part: Option<Part>,
    engine: Engine,
) -> Result<u8, Error> {
    // A file that records BurrTools' assemblies is compared with our count in the
    // same sense: up to symmetry.
    let recorded = model.recorded.as_ref().map(|r| r.assemblies);
    let bar = progress_bar(args.quiet);
    let options = CountOptions {
        unique: args.unique || recorded.is_some(),
        limit: args.limit,
        search: SearchOptions {
            part,
            ..args.search(engine, !bar.is_hidden(), interrupt::watch())
        },
    };
    let started = Instant::now();
    let result = tasks::count(puzzle, &options, &mut report(&bar));
    bar.finish_and_clear();
    let result = result?;
    let report = CountReport {
        header: header(model, puzzle),
        solutions: result.solutions,
        unique: result.unique,
        complete: result.complete,
        interrupted: interrupt::interrupted(),
        recorded,
        tally: result.tally.map(|(name, t)| (name.to_string(), t)),
        disassembled: None,
        elapsed: started.elapsed(),
        time_note: None,
    };
    // A share that finds nothing is no proof that the puzzle has no solution.
    let code = match (part, result.shares) {
        (Some(part), Some(shares)) => {
            let fingerprint = fingerprint(model, args, engine, None);
            print_part(&report, part, &shares, None, &fingerprint, args.format);
            0
        }
        _ => {
            print_count(&report, args.format);
            report.exit_code()
        }
    };
    Ok(if report.interrupted {
        interrupt::EXIT_INTERRUPTED
    } else {
        code
    })
}

/// `count --disassemble`: every assembly (one per class up to symmetry) taken
/// apart; with `--part`, those of one share.
fn count_disassembled<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    args: &EnumerationArgs,
    part: Option<Part>,
    max_states: usize,
    engine: Engine,
) -> Result<u8, Error> {
    let bar = progress_bar(args.quiet);
    let search = SearchOptions {
        part,
        ..args.search(engine, !bar.is_hidden(), interrupt::watch())
    };
    let started = Instant::now();
    let result = tasks::disassemble_all(puzzle, &search, max_states, &mut report(&bar));
    bar.finish_and_clear();
    let mut result = result?;
    let shares = result.shares.take();
    let report = CountReport {
        header: header(model, puzzle),
        solutions: result.solutions,
        unique: Some(result.assemblies),
        complete: result.complete,
        interrupted: interrupt::interrupted(),
        recorded: Some(model.recorded.as_ref().and_then(|r| r.assemblies)),
        tally: None,
        disassembled: Some((result, model.recorded.as_ref().and_then(|r| r.solutions))),
        elapsed: started.elapsed(),
        time_note: None,
    };
    // A share that finds nothing is no proof that the puzzle has no solution.
    let code = match (part, shares) {
        (Some(part), Some((shares, taken))) => {
            let fingerprint = fingerprint(model, args, engine, Some(max_states));
            print_part(
                &report,
                part,
                &shares,
                Some(&taken),
                &fingerprint,
                args.format,
            );
            0
        }
        _ => {
            print_count(&report, args.format);
            report.exit_code()
        }
    };
    Ok(if report.interrupted {
        interrupt::EXIT_INTERRUPTED
    } else {
        code
    })
}

/// `count --proof DIR`: the count, with a certificate anyone can check.
fn certified_count<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    args: &EnumerationArgs,
    dir: &Path,
) -> Result<u8, Error> {
    if args.engine.engine == Some(EngineName::ExactCover) {
        return Err(Error::Unsupported(
            "--proof certifies the SAT formula's models: use --engine sat (or leave --engine out)"
                .into(),
        ));
    }
    let started = Instant::now();
    let symmetry_breaking = args.symmetry_breaking();
    let problem = model.recorded.as_ref().map(|r| r.problem.to_string());
    let (models, solutions) = write_certificate(
        model,
        puzzle,
        problem.as_deref(),
        symmetry_breaking,
        args.threads(),
        dir,
        args.quiet,
    )?;
    let report = CountReport {
        header: header(model, puzzle),
        solutions,
        unique: None,
        complete: true,
        interrupted: false,
        recorded: None,
        tally: None,
        disassembled: None,
        elapsed: started.elapsed(),
        time_note: None,
    };
    print_count(&report, args.format);
    if args.format == Format::Text {
        let how = if symmetry_breaking && puzzle.breaks_symmetry() {
            "which with their symmetric images are the solutions"
        } else {
            "one solution each"
        };
        outln!(
            "certificate in {}: the formula has {models} models, {how}; `puzzlesat verify {}` checks it",
            dir.display(),
            dir.display()
        );
    }
    Ok(report.exit_code())
}

/// `all --disassemble`: the assemblies that come apart, each with its level
/// and its moves, as they are found.
fn all_separable<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    args: &EnumerationArgs,
    picture: Option<&Path>,
    max_states: usize,
    engine: Engine,
) -> Result<u8, Error> {
    let mut gallery = picture.map(Gallery::new).transpose()?;
    if args.limit == Some(0) {
        return Ok(0);
    }
    let bar = progress_bar(args.quiet);
    let mut listing = Listing::new(&bar);
    let result = tasks::for_each_separable(
        puzzle,
        &args.search(engine, !bar.is_hidden(), interrupt::watch()),
        max_states,
        &mut |assembly, tree| {
            let labels = puzzle.piece_labels(assembly);
            if let Some(g) = gallery.as_mut() {
                g.add(
                    format!("assembly {}, level {}", listing.printed + 1, tree.level()),
                    assembly.clone(),
                    disassembly_extras(tree, &labels),
                );
            }
            let text = match args.format {
                Format::Json => {
                    let mut object = puzzle.json(assembly);
                    object.insert("level".into(), json!(tree.level()));
                    object.insert("disassembly".into(), disassembly_json(tree, &labels));
                    format!("{}\n", Value::Object(object))
                }
                Format::Text => format!(
                    "Assembly {} comes apart, level {}:\n{}Disassembly:\n{}\n",
                    listing.printed + 1,
                    tree.level(),
                    puzzle.text(assembly),
                    disassembly_text(tree, &labels)
                ),
            };
            listing.write(&text, args.limit)
        },
        &mut report(&bar),
    );
    bar.finish_and_clear();
    let found = result?;
    if let Some(g) = &gallery {
        g.write(model, puzzle)?;
    }
    let printed = listing.printed;
    if let Some(code) = listing.ended_early(interrupt::interrupted())? {
        return Ok(code);
    }
    if printed == 0 && args.format == Format::Text {
        outln!("{}.", none_apart_text(found.assemblies, found.undecided));
    }
    Ok(if printed == 0 { 1 } else { 0 })
}

fn all<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    args: &EnumerationArgs,
    picture: Option<&Path>,
    engine: Engine,
) -> Result<u8, Error> {
    let mut gallery = picture.map(Gallery::new).transpose()?;
    if args.limit == Some(0) {
        // Nothing to print, and no search needed to print it.
        return Ok(0);
    }
    let bar = progress_bar(args.quiet);
    let mut listing = Listing::new(&bar);
    let result = tasks::for_each_solution(
        puzzle,
        &args.search(engine, !bar.is_hidden(), interrupt::watch()),
        &mut |found| {
            let solution = match (found, args.unique) {
                (Found::Solution(s), false) | (Found::NewClass(s), true) => s,
                _ => return true,
            };
            let number = listing.printed + 1;
            if let Some(g) = gallery.as_mut() {
                let noun = if args.unique { "class" } else { "solution" };
                g.add(
                    format!("{noun} {number}"),
                    solution.clone(),
                    Extras::default(),
                );
            }
            let text = match args.format {
                Format::Json => format!("{}\n", Value::Object(puzzle.json(solution))),
                Format::Text => format!("Solution {number}:\n{}\n", puzzle.text(solution)),
            };
            listing.write(&text, args.limit)
        },
        &mut report(&bar),
    );
    bar.finish_and_clear();
    result?;
    if let Some(g) = &gallery {
        g.write(model, puzzle)?;
    }
    let printed = listing.printed;
    Ok(listing
        .ended_early(interrupt::interrupted())?
        .unwrap_or(if printed == 0 { 1 } else { 0 }))
}

fn check<F: Family>(puzzle: &F, file: &PathBuf, format: Format) -> Result<u8, Error> {
    let text = std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.clone(),
        message: format!("cannot read the solution: {e}"),
    })?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| Error::input(file, "(JSON syntax)", format!("valid JSON: {e}")))?;
    let verdict = check_solution_file(puzzle, file, &value)?;
    match format {
        Format::Json => {
            let mut out = Map::new();
            out.insert("valid".into(), json!(verdict.is_ok()));
            if let Err(v) = &verdict {
                out.insert("violation".into(), json!(v.to_string()));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => match &verdict {
            Ok(()) => outln!("valid: the solution follows every rule"),
            Err(v) => outln!("invalid: {v}"),
        },
    }
    Ok(if verdict.is_ok() { 0 } else { 1 })
}
