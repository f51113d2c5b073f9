//! First separations already found, by the layout of their sub-problem. After
//! a first separation the same few pieces often sit in the same places in
//! many assemblies of a puzzle (more than half of the searches of a puzzle of
//! eight pieces in a shell were repeats), and a search depends only on the
//! pieces' shapes, places, order and weights.

use super::gaps::Gaps;
use super::search::{Pieces, Scratch, Searched, State, first_separation};
use rustc_hash::FxHashMap;

/// Searches remembered at the most before the table starts afresh: a few
/// hundred bytes each.
const MAX_REMEMBERED: usize = 1 << 18;

#[derive(Default)]
pub struct Remembered {
    known: FxHashMap<Vec<u64>, Searched>,
    /// The buffers every search here reuses.
    scratch: Scratch,
}

impl Remembered {
    /// Forgets every search: for when the shapes they were keyed by are
    /// renumbered ([`Gaps::set_pieces`]).
    pub fn forget(&mut self) {
        self.known.clear();
    }

    /// [`first_separation`], looked up when the same layout (with the same
    /// weights) was searched before. Searches that met too many states are
    /// not kept: the limit may differ next time.
    pub fn first_separation(
        &mut self,
        pieces: &mut Pieces,
        start: State,
        max_states: usize,
    ) -> Searched {
        let Some(key) = key(pieces, &start) else {
            return first_separation(pieces, start, max_states, &mut self.scratch);
        };
        if let Some(known) = self.known.get(&key) {
            return shifted(known, &start, 1);
        }
        let found = first_separation(pieces, start.clone(), max_states, &mut self.scratch);
        if !matches!(found, Searched::TooManyStates) {
            if self.known.len() >= MAX_REMEMBERED {
                self.known.clear();
            }
            self.known.insert(key, shifted(&found, &start, -1));
        }
        found
    }
}

/// A search's answer with the state before its removal moved by `sign` times
/// `start`. Equal layouts may start from different offsets (the pieces sit
/// elsewhere in their assemblies and have moved to the same places), so an
/// answer is kept as how far each piece moved from the start, and given back
/// from the start of the search that asks.
fn shifted(searched: &Searched, start: &State, sign: i16) -> Searched {
    match searched {
        Searched::Separated { steps, before } => Searched::Separated {
            steps: steps.clone(),
            before: before
                .iter()
                .zip(start.iter())
                .map(|(at, from)| [0, 1, 2].map(|k| at[k] + sign * from[k]))
                .collect(),
        },
        other => other.clone(),
    }
}

/// The layout of the sub-problem, and the weights of its pieces when they
/// differ (they decide which side is shown moving).
fn key(pieces: &Pieces, start: &State) -> Option<Vec<u64>> {
    let gaps: &Gaps = pieces.gaps;
    let mut key = gaps.layout(pieces.ids, start)?;
    if let Some(weights) = pieces.weights {
        key.extend(pieces.ids.iter().map(|&id| weights[id] as u32 as u64));
    }
    Some(key)
}
