//! Snakes on a board against brute force on small boards, and the write-up's
//! instances on the 72-notch hexagon.

use crate::testing::models::board_snakes as load;

use crate::family::Puzzle;
use crate::geometry::Board;
use crate::puzzles::board_snakes::{BoardSnakes, Snakes};
use crate::tasks::{self, SearchOptions};
use crate::types::Engine;
use crate::types::Goal;
use proptest::prelude::*;

/// Every placement by depth-first search, snake after snake.
fn brute_force(board: &Board, heads: &[usize], lengths: &[usize], full_cover: bool) -> Vec<Snakes> {
    let mut used = vec![false; board.len()];
    for &h in heads {
        used[h] = true;
    }
    let mut out = Vec::new();
    let mut current: Snakes = heads.iter().map(|&h| vec![h]).collect();
    grow(
        board,
        lengths,
        full_cover,
        0,
        &mut used,
        &mut current,
        &mut out,
    );
    out
}

fn grow(
    board: &Board,
    lengths: &[usize],
    full_cover: bool,
    h: usize,
    used: &mut [bool],
    current: &mut Snakes,
    out: &mut Vec<Snakes>,
) {
    if h == lengths.len() {
        if !full_cover || used.iter().all(|&u| u) {
            out.push(current.clone());
        }
        return;
    }
    if current[h].len() == lengths[h] {
        grow(board, lengths, full_cover, h + 1, used, current, out);
        return;
    }
    let last = *current[h].last().unwrap();
    for &next in &board.adjacency[last] {
        if !used[next] {
            used[next] = true;
            current[h].push(next);
            grow(board, lengths, full_cover, h, used, current, out);
            current[h].pop();
            used[next] = false;
        }
    }
}

/// Fewest broken links by trying every assignment of pellets to free notches.
fn brute_force_relaxed(board: &Board, heads: &[usize], lengths: &[usize]) -> usize {
    let mut used = vec![false; board.len()];
    for &h in heads {
        used[h] = true;
    }
    let mut best = usize::MAX;
    let mut current: Snakes = heads.iter().map(|&h| vec![h]).collect();
    assign(board, lengths, 0, 0, &mut used, &mut current, &mut best);
    best
}

fn assign(
    board: &Board,
    lengths: &[usize],
    h: usize,
    cuts: usize,
    used: &mut [bool],
    current: &mut Snakes,
    best: &mut usize,
) {
    if cuts >= *best {
        return;
    }
    if h == lengths.len() {
        *best = cuts;
        return;
    }
    if current[h].len() == lengths[h] {
        assign(board, lengths, h + 1, cuts, used, current, best);
        return;
    }
    let last = *current[h].last().unwrap();
    for next in 0..board.len() {
        if !used[next] {
            used[next] = true;
            current[h].push(next);
            let cut = usize::from(!board.are_neighbours(last, next));
            assign(board, lengths, h, cuts + cut, used, current, best);
            current[h].pop();
            used[next] = false;
        }
    }
}

fn sat_solutions(p: &BoardSnakes, threads: usize) -> Vec<Snakes> {
    solutions(p, Engine::Sat, threads)
}

fn solutions(p: &BoardSnakes, engine: Engine, threads: usize) -> Vec<Snakes> {
    let options = SearchOptions {
        symmetry_breaking: true,
        threads,
        engine,
        ..SearchOptions::default()
    };
    crate::testing::search::all_solutions(p, options).0
}

fn board(kind: usize) -> Board {
    match kind {
        0 => Board::square(3, 3),
        1 => Board::square(4, 3),
        2 => Board::triangular(3, 3),
        3 => Board::honeycomb(4, 3),
        _ => Board::from_edges(
            7,
            &[
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 6),
                (6, 1),
                (1, 7),
                (4, 7),
                (2, 5),
            ],
        )
        .unwrap(),
    }
}

/// A board of each kind small enough for the brute-force relaxation (at most 9
/// notches), so that every kind is checked.
fn small_board(kind: usize) -> Board {
    let b = match kind {
        1 => Board::square(4, 2),
        3 => Board::honeycomb(3, 2),
        _ => board(kind),
    };
    assert!(b.len() <= 9, "kind {kind} has {} notches", b.len());
    b
}

/// Random distinct heads and lengths (summing to the board when `full_cover`).
fn instance(b: &Board, snakes: usize, seed: u64, full_cover: bool) -> (Vec<usize>, Vec<usize>) {
    let n = b.len();
    let mut state = seed | 1;
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    let mut heads = Vec::new();
    while heads.len() < snakes {
        let h = next(n);
        if !heads.contains(&h) {
            heads.push(h);
        }
    }
    let total = if full_cover {
        n
    } else {
        snakes + next(n - snakes + 1)
    };
    let mut lengths = vec![1; snakes];
    for _ in snakes..total {
        lengths[next(snakes)] += 1;
    }
    (heads, lengths)
}

#[test]
fn six_snakes_are_found_and_checked() {
    let p = load("six-snakes.toml");
    let snakes = tasks::solve_one(&p, &SearchOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(p.check(&snakes), Ok(()));
    let heads: Vec<usize> = snakes.iter().map(|s| s[0] + 1).collect();
    assert_eq!(heads, [1, 29, 34, 39, 44, 50]);
    assert!(snakes.iter().all(|s| s.len() == 12));
}

#[test]
fn corner_heads_are_proved_unsolvable_and_need_one_cut() {
    let p = load("six-snakes-corners.toml");
    assert_eq!(
        tasks::solve_one(&p, &SearchOptions::default()).unwrap(),
        None
    );
    let relaxed = tasks::optimum::optimise(&p, Goal::Relax, &mut |_| {})
        .unwrap()
        .unwrap();
    assert_eq!(relaxed.value, 1);
    assert_eq!(p.check_relaxed(&relaxed.solution), Ok(1));
    assert!(p.check(&relaxed.solution).is_err());
}

#[test]
fn relaxing_a_solvable_puzzle_cuts_nothing() {
    let p = load("square-4x4.toml");
    let relaxed = tasks::optimum::optimise(&p, Goal::Relax, &mut |_| {})
        .unwrap()
        .unwrap();
    assert_eq!(relaxed.value, 0);
    assert_eq!(p.check(&relaxed.solution), Ok(()));
}

#[test]
fn square_example_matches_brute_force() {
    let p = load("square-4x4.toml");
    let expected = {
        let mut v = brute_force(p.board(), p.heads(), p.lengths(), true);
        v.sort();
        v
    };
    assert_eq!(sat_solutions(&p, 2), expected);
    assert_eq!(expected.len(), 6);
}

/// One snake filling a square grid from a corner (a boustrophedon does it): the
/// path search finds one on grids far past what the formula can, and every
/// snake filling a 4x4 grid from each notch is the same from both engines.
#[test]
fn one_snake_fills_grids_on_the_path_search() {
    for side in [14, 20] {
        let n = side * side;
        let p = BoardSnakes::new(Board::square(side, side), vec![0], vec![n], true).unwrap();
        let options = SearchOptions {
            engine: Engine::Path,
            ..SearchOptions::default()
        };
        let snake = tasks::solve_one(&p, &options).unwrap().unwrap();
        assert_eq!(p.check(&snake), Ok(()));
    }
    for head in 0..16 {
        let p = BoardSnakes::new(Board::square(4, 4), vec![head], vec![16], true).unwrap();
        let mut expected = brute_force(p.board(), p.heads(), p.lengths(), true);
        expected.sort();
        assert_eq!(solutions(&p, Engine::Path, 2), expected, "head {head}");
        assert_eq!(sat_solutions(&p, 2), expected, "head {head}");
    }
}

#[test]
fn check_rejects_broken_placements() {
    let p = load("six-snakes.toml");
    let good = tasks::solve_one(&p, &SearchOptions::default())
        .unwrap()
        .unwrap();
    let mut jump = good.clone();
    jump[0].swap(3, 7);
    let mut swapped_heads = good.clone();
    swapped_heads.swap(0, 1);
    let mut short = good.clone();
    short[5].pop();
    let mut shared = good.clone();
    shared[1][11] = shared[0][11];
    for bad in [jump, swapped_heads, short, shared] {
        assert!(p.check(&bad).is_err(), "{bad:?} passed the check");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn small_boards_match_brute_force(kind in 0usize..5, snakes in 1usize..4, seed in any::<u64>(), full in any::<bool>()) {
        let b = board(kind);
        let (heads, lengths) = instance(&b, snakes, seed, full);
        let p = BoardSnakes::new(b.clone(), heads.clone(), lengths.clone(), full).unwrap();
        let mut expected = brute_force(&b, &heads, &lengths, full);
        expected.sort();
        prop_assert_eq!(sat_solutions(&p, 1), expected.clone());
        prop_assert_eq!(sat_solutions(&p, 2), expected.clone());
        // One snake filling the board: the path search too.
        if snakes == 1 && full {
            prop_assert_eq!(solutions(&p, Engine::Path, 1), expected.clone());
            prop_assert_eq!(solutions(&p, Engine::Path, 2), expected);
        }
    }

    #[test]
    fn relaxation_matches_brute_force(kind in 0usize..5, snakes in 1usize..3, seed in any::<u64>()) {
        let b = small_board(kind);
        let (heads, lengths) = instance(&b, snakes, seed, true);
        let p = BoardSnakes::new(b.clone(), heads.clone(), lengths.clone(), true).unwrap();
        let relaxed = tasks::optimum::optimise(&p, Goal::Relax, &mut |_| {}).unwrap().unwrap();
        prop_assert_eq!(p.check_relaxed(&relaxed.solution), Ok(relaxed.value));
        prop_assert_eq!(relaxed.value, brute_force_relaxed(&b, &heads, &lengths));
    }
}
