//! The command line as clap parses it, and the options it resolves to.

use clap::{Args, Parser, Subcommand, ValueEnum};
use puzzlesat::solve::default_threads;
use puzzlesat::tasks::{Engine, SearchOptions};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "puzzlesat",
    version,
    about = "Solve, count and prove snake cubes and other puzzles with SAT"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
        #[command(flatten)]
        engine: EngineArg,
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
pub struct EnumerationArgs {
    /// Only solutions unique up to symmetry (for `all`); also count them (for `count`).
    #[arg(long)]
    pub unique: bool,
    /// Stop after this many solutions.
    #[arg(long)]
    pub limit: Option<u64>,
    /// Enumerate every solution with no symmetry-breaking clauses instead of one per
    /// symmetry class expanded by its orbit (slower; a cross-check).
    #[arg(long)]
    no_symmetry_breaking: bool,
    /// Worker threads, from 1 (default: one per core; more than the cores are not
    /// started, as they would only share them).
    #[arg(long, value_parser = thread_count)]
    threads: Option<usize>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub engine: EngineArg,
}

#[derive(Args)]
pub struct EngineArg {
    /// The search engine: `sat` (every family) or `exact-cover` (dancing links,
    /// packings only). Default: for packings, exact-cover; otherwise sat.
    #[arg(long, value_enum)]
    pub engine: Option<EngineName>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    Sat,
    ExactCover,
}

impl EngineName {
    pub fn engine(self) -> Engine {
        match self {
            EngineName::Sat => Engine::Sat,
            EngineName::ExactCover => Engine::ExactCover,
        }
    }
}

impl EnumerationArgs {
    /// The search to run with `engine` (resolved for the family); a time estimate
    /// only when the spinner will show it.
    pub fn search(&self, engine: Engine, estimate: bool) -> SearchOptions {
        SearchOptions {
            symmetry_breaking: !self.no_symmetry_breaking,
            threads: self
                .threads
                .map_or(default_threads(), |t| t.min(default_threads())),
            engine,
            estimate,
        }
    }
}

impl Command {
    /// The `--engine` given, if the command takes one.
    pub fn engine(&self) -> Option<EngineName> {
        match self {
            Command::Solve { engine, .. } => engine.engine,
            Command::Count { enumeration, .. } | Command::All { enumeration, .. } => {
                enumeration.engine.engine
            }
            Command::Cnf { .. } | Command::Check { .. } => None,
        }
    }
}

/// `--threads`: a whole number from 1.
fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a number of threads from 1".into()),
    }
}

/// What `--minimize` / `--maximize` optimise.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Objective {
    Length,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}
