//! Sharing a search tree among threads, whatever walks it: the tree is cut a
//! few levels down into units (subtrees, numbered in depth-first order) that
//! worker threads claim one at a time; every thread walks the few levels above
//! the cut itself, so nothing is handed between threads but the claims. The
//! cut depends only on the tree, so the units, and the result, are the same
//! whatever the number of threads. The exact-cover cores and the path search
//! both walk their trees behind [`Tree`].

mod here;
mod order;
mod remaining;
mod signal;
mod tree;

pub(crate) use here::HandedHere;
pub(crate) use signal::Signal;

pub(crate) use tree::{Core, Random, Tree, UnitVisitor};

use order::{AHEAD_PER_THREAD, Handed, Handing};
use remaining::{ESTIMATE_BUDGET, Remaining, estimate_units};

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The cut is placed at the first depth with at least this many units (or at the
/// bottom of a smaller tree), unless the search asks for fewer (see
/// [`Sharing::units_wanted`]). Enough for threads to share evenly even when a
/// few units hold most of the work; few enough that walking above the cut costs
/// nothing next to the search below it.
pub(crate) const UNITS_WANTED: usize = 2_000;

/// How often the thread that runs a search reports its progress while no
/// unit ends (on a large tree none may end for hours).
const TICK: Duration = Duration::from_millis(500);

/// How long a search runs before the time it has left is estimated: shorter
/// ones end before a person reads the estimate, and are spared its cost.
const ESTIMATE_AFTER: Duration = Duration::from_secs(1);

/// Stack for a worker thread: the search recurses once per choice made.
const WORKER_STACK: usize = 256 << 20;

/// How a tree's search is shared out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sharing {
    pub threads: usize,
    /// What the caller is handed.
    pub wanted: Wanted,
    /// Estimate the size of each unit once the search has run a second, for
    /// [`TreeProgress::remaining`].
    pub estimate: bool,
    /// Search only share `index` of `count` (`(index, count)`, from 0): the units
    /// whose number is `index` modulo `count`, interleaved so that the shares carry
    /// similar work. The units depend on the tree alone, so the shares are the
    /// same on every machine.
    pub part: Option<(usize, usize)>,
    /// The units the cut is to make at least (see [`UNITS_WANTED`]); a search
    /// that knows its tree small asks for fewer, from what the tree alone
    /// says, so that the units stay the same on every machine.
    pub units_wanted: usize,
}

/// What a search hands its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// The number of solutions alone.
    Number,
    /// Each solution, in no fixed order across threads.
    Each,
    /// The first solution in the tree's order and no other: the same whatever
    /// the threads do, as it is held back until every unit before its own is
    /// searched.
    First,
    /// Each solution, in the tree's order whatever the threads do: a unit's
    /// are held back until every unit before it is handed on, and no thread
    /// runs more than a few units past those.
    InOrder,
}

/// How far a search has got.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeProgress {
    /// Units searched to the end, out of `units`.
    pub units_done: usize,
    pub units: usize,
    /// Solutions in the units searched to the end.
    pub solutions: u64,
    /// Search-tree nodes visited in the units searched to the end.
    pub nodes: u64,
    /// The time still needed, from the estimated size of the units not yet
    /// searched (scaled by how the estimates of finished units compared with their
    /// real size, once one has) and the rate of nodes so far; `None` in the
    /// search's first second or without [`Sharing::estimate`].
    pub remaining: Option<Duration>,
}

/// What a finished search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOutcome {
    /// Solutions found (all of them when `complete`).
    pub solutions: u64,
    /// False when the caller stopped the search.
    pub complete: bool,
}

/// What a search reports, in the order it happens.
pub enum TreeEvent {
    /// A solution's choices (only when [`Sharing::solutions`] is set).
    Solution(Vec<u32>),
    /// A unit was searched to the end.
    Progress(TreeProgress),
}

/// Solutions a worker holds back before sending them together: a message
/// wakes the receiving thread, which costs more than finding a solution of a
/// small puzzle.
const BATCH: usize = 256;

/// The longest a worker holds back what it found (at the end of a unit): the
/// progress shown stays this fresh, and thousands of small units do not
/// wake the receiving thread thousands of times.
const HOLD: Duration = Duration::from_millis(50);

/// What a worker sends: solutions in the order found, then the units it
/// finished since its last message (their solutions are in this message or
/// an earlier one). Handing in the tree's order, the solutions are all of one
/// `unit`'s (searching for the first, the first of that unit).
struct Message {
    solutions: Vec<Vec<u32>>,
    units: Vec<UnitDone>,
    unit: Option<usize>,
}

struct UnitDone {
    unit: usize,
    nodes: u64,
    solutions: u64,
}

impl Sharing {
    /// Every solution handed to the caller.
    pub(crate) fn every_solution(
        threads: usize,
        estimate: bool,
        part: Option<(usize, usize)>,
    ) -> Sharing {
        Sharing {
            threads,
            wanted: Wanted::Each,
            estimate,
            part,
            units_wanted: UNITS_WANTED,
        }
    }

    /// The same sharing, handing out `wanted`.
    pub(crate) fn handing(self, wanted: Wanted) -> Sharing {
        Sharing { wanted, ..self }
    }

    /// The search of a large tree, cut into units that threads share.
    pub(crate) fn run_on<C: Core, E>(
        &self,
        core: &C,
        on_event: &mut dyn FnMut(TreeEvent) -> Result<bool, E>,
    ) -> Result<TreeOutcome, E> {
        let mine = |unit: usize| self.part.is_none_or(|(index, count)| unit % count == index);
        let (limit, units) = cut(core, self.units_wanted);
        let share = (0..units).filter(|&u| mine(u)).count();
        // Units of other shares count as taken.
        let claimed: Vec<AtomicBool> = (0..units).map(|u| AtomicBool::new(!mine(u))).collect();
        let signal = Signal::new();
        let threads = self.threads.clamp(1, share.max(1));
        let started = Instant::now();
        // The unit the workers go by when solutions are handed in order (see
        // `Handing::take`).
        let mark = AtomicUsize::new(0);
        let mut handing = Handing::new(self.wanted, units, &mine, &mark);
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::sync_channel::<Message>(1024);
            for _ in 0..threads {
                let tx = tx.clone();
                let signal = &signal;
                let mode = Mode {
                    wanted: self.wanted,
                    mark: &mark,
                    ahead: AHEAD_PER_THREAD * threads,
                    signal,
                };
                let claimed = &claimed;
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || {
                        work(core.walk(signal), limit, claimed, mode, &tx)
                    })
                    .expect("a worker thread starts");
            }
            drop(tx);
            let mut progress = TreeProgress {
                units: share,
                ..TreeProgress::default()
            };
            let mut finished: Vec<(usize, u64)> = Vec::new();
            let mut tracker: Option<Remaining> = None;
            let mut handed = 0u64;
            let outcome = (|| {
                loop {
                    let message = match rx.recv_timeout(TICK) {
                        Ok(message) => Some(message),
                        Err(mpsc::RecvTimeoutError::Timeout) => None,
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    };
                    if let Some(mut message) = message {
                        let mut hand = |solution| {
                            handed += 1;
                            on_event(TreeEvent::Solution(solution))
                        };
                        if let Handed::Enough = handing.take(&mut message, &mark, &mut hand)? {
                            return Ok(false);
                        }
                        for done in message.units {
                            progress.units_done += 1;
                            progress.nodes += done.nodes;
                            progress.solutions += done.solutions;
                            match &mut tracker {
                                Some(t) => t.finished(done.unit, done.nodes),
                                // Told to the estimate once it is made.
                                None => finished.push((done.unit, done.nodes)),
                            }
                        }
                    }
                    // Searches that end within a second need no estimate; for
                    // the others it is made here, beside the workers.
                    if self.estimate
                        && tracker.is_none()
                        && progress.units_done < share
                        && started.elapsed() >= ESTIMATE_AFTER
                    {
                        let estimates = estimate_units(core, limit, units, &mine, ESTIMATE_BUDGET);
                        let mut t = Remaining::new(estimates);
                        for (unit, nodes) in finished.drain(..) {
                            t.finished(unit, nodes);
                        }
                        tracker = Some(t);
                    }
                    if let Some(t) = &tracker {
                        progress.remaining =
                            t.time_left(signal.nodes(), started.elapsed().as_secs_f64());
                    }
                    if !on_event(TreeEvent::Progress(progress))? {
                        return Ok(false);
                    }
                }
                let mut hand = |solution| {
                    handed += 1;
                    on_event(TreeEvent::Solution(solution))
                };
                if let Handed::Enough = handing.finish(&mut hand)? {
                    return Ok(false);
                }
                Ok(progress.units_done == share)
            })();
            signal.stop();
            drop(rx);
            outcome.map(|complete| TreeOutcome {
                solutions: if self.wanted != Wanted::Number {
                    handed
                } else {
                    progress.solutions
                },
                complete,
            })
        })
    }
}

/// What a worker hands on, and the calling thread's mark it goes by.
#[derive(Clone, Copy)]
struct Mode<'a> {
    wanted: Wanted,
    /// For the first solution, the unit of the best found so far: no later
    /// unit can hold the first. In order, the first unit not yet handed on:
    /// no worker takes a unit more than `ahead` past it.
    mark: &'a AtomicUsize,
    ahead: usize,
    /// Told when the search stops, which ends a worker's wait.
    signal: &'a Signal,
}

impl Mode<'_> {
    /// Whether the worker may take `unit`, waiting in order until it is near
    /// enough to the mark; false when it never may (nor any later unit).
    fn may_take(&self, unit: usize) -> bool {
        match self.wanted {
            Wanted::First => unit <= self.mark.load(Ordering::Relaxed),
            Wanted::InOrder => {
                while unit > self.mark.load(Ordering::Relaxed).saturating_add(self.ahead) {
                    if self.signal.stopped() {
                        return false;
                    }
                    std::thread::sleep(WAIT);
                }
                true
            }
            Wanted::Number | Wanted::Each => true,
        }
    }
}

/// How long a worker running ahead of the units handed on in order sleeps
/// before it looks again.
const WAIT: Duration = Duration::from_millis(1);

/// One thread: walks above the cut, claims units nobody has taken yet and searches
/// them, sending what it finds. Its first solution goes at once (a caller may
/// want only one); later ones in batches of [`BATCH`], or with the units
/// finished, at most [`HOLD`] after the last message and when it runs out of
/// units. For the first solution or in order, each unit goes alone, as soon
/// as it is searched (for the first, as soon as it has a solution).
fn work<T: Tree>(
    mut walk: T,
    limit: usize,
    claimed: &[AtomicBool],
    mode: Mode<'_>,
    tx: &mpsc::SyncSender<Message>,
) {
    let mut next = 0;
    let mut sent_any = false;
    let mut held = Message {
        solutions: Vec::new(),
        units: Vec::new(),
        unit: None,
    };
    let mut last_sent = Instant::now();
    let send = |held: &mut Message, last_sent: &mut Instant| {
        *last_sent = Instant::now();
        let message = Message {
            solutions: std::mem::take(&mut held.solutions),
            units: std::mem::take(&mut held.units),
            unit: held.unit.take(),
        };
        tx.send(message).is_ok()
    };
    let by_unit = matches!(mode.wanted, Wanted::First | Wanted::InOrder);
    let finished = walk.units(limit, &mut next, &mut |walk, unit, _| {
        if !mode.may_take(unit) {
            return false;
        }
        if claimed[unit].swap(true, Ordering::Relaxed) {
            return true;
        }
        let nodes_before = walk.nodes();
        let mut solutions = 0u64;
        let finished = walk.search(&mut |chosen| {
            solutions += 1;
            match mode.wanted {
                Wanted::Number => true,
                // The unit's first solution: no later one of this worker's
                // can come first in the tree.
                Wanted::First => {
                    held.solutions.push(chosen.to_vec());
                    held.unit = Some(unit);
                    send(&mut held, &mut last_sent);
                    false
                }
                Wanted::InOrder => {
                    held.solutions.push(chosen.to_vec());
                    true
                }
                Wanted::Each => {
                    held.solutions.push(chosen.to_vec());
                    if sent_any && held.solutions.len() < BATCH {
                        return true;
                    }
                    sent_any = true;
                    send(&mut held, &mut last_sent)
                }
            }
        });
        if !finished {
            return false;
        }
        held.units.push(UnitDone {
            unit,
            nodes: walk.nodes() - nodes_before,
            solutions,
        });
        if by_unit {
            held.unit = Some(unit);
            return send(&mut held, &mut last_sent);
        }
        last_sent.elapsed() < HOLD || send(&mut held, &mut last_sent)
    });
    if finished && !held.units.is_empty() {
        send(&mut held, &mut last_sent);
    }
}

/// The depth of the cut and the number of units it makes: the first depth with at
/// least `wanted` units, or the bottom of the tree. (A small tree is not
/// cut: it is one unit, the root.)
fn cut<C: Core>(core: &C, wanted: usize) -> (usize, usize) {
    let never = Signal::new();
    let mut walk = core.walk(&never);
    let mut limit = 0;
    loop {
        let mut units = 0;
        let mut deeper = false;
        walk.units(limit, &mut units, &mut |_, _, at_limit| {
            deeper |= at_limit;
            true
        });
        if units >= wanted || !deeper {
            return (limit, units);
        }
        limit += 1;
    }
}

#[cfg(test)]
mod tests;
