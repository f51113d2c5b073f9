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
        self.orientation_of(t, cells, colours).is_some()
    }

    /// Which of type `t`'s orientations `cells` with `colours` are, and the
    /// move that takes it onto them (each cell of the orientation plus the
    /// move is the cell in the same place of `cells`); `None` when they are
    /// none of them, or not in order (as placements always are).
    pub(super) fn orientation_of(
        &self,
        t: usize,
        cells: &[Cell],
        colours: &[u32],
    ) -> Option<(usize, Cell)> {
        let d = self.grid.normal_offset(least_corner(cells));
        let moved = || {
            cells
                .iter()
                .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
        };
        let o = self.shapes[t]
            .binary_search_by(|(shape, shape_colours)| {
                shape
                    .iter()
                    .copied()
                    .cmp(moved())
                    .then_with(|| shape_colours.as_slice().cmp(colours))
            })
            .ok()?;
        Some((o, d.map(|x| -x)))
    }

    /// What is wrong with `cells` with `colours` as a piece of type `t`
    /// (the piece turned and moved, inside the target, of colours the pairs
    /// allow), if anything; `claim` is told each cell's place in the target
    /// and says what is wrong with covering it (covered twice).
    pub(super) fn piece_violation(
        &self,
        t: usize,
        cells: &[Cell],
        colours: &[u32],
        claim: &mut dyn FnMut(usize, Cell) -> Result<(), Violation>,
    ) -> Result<(), Violation> {
        let piece = self
            .pieces
            .get(t)
            .ok_or_else(|| Violation(format!("there is no piece type {t}")))?;
        if colours.len() != piece.colours.len() {
            return Err(Violation(format!(
                "piece {} is given {} colours, but has {}",
                piece.name,
                colours.len(),
                piece.colours.len()
            )));
        }
        if !self.is_image_of(t, cells, colours) {
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
            claim(i, c)?;
        }
        Ok(())
    }

    /// [`Puzzle::check`] of every piece and cell, with no placement taken
    /// as known: what it finds wrong is what the check reports.
    pub(super) fn full_check(&self, arrangement: &Arrangement) -> Result<(), Violation> {
        // Counts would check millions of solutions: the tallies live on the
        // stack unless the puzzle is large.
        with_slots(self.pieces.len(), |used| {
            with_slots(self.target.len(), |covered| {
                self.check_into(arrangement, used, covered)
            })
        })
    }

    /// What is wrong with placing each kind `used[t]` times, if anything: the
    /// set says how many copies of each there are.
    pub(super) fn copies_violation(&self, used: &[u32]) -> Result<(), Violation> {
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
        Ok(())
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
            self.piece_violation(*t, cells, colours, &mut |i, c| {
                if covered[i] != 0 {
                    let other = &self.pieces[covered[i] as usize - 1].name;
                    return Err(Violation(format!(
                        "pieces {other} and {} both cover {c:?}",
                        self.pieces[*t].name
                    )));
                }
                covered[i] = *t as u32 + 1;
                Ok(())
            })?;
            used[*t] += 1;
        }
        self.copies_violation(used)?;
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
