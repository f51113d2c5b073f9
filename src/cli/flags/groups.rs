//! Flags several commands share, each group declared once and flattened into
//! the commands that take it, and resolved once into what the library takes.

use super::values::{CoreName, EngineName, Format, Objective, thread_count};
use clap::Args;
use puzzlesat::{Cancel, Goal, MAX_STATES, Part, Search};

/// `--format`.
#[derive(Args, Clone, Copy)]
pub struct FormatArg {
    /// How to print: for a person, or one JSON object for a program.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `--engine`.
#[derive(Args, Clone, Copy)]
pub struct EngineArg {
    /// The search engine: `sat` (every family), `exact-cover` (dancing links,
    /// packings only) or `path` (a depth-first search of the path: snake cubes,
    /// and boards one snake fills). Default: exact-cover for packings, path for
    /// snake cubes and for a board one snake fills, otherwise sat.
    #[arg(long, value_enum)]
    pub engine: Option<EngineName>,
}

/// How `count` and `all` search and show their progress.
#[derive(Args, Clone, Copy)]
pub struct SearchArgs {
    #[arg(long)]
    pub unique: bool,
    /// Stop once this many solutions are known (the count is then a lower bound).
    #[arg(long)]
    pub limit: Option<u64>,
    /// Enumerate every solution with no symmetry-breaking clauses instead of one per
    /// symmetry class expanded by its orbit (slower; a cross-check).
    #[arg(long)]
    pub no_symmetry_breaking: bool,
    /// Worker threads, from 1 (default: one per core; more than the cores are not
    /// started, as they would only share them).
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// The exact-cover engine's search core: `auto` (bitboards when the puzzle
    /// has at most 512 single-use cells and pieces and about 23,000
    /// placements, else `general`),
    /// `general` (per-item counters, any size) or `first-empty` (bitboards
    /// filled in cell order, a larger tree of cheaper nodes). All give the
    /// same solutions; for comparing their speed.
    #[arg(long, value_enum, default_value_t = CoreName::Auto)]
    pub core: CoreName,
    /// How to print: for a person, or JSON (`count`: one object; `all`: one object
    /// per solution and line).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// No progress spinner (it is drawn on stderr only when that is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub engine: EngineArg,
}

impl SearchArgs {
    /// The search the flags ask for, stopped by `cancel`; a time estimate
    /// only when the spinner will show it, a share with `part`.
    pub fn search(&self, estimate: bool, cancel: Cancel, part: Option<Part>) -> Search {
        Search {
            engine: self.engine.engine.map(EngineName::engine),
            symmetry_breaking: !self.no_symmetry_breaking,
            threads: self.threads,
            core: self.core.core(),
            part,
            estimate,
            cancel,
        }
    }
}

/// Taking assemblies apart (`solve`, `count`, `all`); each command words
/// `--disassemble` for what it does.
#[derive(Args, Clone, Copy)]
pub struct DisassemblyArgs {
    #[arg(long)]
    pub disassemble: bool,
    /// With --disassemble: the most states one search may keep; an assembly
    /// whose search needs more is skipped as undecided.
    #[arg(long, value_name = "N", default_value_t = MAX_STATES, requires = "disassemble")]
    pub max_states: usize,
}

/// The goals of `solve` and `cnf`; their help comes from the families that
/// declare them.
#[derive(Args, Clone, Copy)]
pub struct GoalArgs {
    #[arg(long)]
    pub relax: bool,
    #[arg(long, value_enum, value_name = "length", conflicts_with = "maximize")]
    pub minimize: Option<Objective>,
    #[arg(long, value_enum, value_name = "length")]
    pub maximize: Option<Objective>,
}

impl GoalArgs {
    /// Every goal the flags ask for: clap keeps `--minimize` and
    /// `--maximize` apart, but `--relax` may come with either on `solve`, and
    /// each is checked against the family.
    pub fn goals(&self) -> Vec<Goal> {
        [
            (self.relax, Goal::Relax),
            (self.minimize.is_some(), Goal::Minimise),
            (self.maximize.is_some(), Goal::Maximise),
        ]
        .into_iter()
        .filter_map(|(given, goal)| given.then_some(goal))
        .collect()
    }
}

/// The threads and the progress bar of a search that reads no model
/// (`catalogue`, `design`).
#[derive(Args, Clone, Copy)]
pub struct WorkArgs {
    /// Worker threads, from 1 (default: one per core).
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// No progress bar (it is drawn on stderr only when that is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}
