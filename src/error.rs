//! The library's errors, typed so that a caller can tell bad input from a
//! failure of the tool; the command line maps them to messages and exit codes.

use crate::types::{Engine, Goal};
use std::fmt;
use std::path::PathBuf;

/// What a refused request asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Searching with this engine.
    Engine(Engine),
    /// Optimising for this goal.
    Goal(Goal),
    /// The family's extension of a solution (the sudoku snake's `sudoku`).
    Extension,
    /// Taking assemblies apart.
    Disassembly,
}

/// What went wrong: the input's fault (exit code 2 on the command line),
/// an interruption, or a failure of the tool itself.
#[derive(Debug)]
pub enum Error {
    /// A file could not be read or written.
    Io {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A model or solution file is not valid: names the field and what was expected.
    Input {
        /// The file at fault.
        file: PathBuf,
        /// The field at fault, or what part of the file when no field is.
        field: String,
        /// What was expected there, and what was found.
        expected: String,
    },
    /// The problem asked of a model file is not one it holds (a BurrTools file's
    /// problems are named or numbered; a TOML model holds one puzzle).
    Problem {
        /// The model file.
        file: PathBuf,
        /// What problems it holds, and what was asked.
        expected: String,
    },
    /// A request the model's family does not serve: an engine, a goal, an
    /// extension or taking apart that other families offer. A front-end may
    /// word it in its own terms (the command line names its flags).
    Refused {
        /// The model file.
        file: PathBuf,
        /// The model's family.
        family: &'static str,
        /// What was asked.
        request: Request,
        /// The families that serve the request.
        serving: Vec<&'static str>,
        /// What the model's family lacks: "such form", "links to relax",
        /// "pieces to take apart".
        lacks: &'static str,
    },
    /// An engine the family has, but this puzzle has no form for: what the
    /// engine needs of the model, and which engine takes the puzzles it
    /// does not. A front-end may name the engines in its own terms.
    Unfit {
        /// The model file.
        file: PathBuf,
        /// The model field at fault.
        field: &'static str,
        /// The engine asked for.
        engine: Engine,
        /// What it needs of the puzzle: "one snake that fills the board".
        needs: String,
        /// The puzzles it does not take: "several snakes, or notches left
        /// empty".
        others: String,
        /// The engine that takes them.
        instead: Engine,
    },
    /// A value of a request that cannot be served (a size, a number of
    /// pieces): the request's field and what was expected. A front-end may
    /// name the field in its own terms (the command line names its flags).
    Value {
        /// The request's field: `bevel`, `pieces`, `min_size`.
        field: &'static str,
        /// What was expected, and what was given.
        expected: String,
    },
    /// A request the puzzle cannot serve, in words.
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
    /// An [`Error::Input`].
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

    /// For a refused request, its message with the request named as `asked`
    /// and a `hint` after what the family lacks: a front-end's own words for
    /// them (the command line names its flags). `None` for other errors.
    pub fn refusal(&self, asked: &str, hint: &str) -> Option<String> {
        let Error::Refused {
            file,
            family,
            serving,
            lacks,
            ..
        } = self
        else {
            return None;
        };
        Some(format!(
            "{}: field `family`: a {} model for {asked} (a {family} has no {lacks}{hint})",
            file.display(),
            serving.join(" or ")
        ))
    }

    /// For an engine the puzzle has no form for, its message with the engine
    /// asked for named as `asked` and the one that takes such puzzles as
    /// `instead`: a front-end's own words for them. `None` for other errors.
    pub fn unfit(&self, asked: &str, instead: &str) -> Option<String> {
        let Error::Unfit {
            file,
            field,
            needs,
            others,
            ..
        } = self
        else {
            return None;
        };
        Some(format!(
            "{}: field `{field}`: {needs} for {asked} ({others}, need {instead})",
            file.display()
        ))
    }

    /// Whether the error is the input's fault (a file, a request) rather than
    /// the tool's or an interruption.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            Error::Io { .. }
                | Error::Input { .. }
                | Error::Problem { .. }
                | Error::Refused { .. }
                | Error::Unfit { .. }
                | Error::Value { .. }
                | Error::Unsupported(_)
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
            Error::Refused { request, .. } => {
                let worded = self.refusal(&request.words(), "");
                f.write_str(&worded.unwrap_or_default())
            }
            Error::Unfit {
                engine, instead, ..
            } => {
                let worded = self.unfit(engine.words(), instead.words());
                f.write_str(&worded.unwrap_or_default())
            }
            Error::Value { field, expected } => write!(f, "{field}: expected {expected}"),
            Error::Unsupported(m) => f.write_str(m),
            Error::Interrupted => f.write_str("interrupted before an answer was found"),
            Error::Solver(reason) => write!(f, "SAT solver failed: {reason}"),
            Error::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for Error {}

impl Request {
    /// The request in words: "the exact-cover engine", "maximising".
    pub fn words(self) -> String {
        match self {
            Request::Engine(engine) => engine.words().to_string(),
            Request::Goal(Goal::Relax) => "relaxing".to_string(),
            Request::Goal(Goal::Minimise) => "minimising".to_string(),
            Request::Goal(Goal::Maximise) => "maximising".to_string(),
            Request::Extension => "an extension".to_string(),
            Request::Disassembly => "taking assemblies apart".to_string(),
        }
    }
}
