//! Output helpers shared by the commands: results go to stdout through `emit`, which
//! turns a failed write into exit code 2 and a closed pipe into a quiet stop.

use indicatif::ProgressBar;
use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::render::Present;
use serde_json::{Map, Value, json};
use std::io::{StdoutLock, Write};
use std::path::PathBuf;
use std::time::Duration;

/// `print!` for the program's results. A reader that stops early (`| head`) is not an
/// error, so a closed pipe just drops the rest; any other failure to write is reported
/// like an unwritable file (exit code 2) instead of the panic `print!` would raise.
pub fn emit(text: std::fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("error: <stdout>: {e}");
            std::process::exit(2);
        }
        _ => {}
    }
}

/// The outcome of writing results to stdout other than through [`emit`]: a
/// reader that stops early (`| head`) is not an error; any other failure is, like
/// an unwritable file (exit code 2).
pub fn stdout_written(written: std::io::Result<()>) -> Result<(), Error> {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::Io {
            file: PathBuf::from("<stdout>"),
            message: e.to_string(),
        }),
        _ => Ok(()),
    }
}

/// `print!` through [`emit`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::emit(format_args!($($arg)*))
    };
}

/// `println!` through [`emit`].
macro_rules! outln {
    () => {
        $crate::cli::output::emit(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::emit(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub fn header<P: Present>(model: &PuzzleModel, puzzle: &P) -> String {
    let mut out = format!("{}\n{}\n", model.title(), puzzle.summary());
    if let Some(source) = &model.source {
        out.push_str(&format!("source: {source}\n"));
    }
    out
}

/// The keys every `solve --format json` answer starts with.
pub fn solve_json_head(model: &PuzzleModel, solved: bool, elapsed: Duration) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert(
        "status".into(),
        json!(if solved { "solved" } else { "unsolvable" }),
    );
    out.insert("family".into(), json!(model.family));
    out.insert("name".into(), json!(model.title()));
    out.insert("seconds".into(), json!(elapsed.as_secs_f64()));
    out
}

pub fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
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
    /// write, nor once `limit` entries are out.
    pub fn write(&mut self, text: &str, limit: Option<u64>) -> bool {
        self.printed += 1;
        let out = &mut self.out;
        let written = self
            .bar
            .suspend(|| out.write_all(text.as_bytes()).and_then(|()| out.flush()));
        if let Err(e) = written {
            self.failed = Some(e);
            return false;
        }
        limit.is_none_or(|limit| self.printed < limit)
    }

    /// The exit code when the listing ended early (a failed write: 0 for a
    /// closed pipe, an error otherwise; an interrupt), or `None` when it ran
    /// to its end.
    pub fn ended_early(self, interrupted: bool) -> Result<Option<u8>, Error> {
        match self.failed {
            Some(e) => stdout_written(Err(e)).map(|()| Some(0)),
            None if interrupted => Ok(Some(super::interrupt::EXIT_INTERRUPTED)),
            None => Ok(None),
        }
    }
}
