//! Long work with the GIL released: other Python threads keep running, and
//! Ctrl-C stops the search (through the library's cancel token) and raises
//! `KeyboardInterrupt`.

use puzzlesat::{Cancel, Progress};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How often the waiting thread looks for a signal: a Ctrl-C is answered
/// well within half a second.
const POLL: Duration = Duration::from_millis(50);

/// The least time between two calls of a progress callable.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Runs `work` on a thread of its own while this one, the GIL released,
/// waits and looks for signals; a signal cancels `cancel` and, once `work`
/// has stopped, is raised. A panic in `work` becomes a `RuntimeError`.
pub fn detached<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            // The worker says when it is done, so that the wait ends at once
            // rather than at the next look for a signal.
            let (done, finished) = std::sync::mpsc::channel::<()>();
            let handle = scope.spawn(move || {
                let out = work();
                let _ = done.send(());
                out
            });
            let mut signal: Option<PyErr> = None;
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                let checked = signal
                    .is_none()
                    .then(|| Python::attach(|py| py.check_signals()));
                if let Some(Err(e)) = checked {
                    cancel.cancel();
                    signal = Some(e);
                }
            }
            let out = handle.join().map_err(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                PyRuntimeError::new_err(format!("internal error: {what}"))
            })?;
            match signal {
                Some(e) => Err(e),
                None => Ok(out),
            }
        })
    })
}

/// [`detached`], with `work` handed a report of its progress for
/// `progress` (see [`Reporter`]); an exception `progress` raises stops the
/// search and is raised in its place.
pub fn reported<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce(&mut dyn FnMut(&Progress)) -> T + Send,
) -> PyResult<T> {
    let mut reporter = Reporter::new(progress, cancel);
    let (out, failed) = detached(py, cancel, || {
        let out = work(&mut |p| reporter.report(p));
        (out, reporter.failed.take())
    })?;
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// A progress callable fed the spinner's figures, at most every
/// [`PROGRESS_EVERY`]: a dict of `found`, `done`, `parts`, `part_name`,
/// `elapsed` and `remaining` (seconds, or `None`). An exception it raises
/// cancels the search and is kept, to be raised in its place.
struct Reporter {
    callable: Option<Py<PyAny>>,
    last: Option<Instant>,
    cancel: Cancel,
    failed: Option<PyErr>,
}

impl Reporter {
    fn new(callable: Option<Py<PyAny>>, cancel: &Cancel) -> Reporter {
        Reporter {
            callable,
            last: None,
            cancel: cancel.clone(),
            failed: None,
        }
    }

    fn report(&mut self, p: &Progress) {
        let Some(callable) = &self.callable else {
            return;
        };
        let done = p.cubes > 0 && p.cubes_done >= p.cubes;
        if !done && self.last.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
            return;
        }
        self.last = Some(Instant::now());
        let result = Python::attach(|py| -> PyResult<()> {
            let figures = PyDict::new(py);
            figures.set_item("found", p.found)?;
            figures.set_item("done", p.cubes_done)?;
            figures.set_item("parts", p.cubes)?;
            figures.set_item("part_name", p.part_name)?;
            figures.set_item("elapsed", p.elapsed.as_secs_f64())?;
            figures.set_item("remaining", p.remaining.map(|d| d.as_secs_f64()))?;
            callable.call1(py, (figures,))?;
            Ok(())
        });
        if let Err(e) = result {
            self.cancel.cancel();
            self.failed.get_or_insert(e);
        }
    }
}
