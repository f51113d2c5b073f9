//! The solutions a BurrTools file saves, their pieces placed in the result's
//! frame, so that each assembly can be taken apart again and its level
//! compared with the saved one.

use super::document::{Problem, Shape};
use super::prism_turns;
use crate::disassembly::Levels;
use crate::geometry::{Cell, turns};

/// A piece of a saved assembly where it sits: the index of its piece type in
/// the problem, its cells in the result's frame, and their colours (empty
/// when the shape has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    pub kind: usize,
    pub cells: Vec<Cell>,
    pub colours: Vec<u32>,
}

/// A saved solution ready to take apart again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedAssembly {
    /// Its place among the problem's saved solutions, from 1.
    pub number: usize,
    pub assembly_number: Option<u64>,
    /// The placed pieces in the problem's order: by shape, copies in the order
    /// the file lists them, pieces left out skipped.
    pub pieces: Vec<PlacedPiece>,
    /// The level of the saved separation, if the file saves one.
    pub level: Option<String>,
}

/// The problem's saved solutions with their pieces placed: each piece's
/// voxels turned by its placement's turn and moved to where it sits. On the
/// prism grid (`prisms`) the turns are that grid's, and a turned piece's
/// cells go where its turned origin goes.
pub fn place(
    shapes: &[Shape],
    problem: &Problem,
    prisms: bool,
) -> Result<Vec<SavedAssembly>, String> {
    let slots = problem
        .pieces
        .iter()
        .fold(0usize, |sum, u| sum.saturating_add(u.max));
    problem
        .saved
        .iter()
        .enumerate()
        .map(|(k, saved)| {
            let number = k + 1;
            if saved.placements.len() != slots {
                return Err(format!(
                    "saved solution {number}: an <assembly> with a placement or \"x\" for each of the problem's {slots} pieces, got {}",
                    saved.placements.len()
                ));
            }
            let kinds = problem
                .pieces
                .iter()
                .enumerate()
                .flat_map(|(kind, u)| std::iter::repeat_n(kind, u.max));
            let pieces = kinds
                .zip(&saved.placements)
                .filter_map(|(kind, placement)| placement.map(|p| (kind, p)))
                .map(|(kind, p)| {
                    let shape = &shapes[problem.pieces[kind].shape];
                    let cells = placed_cells(shape, p.turn, p.at, prisms).ok_or_else(|| {
                        format!(
                            "saved solution {number}: a turn of the prism grid (0 to 23), got {}",
                            p.turn
                        )
                    })?;
                    let colours = if shape.cells.iter().any(|v| v.colour != 0) {
                        shape.cells.iter().map(|v| v.colour).collect()
                    } else {
                        Vec::new()
                    };
                    Ok(PlacedPiece {
                        kind,
                        cells,
                        colours,
                    })
                })
                .collect::<Result<_, String>>()?;
            let pieces: Vec<PlacedPiece> = pieces;
            if let Some(tree) = &saved.separation {
                check_separation(number, tree, saved.named_pieces, pieces.len())?;
            }
            Ok(SavedAssembly {
                number,
                assembly_number: saved.assembly_number,
                pieces,
                level: saved.separation.as_ref().map(Levels::level),
            })
        })
        .collect()
}

/// The cells of `shape` turned by turn number `turn` and moved by `at`, so
/// that its turned origin goes to `at`; `None` for a turn the prism grid
/// does not have.
fn placed_cells(shape: &Shape, turn: usize, at: [i32; 3], prisms: bool) -> Option<Vec<Cell>> {
    let m = turns::turn(turn);
    let turned = |c: Cell| {
        if prisms {
            prism_turns::turn_cell(turn, c)
        } else {
            Some(turns::apply(&m, c))
        }
    };
    let origin = turned([0, 0, 0])?;
    shape
        .cells
        .iter()
        .map(|v| {
            let t = turned(v.at)?;
            Some([0, 1, 2].map(|i| at[i] + t[i] - origin[i]))
        })
        .collect()
}

/// What a saved separation says, held against the assembly it separates: the
/// pieces it names are placed, and it has fewer separations than pieces.
fn check_separation(
    number: usize,
    tree: &Levels,
    named: usize,
    placed: usize,
) -> Result<(), String> {
    if named > placed {
        return Err(format!(
            "saved solution {number}: a separation of the assembly's {placed} pieces (numbered from 0), but it names piece {}",
            named - 1
        ));
    }
    let separations = tree.separations();
    if separations >= placed.max(1) {
        return Err(format!(
            "saved solution {number}: a separation tree of at most {} separations for the assembly's {placed} pieces, got {separations}",
            placed.saturating_sub(1)
        ));
    }
    Ok(())
}
