//! The clause encodings of `cnf/` against brute force: for every assignment of the
//! inputs, the formula must be satisfiable exactly when the constraint holds.

use super::{
    AmoEncoding, Formula, Lit, Totalizer, at_most_one_with, exactly_one_with, value_precedes,
    value_precedes_chain, write_dimacs,
};
use crate::solve::{CubeSearch, Enumerator, Model, Outcome, SatSolver, SolveError, minimise};
use std::collections::BTreeSet;

const ENCODINGS: [AmoEncoding; 2] = [AmoEncoding::Pairwise, AmoEncoding::Sequential];

fn inputs(f: &mut Formula, n: usize) -> Vec<Lit> {
    (0..n).map(|i| f.new_lit(format!("input {i}"))).collect()
}

fn fixed(inputs: &[Lit], mask: u32) -> Vec<Lit> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, &l)| if mask >> i & 1 == 1 { l } else { !l })
        .collect()
}

fn satisfiable(solver: &mut SatSolver, assumptions: &[Lit]) -> bool {
    matches!(
        solver.solve_under(assumptions).unwrap(),
        Outcome::Satisfiable(_)
    )
}

#[test]
fn at_most_one_and_exactly_one_match_brute_force() {
    for encoding in ENCODINGS {
        for n in 0..=9 {
            for exact in [false, true] {
                let mut f = Formula::new();
                let xs = inputs(&mut f, n);
                if exact {
                    exactly_one_with(&mut f, &xs, encoding);
                } else {
                    at_most_one_with(&mut f, &xs, encoding);
                }
                let mut solver = SatSolver::new(&f);
                for mask in 0..1u32 << n {
                    let ones = mask.count_ones();
                    let expected = if exact { ones == 1 } else { ones <= 1 };
                    assert_eq!(
                        satisfiable(&mut solver, &fixed(&xs, mask)),
                        expected,
                        "{encoding:?} n={n} exact={exact} mask={mask:b}"
                    );
                }
            }
        }
    }
}

#[test]
fn totalizer_bounds_match_brute_force() {
    for n in 0..=7 {
        for k in 0..=n + 1 {
            for kind in 0..3 {
                let mut f = Formula::new();
                let xs = inputs(&mut f, n);
                match kind {
                    0 => Totalizer::add_at_most(&mut f, &xs, k),
                    1 => Totalizer::add_at_least(&mut f, &xs, k),
                    _ => Totalizer::add_exactly(&mut f, &xs, k),
                }
                let mut solver = SatSolver::new(&f);
                for mask in 0..1u32 << n {
                    let ones = mask.count_ones() as usize;
                    let expected = match kind {
                        0 => ones <= k,
                        1 => ones >= k,
                        _ => ones == k,
                    };
                    assert_eq!(
                        satisfiable(&mut solver, &fixed(&xs, mask)),
                        expected,
                        "kind {kind} n={n} k={k} mask={mask:b}"
                    );
                }
            }
        }
    }
}

#[test]
fn totalizer_outputs_are_exact_counts() {
    for n in 1..=7 {
        for cap in 1..=n {
            let mut f = Formula::new();
            let xs = inputs(&mut f, n);
            let t = Totalizer::new(&mut f, &xs, cap);
            let mut solver = SatSolver::new(&f);
            for mask in 0..1u32 << n {
                let ones = mask.count_ones() as usize;
                for k in 1..=cap {
                    let at_least = t.at_least(k).unwrap();
                    let mut assumptions = fixed(&xs, mask);
                    assumptions.push(if ones >= k { !at_least } else { at_least });
                    assert!(
                        !satisfiable(&mut solver, &assumptions),
                        "n={n} cap={cap} k={k} mask={mask:b}"
                    );
                }
            }
        }
    }
}

/// Models of one-hot sequences of `len` positions over `values` values, projected
/// on the value variables, with `constrain` applied.
fn count_sequences(
    len: usize,
    values: usize,
    constrain: impl Fn(&mut Formula, &[Vec<Lit>]),
) -> usize {
    let mut f = Formula::new();
    let by_value: Vec<Vec<Lit>> = (0..values).map(|_| inputs(&mut f, len)).collect();
    for pos in 0..len {
        let lits: Vec<Lit> = by_value.iter().map(|v| v[pos]).collect();
        exactly_one_with(&mut f, &lits, AmoEncoding::Pairwise);
    }
    constrain(&mut f, &by_value);
    let projection: Vec<_> = by_value.iter().flatten().map(|l| l.var()).collect();
    let mut solver = SatSolver::new(&f);
    let mut models = 0;
    for model in Enumerator::new(&mut solver, &projection) {
        model.unwrap();
        models += 1;
    }
    models
}

fn brute_force_sequences(len: usize, values: usize, ok: impl Fn(&[usize]) -> bool) -> usize {
    let total = values.pow(len as u32);
    (0..total)
        .filter(|&code| {
            let seq: Vec<usize> = (0..len)
                .map(|i| code / values.pow(i as u32) % values)
                .collect();
            ok(&seq)
        })
        .count()
}

/// Value `t` only after a first occurrence of `s`.
fn precedes(seq: &[usize], s: usize, t: usize) -> bool {
    match seq.iter().position(|&v| v == t) {
        None => true,
        Some(first_t) => seq[..first_t].contains(&s),
    }
}

#[test]
fn value_precedence_matches_brute_force() {
    for len in 1..=5 {
        let got = count_sequences(len, 3, |f, v| value_precedes(f, &v[0], &v[1]));
        assert_eq!(
            got,
            brute_force_sequences(len, 3, |s| precedes(s, 0, 1)),
            "len {len}"
        );
        let got = count_sequences(len, 4, |f, v| {
            let refs: Vec<&[Lit]> = v[..3].iter().map(|c| c.as_slice()).collect();
            value_precedes_chain(f, &refs)
        });
        let expected = brute_force_sequences(len, 4, |s| precedes(s, 0, 1) && precedes(s, 1, 2));
        assert_eq!(got, expected, "chain, len {len}");
    }
}

#[test]
fn minimise_finds_and_proves_the_optimum() {
    // Smallest vertex cover of a 6-cycle plus a chord: 3 vertices.
    let mut f = Formula::new();
    let v = inputs(&mut f, 6);
    for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)] {
        f.add_clause([v[a], v[b]]);
    }
    let counter = Totalizer::new(&mut f, &v, v.len());
    let mut solver = SatSolver::new(&f);
    let optimum = minimise(&mut solver, &counter, &v, &mut |_| {})
        .unwrap()
        .unwrap();
    assert_eq!(optimum.cost, 3);
    assert_eq!(v.iter().filter(|&&l| optimum.model.lit(l)).count(), 3);
    let bound = counter.at_most(2).unwrap();
    assert!(!satisfiable(&mut solver, &[bound]));

    let mut g = Formula::new();
    let x = inputs(&mut g, 1);
    g.add_clause([x[0]]);
    g.add_clause([!x[0]]);
    let counter = Totalizer::new(&mut g, &x, 1);
    assert!(
        minimise(&mut SatSolver::new(&g), &counter, &x, &mut |_| {})
            .unwrap()
            .is_none()
    );
}

#[test]
fn dimacs_export_names_every_variable_and_reads_back() {
    let mut f = Formula::new();
    let xs = inputs(&mut f, 4);
    exactly_one_with(&mut f, &xs, AmoEncoding::Sequential);
    let mut out = Vec::new();
    write_dimacs(&f, &["a test formula".to_string()], &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("c a test formula\n"));
    assert!(text.contains("c var 1 input 0\n"));
    let header = format!("p cnf {} {}\n", f.var_count(), f.clauses().len());
    assert!(text.contains(&header), "{text}");
    for var in 1..=f.var_count() {
        assert!(text.contains(&format!("c var {var} ")));
    }
    let mut solver = varisat::Solver::new();
    solver.add_dimacs_cnf(text.as_bytes()).unwrap();
    assert!(solver.solve().unwrap());
}

/// A random 3-SAT formula over `n` inputs with `clauses` clauses, the same
/// for the same `seed`.
fn random_3sat(f: &mut Formula, xs: &[Lit], clauses: usize, seed: u64) {
    let mut state = seed;
    let mut next = move |below: usize| -> usize {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % below as u64) as usize
    };
    for _ in 0..clauses {
        let clause: Vec<Lit> = (0..3)
            .map(|_| {
                let x = xs[next(xs.len())];
                if next(2) == 0 { x } else { !x }
            })
            .collect();
        f.add_clause(clause);
    }
}

/// A cube search of `f` for the models' values on `projection`.
fn cube_search<'a>(
    f: &'a Formula,
    projection: &'a [varisat::Var],
    cubes: &'a [Vec<Lit>],
    (fixed_prefix, threads): (usize, usize),
    first_only: bool,
) -> CubeSearch<'a> {
    CubeSearch {
        formula: f,
        projection,
        projection_constant_weight: false,
        cubes,
        fixed_prefix,
        threads,
        refinement: None,
        first_only,
    }
}

/// Runs [`cube_search`]; whether it ran to its end, and the models it handed
/// out.
fn cube_models(
    f: &Formula,
    projection: &[varisat::Var],
    cubes: &[Vec<Lit>],
    shape: (usize, usize),
    first_only: bool,
) -> (bool, Vec<Model>) {
    let search = cube_search(f, projection, cubes, shape, first_only);
    let mut found = Vec::new();
    let complete = search
        .run(&mut |m: Model| -> Result<bool, SolveError> {
            found.push(m);
            Ok(true)
        })
        .unwrap();
    (complete, found)
}

/// The first model of a random formula through cubes over its first four
/// inputs, some of them with no model: the first model a fresh solver finds in
/// the first cube that has one, whatever the threads and the fixed literals,
/// on every run (a solver that refuted other cubes first would often find
/// another).
#[test]
fn cube_search_for_the_first_model_finds_the_same_one_every_run() {
    let n = 60;
    // The same inputs in every formula: they are made first.
    let xs = inputs(&mut Formula::new(), n);
    let cubes: Vec<Vec<Lit>> = (0..16u32)
        .map(|k| fixed(&xs[..4], k.reverse_bits() >> 28))
        .collect();
    let projection: Vec<_> = xs.iter().map(|l| l.var()).collect();
    let value = |m: &Model| -> Vec<bool> { xs.iter().map(|&x| m.lit(x)).collect() };
    let first_cube = |f: &Formula| {
        cubes.iter().position(|cube| {
            let mut solver = SatSolver::with_refinement(f, None);
            Enumerator::under(&mut solver, &projection, cube)
                .next()
                .is_some()
        })
    };
    // The first seed whose formula has a model, though not in the first cube.
    let f = (0..)
        .map(|seed| {
            let mut f = Formula::new();
            inputs(&mut f, n);
            random_3sat(&mut f, &xs, 250, seed);
            f
        })
        .take(200)
        .find(|f| first_cube(f).is_some_and(|k| k > 0))
        .expect("a formula whose first cube has no model");
    let k = first_cube(&f).unwrap();
    for fixed_prefix in 0..=4 {
        let mut models = Vec::new();
        for threads in [1, 2, 3] {
            for _ in 0..5 {
                let (complete, found) =
                    cube_models(&f, &projection, &cubes, (fixed_prefix, threads), true);
                assert!(!complete, "a model was found");
                assert_eq!(found.len(), 1, "fixed {fixed_prefix}, threads {threads}");
                let model = &found[0];
                // A model of the formula in the first cube that has one.
                assert!(f.clauses().iter().all(|c| c.iter().any(|&l| model.lit(l))));
                assert!(cubes[k].iter().all(|&l| model.lit(l)), "cube {k}");
                models.push((threads, value(model)));
            }
        }
        assert!(
            models.iter().all(|(_, m)| m == &models[0].1),
            "fixed {fixed_prefix}: {:?}",
            models
                .iter()
                .map(|(t, m)| (t, m.iter().map(|&b| b as u8).collect::<Vec<_>>()))
                .collect::<Vec<_>>()
        );
    }
}

/// A search for the first model of a formula with none is complete and hands
/// out nothing.
#[test]
fn cube_search_for_the_first_model_of_none_is_complete() {
    let mut f = Formula::new();
    let xs = inputs(&mut f, 3);
    f.add_clause([xs[0]]);
    f.add_clause([!xs[0]]);
    let cubes: Vec<Vec<Lit>> = (0..4u32).map(|k| fixed(&xs[1..], k)).collect();
    let projection: Vec<_> = xs.iter().map(|l| l.var()).collect();
    for threads in [1, 2] {
        let (complete, found) = cube_models(&f, &projection, &cubes, (0, threads), true);
        assert!(complete && found.is_empty());
    }
}

/// The models of "at most 3 of 7 inputs true" projected on the inputs, found through
/// cubes over the first three inputs, whatever the number of fixed literals and
/// threads: every one exactly once.
#[test]
fn cube_search_finds_every_model_once_however_cubes_are_fixed() {
    let n = 7;
    let mut f = Formula::new();
    let xs = inputs(&mut f, n);
    let counter = Totalizer::new(&mut f, &xs, n);
    f.add_clause([counter.at_most(3).unwrap()]);
    let expected: BTreeSet<u32> = (0..1u32 << n).filter(|m| m.count_ones() <= 3).collect();
    // Input 0 changes slowest, so cubes sharing their first literals are adjacent
    // and fixing 1 or 2 literals makes groups of 4 or 2 cubes.
    let cubes: Vec<Vec<Lit>> = (0..8u32)
        .map(|k| fixed(&xs[..3], k.reverse_bits() >> 29))
        .collect();
    assert_eq!(cubes[0][0], cubes[3][0]);
    let projection: Vec<_> = xs.iter().map(|l| l.var()).collect();
    for fixed_prefix in 0..=4 {
        for threads in [1, 2] {
            let (complete, models) =
                cube_models(&f, &projection, &cubes, (fixed_prefix, threads), false);
            let found: Vec<u32> = models
                .iter()
                .map(|m| (0..n).filter(|&i| m.lit(xs[i])).map(|i| 1u32 << i).sum())
                .collect();
            assert!(complete);
            let distinct: BTreeSet<u32> = found.iter().copied().collect();
            assert_eq!(
                found.len(),
                distinct.len(),
                "fixed {fixed_prefix}, threads {threads}"
            );
            assert_eq!(
                distinct, expected,
                "fixed {fixed_prefix}, threads {threads}"
            );

            let mut first = 0;
            let search = cube_search(&f, &projection, &cubes, (fixed_prefix, threads), false);
            let complete = search
                .run(&mut |_: Model| -> Result<bool, SolveError> {
                    first += 1;
                    Ok(false)
                })
                .unwrap();
            assert!(!complete);
            assert_eq!(first, 1, "stopping after the first model");
        }
    }
}
