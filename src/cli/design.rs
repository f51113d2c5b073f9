//! `design snake-cube AxBxC`: new strings, each printed as a ready model with
//! its folding, its count and its hardness, and with `--proof` its count
//! certified.

use super::args::{DesignOrder, Format};
use super::interrupt;
use super::output::seconds;
use super::progress::progress_bar;
use super::proofs::{new_directory, write_certificate};
use indicatif::ProgressBar;
use puzzlesat::Error;
use puzzlesat::geometry::BoxDims;
use puzzlesat::model;
use puzzlesat::puzzles::snake_cube::design::{
    Design, Designer, Event, Filters, Hardness, PROBES, Tally, longest_straight,
};
use puzzlesat::render::Present;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What `design` was asked.
pub struct Request {
    pub sides: [i32; 3],
    pub unique: bool,
    pub count: u64,
    pub seed: u64,
    pub filters: Filters,
    pub sort: DesignOrder,
    pub max_draws: u64,
    pub proof: Option<PathBuf>,
    pub format: Format,
    /// Worker threads, at most one per core.
    pub threads: usize,
    pub quiet: bool,
}

pub fn run(request: Request) -> Result<u8, Error> {
    let [a, b, c] = request.sides;
    let dims = BoxDims::new(a, b, c);
    if let Some(dir) = &request.proof {
        new_directory(dir, "the designs and their certificates")?;
    }
    let mut designer = Designer::new(puzzlesat::puzzles::snake_cube::design::Request {
        dims,
        seed: request.seed,
        unique: request.unique,
        filters: request.filters,
        max_draws: request.max_draws,
        threads: request.threads,
    })?;
    let started = Instant::now();
    let watch = interrupt::watch();
    let bar = progress_bar(request.quiet);
    let mut found: Vec<Design> = Vec::new();
    while (found.len() as u64) < request.count {
        let next = designer.next_design(&watch, &mut report(&bar, found.len(), request.count));
        let Some(design) = next? else { break };
        if request.sort == DesignOrder::Found {
            emit(&request, &bar, &design, found.len() + 1)?;
        }
        found.push(design);
    }
    if request.sort == DesignOrder::Hardness {
        found.sort_by_key(|d| std::cmp::Reverse(d.hardness.nodes));
        for (k, design) in found.iter().enumerate() {
            emit(&request, &bar, design, k + 1)?;
        }
    }
    bar.finish_and_clear();
    let took = started.elapsed();
    let summary = Summary {
        dims,
        request: &request,
        tally: designer.tally(),
        designs: found.len() as u64,
        seconds: took.as_secs_f64(),
    };
    match request.format {
        Format::Text => summary.print_text(),
        Format::Json => summary.print_json(),
    }
    Ok(if interrupt::interrupted() {
        interrupt::EXIT_INTERRUPTED
    } else if summary.designs < request.count {
        1
    } else {
        0
    })
}

/// The progress bar's message: strings drawn, designs found, and the count of
/// the string in hand.
fn report(bar: &ProgressBar, designs: usize, wanted: u64) -> impl FnMut(Event<'_>) + '_ {
    move |event| {
        if bar.is_hidden() {
            return;
        }
        match event {
            Event::Drawn(tally) => bar.set_message(format!(
                "{designs} of {wanted} designs; {} strings drawn, {} with more than one folding",
                tally.drawn, tally.several
            )),
            Event::Counting(p) => bar.set_message(format!(
                "{designs} of {wanted} designs; counting a string's foldings: {} found, {:.0}% searched",
                p.found,
                100.0 * p.fraction_done()
            )),
        }
    }
}

/// Certifies (with `--proof`) and prints design number `k`.
fn emit(request: &Request, bar: &ProgressBar, design: &Design, k: usize) -> Result<(), Error> {
    let model = model_text(request, design, k);
    let certificate = match &request.proof {
        Some(dir) => Some(certify(dir, &model, design, k, request, bar)?),
        None => None,
    };
    bar.suspend(|| match request.format {
        Format::Text => print_text(design, k, &model, certificate.as_ref()),
        Format::Json => print_json(design, k, &model, certificate.as_ref()),
    });
    Ok(())
}

/// The design as a model file: what `solve`, `count` and `--picture` read.
fn model_text(request: &Request, design: &Design, k: usize) -> String {
    let dims = design.cube.dims();
    let [a, b, c] = dims.sides;
    format!(
        "family = \"snake-cube\"\nname = \"{dims} design {k} (seed {seed})\"\nsource = \"puzzlesat design snake-cube {dims}{unique} --seed {seed}: string {drawn} drawn\"\nsize = [{a}, {b}, {c}]\nblocks = \"{blocks}\"\n",
        seed = request.seed,
        unique = if request.unique { " --unique" } else { "" },
        drawn = design.drawn,
        blocks = design.cube.letters(),
    )
}

/// A design's certificate: where it is, what it certifies.
struct Certified {
    model: PathBuf,
    dir: PathBuf,
    models: usize,
}

/// Writes the design's model and the certificate of its count into `dir`, and
/// holds the certificate's count to the design's. Checking it is `verify`'s
/// job, which anyone can run: checking here too would double the time.
fn certify(
    dir: &Path,
    text: &str,
    design: &Design,
    k: usize,
    request: &Request,
    bar: &ProgressBar,
) -> Result<Certified, Error> {
    let file = dir.join(format!("design-{k}.toml"));
    std::fs::write(&file, text).map_err(|e| Error::Io {
        file: file.clone(),
        message: format!("cannot write the design: {e}"),
    })?;
    let model = model::load(&file)?;
    let certificate = dir.join(format!("design-{k}"));
    let (models, solutions) = bar.suspend(|| {
        write_certificate(
            &model,
            &design.cube,
            None,
            true,
            request.threads,
            &certificate,
            request.quiet,
        )
    })?;
    if solutions != design.solutions {
        return Err(Error::Internal(format!(
            "design {k}: the certificate stands for {solutions} foldings, the path search found {}",
            design.solutions
        )));
    }
    Ok(Certified {
        model: file,
        dir: certificate,
        models,
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

fn print_text(design: &Design, k: usize, model: &str, certified: Option<&Certified>) {
    let cube = &design.cube;
    let straight = longest_straight(cube);
    outln!(
        "# Design {k}: {}; {} segments, at most {straight} straight block{} in a row.",
        foldings(design),
        cube.segments().len(),
        if straight == 1 { "" } else { "s" }
    );
    outln!("# Hardness: {}.", hardness_words(design.hardness));
    if let Some(c) = certified {
        outln!(
            "# Certificate: {} ({} model{}); `puzzlesat verify {}` checks it.",
            c.dir.display(),
            c.models,
            if c.models == 1 { "" } else { "s" },
            c.dir.display()
        );
        outln!("# Model file: {}", c.model.display());
    }
    outln!("{}", model.trim_end());
    let [x, y, z] = design.folding[0];
    let steps: Vec<String> = cube
        .folding(&design.folding)
        .iter()
        .map(|(d, l)| format!("{d} {l}"))
        .collect();
    outln!(
        "# Folding: block 1 at x={x} y={y} z={z}, then {}",
        steps.join(", ")
    );
    outln!();
}

/// One line of JSON: the design's figures, and its folding as `solve --format
/// json` gives a solution (`"path"`, `"folding"`).
fn print_json(design: &Design, k: usize, model: &str, certified: Option<&Certified>) {
    let cube = &design.cube;
    let mut object = cube.json(&design.folding);
    let figures = json!({
        "design": k,
        "blocks": cube.letters(),
        "segments": cube.segments(),
        "palindrome": cube.is_palindrome(),
        "longest_straight": longest_straight(cube),
        "solutions": design.solutions,
        "unique": design.unique,
        "hardness": design.hardness.nodes,
        "hardness_exact": design.hardness.exact,
        "drawn": design.drawn,
        "model": model,
        "model_file": certified.map(|c| c.model.display().to_string()),
        "certificate": certified.map(|c| c.dir.display().to_string()),
    });
    if let serde_json::Value::Object(figures) = figures {
        object.extend(figures);
    }
    outln!("{}", serde_json::Value::Object(object));
}

/// How the run went.
struct Summary<'a> {
    dims: BoxDims,
    request: &'a Request,
    tally: &'a Tally,
    designs: u64,
    seconds: f64,
}

impl Summary<'_> {
    /// The share of the strings counted that had one folding up to symmetry.
    fn unique_share(&self) -> Option<f64> {
        let examined = self.tally.examined(self.designs);
        (self.request.unique && examined > 0).then(|| self.designs as f64 / examined as f64)
    }

    fn print_text(&self) {
        let t = self.tally;
        let took = seconds(std::time::Duration::from_secs_f64(self.seconds));
        outln!(
            "{} of {} designs for the {} box, from {} strings drawn with seed {} in {took}.",
            self.designs,
            self.request.count,
            self.dims,
            t.drawn,
            self.request.seed
        );
        if let Some(share) = self.unique_share() {
            outln!(
                "Of the {} new strings that passed the filters, {} ({:.1}%) have one folding up to symmetry and {} more than one.",
                t.examined(self.designs),
                self.designs,
                100.0 * share,
                t.several
            );
        }
        outln!(
            "Left out: {} drawn again, {} by the filters.",
            t.repeats,
            t.filtered
        );
        if interrupt::interrupted() {
            outln!("Interrupted: the designs above are those found so far.");
        } else if self.designs < self.request.count {
            outln!(
                "Stopped at --max-draws {}: loosen the filters, or draw more.",
                self.request.max_draws
            );
        }
    }

    fn print_json(&self) {
        let t = self.tally;
        outln!(
            "{}",
            json!({
                "summary": {
                    "size": self.dims.sides,
                    "seed": self.request.seed,
                    "unique_only": self.request.unique,
                    "designs": self.designs,
                    "wanted": self.request.count,
                    "drawn": t.drawn,
                    "repeats": t.repeats,
                    "filtered": t.filtered,
                    "several": t.several,
                    "unique_share": self.unique_share(),
                    "complete": self.designs >= self.request.count,
                    "seconds": self.seconds,
                }
            })
        );
    }
}
