//! The Python package: puzzlesat's public API for scripts and notebooks.
//! Every call goes through the library's documented API (`puzzlesat::…`);
//! this crate only converts values and runs long work with the GIL released,
//! stopping it at Ctrl-C.

mod errors;
mod puzzle;
mod results;
mod run;
mod stream;
mod values;

use pyo3::prelude::*;

/// puzzlesat: solve, count, prove and take apart snake cubes, polycube
/// packings (BurrTools files too), snakes on boards and the sudoku parity
/// snake.
#[pymodule]
fn puzzlesat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ModelError", py.get_type::<errors::ModelError>())?;
    m.add("CheckError", py.get_type::<errors::CheckError>())?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<results::Solution>()?;
    m.add_class::<results::Count>()?;
    m.add_class::<stream::Solutions>()?;
    m.add_function(wrap_pyfunction!(puzzle::load, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::from_toml, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::snake_cube, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::packing, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::verify_certificate, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
