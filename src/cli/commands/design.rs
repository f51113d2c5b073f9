//! `design snake-cube AxBxC`: new strings, each printed as a ready model with
//! its folding, its count and its hardness, and with `--proof` its count
//! certified.

use super::design_packing::{self, PackingDesignArgs};
use crate::cli::flags::groups::{FormatArg, WorkArgs};
use crate::cli::flags::values::{DesignFamily, DesignOrder, DesignShape, Format, design_shape};
use crate::cli::interrupt::{self, EXIT_INTERRUPTED};
use crate::cli::output::seconds_f;
use crate::cli::progress::progress_bar;
use crate::cli::words::count_of;
use clap::Args;
use indicatif::ProgressBar;
use puzzlesat::Error;
use puzzlesat::snake_cube::{
    Certified, Design, DesignProgress, DesignRequest, Designer, EXHAUSTED, Filters, Hardness,
    PROBES, Tally, designs_directory,
};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args)]
pub struct DesignArgs {
    /// The puzzle family: snake cubes, or packings.
    pub family: DesignFamily,
    /// The box, as AxBxC (for example 4x4x4); for a packing, also a model
    /// file whose target (of cubes or triangular prisms) is cut into pieces.
    #[arg(value_name = "AxBxC|MODEL", value_parser = design_shape)]
    pub shape: DesignShape,
    /// Keep only designs with exactly one solution up to symmetry: strings
    /// with one folding, packings with one assembly (each count stops at
    /// its second class).
    #[arg(long)]
    pub unique: bool,
    /// Designs to make.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The seed of the random paths (snake cubes) or cuts (packings): the
    /// same seed, the same designs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Snake cubes: at most this many straight blocks in a row.
    #[arg(long, value_name = "N")]
    pub max_straight: Option<usize>,
    /// Snake cubes: at least this many segments.
    #[arg(long, value_name = "N")]
    pub min_segments: Option<usize>,
    /// Snake cubes: also keep palindromes (strings that read the same
    /// backwards), which are left out by default.
    #[arg(long)]
    pub palindromes: bool,
    /// Snake cubes: the order designs are printed in: as found (each
    /// printed at once), or hardest first (all printed at the end).
    #[arg(long, value_enum, default_value_t = DesignOrder::Found)]
    pub sort: DesignOrder,
    /// Strings (or cuts) drawn at most before giving up (filters that few
    /// pass, or a shape where one solution is rare).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_draws: u64,
    /// Snake cubes: write each design's model (design-K.toml) and the certificate of its
    /// count (design-K/, as `count --proof` writes one) into DIR:
    /// `puzzlesat verify DIR/design-K` checks it. A 4x4x4 certificate is
    /// about 0.6 GB.
    #[arg(long, value_name = "DIR")]
    pub proof: Option<PathBuf>,
    #[command(flatten)]
    pub packing: PackingDesignArgs,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub work: WorkArgs,
}

impl DesignArgs {
    fn request(&self) -> DesignRequest {
        DesignRequest {
            sides: self.sides(),
            seed: self.seed,
            unique: self.unique,
            filters: Filters {
                max_straight: self.max_straight,
                min_segments: self.min_segments,
                palindromes: self.palindromes,
            },
            max_draws: self.max_draws,
            threads: self.work.threads,
        }
    }

    fn dims(&self) -> String {
        let [a, b, c] = self.sides();
        format!("{a}x{b}x{c}")
    }

    /// The box's sides (a snake cube's shape is always a box: [`run`]
    /// refuses a model file first).
    fn sides(&self) -> [i32; 3] {
        match &self.shape {
            DesignShape::Box(sides) => *sides,
            DesignShape::Model(_) => [0; 3],
        }
    }
}

pub fn run(args: &DesignArgs) -> Result<u8, Error> {
    match args.family {
        DesignFamily::Packing => return design_packing::run(args),
        DesignFamily::SnakeCube => {}
    }
    if let DesignShape::Model(file) = &args.shape {
        return Err(Error::Unsupported(format!(
            "{}: design snake-cube takes a box as AxBxC, each side from 1 to 128 (for example 4x4x4)",
            file.display()
        )));
    }
    if let Some(flag) = args.packing.given() {
        return Err(Error::Unsupported(format!(
            "{flag} is for `design packing`, not snake cubes"
        )));
    }
    // The request is checked before anything is written.
    let mut designer = Designer::new(&args.request())?;
    if let Some(dir) = &args.proof {
        designs_directory(dir)?;
    }
    let started = Instant::now();
    let cancel = interrupt::watch();
    let bar = progress_bar(args.work.quiet);
    let mut found: Vec<Design> = Vec::new();
    while (found.len() as u64) < args.count {
        let next = designer.next_design(&cancel, &mut report(&bar, found.len(), args.count));
        let Some(design) = next? else { break };
        if args.sort == DesignOrder::Found {
            emit(args, &bar, &design, found.len() + 1)?;
        }
        found.push(design);
    }
    if args.sort == DesignOrder::Hardness {
        found.sort_by_key(|d| std::cmp::Reverse(d.hardness.nodes));
        for (k, design) in found.iter().enumerate() {
            emit(args, &bar, design, k + 1)?;
        }
    }
    bar.finish_and_clear();
    let summary = Summary {
        args,
        tally: designer.tally(),
        designs: found.len() as u64,
        seconds: started.elapsed().as_secs_f64(),
    };
    match args.format.format {
        Format::Text => summary.print_text()?,
        Format::Json => summary.print_json()?,
    }
    Ok(if interrupt::interrupted() {
        EXIT_INTERRUPTED
    } else if summary.designs < args.count {
        1
    } else {
        0
    })
}

/// The progress bar's message: strings drawn, designs found, and the count of
/// the string in hand.
fn report(bar: &ProgressBar, designs: usize, wanted: u64) -> impl FnMut(DesignProgress<'_>) + '_ {
    move |event| {
        if bar.is_hidden() {
            return;
        }
        match event {
            DesignProgress::Drawn(tally) => bar.set_message(format!(
                "{designs} of {wanted} designs; {} strings drawn, {} with more than one folding",
                tally.drawn, tally.several
            )),
            DesignProgress::Counting(p) => bar.set_message(format!(
                "{designs} of {wanted} designs; counting a string's foldings: {} found, {:.0}% searched",
                p.found,
                100.0 * p.fraction_done()
            )),
        }
    }
}

/// Certifies (with `--proof`) and prints design number `k`.
fn emit(args: &DesignArgs, bar: &ProgressBar, design: &Design, k: usize) -> Result<(), Error> {
    let dims = args.dims();
    let name = format!("{dims} design {k} (seed {})", args.seed);
    let source = format!(
        "puzzlesat design snake-cube {dims}{} --seed {}: string {} drawn",
        if args.unique { " --unique" } else { "" },
        args.seed,
        design.drawn
    );
    let model = design.model_toml(&name, &source);
    let certified = match &args.proof {
        Some(dir) => {
            let file = dir.join(format!("design-{k}.toml"));
            let certificate = dir.join(format!("design-{k}"));
            let made = bar.suspend(|| {
                let progress = progress_bar(args.work.quiet);
                progress.set_message("certificate: enumerating and refuting the first cube");
                let made = design.certify(
                    &model,
                    &file,
                    &certificate,
                    args.work.threads,
                    &mut |done, cubes| {
                        progress.set_message(format!(
                            "certificate: {done} of {cubes} cubes enumerated and refuted"
                        ))
                    },
                );
                progress.finish_and_clear();
                made
            })?;
            Some(Certified {
                model: file,
                dir: certificate,
                models: made.models,
            })
        }
        None => None,
    };
    bar.suspend(|| match args.format.format {
        Format::Text => print_text(design, k, &model, certified.as_ref()),
        Format::Json => outln!("{}", design.to_json(k, &name, &model, certified.as_ref())),
    })
}

/// The hardness as a sentence that says whether it was counted or estimated.
fn hardness_words(h: Hardness) -> String {
    if h.exact {
        format!(
            "a plain depth-first search lays {} segments to find every folding",
            h.nodes
        )
    } else {
        format!(
            "a plain depth-first search would lay about {:.1e} segments to find every folding (estimated from {PROBES} random paths down its tree)",
            h.nodes as f64
        )
    }
}

/// "one folding up to symmetry, 48 in all" and the like.
fn foldings(design: &Design) -> String {
    let unique = match design.unique {
        1 => "one folding".to_string(),
        n => format!("{n} foldings"),
    };
    format!("{unique} up to symmetry, {} in all", design.solutions)
}

fn print_text(
    design: &Design,
    k: usize,
    model: &str,
    certified: Option<&Certified>,
) -> Result<(), Error> {
    let straight = match design.longest_straight {
        0 => "no straight block".to_string(),
        1 => "at most 1 straight block in a row".to_string(),
        n => format!("at most {n} straight blocks in a row"),
    };
    outln!(
        "# Design {k}: {}; {} segments, {straight}.",
        foldings(design),
        design.segments.len(),
    )?;
    outln!("# Hardness: {}.", hardness_words(design.hardness))?;
    if let Some(c) = certified {
        outln!(
            "# Certificate: {} ({} model{}); `puzzlesat verify {}` checks it.",
            c.dir.display(),
            c.models,
            if c.models == 1 { "" } else { "s" },
            c.dir.display()
        )?;
        outln!("# Model file: {}", c.model.display())?;
    }
    outln!("{}", model.trim_end())?;
    let [x, y, z] = design.start();
    let steps: Vec<String> = design
        .folding_steps()
        .iter()
        .map(|(d, l)| format!("{d} {l}"))
        .collect();
    outln!(
        "# Folding: block 1 at x={x} y={y} z={z}, then {}",
        steps.join(", ")
    )?;
    outln!()
}

/// How the run went.
struct Summary<'a> {
    args: &'a DesignArgs,
    tally: &'a Tally,
    designs: u64,
    seconds: f64,
}

impl Summary<'_> {
    /// The share of the strings counted that had one folding up to symmetry.
    fn unique_share(&self) -> Option<f64> {
        let examined = self.tally.examined(self.designs);
        (self.args.unique && examined > 0).then(|| self.designs as f64 / examined as f64)
    }

    fn print_text(&self) -> Result<(), Error> {
        let t = self.tally;
        outln!(
            "{} of {} for the {} box, from {} drawn with seed {} in {}.",
            self.designs,
            count_of(self.args.count, "design", "designs"),
            self.args.dims(),
            count_of(t.drawn, "string", "strings"),
            self.args.seed,
            seconds_f(self.seconds)
        )?;
        if let Some(share) = self.unique_share() {
            outln!(
                "Of the {} new strings that passed the filters, {} ({:.1}%) have one folding up to symmetry and {} more than one.",
                t.examined(self.designs),
                self.designs,
                100.0 * share,
                t.several
            )?;
        }
        outln!(
            "Left out: {} drawn again, {} by the filters.",
            t.repeats,
            t.filtered
        )?;
        if interrupt::interrupted() {
            outln!("Interrupted: the designs above are those found so far.")?;
        } else if self.designs < self.args.count {
            let stopped = if t.repeats_in_a_row >= EXHAUSTED {
                format!(
                    "Stopped after {EXHAUSTED} strings in a row drawn before: the {} box seems to hold no other string (`puzzlesat catalogue snake-cube {} --list` lists every one)",
                    self.args.dims(),
                    self.args.dims()
                )
            } else {
                format!("Stopped at --max-draws {}", self.args.max_draws)
            };
            let filters = self.filters_at_fault();
            if filters.is_empty() {
                outln!("{stopped}: draw more.")?;
            } else {
                outln!("{stopped}; {}.", filters.join("; "))?;
            }
        }
        Ok(())
    }

    /// The filters that turned strings away, as flags with how many each.
    fn filters_at_fault(&self) -> Vec<String> {
        let [straight, segments, palindromes] = self.tally.by_filter;
        let mut at_fault = Vec::new();
        if straight > 0 {
            at_fault.push(format!("--max-straight turned away {straight}"));
        }
        if segments > 0 {
            at_fault.push(format!("--min-segments turned away {segments}"));
        }
        if palindromes > 0 {
            at_fault.push(format!(
                "leaving out palindromes turned away {palindromes} (--palindromes keeps them)"
            ));
        }
        at_fault
    }

    fn print_json(&self) -> Result<(), Error> {
        let t = self.tally;
        outln!(
            "{}",
            json!({
                "family": "snake-cube",
                "name": format!("designs for the {} box", self.args.dims()),
                "summary": {
                    "size": self.args.sides(),
                    "seed": self.args.seed,
                    "unique_only": self.args.unique,
                    "designs": self.designs,
                    "wanted": self.args.count,
                    "drawn": t.drawn,
                    "repeats": t.repeats,
                    "filtered": t.filtered,
                    "filtered_by": {
                        "max_straight": t.by_filter[0],
                        "min_segments": t.by_filter[1],
                        "palindromes": t.by_filter[2],
                    },
                    "exhausted": t.repeats_in_a_row >= EXHAUSTED,
                    "several": t.several,
                    "unique_share": self.unique_share(),
                    "complete": self.designs >= self.args.count,
                    "seconds": self.seconds,
                }
            })
        )
    }
}
