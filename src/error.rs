//! The library's errors, typed so that a caller can tell bad input from a
//! failure of the tool; the command line maps them to messages and exit codes.

use crate::solve::SolveError;
use std::fmt;
use std::path::PathBuf;

#[derive(Debug)]
pub enum Error {
    /// A file could not be read or written.
    Io { file: PathBuf, message: String },
    /// A model or solution file is not valid: names the field and what was expected.
    Input {
        file: PathBuf,
        field: String,
        expected: String,
    },
    /// The problem asked of a model file is not one it holds (a BurrTools file's
    /// problems are named or numbered; a TOML model holds one puzzle).
    Problem { file: PathBuf, expected: String },
    /// A request the puzzle cannot serve (an engine its family does not offer).
    Unsupported(String),
    /// The search was stopped from outside before it had an answer.
    Interrupted,
    /// The SAT solver failed, for the reason it gave.
    Solver(String),
    /// A decoded solution failed the independent check: the encoding is wrong.
    /// Reported instead of printing a wrong answer.
    Internal(String),
}

impl Error {
    pub fn input(
        file: impl Into<PathBuf>,
        field: impl Into<String>,
        expected: impl Into<String>,
    ) -> Error {
        Error::Input {
            file: file.into(),
            field: field.into(),
            expected: expected.into(),
        }
    }

    /// Whether the error is the input's fault (a file, a request) rather than
    /// the tool's or an interruption.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            Error::Io { .. } | Error::Input { .. } | Error::Problem { .. } | Error::Unsupported(_)
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { file, message } => write!(f, "{}: {message}", file.display()),
            Error::Input {
                file,
                field,
                expected,
            } => write!(f, "{}: field `{field}`: {expected}", file.display()),
            Error::Problem { file, expected } => {
                write!(f, "{}: the problem to read: {expected}", file.display())
            }
            Error::Unsupported(m) => f.write_str(m),
            Error::Interrupted => f.write_str("interrupted before an answer was found"),
            Error::Solver(reason) => write!(f, "SAT solver failed: {reason}"),
            Error::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::solve::exact_cover::MatrixError> for Error {
    fn from(e: crate::solve::exact_cover::MatrixError) -> Error {
        Error::Unsupported(e.to_string())
    }
}

impl From<SolveError> for Error {
    fn from(e: SolveError) -> Error {
        Error::Solver(e.0)
    }
}
