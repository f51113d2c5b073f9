//! The commands every family answers: solve, count, all, cnf and check.

use super::args::{Command, EngineName, EnumerationArgs, Format};
use super::counted::{CountReport, print_count};
use super::interrupt;
use super::output::{header, seconds, solve_json_head, stdout_written};
use super::parts::{fingerprint, print_part};
use super::pictures::Gallery;
use super::progress::{progress_bar, report, report_solve};
use super::proofs::{proof_note, write_certificate, write_refutation};
use super::verify::verify_file;
use puzzlesat::Error;
use puzzlesat::cnf::write_dimacs;
use puzzlesat::model::PuzzleModel;
use puzzlesat::puzzles::{EncodeOptions, Puzzle};
use puzzlesat::render::Present;
use puzzlesat::render::picture::{Draw, Extras};
use puzzlesat::split::Part;
use puzzlesat::tasks::{self, CountOptions, Engine, Found, SearchOptions};
use serde_json::{Map, Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub fn run_family<P>(
    model: &PuzzleModel,
    puzzle: &P,
    command: &Command,
    engine: Engine,
) -> Result<u8, Error>
where
    P: Puzzle
        + Present<Solution = <P as Puzzle>::Solution>
        + Draw<Solution = <P as Puzzle>::Solution>,
{
    match command {
        Command::Solve {
            format,
            picture,
            proof,
            ..
        } => solve(
            model,
            puzzle,
            *format,
            picture.as_deref(),
            proof.as_deref(),
            engine,
        ),
        Command::Count {
            enumeration,
            proof: Some(dir),
            ..
        } => certified_count(model, puzzle, enumeration, dir),
        Command::Count {
            enumeration, part, ..
        } => count(model, puzzle, enumeration, *part, engine),
        Command::All {
            enumeration,
            picture,
            ..
        } => all(model, puzzle, enumeration, picture.as_deref(), engine),
        // `run` answers `import` before a family is chosen.
        Command::Show { .. } | Command::Import { .. } => {
            out!("{}{}", header(model, puzzle), puzzle.describe());
            Ok(0)
        }
        Command::Cnf {
            no_symmetry_breaking,
            ..
        } => cnf(model, puzzle, !no_symmetry_breaking),
        Command::Check {
            solution, format, ..
        } => check(model, puzzle, solution, *format),
        // `run` answers `merge` and `verify` before a model is read.
        Command::Merge { .. } | Command::Verify { .. } => Ok(2),
    }
}

fn solve<P>(
    model: &PuzzleModel,
    puzzle: &P,
    format: Format,
    picture: Option<&Path>,
    proof: Option<&Path>,
    engine: Engine,
) -> Result<u8, Error>
where
    P: Puzzle
        + Present<Solution = <P as Puzzle>::Solution>
        + Draw<Solution = <P as Puzzle>::Solution>,
{
    let mut gallery = picture.map(Gallery::new).transpose()?;
    let started = Instant::now();
    let options = SearchOptions {
        engine,
        ..SearchOptions::default()
    };
    let bar = progress_bar(false);
    let solution = tasks::solve_one_reporting(puzzle, options, &mut report_solve(&bar));
    bar.finish_and_clear();
    let solution = solution?;
    let elapsed = started.elapsed();
    let code = if solution.is_some() { 0 } else { 1 };
    if let (Some(gallery), Some(s)) = (gallery.as_mut(), &solution) {
        gallery.add("solution".into(), s.clone(), Extras::default());
        gallery.write(model, puzzle)?;
    }
    let mut note = None;
    if let (Some(file), None) = (proof, &solution) {
        write_refutation(puzzle, file)?;
        note = Some(proof_note(model, file, None));
    }
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, solution.is_some(), elapsed);
            if let Some(s) = &solution {
                out.extend(puzzle.json(s));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            match &solution {
                Some(s) => {
                    outln!("Solved in {}.\n", seconds(elapsed));
                    out!("{}", puzzle.text(s));
                }
                None => outln!(
                    "No solution: the solver proved it unsatisfiable in {}.",
                    seconds(elapsed)
                ),
            }
            if let Some(note) = note {
                outln!("{note}");
            }
        }
    }
    Ok(code)
}

fn count<P>(
    model: &PuzzleModel,
    puzzle: &P,
    args: &EnumerationArgs,
    part: Option<Part>,
    engine: Engine,
) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    // A file that records BurrTools' assemblies is compared with our count in the
    // same sense: up to symmetry.
    let recorded = model.recorded.map(|r| r.assemblies);
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
    let result = tasks::count(puzzle, options, &mut report(&bar));
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
        elapsed: started.elapsed(),
        time_note: None,
    };
    // A share that finds nothing is no proof that the puzzle has no solution.
    let code = match (part, result.shares) {
        (Some(part), Some(shares)) => {
            let fingerprint = fingerprint(model, args, engine);
            print_part(&report, part, &shares, &fingerprint, args.format);
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
fn certified_count<P>(
    model: &PuzzleModel,
    puzzle: &P,
    args: &EnumerationArgs,
    dir: &Path,
) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    if args.engine.engine == Some(EngineName::ExactCover) {
        return Err(Error::Unsupported(
            "--proof certifies the SAT formula's models: use --engine sat (or leave --engine out)"
                .into(),
        ));
    }
    let started = Instant::now();
    let symmetry_breaking = args.symmetry_breaking();
    let problem = model.recorded.map(|r| r.problem.to_string());
    let (models, solutions) = write_certificate(
        model,
        puzzle,
        problem.as_deref(),
        symmetry_breaking,
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

fn all<P>(
    model: &PuzzleModel,
    puzzle: &P,
    args: &EnumerationArgs,
    picture: Option<&Path>,
    engine: Engine,
) -> Result<u8, Error>
where
    P: Puzzle
        + Present<Solution = <P as Puzzle>::Solution>
        + Draw<Solution = <P as Puzzle>::Solution>,
{
    let mut gallery = picture.map(Gallery::new).transpose()?;
    if args.limit == Some(0) {
        // Nothing to print, and no search needed to print it.
        return Ok(0);
    }
    let bar = progress_bar(args.quiet);
    let mut printed = 0u64;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut write_error: Option<std::io::Error> = None;
    let result = tasks::for_each_solution(
        puzzle,
        args.search(engine, !bar.is_hidden(), interrupt::watch()),
        &mut |found| {
            let solution = match (found, args.unique) {
                (Found::Solution(s), false) | (Found::NewClass(s), true) => s,
                _ => return true,
            };
            printed += 1;
            if let Some(g) = gallery.as_mut() {
                let noun = if args.unique { "class" } else { "solution" };
                g.add(
                    format!("{noun} {printed}"),
                    solution.clone(),
                    Extras::default(),
                );
            }
            let text = match args.format {
                Format::Json => format!("{}\n", Value::Object(puzzle.json(solution))),
                Format::Text => format!("Solution {printed}:\n{}\n", puzzle.text(solution)),
            };
            // Drawn through the spinner, so that its line never lands inside a
            // solution on a terminal.
            let written = bar.suspend(|| out.write_all(text.as_bytes()).and_then(|()| out.flush()));
            if let Err(e) = written {
                write_error = Some(e);
                return false;
            }
            args.limit.is_none_or(|limit| printed < limit)
        },
        &mut report(&bar),
    );
    bar.finish_and_clear();
    result?;
    if let Some(g) = &gallery {
        g.write(model, puzzle)?;
    }
    match write_error {
        Some(e) => stdout_written(Err(e)).map(|()| 0),
        None if interrupt::interrupted() => Ok(interrupt::EXIT_INTERRUPTED),
        None => Ok(if printed == 0 { 1 } else { 0 }),
    }
}

fn cnf<P: Puzzle + Present>(
    model: &PuzzleModel,
    puzzle: &P,
    symmetry_breaking: bool,
) -> Result<u8, Error> {
    let encoding = puzzle.encode(EncodeOptions {
        symmetry_breaking,
        whole_search: true,
        every_rule_as_clauses: true,
    });
    let f = &encoding.formula;
    let projection: Vec<String> = encoding
        .projection
        .iter()
        .map(|v| v.to_dimacs().to_string())
        .collect();
    let comments = vec![
        format!("puzzlesat {}: {}", model.family, model.title()),
        puzzle.summary(),
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
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    stdout_written(write_dimacs(f, &comments, &mut out).and_then(|()| out.flush()))?;
    Ok(0)
}

fn check<P>(model: &PuzzleModel, puzzle: &P, file: &PathBuf, format: Format) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    let text = std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.clone(),
        message: format!("cannot read the solution: {e}"),
    })?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| Error::input(file, "(JSON syntax)", format!("valid JSON: {e}")))?;
    let verdict = verify_file(model, puzzle, file, &value)?;
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
