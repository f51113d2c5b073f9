//! Output helpers shared by the commands: results go to stdout through `emit`, which
//! turns a failed write into exit code 2 and a closed pipe into a quiet stop.

use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::render::Present;
use serde_json::{Map, Value, json};
use std::io::Write;
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
