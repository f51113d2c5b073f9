//! Results go to stdout through `emit`: a reader that stops early (`| head`)
//! is not an error, so a closed pipe just drops the rest; any other failure
//! to write is an error like an unwritable file (exit code 2), never the panic
//! `print!` would raise.

use super::interrupt::EXIT_INTERRUPTED;
use indicatif::ProgressBar;
use puzzlesat::Error;
use std::io::{StdoutLock, Write};
use std::path::PathBuf;
use std::time::Duration;

/// `print!` for the program's results; the error for a failed write.
pub fn emit(text: std::fmt::Arguments) -> Result<(), Error> {
    let mut stdout = std::io::stdout().lock();
    stdout_written(stdout.write_fmt(text).and_then(|()| stdout.flush()))
}

/// The outcome of writing to stdout: a reader that stops early (`| head`) is
/// not an error; any other failure is, like an unwritable file.
pub fn stdout_written(written: std::io::Result<()>) -> Result<(), Error> {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::Io {
            file: PathBuf::from("<stdout>"),
            message: e.to_string(),
        }),
        _ => Ok(()),
    }
}

/// Writes all of `bytes` to stdout, as [`emit`] does.
pub fn write_out(bytes: &[u8]) -> Result<(), Error> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    stdout_written(out.write_all(bytes).and_then(|()| out.flush()))
}

/// `print!` through [`emit`], to `?`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::emit(format_args!($($arg)*))
    };
}

/// `println!` through [`emit`], to `?`.
macro_rules! outln {
    () => {
        $crate::cli::output::emit(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::emit(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// A remark about how the command was asked, on stderr so that it never
/// mixes with a result a program reads; a failed write to stderr is dropped,
/// as there is nowhere left to say it.
pub fn remark(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

pub fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// Seconds as [`seconds`] writes a duration.
pub fn seconds_f(s: f64) -> String {
    format!("{s:.3} s")
}

/// What `all` prints as the search finds it: each entry written and flushed
/// through the spinner (so that its line never lands inside an entry on a
/// terminal), counted, and the first failed write kept to end the listing.
pub struct Listing<'b> {
    bar: &'b ProgressBar,
    out: StdoutLock<'static>,
    /// Entries written so far.
    pub printed: u64,
    failed: Option<std::io::Error>,
}

impl<'b> Listing<'b> {
    pub fn new(bar: &'b ProgressBar) -> Listing<'b> {
        Listing {
            bar,
            out: std::io::stdout().lock(),
            printed: 0,
            failed: None,
        }
    }

    /// Writes one entry; whether the search should go on: not after a failed
    /// write.
    pub fn write(&mut self, text: &str) -> bool {
        self.printed += 1;
        let out = &mut self.out;
        let written = self
            .bar
            .suspend(|| out.write_all(text.as_bytes()).and_then(|()| out.flush()));
        if let Err(e) = written {
            self.failed = Some(e);
            return false;
        }
        true
    }

    /// The exit code when the listing ended early (a failed write: 0 for a
    /// closed pipe, an error otherwise; an interrupt), or `None` when it ran
    /// to its end.
    pub fn ended_early(self, interrupted: bool) -> Result<Option<u8>, Error> {
        match self.failed {
            Some(e) => stdout_written(Err(e)).map(|()| Some(0)),
            None if interrupted => Ok(Some(EXIT_INTERRUPTED)),
            None => Ok(None),
        }
    }
}
