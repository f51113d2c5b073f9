//! `solve` with the options of one family: board snakes relaxed to the fewest cut
//! links, sudoku snakes of least or greatest length or extended to a sudoku.

use super::args::Format;
use super::output::{header, seconds, solve_json_head};
use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::puzzles::board_snakes::BoardSnakes;
use puzzlesat::puzzles::sudoku_snake::SudokuSnake;
use puzzlesat::render::Present;
use puzzlesat::tasks::{self, SearchOptions};
use serde_json::{Value, json};
use std::time::Instant;

/// A sudoku snake, optionally of least or greatest length (proved), optionally
/// extended to a full sudoku.
pub fn solve_sudoku_snake(
    model: &PuzzleModel,
    puzzle: &SudokuSnake,
    maximise: bool,
    minimise: bool,
    sudoku: bool,
    format: Format,
) -> Result<u8, Error> {
    let started = Instant::now();
    let solution = if maximise || minimise {
        puzzle.optimise_length(maximise)?.map(|o| o.solution)
    } else {
        tasks::solve_one(puzzle, SearchOptions::default())?
    };
    let digits = match (&solution, sudoku) {
        (Some(s), true) => Some(puzzle.extend_to_sudoku(&s.even)?),
        _ => None,
    };
    let elapsed = started.elapsed();
    let goal = if maximise {
        Some("longest")
    } else if minimise {
        Some("shortest")
    } else {
        None
    };
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, solution.is_some(), elapsed);
            if let Some(goal) = goal {
                out.insert("optimum".into(), json!(goal));
            }
            if let Some(s) = &solution {
                out.extend(puzzle.json(s));
            }
            if let Some(d) = &digits {
                out.insert("sudoku".into(), json!(d));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            match &solution {
                None => outln!(
                    "No solution: the solver proved it unsatisfiable in {}.",
                    seconds(elapsed)
                ),
                Some(s) => {
                    match goal {
                        Some(goal) => outln!(
                            "The {goal} snake has {} cells (proved optimal in {}).\n",
                            s.snake.len(),
                            seconds(elapsed)
                        ),
                        None => outln!("Solved in {}.\n", seconds(elapsed)),
                    }
                    out!("{}", puzzle.text(s));
                    match &digits {
                        Some(Some(d)) => {
                            out!("A sudoku with these parities:\n{}", puzzle.digits(d))
                        }
                        Some(None) => outln!("No sudoku has these parities (proved)."),
                        None => {}
                    }
                }
            }
        }
    }
    Ok(if solution.is_some() { 0 } else { 1 })
}

/// The relaxation of a board-snakes puzzle: fewest broken links, proved optimal.
pub fn relax(model: &PuzzleModel, puzzle: &BoardSnakes, format: Format) -> Result<u8, Error> {
    let started = Instant::now();
    let relaxed = puzzle.relax()?;
    let elapsed = started.elapsed();
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, relaxed.is_some(), elapsed);
            if let Some(r) = &relaxed {
                out.insert("broken_links".into(), json!(r.broken_links));
                out.extend(puzzle.json(&r.snakes));
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            match &relaxed {
                Some(r) => {
                    outln!(
                        "Fewest broken links: {} (proved optimal in {}: no placement has fewer).\n",
                        r.broken_links,
                        seconds(elapsed)
                    );
                    out!("{}", puzzle.picture(&r.snakes).unwrap_or_default());
                    outln!("Snakes, head to tail (| marks a broken link):");
                    out!("{}", puzzle.lists(&r.snakes));
                }
                None => outln!("No placement at all, even with cut snakes."),
            }
        }
    }
    Ok(if relaxed.is_some() { 0 } else { 1 })
}
