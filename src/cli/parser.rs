//! The command line as clap parses it: the commands, each with its own
//! argument struct (beside the command's code, in `commands/`, flattening
//! the flag groups of `flags/`), and the flags made from what the families
//! declare (their goals' help, their extensions).

use super::commands::all::AllArgs;
use super::commands::catalogue::CatalogueArgs;
use super::commands::check::CheckArgs;
use super::commands::cnf::CnfArgs;
use super::commands::count::CountArgs;
use super::commands::design::DesignArgs;
use super::commands::disassemble::DisassembleArgs;
use super::commands::merge::MergeArgs;
use super::commands::shell::{CompletionsArgs, ManArgs};
use super::commands::show::{ImportArgs, ShowArgs};
use super::commands::solve::SolveArgs;
use super::commands::stl::StlArgs;
use super::commands::verify::VerifyArgs;
use super::flags::values::goal_flag;
use clap::{Arg, ArgAction, CommandFactory, FromArgMatches, Parser, Subcommand};
use puzzlesat::{FamilyInfo, Goal, families};

/// The model families and the exit codes, for every command's help.
fn after_help() -> String {
    let names: Vec<&str> = families().iter().map(|f| f.name).collect();
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
    ///
    /// The solution is the same on every run: the first in the engine's order,
    /// whatever the threads do. (With --disassemble and --engine sat, the first
    /// assembly the threads find that comes apart, which may differ between runs.)
    #[command(
        after_help = after_help(),
        mut_arg("disassemble", |a| a
            .help("Packings: the first assembly that also comes apart, with its level and the moves that take it apart (with --picture, drawn); exit 1 when none does")
            .conflicts_with_all(["relax", "minimize", "maximize", "proof"]))
    )]
    Solve(SolveArgs),
    /// Count every solution, and with --unique the solutions up to symmetry.
    #[command(
        after_help = after_help(),
        mut_arg("unique", |a| a.help("Also count the solutions up to symmetry (the model's section in README.md says which symmetries)")),
        mut_arg("disassemble", |a| a
            .help("Take every assembly apart (packings): how many come apart (BurrTools' solutions) and how many moves each separation takes (their levels). With --part, those of one share, for `merge`")
            .conflicts_with_all(["proof", "limit"])),
        mut_arg("max_states", |a| a.help("With --disassemble: the most states one search may keep; an assembly whose search needs more is counted as undecided"))
    )]
    Count(CountArgs),
    /// Print every solution as it is found (JSON: one object per line).
    #[command(
        after_help = after_help(),
        mut_arg("unique", |a| a.help("Print one solution per class up to symmetry (its canonical representative) instead of every solution")),
        mut_arg("disassemble", |a| a.help("Packings: print only the assemblies (one per class up to symmetry) that come apart, each with its level and the moves that take it apart (with --picture, drawn: the page plays the moves, the SVG shows each separation's pieces just before it)"))
    )]
    All(AllArgs),
    /// Show the puzzle as read from its model: the board's notch numbers, the
    /// string's segments, the pieces.
    #[command(after_help = after_help())]
    Show(ShowArgs),
    /// Print a BurrTools file's problem (--problem) as a TOML packing model, to read,
    /// edit and keep.
    #[command(after_help = after_help())]
    Import(ImportArgs),
    /// Take apart again the solutions a BurrTools file saves with its problem
    /// (--problem), and hold each one's level against the saved one: exit 1 if
    /// any differs or cannot be decided.
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print: for a person, or one JSON object for a program (with every solution's moves)"))
    )]
    Disassemble(DisassembleArgs),
    /// Every S/C string that folds into a box, each once up to reversal, with
    /// its number of foldings (all, and unique up to the box's symmetries):
    /// a summary, or with --list a line per string.
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print: for a person, or one JSON object per string and a final summary object, a line each"))
    )]
    Catalogue(CatalogueArgs),
    /// New puzzles. Snake cubes: strings read off random paths through a box
    /// (so each folds), with --unique only those with exactly one folding up
    /// to symmetry, each printed as a ready model with its folding, its count
    /// and how hard it is; with --proof, each count certified. Packings
    /// (--pieces K): random cuts of a box or a model's target into K
    /// connected pieces, with --unique only those with exactly one assembly
    /// up to symmetry, kept when it comes apart (at --min-level or more),
    /// climbed with --climb, each printed as a model with its level. Exit 1
    /// when --max-draws were drawn before --count designs were found.
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print: each design as a TOML model with comments, or one JSON object per design and a final summary object, a line each"))
    )]
    Design(DesignArgs),
    /// Write a packing's pieces as binary STL files to 3D-print: one per kind
    /// of piece, or with --assembled one per piece where a solution puts it.
    /// Each solid is closed and in millimetres, its cells joined into one
    /// piece, its faces moved in by --inset and its convex edges bevelled;
    /// the defaults are puzzlecad's printing conventions.
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print what was written: for a person, or one JSON object"))
    )]
    Stl(StlArgs),
    /// Print the CNF in DIMACS with a comment line naming every variable.
    #[command(
        after_help = after_help(),
        mut_arg("relax", |a| a
            .help("Board snakes: the relaxed formula (links may break) with the broken links bounded one below the optimum, which is found first: the formula `solve --relax --proof` refutes")
            .conflicts_with_all(["minimize", "maximize"])),
        mut_arg("minimize", |a| a.help("Sudoku snake: the formula whose models would be snakes shorter than the shortest (found first), every rule as clauses: the formula `solve --minimize length --proof` refutes")),
        mut_arg("maximize", |a| a.help("Sudoku snake: the formula whose models would be snakes longer than the longest (found first), every rule as clauses: the formula `solve --maximize length --proof` refutes"))
    )]
    Cnf(CnfArgs),
    /// Check a proof without searching: a certificate directory (`count --proof`),
    /// or a model and the DRAT proof `solve --proof` wrote. Exit 0 valid, 1 invalid.
    #[command(after_help = after_help())]
    Verify(VerifyArgs),
    /// Add up the shares of a split count (`count --part I/N --format json`, one
    /// file per share) and print what the whole count prints.
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print: for a person, or one JSON object (as `count` prints)"))
    )]
    Merge(MergeArgs),
    /// Print a completion script for a shell: `puzzlesat completions bash >
    /// ~/.local/share/bash-completion/completions/puzzlesat` (README.md says where
    /// each shell looks).
    #[command(after_help = after_help())]
    Completions(CompletionsArgs),
    /// Print a manual page (roff): `puzzlesat man > puzzlesat.1` for the tool,
    /// `puzzlesat man solve > puzzlesat-solve.1` for one command; read with
    /// `man ./puzzlesat.1`.
    #[command(after_help = after_help())]
    Man(ManArgs),
    /// Check a solution given as JSON (the format `solve --format json` prints).
    #[command(
        after_help = after_help(),
        mut_arg("format", |a| a.help("How to print the verdict: for a person, or JSON ({\"valid\": ...})"))
    )]
    Check(CheckArgs),
}

/// "Board snakes" for `board-snakes`: a family's name as help texts start
/// a sentence with it.
fn title(family: &FamilyInfo) -> String {
    let words = family.name.replace('-', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The help of `solve`'s flag for `goal`: what each family that declares it
/// does with it.
fn goal_help(goal: Goal) -> String {
    let mut sentences: Vec<String> = families()
        .iter()
        .filter_map(|f| {
            let declared = f.goals.iter().find(|g| g.goal == goal)?;
            Some(format!("{}: {}.", title(f), declared.does))
        })
        .collect();
    if goal != Goal::Relax {
        let verb = if goal == Goal::Minimise {
            "minimise"
        } else {
            "maximise"
        };
        sentences.push(format!(
            "The value names what to {verb}; `length` is the one there is."
        ));
    }
    sentences.join(" ")
}

/// The command line: the parser's commands, with the help of `solve`'s goals
/// and a flag per family extension (`--sudoku`) made from what the families
/// declare.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("solve", |mut solve| {
        for goal in [Goal::Relax, Goal::Minimise, Goal::Maximise] {
            let id = goal_flag(goal).trim_start_matches('-');
            solve = solve.mut_arg(id, |a| a.help(goal_help(goal)));
        }
        for family in families() {
            if let Some(extension) = family.extension {
                solve = solve.arg(
                    Arg::new(extension.name)
                        .long(extension.name)
                        .action(ArgAction::SetTrue)
                        .conflicts_with("disassemble")
                        .help(format!("{}: {}.", title(&family), extension.does)),
                );
            }
        }
        solve
    })
}

/// Parses the arguments, the families' extension flags included.
pub fn parse() -> Result<Cli, clap::Error> {
    let matches = command().try_get_matches()?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Solve(solve), Some(given)) =
        (&mut cli.command, matches.subcommand_matches("solve"))
    {
        solve.extensions = families()
            .iter()
            .filter_map(|f| f.extension)
            .map(|e| e.name)
            .filter(|name| given.get_flag(name))
            .collect();
    }
    Ok(cli)
}
