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

use super::gaps::{DIRECTIONS, Gaps, axis_of};
use crate::geometry::Cell;
use std::collections::{HashSet, VecDeque};

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
pub struct Pieces<'a, 'g> {
    /// The assembly's index of each piece of the sub-problem.
    pub ids: &'a [usize],
    /// Per piece of the assembly: its weight (the heavier side stays put).
    pub weights: &'a [i32],
    pub gaps: &'a mut Gaps<'g>,
}

struct Node {
    state: State,
    parent: usize,
    step: Option<Step>,
}

/// The first separation of the sub-problem from `start`, by breadth-first
/// search over states, met in the order of [`moves`]; `max_states` bounds the
/// states kept.
pub fn first_separation(pieces: &mut Pieces, start: State, max_states: usize) -> Searched {
    let mut nodes = vec![Node {
        state: start.clone(),
        parent: usize::MAX,
        step: None,
    }];
    let mut seen: HashSet<State> = HashSet::from([start]);
    let mut open = VecDeque::from([0usize]);
    while let Some(k) = open.pop_front() {
        let state = nodes[k].state.clone();
        if let Some(removal) = first_removal(pieces, &state) {
            let mut steps = vec![removal];
            let mut at = k;
            while let Some(step) = nodes[at].step {
                steps.push(step);
                at = nodes[at].parent;
            }
            steps.reverse();
            return Searched::Separated {
                steps,
                before: state,
            };
        }
        for (next, step) in moves(pieces, &state) {
            if seen.contains(&next) {
                continue;
            }
            if nodes.len() >= max_states {
                return Searched::TooManyStates;
            }
            seen.insert(next.clone());
            nodes.push(Node {
                state: next,
                parent: k,
                step: Some(step),
            });
            open.push_back(nodes.len() - 1);
        }
    }
    Searched::Stuck
}

/// The set that must move with piece `p` when it slides `distance` steps
/// (`None` for without end) in `direction`, or `None` when it would hold more
/// than `most` pieces.
fn moving_set(
    pieces: &mut Pieces,
    state: &[[i16; 3]],
    p: usize,
    direction: usize,
    distance: Option<u32>,
    most: usize,
) -> Option<u64> {
    let at = |i: usize| -> Cell { state[i].map(i32::from) };
    let mut set = 1u64 << p;
    let mut count = 1;
    let mut todo = vec![p];
    while let Some(i) = todo.pop() {
        for j in 0..state.len() {
            if set >> j & 1 == 1 {
                continue;
            }
            let gap = pieces
                .gaps
                .gap(pieces.ids[i], at(i), pieces.ids[j], at(j), direction);
            let blocked = match (gap, distance) {
                (None, _) => false,
                (Some(_), None) => true,
                (Some(g), Some(d)) => d > g,
            };
            if blocked {
                count += 1;
                if count > most {
                    return None;
                }
                set |= 1 << j;
                todo.push(j);
            }
        }
    }
    Some(set)
}

/// The side that is shown moving: the heavier side stays put, so when the
/// heaviest moving piece outweighs every piece that stays, the others move the
/// opposite way instead.
fn oriented(weights: &[i32], ids: &[usize], moving: u64, direction: usize) -> (u64, usize) {
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
fn first_removal(pieces: &mut Pieces, state: &[[i16; 3]]) -> Option<Step> {
    let n = state.len();
    for most in [1, n / 2] {
        for direction in 0..DIRECTIONS {
            for p in 0..n {
                if let Some(set) = moving_set(pieces, state, p, direction, None, most) {
                    let (moving, direction) = oriented(pieces.weights, pieces.ids, set, direction);
                    return Some(Step {
                        moving,
                        direction,
                        distance: 0,
                        removes: true,
                    });
                }
            }
        }
    }
    None
}

/// The state after `step`, the first piece back at the origin.
fn apply(state: &[[i16; 3]], step: &Step) -> State {
    let (axis, positive) = axis_of(step.direction);
    let by = if positive {
        step.distance as i16
    } else {
        -(step.distance as i16)
    };
    let mut next: Vec<[i16; 3]> = state.to_vec();
    for (i, at) in next.iter_mut().enumerate() {
        if step.moving >> i & 1 == 1 {
            at[axis] += by;
        }
    }
    let first = next[0];
    for at in &mut next {
        for k in 0..3 {
            at[k] -= first[k];
        }
    }
    next.into_boxed_slice()
}

/// Every ordinary move of the state (no removal), in search order, with the
/// state each leads to; a state reached twice within one direction is given
/// once.
fn moves(pieces: &mut Pieces, state: &[[i16; 3]]) -> Vec<(State, Step)> {
    let n = state.len();
    let (weights, ids) = (pieces.weights, pieces.ids);
    let mut out = Vec::new();
    for direction in 0..DIRECTIONS {
        // The moves of this direction so far, as (set before orienting, steps).
        let mut made: Vec<(u64, u32)> = Vec::new();
        let mut reached: HashSet<State> = HashSet::new();
        let mut add = |set: u64, distance: u32, out: &mut Vec<(State, Step)>| {
            let (moving, oriented_direction) = oriented(weights, ids, set, direction);
            let step = Step {
                moving,
                direction: oriented_direction,
                distance,
                removes: false,
            };
            let next = apply(state, &step);
            if !reached.insert(next.clone()) {
                return false;
            }
            out.push((next, step));
            true
        };
        for p in 0..n {
            let mut distance = 1;
            while let Some(set) = moving_set(pieces, state, p, direction, Some(distance), n / 2) {
                if add(set, distance, &mut out) {
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
                        if add(union, distance, &mut out) {
                            made.push((union, distance));
                        }
                    }
                }
                distance += 1;
            }
        }
    }
    out
}
