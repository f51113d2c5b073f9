use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Stops a search from outside: a Ctrl-C handler, another thread, a caller
/// that has seen enough. Clones share one flag, so the token handed to a
/// search can be cancelled through any copy; a search checks it at its next
/// solution or part and returns what it found by then, marked incomplete.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not yet cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every search holding a copy of this token to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`Cancel::cancel`] was called on any copy.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for the engines that poll an `AtomicBool`.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.0
    }
}
