//! When the calling thread hands on what the workers send: as it comes, or in
//! the tree's order, whatever the threads do.

use super::{Message, Wanted};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many units past the first not yet handed on a worker may take when
/// solutions are handed in the tree's order, per thread: enough to keep the
/// threads busy past a slow unit, few enough that the solutions held back
/// stay a small part of the tree's.
pub(super) const AHEAD_PER_THREAD: usize = 8;

/// The calling thread's side of the order solutions are handed in.
pub(super) enum Handing {
    /// Each solution as it comes (or only their number).
    AsFound,
    /// The first solution in the tree's order: the best so far (its unit)
    /// waits until every unit before its own is searched.
    First {
        best: Option<(usize, Vec<u32>)>,
        searched: Vec<bool>,
    },
    /// Every solution in the tree's order: each unit's wait until every unit
    /// before it is handed on.
    InOrder {
        held: BTreeMap<usize, Vec<Vec<u32>>>,
        /// The first unit not yet handed on.
        next: usize,
        /// The units of this share (the others are never searched).
        mine: Vec<bool>,
    },
}

/// What became of a message.
pub(super) enum Handed {
    /// Go on.
    More,
    /// The caller stopped the search, or has the one solution it wanted.
    Enough,
}

impl Handing {
    /// The handing for `wanted` over `units` units, of which `mine` are this
    /// share's; `mark` is told the unit workers go by (see [`Handing::mark`]).
    pub(super) fn new(
        wanted: Wanted,
        units: usize,
        mine: &dyn Fn(usize) -> bool,
        mark: &AtomicUsize,
    ) -> Handing {
        let mine: Vec<bool> = (0..units).map(mine).collect();
        match wanted {
            Wanted::Number | Wanted::Each => Handing::AsFound,
            Wanted::First => {
                mark.store(usize::MAX, Ordering::Relaxed);
                Handing::First {
                    best: None,
                    searched: mine.iter().map(|&m| !m).collect(),
                }
            }
            Wanted::InOrder => {
                let mut handing = Handing::InOrder {
                    held: BTreeMap::new(),
                    next: 0,
                    mine,
                };
                handing
                    .advance(mark, &mut |_| Ok::<bool, ()>(true))
                    .expect("nothing handed yet");
                handing
            }
        }
    }

    /// Hands `on_solution` what `message` makes ready (taking its solutions),
    /// in order, and updates
    /// `mark`: for the first solution, the unit of the best so far (no worker
    /// takes a later one); in order, the first unit not yet handed on (no
    /// worker runs too far past it).
    pub(super) fn take<E>(
        &mut self,
        message: &mut Message,
        mark: &AtomicUsize,
        on_solution: &mut dyn FnMut(Vec<u32>) -> Result<bool, E>,
    ) -> Result<Handed, E> {
        match self {
            Handing::AsFound => {
                for solution in std::mem::take(&mut message.solutions) {
                    if !on_solution(solution)? {
                        return Ok(Handed::Enough);
                    }
                }
                Ok(Handed::More)
            }
            Handing::First { best, searched } => {
                let first = std::mem::take(&mut message.solutions).into_iter().next();
                if let (Some(unit), Some(solution)) = (message.unit, first)
                    && best.as_ref().is_none_or(|(b, _)| unit < *b)
                {
                    mark.store(unit, Ordering::Relaxed);
                    *best = Some((unit, solution));
                }
                for done in &message.units {
                    searched[done.unit] = true;
                }
                // The first solution in the tree's order is known once every
                // unit before its own is searched.
                match best {
                    Some((unit, _)) if searched[..*unit].iter().all(|&s| s) => {
                        let (_, solution) = best.take().expect("a best solution");
                        on_solution(solution)?;
                        Ok(Handed::Enough)
                    }
                    _ => Ok(Handed::More),
                }
            }
            Handing::InOrder { held, .. } => {
                if let Some(unit) = message.unit {
                    held.insert(unit, std::mem::take(&mut message.solutions));
                }
                self.advance(mark, on_solution)
            }
        }
    }

    /// Every worker has stopped: hands on what is still held that nothing
    /// can come before (the first solution once its unit's predecessors are
    /// all searched; in order, the units whose predecessors are all handed).
    pub(super) fn finish<E>(
        &mut self,
        on_solution: &mut dyn FnMut(Vec<u32>) -> Result<bool, E>,
    ) -> Result<Handed, E> {
        match self {
            Handing::First { best, searched } => match best.take() {
                Some((unit, solution)) if searched[..unit].iter().all(|&s| s) => {
                    on_solution(solution)?;
                    Ok(Handed::Enough)
                }
                _ => Ok(Handed::More),
            },
            Handing::AsFound | Handing::InOrder { .. } => Ok(Handed::More),
        }
    }

    /// In order: hands on every held unit whose predecessors are all handed
    /// (passing over units of other shares), and tells `mark`.
    fn advance<E>(
        &mut self,
        mark: &AtomicUsize,
        on_solution: &mut dyn FnMut(Vec<u32>) -> Result<bool, E>,
    ) -> Result<Handed, E> {
        let Handing::InOrder { held, next, mine } = self else {
            return Ok(Handed::More);
        };
        let mut outcome = Handed::More;
        while *next < mine.len() {
            if mine[*next] {
                let Some(solutions) = held.remove(next) else {
                    break;
                };
                for solution in solutions {
                    if !on_solution(solution)? {
                        outcome = Handed::Enough;
                        break;
                    }
                }
            }
            *next += 1;
            if matches!(outcome, Handed::Enough) {
                break;
            }
        }
        mark.store(*next, Ordering::Relaxed);
        Ok(outcome)
    }
}
