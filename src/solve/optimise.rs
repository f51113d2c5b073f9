use super::{CubeSearch, Model, Outcome, SatSolver, SolveError};
use crate::cnf::Totalizer;
use varisat::Lit;

/// A model of least cost together with the fact that one less is impossible.
#[derive(Clone, Debug)]
pub struct Optimum {
    pub cost: usize,
    pub model: Model,
}

/// Minimises the number of true `cost_lits` by a descending bound loop: find a model,
/// then ask for one with a cost below it through the totalizer's "at most k" output,
/// until the solver proves the bound infeasible. The last unsatisfiable call is the
/// proof of optimality. Returns `None` when the formula has no model at all.
///
/// `counter` must count `cost_lits` with a cap of at least `cost_lits.len()`.
/// `on_better` is told the cost of each model better than the last, so that a long
/// proof can show how far it has got.
pub fn minimise(
    solver: &mut SatSolver,
    counter: &Totalizer,
    cost_lits: &[Lit],
    on_better: &mut dyn FnMut(usize),
) -> Result<Option<Optimum>, SolveError> {
    bound_loop(counter, cost_lits, on_better, |bound| {
        let assumptions: Vec<Lit> = bound.into_iter().collect();
        Ok(match solver.solve_under(&assumptions)? {
            Outcome::Unsatisfiable => None,
            Outcome::Satisfiable(model) => Some(model),
        })
    })
}

/// [`minimise`] with every bound query split into `cubes` shared by `threads`
/// workers (each with its own solver): the last, unsatisfiable query — the proof of
/// optimality, usually the expensive one — is then spread over the cores.
pub fn minimise_in_cubes(
    search: CubeSearch<'_>,
    counter: &Totalizer,
    cost_lits: &[Lit],
    on_better: &mut dyn FnMut(usize),
) -> Result<Option<Optimum>, SolveError> {
    let whole = [Vec::new()];
    let cubes: &[Vec<Lit>] = if search.cubes.is_empty() {
        &whole
    } else {
        search.cubes
    };
    bound_loop(counter, cost_lits, on_better, |bound| {
        let bounded: Vec<Vec<Lit>> = cubes
            .iter()
            .map(|cube| cube.iter().copied().chain(bound).collect())
            .collect();
        let query = CubeSearch {
            projection: &[],
            cubes: &bounded,
            // The same model every run, and so the same optimum.
            first_only: true,
            ..search
        };
        let mut found = None;
        query.run(&mut |model: Model| -> Result<bool, SolveError> {
            found = Some(model);
            Ok(false)
        })?;
        Ok(found)
    })
}

/// The descending loop shared by both: `first_model(bound)` finds a model under the
/// optional "cost at most k" literal, or proves there is none.
fn bound_loop(
    counter: &Totalizer,
    cost_lits: &[Lit],
    on_better: &mut dyn FnMut(usize),
    mut first_model: impl FnMut(Option<Lit>) -> Result<Option<Model>, SolveError>,
) -> Result<Option<Optimum>, SolveError> {
    let cost_of = |m: &Model| cost_lits.iter().filter(|&&l| m.lit(l)).count();
    let Some(model) = first_model(None)? else {
        return Ok(None);
    };
    let mut best = Optimum {
        cost: cost_of(&model),
        model,
    };
    on_better(best.cost);
    while best.cost > 0 {
        let bound = counter
            .at_most(best.cost - 1)
            .expect("the counter counts up to every reachable cost");
        match first_model(Some(bound))? {
            None => break,
            Some(model) => {
                let cost = cost_of(&model);
                if cost >= best.cost {
                    // The bound literal does not bound the cost: a wrong counter.
                    // Looping would never end, and returning `best` would be unproved.
                    return Err(SolveError(format!(
                        "the cost bound at most {} admitted a model of cost {cost}",
                        best.cost - 1
                    )));
                }
                best = Optimum { cost, model };
                on_better(cost);
            }
        }
    }
    Ok(Some(best))
}
