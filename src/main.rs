//! The `puzzlesat` command: parses arguments, loads the model, runs the task and
//! maps the outcome to an exit code (0 solved or counted, 1 proved no solution,
//! 2 bad input, 3 internal failure).

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzlesat::Error;
use puzzlesat::cnf::write_dimacs;
use puzzlesat::model::{self, PuzzleKind, PuzzleModel};
use puzzlesat::puzzles::board_snakes::BoardSnakes;
use puzzlesat::puzzles::sudoku_snake::SudokuSnake;
use puzzlesat::puzzles::{EncodeOptions, Puzzle};
use puzzlesat::render::Present;
use puzzlesat::solve::{Progress, default_threads};
use puzzlesat::tasks::{self, CountOptions, Found, SearchOptions};
use serde_json::{Map, Value, json};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `print!` for the program's results. A reader that stops early (`| head`) is not an
/// error, so a closed pipe just drops the rest; any other failure to write is reported
/// like an unwritable file (exit code 2) instead of the panic `print!` would raise.
fn emit(text: std::fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: <stdout>: {e}");
            std::process::exit(2);
        }
        _ => {}
    }
}

macro_rules! out {
    ($($arg:tt)*) => {
        emit(format_args!($($arg)*))
    };
}

macro_rules! outln {
    () => {
        emit(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        emit(format_args!("{}\n", format_args!($($arg)*)))
    };
}

#[derive(Parser)]
#[command(
    name = "puzzlesat",
    version,
    about = "Solve, count and prove snake cubes and other puzzles with SAT"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Find one solution, or prove there is none (exit code 1).
    Solve {
        model: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Board snakes: allow cut snakes and find the fewest cuts, with proof.
        #[arg(long)]
        relax: bool,
        /// Sudoku snake: the shortest snake, with proof that none is shorter.
        #[arg(long, value_enum, conflicts_with = "maximize")]
        minimize: Option<Objective>,
        /// Sudoku snake: the longest snake, with proof that none is longer.
        #[arg(long, value_enum)]
        maximize: Option<Objective>,
        /// Sudoku snake: also fill the parity grid with digits to a valid sudoku.
        #[arg(long)]
        sudoku: bool,
    },
    /// Count every solution, and with --unique the solutions up to symmetry.
    Count {
        model: PathBuf,
        #[command(flatten)]
        enumeration: EnumerationArgs,
    },
    /// Print every solution as it is found (JSON: one object per line).
    All {
        model: PathBuf,
        #[command(flatten)]
        enumeration: EnumerationArgs,
    },
    /// Print the CNF in DIMACS with a comment line naming every variable.
    Cnf {
        model: PathBuf,
        /// Leave out the symmetry-breaking clauses.
        #[arg(long)]
        no_symmetry_breaking: bool,
    },
    /// Check a solution given as JSON (the format `solve --format json` prints).
    Check {
        model: PathBuf,
        solution: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Args)]
struct EnumerationArgs {
    /// Only solutions unique up to symmetry (for `all`); also count them (for `count`).
    #[arg(long)]
    unique: bool,
    /// Stop after this many solutions.
    #[arg(long)]
    limit: Option<u64>,
    /// Enumerate every solution with no symmetry-breaking clauses instead of one per
    /// symmetry class expanded by its orbit (slower; a cross-check).
    #[arg(long)]
    no_symmetry_breaking: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

impl EnumerationArgs {
    fn search(&self) -> SearchOptions {
        SearchOptions {
            symmetry_breaking: !self.no_symmetry_breaking,
            threads: self.threads.unwrap_or_else(default_threads).max(1),
        }
    }
}

/// What `--minimize` / `--maximize` optimise.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Objective {
    Length,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

fn model_path(command: &Command) -> &PathBuf {
    match command {
        Command::Solve { model, .. }
        | Command::Count { model, .. }
        | Command::All { model, .. }
        | Command::Cnf { model, .. }
        | Command::Check { model, .. } => model,
    }
}

fn run(cli: Cli) -> Result<u8, Error> {
    let model = model::load(model_path(&cli.command))?;
    if let Command::Solve {
        relax: true,
        format,
        ..
    } = &cli.command
    {
        return match &model.puzzle {
            PuzzleKind::BoardSnakes(p) => relax(&model, p, *format),
            _ => Err(Error::input(
                &model.file,
                "family",
                "a board-snakes model for --relax (only snakes on a board have links to relax)",
            )),
        };
    }
    if let Command::Solve {
        minimize,
        maximize,
        sudoku,
        format,
        ..
    } = &cli.command
        && (minimize.is_some() || maximize.is_some() || *sudoku)
    {
        return match &model.puzzle {
            PuzzleKind::SudokuSnake(p) => solve_sudoku_snake(
                &model,
                p,
                maximize.is_some(),
                minimize.is_some(),
                *sudoku,
                *format,
            ),
            _ => Err(Error::input(
                &model.file,
                "family",
                "a sudoku-snake model for --minimize, --maximize and --sudoku",
            )),
        };
    }
    match &model.puzzle {
        PuzzleKind::SnakeCube(p) => run_family(&model, p, &cli.command),
        PuzzleKind::Packing(p) => run_family(&model, p, &cli.command),
        PuzzleKind::BoardSnakes(p) => run_family(&model, p, &cli.command),
        PuzzleKind::SudokuSnake(p) => run_family(&model, p, &cli.command),
    }
}

/// A sudoku snake, optionally of least or greatest length (proved), optionally
/// extended to a full sudoku.
fn solve_sudoku_snake(
    model: &PuzzleModel,
    puzzle: &SudokuSnake,
    maximise: bool,
    minimise: bool,
    sudoku: bool,
    format: Format,
) -> Result<u8, Error> {
    let started = Instant::now();
    let solution = if maximise || minimise {
        puzzle.optimise_length(maximise)?.map(|o| o.solution)
    } else {
        tasks::solve_one(puzzle, SearchOptions::default())?
    };
    let digits = match (&solution, sudoku) {
        (Some(s), true) => Some(puzzle.extend_to_sudoku(&s.even)?),
        _ => None,
    };
    let elapsed = started.elapsed();
    let goal = if maximise {
        Some("longest")
    } else if minimise {
        Some("shortest")
    } else {
        None
    };
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, solution.is_some(), elapsed);
            if let Some(goal) = goal {
                out.insert("optimum".into(), json!(goal));
            }
            if let Some(s) = &solution {
                out.extend(puzzle.json(s));
            }
            if let Some(d) = &digits {
                out.insert("sudoku".into(), json!(d));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            match &solution {
                None => outln!(
                    "No solution: the solver proved it unsatisfiable in {}.",
                    seconds(elapsed)
                ),
                Some(s) => {
                    match goal {
                        Some(goal) => outln!(
                            "The {goal} snake has {} cells (proved optimal in {}).\n",
                            s.snake.len(),
                            seconds(elapsed)
                        ),
                        None => outln!("Solved in {}.\n", seconds(elapsed)),
                    }
                    out!("{}", puzzle.text(s));
                    match &digits {
                        Some(Some(d)) => {
                            out!("A sudoku with these parities:\n{}", puzzle.digits(d))
                        }
                        Some(None) => outln!("No sudoku has these parities (proved)."),
                        None => {}
                    }
                }
            }
        }
    }
    Ok(if solution.is_some() { 0 } else { 1 })
}

/// The relaxation of a board-snakes puzzle: fewest broken links, proved optimal.
fn relax(model: &PuzzleModel, puzzle: &BoardSnakes, format: Format) -> Result<u8, Error> {
    let started = Instant::now();
    let relaxed = puzzle.relax()?;
    let elapsed = started.elapsed();
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, relaxed.is_some(), elapsed);
            if let Some(r) = &relaxed {
                out.insert("broken_links".into(), json!(r.broken_links));
                out.extend(puzzle.json(&r.snakes));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            match &relaxed {
                Some(r) => {
                    outln!(
                        "Fewest broken links: {} (proved optimal in {}: no placement has fewer).\n",
                        r.broken_links,
                        seconds(elapsed)
                    );
                    out!("{}", puzzle.picture(&r.snakes).unwrap_or_default());
                    outln!("Snakes, head to tail (| marks a broken link):");
                    out!("{}", puzzle.lists(&r.snakes));
                }
                None => outln!("No placement at all, even with cut snakes."),
            }
        }
    }
    Ok(if relaxed.is_some() { 0 } else { 1 })
}

fn run_family<P>(model: &PuzzleModel, puzzle: &P, command: &Command) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    match command {
        Command::Solve { format, .. } => solve(model, puzzle, *format),
        Command::Count { enumeration, .. } => count(model, puzzle, enumeration),
        Command::All { enumeration, .. } => all(puzzle, enumeration),
        Command::Cnf {
            no_symmetry_breaking,
            ..
        } => cnf(model, puzzle, !no_symmetry_breaking),
        Command::Check {
            solution, format, ..
        } => check(puzzle, solution, *format),
    }
}

fn header<P: Present>(model: &PuzzleModel, puzzle: &P) -> String {
    let mut out = format!("{}\n{}\n", model.title(), puzzle.summary());
    if let Some(source) = &model.source {
        out.push_str(&format!("source: {source}\n"));
    }
    out
}

fn solve<P>(model: &PuzzleModel, puzzle: &P, format: Format) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    let started = Instant::now();
    let solution = tasks::solve_one(puzzle, SearchOptions::default())?;
    let elapsed = started.elapsed();
    let code = if solution.is_some() { 0 } else { 1 };
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
        }
    }
    Ok(code)
}

/// The keys every `solve --format json` answer starts with.
fn solve_json_head(model: &PuzzleModel, solved: bool, elapsed: Duration) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert(
        "status".into(),
        json!(if solved { "solved" } else { "unsolvable" }),
    );
    out.insert("family".into(), json!(model.family));
    out.insert("name".into(), json!(model.title()));
    out.insert("seconds".into(), json!(elapsed.as_secs_f64()));
    out
}

fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// A spinner on stderr, only when a person is watching it.
fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

fn report(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    |p: &Progress| {
        bar.set_message(format!(
            "{} solutions found, {:.0}/s; {} of {} cubes searched",
            p.found,
            p.rate(),
            p.cubes_done,
            p.cubes
        ))
    }
}

fn count<P>(model: &PuzzleModel, puzzle: &P, args: &EnumerationArgs) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    let options = CountOptions {
        unique: args.unique,
        limit: args.limit,
        search: args.search(),
    };
    let bar = progress_bar(args.quiet);
    let started = Instant::now();
    let result = tasks::count(puzzle, options, &mut report(&bar));
    bar.finish_and_clear();
    let result = result?;
    let elapsed = started.elapsed();
    match args.format {
        Format::Json => {
            let mut out = Map::new();
            out.insert("solutions".into(), json!(result.solutions));
            if let Some(u) = result.unique {
                out.insert("unique".into(), json!(u));
            }
            out.insert("complete".into(), json!(result.complete));
            out.insert("seconds".into(), json!(elapsed.as_secs_f64()));
            if let Some((name, tally)) = &result.tally {
                let per_value: Map<String, Value> = tally
                    .iter()
                    .map(|(k, v)| (k.to_string(), json!(v)))
                    .collect();
                out.insert(name.to_string(), Value::Object(per_value));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            let bound = if result.complete { "" } else { "at least " };
            outln!("solutions: {bound}{}", result.solutions);
            if let Some(u) = result.unique {
                outln!("unique up to symmetry: {bound}{u}");
            }
            if let Some((name, tally)) = &result.tally {
                let per_value: Vec<String> =
                    tally.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                outln!(
                    "by {}: {}",
                    name.trim_end_matches('s'),
                    per_value.join(", ")
                );
            }
            if !result.complete {
                outln!("(stopped at --limit before the count was proved complete)");
            }
            outln!("time: {}", seconds(elapsed));
        }
    }
    Ok(if result.complete && result.solutions == 0 {
        1
    } else {
        0
    })
}

fn all<P>(puzzle: &P, args: &EnumerationArgs) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    let bar = progress_bar(args.quiet);
    let mut printed = 0u64;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut write_failed = false;
    let result = tasks::for_each_solution(
        puzzle,
        args.search(),
        &mut |found| {
            let solution = match (found, args.unique) {
                (Found::Solution(s), false) | (Found::NewClass(s), true) => s,
                _ => return true,
            };
            printed += 1;
            let written = match args.format {
                Format::Json => writeln!(out, "{}", Value::Object(puzzle.json(solution))),
                Format::Text => writeln!(out, "Solution {printed}:\n{}", puzzle.text(solution)),
            };
            // A closed pipe (e.g. `| head`) ends the enumeration quietly.
            write_failed = written.is_err();
            !write_failed && args.limit.is_none_or(|limit| printed < limit)
        },
        &mut report(&bar),
    );
    bar.finish_and_clear();
    result?;
    Ok(if printed == 0 && !write_failed && args.limit != Some(0) {
        1
    } else {
        0
    })
}

fn cnf<P: Puzzle + Present>(
    model: &PuzzleModel,
    puzzle: &P,
    symmetry_breaking: bool,
) -> Result<u8, Error> {
    let encoding = puzzle.encode(EncodeOptions { symmetry_breaking });
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
    let io_error = |e: std::io::Error| Error::Io {
        file: PathBuf::from("<stdout>"),
        message: e.to_string(),
    };
    match write_dimacs(f, &comments, &mut out).and_then(|()| out.flush()) {
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(io_error(e)),
        Ok(()) => Ok(0),
    }
}

fn check<P>(puzzle: &P, file: &PathBuf, format: Format) -> Result<u8, Error>
where
    P: Puzzle + Present<Solution = <P as Puzzle>::Solution>,
{
    let text = std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.clone(),
        message: format!("cannot read the solution: {e}"),
    })?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| Error::input(file, "(JSON syntax)", format!("valid JSON: {e}")))?;
    let solution = puzzle
        .read_json(&value)
        .map_err(|(field, expected)| Error::input(file, field, expected))?;
    let verdict = puzzle.check(&solution);
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
