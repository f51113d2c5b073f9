//! The bundled models, by family directory and file name, as paths and loaded.

use crate::puzzles::board_snakes::BoardSnakes;
use crate::puzzles::packing::Packing;
use crate::puzzles::snake_cube::SnakeCube;
use crate::puzzles::sudoku_snake::SudokuSnake;
use crate::registry::{self as model, PuzzleKind};
use std::path::{Path, PathBuf};

/// A bundled model: `models/FAMILY/NAME`.
pub fn bundled(family: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(family)
        .join(name)
}

/// A bundled model's puzzle.
pub fn load(family: &str, name: &str) -> PuzzleKind {
    model::load(&bundled(family, name)).unwrap().puzzle
}

pub fn snake_cube(name: &str) -> SnakeCube {
    match load("snake-cube", name) {
        PuzzleKind::SnakeCube(p) => p,
        other => panic!("{name} is not a snake cube: {other:?}"),
    }
}

pub fn packing(name: &str) -> Packing {
    match load("packing", name) {
        PuzzleKind::Packing(p) => p,
        other => panic!("{name} is not a packing: {other:?}"),
    }
}

/// A packing from a model's text (read as from `name`).
pub fn packing_from_text(text: &str, name: &str) -> Packing {
    match model::parse(text, Path::new(name)).unwrap().puzzle {
        PuzzleKind::Packing(p) => p,
        other => panic!("{name} is not a packing: {other:?}"),
    }
}

pub fn board_snakes(name: &str) -> BoardSnakes {
    match load("board-snakes", name) {
        PuzzleKind::BoardSnakes(p) => p,
        other => panic!("{name} is not a board-snakes model: {other:?}"),
    }
}

pub fn sudoku_snake(name: &str) -> SudokuSnake {
    match load("sudoku-snake", name) {
        PuzzleKind::SudokuSnake(p) => p,
        other => panic!("{name} is not a sudoku snake: {other:?}"),
    }
}
