//! `disassemble`: the solutions a BurrTools file saves, taken apart again, each
//! level held against the saved one.

use super::args::Format;
use super::output::header;
use puzzlesat::Error;
use puzzlesat::family::Family;
use puzzlesat::model::PuzzleModel;
use puzzlesat::registry::FamilyTask;
use puzzlesat::render::disassembly::{disassembly_json, disassembly_text};
use puzzlesat::tasks::{Outcome, Retaken, take_apart_saved};
use serde_json::{Value, json};

/// The command's request, run on the puzzle of the file's problem.
pub struct Saved<'a> {
    pub model: &'a PuzzleModel,
    pub format: Format,
    pub moves: bool,
    pub max_states: usize,
}

/// How a solution's level compares with the saved one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Agrees,
    Differs,
    Undecided,
    /// The file saves no separation to compare with.
    Unsaved,
}

impl Verdict {
    fn of(outcome: &Outcome, saved: Option<&str>) -> Verdict {
        match (outcome, saved) {
            (_, None) => Verdict::Unsaved,
            (Outcome::Undecided, _) => Verdict::Undecided,
            (Outcome::Apart(tree), Some(level)) if tree.level() == level => Verdict::Agrees,
            _ => Verdict::Differs,
        }
    }
}

impl FamilyTask for Saved<'_> {
    type Output = Result<u8, Error>;

    fn run<F: Family>(self, puzzle: &F) -> Self::Output {
        let Saved {
            model,
            format,
            moves,
            max_states,
        } = self;
        let recorded = model.recorded.as_ref().ok_or_else(|| {
            Error::input(
                &model.file,
                "(file)",
                "a BurrTools file (.xmpuzzle) with saved solutions; this is a TOML model",
            )
        })?;
        let saved = &recorded.saved;
        let retaken = take_apart_saved(puzzle, &model.file, saved, max_states)?;
        let verdicts: Vec<Verdict> = saved
            .iter()
            .zip(&retaken)
            .map(|(s, r)| Verdict::of(&r.outcome, s.level.as_deref()))
            .collect();
        let tally = |v: Verdict| verdicts.iter().filter(|&&w| w == v).count();
        match format {
            Format::Json => {
                let solutions: Vec<Value> = saved
                    .iter()
                    .zip(&retaken)
                    .zip(&verdicts)
                    .map(|((s, r), v)| {
                        let mut object = json!({
                            "saved_solution": s.number,
                            "assembly_number": s.assembly_number,
                            "saved_level": s.level,
                            "separable": matches!(r.outcome, Outcome::Apart(_)),
                            "undecided": r.outcome == Outcome::Undecided,
                            "agrees": match v {
                                Verdict::Agrees => json!(true),
                                Verdict::Differs => json!(false),
                                Verdict::Undecided | Verdict::Unsaved => Value::Null,
                            },
                        });
                        if let Outcome::Apart(tree) = &r.outcome {
                            object["level"] = json!(tree.level());
                            object["disassembly"] =
                                disassembly_json(tree, &puzzle.piece_labels(&r.solution));
                        }
                        object
                    })
                    .collect();
                outln!(
                    "{}",
                    json!({
                        "family": model.family,
                        "name": model.title(),
                        "problem": recorded.problem,
                        "saved": saved.len(),
                        "agree": tally(Verdict::Agrees),
                        "differ": tally(Verdict::Differs),
                        "undecided": tally(Verdict::Undecided),
                        "solutions": solutions,
                    })
                );
            }
            Format::Text => {
                out!("{}", header(model, puzzle));
                for ((s, r), v) in saved.iter().zip(&retaken).zip(&verdicts) {
                    outln!("{}", solution_line(s, r, *v));
                    if let (true, Outcome::Apart(tree)) = (moves, &r.outcome) {
                        outln!(
                            "{}",
                            disassembly_text(tree, &puzzle.piece_labels(&r.solution))
                        );
                    }
                }
                outln!("{}", summary(saved.len(), &verdicts));
            }
        }
        let failed = tally(Verdict::Differs) + tally(Verdict::Undecided);
        Ok(u8::from(failed > 0))
    }
}

/// `Saved solution 2 (assembly 223): level 5.2, saved 5.2: they agree`.
fn solution_line<S>(
    saved: &puzzlesat::model::burrtools::SavedAssembly,
    retaken: &Retaken<S>,
    verdict: Verdict,
) -> String {
    let name = match saved.assembly_number {
        Some(n) => format!("Saved solution {} (assembly {n})", saved.number),
        None => format!("Saved solution {}", saved.number),
    };
    let ours = match &retaken.outcome {
        Outcome::Apart(tree) => format!("level {}", tree.level()),
        Outcome::Stuck => "does not come apart".into(),
        Outcome::Undecided => "undecided (a search passed --max-states)".into(),
    };
    let verdict = match (verdict, &saved.level) {
        (_, None) => "no separation saved".to_string(),
        (Verdict::Agrees, Some(level)) => format!("saved {level}: they agree"),
        (Verdict::Undecided, Some(level)) => format!("saved {level}"),
        (_, Some(level)) => format!("saved {level}: they DIFFER"),
    };
    format!("{name}: {ours}, {verdict}")
}

/// The closing line: how many were taken apart and how many agree.
fn summary(saved: usize, verdicts: &[Verdict]) -> String {
    let count = |v: Verdict| verdicts.iter().filter(|&&w| w == v).count();
    if saved == 0 {
        return "The problem saves no solutions: `count --disassemble` takes apart every assembly."
            .into();
    }
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let compared = saved - count(Verdict::Unsaved);
    let mut text = format!(
        "{} taken apart again: {} of {compared} with a saved separation agree",
        plural(saved, "saved solution", "saved solutions"),
        count(Verdict::Agrees),
    );
    for (v, what) in [
        (Verdict::Differs, "differ"),
        (Verdict::Undecided, "undecided"),
    ] {
        if count(v) > 0 {
            text.push_str(&format!(", {} {what}", count(v)));
        }
    }
    text.push('.');
    text
}
