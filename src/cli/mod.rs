//! The command line, a client of the library's public API: the arguments,
//! the commands, and how their results are shown. It holds no puzzle logic:
//! it turns flags into the library's requests and its answers into text,
//! JSON, files and exit codes.

#[macro_use]
mod output;
mod commands;
mod counted;
mod flags;
mod gallery;
mod interrupt;
pub mod parser;
mod progress;
mod words;

use commands::{
    all, catalogue, check, cnf, count, design, disassemble, merge, shell, show, solve, stl, verify,
};
use parser::{Cli, Command};
use puzzlesat::Error;

pub use words::{exit_code, message};

/// Runs the command; its exit code, or the error to report.
pub fn run(cli: Cli) -> Result<u8, Error> {
    let problem = cli.problem.as_deref();
    match &cli.command {
        Command::Solve(args) => solve::run(args, problem),
        Command::Count(args) => count::run(args, problem),
        Command::All(args) => all::run(args, problem),
        Command::Show(args) => show::show(args, problem),
        Command::Import(args) => show::import(args, problem),
        Command::Disassemble(args) => disassemble::run(args, problem),
        Command::Catalogue(args) => {
            no_problem("catalogue", problem).and_then(|()| catalogue::run(args))
        }
        Command::Design(args) => no_problem("design", problem).and_then(|()| design::run(args)),
        Command::Stl(args) => stl::run(args, problem),
        Command::Cnf(args) => cnf::run(args, problem),
        Command::Verify(args) => verify::run(args, problem),
        Command::Merge(args) => merge::run(args, problem),
        Command::Completions(args) => {
            no_problem("completions", problem).and_then(|()| shell::completions(args))
        }
        Command::Man(args) => no_problem("man", problem).and_then(|()| shell::man(args)),
        Command::Check(args) => check::run(args, problem),
    }
}

/// Refuses `--problem` on a command that reads no model file, rather than
/// ignore it.
fn no_problem(command: &str, problem: Option<&str>) -> Result<(), Error> {
    match problem {
        Some(_) => Err(Error::Unsupported(format!(
            "--problem picks a problem of a model file, and {command} reads none"
        ))),
        None => Ok(()),
    }
}
