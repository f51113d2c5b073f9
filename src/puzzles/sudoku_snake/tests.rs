//! The formula with every rule as clauses (the one `cnf` prints and proofs
//! refute) against the search, which cuts loops lazily; the integration tests
//! hold the search to a brute force.

use super::{Rules, SudokuSnake};
use crate::family::{EncodeOptions, Puzzle};
use crate::solve::{Enumerator, SatSolver};
use crate::testing::search::{formula_solutions, searched_solutions};
use crate::types::Engine;

fn rules(size: usize, box_shape: [usize; 2], even: usize, visit: bool) -> Rules {
    Rules {
        size,
        box_shape,
        even_per_unit: even,
        visit_every_box: visit,
        ..Rules::classic()
    }
}

#[test]
fn the_formula_with_every_rule_as_clauses_has_the_snakes_the_search_finds() {
    let mut solvable = 0;
    for (box_shape, even) in [
        ([2, 2], 2),
        ([2, 2], 1),
        ([2, 2], 3),
        ([1, 4], 2),
        ([2, 2], 0),
    ] {
        for visit in [true, false] {
            let p = SudokuSnake::new(rules(4, box_shape, even, visit)).unwrap();
            let searched = searched_solutions(&p, Engine::Sat);
            solvable += usize::from(!searched.is_empty());
            assert_eq!(formula_solutions(&p), searched, "{:?}", p.rules());
        }
    }
    assert!(solvable >= 3, "too few variants with snakes: {solvable}");
}

/// On the 6x6 grid whose boxes are its rows, the rules but the no-loop rule admit
/// a snake plus a separate loop: the formula without the no-loop rule has such
/// models, and the one with every rule as clauses has none.
#[test]
fn every_rule_as_clauses_agrees_with_the_lazy_cuts_where_loops_occur() {
    let p = SudokuSnake::new(rules(6, [1, 6], 3, true)).unwrap();
    let lazy = p.encode(EncodeOptions {
        symmetry_breaking: true,
        whole_search: true,
        every_rule_as_clauses: false,
    });
    let mut solver = SatSolver::new(&lazy.formula);
    let loops = Enumerator::new(&mut solver, &lazy.projection)
        .filter(|model| {
            let s = p.decode(&lazy.decoder, model.as_ref().unwrap());
            p.check(&s).is_err()
        })
        .count();
    assert!(loops > 0, "no model with a loop: the test tests nothing");
    let searched = searched_solutions(&p, Engine::Sat);
    assert_eq!(searched.len(), 502);
    assert_eq!(formula_solutions(&p), searched);
}
