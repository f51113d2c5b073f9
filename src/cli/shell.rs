//! The conventions of a command-line tool, made from the same clap
//! definitions as the parser: shell completion scripts and manual pages.

use super::args::Cli;
use super::output::stdout_written;
use clap::CommandFactory;
use puzzlesat::Error;
use std::io::Write;

/// `completions SHELL`: the completion script for `shell` on stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<u8, Error> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "puzzlesat", &mut script);
    write_out(&script)
}

/// `man [COMMAND]`: the manual page of the tool, or of one command (named
/// `puzzlesat-COMMAND`, as pages of commands with subcommands are).
pub fn man(command: Option<&str>) -> Result<u8, Error> {
    let tool = Cli::command();
    let page_of = match command {
        None => tool,
        Some(name) => {
            let sub = tool.find_subcommand(name).cloned().ok_or_else(|| {
                let names: Vec<&str> = tool.get_subcommands().map(|c| c.get_name()).collect();
                Error::Unsupported(format!(
                    "man: no command {name:?}; the commands are {}",
                    names.join(", ")
                ))
            })?;
            sub.name(format!("puzzlesat-{name}"))
        }
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(page_of)
        .render(&mut page)
        .map_err(|e| Error::Internal(format!("the manual page: {e}")))?;
    write_out(&page)
}

fn write_out(bytes: &[u8]) -> Result<u8, Error> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    stdout_written(out.write_all(bytes).and_then(|()| out.flush()))?;
    Ok(0)
}
