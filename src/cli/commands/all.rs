//! `all`: every solution as the search finds it (or one per class up to
//! symmetry, or the assemblies that come apart), for a person or one JSON
//! object per line.

use crate::cli::flags::groups::{DisassemblyArgs, SearchArgs};
use crate::cli::flags::values::Format;
use crate::cli::gallery::Gallery;
use crate::cli::interrupt;
use crate::cli::output::Listing;
use crate::cli::progress::{progress_bar, report};
use crate::cli::words::{count_of, none_apart};
use clap::Args;
use puzzlesat::{Error, ListRequest, Puzzle};
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(Args)]
pub struct AllArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Also draw every solution printed (the first 1,000): FILE.svg or FILE.html.
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
    #[command(flatten)]
    pub disassembly: DisassemblyArgs,
}

pub fn run(args: &AllArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    let mut gallery = Gallery::of(args.picture.as_deref())?;
    let bar = progress_bar(args.search.quiet);
    let request = ListRequest {
        unique: args.search.unique,
        limit: args.search.limit,
        disassemble: args.disassembly.disassemble,
        max_states: args.disassembly.max_states,
        search: args
            .search
            .search(!bar.is_hidden(), interrupt::watch(), None),
    };
    let separable = request.disassemble;
    let format = args.search.format;
    if format == Format::Text && request.limit != Some(0) {
        outln!("{}", puzzle.header())?;
    }
    let mut listing = Listing::new(&bar);
    let listed = puzzle.solutions(
        &request,
        &mut |solution| {
            let number = listing.printed + 1;
            let apart = solution.taken_apart();
            if let Some(g) = gallery.as_mut() {
                let caption = match apart {
                    Some(apart) => format!("assembly {number}, level {}", apart.level()),
                    None if args.search.unique => format!("class {number}"),
                    None => format!("solution {number}"),
                };
                g.add(caption, &solution, None);
            }
            let text = match (format, apart) {
                (Format::Json, apart) => {
                    let mut object = solution.to_json();
                    object.insert("family".into(), json!(puzzle.family()));
                    object.insert("name".into(), json!(puzzle.name()));
                    if let Some(apart) = apart {
                        object.insert("level".into(), json!(apart.level()));
                        object.insert("disassembly".into(), apart.to_json());
                    }
                    format!("{}\n", Value::Object(object))
                }
                (Format::Text, Some(apart)) => format!(
                    "Assembly {number} comes apart, level {}:\n{}Disassembly:\n{}\n",
                    apart.level(),
                    solution.text(),
                    apart.text()
                ),
                (Format::Text, None) => format!("Solution {number}:\n{}\n", solution.text()),
            };
            listing.write(&text)
        },
        &mut report(&bar),
    );
    bar.finish_and_clear();
    let listed = listed?;
    if request.limit == Some(0) {
        // Nothing to print, and no search was needed to print it.
        return Ok(0);
    }
    if let Some(g) = &gallery {
        g.write(&puzzle)?;
    }
    let printed = listing.printed;
    if let Some(code) = listing.ended_early(listed.interrupted)? {
        return Ok(code);
    }
    if separable && printed == 0 && format == Format::Text {
        outln!("{}.", none_apart(listed.assemblies, listed.undecided))?;
    } else if format == Format::Text {
        let what = match (separable, args.search.unique) {
            (true, _) => count_of(
                printed,
                "assembly that comes apart",
                "assemblies that come apart",
            ),
            (false, true) => count_of(printed, "solution", "solutions") + " up to symmetry",
            (false, false) => count_of(printed, "solution", "solutions"),
        };
        let end = if listed.complete {
            "in all"
        } else {
            "printed; --limit stopped the search"
        };
        outln!("{what} {end}.")?;
    }
    Ok(if listed.complete && printed == 0 {
        1
    } else {
        0
    })
}
