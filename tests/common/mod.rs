//! Test-only reference implementations, written from the puzzle rules with their own
//! small geometry so that they share nothing with the encodings under test.
#![allow(dead_code)]

use std::collections::HashSet;

pub mod cli;
pub mod coloured;
pub mod packing;

pub type Cell = [i32; 3];

const STEPS: [Cell; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

fn inside(sides: [i32; 3], c: Cell) -> bool {
    (0..3).all(|i| c[i] >= 0 && c[i] < sides[i])
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub fn neighbours(c: Cell) -> impl Iterator<Item = Cell> {
    STEPS.into_iter().map(move |s| add(c, s))
}

pub fn all_cells_of(sides: [i32; 3]) -> Vec<Cell> {
    all_cells(sides)
}

fn all_cells(sides: [i32; 3]) -> Vec<Cell> {
    let mut out = Vec::new();
    for z in 0..sides[2] {
        for y in 0..sides[1] {
            for x in 0..sides[0] {
                out.push([x, y, z]);
            }
        }
    }
    out
}

/// Every folding of an S/C string (ends free) into the box, by depth-first search.
pub fn brute_force_snake(sides: [i32; 3], letters: &str) -> Vec<Vec<Cell>> {
    let letters: Vec<char> = letters.chars().collect();
    let n = letters.len();
    let mut out = Vec::new();
    for start in all_cells(sides) {
        let mut path = vec![start];
        let mut used: HashSet<Cell> = [start].into();
        extend(sides, &letters, n, &mut path, &mut used, None, &mut out);
    }
    out
}

fn extend(
    sides: [i32; 3],
    letters: &[char],
    n: usize,
    path: &mut Vec<Cell>,
    used: &mut HashSet<Cell>,
    last: Option<usize>,
    out: &mut Vec<Vec<Cell>>,
) {
    if path.len() == n {
        out.push(path.clone());
        return;
    }
    let here = *path.last().unwrap();
    let block = path.len() - 1;
    for (k, step) in STEPS.iter().enumerate() {
        if let Some(prev) = last {
            let straight = letters[block] == 'S';
            let same_axis = prev / 2 == k / 2;
            if straight && k != prev || !straight && same_axis {
                continue;
            }
        }
        let next = add(here, *step);
        if inside(sides, next) && !used.contains(&next) {
            path.push(next);
            used.insert(next);
            extend(sides, letters, n, path, used, Some(k), out);
            used.remove(&next);
            path.pop();
        }
    }
}

/// The S/C string of a Hamiltonian path (ends written `S`).
pub fn letters_of(path: &[Cell]) -> String {
    let n = path.len();
    (0..n)
        .map(|i| {
            if i == 0 || i + 1 == n {
                return 'S';
            }
            let before = [0, 1, 2].map(|a| path[i][a] - path[i - 1][a]);
            let after = [0, 1, 2].map(|a| path[i + 1][a] - path[i][a]);
            if before == after { 'S' } else { 'C' }
        })
        .collect()
}

/// A pseudo-random Hamiltonian path of the box: a serpentine path reshaped by
/// `moves` backbite moves (the end steps to a free neighbour on the path and the
/// loop that closes is reversed), which always keeps a Hamiltonian path.
pub fn random_hamiltonian_path(sides: [i32; 3], seed: u64, moves: usize) -> Vec<Cell> {
    let mut path = Vec::new();
    let mut row = 0;
    for z in 0..sides[2] {
        for yi in 0..sides[1] {
            let y = if z % 2 == 0 { yi } else { sides[1] - 1 - yi };
            for xi in 0..sides[0] {
                let x = if row % 2 == 0 { xi } else { sides[0] - 1 - xi };
                path.push([x, y, z]);
            }
            row += 1;
        }
    }
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    for _ in 0..moves {
        if next(2) == 0 {
            path.reverse();
        }
        let n = path.len();
        let end = path[n - 1];
        let options: Vec<Cell> = STEPS
            .iter()
            .map(|s| add(end, *s))
            .filter(|&c| inside(sides, c) && (n < 2 || c != path[n - 2]))
            .collect();
        if options.is_empty() {
            continue;
        }
        let target = options[next(options.len())];
        let k = path.iter().position(|&c| c == target).unwrap();
        path[k + 1..].reverse();
    }
    path
}

/// The symmetries of a box as maps on cells: signed axis permutations that map the
/// box onto itself.
pub fn box_symmetries(sides: [i32; 3]) -> Vec<Box<dyn Fn(Cell) -> Cell>> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out: Vec<Box<dyn Fn(Cell) -> Cell>> = Vec::new();
    for perm in perms {
        if (0..3).any(|i| sides[i] != sides[perm[i]]) {
            continue;
        }
        for bits in 0..8 {
            out.push(Box::new(move |c: Cell| {
                let mut o = [0; 3];
                for i in 0..3 {
                    let v = c[perm[i]];
                    o[i] = if bits >> i & 1 == 1 {
                        sides[i] - 1 - v
                    } else {
                        v
                    };
                }
                o
            }));
        }
    }
    out
}

/// Classes of `solutions` up to the box's symmetries (and reading backwards when
/// `reversal`), by Burnside's lemma: the average number of solutions each symmetry
/// fixes. Independent of any canonical form.
pub fn burnside_classes(sides: [i32; 3], solutions: &[Vec<Cell>], reversal: bool) -> u64 {
    let mut fixed = 0u64;
    let mut group_size = 0u64;
    for g in box_symmetries(sides) {
        for backwards in [false, true] {
            if backwards && !reversal {
                continue;
            }
            group_size += 1;
            for s in solutions {
                let mut image: Vec<Cell> = s.iter().map(|&c| g(c)).collect();
                if backwards {
                    image.reverse();
                }
                if image == *s {
                    fixed += 1;
                }
            }
        }
    }
    assert_eq!(fixed % group_size, 0, "Burnside's average must be whole");
    fixed / group_size
}

/// Every solution the SAT enumeration streams, sorted, and the number of classes.
pub fn all_solutions<P: puzzlesat::puzzles::Puzzle>(
    p: &P,
    options: puzzlesat::tasks::SearchOptions,
) -> (Vec<P::Solution>, u64) {
    use puzzlesat::tasks::{Found, for_each_solution};
    let mut all = Vec::new();
    let mut classes = 0;
    let complete = for_each_solution(
        p,
        options,
        &mut |found| {
            match found {
                Found::Solution(s) => all.push(s.clone()),
                Found::NewClass(_) => classes += 1,
                Found::Images(_) | Found::SharedOrbit { .. } | Found::LoneOrbit { .. } => {
                    panic!("for_each_solution hands on every solution it counts")
                }
            }
            true
        },
        &mut |_| {},
    )
    .expect("the enumeration runs");
    assert!(complete);
    all.sort();
    (all, classes)
}

/// Every solution the formula alone implies, on one solver without the cubes the
/// tasks split the search into: the split lays the first moves or placements itself,
/// so this keeps the encoding tested apart from it. The formula is built with symmetry breaking and each of its solutions is
/// expanded to its orbit, which keeps it quick on strings with thousands of
/// foldings; every decoded solution must pass the family's check.
pub fn formula_solutions<P: puzzlesat::puzzles::Puzzle>(p: &P) -> Vec<P::Solution> {
    use puzzlesat::puzzles::EncodeOptions;
    use puzzlesat::solve::{Enumerator, SatSolver};
    let encoding = p.encode(EncodeOptions {
        whole_search: true,
        symmetry_breaking: true,
        every_rule_as_clauses: true,
    });
    let mut solver = SatSolver::new(&encoding.formula);
    let mut all: Vec<P::Solution> = Enumerator::new(&mut solver, &encoding.projection)
        .flat_map(|model| {
            let solution = p.decode(&encoding.decoder, &model.expect("the solver runs"));
            assert_eq!(p.check(&solution), Ok(()), "{solution:?}");
            p.orbit(&solution)
        })
        .collect();
    all.sort();
    all.dedup();
    all
}
