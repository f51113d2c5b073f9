//! BurrTools puzzle files (`.xmpuzzle`) read as packing models: a problem's pieces
//! and result become a packing, with the result's variable cells (`+`) as cells
//! that may stay empty, ranges of copies and colour constraints as they are.
//! Cube grids only.

mod document;
mod saved;

use super::{PuzzleKind, PuzzleModel};
use crate::error::Error;
use crate::geometry::Cell;
use crate::puzzles::packing::{Colours, Copies, Packing, PieceType, normalised};
use document::{Document, Problem, Shape};
use std::collections::HashSet;
use std::path::Path;

pub use saved::{PlacedPiece, SavedAssembly};

/// What BurrTools recorded for a problem: its assemblies (placements of the pieces
/// that fill the result, counted up to the result's symmetries) and solutions
/// (assemblies that can also be taken apart).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub assemblies: Option<u64>,
    pub solutions: Option<u64>,
    /// The problem read, numbered from 1.
    pub problem: usize,
    /// The solutions saved with the problem, their pieces placed.
    pub saved: Vec<SavedAssembly>,
}

/// The grid types of BurrTools files, by number.
const GRIDS: [&str; 5] = [
    "cubes",
    "triangular prisms",
    "spheres",
    "rhombic dodecahedra",
    "tetrahedra and octahedra",
];

/// Whether a file is to be read as a BurrTools file: by its name, or by its first
/// bytes (gzip, or XML rather than TOML).
pub fn is_burrtools(file: &Path, bytes: &[u8]) -> bool {
    let named = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xmpuzzle"));
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64)]);
    named || bytes.starts_with(&[0x1f, 0x8b]) || text.trim_start().starts_with('<')
}

/// Reads problem `problem` (a number from 1 or a name; the first when `None`) of
/// a BurrTools file as a packing model.
pub fn load(file: &Path, bytes: &[u8], problem: Option<&str>) -> Result<PuzzleModel, Error> {
    let bad = |field: &str, expected: String| Error::input(file, field, expected);
    let doc = document::read(bytes).map_err(|e| bad("(BurrTools file)", e))?;
    if let Some(grid) = doc.grid.filter(|&g| g != 0) {
        let name = GRIDS.get(grid as usize).copied().unwrap_or("unknown");
        return Err(bad(
            "gridType",
            format!(
                "a cube grid (type 0), but this file's grid is type {grid} ({name}), which puzzlesat does not read"
            ),
        ));
    }
    let (number, chosen) = choose(&doc, problem).map_err(|expected| Error::Problem {
        file: file.to_path_buf(),
        expected,
    })?;
    let packing = packing(&doc, chosen).map_err(|(field, e)| bad(field, e))?;
    let saved = saved::place(&doc.shapes, chosen).map_err(|e| bad("solution", e))?;
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = match &chosen.name {
        Some(name) => format!("{stem}: {name}"),
        None => stem.clone(),
    };
    Ok(PuzzleModel {
        file: file.to_path_buf(),
        family: "packing".into(),
        name: Some(title),
        source: Some(format!(
            "BurrTools file {}, problem {number} of {}",
            file.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default(),
            doc.problems.len()
        )),
        puzzle: PuzzleKind::Packing(packing),
        recorded: Some(Recorded {
            assemblies: chosen.assemblies,
            solutions: chosen.solutions,
            problem: number,
            saved,
        }),
    })
}

/// The problem asked for, and its number from 1.
fn choose<'d>(doc: &'d Document, problem: Option<&str>) -> Result<(usize, &'d Problem), String> {
    let list = || {
        doc.problems
            .iter()
            .enumerate()
            .map(|(i, p)| match &p.name {
                Some(name) => format!("{} ({name:?})", i + 1),
                None => format!("{}", i + 1),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if doc.problems.is_empty() {
        return Err("a file with at least one problem, but it has none".into());
    }
    let Some(wanted) = problem else {
        return Ok((1, &doc.problems[0]));
    };
    let by_number = wanted
        .parse::<usize>()
        .ok()
        .filter(|&n| (1..=doc.problems.len()).contains(&n));
    let found = by_number.or_else(|| {
        doc.problems
            .iter()
            .position(|p| p.name.as_deref() == Some(wanted))
            .map(|i| i + 1)
    });
    match found {
        Some(n) => Ok((n, &doc.problems[n - 1])),
        None => Err(format!(
            "a number from 1 or a name; the problems are {}; got {wanted:?}",
            list()
        )),
    }
}

/// The problem as a packing, or the field at fault and what was expected.
fn packing(doc: &Document, problem: &Problem) -> Result<Packing, (&'static str, String)> {
    let result_id = problem.result.ok_or((
        "result",
        "a <result id=\"...\"/> in the problem".to_string(),
    ))?;
    let shape = |id: usize| {
        doc.shapes.get(id).ok_or((
            "shape",
            format!(
                "shape ids from 0 to {} (the file's shapes), got {id}",
                doc.shapes.len().saturating_sub(1)
            ),
        ))
    };
    let result = shape(result_id)?;
    let colours = colours(doc, problem, result)?;
    let required: Vec<Cell> = result
        .cells
        .iter()
        .filter(|v| !v.variable)
        .map(|v| v.at)
        .collect();
    let optional: Vec<Cell> = result
        .cells
        .iter()
        .filter(|v| v.variable)
        .map(|v| v.at)
        .collect();
    let mut letters = HashSet::new();
    let mut names = HashSet::new();
    let mut pieces = Vec::new();
    for (k, u) in problem.pieces.iter().enumerate() {
        let s = shape(u.shape)?;
        if s.cells.is_empty() {
            return Err((
                "shape",
                format!(
                    "pieces with at least one cell, but shape {} has none",
                    u.shape
                ),
            ));
        }
        let base = s
            .name
            .clone()
            .unwrap_or_else(|| format!("S{}", u.shape + 1));
        let name = if names.insert(base.clone()) {
            base
        } else {
            let unique = format!("{base} ({})", k + 1);
            names.insert(unique.clone());
            unique
        };
        let letter = name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| c.to_ascii_uppercase())
            .chain('A'..='Z')
            .chain('a'..='z')
            .chain('0'..='9')
            .find(|c| !letters.contains(c))
            .ok_or((
                "shape",
                "at most 62 kinds of piece, one letter each".to_string(),
            ))?;
        letters.insert(letter);
        let at: Vec<Cell> = s.cells.iter().map(|v| v.at).collect();
        let (cells, colours) = if s.cells.iter().any(|v| v.colour != 0) {
            normalised(&at, &s.cells.iter().map(|v| v.colour).collect::<Vec<_>>())
        } else {
            normalised(&at, &[])
        };
        pieces.push(PieceType {
            name,
            letter,
            cells,
            colours,
            copies: Copies {
                min: u.min,
                max: u.max,
            },
        });
    }
    if pieces.is_empty() {
        return Err(("shapes", "a problem with at least one piece".into()));
    }
    let disassembly = problem
        .pieces
        .iter()
        .map(|u| (u.group, doc.shapes[u.shape].weight))
        .collect();
    Packing::coloured(pieces, required, optional, false, colours)
        .map(|p| p.with_disassembly(disassembly))
        .map_err(|e| ("problem", e))
}

/// The result's colours and the problem's colour pairs, each colour number
/// checked against the colours the file defines.
fn colours(
    doc: &Document,
    problem: &Problem,
    result: &Shape,
) -> Result<Colours, (&'static str, String)> {
    let defined = doc.colours;
    let check = |colour: u32, whose: String| {
        if colour > defined {
            Err((
                "colors",
                format!(
                    "colour numbers up to the {defined} colours defined, but {whose} has colour {colour}"
                ),
            ))
        } else {
            Ok(())
        }
    };
    for &u in &problem.pieces {
        if let Some(shape) = doc.shapes.get(u.shape) {
            for v in &shape.cells {
                check(v.colour, format!("shape {}", u.shape))?;
            }
        }
    }
    let mut out = Colours::default();
    for v in result.cells.iter().filter(|v| v.colour != 0) {
        check(v.colour, "the result".into())?;
        out.target.insert(v.at, v.colour);
    }
    for &(piece, cell) in &problem.colour_pairs {
        check(piece.max(cell), "a colour pair".into())?;
        out.pairs.insert((piece, cell));
    }
    Ok(out)
}
