//! The packing as a family: its model fields, both engines, and its model file
//! written back (for BurrTools files).

use super::{Arrangement, Packing};
use crate::disassembly::{Motion, Piece};
use crate::error::Error;
use crate::family::{Family, FilledShape, PiecesToPrint};
use crate::geometry::grid::Grid;
use crate::model::Fields;
use crate::model::burrtools::PlacedPiece;
use crate::types::Engine;

impl Family for Packing {
    const NAME: &'static str = "packing";
    const FIELDS: &'static [&'static str] = &[
        "grid",
        "size",
        "shape",
        "target",
        "mirror",
        "pieces",
        "target_colours",
        "colour_pairs",
    ];
    /// Exact cover is faster for every command on every bundled model
    /// (BENCHMARKS.md, "Polycube packing").
    const ENGINES: &'static [Engine] = &[Engine::ExactCover, Engine::Sat];
    const DISASSEMBLES: bool = true;

    fn parse(fields: &Fields) -> Result<Self, Error> {
        super::model::parse(fields)
    }

    /// Every placed piece in the order of the arrangement: by piece type in
    /// the model's order, copies of one type by their cells.
    /// A piece the packing must place that fits nowhere in the target.
    fn why_no_solution(&self) -> Option<String> {
        let (_, piece) = self
            .pieces()
            .iter()
            .enumerate()
            .find(|&(t, p)| p.copies.min > 0 && self.placements[t].is_empty())?;
        Some(format!(
            "piece {} fits nowhere in the target{}",
            piece.name,
            if piece.colours.is_empty() {
                ""
            } else {
                " with its colours"
            }
        ))
    }

    fn fewest_pieces(&self) -> usize {
        self.pieces().iter().map(|p| p.copies.min).sum()
    }

    /// Pieces slide along the cube's axes, or on prisms up and down and along
    /// the triangles' edges; BurrTools takes apart on no other grid.
    fn why_not_taken_apart(&self) -> Option<String> {
        match self.grid() {
            Grid::Cubes | Grid::Prisms => None,
            other => Some(format!(
                "assemblies on the {} grid cannot be taken apart (BurrTools takes apart on cubes and triangular prisms only)",
                other.describe()
            )),
        }
    }

    fn motion(&self) -> Motion {
        if self.grid() == Grid::Prisms {
            Motion::Prisms
        } else {
            Motion::Cubes
        }
    }

    fn assembly(&self, arrangement: &Arrangement) -> Option<Vec<Piece>> {
        if self.why_not_taken_apart().is_some() {
            return None;
        }
        Some(
            arrangement
                .iter()
                .map(|(t, cells, _)| Piece {
                    cells: cells.clone(),
                    group: self.disassembly()[*t].0,
                    weight: self.disassembly()[*t].1,
                })
                .collect(),
        )
    }

    /// BurrTools' copy: its levels are the ones a designer knows.
    /// On prisms, the copy the search met.
    fn disassembly_copy(&self, arrangement: &Arrangement) -> Arrangement {
        if self.grid() == Grid::Cubes {
            self.burrtools_copy(arrangement)
        } else {
            arrangement.clone()
        }
    }

    fn placed(&self, pieces: &[PlacedPiece]) -> Option<Arrangement> {
        Some(
            pieces
                .iter()
                .map(|p| (p.kind, p.cells.clone(), p.colours.clone()))
                .collect(),
        )
    }

    /// The piece's letter, numbered when its type has several copies placed
    /// (`B1`, `B2`), as the solution's text lists them.
    fn pieces_to_print(&self, arrangement: Option<&Arrangement>) -> Option<PiecesToPrint> {
        let pieces = match arrangement {
            None => self
                .pieces
                .iter()
                .map(|p| (p.name.clone(), p.cells.clone()))
                .collect(),
            Some(arrangement) => self
                .piece_labels(arrangement)
                .into_iter()
                .zip(arrangement.iter().map(|(_, cells, _)| cells.clone()))
                .collect(),
        };
        Some((self.grid(), pieces))
    }

    fn shape(&self) -> Option<FilledShape> {
        let (optional, required): (Vec<_>, Vec<_>) = self
            .target
            .iter()
            .zip(&self.optional)
            .partition(|(_, o)| **o);
        let cells = |list: Vec<(&crate::geometry::Cell, &bool)>| {
            list.into_iter().map(|(c, _)| *c).collect()
        };
        Some((self.grid(), cells(required), cells(optional)))
    }

    fn piece_labels(&self, arrangement: &Arrangement) -> Vec<String> {
        self.copies(arrangement)
            .into_iter()
            .map(|copy| copy.label)
            .collect()
    }

    fn model_toml(&self, title: &str, source: Option<&str>) -> Option<String> {
        Some(super::model::to_toml(title, source, self))
    }
}
