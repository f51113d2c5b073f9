//! The independent check of a separation tree: its moves replayed on the
//! pieces' cells, knowing nothing of how the search found them (no gaps, no
//! states, no remembered searches). A tree passes when every move slides its
//! pieces through free cells, every separation ends with a removal that
//! slides its pieces away for good, and the two sides of each separation are
//! the pieces that stayed and those removed, each taken apart in turn or
//! finished (one piece, or pieces of one group).
//!
//! Pieces occupy cells at every whole step; in the prism grid the half steps
//! between two of its cells are not looked at.

use super::{Move, Piece, Separation, finished};
use crate::geometry::Cell;
use rustc_hash::FxHashSet;

/// Replays `tree` on `pieces` (all where they sit in the assembly); what is
/// wrong with it, if anything.
pub fn replay(pieces: &[Piece], tree: &Separation) -> Result<(), String> {
    let shapes = Shapes {
        pieces,
        cells: pieces
            .iter()
            .map(|p| p.cells.iter().copied().collect())
            .collect(),
    };
    if sorted(&tree.pieces) != (0..pieces.len()).collect::<Vec<_>>() {
        return Err(format!(
            "the first separation takes apart {:?}, not the assembly's {} pieces",
            tree.pieces,
            pieces.len()
        ));
    }
    let mut at = vec![[0i32; 3]; pieces.len()];
    replay_separation(&shapes, tree, &mut at)
}

/// The pieces, and each one's cells as a set: a cell meets piece `j` when,
/// taken back to where `j` sat in the assembly, it is one of `j`'s.
struct Shapes<'a> {
    pieces: &'a [Piece],
    cells: Vec<FxHashSet<Cell>>,
}

impl Shapes<'_> {
    /// Whether piece `id`, moved by `by` from `at[id]`, meets piece `other`
    /// at `at[other]`.
    fn meets(&self, at: &[Cell], id: usize, by: Cell, other: usize) -> bool {
        let shift = [0, 1, 2].map(|k| at[id][k] + by[k] - at[other][k]);
        self.pieces[id]
            .cells
            .iter()
            .any(|c| self.cells[other].contains(&[0, 1, 2].map(|k| c[k] + shift[k])))
    }
}

fn replay_separation(shapes: &Shapes, s: &Separation, at: &mut [Cell]) -> Result<(), String> {
    let pieces = shapes.pieces;
    if let Some(&id) = s.pieces.iter().find(|&&id| id >= pieces.len()) {
        return Err(format!(
            "a separation names piece {id} of an assembly of {}",
            pieces.len()
        ));
    }
    let (Some(removal), moves) = (s.moves.last(), s.moves.len()) else {
        return Err(format!("the separation of {:?} has no moves", s.pieces));
    };
    if !removal.removes || s.moves[..moves - 1].iter().any(|m| m.removes) {
        return Err(format!(
            "the separation of {:?} does not end with its one removal",
            s.pieces
        ));
    }
    for m in &s.moves {
        let moving = |id: &usize| m.pieces.contains(id);
        if m.pieces.is_empty()
            || m.pieces.iter().any(|id| !s.pieces.contains(id))
            || s.pieces.iter().all(moving)
        {
            return Err(format!(
                "a move of {:?} among {:?}: not a proper part of the pieces",
                m.pieces, s.pieces
            ));
        }
        if !m.removes && m.distance == 0 {
            return Err(format!("a move of {:?} by no step", m.pieces));
        }
        let steps = if m.removes {
            without_end(pieces, &s.pieces, at)
        } else {
            m.distance
        };
        if let Some(step) = first_blocked_step(shapes, &s.pieces, at, m, steps) {
            return Err(format!(
                "{} {} of {:?} runs into another piece at step {step}",
                if m.removes { "the removal" } else { "the move" },
                m.motion.name(m.direction),
                m.pieces
            ));
        }
        if !m.removes {
            let by = m.motion.step(m.direction).map(|v| v * m.distance as i32);
            for &id in &m.pieces {
                at[id] = [0, 1, 2].map(|k| at[id][k] + by[k]);
            }
        }
    }
    // Each side starts from where its pieces were just before the removal.
    let (removed, stayed): (Vec<usize>, Vec<usize>) =
        s.pieces.iter().partition(|id| removal.pieces.contains(id));
    for (side, tree, name) in [
        (&stayed, &s.left, "stayed"),
        (&removed, &s.removed, "removed"),
    ] {
        match tree {
            Some(tree) if sorted(&tree.pieces) == sorted(side) => {
                replay_separation(shapes, tree, at)?
            }
            Some(tree) => {
                return Err(format!(
                    "the pieces that {name} are {side:?}, but their separation takes apart {:?}",
                    tree.pieces
                ));
            }
            None if finished(pieces, side) => {}
            None => {
                return Err(format!(
                    "the pieces that {name}, {side:?}, are neither one piece nor one group, and are not taken apart"
                ));
            }
        }
    }
    Ok(())
}

fn sorted(ids: &[usize]) -> Vec<usize> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids
}

/// Steps after which a slide has left every other piece of the sub-problem
/// behind, whatever its direction: each step moves by at least one along
/// some axis, so the widest span of the pieces' cells and a little more.
fn without_end(pieces: &[Piece], ids: &[usize], at: &[Cell]) -> u32 {
    let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
    for &id in ids {
        for c in &pieces[id].cells {
            for k in 0..3 {
                lo[k] = lo[k].min(c[k] + at[id][k]);
                hi[k] = hi[k].max(c[k] + at[id][k]);
            }
        }
    }
    let span = (0..3)
        .map(|k| hi[k].saturating_sub(lo[k]))
        .max()
        .unwrap_or(0);
    span.max(0) as u32 + 2
}

/// The first whole step of `m` (up to `steps`) at which a moving piece meets
/// a piece that stays.
fn first_blocked_step(
    shapes: &Shapes,
    ids: &[usize],
    at: &[Cell],
    m: &Move,
    steps: u32,
) -> Option<u32> {
    let step = m.motion.step(m.direction);
    (1..=steps).find(|&t| {
        let by = step.map(|v| v * t as i32);
        m.pieces.iter().any(|&id| {
            ids.iter()
                .filter(|other| !m.pieces.contains(other))
                .any(|&other| shapes.meets(at, id, by, other))
        })
    })
}
