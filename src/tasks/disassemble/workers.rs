//! Assemblies taken apart while the search still finds more: the search hands
//! each new one to a short queue that worker threads empty, and takes it apart
//! itself when the queue is full. Only the queue's assemblies are held at any
//! time, so memory stays small however many assemblies a puzzle has (holding
//! them all first took gigabytes on designs with hundreds of thousands).

use super::Taken;
use crate::disassembly::Disassembler;
use crate::error::Error;
use crate::solve::Progress;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

/// Assemblies waiting for a worker at the most: enough to keep the workers
/// busy between the search's finds.
const QUEUED: usize = 256;

/// How often progress is reported while assemblies are taken apart.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// How often the caller looks whether the helpers are done, once it has
/// nothing left to take apart itself.
const POLL: Duration = Duration::from_millis(20);

/// What the workers share: the work itself and its tallies.
pub(super) struct Workshop<'a, S> {
    /// Takes one assembly apart with a worker's own disassembler.
    work: &'a (dyn Fn(&mut Disassembler, &S) -> Result<Taken, Error> + Sync),
    /// Whether to stop taking apart (a failure, or the caller's interrupt).
    interrupted: &'a (dyn Fn() -> bool + Sync),
    new_disassembler: &'a (dyn Fn() -> Disassembler + Sync),
    failed: Mutex<Option<Error>>,
    stop: AtomicBool,
    done: AtomicUsize,
    separable: AtomicUsize,
}

/// One assembly, numbered in the order the search met it.
type Item<S> = (usize, S);

/// What a worker took apart, by number.
type Results = Vec<(usize, Taken)>;

impl<'a, S: Send> Workshop<'a, S> {
    pub fn new(
        work: &'a (dyn Fn(&mut Disassembler, &S) -> Result<Taken, Error> + Sync),
        new_disassembler: &'a (dyn Fn() -> Disassembler + Sync),
        interrupted: &'a (dyn Fn() -> bool + Sync),
    ) -> Self {
        Workshop {
            work,
            interrupted,
            new_disassembler,
            failed: Mutex::new(None),
            stop: AtomicBool::new(false),
            done: AtomicUsize::new(0),
            separable: AtomicUsize::new(0),
        }
    }

    /// Whether work stopped: a failure, or an interrupt.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || (self.interrupted)()
    }

    /// Takes apart every assembly `search` hands on (it goes on while that
    /// returns `true`), on `threads` threads in all: the caller's, which also
    /// runs the search and is handed `on_progress` for it, and the helpers.
    /// Progress is reported while the rest are taken apart after the search
    /// ended. What came of each assembly by its number (`None` where a
    /// failure or an interrupt left it out), and what `search` returned.
    pub fn run<T>(
        &self,
        threads: usize,
        search: impl FnOnce(&mut dyn FnMut(S) -> bool, &mut dyn FnMut(&Progress)) -> T,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<(Vec<Option<Taken>>, T), Error> {
        let started = Instant::now();
        let (sender, receiver) = sync_channel::<Item<S>>(QUEUED);
        let receiver = Mutex::new(receiver);
        let (met, results, returned) = std::thread::scope(|scope| {
            let helpers: Vec<ScopedJoinHandle<Results>> = (1..threads.max(1))
                .map(|_| {
                    scope.spawn(|| {
                        let mut mine = Results::new();
                        self.empty(
                            &receiver,
                            &mut (self.new_disassembler)(),
                            &mut mine,
                            &mut || {},
                        );
                        mine
                    })
                })
                .collect();
            let mut disassembler = (self.new_disassembler)();
            let mut mine = Results::new();
            let mut met = 0;
            let returned = search(
                &mut |assembly| {
                    self.hand_on(&sender, (met, assembly), &mut disassembler, &mut mine);
                    met += 1;
                    !self.stopped()
                },
                on_progress,
            );
            drop(sender);
            let mut progress = Progress::new(met, super::TAKEN_APART);
            let mut last = Instant::now();
            let mut report = |progress: &mut Progress| {
                self.report(progress, started);
                on_progress(progress);
            };
            self.empty(&receiver, &mut disassembler, &mut mine, &mut || {
                if last.elapsed() >= REPORT_EVERY {
                    last = Instant::now();
                    report(&mut progress);
                }
            });
            while helpers.iter().any(|h| !h.is_finished()) {
                std::thread::sleep(POLL);
                if last.elapsed() >= REPORT_EVERY {
                    last = Instant::now();
                    report(&mut progress);
                }
            }
            report(&mut progress);
            for helper in helpers {
                mine.extend(helper.join().expect("no worker panicked"));
            }
            (met, mine, returned)
        });
        if let Some(e) = self
            .failed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            return Err(e);
        }
        let mut taken = vec![None; met];
        for (k, outcome) in results {
            taken[k] = Some(outcome);
        }
        Ok((taken, returned))
    }

    /// Queues an assembly for the workers, or takes it apart here when the
    /// queue is full (or no worker waits on one that holds none).
    fn hand_on(
        &self,
        sender: &SyncSender<Item<S>>,
        item: Item<S>,
        disassembler: &mut Disassembler,
        out: &mut Results,
    ) {
        match sender.try_send(item) {
            Ok(()) => {}
            Err(TrySendError::Full(item) | TrySendError::Disconnected(item)) => {
                self.take(disassembler, item, out);
            }
        }
    }

    /// Takes apart what the queue holds until it is closed and empty; after a
    /// failure or an interrupt the rest is only taken off the queue, so that
    /// the search never waits on it.
    fn empty(
        &self,
        receiver: &Mutex<Receiver<Item<S>>>,
        disassembler: &mut Disassembler,
        out: &mut Results,
        on_each: &mut dyn FnMut(),
    ) {
        loop {
            let item = receiver
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .recv();
            let Ok(item) = item else {
                return;
            };
            self.take(disassembler, item, out);
            on_each();
        }
    }

    fn take(&self, disassembler: &mut Disassembler, (k, assembly): Item<S>, out: &mut Results) {
        if self.stopped() {
            return;
        }
        match (self.work)(disassembler, &assembly) {
            Ok(taken) => {
                if let Taken::Apart(_) = taken {
                    self.separable.fetch_add(1, Ordering::Relaxed);
                }
                out.push((k, taken));
                self.done.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => {
                self.stop.store(true, Ordering::Relaxed);
                self.failed
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
            }
        }
    }

    /// Progress of the take-apart: assemblies done of those met, `found` those
    /// that came apart.
    fn report(&self, progress: &mut Progress, started: Instant) {
        let finished = self.done.load(Ordering::Relaxed);
        progress.cubes_done = finished;
        progress.found = self.separable.load(Ordering::Relaxed) as u64;
        progress.elapsed = started.elapsed();
        progress.remaining = progress.proportional_remaining();
    }
}
