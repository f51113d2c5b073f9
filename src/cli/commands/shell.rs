//! The conventions of a command-line tool, made from the same clap
//! definitions as the parser: shell completion scripts and manual pages.

use crate::cli::output::write_out;
use crate::cli::parser::command;
use clap::Args;
use puzzlesat::{Error, families};

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
        None => {
            let after = tool
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            tool.after_long_help(format!("{after}\n\n{}", model_files()))
        }
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

/// The model format for the tool's manual page: what every model holds and
/// each family's fields, from the same registry the model reader uses.
fn model_files() -> String {
    let mut out = String::from(
        "Model files: a model is a TOML file holding one puzzle, or a BurrTools file \
         (.xmpuzzle, plain or gzip; --problem picks a problem). A TOML model gives \
         `family` and may give `name` (a title) and `source` (where the puzzle comes \
         from); the other fields are the family's:",
    );
    for family in families() {
        out.push_str(&format!(
            "\n  family = \"{}\": {}",
            family.name,
            family.fields.join(", ")
        ));
    }
    out.push_str(
        "\nUnknown fields are errors. README.md (\"Model files\") says what each field \
         means; the models/ folder of the source holds an example of each family, and \
         `puzzlesat show MODEL` prints a puzzle as read.",
    );
    out
}
