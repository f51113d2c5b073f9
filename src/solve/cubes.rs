use super::{Enumerator, Model, Refinement, SatSolver, SolveError};
use crate::cnf::Formula;
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
    pub threads: usize,
    /// A lazy constraint every worker's solver applies (see [`SatSolver::with_refinement`]).
    pub refinement: Option<Refinement<'a>>,
}

impl<'a> CubeSearch<'a> {
    /// Calls `on_model` with every model, in no fixed order across threads, until it
    /// returns `Ok(false)` (then returns `Ok(false)`), fails, or the models run out
    /// (then returns `Ok(true)`: the enumeration is complete).
    pub fn run<E: From<SolveError>>(
        &self,
        on_model: &mut dyn FnMut(Model) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let whole = [Vec::new()];
        let cubes: &[Vec<Lit>] = if self.cubes.is_empty() {
            &whole
        } else {
            self.cubes
        };
        let threads = self.threads.clamp(1, cubes.len());
        if threads == 1 {
            // One solver for all cubes: what it learns in one cube helps the next.
            let mut solver = SatSolver::with_refinement(self.formula, self.refinement);
            for cube in cubes {
                for model in self.enumerator(&mut solver, cube) {
                    if !on_model(model?)? {
                        return Ok(false);
                    }
                }
            }
            return Ok(true);
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::sync_channel::<Result<Model, SolveError>>(64);
            for _ in 0..threads {
                let tx = tx.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    let mut solver = SatSolver::with_refinement(self.formula, self.refinement);
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= cubes.len() || stop.load(Ordering::Relaxed) {
                            return;
                        }
                        for model in self.enumerator(&mut solver, &cubes[index]) {
                            let failed = model.is_err();
                            if tx.send(model).is_err() || failed || stop.load(Ordering::Relaxed) {
                                return;
                            }
                        }
                    }
                });
            }
            drop(tx);
            let outcome = (|| {
                for model in rx.iter() {
                    if !on_model(model?)? {
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

    fn enumerator<'s>(&self, solver: &'s mut SatSolver<'a>, cube: &[Lit]) -> Enumerator<'s, 'a> {
        let e = Enumerator::under(solver, self.projection, cube);
        if self.projection_constant_weight {
            e.blocking_true_literals_only()
        } else {
            e
        }
    }
}

/// Worker threads to use by default: the machine's cores.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
