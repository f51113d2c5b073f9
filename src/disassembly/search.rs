//! The breadth-first search for the first separation of a sub-problem, and the
//! moves of one state in the order that decides which separation comes first.
//!
//! A state gives each piece of the sub-problem an offset from where it sits in
//! the assembly; two states are the same when every piece sits at the same
//! place relative to the sub-problem's first piece, so states are kept with
//! the first piece at the origin. A move slides a set of pieces some steps in
//! one direction; the set must hold every piece a moving piece would run into
//! within those steps, and only the side with at most half of the pieces moves
//! (the other side moving back is the same move). The moves of a state come in
//! this order: removing one piece (directions outer, pieces inner), removing a
//! set of up to half the pieces, then ordinary moves by direction, piece and
//! step, each followed by its unions with the earlier moves of the same
//! direction and step, newest first.

use super::blocking::Blocking;
use super::gaps::Gaps;
use crate::geometry::Cell;
use rustc_hash::FxHashMap;

/// A state: per piece of the sub-problem, its offset, the first piece at 0.
pub type State = Box<[[i16; 3]]>;

/// One move of a sub-problem: the pieces (as a bit set over the sub-problem's
/// pieces) that slide `distance` steps in `direction`; a removal slides them
/// without end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub moving: u64,
    pub direction: usize,
    pub distance: u32,
    pub removes: bool,
}

/// What a sub-problem's search found.
#[derive(Clone)]
pub enum Searched {
    /// The moves up to and including the first removal, and the state just
    /// before it (where both sides start their own searches).
    Separated { steps: Vec<Step>, before: State },
    /// No sequence of moves separates the pieces.
    Stuck,
    /// More states than the limit were met before an answer.
    TooManyStates,
}

/// What the search of one sub-problem needs to know of its pieces.
pub struct Pieces<'a> {
    /// The assembly's index of each piece of the sub-problem.
    pub ids: &'a [usize],
    /// Per piece of the assembly: its weight (the heavier side stays put);
    /// `None` when all weigh the same, so that no side need be weighed.
    pub weights: Option<&'a [i32]>,
    pub gaps: &'a mut Gaps,
}

/// The states met, in one flat table (`n` offsets each) with a hash index, so
/// that a state costs no allocation of its own; states are numbered in the
/// order they were met, which is the breadth-first order.
#[derive(Default)]
struct States {
    n: usize,
    offsets: Vec<[i16; 3]>,
    /// Per state: the state it was reached from and the move.
    came_from: Vec<(u32, Option<Step>)>,
    /// Per hash of a state, the last state with that hash; earlier ones are
    /// chained through `same_hash`.
    by_hash: FxHashMap<u64, u32>,
    same_hash: Vec<u32>,
}

const NONE: u32 = u32::MAX;

/// States whose memory a search leaves for the next one at the most: the
/// searches of a take-apart are mostly small, and one large one should not
/// hold its memory for the rest.
const KEPT_STATES: usize = 1 << 16;

/// What one search leaves to the next for its buffers, so that the many
/// small searches of a take-apart allocate next to nothing.
#[derive(Default)]
pub struct Scratch {
    states: States,
    blocking: Blocking,
    next: Vec<[i16; 3]>,
    state: Vec<[i16; 3]>,
    steps: Vec<Step>,
    made: Vec<(u64, u32)>,
    too_big: Vec<u64>,
}

impl Scratch {
    /// The states the last search met: after a search that ended stuck,
    /// every state from which the same pieces cannot come apart either.
    pub fn met(&self) -> impl ExactSizeIterator<Item = &[[i16; 3]]> {
        (0..self.states.len()).map(|k| self.states.get(k))
    }
}

impl States {
    /// Empties the table for states of `n` pieces, keeping its memory unless
    /// a large search left much of it.
    fn reset(&mut self, n: usize) {
        if self.came_from.capacity() > KEPT_STATES {
            *self = States::default();
        }
        self.n = n;
        self.offsets.clear();
        self.came_from.clear();
        self.by_hash.clear();
        self.same_hash.clear();
    }

    fn len(&self) -> usize {
        self.came_from.len()
    }

    fn get(&self, k: usize) -> &[[i16; 3]] {
        &self.offsets[k * self.n..(k + 1) * self.n]
    }

    /// One multiply per piece, and a last mix so that the table's low bits
    /// depend on every piece.
    fn hash(state: &[[i16; 3]]) -> u64 {
        let h = state.iter().fold(0u64, |h, at| {
            let word = u64::from(at[0] as u16)
                | u64::from(at[1] as u16) << 16
                | u64::from(at[2] as u16) << 32;
            (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95)
        });
        h ^ h >> 29
    }

    /// Adds `state` unless it was met before; whether it was added.
    fn insert(&mut self, state: &[[i16; 3]], parent: u32, step: Option<Step>) -> bool {
        let hash = States::hash(state);
        let mut k = self.by_hash.get(&hash).copied().unwrap_or(NONE);
        let first = k;
        while k != NONE {
            if self.get(k as usize) == state {
                return false;
            }
            k = self.same_hash[k as usize];
        }
        let index = self.len() as u32;
        self.offsets.extend_from_slice(state);
        self.came_from.push((parent, step));
        self.same_hash.push(first);
        self.by_hash.insert(hash, index);
        true
    }

    /// The moves from the start to state `k`.
    fn path(&self, mut k: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        while let (parent, Some(step)) = self.came_from[k] {
            steps.push(step);
            k = parent as usize;
        }
        steps.reverse();
        steps
    }
}

/// The first separation of the sub-problem from `start`, by breadth-first
/// search over states, met in the order of [`moves`]; `max_states` bounds the
/// states kept.
pub fn first_separation(
    pieces: &mut Pieces,
    start: State,
    max_states: usize,
    scratch: &mut Scratch,
) -> Searched {
    let Scratch {
        states,
        blocking,
        next,
        state,
        steps,
        made,
        too_big,
    } = scratch;
    states.reset(start.len());
    blocking.forget();
    states.insert(&start, NONE, None);
    let mut k = 0;
    // States are numbered in the order they were met: taking them in that
    // order is the breadth-first search.
    while k < states.len() {
        state.clear();
        state.extend_from_slice(states.get(k));
        blocking.work_out(pieces, state);
        if let Some(removal) = first_removal(pieces, blocking) {
            let mut steps = states.path(k);
            steps.push(removal);
            return Searched::Separated {
                steps,
                before: state.as_slice().into(),
            };
        }
        moves(pieces, blocking, steps, made, too_big);
        let motion = pieces.gaps.motion();
        for &step in steps.iter() {
            apply(state, &step, motion.step(step.direction), next);
            if states.len() >= max_states {
                return Searched::TooManyStates;
            }
            states.insert(next, k as u32, Some(step));
        }
        k += 1;
    }
    Searched::Stuck
}

/// The side that is shown moving: the heavier side stays put, so when the
/// heaviest moving piece outweighs every piece that stays, the others move the
/// opposite way instead.
fn oriented(weights: Option<&[i32]>, ids: &[usize], moving: u64, direction: usize) -> (u64, usize) {
    let Some(weights) = weights else {
        return (moving, direction);
    };
    let n = ids.len();
    let heaviest = |inside: bool| {
        (0..n)
            .filter(|&i| (moving >> i & 1 == 1) == inside)
            .map(|i| weights[ids[i]])
            .max()
            .unwrap_or(i32::MIN)
    };
    if heaviest(false) < heaviest(true) {
        (all(n) & !moving, direction ^ 1)
    } else {
        (moving, direction)
    }
}

fn all(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The first removal of the state: a single piece, then a set of up to half the
/// pieces, each by direction then piece.
fn first_removal(pieces: &Pieces, blocking: &Blocking) -> Option<Step> {
    let n = blocking.n;
    let removal = |set: u64, direction: usize| {
        let (moving, direction) = oriented(pieces.weights, pieces.ids, set, direction);
        Step {
            moving,
            direction,
            distance: 0,
            removes: true,
        }
    };
    let directions = pieces.gaps.motion().directions();
    // A single piece comes out when nothing lies ahead of it.
    for direction in 0..directions {
        if let Some(p) = (0..n).find(|&p| blocking.ahead[p][direction] == 0) {
            return Some(removal(1 << p, direction));
        }
    }
    for direction in 0..directions {
        let mut too_big = 0;
        for p in 0..n {
            match blocking.moving_set(p, direction, None, n / 2, too_big) {
                Some(set) => return Some(removal(set, direction)),
                None => too_big |= 1 << p,
            }
        }
    }
    None
}

/// Writes the state after `step` into `next`, the first piece back at the
/// origin.
fn apply(state: &[[i16; 3]], step: &Step, unit: Cell, next: &mut Vec<[i16; 3]>) {
    let by = unit.map(|v| v as i16 * step.distance as i16);
    next.clear();
    next.extend_from_slice(state);
    for (i, at) in next.iter_mut().enumerate() {
        if step.moving >> i & 1 == 1 {
            for k in 0..3 {
                at[k] += by[k];
            }
        }
    }
    let first = next[0];
    for at in next.iter_mut() {
        for k in 0..3 {
            at[k] -= first[k];
        }
    }
}

/// Every ordinary move of the state (no removal), in search order; a move
/// that leads where an earlier one of the same direction did is given once
/// (two moves of one direction and step lead to one state exactly when they
/// move the same set).
fn moves(
    pieces: &Pieces,
    blocking: &Blocking,
    out: &mut Vec<Step>,
    made: &mut Vec<(u64, u32)>,
    too_big: &mut Vec<u64>,
) {
    let n = blocking.n;
    let (weights, ids) = (pieces.weights, pieces.ids);
    out.clear();
    for direction in 0..pieces.gaps.motion().directions() {
        // The moves of this direction so far, as (set before orienting, steps).
        made.clear();
        let add = |set: u64, distance: u32, out: &mut Vec<Step>, made: &[(u64, u32)]| {
            if made.contains(&(set, distance)) {
                return false;
            }
            let (moving, oriented_direction) = oriented(weights, ids, set, direction);
            out.push(Step {
                moving,
                direction: oriented_direction,
                distance,
                removes: false,
            });
            true
        };
        // Per distance (from 1), the pieces whose sets are known to be too
        // big for it: a piece that must take too many along for a slide
        // takes at least those for a longer one.
        too_big.clear();
        for p in 0..n {
            let mut distance = 1;
            loop {
                let index = distance as usize - 1;
                if too_big.len() <= index {
                    too_big.push(too_big.last().copied().unwrap_or(0));
                }
                let Some(set) =
                    blocking.moving_set(p, direction, Some(distance), n / 2, too_big[index])
                else {
                    for longer in &mut too_big[index..] {
                        *longer |= 1 << p;
                    }
                    break;
                };
                if add(set, distance, out, made) {
                    let earlier = made.len();
                    made.push((set, distance));
                    for k in (0..earlier).rev() {
                        let (other, other_distance) = made[k];
                        let union = set | other;
                        if other_distance != distance
                            || union == set
                            || union == other
                            || union == all(n)
                        {
                            continue;
                        }
                        if add(union, distance, out, made) {
                            made.push((union, distance));
                        }
                    }
                }
                distance += 1;
            }
        }
    }
}
