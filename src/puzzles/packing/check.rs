//! The packing's independent check: every piece is one of the set turned
//! (and mirrored, where allowed) and moved, inside the target, of colours the
//! pairs allow, no cell covered twice, every required cell covered, and each
//! kind of piece placed as often as the set says.

use super::{Arrangement, Copies, Packing, normalised};
use crate::geometry::{Cell, least_corner};
use crate::types::Violation;

impl Packing {
    /// Whether `cells` with `colours` are piece type `t` turned (and
    /// mirrored, where allowed) and moved: its shape normalised is one of the
    /// type's orientations. Cells in order (as placements are) are compared
    /// moved to the origin on the fly, without building the normalised shape.
    pub(super) fn is_image_of(&self, t: usize, cells: &[Cell], colours: &[u32]) -> bool {
        if !cells.is_sorted() {
            return self.shapes[t]
                .binary_search(&normalised(self.grid, cells, colours))
                .is_ok();
        }
        let d = self.grid.normal_offset(least_corner(cells));
        let moved = || {
            cells
                .iter()
                .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
        };
        self.shapes[t]
            .binary_search_by(|(shape, shape_colours)| {
                shape
                    .iter()
                    .copied()
                    .cmp(moved())
                    .then_with(|| shape_colours.as_slice().cmp(colours))
            })
            .is_ok()
    }

    /// [`Puzzle::check`] with `used` (per piece type, how often it is placed)
    /// and `covered` (per target cell, 1 + the type covering it, or 0) zeroed.
    pub(super) fn check_into(
        &self,
        arrangement: &Arrangement,
        used: &mut [u32],
        covered: &mut [u32],
    ) -> Result<(), Violation> {
        for (t, cells, colours) in arrangement {
            let piece = self
                .pieces
                .get(*t)
                .ok_or_else(|| Violation(format!("there is no piece type {t}")))?;
            used[*t] += 1;
            if colours.len() != piece.colours.len() {
                return Err(Violation(format!(
                    "piece {} is given {} colours, but has {}",
                    piece.name,
                    colours.len(),
                    piece.colours.len()
                )));
            }
            if !self.is_image_of(*t, cells, colours) {
                let how = match (self.mirror, colours.is_empty()) {
                    (true, true) => "rotated or mirrored",
                    (false, true) => "rotated",
                    (true, false) => "rotated or mirrored with its colours",
                    (false, false) => "rotated with its colours",
                };
                return Err(Violation(format!(
                    "the cells {cells:?} given for piece {} are not the piece {how}",
                    piece.name
                )));
            }
            for (k, &c) in cells.iter().enumerate() {
                let Some(i) = self.index.find(&self.target, c) else {
                    return Err(Violation(format!(
                        "piece {} covers {c:?}, outside the target",
                        piece.name
                    )));
                };
                let colour = colours.get(k).copied().unwrap_or(0);
                if !self.colours.meet(colour, self.target_colours[i]) {
                    return Err(Violation(format!(
                        "piece {} covers {c:?}, of colour {}, with a cell of colour {colour}, which the colour pairs do not allow",
                        piece.name, self.target_colours[i]
                    )));
                }
                if covered[i] != 0 {
                    let other = &self.pieces[covered[i] as usize - 1].name;
                    return Err(Violation(format!(
                        "pieces {other} and {} both cover {c:?}",
                        piece.name
                    )));
                }
                covered[i] = *t as u32 + 1;
            }
        }
        for (piece, n) in self.pieces.iter().zip(used.iter()) {
            let Copies { min, max } = piece.copies;
            let n = *n as usize;
            if n < min || n > max {
                let allowed = match piece.copies.exact() {
                    Some(k) => format!("the set has {k}"),
                    None => format!("the set allows {min} to {max}"),
                };
                return Err(Violation(format!(
                    "piece {} is used {n} times, {allowed}",
                    piece.name
                )));
            }
        }
        let uncovered = self.target.iter().zip(covered.iter()).zip(&self.optional);
        if let Some(((c, _), _)) = uncovered
            .into_iter()
            .find(|((_, by), optional)| **by == 0 && !**optional)
        {
            return Err(Violation(format!(
                "cell {c:?} of the target is not covered"
            )));
        }
        Ok(())
    }
}

/// Runs `f` on `len` zeroed slots: on the stack up to a few hundred, so that
/// a check of each of millions of solutions allocates nothing.
pub(super) fn with_slots<R>(len: usize, f: impl FnOnce(&mut [u32]) -> R) -> R {
    let mut stack = [0u32; 256];
    match stack.get_mut(..len) {
        Some(slots) => f(slots),
        None => f(&mut vec![0; len]),
    }
}
