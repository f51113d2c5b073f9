//! Ctrl-C during a count or a listing: the first stops the search at its next
//! solution or part, so that what was found is printed as a lower bound (exit code
//! 130); a second ends the program at once (a SAT call can run long between two
//! parts of its search).

use puzzlesat::Cancel;
use std::sync::OnceLock;

/// Exit code for a run stopped by Ctrl-C, as a shell reports one killed by SIGINT.
pub const EXIT_INTERRUPTED: u8 = 130;

/// The token Ctrl-C cancels, made with the handler the first time it is asked
/// for.
static TOKEN: OnceLock<Cancel> = OnceLock::new();

/// Installs the handler (once) and returns the token it cancels, for the
/// search to watch. Without a handler (one could not be installed), Ctrl-C
/// simply ends the program and the token is never cancelled.
pub fn watch() -> Cancel {
    TOKEN
        .get_or_init(|| {
            let token = Cancel::new();
            let seen = token.clone();
            let _ = ctrlc::set_handler(move || {
                if seen.is_cancelled() {
                    std::process::exit(i32::from(EXIT_INTERRUPTED));
                }
                seen.cancel();
            });
            token
        })
        .clone()
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    TOKEN.get().is_some_and(Cancel::is_cancelled)
}
