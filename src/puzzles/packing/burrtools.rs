//! A problem of a BurrTools file as a packing: BurrTools' pieces, result and
//! colour constraints in the packing's own terms.

use super::{Colours, Copies, Packing, PieceType, normalised};
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::model::burrtools::{Document, Problem, Shape};
use std::collections::HashSet;

/// A BurrTools problem as a packing: its pieces and result, the result's
/// variable cells (`+`) as cells that may stay empty, ranges of copies and
/// colour constraints as they are; or the field at fault and what was
/// expected.
pub(crate) fn packing(
    doc: &Document,
    problem: &Problem,
) -> Result<Packing, (&'static str, String)> {
    let result_id = problem.result.ok_or((
        "result",
        "a <result id=\"...\"/> in the problem".to_string(),
    ))?;
    let shape = |id: usize| {
        doc.shapes.get(id).ok_or((
            "shape",
            format!(
                "shape ids from 0 to {} (the file's shapes S1 to S{}), got {id}",
                doc.shapes.len().saturating_sub(1),
                doc.shapes.len()
            ),
        ))
    };
    let grid = doc
        .grid
        .map_or(Some(Grid::Cubes), Grid::of_burrtools_type)
        .ok_or((
            "gridType",
            "one of BurrTools' grid types 0 to 4".to_string(),
        ))?;
    let off_grid = |id: usize, s: &Shape| {
        s.cells.iter().find(|v| !grid.is_cell(v.at)).map(|v| {
            (
                "shape",
                format!(
                    "cells of the {} grid, but shape S{} has one at {:?}, which is not one of its cells",
                    grid.describe(),
                    id + 1,
                    v.at
                ),
            )
        })
    };
    let result = shape(result_id)?;
    if let Some(e) = off_grid(result_id, result) {
        return Err(e);
    }
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
    if required.is_empty() && optional.is_empty() {
        return Err((
            "result",
            format!(
                "a result shape with at least one cell, but shape S{} has none",
                result_id + 1
            ),
        ));
    }
    let mut letters = HashSet::new();
    let mut names = HashSet::new();
    let mut pieces = Vec::new();
    for (k, u) in problem.pieces.iter().enumerate() {
        let s = shape(u.shape)?;
        if let Some(e) = off_grid(u.shape, s) {
            return Err(e);
        }
        if s.cells.is_empty() {
            return Err((
                "shape",
                format!(
                    "pieces with at least one cell, but shape S{} has none",
                    u.shape + 1
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
        // Letters before digits: a copy's label adds its number to the
        // letter (`R1`), which a digit would make hard to read.
        let letter = name
            .chars()
            .filter(|c| c.is_alphabetic())
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
            normalised(
                grid,
                &at,
                &s.cells.iter().map(|v| v.colour).collect::<Vec<_>>(),
            )
        } else {
            normalised(grid, &at, &[])
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
    Packing::on_grid(grid, pieces, required, optional, false, colours)
        .and_then(|p| p.with_disassembly(disassembly))
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
                check(v.colour, format!("shape S{}", u.shape + 1))?;
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
