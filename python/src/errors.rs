//! The package's exceptions: the library's errors as Python raises them.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    puzzlesat,
    ModelError,
    PyValueError,
    "Bad input: a model, a file or a request the puzzle does not serve. The message is the command line's one line (file, field, what was expected)."
);

create_exception!(
    puzzlesat,
    CheckError,
    PyValueError,
    "A solution that breaks the puzzle's rules, naming what is wrong."
);

/// A library error as an exception: bad input as [`ModelError`], a fault of
/// the library itself as `RuntimeError`.
pub fn to_py(e: puzzlesat::Error) -> PyErr {
    match e {
        puzzlesat::Error::Internal(_) => PyRuntimeError::new_err(e.to_string()),
        _ => ModelError::new_err(e.to_string()),
    }
}
