//! What a search gives back: a `Solution` (with its pictures and, taken
//! apart, its level and moves) and a `Count`.

use crate::errors::to_py;
use crate::values::to_python;
use puzzlesat as lib;
use puzzlesat::{PictureFormat, Pictured};
use pyo3::prelude::*;
use std::collections::BTreeMap;

/// One solution of a puzzle, checked by the family's own check.
#[pyclass(module = "puzzlesat", frozen)]
pub struct Solution {
    puzzle: lib::Puzzle,
    inner: lib::Solution,
    /// For a solve's answer: its JSON as `solve --format json` prints it
    /// (with an optimum's and an extension's keys).
    answer: Option<serde_json::Value>,
}

impl Solution {
    pub fn new(puzzle: &lib::Puzzle, inner: lib::Solution) -> Solution {
        Solution {
            puzzle: puzzle.clone(),
            inner,
            answer: None,
        }
    }

    /// The solution as a solve answered it, with its optimum and extension.
    pub fn answered(mut self, json: serde_json::Value) -> Solution {
        self.answer = Some(json);
        self
    }

    fn picture(&self, format: PictureFormat) -> PyResult<String> {
        let shown = Pictured {
            caption: "solution",
            solution: &self.inner,
            extension: None,
        };
        self.puzzle.picture(format, &[shown], None).map_err(to_py)
    }
}

#[pymethods]
impl Solution {
    /// The solution as `solve --format json` prints it (without `status`,
    /// `seconds`), with `family` and `name`; for an optimum, its keys, and
    /// with the extension, its key; taken apart, also `level` and
    /// `disassembly`.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(serde_json::Value::Object(answer)) = &self.answer {
            let mut object = answer.clone();
            object.remove("status");
            object.remove("seconds");
            return to_python(py, &serde_json::Value::Object(object));
        }
        let mut object = self.inner.to_json();
        object.insert("family".into(), self.puzzle.family().into());
        object.insert("name".into(), self.puzzle.name().into());
        if let Some(apart) = self.inner.taken_apart() {
            object.insert("level".into(), apart.level().into());
            object.insert("disassembly".into(), apart.to_json());
        }
        to_python(py, &serde_json::Value::Object(object))
    }

    /// The solution for a person, as `solve` prints it.
    #[getter]
    fn text(&self) -> String {
        self.inner.text()
    }

    /// Taken apart: the level ("98.2.4.2"), else `None`.
    #[getter]
    fn level(&self) -> Option<String> {
        self.inner.taken_apart().map(|t| t.level())
    }

    /// Taken apart: the moves in order (dicts as `all --disassemble --format
    /// json` prints them), else `None`.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.inner
            .taken_apart()
            .map(|t| to_python(py, &t.to_json()))
            .transpose()
    }

    /// An SVG picture of the solution.
    fn svg(&self) -> PyResult<String> {
        self.picture(PictureFormat::Svg)
    }

    /// An HTML page drawing the solution (3D, to turn and step through).
    fn html(&self) -> PyResult<String> {
        self.picture(PictureFormat::Html)
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// For Jupyter: the HTML page in a frame of its own, so that its script
    /// and styles stay within it.
    fn _repr_html_(&self) -> PyResult<String> {
        let page = self.html()?;
        let quoted = page
            .replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        Ok(format!(
            "<iframe srcdoc=\"{quoted}\" width=\"780\" height=\"800\" style=\"border:0\"></iframe>"
        ))
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        format!("<puzzlesat.Solution of {:?}>", self.puzzle.name())
    }
}

/// A count's result.
#[pyclass(module = "puzzlesat", frozen)]
pub struct Count {
    pub inner: lib::Counted,
}

#[pymethods]
impl Count {
    /// Every solution (not up to symmetry).
    #[getter]
    fn solutions(&self) -> u64 {
        self.inner.solutions
    }

    /// Solutions up to symmetry, when asked for (`None` otherwise).
    #[getter]
    fn unique(&self) -> Option<u64> {
        self.inner.unique
    }

    /// False when a limit or Ctrl-C stopped the count: the figures are then
    /// lower bounds.
    #[getter]
    fn complete(&self) -> bool {
        self.inner.complete
    }

    /// The time the count took, in seconds.
    #[getter]
    fn seconds(&self) -> f64 {
        self.inner.seconds
    }

    /// Taken apart: the assemblies that come apart (else `None`).
    #[getter]
    fn separable(&self) -> Option<u64> {
        self.inner.separable.as_ref().map(|s| s.count)
    }

    /// Taken apart: the assemblies whose search passed `max_states`.
    #[getter]
    fn undecided(&self) -> Option<u64> {
        self.inner.separable.as_ref().map(|s| s.undecided)
    }

    /// Taken apart: how many assemblies have each level.
    #[getter]
    fn levels(&self) -> Option<BTreeMap<String, u64>> {
        self.inner.separable.as_ref().map(|s| s.levels.clone())
    }

    /// The count as `count --format json` prints it.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.inner.to_json())
    }

    fn __repr__(&self) -> String {
        format!(
            "<puzzlesat.Count {} solutions{}{}>",
            self.inner.solutions,
            self.inner
                .unique
                .map(|u| format!(", {u} unique"))
                .unwrap_or_default(),
            if self.inner.complete {
                ""
            } else {
                " (incomplete)"
            }
        )
    }
}
