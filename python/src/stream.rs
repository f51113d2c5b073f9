//! `Solutions`: an iterator over a search running on a thread of its own.
//! Each solution waits for the loop to take it (one at a time), so a loop
//! left early stops the search; the search's thread is joined before the
//! iterator is gone.

use crate::errors::to_py;
use crate::results::Solution;
use puzzlesat as lib;
use puzzlesat::{Cancel, ListRequest};
use pyo3::prelude::*;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the search's thread hands over.
enum Item {
    Found(lib::Solution),
    Failed(lib::Error),
}

/// The running search.
struct Running {
    items: Receiver<Item>,
    cancel: Cancel,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    /// Stops the search and waits for its thread.
    fn stop(&mut self) {
        self.cancel.cancel();
        // Dropping the receiver fails the thread's next send.
        let (_, closed) = sync_channel(0);
        drop(std::mem::replace(&mut self.items, closed));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The solutions of a puzzle as the search finds them; iterate over it.
/// Leaving the loop (or `close()`) stops the search.
#[pyclass(module = "puzzlesat")]
pub struct Solutions {
    puzzle: lib::Puzzle,
    /// The search's cancel token, outside the lock: `close()` stops a search
    /// that another thread's `next()` is waiting on.
    cancel: Cancel,
    running: Mutex<Running>,
}

impl Solutions {
    pub fn start(puzzle: lib::Puzzle, mut request: ListRequest) -> Solutions {
        let (tx, rx): (SyncSender<Item>, Receiver<Item>) = sync_channel(0);
        let cancel = Cancel::new();
        request.search.cancel = cancel.clone();
        let searched = puzzle.clone();
        let thread = std::thread::spawn(move || {
            let listed = searched.solutions(
                &request,
                &mut |s| tx.send(Item::Found(s)).is_ok(),
                &mut |_| {},
            );
            if let Err(e) = listed {
                let _ = tx.send(Item::Failed(e));
            }
        });
        Solutions {
            puzzle,
            cancel: cancel.clone(),
            running: Mutex::new(Running {
                items: rx,
                cancel,
                thread: Some(thread),
            }),
        }
    }
}

/// How often a wait for the next solution looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        // The lock is taken with the GIL released, so that a thread waiting
        // for it (a `close()` from another thread) never holds the GIL this
        // wait needs to look for Ctrl-C.
        let next = py.detach(|| {
            let mut guard = self.running.lock().expect("one iteration at a time");
            let running: &mut Running = &mut guard;
            let got = loop {
                match running.items.recv_timeout(POLL) {
                    Ok(item) => break Ok(Some(item)),
                    Err(RecvTimeoutError::Disconnected) => break Ok(None),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(signal) = Python::attach(|py| py.check_signals()) {
                            break Err(signal);
                        }
                    }
                }
            };
            if !matches!(got, Ok(Some(Item::Found(_)))) {
                running.stop();
            }
            got
        })?;
        match next {
            Some(Item::Found(s)) => Ok(Some(Solution::new(&self.puzzle, s))),
            Some(Item::Failed(e)) => Err(to_py(e)),
            None => Ok(None),
        }
    }

    /// Stops the search (as leaving the loop does) and waits for it.
    fn close(&self, py: Python<'_>) {
        self.cancel.cancel();
        py.detach(|| {
            let mut guard = self.running.lock().expect("one iteration at a time");
            guard.stop();
        });
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: Option<Py<PyAny>>,
        _value: Option<Py<PyAny>>,
        _trace: Option<Py<PyAny>>,
    ) -> bool {
        self.close(py);
        false
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        if let Ok(running) = self.running.get_mut() {
            running.stop();
        }
    }
}
