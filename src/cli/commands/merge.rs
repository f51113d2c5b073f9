//! `merge`: adds up the shares of a split count and prints what the whole
//! count prints.

use crate::cli::counted::{exit_code, print_count};
use crate::cli::flags::groups::FormatArg;
use crate::cli::interrupt::EXIT_INTERRUPTED;
use clap::Args;
use puzzlesat::{Error, ShareFile, merge};
use std::path::PathBuf;

#[derive(Args)]
pub struct MergeArgs {
    /// The shares' outputs, one file per share, every share 1..N once.
    #[arg(required = true)]
    pub parts: Vec<PathBuf>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: &MergeArgs, problem: Option<&str>) -> Result<u8, Error> {
    if problem.is_some() {
        return Err(Error::Unsupported(
            "--problem picks a problem of a model file, and merge reads none (the shares name their count)".into(),
        ));
    }
    let shares = args
        .parts
        .iter()
        .map(ShareFile::read)
        .collect::<Result<Vec<_>, _>>()?;
    let counted = merge(&shares)?;
    let header = &shares[0].share.header;
    print_count(
        &counted,
        header,
        args.format.format,
        Some("the parts' times added up"),
    )?;
    Ok(if counted.interrupted {
        EXIT_INTERRUPTED
    } else {
        exit_code(&counted)
    })
}
