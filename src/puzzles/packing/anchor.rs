//! The piece that anchors symmetry breaking: placed once, kept as itself by
//! every symmetry, and kept only at the least placement of each orbit; and
//! whether a solution meets its orbit only there.

use super::{Arrangement, Copies, LabelledSymmetry, Packing, colours};
use crate::geometry::Cell;

impl Packing {
    /// The piece whose placements symmetry breaking restricts: a single copy that
    /// every symmetry keeps as itself (so its placements map to its own), and of
    /// those the one with the most orientations, whose placements are least likely
    /// to be fixed by a symmetry.
    pub(super) fn anchor(&self) -> Option<usize> {
        self.anchor_candidates().max_by_key(|&t| {
            let p = &self.pieces[t];
            (self.shapes[t].len(), p.cells.len(), usize::MAX - t)
        })
    }

    /// The pieces that can anchor symmetry breaking: placed once, kept as
    /// themselves by every symmetry, and with some placement that a symmetry
    /// moves. A piece every symmetry leaves where it is (a frame around a
    /// symmetric box, with one placement) has each placement for an orbit of
    /// its own: keeping the least of each keeps them all, and the search
    /// would meet every member of every orbit; without it a cell anchors.
    /// (When no symmetry moves anything, any such piece is kept: it breaks
    /// nothing, and says at once that each orbit is one packing.)
    pub(super) fn anchor_candidates(&self) -> impl Iterator<Item = usize> + '_ {
        self.anchors
            .get_or_init(|| {
                (0..self.pieces.len())
                    .filter(|&t| {
                        self.pieces[t].copies == Copies::exactly(1)
                            && !self.placements[t].is_empty()
                            && self.group.iter().all(|s| s.relabel[t] == t)
                            && (self.symmetries_fix_every_packing()
                                || self.moved_by_some_symmetry(t))
                    })
                    .collect()
            })
            .iter()
            .copied()
    }

    /// Whether some symmetry moves some placement of piece `t`.
    fn moved_by_some_symmetry(&self, t: usize) -> bool {
        let placed = self.placements[t].iter().zip(&self.placement_colours[t]);
        placed
            .into_iter()
            .any(|(cells, colours)| self.group.iter().any(|g| !fixes(g, cells, colours)))
    }

    /// Whether every symmetry of the group is the kernel's, so fixes every
    /// packing (a target with no symmetry but the identity): then no anchor
    /// leaves out a placement, and every orbit has one packing.
    pub(super) fn symmetries_fix_every_packing(&self) -> bool {
        self.group.len() == self.kernel
    }

    /// Placements of the anchor kept under symmetry breaking: the least of each orbit.
    pub(super) fn anchor_representatives(&self, anchor: usize) -> Vec<bool> {
        self.placements[anchor]
            .iter()
            .zip(&self.placement_colours[anchor])
            .map(|(cells, colours)| {
                self.group.iter().all(|g| {
                    let image = colours::moved(cells, colours, |c| g.map.apply(c));
                    (cells, colours) <= (&image.0, &image.1)
                })
            })
            .collect()
    }

    /// Whether `arrangement` places piece `t` where no symmetry but those of the
    /// kernel (see [`Packing::kernel`]) maps it onto itself. A symmetry maps the
    /// piece onto itself when each cell's image is one of its cells with the
    /// same colour: looked up, since the cells of a placed piece are sorted,
    /// rather than building and sorting the image (a count asks this of every
    /// solution). The kernel maps every piece onto itself, so it is enough that
    /// no more symmetries than the kernel's do.
    pub(super) fn only_kernel_fixes(&self, arrangement: &Arrangement, t: usize) -> bool {
        // When every symmetry is the kernel's, no other can fix the piece.
        if self.symmetries_fix_every_packing() {
            return arrangement.iter().any(|placed| placed.0 == t);
        }
        arrangement
            .iter()
            .find(|placed| placed.0 == t)
            .is_some_and(|(_, cells, colours)| {
                self.group
                    .iter()
                    .filter(|g| fixes(g, cells, colours))
                    .count()
                    == self.kernel
            })
    }
}

/// Whether `g` maps the placed piece `cells` (sorted) with `colours` onto
/// itself: each cell's image is one of its cells with the same colour, looked
/// up rather than building and sorting the image.
fn fixes(g: &LabelledSymmetry, cells: &[Cell], colours: &[u32]) -> bool {
    debug_assert!(cells.is_sorted());
    cells.iter().enumerate().all(|(k, &c)| {
        cells
            .binary_search(&g.map.apply(c))
            .is_ok_and(|i| colours.get(i) == colours.get(k))
    })
}
