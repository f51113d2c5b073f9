//! The values flags take, and how the command line names the library's
//! choices: `--format`, `--engine`, `--core`, `--minimize length`, the box
//! `AxBxC`, a number of threads.

use clap::ValueEnum;
use puzzlesat::{CoreChoice, Engine, Goal};

/// How to print.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For a person.
    Text,
    /// For a program (keys documented in README.md).
    Json,
}

/// `--engine`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineName {
    Sat,
    ExactCover,
    Path,
}

impl EngineName {
    pub fn engine(self) -> Engine {
        match self {
            EngineName::Sat => Engine::Sat,
            EngineName::ExactCover => Engine::ExactCover,
            EngineName::Path => Engine::Path,
        }
    }

    /// The name `--engine` takes for `engine`.
    pub fn of(engine: Engine) -> &'static str {
        match engine {
            Engine::Sat => "sat",
            Engine::ExactCover => "exact-cover",
            Engine::Path => "path",
        }
    }
}

/// `--core`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CoreName {
    Auto,
    General,
    FirstEmpty,
}

impl CoreName {
    pub fn core(self) -> CoreChoice {
        match self {
            CoreName::Auto => CoreChoice::Auto,
            CoreName::General => CoreChoice::General,
            CoreName::FirstEmpty => CoreChoice::FirstEmpty,
        }
    }
}

/// What `--minimize` and `--maximize` optimise.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Objective {
    Length,
}

/// The flag of `solve`, `cnf` and `verify` that asks for `goal`.
pub fn goal_flag(goal: Goal) -> &'static str {
    match goal {
        Goal::Relax => "--relax",
        Goal::Minimise => "--minimize",
        Goal::Maximise => "--maximize",
    }
}

/// `design --sort`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DesignOrder {
    /// As found.
    Found,
    /// Hardest first: most segments laid by a plain depth-first search.
    Hardness,
}

/// The families with a catalogue and designs.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CatalogueFamily {
    SnakeCube,
}

/// What `design` designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DesignFamily {
    SnakeCube,
    Packing,
}

/// `design`'s shape: a box, or a model file whose target is cut.
#[derive(Clone, Debug)]
pub enum DesignShape {
    Box([i32; 3]),
    Model(std::path::PathBuf),
}

/// `AxBxC`, or else a model file's path.
pub fn design_shape(text: &str) -> Result<DesignShape, String> {
    Ok(match box_sides(text) {
        Ok(sides) => DesignShape::Box(sides),
        Err(_) => DesignShape::Model(text.into()),
    })
}

/// `AxBxC`: three sides from 1 to 128.
pub fn box_sides(text: &str) -> Result<[i32; 3], String> {
    let sides: Vec<i32> = text
        .split(['x', 'X', '×'])
        .map(|s| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|n| (1..=128).contains(n))
        })
        .collect::<Option<_>>()
        .ok_or("a box as AxBxC, each side from 1 to 128 (for example 3x3x3)")?;
    <[i32; 3]>::try_from(sides)
        .map_err(|_| "a box as AxBxC: three sides (for example 3x3x3)".to_string())
}

/// `--threads`: a whole number from 1.
pub fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a number of threads from 1".into()),
    }
}
