//! The command line's own words: errors told in terms of its flags, and the
//! sentences that name them.

use super::flags::values::{EngineName, goal_flag};
use super::interrupt::EXIT_INTERRUPTED;
use puzzlesat::{Error, Puzzle, Request, families};

/// "a packing model" or "a board-snakes or sudoku-snake model".
fn models_of(families: &[&str]) -> String {
    format!("a {} model", families.join(" or "))
}

/// The one line a person reads for an error: the library's words, with the
/// flag named where the error is about one.
pub fn message(e: &Error) -> String {
    match e {
        Error::Problem { file, expected } => format!("{}: --problem: {expected}", file.display()),
        Error::Refused { request, .. } => {
            let (flag, hint) = match request {
                Request::Engine(engine) => (
                    format!("--engine {}", EngineName::of(*engine)),
                    "; use --engine sat",
                ),
                Request::Goal(goal) => (goal_flag(*goal).to_string(), ""),
                Request::Extension => (request.words(), ""),
                Request::Disassembly => ("--disassemble".to_string(), ""),
            };
            e.refusal(&flag, hint).unwrap_or_else(|| e.to_string())
        }
        Error::Unfit {
            engine, instead, ..
        } => {
            let asked = format!("--engine {}", EngineName::of(*engine));
            let instead = format!("--engine {}", EngineName::of(*instead));
            e.unfit(&asked, &instead).unwrap_or_else(|| e.to_string())
        }
        Error::Value { field, expected } => {
            format!("--{}: expected {expected}", field.replace('_', "-"))
        }
        other => other.to_string(),
    }
}

/// The exit code of the command-line contract: 2 for bad input, 130 (as a
/// shell reports SIGINT) for a search stopped before it had an answer, 3 for a
/// failure of the tool itself.
pub fn exit_code(e: &Error) -> u8 {
    match e {
        Error::Interrupted => EXIT_INTERRUPTED,
        e if e.is_bad_input() => 2,
        _ => 3,
    }
}

/// Refuses `--NAME`, a flag made from a family's extension, on a puzzle
/// whose family does not declare that extension.
pub fn check_extension(puzzle: &Puzzle, name: &str) -> Result<(), Error> {
    let offered = |f: &puzzlesat::FamilyInfo| f.extension.is_some_and(|e| e.name == name);
    if offered(&puzzle.offers()) {
        return Ok(());
    }
    let serving: Vec<&str> = families()
        .into_iter()
        .filter(|f| offered(f))
        .map(|f| f.name)
        .collect();
    let what = families()
        .into_iter()
        .find_map(|f| f.extension.filter(|e| e.name == name))
        .map_or("extension", |e| e.extends);
    Err(Error::input(
        puzzle.file(),
        "family",
        format!(
            "{} for --{name} (a {} has no {what})",
            models_of(&serving),
            puzzle.family()
        ),
    ))
}

/// What the assemblies came to when none comes apart, as a sentence without
/// its full stop.
pub fn none_apart(assemblies: u64, undecided: u64) -> String {
    let undecided = match undecided {
        0 => String::new(),
        n => format!(" ({n} undecided: a search passed --max-states)"),
    };
    match assemblies {
        0 => "There is no assembly to take apart".to_string(),
        1 => format!("The only assembly does not come apart{undecided}"),
        n => format!("None of the {n} assemblies comes apart{undecided}"),
    }
}

/// `n` things, with the noun in the singular for one: "1 string", "3 strings".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What to say after "no solution" when the reason is plain, and for a snake
/// cube where to find the strings that do fold in its box: a line each, or
/// nothing.
pub fn why_none(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    if let Some(why) = puzzle.why_no_solution() {
        out.push_str(&format!("Why: {why}.\n"));
    }
    if let Some([a, b, c]) = puzzle.catalogued_box() {
        out.push_str(&format!(
            "The strings that fold in a {a}x{b}x{c} box: puzzlesat catalogue snake-cube {a}x{b}x{c} --list\n"
        ));
    }
    out
}
