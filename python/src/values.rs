//! Values between Rust and Python: JSON through Python's own `json` module
//! (so a dict has exactly the keys and numbers the command line prints), and
//! cells from lists, tuples or numpy arrays.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use serde_json::Value;

/// A JSON value as the Python object `json.loads` makes of it.
pub fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

/// A Python object (dicts, lists, numbers, strings) as a JSON value.
pub fn from_python(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    let json = object.py().import("json")?;
    let text: String = json.call_method1("dumps", (object,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| PyTypeError::new_err(e.to_string()))
}

/// Cells as `[x, y, z]` triples, from any sequence of three integers each or
/// a numpy array of shape (k, 3).
pub fn cells(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<[i32; 3]>> {
    let listed = if object.hasattr("tolist")? {
        object.call_method0("tolist")?
    } else {
        object.clone()
    };
    let mut out = Vec::new();
    for cell in listed.try_iter()? {
        let cell = cell?;
        let xyz: Vec<i32> = cell.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: each cell three integers (x, y, z), got {}",
                cell.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let [x, y, z] = xyz[..] else {
            return Err(PyTypeError::new_err(format!(
                "{what}: each cell three integers (x, y, z), got {} of them",
                xyz.len()
            )));
        };
        out.push([x, y, z]);
    }
    Ok(out)
}
