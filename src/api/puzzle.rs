//! A puzzle of any family: read from a model file or a BurrTools file, parsed
//! from TOML text, or built from code; and what it is.

use super::dispatch::Dispatch;
use super::search::Search;
use crate::error::{Error, Request};
use crate::files;
use crate::model::burrtools;
use crate::registry::{self, PuzzleModel};
use crate::registry::{FamilyInfo, FamilyTask, refusal};
use crate::tasks::SearchOptions;
use crate::types::Engine;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A puzzle of any family, ready to solve, count, take apart, prove and
/// draw. Cloning is cheap: clones share the puzzle.
///
/// ```
/// let soma = puzzlesat::Puzzle::load(concat!(env!("CARGO_MANIFEST_DIR"), "/models/packing/soma.toml"))?;
/// assert_eq!(soma.family(), "packing");
/// assert_eq!(soma.name(), "Soma cube");
/// # Ok::<(), puzzlesat::Error>(())
/// ```
#[derive(Clone)]
pub struct Puzzle {
    pub(crate) rules: Arc<dyn Dispatch>,
    family: &'static str,
    name: Option<String>,
    source: Option<String>,
    /// The file errors name: the model file, or what the text came from.
    file: PathBuf,
    /// The model as read, or as written for a puzzle built from code: what
    /// a share's fingerprint and a certificate's copy of the model are made of.
    bytes: Arc<[u8]>,
    /// For a problem of a BurrTools file: what the file records of it.
    pub(crate) burrtools: Option<Arc<burrtools::Recorded>>,
}

/// What a BurrTools file records of a problem: its assemblies (placements of
/// the pieces that fill the result, up to the result's symmetries) and its
/// solutions (assemblies that can also be taken apart), when it gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// The assemblies the file records.
    pub assemblies: Option<u64>,
    /// The solutions the file records.
    pub solutions: Option<u64>,
}

/// The name errors give a model parsed from text with no file behind it.
const TEXT: &str = "<model text>";

/// Turns the puzzle of a model into the public API's form.
struct Unnamed;

impl FamilyTask for Unnamed {
    type Output = Arc<dyn Dispatch>;

    fn run<F: crate::family::Family>(self, puzzle: &F) -> Arc<dyn Dispatch> {
        Arc::new(puzzle.clone())
    }
}

impl Puzzle {
    /// Reads a model file: TOML, or a BurrTools file (`.xmpuzzle`, plain or
    /// gzip-compressed), of which the first problem is read.
    pub fn load(file: impl AsRef<Path>) -> Result<Puzzle, Error> {
        Puzzle::load_problem(file, None)
    }

    /// Reads a model file; of a BurrTools file, `problem` picks the problem
    /// (a number from 1 or its name; the first when `None`). A TOML model
    /// holds one puzzle, so a problem asked of it is an error.
    pub fn load_problem(file: impl AsRef<Path>, problem: Option<&str>) -> Result<Puzzle, Error> {
        let file = file.as_ref();
        let bytes = files::read_regular(file, "the model", files::MAX_MODEL_BYTES)?;
        let model = registry::load_bytes(file, &bytes, problem)?;
        Ok(Puzzle::of(model, bytes.into()))
    }

    /// Parses the text of a TOML model; `file` is only named in errors.
    pub fn parse(text: &str, file: impl AsRef<Path>) -> Result<Puzzle, Error> {
        let model = registry::parse(text, file.as_ref())?;
        Ok(Puzzle::of(model, text.as_bytes().into()))
    }

    /// Parses the text of a TOML model; errors name it `<model text>`.
    ///
    /// ```
    /// let cube = puzzlesat::Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [2, 2, 2, 2, 2, 2, 2]\n",
    /// )?;
    /// assert_eq!(cube.family(), "snake-cube");
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn from_toml(text: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(text, TEXT)
    }

    /// A puzzle read from a model, with the bytes it was read from.
    fn of(model: PuzzleModel, bytes: Arc<[u8]>) -> Puzzle {
        Puzzle {
            rules: model.puzzle.run(Unnamed),
            family: model.puzzle.info().name,
            name: model.name,
            source: model.source,
            file: model.file,
            bytes,
            burrtools: model.recorded.map(Arc::new),
        }
    }

    /// The name models give the family: `snake-cube`, `packing`,
    /// `board-snakes`, `sudoku-snake`.
    pub fn family(&self) -> &'static str {
        self.family
    }

    /// The name to show: the model's own, or the file name.
    pub fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            self.file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
    }

    /// Where the puzzle comes from, as the model says.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The model file read, or the name errors give the text or the code
    /// the puzzle was made from.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// One line saying what the puzzle is (box, pieces, sizes).
    pub fn summary(&self) -> String {
        self.rules.summary()
    }

    /// The name, the summary and the source, a line each: what every answer
    /// opens with.
    pub fn header(&self) -> String {
        let mut out = format!("{}\n{}\n", self.name(), self.summary());
        if let Some(source) = &self.source {
            out.push_str(&format!("source: {source}\n"));
        }
        out
    }

    /// The puzzle as the library reads it: what a person needs to write or
    /// check a model (the board's notch numbers, the string's segments, the
    /// pieces).
    pub fn describe(&self) -> String {
        self.rules.describe()
    }

    /// A reason there is no solution that shows without a search, for a
    /// person to mend their model: a piece that fits nowhere in the target, a
    /// snake's straight run longer than every side of its box. `None` when no
    /// reason is plain (a search may still find no solution).
    ///
    /// ```
    /// use puzzlesat::Puzzle;
    ///
    /// let cube = Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [3, 2, 2, 2, 2, 2]\n",
    /// )?;
    /// assert!(cube.why_no_solution().unwrap().contains("segment 1"));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn why_no_solution(&self) -> Option<String> {
        self.rules.why_no_solution()
    }

    /// For a snake cube whose box's catalogue is in reach ([`catalogue`]):
    /// the box's sides, where the catalogue lists every string that folds.
    ///
    /// [`catalogue`]: crate::snake_cube::catalogue
    pub fn catalogued_box(&self) -> Option<[i32; 3]> {
        self.rules
            .box_sides()
            .filter(|&sides| super::snake_cube::catalogue_in_reach(sides))
    }

    /// What the puzzle's family offers: engines, goals, extension, taking
    /// apart.
    pub fn offers(&self) -> FamilyInfo {
        self.rules.info()
    }

    /// For a problem of a BurrTools file: what the file records of it.
    pub fn recorded(&self) -> Option<Recorded> {
        self.burrtools.as_ref().map(|r| Recorded {
            assemblies: r.assemblies,
            solutions: r.solutions,
        })
    }

    /// For a problem of a BurrTools file: its number in the file, from 1.
    pub fn problem(&self) -> Option<usize> {
        self.burrtools.as_ref().map(|r| r.problem)
    }

    /// The model's bytes: as read from its file or text, or the model written
    /// for a puzzle built from code.
    pub fn model_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The puzzle as a TOML model that reads back as the same puzzle: a
    /// BurrTools problem's pieces and result, say, to read, edit and keep.
    pub fn to_toml(&self) -> Result<String, Error> {
        if self.burrtools.is_none()
            && let Ok(text) = std::str::from_utf8(&self.bytes)
        {
            return Ok(text.to_string());
        }
        self.rules
            .model_toml(&self.name(), self.source())
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "a {} read from {} cannot be written as a TOML model",
                    self.family,
                    self.file.display()
                ))
            })
    }

    /// The engine that searches the puzzle when none is asked for: the
    /// family's fastest.
    pub fn default_engine(&self) -> Engine {
        self.rules.default_engine()
    }

    /// The search options the tasks take: the engine resolved (the one asked
    /// for, if the family has it and this puzzle has a form for it), the
    /// threads capped at the cores.
    pub(crate) fn search_options(&self, search: &Search) -> Result<SearchOptions, Error> {
        Ok(SearchOptions {
            symmetry_breaking: search.symmetry_breaking,
            threads: search.threads(),
            engine: self.engine(search.engine)?,
            estimate: search.estimate,
            cancel: search.cancel.clone(),
            part: search.part,
            core: search.core,
        })
    }

    /// The engine for a request: the one asked for, if the family offers it
    /// and this puzzle has a form for it; else the family's fastest.
    pub(crate) fn engine(&self, asked: Option<Engine>) -> Result<Engine, Error> {
        let Some(engine) = asked else {
            return Ok(self.default_engine());
        };
        if !self.offers().engines.contains(&engine) {
            return Err(self.refused(Request::Engine(engine)));
        }
        match self.rules.engine_refusal(engine) {
            Some(unfit) => Err(Error::Unfit {
                file: self.file.clone(),
                field: unfit.field,
                engine,
                needs: unfit.needs,
                others: unfit.others,
                instead: unfit.instead,
            }),
            None => Ok(engine),
        }
    }

    /// The error for a request the family does not serve.
    pub(crate) fn refused(&self, request: Request) -> Error {
        refusal(&self.file, self.family, request)
    }

    /// Refuses `request` unless the puzzle's family serves it: the error
    /// names the families that do.
    pub fn check_request(&self, request: Request) -> Result<(), Error> {
        if self.offers().serves(request) {
            Ok(())
        } else {
            Err(self.refused(request))
        }
    }

    /// Whether counts of this puzzle are in BurrTools' sense: up to symmetry,
    /// beside what the file records.
    pub(crate) fn is_burrtools(&self) -> bool {
        self.burrtools.is_some()
    }

    /// Whether `other` is this puzzle (or a clone of it).
    pub(crate) fn same(&self, rules: &Arc<dyn Dispatch>) -> bool {
        Arc::ptr_eq(&self.rules, rules)
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzle")
            .field("family", &self.family)
            .field("name", &self.name())
            .field("file", &self.file)
            .finish()
    }
}

/// The header: the name, the summary and the source, a line each.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.header().trim_end())
    }
}

/// The puzzle's field of a table built from code, checked as a model file's
/// would be: errors name `what` as the file.
pub(crate) fn from_table(table: toml::Table, what: &str) -> Result<Puzzle, Error> {
    let text = toml::to_string(&table)
        .map_err(|e| Error::Internal(format!("a model built from code: {e}")))?;
    Puzzle::parse(&text, what)
}

/// The most clauses a formula may have: about 170 bytes each while solving (a
/// 6x6x6 snake: 1.75 M clauses, 299 MiB), so about 850 MiB.
const MAX_CLAUSES: u64 = 5_000_000;

impl Puzzle {
    /// Refuses, before building it, a SAT formula the family estimates above
    /// [`MAX_CLAUSES`]: one line with the estimate and the limit instead of
    /// gigabytes.
    pub(crate) fn check_formula_size(&self) -> Result<(), Error> {
        match self.rules.formula_estimate() {
            Some((clauses, field)) if clauses > MAX_CLAUSES => Err(Error::input(
                &self.file,
                field,
                format!(
                    "a smaller model: its formula would have about {:.1} million clauses (about {:.1} GiB to solve), more than the limit of {} million{}",
                    clauses as f64 / 1e6,
                    clauses as f64 * 170.0 / f64::from(1u32 << 30),
                    MAX_CLAUSES / 1_000_000,
                    match self.offers().engines[0] {
                        Engine::Sat => String::new(),
                        other => format!(
                            " ({}, the default for a {}, has no such limit)",
                            other.words(),
                            self.family
                        ),
                    }
                ),
            )),
            _ => Ok(()),
        }
    }
}
