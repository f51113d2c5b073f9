//! `Puzzle`: a puzzle of any family, and the functions that make one.

use crate::errors::{CheckError, to_py};
use crate::results::{Count, Solution};
use crate::run::{detached, reported};
use crate::stream::Solutions;
use crate::values::{cells, from_python};
use puzzlesat as lib;
use puzzlesat::{Cancel, CountRequest, Engine, Goal, ListRequest, Part, Search, SolveRequest};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// A puzzle of any family, as read from a model or built from code.
#[pyclass(module = "puzzlesat", frozen)]
pub struct Puzzle {
    pub inner: lib::Puzzle,
}

/// How to search, from the keyword arguments every search takes.
pub fn search(
    engine: Option<&str>,
    threads: Option<usize>,
    symmetry_breaking: bool,
    part: Option<(usize, usize)>,
) -> PyResult<Search> {
    let engine = match engine {
        None => None,
        Some("sat") => Some(Engine::Sat),
        Some("exact-cover") => Some(Engine::ExactCover),
        Some("path") => Some(Engine::Path),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "engine: one of \"sat\", \"exact-cover\" or \"path\", got {other:?}"
            )));
        }
    };
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads: at least 1, got 0"));
    }
    let part = match part {
        None => None,
        Some((i, n)) => Some(
            Part::parse(&format!("{i}/{n}"))
                .map_err(|e| PyValueError::new_err(format!("part: {e}")))?,
        ),
    };
    Ok(Search {
        engine,
        threads,
        symmetry_breaking,
        part,
        cancel: Cancel::new(),
        ..Search::default()
    })
}

#[pymethods]
impl Puzzle {
    /// The family, as models name it: "snake-cube", "packing",
    /// "board-snakes" or "sudoku-snake".
    #[getter]
    fn family(&self) -> &'static str {
        self.inner.family()
    }

    /// The puzzle's name: the model's `name`, or its file's.
    #[getter]
    fn name(&self) -> String {
        self.inner.name()
    }

    /// Where the puzzle comes from, if the model says.
    #[getter]
    fn source(&self) -> Option<String> {
        self.inner.source().map(str::to_string)
    }

    /// One line saying what the puzzle is.
    #[getter]
    fn summary(&self) -> String {
        self.inner.summary()
    }

    /// A reason there is no solution that shows without a search (a piece
    /// that fits nowhere); `None` when none is plain.
    fn why_no_solution(&self) -> Option<String> {
        self.inner.why_no_solution()
    }

    /// The puzzle as a TOML model that reads back the same.
    fn to_toml(&self) -> PyResult<String> {
        self.inner.to_toml().map_err(to_py)
    }

    /// The formula in DIMACS, with comments mapping its variables.
    #[pyo3(signature = (symmetry_breaking = true))]
    fn cnf(&self, symmetry_breaking: bool) -> PyResult<String> {
        let cnf = self.inner.cnf(symmetry_breaking).map_err(to_py)?;
        let mut out = Vec::new();
        cnf.write(&mut out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// One solution, or `None` when there is none (proved). The same
    /// solution on every run. With a goal (`relax=True` for board snakes,
    /// `minimize="length"` or `maximize="length"` for the sudoku snake), the
    /// optimum, proved; `extend=True` applies the family's extension (the
    /// sudoku snake's sudoku); `proof=FILE` writes the DRAT proof that there
    /// is no solution (or that nothing beats the optimum).
    #[pyo3(signature = (*, relax = false, minimize = None, maximize = None, extend = false,
                        proof = None, engine = None, threads = None, symmetry_breaking = true,
                        progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        relax: bool,
        minimize: Option<&str>,
        maximize: Option<&str>,
        extend: bool,
        proof: Option<PathBuf>,
        engine: Option<&str>,
        threads: Option<usize>,
        symmetry_breaking: bool,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Option<Solution>> {
        let goal = goal(relax, minimize, maximize)?;
        let request = SolveRequest {
            goal,
            extend,
            proof: proof.is_some(),
            search: search(engine, threads, symmetry_breaking, None)?,
        };
        let cancel = request.search.cancel.clone();
        let solved = reported(py, &cancel, progress, |report| {
            self.inner.solve(&request, &mut |p| {
                if let lib::SolveProgress::Search(p) = p {
                    report(p)
                }
            })
        })?
        .map_err(to_py)?;
        if let (Some(file), Some(drat)) = (&proof, &solved.proof) {
            std::fs::write(file, drat).map_err(|e| {
                to_py(lib::Error::Io {
                    file: file.clone(),
                    message: format!("cannot write the proof: {e}"),
                })
            })?;
        }
        let json = solved.to_json();
        Ok(solved
            .solution
            .map(|s| Solution::new(&self.inner, s).answered(json)))
    }

    /// Counts every solution; with `unique`, also up to symmetry; with
    /// `disassemble` (packings), takes every assembly apart.
    /// `proof=DIR` writes a certificate of the count into DIR (new or
    /// empty) that `verify_certificate` checks from its files alone.
    #[pyo3(signature = (*, unique = false, limit = None, disassemble = false, max_states = None,
                        engine = None, threads = None, symmetry_breaking = true, part = None,
                        proof = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        unique: bool,
        limit: Option<u64>,
        disassemble: bool,
        max_states: Option<usize>,
        engine: Option<&str>,
        threads: Option<usize>,
        symmetry_breaking: bool,
        part: Option<(usize, usize)>,
        proof: Option<PathBuf>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Count> {
        if let Some(dir) = proof {
            if unique || limit.is_some() || disassemble || part.is_some() {
                return Err(PyValueError::new_err(
                    "proof: a certificate counts every solution: no unique, limit, disassemble or part",
                ));
            }
            if !matches!(engine, None | Some("sat")) {
                return Err(PyValueError::new_err(
                    "proof: a certificate counts the SAT formula's models: engine=\"sat\" (or none)",
                ));
            }
            return self.certified(py, &dir, symmetry_breaking, threads);
        }
        let request = CountRequest {
            unique,
            limit,
            disassemble,
            max_states: max_states.unwrap_or(lib::MAX_STATES),
            search: search(engine, threads, symmetry_breaking, part)?,
        };
        let cancel = request.search.cancel.clone();
        let counted = reported(py, &cancel, progress, |report| {
            self.inner.count(&request, report)
        })?;
        Ok(Count {
            inner: counted.map_err(to_py)?,
        })
    }

    /// Checks the DRAT proof in `file` that the puzzle has no solution (with
    /// `relax`, `minimize` or `maximize` as an optimum's value: that nothing
    /// beats it); returns what it proves, or raises `CheckError` saying why
    /// it does not.
    #[pyo3(signature = (file, *, relax = None, minimize = None, maximize = None))]
    fn verify_proof(
        &self,
        py: Python<'_>,
        file: PathBuf,
        relax: Option<usize>,
        minimize: Option<usize>,
        maximize: Option<usize>,
    ) -> PyResult<String> {
        let of = match (relax, minimize, maximize) {
            (None, None, None) => lib::ProofOf::NoSolution,
            (Some(v), None, None) => optimum(Goal::Relax, v),
            (None, Some(v), None) => optimum(Goal::Minimise, v),
            (None, None, Some(v)) => optimum(Goal::Maximise, v),
            _ => {
                return Err(PyValueError::new_err(
                    "one goal at a time: relax, minimize or maximize",
                ));
            }
        };
        let verdict = detached(py, &Cancel::new(), || {
            self.inner.verify_proof_file(&file, of)
        })?;
        verdict.map_err(to_py)?.map_err(CheckError::new_err)
    }

    /// The solutions as the search finds them (each once, checked); leaving
    /// the loop stops the search.
    #[pyo3(signature = (*, unique = false, limit = None, disassemble = false, max_states = None,
                        engine = None, threads = None, symmetry_breaking = true))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        unique: bool,
        limit: Option<u64>,
        disassemble: bool,
        max_states: Option<usize>,
        engine: Option<&str>,
        threads: Option<usize>,
        symmetry_breaking: bool,
    ) -> PyResult<Solutions> {
        let request = ListRequest {
            unique,
            limit,
            disassemble,
            max_states: max_states.unwrap_or(lib::MAX_STATES),
            search: search(engine, threads, symmetry_breaking, None)?,
        };
        Ok(Solutions::start(self.inner.clone(), request))
    }

    /// Checks a solution given as the dict `solve` prints (`to_dict()`):
    /// `None` when it holds, else raises `CheckError` naming what is wrong.
    fn check(&self, solution: &Bound<'_, PyAny>) -> PyResult<()> {
        let value = from_python(solution)?;
        match self.inner.check_json(&value).map_err(to_py)? {
            Ok(()) => Ok(()),
            Err(violation) => Err(CheckError::new_err(violation.0)),
        }
    }

    fn __str__(&self) -> String {
        format!("{}{}", self.inner.header(), self.inner.describe())
    }

    fn __repr__(&self) -> String {
        format!(
            "<puzzlesat.Puzzle {} {:?}>",
            self.inner.family(),
            self.inner.name()
        )
    }
}

impl Puzzle {
    /// `count(proof=DIR)`: the certificate written, and its count.
    fn certified(
        &self,
        py: Python<'_>,
        dir: &std::path::Path,
        symmetry_breaking: bool,
        threads: Option<usize>,
    ) -> PyResult<Count> {
        let started = std::time::Instant::now();
        let certificate = detached(py, &Cancel::new(), || {
            self.inner
                .certify_count(dir, symmetry_breaking, threads, &mut |_, _| {})
        })?
        .map_err(to_py)?;
        let seconds = started.elapsed().as_secs_f64();
        Ok(Count {
            inner: lib::Counted::certified(&self.inner, &certificate, seconds),
        })
    }
}

/// A claim that nothing beats `value` for `goal`.
fn optimum(goal: Goal, value: usize) -> lib::ProofOf {
    lib::ProofOf::Optimum {
        goal,
        optimum: Some(value),
    }
}

/// Checks a count's certificate (a directory `count(proof=DIR)` wrote) from
/// its files alone: returns what it certifies, or raises `CheckError` saying
/// why it does not hold.
#[pyfunction]
#[pyo3(signature = (dir, *, threads = None))]
pub fn verify_certificate(
    py: Python<'_>,
    dir: PathBuf,
    threads: Option<usize>,
) -> PyResult<String> {
    let verdict = detached(py, &Cancel::new(), || {
        lib::verify_certificate(&dir, threads, &mut |_, _| {})
    })?;
    verdict.map_err(to_py)?.map_err(CheckError::new_err)
}

/// The goal of a solve from its keyword arguments: at most one.
fn goal(relax: bool, minimize: Option<&str>, maximize: Option<&str>) -> PyResult<Option<Goal>> {
    let measure = |given: Option<&str>, goal: Goal| match given {
        None => Ok(None),
        Some("length") => Ok(Some(goal)),
        Some(other) => Err(PyValueError::new_err(format!(
            "the measure to optimise: \"length\", got {other:?}"
        ))),
    };
    let goals: Vec<Goal> = [
        relax.then_some(Goal::Relax),
        measure(minimize, Goal::Minimise)?,
        measure(maximize, Goal::Maximise)?,
    ]
    .into_iter()
    .flatten()
    .collect();
    match goals[..] {
        [] => Ok(None),
        [goal] => Ok(Some(goal)),
        _ => Err(PyValueError::new_err(
            "one goal at a time: relax, minimize or maximize",
        )),
    }
}

/// Reads a model file: TOML, or a BurrTools file (`problem` from 1, or its
/// name; default the first).
#[pyfunction]
#[pyo3(signature = (path, problem = None))]
pub fn load(path: std::path::PathBuf, problem: Option<&Bound<'_, PyAny>>) -> PyResult<Puzzle> {
    let problem = problem
        .map(|p| p.str().map(|s| s.to_string()))
        .transpose()?;
    let inner = lib::Puzzle::load_problem(&path, problem.as_deref()).map_err(to_py)?;
    Ok(Puzzle { inner })
}

/// Reads a TOML model from a string.
#[pyfunction]
pub fn from_toml(text: &str) -> PyResult<Puzzle> {
    let inner = lib::Puzzle::from_toml(text).map_err(to_py)?;
    Ok(Puzzle { inner })
}

/// A snake cube from its blocks as `S`/`C` letters (or its segments'
/// lengths, a list of integers) and its box.
#[pyfunction]
#[pyo3(signature = (blocks, size))]
pub fn snake_cube(blocks: &Bound<'_, PyAny>, size: (i32, i32, i32)) -> PyResult<Puzzle> {
    let size = [size.0, size.1, size.2];
    let inner = match blocks.extract::<String>() {
        Ok(letters) => lib::Puzzle::snake_cube(&letters, size),
        Err(_) => {
            let segments: Vec<usize> = blocks.extract()?;
            lib::Puzzle::snake_cube_segments(&segments, size)
        }
    }
    .map_err(to_py)?;
    Ok(Puzzle { inner })
}

/// A packing from its pieces (dicts of `name`, `cells`, and `count` or
/// `min` and `max`, optionally `letter`) into a box (`size`) or a set of
/// cells (`target`); `mirror` lets pieces be placed mirrored too; `grid`
/// names one of BurrTools' grids (`"cubes"`, `"prisms"`, `"spheres"`,
/// `"rhombic"`, `"tetra-octa"`), cells in its coordinates.
#[pyfunction]
#[pyo3(signature = (pieces, *, size = None, target = None, mirror = false, name = None, grid = "cubes"))]
pub fn packing(
    pieces: &Bound<'_, PyAny>,
    size: Option<(i32, i32, i32)>,
    target: Option<&Bound<'_, PyAny>>,
    mirror: bool,
    name: Option<String>,
    grid: &str,
) -> PyResult<Puzzle> {
    let target = match (size, target) {
        (Some((a, b, c)), None) => lib::Target::Box([a, b, c]),
        (None, Some(cells_given)) => lib::Target::Cells(cells(cells_given, "target")?),
        _ => {
            return Err(PyValueError::new_err(
                "packing: the target as either size=(x, y, z) or target=[cells], not both",
            ));
        }
    };
    let mut specs = Vec::new();
    for (k, piece) in pieces.try_iter()?.enumerate() {
        let piece = piece?;
        let piece = piece.cast::<PyDict>().map_err(|_| {
            PyValueError::new_err(format!(
                "pieces[{k}]: a dict of name, cells and count (or min and max)"
            ))
        })?;
        let field = |key: &str| piece.get_item(key);
        let name: String = match field("name")? {
            Some(n) => n.extract()?,
            None => format!("piece {}", k + 1),
        };
        let Some(given) = field("cells")? else {
            return Err(PyValueError::new_err(format!("pieces[{k}]: no cells")));
        };
        let mut spec = lib::PieceSpec::new(name, cells(&given, &format!("pieces[{k}].cells"))?);
        if let Some(count) = field("count")? {
            spec = spec.copies(count.extract()?);
        }
        if let Some(min) = field("min")? {
            spec.min = min.extract()?;
        }
        if let Some(max) = field("max")? {
            spec.max = max.extract()?;
        }
        if let Some(letter) = field("letter")? {
            let letter: String = letter.extract()?;
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => spec.letter = Some(c),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "pieces[{k}].letter: one character, got {letter:?}"
                    )));
                }
            }
        }
        specs.push(spec);
    }
    let spec = lib::PackingSpec {
        name,
        pieces: specs,
        target,
        mirror,
    };
    let inner = lib::Puzzle::packing_on_grid(&spec, grid).map_err(to_py)?;
    Ok(Puzzle { inner })
}
