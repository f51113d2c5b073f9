//! Ctrl-C during a count or a listing: the first stops the search at its next
//! solution or part, so that what was found is printed as a lower bound (exit code
//! 130); a second ends the program at once (a SAT call can run long between two
//! parts of its search).

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit code for a run stopped by Ctrl-C, as a shell reports one killed by SIGINT.
pub const EXIT_INTERRUPTED: u8 = 130;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler and returns the flag it sets, for the search to watch.
/// Without a handler (one could not be installed), Ctrl-C simply ends the program.
pub fn watch() -> Option<&'static AtomicBool> {
    let installed = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    });
    installed.ok().map(|()| &INTERRUPTED)
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}
