//! The first model in the cubes' order, the same on every run.
//!
//! A solver's model of a cube depends on what it searched before, so which
//! solver searches which cube is fixed: the groups of cubes are dealt round
//! to [`LANES`] solvers (group `g` to lane `g % LANES`), each lane searches
//! its groups in order, and each thread runs a fixed set of lanes. A model
//! found in one group bounds the search (no lane starts a later group) and is
//! handed out once every earlier group is known to have none. Which model
//! comes out then depends on the formula and the cubes alone: never on the
//! threads, how many there are, or how fast each runs.

use super::{CubeSearch, SearchEvent, Worker};
use crate::solve::{Model, SolveError};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use varisat::Lit;

/// The solvers the groups are dealt to: a constant, so that the model found
/// is the same on a machine of any number of cores (threads past it have no
/// lane of their own). More lanes each learn from fewer cubes, which costs
/// more than their parallelism gains on the puzzles measured (BENCHMARKS.md,
/// "The same solution on every run").
pub(super) const LANES: usize = 2;

/// What a thread tells the calling thread.
enum Report {
    /// A cube searched to the end without a model.
    CubeDone,
    /// Every cube of a group searched to the end without a model.
    GroupDone(usize),
    /// The first model of a group.
    Found {
        group: usize,
        model: Model,
    },
    Failed(SolveError),
}

impl CubeSearch<'_> {
    /// Hands `on_event` the progress (each cube done) and then the first model
    /// of the first cube that has one, if any; returns `Ok(true)` when no cube
    /// has a model, and `Ok(false)` otherwise or when `on_event` stops it.
    pub(super) fn first_model<E: From<SolveError>>(
        &self,
        cubes: &[Vec<Lit>],
        groups: &[Range<usize>],
        on_event: &mut dyn FnMut(SearchEvent) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let lanes = LANES.min(groups.len()).max(1);
        let threads = self.threads.clamp(1, lanes);
        let bound = AtomicUsize::new(usize::MAX);
        let stop = AtomicBool::new(false);
        let best = std::thread::scope(|scope| -> Result<Option<(usize, Model)>, E> {
            let (tx, rx) = mpsc::sync_channel::<Report>(64);
            for thread in 0..threads {
                let tx = tx.clone();
                let (bound, stop) = (&bound, &stop);
                scope.spawn(move || {
                    // This thread's lanes, each with its own solver.
                    let mut workers: Vec<Worker> = (0..lanes).map(|_| Worker::new(self)).collect();
                    let mine = (0..groups.len()).filter(|g| (g % lanes) % threads == thread);
                    for g in mine {
                        if g > bound.load(Ordering::Relaxed) {
                            return;
                        }
                        let ahead =
                            || !stop.load(Ordering::Relaxed) && g <= bound.load(Ordering::Relaxed);
                        let worker = &mut workers[g % lanes];
                        let Some(report) = worker.first_in(g, groups[g].clone(), cubes, &tx, ahead)
                        else {
                            return;
                        };
                        let last = !matches!(report, Report::GroupDone(_));
                        if tx.send(report).is_err() || last {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            let mut done = vec![false; groups.len()];
            let mut best: Option<(usize, Model)> = None;
            let outcome = (|| {
                for report in rx.iter() {
                    match report {
                        Report::CubeDone => {
                            if !on_event(SearchEvent::CubeDone)? {
                                return Ok(None);
                            }
                        }
                        Report::GroupDone(g) => done[g] = true,
                        Report::Found { group, model } => {
                            if best.as_ref().is_none_or(|(b, _)| group < *b) {
                                bound.store(group, Ordering::Relaxed);
                                best = Some((group, model));
                            }
                        }
                        Report::Failed(e) => return Err(E::from(e)),
                    }
                    if best
                        .as_ref()
                        .is_some_and(|(b, _)| done[..*b].iter().all(|&d| d))
                    {
                        break;
                    }
                }
                // Every thread has stopped or every group before the best is done.
                Ok(best.take())
            })();
            stop.store(true, Ordering::Relaxed);
            outcome
        })?;
        let Some((_, model)) = best else {
            return Ok(true);
        };
        on_event(SearchEvent::Model(model))?;
        Ok(false)
    }
}

impl Worker<'_, '_> {
    /// Searches group `g` (the cubes `range`) for its first model, telling
    /// `tx` of each cube done, while `ahead` holds; `None` when it stopped
    /// before the end.
    fn first_in(
        &mut self,
        g: usize,
        range: Range<usize>,
        cubes: &[Vec<Lit>],
        tx: &mpsc::SyncSender<Report>,
        ahead: impl Fn() -> bool,
    ) -> Option<Report> {
        let group = &cubes[range.clone()];
        let fixed = self.ready(group);
        for cube in group {
            if !ahead() {
                return None;
            }
            match self.models(cube, fixed).next() {
                Some(Ok(model)) => {
                    return Some(Report::Found { group: g, model });
                }
                Some(Err(e)) => return Some(Report::Failed(e)),
                None => {
                    if tx.send(Report::CubeDone).is_err() {
                        return None;
                    }
                }
            }
        }
        Some(Report::GroupDone(g))
    }
}
