//! `solve`: one solution or the proof there is none; with a goal, an optimum
//! and the proof that nothing beats it; with a family's extension, the
//! solution extended; with `--disassemble`, the first assembly that comes
//! apart.

use crate::cli::commands::proofs::{ProofClaim, proof_note, write_proof};
use crate::cli::flags::groups::{DisassemblyArgs, EngineArg, FormatArg, GoalArgs};
use crate::cli::flags::values::{EngineName, Format};
use crate::cli::gallery::Gallery;
use crate::cli::output::{remark, seconds_f};
use crate::cli::progress::{progress_bar, report_solve};
use crate::cli::words::{check_extension, why_none};
use clap::Args;
use puzzlesat::{Engine, Error, Puzzle, Request, Search, SolveProgress, SolveRequest};
use std::path::PathBuf;

#[derive(Args)]
pub struct SolveArgs {
    /// The puzzle's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    #[command(flatten)]
    pub format: FormatArg,
    #[command(flatten)]
    pub goals: GoalArgs,
    #[command(flatten)]
    pub engine: EngineArg,
    /// Also draw the solution: FILE.svg for a picture, FILE.html for a page that
    /// opens in a browser (3D for snake cubes and packings).
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,
    /// When there is no solution, write FILE: a DRAT proof that the formula
    /// `puzzlesat cnf MODEL` prints has no model. With --relax, --minimize or
    /// --maximize, FILE proves the optimum: the formula `cnf` prints with the
    /// same flag (the bound one past the optimum) has no model. Check it with
    /// drat-trim or `puzzlesat verify MODEL FILE`.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    #[command(flatten)]
    pub disassembly: DisassemblyArgs,
    /// The families' extensions asked for (`--sudoku`): flags made from what
    /// the families declare, read after parsing.
    #[arg(skip)]
    pub extensions: Vec<&'static str>,
}

pub fn run(args: &SolveArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    let goals = args.goals.goals();
    for &goal in &goals {
        puzzle.check_request(Request::Goal(goal))?;
    }
    for name in &args.extensions {
        check_extension(&puzzle, name)?;
    }
    if args.disassembly.disassemble {
        return solve_separable(args, &puzzle);
    }
    let mut gallery = Gallery::of(args.picture.as_deref())?;
    let request = SolveRequest {
        goal: goals.first().copied(),
        extend: !args.extensions.is_empty(),
        proof: args.proof.is_some(),
        search: Search {
            engine: args.engine.engine.map(EngineName::engine),
            ..Search::default()
        },
    };
    let bar = progress_bar(false);
    let mut report = report_solve(&bar);
    let solved = puzzle.solve(&request, &mut |event| match event {
        SolveProgress::Search(p) => report(p),
        SolveProgress::Optimising => bar.set_message("looking for a first solution"),
        SolveProgress::Better(words) => bar.set_message(format!(
            "best so far: {words}; looking for a better one, or the proof there is none"
        )),
        SolveProgress::Proving => bar.set_message(match request.goal {
            Some(_) => "writing the proof that nothing beats the optimum",
            None => "writing the proof that there is no solution",
        }),
    });
    bar.finish_and_clear();
    let solved = solved?;
    if let (Some(gallery), Some(s)) = (gallery.as_mut(), &solved.solution) {
        let caption = match solved.value_words() {
            Some(words) => format!("optimum: {words}"),
            None => "solution".into(),
        };
        gallery.add(caption, s, solved.extension.as_ref());
        gallery.write(&puzzle)?;
    }
    let note = match (&args.proof, &solved.proof) {
        (Some(file), Some(proof)) => {
            write_proof(proof, file)?;
            let claim = match solved.goal {
                Some(goal) => ProofClaim::Optimum(goal, solved.value),
                None => ProofClaim::NoSolution,
            };
            Some(proof_note(&puzzle, file, claim))
        }
        (Some(file), None) => {
            if solved.solution.is_some() && solved.goal.is_none() {
                remark(&format!(
                    "solved: no refutation to write; {} not written",
                    file.display()
                ));
            }
            None
        }
        _ => None,
    };
    match args.format.format {
        Format::Json => outln!("{}", solved.to_json())?,
        Format::Text => {
            out!("{}", puzzle.header())?;
            let took = seconds_f(solved.seconds);
            match (&solved.solution, solved.optimum_text(&took)) {
                (_, Some(text)) => out!("{text}")?,
                (None, None) if solved.engine == Engine::Sat => {
                    outln!("No solution: the solver proved it unsatisfiable in {took}.")?
                }
                (None, None) => outln!(
                    "No solution: an exhaustive search found none in {took}{}.",
                    if args.proof.is_some() {
                        ""
                    } else {
                        " (not certified: --proof FILE writes a refutation that `puzzlesat verify` and drat-trim check)"
                    }
                )?,
                (Some(s), None) => {
                    outln!("Solved in {took}.\n")?;
                    out!("{}", s.text())?;
                }
            }
            if solved.solution.is_none() && solved.goal.is_none() {
                out!("{}", why_none(&puzzle))?;
            }
            if let Some(e) = &solved.extension {
                out!("{}", e.text)?;
            }
            if let Some(note) = note {
                outln!("{note}")?;
            }
        }
    }
    Ok(if solved.solution.is_some() { 0 } else { 1 })
}

/// `solve --disassemble`: the first assembly that comes apart, with its level
/// and moves, or what the assemblies came to when none does.
fn solve_separable(args: &SolveArgs, puzzle: &Puzzle) -> Result<u8, Error> {
    let mut gallery = Gallery::of(args.picture.as_deref())?;
    let search = Search {
        engine: args.engine.engine.map(EngineName::engine),
        ..Search::default()
    };
    let bar = progress_bar(false);
    let found = puzzle.solve_separable(
        &search,
        args.disassembly.max_states,
        &mut report_solve(&bar),
    );
    bar.finish_and_clear();
    let found = found?;
    let first = found
        .solution
        .as_ref()
        .and_then(|s| Some((s, s.taken_apart()?)));
    if let (Some(g), Some((assembly, apart))) = (gallery.as_mut(), first) {
        g.add(format!("level {}", apart.level()), assembly, None);
        g.write(puzzle)?;
    }
    match args.format.format {
        Format::Json => outln!("{}", found.to_json())?,
        Format::Text => {
            out!("{}", puzzle.header())?;
            let took = seconds_f(found.seconds);
            match first {
                Some((assembly, apart)) => {
                    outln!(
                        "An assembly that comes apart, level {} ({took}):\n",
                        apart.level()
                    )?;
                    out!("{}", assembly.text())?;
                    outln!("Disassembly:")?;
                    out!("{}", apart.text())?;
                }
                None => outln!(
                    "{} ({took}).",
                    crate::cli::words::none_apart(found.assemblies, found.undecided)
                )?,
            }
        }
    }
    Ok(if first.is_some() { 0 } else { 1 })
}
