//! The conventions of a command-line tool, made from the same clap
//! definitions as the parser: shell completion scripts and manual pages.

use crate::cli::output::write_out;
use crate::cli::parser::command;
use clap::Args;
use puzzlesat::Error;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args)]
pub struct ManArgs {
    /// The command whose page to print (default: the page of the tool, which
    /// lists the commands).
    pub command: Option<String>,
}

/// `completions SHELL`: the completion script for `shell` on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<u8, Error> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command(), "puzzlesat", &mut script);
    write_out(&script)?;
    Ok(0)
}

/// `man [COMMAND]`: the manual page of the tool, or of one command (named
/// `puzzlesat-COMMAND`, as pages of commands with subcommands are).
pub fn man(args: &ManArgs) -> Result<u8, Error> {
    let tool = command();
    let page_of = match &args.command {
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
    write_out(&page)?;
    Ok(0)
}
