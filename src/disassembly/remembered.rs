//! First separations already found, by the layout of their sub-problem. After
//! a first separation the same few pieces often sit in the same places in
//! many assemblies of a puzzle (more than half of the searches of a puzzle of
//! eight pieces in a shell were repeats), and a search depends only on the
//! pieces' shapes, places, order and weights.
//!
//! A search that ends stuck has met every state its pieces can reach, and
//! none of them comes apart: slides are undone by sliding back, so a search
//! from any of those states meets the same states and ends stuck as well.
//! Their layouts are kept, so that such a search is answered at once: of
//! many assemblies that jam, many end in a few such sets of states, walked
//! again from another of their states. Where the sets are small and seldom
//! met again, keeping them costs more than it saves, so they are kept only
//! while what they saved keeps up with what they cost.

use super::gaps::Gaps;
use super::search::{Pieces, Scratch, Searched, State, first_separation};
use rustc_hash::FxHashMap;

/// Searches remembered at the most before the table starts afresh: a few
/// hundred bytes each.
const MAX_REMEMBERED: usize = 1 << 18;

/// Layouts of stuck states kept at the most before that table starts afresh:
/// a machine word per piece each, so some tens of MiB for a dozen pieces.
const MAX_STUCK: usize = 1 << 19;

/// Stuck states kept before they must have paid off: from then on, a stuck
/// search's states are kept only while the states that searches answered at
/// once were spared are at least a quarter of those kept.
const STUCK_TRIAL: u64 = 1 << 15;

#[derive(Default)]
pub struct Remembered {
    known: FxHashMap<Vec<u64>, Searched>,
    /// The layouts of every state met by the searches that ended stuck,
    /// each with its first piece at the origin, and how many states its
    /// search met.
    stuck: FxHashMap<Box<[u64]>, u32>,
    /// Stuck states kept so far, and the states that searches answered from
    /// them were spared.
    stuck_kept: u64,
    stuck_spared: u64,
    /// The buffers every search here reuses.
    scratch: Scratch,
}

impl Remembered {
    /// Forgets every search: for when the shapes they were keyed by are
    /// renumbered ([`Gaps::set_pieces`]).
    pub fn forget(&mut self) {
        self.known.clear();
        self.stuck.clear();
        (self.stuck_kept, self.stuck_spared) = (0, 0);
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
        if !self.stuck.is_empty()
            && let Some(&met) = stuck_key(pieces, &start).and_then(|l| self.stuck.get(l.as_slice()))
        {
            self.stuck_spared += u64::from(met);
            return Searched::Stuck;
        }
        let found = first_separation(pieces, start.clone(), max_states, &mut self.scratch);
        let met = self.scratch.met().len();
        let paying = self.stuck_kept < STUCK_TRIAL || self.stuck_spared * 4 >= self.stuck_kept;
        // A search larger than a share of the table is not kept whole.
        if matches!(found, Searched::Stuck) && paying && met <= MAX_STUCK / 8 {
            if self.stuck.len() + met > MAX_STUCK {
                self.stuck.clear();
            }
            for state in self.scratch.met() {
                if let Some(l) = stuck_key(pieces, state) {
                    self.stuck.insert(l.into_boxed_slice(), met as u32);
                }
            }
            self.stuck_kept += met as u64;
        }
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

/// The layout of a state with its first piece moved to the origin, so that a
/// state and the same state moved as a whole have one key.
fn stuck_key(pieces: &Pieces, state: &[[i16; 3]]) -> Option<Vec<u64>> {
    let first = *state.first()?;
    let at: Vec<[i16; 3]> = state
        .iter()
        .map(|at| [0, 1, 2].map(|k| at[k] - first[k]))
        .collect();
    pieces.gaps.layout(pieces.ids, &at)
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
