mod first;

use super::{Enumerator, Model, Refinement, SatSolver, SolveError};
use crate::cnf::Formula;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use varisat::{Lit, Var};

/// A search split into cubes: disjoint assumption sets that together cover every
/// model. Each cube is enumerated on its own (blocking clauses stay valid across
/// cubes because the cubes are disjoint), on one solver or on several threads.
#[derive(Clone, Copy)]
pub struct CubeSearch<'a> {
    pub formula: &'a Formula,
    pub projection: &'a [Var],
    pub projection_constant_weight: bool,
    /// Empty means one cube with no assumptions.
    pub cubes: &'a [Vec<Lit>],
    /// How many leading literals of each cube are fixed rather than assumed. With
    /// 0, each worker keeps one solver for all its cubes, so what it learns in one
    /// cube helps the next. With k > 0, consecutive cubes that share their first k
    /// literals form a group solved on a fresh solver holding those literals as unit
    /// clauses: the solver then simplifies the formula once for the group, and its
    /// learnt clauses are free of assumptions. That pays when fixing the literals
    /// settles a large part of the formula (a snake's start cell, say).
    pub fixed_prefix: usize,
    pub threads: usize,
    /// A lazy constraint every worker's solver applies (see [`SatSolver::with_refinement`]).
    pub refinement: Option<Refinement<'a>>,
    /// Only the first model is wanted: the first of the first cube that has
    /// one, the same whatever the threads do (see `first_model`).
    pub first_only: bool,
}

/// What a cube search reports, in the order it happens on each thread.
#[derive(Debug)]
pub enum SearchEvent {
    Model(Model),
    /// One more cube has been searched to the end.
    CubeDone,
}

impl<'a> CubeSearch<'a> {
    /// Calls `on_model` with every model, in no fixed order across threads, until it
    /// returns `Ok(false)` (then returns `Ok(false)`), fails, or the models run out
    /// (then returns `Ok(true)`: the enumeration is complete).
    pub fn run<E: From<SolveError>>(
        &self,
        on_model: &mut dyn FnMut(Model) -> Result<bool, E>,
    ) -> Result<bool, E> {
        self.run_events(&mut |event| match event {
            SearchEvent::Model(model) => on_model(model),
            SearchEvent::CubeDone => Ok(true),
        })
    }

    /// The cubes, never empty: no split is one cube without assumptions.
    pub fn cube_count(&self) -> usize {
        self.cubes.len().max(1)
    }

    /// [`run`](Self::run), also told each time a cube is finished, so that a caller
    /// can show how far the search has got even while it finds nothing.
    pub fn run_events<E: From<SolveError>>(
        &self,
        on_event: &mut dyn FnMut(SearchEvent) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let whole = [Vec::new()];
        let cubes: &[Vec<Lit>] = if self.cubes.is_empty() {
            &whole
        } else {
            self.cubes
        };
        let groups = self.groups(cubes);
        if self.first_only {
            return self.first_model(cubes, &groups, on_event);
        }
        let threads = self.threads.clamp(1, groups.len());
        if threads == 1 {
            let mut worker = Worker::new(self);
            let mut outcome = Ok(true);
            let mut sink = |event: Result<SearchEvent, SolveError>| match event
                .map_err(E::from)
                .and_then(&mut *on_event)
            {
                Ok(true) => true,
                other => {
                    outcome = other;
                    false
                }
            };
            for group in &groups {
                if !worker.group(&cubes[group.clone()], &mut sink) {
                    break;
                }
            }
            return outcome;
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::sync_channel::<Result<SearchEvent, SolveError>>(64);
            for _ in 0..threads {
                let tx = tx.clone();
                let (next, stop, groups) = (&next, &stop, &groups);
                scope.spawn(move || {
                    let mut worker = Worker::new(self);
                    let mut sink = |event: Result<SearchEvent, SolveError>| {
                        let failed = event.is_err();
                        !(tx.send(event).is_err() || failed || stop.load(Ordering::Relaxed))
                    };
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= groups.len()
                            || stop.load(Ordering::Relaxed)
                            || !worker.group(&cubes[groups[index].clone()], &mut sink)
                        {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            let outcome = (|| {
                for event in rx.iter() {
                    if !on_event(event?)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            })();
            // Tell the workers to stop; dropping the receiver fails their next send.
            stop.store(true, Ordering::Relaxed);
            outcome
        })
    }

    /// The units of work handed to threads: single cubes when nothing is fixed,
    /// otherwise runs of consecutive cubes with the same fixed literals.
    fn groups(&self, cubes: &[Vec<Lit>]) -> Vec<Range<usize>> {
        if self.fixed_prefix == 0 {
            return (0..cubes.len()).map(|i| i..i + 1).collect();
        }
        let mut groups: Vec<Range<usize>> = Vec::new();
        for (i, cube) in cubes.iter().enumerate() {
            match groups.last_mut() {
                Some(last) if self.fixed(&cubes[last.start]) == self.fixed(cube) => {
                    last.end = i + 1
                }
                _ => groups.push(i..i + 1),
            }
        }
        groups
    }

    fn fixed<'c>(&self, cube: &'c [Lit]) -> &'c [Lit] {
        &cube[..self.fixed_prefix.min(cube.len())]
    }

    fn enumerator<'s>(&self, solver: &'s mut SatSolver<'a>, cube: &[Lit]) -> Enumerator<'s, 'a> {
        let e = Enumerator::under(solver, self.projection, cube);
        if self.projection_constant_weight {
            e.blocking_true_literals_only()
        } else {
            e
        }
    }
}

/// One thread's solver: kept across groups when nothing is fixed, made anew with
/// the group's units otherwise.
struct Worker<'s, 'a> {
    search: &'s CubeSearch<'a>,
    solver: Option<SatSolver<'a>>,
}

impl<'s, 'a> Worker<'s, 'a> {
    fn new(search: &'s CubeSearch<'a>) -> Worker<'s, 'a> {
        Worker {
            search,
            solver: None,
        }
    }

    /// Readies the solver for a group of cubes that share their fixed
    /// literals, and returns how many leading literals of each are fixed.
    fn ready(&mut self, group: &[Vec<Lit>]) -> usize {
        let search = self.search;
        let fixed = search.fixed(&group[0]);
        if search.fixed_prefix > 0 || self.solver.is_none() {
            let mut solver = SatSolver::with_refinement(search.formula, search.refinement);
            for &lit in fixed {
                solver.add_clause(&[lit]);
            }
            self.solver = Some(solver);
        }
        fixed.len()
    }

    /// The models of `cube`, from the group the solver was last readied for.
    fn models(&mut self, cube: &[Lit], fixed: usize) -> Enumerator<'_, 'a> {
        let solver = self.solver.as_mut().expect("readied for the group");
        self.search.enumerator(solver, &cube[fixed..])
    }

    /// Feeds the models of a group of cubes that share their fixed literals to
    /// `sink`, in order and each cube's end after its models, until `sink` returns
    /// false; then returns false.
    fn group(
        &mut self,
        group: &[Vec<Lit>],
        sink: &mut dyn FnMut(Result<SearchEvent, SolveError>) -> bool,
    ) -> bool {
        let fixed = self.ready(group);
        for cube in group {
            for model in self.models(cube, fixed) {
                if !sink(model.map(SearchEvent::Model)) {
                    return false;
                }
            }
            if !sink(Ok(SearchEvent::CubeDone)) {
                return false;
            }
        }
        true
    }
}

/// Worker threads to use by default: the machine's cores.
pub fn default_threads() -> usize {
    // Asking the system reads cgroup files each time; a run asks several times.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
