//! The designer of new snake cubes: strings read off random paths through a
//! box (so each folds), kept when the filters admit them and, for a puzzle
//! with one answer, when they have one folding up to symmetry.

use crate::api::dispatch::Dispatch;
use crate::api::proofs::{Certificate, new_directory};
use crate::api::puzzle::Puzzle;
use crate::api::search::threads_to_use;
use crate::api::solution::Solution;
use crate::error::Error;
use crate::geometry::BoxDims;
use crate::geometry::hamiltonian::{Seeded, random_path};
use crate::puzzles::snake_cube::{self as family, SnakeCube};
use crate::solve::Progress;
use crate::tasks::design;
use crate::types::Cancel;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use crate::puzzles::snake_cube::hardness::{Hardness, PROBES};
pub use crate::tasks::design::{EXHAUSTED, Filters, Tally};

/// What designs are wanted.
#[derive(Clone, Copy, Debug)]
pub struct DesignRequest {
    /// The box's sides.
    pub sides: [i32; 3],
    /// The seed of the random paths: the same seed, the same designs.
    pub seed: u64,
    /// Only strings with exactly one folding up to the box's symmetries.
    pub unique: bool,
    /// What a string must be besides folding.
    pub filters: Filters,
    /// Strings drawn at most before giving up (filters few strings pass, or
    /// a box where one folding is rare).
    pub max_draws: u64,
    /// Worker threads; `None` for one per core.
    pub threads: Option<usize>,
}

/// How a designer's drawing goes, for a progress display.
pub enum DesignProgress<'a> {
    /// A string drawn and dealt with.
    Drawn(&'a Tally),
    /// How far the count of the string in hand is.
    Counting(&'a Progress),
}

/// Draws strings off random paths through the box (so each folds) and hands
/// out those the request keeps.
pub struct Designer {
    designer: design::Designer,
}

impl Designer {
    /// A designer for the request; a box of fewer than 3 or more than 125
    /// cells is refused.
    pub fn new(request: &DesignRequest) -> Result<Designer, Error> {
        let [a, b, c] = request.sides;
        let dims = BoxDims::new(a, b, c);
        let designer = design::Designer::new(design::Request {
            dims,
            seed: request.seed,
            unique: request.unique,
            filters: request.filters,
            max_draws: request.max_draws,
            threads: threads_to_use(request.threads),
        })?;
        Ok(Designer { designer })
    }

    /// How the drawing has gone so far.
    pub fn tally(&self) -> &Tally {
        self.designer.tally()
    }

    /// The next design; `None` once `max_draws` strings were drawn, or
    /// `cancel` was cancelled, first.
    pub fn next_design(
        &mut self,
        cancel: &Cancel,
        on_progress: &mut dyn FnMut(DesignProgress<'_>),
    ) -> Result<Option<Design>, Error> {
        let found = self
            .designer
            .next_design(cancel, &mut |event| match event {
                design::Event::Drawn(t) => on_progress(DesignProgress::Drawn(t)),
                design::Event::Counting(p) => on_progress(DesignProgress::Counting(p)),
            })?;
        Ok(found.map(Design::of))
    }
}

/// A string a designer kept.
#[derive(Clone, Debug)]
pub struct Design {
    /// The string as `S`/`C` letters, ends written `S`.
    pub letters: String,
    /// Its segments' lengths in blocks.
    pub segments: Vec<usize>,
    /// Whether the string reads the same backwards.
    pub palindrome: bool,
    /// The most straight blocks in a row.
    pub longest_straight: usize,
    /// Foldings in all.
    pub solutions: u64,
    /// Foldings up to the box's symmetries (and reading a palindrome
    /// backwards).
    pub unique: u64,
    /// How hard the string is for a person: the segments a plain depth-first
    /// search lays to find every folding.
    pub hardness: Hardness,
    /// Which string drawn it was, from 1.
    pub drawn: u64,
    /// A folding of it: with `unique`, the only one up to symmetry.
    pub folding: Solution,
    cube: SnakeCube,
}

impl Design {
    fn of(d: design::Design) -> Design {
        let rules: Arc<dyn Dispatch> = Arc::new(d.cube.clone());
        Design {
            letters: d.cube.letters(),
            segments: d.cube.segments().to_vec(),
            palindrome: d.cube.is_palindrome(),
            longest_straight: design::longest_straight(&d.cube),
            solutions: d.solutions,
            unique: d.unique,
            hardness: d.hardness,
            drawn: d.drawn,
            folding: Solution::new(&rules, Arc::new(d.folding.clone())),
            cube: d.cube,
        }
    }

    /// The design as a model file, named and sourced as given: what `solve`,
    /// `count` and pictures read.
    pub fn model_toml(&self, name: &str, source: &str) -> String {
        let [a, b, c] = self.cube.dims().sides;
        let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
        format!(
            "family = \"snake-cube\"\nname = {}\nsource = {}\nsize = [{a}, {b}, {c}]\nblocks = \"{}\"\n",
            quote(name),
            quote(source),
            self.letters,
        )
    }

    /// Where block 1 of the folding sits.
    pub fn start(&self) -> [i32; 3] {
        self.folding
            .value
            .downcast_ref::<family::Path>()
            .and_then(|p| p.first().copied())
            .unwrap_or_default()
    }

    /// The folding as steps: each segment's direction (`+x`) and blocks.
    pub fn folding_steps(&self) -> Vec<(String, usize)> {
        match self.folding.value.downcast_ref::<family::Path>() {
            Some(path) => self.cube.folding(path),
            None => Vec::new(),
        }
    }

    /// Writes `model` (this design's model text) to `model_file` and the
    /// certificate of its count into `dir`, and holds the certificate's count
    /// to the design's. Checking it is [`super::verify_certificate`]'s job,
    /// which anyone can run: checking here too would double the time.
    pub fn certify(
        &self,
        model: &str,
        model_file: &Path,
        dir: &Path,
        threads: Option<usize>,
        on_cube: &mut dyn FnMut(usize, usize),
    ) -> Result<Certificate, Error> {
        std::fs::write(model_file, model).map_err(|e| Error::Io {
            file: model_file.to_path_buf(),
            message: format!("cannot write the design: {e}"),
        })?;
        let puzzle = Puzzle::load(model_file)?;
        let certificate = puzzle.certify_count(dir, true, threads, on_cube)?;
        if certificate.solutions != self.solutions {
            return Err(Error::Internal(format!(
                "{}: the certificate stands for {} foldings, the path search found {}",
                model_file.display(),
                certificate.solutions,
                self.solutions
            )));
        }
        Ok(certificate)
    }

    /// The design as `design --format json` prints it: its folding as a
    /// solved answer gives it (`path`, `folding`) and its figures, with its
    /// number in the run, its name and model, and where its certificate went.
    pub fn to_json(
        &self,
        number: usize,
        name: &str,
        model: &str,
        certified: Option<&Certified>,
    ) -> Value {
        let mut object = self.folding.to_json();
        let figures = json!({
            "family": "snake-cube",
            "name": name,
            "design": number,
            "blocks": self.letters,
            "segments": self.segments,
            "palindrome": self.palindrome,
            "longest_straight": self.longest_straight,
            "solutions": self.solutions,
            "unique": self.unique,
            "hardness": self.hardness.nodes,
            "hardness_exact": self.hardness.exact,
            "drawn": self.drawn,
            "model": model,
            "model_file": certified.map(|c| c.model.display().to_string()),
            "certificate": certified.map(|c| c.dir.display().to_string()),
        });
        if let Value::Object(figures) = figures {
            object.extend(figures);
        }
        Value::Object(object)
    }
}

/// Where a design's certificate went.
#[derive(Clone, Debug)]
pub struct Certified {
    /// The design's model file.
    pub model: PathBuf,
    /// The certificate's directory.
    pub dir: PathBuf,
    /// The formula's models the certificate lists.
    pub models: usize,
}

/// Makes the directory designs and their certificates go into: new or empty.
pub fn designs_directory(dir: &Path) -> Result<(), Error> {
    new_directory(dir, "the designs and their certificates")
}

/// Strings read off random paths through a box, the designer's draws: each
/// folds into the box (along the path it came from), the same seed the same
/// strings.
pub struct RandomStrings {
    dims: BoxDims,
    rng: Seeded,
}

/// The strings of random paths through a box of 2 to 125 cells, seeded.
///
/// ```
/// let mut strings = puzzlesat::snake_cube::random_strings([3, 3, 3], 1)?;
/// let letters = strings.next().expect("strings without end");
/// assert_eq!(letters.len(), 27);
/// assert!(puzzlesat::Puzzle::snake_cube(&letters, [3, 3, 3]).is_ok());
/// # Ok::<(), puzzlesat::Error>(())
/// ```
pub fn random_strings(sides: [i32; 3], seed: u64) -> Result<RandomStrings, Error> {
    let [a, b, c] = sides;
    if sides.iter().any(|&s| s < 1)
        || !(2..=design::MAX_CELLS as i64).contains(&(i64::from(a) * i64::from(b) * i64::from(c)))
    {
        return Err(Error::Unsupported(format!(
            "a box of 2 to {} cells to draw strings for, got {a}x{b}x{c}",
            design::MAX_CELLS
        )));
    }
    Ok(RandomStrings {
        dims: BoxDims::new(a, b, c),
        rng: Seeded::new(seed),
    })
}

impl Iterator for RandomStrings {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let moves = design::MOVES_PER_CELL * self.dims.volume();
        let path = random_path(&self.dims, moves, &mut self.rng);
        SnakeCube::from_path(self.dims, &path).map(|cube| cube.letters())
    }
}
