//! `design packing SHAPE --pieces K`: new packing puzzles, each printed as a
//! TOML model with comments (and with --xmpuzzle written as a BurrTools
//! file), found by random cuts and, with --climb, climbed to higher levels.

use super::design::DesignArgs;
use crate::cli::flags::values::{DesignShape, Format};
use crate::cli::interrupt::{self, EXIT_INTERRUPTED};
use crate::cli::output::seconds_f;
use crate::cli::progress::progress_bar;
use crate::cli::words::count_of;
use clap::Args;
use indicatif::ProgressBar;
use puzzlesat::packing_design::{DesignRequest, PackingDesign, PackingDesigner, Shape, Tally};
use puzzlesat::snake_cube::designs_directory;
use puzzlesat::{Error, Puzzle};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The flags only `design packing` takes.
#[derive(Args)]
pub struct PackingDesignArgs {
    /// Packings: how many pieces to cut the shape into.
    #[arg(long, value_name = "K")]
    pub pieces: Option<usize>,
    /// Packings: the fewest cells a piece has.
    #[arg(long, value_name = "N")]
    pub min_size: Option<usize>,
    /// Packings: the most cells a piece has.
    #[arg(long, value_name = "N")]
    pub max_size: Option<usize>,
    /// Packings: pieces may be turned over (mirrored) to assemble.
    #[arg(long)]
    pub mirror: bool,
    /// Packings: keep only designs whose first piece takes at least L moves
    /// to come out (the first number of BurrTools' level).
    #[arg(long, value_name = "L")]
    pub min_level: Option<usize>,
    /// Packings: climb from each design found for this many seconds,
    /// moving single cells between touching pieces while the design stays
    /// unique and its level does not drop.
    #[arg(long, value_name = "SECONDS")]
    pub climb: Option<f64>,
    /// Packings: also write each design as a BurrTools file,
    /// DIR/design-K.xmpuzzle (DIR must be new or empty).
    #[arg(long, value_name = "DIR")]
    pub xmpuzzle: Option<PathBuf>,
}

impl PackingDesignArgs {
    /// The first packing flag given, for a snake cube's run to refuse.
    pub fn given(&self) -> Option<&'static str> {
        [
            (self.pieces.is_some(), "--pieces"),
            (self.min_size.is_some(), "--min-size"),
            (self.max_size.is_some(), "--max-size"),
            (self.mirror, "--mirror"),
            (self.min_level.is_some(), "--min-level"),
            (self.climb.is_some(), "--climb"),
            (self.xmpuzzle.is_some(), "--xmpuzzle"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The snake-cube flags a packing's run refuses.
fn snake_flag(args: &DesignArgs) -> Option<&'static str> {
    [
        (args.max_straight.is_some(), "--max-straight"),
        (args.min_segments.is_some(), "--min-segments"),
        (args.palindromes, "--palindromes"),
        (args.proof.is_some(), "--proof"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
}

pub fn run(args: &DesignArgs) -> Result<u8, Error> {
    let p = &args.packing;
    if let Some(flag) = snake_flag(args) {
        return Err(Error::Unsupported(format!(
            "{flag} is for `design snake-cube`, not packings"
        )));
    }
    let Some(pieces) = p.pieces else {
        return Err(Error::Unsupported(
            "--pieces: expected how many pieces to cut the shape into (design packing SHAPE --pieces K)".into(),
        ));
    };
    let climb = match p.climb {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Some(Duration::from_secs_f64(s)),
        Some(_) => {
            return Err(Error::Unsupported(
                "--climb: expected seconds above 0 and at most a day".into(),
            ));
        }
    };
    let shape = match &args.shape {
        DesignShape::Box(sides) => Shape::Box(*sides),
        DesignShape::Model(file) => Shape::Of(Puzzle::load(file)?),
    };
    let name = match &args.shape {
        DesignShape::Box([a, b, c]) => format!("{a}x{b}x{c}"),
        DesignShape::Model(file) => file.display().to_string(),
    };
    let cancel = interrupt::watch();
    let request = DesignRequest {
        shape,
        pieces,
        min_size: p.min_size.unwrap_or(1),
        max_size: p.max_size,
        seed: args.seed,
        mirror: p.mirror,
        unique: args.unique,
        min_level: p.min_level.unwrap_or(1),
        climb,
        max_draws: args.max_draws,
        threads: args.work.threads,
        cancel,
    };
    // The request is checked before anything is written.
    let mut designer = PackingDesigner::new(&request)?;
    if let Some(dir) = &p.xmpuzzle {
        designs_directory(dir)?;
    }
    let started = Instant::now();
    let bar = progress_bar(args.work.quiet);
    let mut found = 0u64;
    let mut best = 0;
    while found < args.count {
        let mut tried = |t: &Tally| {
            if !bar.is_hidden() {
                bar.set_message(progress(t, found, args.count, climb, started));
            }
        };
        let Some(design) = designer.next_design(&mut tried)? else {
            break;
        };
        found += 1;
        best = best.max(design.moves_to_first);
        emit(args, &bar, &design, found, &name)?;
    }
    bar.finish_and_clear();
    let tally = designer.tally();
    let seconds = started.elapsed().as_secs_f64();
    match args.format.format {
        Format::Text => {
            outln!(
                "{found} of {} for {name} in {pieces} pieces, from {} tried with seed {} in {}; best level {best} moves to the first piece.",
                count_of(args.count, "design", "designs"),
                count_of(tally.tried, "candidate", "candidates"),
                args.seed,
                seconds_f(seconds)
            )?;
            outln!(
                "Turned away: {} (no assembly that comes apart{}), {} draws that made no cut.",
                tally.turned_away,
                if args.unique {
                    ", more than one assembly, or too low a level"
                } else {
                    ", or too low a level"
                },
                tally.no_cut
            )?;
            if interrupt::interrupted() {
                outln!("Interrupted: the designs above are those found so far.")?;
            } else if found < args.count {
                outln!(
                    "Stopped at --max-draws {}: draw more, or ask less.",
                    args.max_draws
                )?;
            }
        }
        Format::Json => outln!(
            "{}",
            json!({
                "family": "packing",
                "name": format!("designs for {name} in {pieces} pieces"),
                "summary": {
                    "shape": name,
                    "pieces": pieces,
                    "seed": args.seed,
                    "unique_only": args.unique,
                    "designs": found,
                    "wanted": args.count,
                    "tried": tally.tried,
                    "no_cut": tally.no_cut,
                    "turned_away": tally.turned_away,
                    "best_level": best,
                    "complete": found >= args.count,
                    "seconds": seconds,
                }
            })
        )?,
    }
    Ok(if interrupt::interrupted() {
        EXIT_INTERRUPTED
    } else if found < args.count {
        1
    } else {
        0
    })
}

/// The progress bar's message: candidates tried, designs kept, the best
/// level so far and, when climbing, the time the climbs still take at most.
fn progress(
    t: &Tally,
    found: u64,
    wanted: u64,
    climb: Option<Duration>,
    started: Instant,
) -> String {
    let mut text = format!(
        "{} tried, {found} of {wanted} kept, best level {}",
        t.tried, t.best_level
    );
    if let Some(climb) = climb {
        let total = climb.as_secs_f64() * wanted as f64;
        let left = (total - started.elapsed().as_secs_f64()).max(0.0);
        text.push_str(&format!(", about {left:.0} s of climbing left"));
    }
    text
}

fn emit(
    args: &DesignArgs,
    bar: &ProgressBar,
    design: &PackingDesign,
    k: u64,
    shape: &str,
) -> Result<(), Error> {
    let name = format!(
        "{shape} in {} pieces, design {k} (seed {})",
        design.pieces.len(),
        args.seed
    );
    let model = design.model(&name);
    let file = match &args.packing.xmpuzzle {
        Some(dir) => {
            let file = dir.join(format!("design-{k}.xmpuzzle"));
            std::fs::write(&file, design.xmpuzzle(&name)).map_err(|e| Error::Io {
                file: file.clone(),
                message: e.to_string(),
            })?;
            Some(file)
        }
        None => None,
    };
    bar.suspend(|| match args.format.format {
        Format::Text => {
            outln!(
                "# Design {k}: candidate {}{}.",
                design.drawn,
                match design.climbed {
                    0 => String::new(),
                    n => format!(", then {} kept by the climb", count_of(n, "change", "changes")),
                }
            )?;
            if let Some(file) = &file {
                outln!("# BurrTools file: {}", file.display())?;
            }
            outln!("{}", model.trim_end())?;
            outln!()
        }
        Format::Json => outln!(
            "{}",
            json!({
                "design": k,
                "assemblies": design.assemblies,
                "level": design.level,
                "moves_to_first": design.moves_to_first,
                "sizes": design.pieces.iter().map(|(_, c)| c.len()).collect::<Vec<_>>(),
                "pieces": design.pieces.iter().map(|(l, c)| json!({"kind": l.to_string(), "cells": c})).collect::<Vec<_>>(),
                "drawn": design.drawn,
                "climbed": design.climbed,
                "model": model,
                "xmpuzzle": file,
            })
        ),
    })
}
