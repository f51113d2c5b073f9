//! The command line as clap parses it, and the options it resolves to.

use clap::{Args, Parser, Subcommand, ValueEnum};
use puzzlesat::registry;
use puzzlesat::split::Part;
use puzzlesat::tasks::{CoreChoice, SearchOptions};
use puzzlesat::tasks::{DEFAULT_MAX_STATES, default_threads};
use puzzlesat::types::Cancel;
use puzzlesat::types::Engine;
use puzzlesat::types::Goal;
use std::path::PathBuf;

/// The model families (from the registry) and the exit codes, for every
/// command's help.
fn after_help() -> String {
    let names: Vec<&str> = registry::families().iter().map(|f| f.name).collect();
    let (last, rest) = names.split_last().expect("at least one family");
    format!(
        "\
Models: TOML files (see models/ and README.md), one puzzle each, of the families
{} and {last}; BurrTools files (.xmpuzzle)
are read as packings.

Exit codes: 0 solved, counted or valid; 1 no solution (proved), the checked
solution breaks a rule, the checked proof is invalid, or a saved level differs;
2 bad input (model, solution file, arguments, or an output that cannot be
written); 3 internal failure (a decoded solution failed its check).",
        rest.join(", ")
    )
}

#[derive(Parser)]
#[command(
    name = "puzzlesat",
    version,
    about = "Solve, count and prove snake cubes, polycube packings, snakes on boards and the sudoku parity snake",
    after_help = after_help()
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// BurrTools files (.xmpuzzle): the problem to read, a number from 1 or its
    /// name (default: the first).
    #[arg(long, global = true)]
    pub problem: Option<String>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Find one solution, or prove there is none (exit code 1).
    #[command(after_help = after_help())]
    Solve {
        /// The puzzle's model file (TOML).
        model: PathBuf,
        /// How to print the answer: for a person, or one JSON object for a program.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Board snakes: allow cut snakes and find the fewest cuts, with proof.
        #[arg(long)]
        relax: bool,
        /// Sudoku snake: the shortest snake, with proof that none is shorter. The
        /// value names what to minimise; `length` is the one there is.
        #[arg(long, value_enum, value_name = "length", conflicts_with = "maximize")]
        minimize: Option<Objective>,
        /// Sudoku snake: the longest snake, with proof that none is longer. The value
        /// names what to maximise; `length` is the one there is.
        #[arg(long, value_enum, value_name = "length")]
        maximize: Option<Objective>,
        /// Sudoku snake: also fill the parity grid with digits to a valid sudoku.
        #[arg(long)]
        sudoku: bool,
        #[command(flatten)]
        engine: EngineArg,
        /// Also draw the solution: FILE.svg for a picture, FILE.html for a page that
        /// opens in a browser (3D for snake cubes and packings).
        #[arg(long, value_name = "FILE")]
        picture: Option<PathBuf>,
        /// When there is no solution, write FILE: a DRAT proof that the formula
        /// `puzzlesat cnf MODEL` prints has no model. With --relax, --minimize or
        /// --maximize, FILE proves the optimum: the formula `cnf` prints with the
        /// same flag (the bound one past the optimum) has no model. Check it with
        /// drat-trim or `puzzlesat verify MODEL FILE`.
        #[arg(long, value_name = "FILE")]
        proof: Option<PathBuf>,
        /// Packings: the first assembly that also comes apart, with its level and
        /// the moves that take it apart (with --picture, drawn); exit 1 when
        /// none does.
        #[arg(long, conflicts_with_all = ["relax", "minimize", "maximize", "sudoku", "proof"])]
        disassemble: bool,
        /// With --disassemble: the most states one search may keep; an assembly
        /// whose search needs more is skipped as undecided.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, requires = "disassemble")]
        max_states: usize,
    },
    /// Count every solution, and with --unique the solutions up to symmetry.
    #[command(
        after_help = after_help(),
        mut_arg("unique", |a| a.help("Also count the solutions up to symmetry (the model's section in README.md says which symmetries)"))
    )]
    Count {
        /// The puzzle's model file (TOML).
        model: PathBuf,
        #[command(flatten)]
        enumeration: EnumerationArgs,
        /// Count only share I of N (1 <= I <= N) of the search, the same shares on
        /// every machine; `merge` adds up the --format json outputs of all N.
        #[arg(long, value_name = "I/N", value_parser = Part::parse, conflicts_with = "limit")]
        part: Option<Part>,
        /// Write a certificate of the count into the new directory DIR: the formula,
        /// every model, and DRAT proofs that there are no others (README.md,
        /// "Proofs"); `puzzlesat verify DIR` checks it. Uses the SAT engine.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["limit", "part", "unique"])]
        proof: Option<PathBuf>,
        /// Take every assembly apart (packings): how many come apart (BurrTools'
        /// solutions) and how many moves each separation takes (their levels).
        /// With --part, those of one share, for `merge`.
        #[arg(long, conflicts_with_all = ["proof", "limit"])]
        disassemble: bool,
        /// With --disassemble: the most states one search may keep; an assembly
        /// whose search needs more is counted as undecided.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, requires = "disassemble")]
        max_states: usize,
    },
    /// Print every solution as it is found (JSON: one object per line).
    #[command(
        after_help = after_help(),
        mut_arg("unique", |a| a.help("Print one solution per class up to symmetry (its canonical representative) instead of every solution"))
    )]
    All {
        /// The puzzle's model file (TOML).
        model: PathBuf,
        #[command(flatten)]
        enumeration: EnumerationArgs,
        /// Also draw every solution printed (the first 1,000): FILE.svg or FILE.html.
        #[arg(long, value_name = "FILE")]
        picture: Option<PathBuf>,
        /// Packings: print only the assemblies (one per class up to symmetry)
        /// that come apart, each with its level and the moves that take it apart
        /// (with --picture, drawn: the page plays the moves, the SVG shows each
        /// separation's pieces just before it).
        #[arg(long)]
        disassemble: bool,
        /// With --disassemble: the most states one search may keep; an assembly
        /// whose search needs more is skipped as undecided.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, requires = "disassemble")]
        max_states: usize,
    },
    /// Show the puzzle as read from its model: the board's notch numbers, the
    /// string's segments, the pieces.
    #[command(after_help = after_help())]
    Show {
        /// The puzzle's model file (TOML).
        model: PathBuf,
    },
    /// Print a BurrTools file's problem (--problem) as a TOML packing model, to read,
    /// edit and keep.
    #[command(after_help = after_help())]
    Import {
        /// The BurrTools file (.xmpuzzle, gzip-compressed or plain XML).
        file: PathBuf,
    },
    /// Take apart again the solutions a BurrTools file saves with its problem
    /// (--problem), and hold each one's level against the saved one: exit 1 if
    /// any differs or cannot be decided.
    #[command(after_help = after_help())]
    Disassemble {
        /// The BurrTools file (.xmpuzzle, gzip-compressed or plain XML).
        file: PathBuf,
        /// How to print: for a person, or one JSON object for a program (with
        /// every solution's moves).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Also print the moves that take each solution apart.
        #[arg(long)]
        moves: bool,
        /// The most states one search may keep; a solution whose search needs
        /// more is left undecided.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Every S/C string that folds into a box, each once up to reversal, with
    /// its number of foldings (all, and unique up to the box's symmetries):
    /// a summary, or with --list a line per string.
    #[command(after_help = after_help())]
    Catalogue {
        /// The puzzle family (only snake cubes have a catalogue).
        family: CatalogueFamily,
        /// The box, as AxBxC (for example 3x3x3): at most 128 cells; a box
        /// whose search is estimated past about ten minutes is refused with
        /// the estimate (3x3x4, 36 cells, takes about two minutes).
        #[arg(value_name = "AxBxC", value_parser = box_sides)]
        size: [i32; 3],
        /// Also print one line per string (text), as JSON always does.
        #[arg(long)]
        list: bool,
        /// How to print: for a person, or one JSON object per string and a
        /// final summary object, a line each.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        work: WorkArgs,
    },
    /// New snake cubes: strings read off random paths through a box (so each
    /// folds), with --unique only those with exactly one folding up to
    /// symmetry, each printed as a ready model with its folding, its count and
    /// how hard it is; with --proof, each count certified. Exit 1 when
    /// --max-draws strings were drawn before --count designs were found.
    #[command(after_help = after_help())]
    Design {
        /// The puzzle family (only snake cubes are designed).
        family: CatalogueFamily,
        /// The box, as AxBxC (for example 4x4x4).
        #[arg(value_name = "AxBxC", value_parser = box_sides)]
        size: [i32; 3],
        /// Keep only strings with exactly one folding up to the box's
        /// symmetries (a string's count stops at its second class).
        #[arg(long)]
        unique: bool,
        /// Designs to make.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// The seed of the random paths: the same seed, the same designs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// At most this many straight blocks in a row.
        #[arg(long, value_name = "N")]
        max_straight: Option<usize>,
        /// At least this many segments.
        #[arg(long, value_name = "N")]
        min_segments: Option<usize>,
        /// Also keep palindromes (strings that read the same backwards), which
        /// are left out by default.
        #[arg(long)]
        palindromes: bool,
        /// The order designs are printed in: as found (each printed at once),
        /// or hardest first (all printed at the end).
        #[arg(long, value_enum, default_value_t = DesignOrder::Found)]
        sort: DesignOrder,
        /// Strings drawn at most before giving up (filters that few strings
        /// pass, or a box where one folding is rare).
        #[arg(long, value_name = "N", default_value_t = 100_000)]
        max_draws: u64,
        /// Write each design's model (design-K.toml) and the certificate of its
        /// count (design-K/, as `count --proof` writes one) into DIR:
        /// `puzzlesat verify DIR/design-K` checks it. A 4x4x4 certificate is
        /// about 0.6 GB.
        #[arg(long, value_name = "DIR")]
        proof: Option<PathBuf>,
        /// How to print: each design as a TOML model with comments, or one JSON
        /// object per design and a final summary object, a line each.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        work: WorkArgs,
    },
    /// Print the CNF in DIMACS with a comment line naming every variable.
    #[command(after_help = after_help())]
    Cnf {
        /// The puzzle's model file (TOML).
        model: PathBuf,
        /// Leave out the symmetry-breaking clauses.
        #[arg(long)]
        no_symmetry_breaking: bool,
        /// Board snakes: the relaxed formula (links may break) with the broken
        /// links bounded one below the optimum, which is found first: the formula
        /// `solve --relax --proof` refutes.
        #[arg(long, conflicts_with_all = ["minimize", "maximize"])]
        relax: bool,
        /// Sudoku snake: the formula whose models would be snakes shorter than the
        /// shortest (found first), every rule as clauses: the formula
        /// `solve --minimize length --proof` refutes.
        #[arg(long, value_enum, value_name = "length", conflicts_with = "maximize")]
        minimize: Option<Objective>,
        /// Sudoku snake: the formula whose models would be snakes longer than the
        /// longest (found first), every rule as clauses: the formula
        /// `solve --maximize length --proof` refutes.
        #[arg(long, value_enum, value_name = "length")]
        maximize: Option<Objective>,
    },
    /// Check a proof without searching: a certificate directory (`count --proof`),
    /// or a model and the DRAT proof `solve --proof` wrote. Exit 0 valid, 1 invalid.
    #[command(after_help = after_help())]
    Verify {
        /// A certificate directory, or the puzzle's model file.
        path: PathBuf,
        /// With a model file: the proof that it has no solution (or that nothing
        /// beats the optimum given by --relax, --minimize or --maximize).
        proof: Option<PathBuf>,
        /// Board snakes: the proof is that no placement has fewer than this many
        /// broken links (the optimum `solve --relax` found); with no number, that
        /// no placement exists even with cut snakes.
        #[arg(long, value_name = "BROKEN_LINKS", num_args = 0..=1, requires = "proof", conflicts_with_all = ["minimize", "maximize"])]
        relax: Option<Option<usize>>,
        /// Sudoku snake: the proof is that no snake is shorter than this many
        /// cells (the optimum `solve --minimize length` found); with no number,
        /// that there is no snake at all.
        #[arg(
            long,
            value_name = "LENGTH",
            num_args = 0..=1,
            requires = "proof",
            conflicts_with = "maximize"
        )]
        minimize: Option<Option<usize>>,
        /// Sudoku snake: the proof is that no snake is longer than this many
        /// cells (the optimum `solve --maximize length` found); with no number,
        /// that there is no snake at all.
        #[arg(long, value_name = "LENGTH", num_args = 0..=1, requires = "proof")]
        maximize: Option<Option<usize>>,
    },
    /// Add up the shares of a split count (`count --part I/N --format json`, one
    /// file per share) and print what the whole count prints.
    #[command(after_help = after_help())]
    Merge {
        /// The shares' outputs, one file per share, every share 1..N once.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// How to print: for a person, or one JSON object (as `count` prints).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print a completion script for a shell: `puzzlesat completions bash >
    /// ~/.local/share/bash-completion/completions/puzzlesat` (README.md says where
    /// each shell looks).
    #[command(after_help = after_help())]
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff): `puzzlesat man > puzzlesat.1` for the tool,
    /// `puzzlesat man solve > puzzlesat-solve.1` for one command; read with
    /// `man ./puzzlesat.1`.
    #[command(after_help = after_help())]
    Man {
        /// The command whose page to print (default: the page of the tool, which
        /// lists the commands).
        command: Option<String>,
    },
    /// Check a solution given as JSON (the format `solve --format json` prints).
    #[command(after_help = after_help())]
    Check {
        /// The puzzle's model file (TOML).
        model: PathBuf,
        /// The solution file (JSON): every key is checked, claims such as an
        /// optimum by solving again.
        solution: PathBuf,
        /// How to print the verdict: for a person, or JSON ({"valid": ...}).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Args)]
pub struct EnumerationArgs {
    #[arg(long)]
    pub unique: bool,
    /// Stop once this many solutions are known (the count is then a lower bound).
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
    /// The exact-cover engine's search core: `auto` (bitboards when the puzzle
    /// has at most 256 single-use cells and pieces and about 23,000
    /// placements, else `general`),
    /// `general` (per-item counters, any size) or `first-empty` (bitboards
    /// filled in cell order, a larger tree of cheaper nodes). All give the
    /// same solutions; for comparing their speed.
    #[arg(long, value_enum, default_value_t = CoreName::Auto)]
    core: CoreName,
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

#[derive(Args)]
pub struct EngineArg {
    /// The search engine: `sat` (every family), `exact-cover` (dancing links,
    /// packings only) or `path` (a depth-first search of the path: snake cubes,
    /// and boards one snake fills). Default: exact-cover for packings, path for
    /// snake cubes and for a board one snake fills, otherwise sat.
    #[arg(long, value_enum)]
    pub engine: Option<EngineName>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CoreName {
    Auto,
    General,
    FirstEmpty,
}

impl CoreName {
    fn core(self) -> CoreChoice {
        match self {
            CoreName::Auto => CoreChoice::Auto,
            CoreName::General => CoreChoice::General,
            CoreName::FirstEmpty => CoreChoice::FirstEmpty,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    Sat,
    ExactCover,
    Path,
}

impl EngineName {
    pub fn of(engine: Engine) -> EngineName {
        match engine {
            Engine::Sat => EngineName::Sat,
            Engine::ExactCover => EngineName::ExactCover,
            Engine::Path => EngineName::Path,
        }
    }

    /// The name as `--engine` takes it.
    pub fn flag_value(self) -> &'static str {
        match self {
            EngineName::Sat => "sat",
            EngineName::ExactCover => "exact-cover",
            EngineName::Path => "path",
        }
    }

    pub fn engine(self) -> Engine {
        match self {
            EngineName::Sat => Engine::Sat,
            EngineName::ExactCover => Engine::ExactCover,
            EngineName::Path => Engine::Path,
        }
    }
}

impl EnumerationArgs {
    pub fn symmetry_breaking(&self) -> bool {
        !self.no_symmetry_breaking
    }

    pub fn core(&self) -> CoreChoice {
        self.core.core()
    }

    pub fn threads(&self) -> usize {
        threads_to_use(self.threads)
    }

    /// The search to run with `engine` (resolved for the family); a time estimate
    /// only when the spinner will show it.
    pub fn search(&self, engine: Engine, estimate: bool, cancel: Cancel) -> SearchOptions {
        SearchOptions {
            cancel,
            symmetry_breaking: !self.no_symmetry_breaking,
            threads: self.threads(),
            engine,
            estimate,
            part: None,
            core: self.core(),
        }
    }
}

impl Command {
    /// The goal `solve` or `cnf` is asked to optimise, if any.
    pub fn goal(&self) -> Option<Goal> {
        self.goals().first().copied()
    }

    /// Every goal the flags of `solve` or `cnf` ask for: clap keeps
    /// `--minimize` and `--maximize` apart, but `--relax` may come with either on
    /// `solve`, and each is checked against the family.
    pub fn goals(&self) -> Vec<Goal> {
        let (relax, minimize, maximize) = match self {
            Command::Solve {
                relax,
                minimize,
                maximize,
                ..
            }
            | Command::Cnf {
                relax,
                minimize,
                maximize,
                ..
            } => (*relax, minimize.is_some(), maximize.is_some()),
            _ => return Vec::new(),
        };
        [
            (relax, Goal::Relax),
            (minimize, Goal::Minimise),
            (maximize, Goal::Maximise),
        ]
        .into_iter()
        .filter_map(|(given, goal)| given.then_some(goal))
        .collect()
    }

    /// The `--engine` given, if the command takes one.
    pub fn engine(&self) -> Option<EngineName> {
        match self {
            Command::Solve { engine, .. } => engine.engine,
            Command::Count { enumeration, .. } | Command::All { enumeration, .. } => {
                enumeration.engine.engine
            }
            Command::Show { .. }
            | Command::Import { .. }
            | Command::Disassemble { .. }
            | Command::Catalogue { .. }
            | Command::Design { .. }
            | Command::Cnf { .. }
            | Command::Check { .. }
            | Command::Merge { .. }
            | Command::Verify { .. }
            | Command::Completions { .. }
            | Command::Man { .. } => None,
        }
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

impl WorkArgs {
    pub fn threads(&self) -> usize {
        threads_to_use(self.threads)
    }
}

/// The threads to work on for `--threads`: at most one per core, all of them
/// when it is not given. One needs no look at the machine's cores (it costs a
/// noticeable part of a small count).
fn threads_to_use(asked: Option<usize>) -> usize {
    match asked {
        None => default_threads(),
        Some(1) => 1,
        Some(t) => t.min(default_threads()),
    }
}

/// The families with a catalogue and designs.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CatalogueFamily {
    SnakeCube,
}

/// `AxBxC`: three sides from 1 to 128.
fn box_sides(text: &str) -> Result<[i32; 3], String> {
    let sides: Vec<i32> = text
        .split(['x', 'X', '×'])
        .map(|s| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|n| (1..=128).contains(n))
        })
        .collect::<Option<_>>()
        .ok_or("a box as AxBxC, each side from 1 to 128 (for example 3x3x3)")?;
    <[i32; 3]>::try_from(sides)
        .map_err(|_| "a box as AxBxC: three sides (for example 3x3x3)".to_string())
}

/// `--threads`: a whole number from 1.
fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a number of threads from 1".into()),
    }
}

/// `design --sort`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DesignOrder {
    /// As found.
    Found,
    /// Hardest first: most segments laid by a plain depth-first search.
    Hardness,
}

/// What `--minimize` / `--maximize` optimise.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Objective {
    Length,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For a person.
    Text,
    /// For a program (keys documented in README.md).
    Json,
}
