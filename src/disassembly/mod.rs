//! Taking an assembly apart, by BurrTools' definition: pieces slide (never
//! rotate) along the axes; the breadth-first search finds the separation with
//! the fewest moves, which is final; each side is then taken apart on its own
//! from where its pieces were just before, until every part is one piece or
//! a set of pieces that share a group. An assembly that comes apart is what
//! BurrTools calls a solution, and its level (such as `10.10.1.1`) says how
//! many moves each separation takes.
//!
//! This engine knows pieces as sets of cubes, never a puzzle.

mod blocking;
mod gaps;
mod remembered;
mod replay;
mod search;
#[cfg(test)]
mod tests;

use crate::geometry::Cell;
use gaps::Gaps;
use remembered::Remembered;
use search::{Pieces, Searched, State};

pub use gaps::Motion;
pub use replay::replay;

/// The most pieces an assembly may have: a state's moving set is a machine word.
pub const MAX_PIECES: usize = 64;

/// States a sub-problem's search may keep before the assembly is left
/// undecided: at about 100 bytes a state for a dozen pieces, some hundreds of
/// MiB at the most.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// A piece of an assembly: its cubes where it sits, the group it belongs to
/// (0 for none: pieces of one non-zero group may stay together), and its
/// weight (of two sides, the heavier one is shown staying put).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub cells: Vec<Cell>,
    pub group: u32,
    pub weight: i32,
}

/// One move: the pieces (by their index in the assembly) that slide
/// `distance` unit steps in `direction` (see [`Motion::name`], [`Motion::step`]),
/// or that are removed, sliding without end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub pieces: Vec<usize>,
    pub direction: usize,
    pub distance: u32,
    pub removes: bool,
    /// How pieces slide, which says what `direction` is.
    pub motion: Motion,
}

/// A separation and what came of its two sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    /// The pieces of this sub-problem, by index in the assembly.
    pub pieces: Vec<usize>,
    /// The moves up to and including the removal.
    pub moves: Vec<Move>,
    /// How the part that stayed came apart (`None` when it is one piece or one
    /// group).
    pub left: Option<Box<Separation>>,
    /// How the removed part came apart, likewise.
    pub removed: Option<Box<Separation>>,
}

/// What a separation tree's level depends on: how many moves each separation
/// takes, and the trees of its two sides. Saved separations in BurrTools files
/// come down to this as well as found ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    pub moves: usize,
    pub left: Option<Box<Levels>>,
    pub removed: Option<Box<Levels>>,
}

impl Levels {
    /// Whether some separation in this tree needs more than one move.
    fn has_multiple_moves(&self) -> bool {
        self.moves > 1
            || self.left.as_ref().is_some_and(|s| s.has_multiple_moves())
            || self
                .removed
                .as_ref()
                .is_some_and(|s| s.has_multiple_moves())
    }

    /// The separations in this tree: at most one fewer than its pieces.
    pub fn separations(&self) -> usize {
        1 + [&self.left, &self.removed]
            .into_iter()
            .flatten()
            .map(|side| side.separations())
            .sum::<usize>()
    }

    /// BurrTools' level: this separation's moves, then `.` and the level of the
    /// part that stayed, then `.` and that of the removed part, each side
    /// written only when some separation in it needs more than one move.
    pub fn level(&self) -> String {
        let mut text = self.moves.to_string();
        for side in [&self.left, &self.removed].into_iter().flatten() {
            if side.has_multiple_moves() {
                text.push('.');
                text.push_str(&side.level());
            }
        }
        text
    }
}

impl Separation {
    /// The moves of each separation of the tree.
    pub fn levels(&self) -> Levels {
        Levels {
            moves: self.moves.len(),
            left: self.left.as_ref().map(|s| Box::new(s.levels())),
            removed: self.removed.as_ref().map(|s| Box::new(s.levels())),
        }
    }

    /// BurrTools' level of the tree, such as `10.10.1.1` ([`Levels::level`]).
    pub fn level(&self) -> String {
        self.levels().level()
    }

    /// Every separation of the tree in the order a person follows them: this
    /// one, then the part that stayed, then the removed part.
    pub fn in_order(&self) -> Vec<&Separation> {
        let mut out = vec![self];
        for side in [&self.left, &self.removed].into_iter().flatten() {
            out.extend(side.in_order());
        }
        out
    }
}

/// Whether an assembly comes apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Apart(Separation),
    /// Some part cannot be taken apart.
    Stuck,
    /// A search met more states than the limit before it had an answer.
    Undecided,
}

/// Takes an assembly apart. `max_states` bounds each sub-problem's search.
/// An assembly of fewer than two pieces, or of more than 64 ([`MAX_PIECES`]), is
/// [`Outcome::Stuck`] and [`Outcome::Undecided`] respectively.
#[cfg(test)]
pub fn disassemble(pieces: &[Piece], max_states: usize) -> Outcome {
    Disassembler::default().disassemble(pieces, max_states)
}

/// Takes assemblies apart one after the other, remembering what it worked out
/// of the pieces' shapes for the next ones (assemblies of one puzzle share
/// their shapes).
#[derive(Default)]
pub struct Disassembler {
    gaps: Gaps,
    searches: Remembered,
}

impl Disassembler {
    /// A disassembler for pieces that slide as `motion` says.
    pub fn new(motion: Motion) -> Disassembler {
        Disassembler {
            gaps: Gaps::new(motion),
            searches: Remembered::default(),
        }
    }

    /// [`disassemble`], with what earlier assemblies taught.
    pub fn disassemble(&mut self, pieces: &[Piece], max_states: usize) -> Outcome {
        if pieces.len() > MAX_PIECES {
            return Outcome::Undecided;
        }
        if pieces.len() < 2 {
            return Outcome::Stuck;
        }
        if self
            .gaps
            .set_pieces(pieces.iter().map(|p| p.cells.as_slice()))
        {
            self.searches.forget();
        }
        let weights: Vec<i32> = pieces.iter().map(|p| p.weight).collect();
        let mut context = Context {
            gaps: &mut self.gaps,
            searches: &mut self.searches,
            pieces,
            weights: (!weights.iter().all(|&w| w == weights[0])).then_some(&weights[..]),
            max_states,
        };
        let ids: Vec<usize> = (0..pieces.len()).collect();
        let start = vec![[0i16; 3]; pieces.len()].into_boxed_slice();
        match context.separate(&ids, start) {
            Ok(Some(separation)) => Outcome::Apart(separation),
            Ok(None) => Outcome::Stuck,
            Err(TooManyStates) => Outcome::Undecided,
        }
    }
}

struct TooManyStates;

struct Context<'a> {
    gaps: &'a mut Gaps,
    searches: &'a mut Remembered,
    pieces: &'a [Piece],
    weights: Option<&'a [i32]>,
    max_states: usize,
}

impl Context<'_> {
    /// The separation tree of the sub-problem of `ids` from `start`, or `None`
    /// when it is stuck.
    fn separate(
        &mut self,
        ids: &[usize],
        start: State,
    ) -> Result<Option<Separation>, TooManyStates> {
        let mut view = Pieces {
            ids,
            weights: self.weights,
            gaps: self.gaps,
        };
        let (steps, before) =
            match self
                .searches
                .first_separation(&mut view, start, self.max_states)
            {
                Searched::Separated { steps, before } => (steps, before),
                Searched::Stuck => return Ok(None),
                Searched::TooManyStates => return Err(TooManyStates),
            };
        let removal = steps.last().expect("a separation ends with its removal");
        let mut sides = [Vec::new(), Vec::new()];
        for (i, &id) in ids.iter().enumerate() {
            sides[usize::from(removal.moving >> i & 1 == 1)].push((id, before[i]));
        }
        let [stayed, removed] = sides;
        // The part that stayed first: the removed one is looked at only when
        // the other came apart.
        let Side::Apart(left) = self.side(&stayed)? else {
            return Ok(None);
        };
        let Side::Apart(removed_tree) = self.side(&removed)? else {
            return Ok(None);
        };
        let moves = steps
            .iter()
            .map(|step| Move {
                pieces: (0..ids.len())
                    .filter(|&i| step.moving >> i & 1 == 1)
                    .map(|i| ids[i])
                    .collect(),
                direction: step.direction,
                distance: step.distance,
                removes: step.removes,
                motion: self.gaps.motion(),
            })
            .collect();
        Ok(Some(Separation {
            pieces: ids.to_vec(),
            moves,
            left: left.map(Box::new),
            removed: removed_tree.map(Box::new),
        }))
    }

    /// A side of a separation, with where its pieces were before the removal.
    fn side(&mut self, side: &[(usize, [i16; 3])]) -> Result<Side, TooManyStates> {
        let ids: Vec<usize> = side.iter().map(|&(id, _)| id).collect();
        if finished(self.pieces, &ids) {
            return Ok(Side::Apart(None));
        }
        let first = side[0].1;
        let start: State = side
            .iter()
            .map(|&(_, at)| [0, 1, 2].map(|k| at[k] - first[k]))
            .collect();
        Ok(match self.separate(&ids, start)? {
            Some(tree) => Side::Apart(Some(tree)),
            None => Side::Stuck,
        })
    }
}

/// Whether the part of pieces `ids` needs no taking apart: one piece, or
/// pieces that all share a non-zero group.
fn finished(pieces: &[Piece], ids: &[usize]) -> bool {
    let group = pieces[ids[0]].group;
    ids.len() == 1 || (group != 0 && ids.iter().all(|&id| pieces[id].group == group))
}

/// What came of one side of a separation.
enum Side {
    /// It came apart: by this tree, or with no move at all (one piece, or
    /// pieces of one non-zero group).
    Apart(Option<Separation>),
    Stuck,
}
