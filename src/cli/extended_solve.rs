//! `solve` with the options of one family: board snakes relaxed to the fewest cut
//! links, sudoku snakes of least or greatest length or extended to a sudoku.

use super::args::Format;
use super::output::{header, seconds, solve_json_head};
use super::pictures::Gallery;
use super::progress::{progress_bar, report_solve};
use super::proofs::{Optimum, proof_note, write_refutation, write_refutation_of};
use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::puzzles::board_snakes::BoardSnakes;
use puzzlesat::puzzles::sudoku_snake::SudokuSnake;
use puzzlesat::render::Present;
use puzzlesat::render::picture::Extras;
use puzzlesat::tasks::{self, SearchOptions};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

/// What a solve writes: its answer in a format, and maybe a picture and a proof.
pub struct Outputs<'a> {
    pub format: Format,
    pub picture: Option<&'a Path>,
    pub proof: Option<&'a Path>,
}

/// A sudoku snake, optionally of least or greatest length (proved), optionally
/// extended to a full sudoku.
pub fn solve_sudoku_snake(
    model: &PuzzleModel,
    puzzle: &SudokuSnake,
    maximise: bool,
    minimise: bool,
    sudoku: bool,
    outputs: Outputs,
) -> Result<u8, Error> {
    let Outputs {
        format,
        picture,
        proof,
    } = outputs;
    let mut gallery = picture.map(Gallery::new).transpose()?;
    let started = Instant::now();
    let bar = progress_bar(false);
    let solution = if maximise || minimise {
        let goal = if maximise { "longer" } else { "shorter" };
        bar.set_message("looking for a first snake");
        let best = puzzle.optimise_length(maximise, &mut |length| {
            bar.set_message(format!(
                "best so far: a snake of {length} cells; looking for a {goal} one, or the proof there is none"
            ))
        });
        bar.finish_and_clear();
        best?.map(|o| o.solution)
    } else {
        let found =
            tasks::solve_one_reporting(puzzle, SearchOptions::default(), &mut report_solve(&bar));
        bar.finish_and_clear();
        found?
    };
    let digits = match (&solution, sudoku) {
        (Some(s), true) => Some(puzzle.extend_to_sudoku(&s.even)?),
        _ => None,
    };
    let elapsed = started.elapsed();
    if let (Some(gallery), Some(s)) = (gallery.as_mut(), &solution) {
        let extras = Extras {
            digits: digits.clone().flatten(),
        };
        gallery.add(
            format!("snake of {} cells", s.snake.len()),
            s.clone(),
            extras,
        );
        gallery.write(model, puzzle)?;
    }
    let mut note = None;
    if let Some(file) = proof {
        let length = solution.as_ref().map(|s| s.snake.len());
        if maximise || minimise {
            // Nothing beats the optimum, or there is no snake at all.
            let bar = progress_bar(false);
            let past = if maximise { "longer" } else { "shorter" };
            bar.set_message(format!("writing the proof that no snake is {past}"));
            let written = write_refutation_of(&puzzle.beyond_optimum(maximise, length), file);
            bar.finish_and_clear();
            written?;
            let optimum = Optimum::of_length(maximise, length);
            note = Some(proof_note(model, file, optimum));
        } else if solution.is_none() {
            write_refutation(puzzle, file)?;
            note = Some(proof_note(model, file, None));
        }
    }
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
            if let Some(note) = note {
                outln!("{note}");
            }
        }
    }
    Ok(if solution.is_some() { 0 } else { 1 })
}

/// The relaxation of a board-snakes puzzle: fewest broken links, proved optimal.
pub fn relax(model: &PuzzleModel, puzzle: &BoardSnakes, outputs: Outputs) -> Result<u8, Error> {
    let Outputs {
        format,
        picture,
        proof,
    } = outputs;
    let mut gallery = picture.map(Gallery::new).transpose()?;
    let started = Instant::now();
    let bar = progress_bar(false);
    bar.set_message("looking for a first placement, cuts allowed");
    let relaxed = puzzle.relax(&mut |cuts| {
        bar.set_message(format!(
            "best so far: {cuts} broken links; looking for fewer, or the proof there is none"
        ))
    });
    bar.finish_and_clear();
    let relaxed = relaxed?;
    let elapsed = started.elapsed();
    if let (Some(gallery), Some(r)) = (gallery.as_mut(), &relaxed) {
        let caption = format!("fewest broken links: {}", r.broken_links);
        gallery.add(caption, r.snakes.clone(), Extras::default());
        gallery.write(model, puzzle)?;
    }
    let mut note = None;
    if let Some(file) = proof {
        // No placement at all, or none with fewer broken links than the optimum
        // (with none broken there is nothing to prove).
        match &relaxed {
            None => write_refutation_of(&puzzle.relaxed_formula(None), file)?,
            Some(r) if r.broken_links > 0 => {
                write_refutation_of(&puzzle.relaxed_formula(Some(r.broken_links - 1)), file)?;
                let optimum = Optimum::FewestBrokenLinks(r.broken_links);
                note = Some(proof_note(model, file, Some(optimum)));
            }
            Some(_) => {}
        }
    }
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
            if let Some(note) = note {
                outln!("{note}");
            }
        }
    }
    Ok(if relaxed.is_some() { 0 } else { 1 })
}
