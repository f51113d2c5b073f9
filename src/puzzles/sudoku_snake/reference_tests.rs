//! The sudoku snake against brute force on small grids, and the rules' edge cases.

use crate::testing::models::sudoku_snake as load;

use crate::family::Puzzle;
use crate::puzzles::sudoku_snake::{Rules, SnakeGrid, SudokuSnake};
use crate::tasks::{self, CountOptions, SearchOptions, optimum};
use crate::types::Engine;
use crate::types::Goal;
use std::collections::{BTreeMap, BTreeSet};

type Square = [usize; 2];

fn rules(size: usize, box_shape: [usize; 2], even: usize, visit: bool) -> Rules {
    Rules {
        size,
        box_shape,
        even_per_unit: even,
        visit_every_box: visit,
        min_length: None,
        max_length: None,
        head: None,
        head_even: None,
    }
}

fn units(r: &Rules) -> Vec<Vec<Square>> {
    let n = r.size;
    let mut out = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|c| [i, c]).collect());
        out.push((0..n).map(|k| [k, i]).collect());
    }
    let [br, bc] = r.box_shape;
    for b0 in (0..n).step_by(br) {
        for b1 in (0..n).step_by(bc) {
            out.push(
                (b0..b0 + br)
                    .flat_map(|x| (b1..b1 + bc).map(move |y| [x, y]))
                    .collect(),
            );
        }
    }
    out
}

fn neighbours(n: usize, [r, c]: Square) -> Vec<Square> {
    let mut out = Vec::new();
    if r > 0 {
        out.push([r - 1, c]);
    }
    if r + 1 < n {
        out.push([r + 1, c]);
    }
    if c > 0 {
        out.push([r, c - 1]);
    }
    if c + 1 < n {
        out.push([r, c + 1]);
    }
    out
}

/// Every parity grid with the right count in every unit.
fn parity_grids(r: &Rules) -> Vec<Vec<Vec<bool>>> {
    let n = r.size;
    let all_units = units(r);
    (0..1u64 << (n * n))
        .map(|mask| {
            (0..n)
                .map(|x| (0..n).map(|y| mask >> (x * n + y) & 1 == 1).collect())
                .collect()
        })
        .filter(|g: &Vec<Vec<bool>>| {
            all_units
                .iter()
                .all(|u| u.iter().filter(|&&[x, y]| g[x][y]).count() == r.even_per_unit)
        })
        .collect()
}

/// Every path that never touches itself orthogonally, as its set of cells.
fn induced_paths(n: usize) -> BTreeSet<Vec<Square>> {
    let mut out = BTreeSet::new();
    for r in 0..n {
        for c in 0..n {
            let mut path = vec![[r, c]];
            extend(n, &mut path, &mut out);
        }
    }
    out
}

fn extend(n: usize, path: &mut Vec<Square>, out: &mut BTreeSet<Vec<Square>>) {
    if path.len() >= 2 {
        let mut oriented = path.clone();
        if oriented.last() < oriented.first() {
            oriented.reverse();
        }
        out.insert(oriented);
    }
    let last = *path.last().unwrap();
    for next in neighbours(n, last) {
        // The new cell may touch only the current end.
        let touches = neighbours(n, next)
            .iter()
            .any(|m| path[..path.len() - 1].contains(m));
        if !path.contains(&next) && !touches {
            path.push(next);
            extend(n, path, out);
            path.pop();
        }
    }
}

fn valid(r: &Rules, path: &[Square], g: &[Vec<bool>]) -> bool {
    let n = r.size;
    for (k, &cell) in path.iter().enumerate() {
        for m in neighbours(n, cell) {
            let consecutive = (k > 0 && path[k - 1] == m) || path.get(k + 1) == Some(&m);
            let same = g[cell[0]][cell[1]] == g[m[0]][m[1]];
            if consecutive == same {
                return false;
            }
        }
    }
    let [br, bc] = r.box_shape;
    let boxes: BTreeSet<(usize, usize)> = path.iter().map(|&[x, y]| (x / br, y / bc)).collect();
    !r.visit_every_box || boxes.len() == (n / br) * (n / bc)
}

/// Snakes with at least one valid parity grid, by length.
fn brute_force(r: &Rules) -> (BTreeSet<Vec<Square>>, BTreeMap<u64, u64>) {
    let grids = parity_grids(r);
    let snakes: BTreeSet<Vec<Square>> = induced_paths(r.size)
        .into_iter()
        .filter(|p| grids.iter().any(|g| valid(r, p, g)))
        .collect();
    let mut lengths = BTreeMap::new();
    for s in &snakes {
        *lengths.entry(s.len() as u64).or_default() += 1;
    }
    (snakes, lengths)
}

/// The engines, each held to the brute force and to the other.
const ENGINES: [Engine; 2] = [Engine::Sat, Engine::Path];

fn searched_snakes(p: &SudokuSnake, engine: Engine) -> BTreeSet<Vec<Square>> {
    let mut out = BTreeSet::new();
    tasks::for_each_solution(
        p,
        &SearchOptions {
            engine,
            ..SearchOptions::default()
        },
        &mut |found| {
            if let tasks::Found::Solution(s) = found {
                assert_eq!(p.check(s), Ok(()));
                assert!(out.insert(s.snake.clone()), "snake reported twice");
            }
            true
        },
        &mut |_| {},
    )
    .unwrap();
    out
}

#[test]
fn small_variants_match_brute_force() {
    let mut solvable = 0;
    for (size, box_shape, even) in SMALL_VARIANTS {
        for visit in [true, false] {
            let r = rules(size, box_shape, even, visit);
            let p = SudokuSnake::new(r.clone()).unwrap();
            let (expected, lengths) = brute_force(&r);
            for engine in ENGINES {
                assert_eq!(searched_snakes(&p, engine), expected, "{r:?} {engine:?}");
                let count = tasks::count(&p, &count_options(engine, false), &mut |_| {}).unwrap();
                assert_eq!(count.solutions, expected.len() as u64);
                if !expected.is_empty() {
                    assert_eq!(count.tally, Some(("lengths", lengths.clone())));
                }
            }
            solvable += usize::from(!expected.is_empty());
        }
    }
    assert!(solvable >= 3, "too few variants with snakes: {solvable}");
}

/// The variants the small tests run on: 4x4 grids with every box shape and
/// parity count that has snakes, and some that have none.
const SMALL_VARIANTS: [(usize, [usize; 2], usize); 5] = [
    (4, [2, 2], 2),
    (4, [2, 2], 1),
    (4, [2, 2], 3),
    (4, [1, 4], 2),
    (4, [2, 2], 0),
];

/// Whether the formula past `optimum` for `goal` has a model: its refutation
/// fails exactly then.
fn past_is_satisfiable(p: &SudokuSnake, goal: Goal, optimum: Option<usize>) -> bool {
    let formula = optimum::past_optimum(p, goal, optimum).expect("a formula to refute");
    optimum::refutation(&formula).is_err()
}

#[test]
fn the_formulas_past_an_optimum_have_no_model_and_those_at_it_have_one() {
    let mut spread = 0;
    for (size, box_shape, even) in SMALL_VARIANTS {
        for visit in [true, false] {
            let r = rules(size, box_shape, even, visit);
            let p = SudokuSnake::new(r.clone()).unwrap();
            let lengths: BTreeSet<usize> = brute_force(&r).0.iter().map(Vec::len).collect();
            let (Some(&shortest), Some(&longest)) = (lengths.first(), lengths.last()) else {
                assert!(!past_is_satisfiable(&p, Goal::Minimise, None), "{r:?}");
                continue;
            };
            spread += usize::from(shortest < longest);
            assert!(
                !past_is_satisfiable(&p, Goal::Minimise, Some(shortest)),
                "{r:?}"
            );
            assert!(
                past_is_satisfiable(&p, Goal::Minimise, Some(shortest + 1)),
                "{r:?}"
            );
            assert!(
                !past_is_satisfiable(&p, Goal::Maximise, Some(longest)),
                "{r:?}"
            );
            assert!(
                past_is_satisfiable(&p, Goal::Maximise, Some(longest - 1)),
                "{r:?}"
            );
        }
    }
    assert!(
        spread >= 2,
        "too few variants with snakes of several lengths: {spread}"
    );
}

#[test]
fn unique_counts_identify_the_square_symmetries() {
    let r = rules(4, [2, 2], 2, false);
    let p = SudokuSnake::new(r.clone()).unwrap();
    let (snakes, _) = brute_force(&r);
    // Classes under the 8 symmetries of the square, computed directly.
    let maps: Vec<fn(usize, Square) -> Square> = vec![
        |_, [a, b]| [a, b],
        |n, [a, b]| [b, n - 1 - a],
        |n, [a, b]| [n - 1 - a, n - 1 - b],
        |n, [a, b]| [n - 1 - b, a],
        |n, [a, b]| [a, n - 1 - b],
        |n, [a, b]| [n - 1 - a, b],
        |_, [a, b]| [b, a],
        |n, [a, b]| [n - 1 - b, n - 1 - a],
    ];
    let classes: BTreeSet<Vec<Square>> = snakes
        .iter()
        .map(|s| {
            maps.iter()
                .map(|m| {
                    let mut image: Vec<Square> = s.iter().map(|&c| m(4, c)).collect();
                    if image.last() < image.first() {
                        image.reverse();
                    }
                    image
                })
                .min()
                .unwrap()
        })
        .collect();
    let options = CountOptions {
        unique: true,
        ..CountOptions::default()
    };
    let count = tasks::count(&p, &options, &mut |_| {}).unwrap();
    assert_eq!(count.unique, Some(classes.len() as u64));
    assert!(classes.len() > 1);
}

#[test]
fn the_rules_edge_cases_are_rejected() {
    let p = SudokuSnake::new(rules(4, [2, 2], 2, false)).unwrap();
    let e = true;
    let o = false;
    // Rows, columns and boxes each with two even cells.
    let grid = vec![
        vec![e, o, e, o],
        vec![o, e, o, e],
        vec![e, o, e, o],
        vec![o, e, o, e],
    ];
    let good = SnakeGrid {
        snake: vec![[0, 0], [0, 1]],
        even: grid.clone(),
    };
    // [0,0] even, [0,1] odd; [1,0] odd beside the even head: ambiguous.
    assert!(p.check(&good).unwrap_err().0.contains("ambiguous"));
    let bent = SnakeGrid {
        snake: vec![[0, 0], [0, 1], [1, 1], [1, 0]],
        even: grid.clone(),
    };
    assert!(p.check(&bent).unwrap_err().0.contains("touches itself"));
    let same = SnakeGrid {
        snake: vec![[0, 0], [1, 1]],
        even: grid,
    };
    assert!(p.check(&same).is_err());
}

#[test]
fn classic_snake_is_checked_and_extends_to_a_sudoku() {
    let p = load("parity-snake.toml");
    let s = tasks::solve_one(&p, &SearchOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(p.check(&s), Ok(()));
    let digits = p.extend_to_sudoku(&s.even).unwrap().unwrap();
    for (r, row) in digits.iter().enumerate() {
        let set: BTreeSet<usize> = row.iter().copied().collect();
        assert_eq!(set.len(), 9);
        for (c, &d) in row.iter().enumerate() {
            assert_eq!(d % 2 == 0, s.even[r][c]);
        }
    }
}

/// Optimal lengths on every small variant (all six: 1 to 3 even cells per
/// unit, every box visited or not) equal the brute-force extremes, through the
/// optimum workflow every goal shares.
#[test]
fn optimal_lengths_match_brute_force() {
    for even in 1..4 {
        for visit in [false, true] {
            let r = rules(4, [2, 2], even, visit);
            let p = SudokuSnake::new(r.clone()).unwrap();
            let (snakes, _) = brute_force(&r);
            let length = |goal| {
                tasks::optimum::optimise(&p, goal, &mut |_| {})
                    .unwrap()
                    .map(|o| o.value)
            };
            let case = format!("{even} even, visit {visit}");
            assert_eq!(
                length(Goal::Minimise),
                snakes.iter().map(Vec::len).min(),
                "{case}"
            );
            assert_eq!(
                length(Goal::Maximise),
                snakes.iter().map(Vec::len).max(),
                "{case}"
            );
        }
    }
}

fn count_options(engine: Engine, unique: bool) -> CountOptions {
    CountOptions {
        unique,
        search: SearchOptions {
            engine,
            ..SearchOptions::default()
        },
        ..CountOptions::default()
    }
}

fn count_with_lengths(p: &SudokuSnake, engine: Engine) -> (u64, Option<u64>, BTreeMap<u64, u64>) {
    let c = tasks::count(p, &count_options(engine, true), &mut |_| {}).unwrap();
    assert!(c.complete);
    (
        c.solutions,
        c.unique,
        c.tally.map(|t| t.1).unwrap_or_default(),
    )
}

/// A regression figure: it agrees with an earlier encoding that forbade loops by
/// reachability layers instead of lazy cuts.
#[test]
fn six_by_six_variant_counts() {
    for engine in ENGINES {
        let (all, unique, lengths) = count_with_lengths(&load("mini-6x6.toml"), engine);
        assert_eq!((all, unique), (10, Some(3)));
        assert_eq!(lengths, BTreeMap::from([(14, 10)]));
    }
}

/// The full count on both engines (about 10 s on two cores for SAT, under a
/// second for the path search), with the same tally by length. The SAT models
/// do contain separate loops, so this exercises the lazy cut; the figures agree
/// with the earlier reachability encoding, and the shortest (21) and longest
/// (37) match the write-up's range.
#[test]
fn classic_grid_counts() {
    let classic = load("parity-snake.toml");
    let by_sat = count_with_lengths(&classic, Engine::Sat);
    let (all, unique, lengths) = &by_sat;
    assert_eq!((*all, *unique), (3084, Some(387)));
    assert_eq!(lengths.keys().next(), Some(&21));
    assert_eq!(lengths.keys().last(), Some(&37));
    assert_eq!(count_with_lengths(&classic, Engine::Path), by_sat);
}

/// Heads, head parities and length bounds: both engines against the brute
/// force, which filters its snakes by the same rules.
#[test]
fn ends_and_lengths_match_brute_force() {
    let base = rules(4, [2, 2], 2, false);
    let (all, _) = brute_force(&base);
    // An end some snake has, and one in a corner.
    let end = all.iter().next().expect("snakes")[0];
    let variants: Vec<Rules> = vec![
        Rules {
            head: Some(end),
            ..base.clone()
        },
        Rules {
            head_even: Some(true),
            ..base.clone()
        },
        Rules {
            head: Some([0, 0]),
            head_even: Some(end == [0, 0]),
            ..base.clone()
        },
        Rules {
            min_length: Some(4),
            max_length: Some(6),
            ..base.clone()
        },
    ];
    for r in variants {
        let p = SudokuSnake::new(r.clone()).unwrap();
        let grids = parity_grids(&r);
        let end_ok = |cell: Square, g: &[Vec<bool>]| {
            r.head.is_none_or(|h| h == cell) && r.head_even.is_none_or(|e| g[cell[0]][cell[1]] == e)
        };
        let expected: BTreeSet<Vec<Square>> = all
            .iter()
            .filter(|s| {
                (r.min_length.unwrap_or(0)..=r.max_length.unwrap_or(usize::MAX)).contains(&s.len())
                    && grids
                        .iter()
                        .any(|g| valid(&r, s, g) && (end_ok(s[0], g) || end_ok(s[s.len() - 1], g)))
            })
            .cloned()
            .collect();
        assert!(!expected.is_empty(), "{r:?}");
        for engine in ENGINES {
            assert_eq!(searched_snakes(&p, engine), expected, "{r:?} {engine:?}");
        }
    }
}
