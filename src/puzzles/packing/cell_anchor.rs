//! Symmetry breaking without an anchor piece: when every piece has copies or a
//! range, no piece can be kept at one placement per orbit, but a cell can.
//! Every solution covers a required cell `x` with exactly one placement; the
//! symmetries that fix `x` map it to solutions that cover `x` with that
//! placement's images, so keeping, of the placements covering `x`, only the
//! least of each orbit under those symmetries still meets every orbit of
//! solutions, and meets fewer members of each, by up to the number of those
//! symmetries. The counts then take each orbit once by its key (the
//! collector's rule when an orbit may be met more than once).

use super::colours;
use super::{LabelledSymmetry, Packing};
use crate::geometry::Cell;

impl Packing {
    /// The symmetries of the target that leave `cell` where it is.
    fn fixing(&self, cell: Cell) -> impl Iterator<Item = &LabelledSymmetry> {
        self.group.iter().filter(move |g| g.map.apply(cell) == cell)
    }

    /// The required cell whose stabiliser (the symmetries of the target that
    /// fix it) is largest, if more than the identity fixes it: used only when
    /// no piece can anchor symmetry breaking.
    pub(super) fn anchor_cell(&self) -> Option<usize> {
        if self.anchor().is_some() {
            return None;
        }
        (0..self.target.len())
            .filter(|&i| !self.optional[i])
            .map(|i| (self.fixing(self.target[i]).count(), i))
            // The largest stabiliser, the first cell on a tie.
            .max_by_key(|&(size, i)| (size, usize::MAX - i))
            .filter(|&(size, _)| size > 1)
            .map(|(_, i)| i)
    }

    /// Per type and placement, whether it is kept when the cell `x` (a target
    /// index) anchors symmetry breaking: a placement that does not cover `x`,
    /// or the least of its orbit under the symmetries fixing `x` (comparing
    /// type, cells and colours).
    pub(super) fn cell_representatives(&self, x: usize) -> Vec<Vec<bool>> {
        let cell = self.target[x];
        let stabiliser: Vec<_> = self.fixing(cell).collect();
        self.placements
            .iter()
            .enumerate()
            .map(|(t, list)| {
                list.iter()
                    .zip(&self.placement_colours[t])
                    .map(|(cells, colours)| {
                        cells.binary_search(&cell).is_err()
                            || stabiliser.iter().all(|g| {
                                let (image, image_colours) =
                                    colours::moved(cells, colours, |c| g.map.apply(c));
                                (t, cells, colours) <= (g.relabel[t], &image, &image_colours)
                            })
                    })
                    .collect()
            })
            .collect()
    }
}
