//! Colour constraints, as BurrTools has them: a piece cell of colour c may cover a
//! target cell of colour d only when the pair (c, d) is allowed, and an uncoloured
//! cell (colour 0) on either side matches anything. A coloured piece can cover the
//! same cells in two orientations with different colours, so a placed piece is its
//! cells together with their colours.

use crate::geometry::grid::Grid;
use crate::geometry::{Cell, least_corner};
use std::collections::{BTreeMap, BTreeSet};

/// The colours of the target and the pairs allowed to meet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours {
    /// The colour of each coloured target cell; cells not listed are uncoloured.
    pub target: BTreeMap<Cell, u32>,
    /// The allowed (piece colour, target colour) pairs.
    pub pairs: BTreeSet<(u32, u32)>,
}

impl Colours {
    /// The colour of a target cell, 0 when it has none.
    pub fn of(&self, cell: Cell) -> u32 {
        self.target.get(&cell).copied().unwrap_or(0)
    }

    /// Whether a piece cell of colour `piece` may cover a target cell of colour
    /// `target`.
    pub fn meet(&self, piece: u32, target: u32) -> bool {
        piece == 0 || target == 0 || self.pairs.contains(&(piece, target))
    }
}

/// A shape whose cells may carry colours: cells sorted, colours in the same order,
/// or no colours at all for an uncoloured shape.
pub type Coloured = (Vec<Cell>, Vec<u32>);

/// The shape with every cell moved by `map`, sorted again with its colours.
pub fn moved(cells: &[Cell], colours: &[u32], map: impl Fn(Cell) -> Cell) -> Coloured {
    if colours.is_empty() {
        let mut image: Vec<Cell> = cells.iter().map(|&c| map(c)).collect();
        image.sort();
        return (image, Vec::new());
    }
    let mut pairs: Vec<(Cell, u32)> = cells
        .iter()
        .zip(colours)
        .map(|(&c, &colour)| (map(c), colour))
        .collect();
    pairs.sort();
    pairs.into_iter().unzip()
}

/// The shape moved to its normal place on the grid (see
/// [`Grid::normalise`]), and sorted.
pub fn normalised(grid: Grid, cells: &[Cell], colours: &[u32]) -> Coloured {
    let d = grid.normal_offset(least_corner(cells));
    let shift = |c: Cell| [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
    if cells.is_sorted() {
        // A translation keeps the order: `check` meets placements sorted already.
        return (cells.iter().map(|&c| shift(c)).collect(), colours.to_vec());
    }
    moved(cells, colours, shift)
}

/// Every distinct orientation of a coloured shape on the grid, normalised and
/// sorted: two orientations with the same cells but other colours are
/// distinct. A turn that does not land on the grid's cells (some turns of
/// the sphere grid) gives none.
pub fn orientations(grid: Grid, cells: &[Cell], colours: &[u32], mirror: bool) -> Vec<Coloured> {
    let mut all: Vec<Coloured> = grid
        .turns(mirror)
        .iter()
        .filter_map(|t| {
            let image = grid.turned(cells, t)?;
            let (image, image_colours) = if colours.is_empty() {
                (image, Vec::new())
            } else {
                image.into_iter().zip(colours.iter().copied()).unzip()
            };
            Some(normalised(grid, &image, &image_colours))
        })
        .collect();
    all.sort();
    all.dedup();
    all
}

/// A name for the coloured shape up to rotation: its least orientation.
pub fn class(grid: Grid, cells: &[Cell], colours: &[u32]) -> Coloured {
    orientations(grid, cells, colours, false)
        .into_iter()
        .next()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_tell_orientations_apart() {
        let domino = [[0, 0, 0], [1, 0, 0]];
        // Uncoloured, a domino has 3 orientations; with two colours, 6.
        assert_eq!(orientations(Grid::Cubes, &domino, &[], false).len(), 3);
        assert_eq!(orientations(Grid::Cubes, &domino, &[1, 2], false).len(), 6);
        assert_eq!(orientations(Grid::Cubes, &domino, &[1, 1], false).len(), 3);
    }

    #[test]
    fn uncoloured_cells_match_anything() {
        let colours = Colours {
            target: BTreeMap::from([([0, 0, 0], 1), ([1, 0, 0], 2)]),
            pairs: BTreeSet::from([(1, 1)]),
        };
        let allows = |piece, cell| colours.meet(piece, colours.of(cell));
        assert!(allows(1, [0, 0, 0]));
        assert!(!allows(1, [1, 0, 0]));
        assert!(allows(0, [1, 0, 0]));
        assert!(allows(2, [5, 5, 5]));
    }
}
