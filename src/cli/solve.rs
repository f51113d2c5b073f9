//! `solve`: one solution or the proof there is none; with a goal, an optimum and
//! the proof that nothing beats it; with the family's extension, the solution
//! extended (a sudoku snake's parity grid filled with digits).

use super::args::Format;
use super::output::{header, seconds, solve_json_head};
use super::pictures::{Gallery, disassembly_extras};
use super::progress::{progress_bar, report_solve};
use super::proofs::{GoalFlag, proof_note, write_proof};
use puzzlesat::Error;
use puzzlesat::family::{Extended, Family};
use puzzlesat::model::PuzzleModel;
use puzzlesat::render::disassembly::{disassembly_json, disassembly_text, none_apart_text};
use puzzlesat::tasks::optimum::{self, plain_formula};
use puzzlesat::tasks::{self, SearchOptions};
use puzzlesat::types::Engine;
use puzzlesat::types::Goal;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Instant;

/// What `solve` was asked for, its flags resolved.
pub struct SolveRequest<'a> {
    pub format: Format,
    pub picture: Option<&'a Path>,
    pub proof: Option<&'a Path>,
    pub engine: Engine,
    pub goal: Option<Goal>,
    /// Apply the family's extension to the solution.
    pub extend: bool,
}

/// A solution found, with its value when it is an optimum.
struct Found<S> {
    solution: S,
    value: Option<usize>,
}

pub fn solve<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    request: SolveRequest,
) -> Result<u8, Error> {
    let mut gallery = request.picture.map(Gallery::new).transpose()?;
    let started = Instant::now();
    let found = match request.goal {
        Some(goal) => optimise(puzzle, goal)?,
        None => {
            let bar = progress_bar(false);
            let options = SearchOptions {
                engine: request.engine,
                estimate: !bar.is_hidden(),
                ..SearchOptions::default()
            };
            let found = tasks::solve_one_reporting(puzzle, &options, &mut report_solve(&bar));
            bar.finish_and_clear();
            found?.map(|solution| Found {
                solution,
                value: None,
            })
        }
    };
    let extended: Option<Extended> = match (&found, request.extend) {
        (Some(f), true) => Some(puzzle.extend(&f.solution)?),
        _ => None,
    };
    let elapsed = started.elapsed();
    if let (Some(gallery), Some(f)) = (gallery.as_mut(), &found) {
        let caption = match (request.goal, f.value) {
            (Some(goal), Some(value)) => format!("optimum: {}", puzzle.value_words(goal, value)),
            _ => "solution".into(),
        };
        let extras = extended
            .as_ref()
            .map(|e| e.extras.clone())
            .unwrap_or_default();
        gallery.add(caption, f.solution.clone(), extras);
        gallery.write(model, puzzle)?;
    }
    let note = match request.proof {
        Some(file) => prove(model, puzzle, request.goal, &found, file)?,
        None => None,
    };
    match request.format {
        Format::Json => {
            let mut out = solve_json_head(model, found.is_some(), elapsed);
            if let Some(f) = &found {
                if let (Some(goal), Some(value)) = (request.goal, f.value) {
                    out.extend(puzzle.optimum_json(goal, value));
                }
                out.extend(puzzle.json(&f.solution));
            }
            if let (Some(e), Some((key, _))) = (&extended, F::EXTENSION) {
                out.insert(key.into(), e.json.clone());
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            let took = seconds(elapsed);
            match (&found, request.goal) {
                (None, Some(goal)) => out!("{}", puzzle.no_optimum_text(goal, &took)),
                (None, None) if request.engine == Engine::Sat => {
                    outln!("No solution: the solver proved it unsatisfiable in {took}.")
                }
                (None, None) => outln!(
                    "No solution: an exhaustive search found none in {took}{}.",
                    if request.proof.is_some() {
                        ""
                    } else {
                        " (not certified: --proof FILE writes a refutation that `puzzlesat verify` and drat-trim check)"
                    }
                ),
                (Some(f), Some(goal)) => out!(
                    "{}",
                    puzzle.optimum_text(goal, f.value.unwrap_or_default(), &f.solution, &took)
                ),
                (Some(f), None) => {
                    outln!("Solved in {took}.\n");
                    out!("{}", puzzle.text(&f.solution));
                }
            }
            if let Some(e) = &extended {
                out!("{}", e.text);
            }
            if let Some(note) = note {
                outln!("{note}");
            }
        }
    }
    Ok(if found.is_some() { 0 } else { 1 })
}

/// The optimum for `goal`, with the spinner saying the best found so far.
fn optimise<F: Family>(puzzle: &F, goal: Goal) -> Result<Option<Found<F::Solution>>, Error> {
    let bar = progress_bar(false);
    bar.set_message("looking for a first solution");
    let best = optimum::optimise(puzzle, goal, &mut |value| {
        bar.set_message(format!(
            "best so far: {}; looking for a better one, or the proof there is none",
            puzzle.value_words(goal, value)
        ))
    });
    bar.finish_and_clear();
    Ok(best?.map(|o| Found {
        solution: o.solution,
        value: Some(o.value),
    }))
}

/// `--proof FILE`: with a goal, the proof of the optimum (or, with no solution,
/// that the goal's rules admit none); without, the refutation when there is no
/// solution. Returns the note saying how to check it, if a proof was written.
fn prove<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    goal: Option<Goal>,
    found: &Option<Found<F::Solution>>,
    file: &Path,
) -> Result<Option<String>, Error> {
    match goal {
        Some(goal) => {
            let optimum = found.as_ref().and_then(|f| f.value);
            let bar = progress_bar(false);
            bar.set_message("writing the proof that nothing beats the optimum");
            let proof = optimum::prove_optimum(puzzle, goal, optimum);
            bar.finish_and_clear();
            let Some(proof) = proof? else {
                return Ok(None);
            };
            write_proof(&proof, file)?;
            let flag = GoalFlag { goal, optimum };
            Ok(Some(proof_note(model, file, Some(flag))))
        }
        None if found.is_none() => {
            write_proof(&optimum::refutation(&plain_formula(puzzle))?, file)?;
            Ok(Some(proof_note(model, file, None)))
        }
        None => Ok(None),
    }
}

/// `solve --disassemble`: the first assembly that comes apart, with its level
/// and moves, or what the assemblies came to when none does.
pub fn solve_separable<F: Family>(
    model: &PuzzleModel,
    puzzle: &F,
    format: Format,
    picture: Option<&Path>,
    max_states: usize,
    engine: Engine,
) -> Result<u8, Error> {
    let mut gallery = picture.map(Gallery::new).transpose()?;
    let started = Instant::now();
    let options = SearchOptions {
        engine,
        ..SearchOptions::default()
    };
    let bar = progress_bar(false);
    let mut first = None;
    let found = tasks::for_each_separable(
        puzzle,
        &options,
        max_states,
        &mut |assembly, tree| {
            first = Some((assembly.clone(), tree.clone()));
            false
        },
        &mut report_solve(&bar),
    );
    bar.finish_and_clear();
    let found = found?;
    let elapsed = started.elapsed();
    if let (Some(g), Some((assembly, tree))) = (gallery.as_mut(), &first) {
        let labels = puzzle.piece_labels(assembly);
        g.add(
            format!("level {}", tree.level()),
            assembly.clone(),
            disassembly_extras(tree, &labels),
        );
        g.write(model, puzzle)?;
    }
    match format {
        Format::Json => {
            let mut out = solve_json_head(model, first.is_some(), elapsed);
            match &first {
                Some((assembly, tree)) => {
                    out.insert("level".into(), json!(tree.level()));
                    let labels = puzzle.piece_labels(assembly);
                    out.insert("disassembly".into(), disassembly_json(tree, &labels));
                    out.extend(puzzle.json(assembly));
                }
                None => {
                    out.insert("assemblies".into(), json!(found.assemblies));
                    out.insert("undecided".into(), json!(found.undecided));
                }
            }
            outln!("{}", Value::Object(out));
        }
        Format::Text => {
            out!("{}", header(model, puzzle));
            let took = seconds(elapsed);
            match &first {
                Some((assembly, tree)) => {
                    outln!(
                        "An assembly that comes apart, level {} ({took}):\n",
                        tree.level()
                    );
                    out!("{}", puzzle.text(assembly));
                    outln!("Disassembly:");
                    out!("{}", disassembly_text(tree, &puzzle.piece_labels(assembly)));
                }
                None => outln!(
                    "{} ({took}).",
                    none_apart_text(found.assemblies, found.undecided)
                ),
            }
        }
    }
    Ok(if first.is_some() { 0 } else { 1 })
}
