//! `stl`: a packing's pieces as binary STL files to 3D-print, one per kind
//! of piece, or one per piece of an assembled solution.

use crate::cli::flags::groups::FormatArg;
use crate::cli::flags::values::Format;
use crate::cli::interrupt;
use clap::Args;
use puzzlesat::{Error, Finish, ListRequest, Puzzle, Search};
use serde_json::json;
use std::path::PathBuf;

#[derive(Args)]
pub struct StlArgs {
    /// The packing's model file (TOML, or a BurrTools file).
    pub model: PathBuf,
    /// The directory to write the files to (made if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The side of a cell in millimetres (puzzlecad's 11.15 by default; on
    /// the other grids, a triangle's side or a prism's height, a sphere's
    /// diameter).
    #[arg(long, value_name = "MM", default_value_t = Finish::default().unit)]
    pub unit: f64,
    /// How deep each convex edge is cut off at 45 degrees, in millimetres
    /// (puzzlecad's 0.5 by default; 0 for sharp edges). Pieces of unit cubes
    /// only: those of the other grids keep sharp edges, and spheres are
    /// faceted balls joined by short necks.
    #[arg(long, value_name = "MM", default_value_t = Finish::default().bevel)]
    pub bevel: f64,
    /// How far each face a piece shows is moved in, in millimetres, so that
    /// printed pieces slide past each other (puzzlecad's 0.07 by default).
    #[arg(long, value_name = "MM", default_value_t = Finish::default().inset)]
    pub inset: f64,
    /// One file per piece placed as in solution N (numbered as `all --unique`
    /// lists them, from 1), all in one frame: they load as the assembled
    /// puzzle.
    #[arg(long, value_name = "N")]
    pub assembled: Option<u64>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: &StlArgs, problem: Option<&str>) -> Result<u8, Error> {
    let puzzle = Puzzle::load_problem(&args.model, problem)?;
    let finish = Finish {
        unit: args.unit,
        bevel: args.bevel,
        inset: args.inset,
    };
    let solution = match args.assembled {
        None => None,
        Some(0) => {
            return Err(Error::Unsupported(
                "--assembled: expected a solution's number, from 1".into(),
            ));
        }
        Some(n) => Some(nth_solution(&puzzle, n)?),
    };
    let files = puzzle.stl(&finish, solution.as_ref())?;
    std::fs::create_dir_all(&args.out).map_err(|e| Error::Io {
        file: args.out.clone(),
        message: e.to_string(),
    })?;
    for file in &files {
        let path = args.out.join(&file.file_name);
        std::fs::write(&path, &file.bytes).map_err(|e| Error::Io {
            file: path,
            message: e.to_string(),
        })?;
    }
    match args.format.format {
        Format::Text => {
            let what = match args.assembled {
                Some(n) => format!("the pieces of solution {n}, assembled"),
                None => "one file per kind of piece".to_string(),
            };
            outln!(
                "{}: {what}, cells of {} mm, bevel {} mm, inset {} mm, in {}",
                puzzle.name(),
                finish.unit,
                finish.bevel,
                finish.inset,
                args.out.display()
            )?;
            for file in &files {
                outln!(
                    "  {}  {} ({} triangles)",
                    file.file_name,
                    file.piece,
                    file.triangles
                )?;
            }
        }
        Format::Json => outln!(
            "{}",
            json!({
                "name": puzzle.name(),
                "out": args.out,
                "unit": finish.unit,
                "bevel": finish.bevel,
                "inset": finish.inset,
                "assembled": args.assembled,
                "files": files.iter().map(|f| json!({
                    "piece": f.piece,
                    "file": f.file_name,
                    "triangles": f.triangles,
                })).collect::<Vec<_>>(),
            })
        )?,
    }
    Ok(0)
}

/// Solution `n` (from 1) as `all --unique` lists them.
fn nth_solution(puzzle: &Puzzle, n: u64) -> Result<puzzlesat::Solution, Error> {
    let request = ListRequest {
        unique: true,
        limit: Some(n),
        search: Search {
            cancel: interrupt::watch(),
            ..Search::default()
        },
        ..ListRequest::default()
    };
    let mut last = None;
    let mut seen = 0u64;
    puzzle.solutions(
        &request,
        &mut |solution| {
            seen += 1;
            last = Some(solution);
            true
        },
        &mut |_| {},
    )?;
    match last {
        Some(solution) if seen == n => Ok(solution),
        _ => Err(Error::Unsupported(format!(
            "--assembled: expected a solution's number from 1 to {seen} ({} has {seen} up to symmetry)",
            puzzle.name()
        ))),
    }
}
