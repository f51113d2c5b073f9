//! Reference implementations, written from the puzzle rules with their own
//! small geometry so that they share nothing with the encodings under test.
//! Nothing here uses the library: the integration tests include this folder
//! too, as it is.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;

pub mod grids;
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

/// Calls `visit` with every path through every cell of the box by face steps,
/// each direction of travel once: a plain depth-first search, nothing pruned.
pub fn for_each_hamiltonian_path(sides: [i32; 3], visit: &mut dyn FnMut(&[Cell])) {
    // Cells are marked in a grid indexed x fastest: millions of paths (3x3x3
    // has 2.5 million) are walked in seconds.
    let slot = |c: Cell| (c[0] + sides[0] * (c[1] + sides[1] * c[2])) as usize;
    fn walk(
        sides: [i32; 3],
        slot: &dyn Fn(Cell) -> usize,
        path: &mut Vec<Cell>,
        used: &mut [bool],
        visit: &mut dyn FnMut(&[Cell]),
    ) {
        if path.len() == used.len() {
            visit(path);
            return;
        }
        let here = *path.last().unwrap();
        for step in STEPS {
            let next = add(here, step);
            if inside(sides, next) && !used[slot(next)] {
                used[slot(next)] = true;
                path.push(next);
                walk(sides, slot, path, used, visit);
                path.pop();
                used[slot(next)] = false;
            }
        }
    }
    let cells = all_cells(sides);
    for &start in &cells {
        let mut used = vec![false; cells.len()];
        used[slot(start)] = true;
        walk(sides, &slot, &mut vec![start], &mut used, visit);
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

/// The 24 rotations (and 24 reflections) as images of the unit vectors, by
/// closure under quarter turns.
fn linear_maps(reflections: bool) -> Vec<[Cell; 3]> {
    let mut found = BTreeSet::new();
    let mut todo = vec![[[1, 0, 0], [0, 1, 0], [0, 0, 1]]];
    if reflections {
        todo.push([[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    }
    while let Some(m) = todo.pop() {
        if found.insert(m) {
            todo.push(m.map(|v: Cell| [v[0], -v[2], v[1]]));
            todo.push(m.map(|v: Cell| [v[2], v[1], -v[0]]));
        }
    }
    found.into_iter().collect()
}

fn lowest(cells: &[Cell]) -> Cell {
    [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).min().unwrap())
}

/// The symmetries of a shape as maps on cells: each rotation (and reflection
/// when `reflections`) that maps the shape onto itself once moved back into
/// place.
pub fn symmetries(shape: &[Cell], reflections: bool) -> Vec<Box<dyn Fn(Cell) -> Cell>> {
    let sorted: BTreeSet<Cell> = shape.iter().copied().collect();
    let lo = lowest(shape);
    let mut out: Vec<Box<dyn Fn(Cell) -> Cell>> = Vec::new();
    for m in linear_maps(reflections) {
        let apply =
            move |c: Cell| [0, 1, 2].map(|a| c[0] * m[0][a] + c[1] * m[1][a] + c[2] * m[2][a]);
        let image: Vec<Cell> = shape.iter().map(|&c| apply(c)).collect();
        let ilo = lowest(&image);
        let d = [0, 1, 2].map(|a| lo[a] - ilo[a]);
        let map = move |c: Cell| {
            let r = apply(c);
            [r[0] + d[0], r[1] + d[1], r[2] + d[2]]
        };
        if shape.iter().map(|&c| map(c)).collect::<BTreeSet<_>>() == sorted {
            out.push(Box::new(map));
        }
    }
    out
}

/// A symmetry acting on solutions.
pub type Symmetry<'a, S> = Box<dyn Fn(&S) -> S + 'a>;

/// The number of classes of `solutions` under a group, by Burnside's lemma: the
/// average number of solutions each element fixes. Independent of any
/// canonical form; the solutions must be closed under the group.
pub fn burnside<S: PartialEq>(solutions: &[S], group: &[Symmetry<'_, S>]) -> u64 {
    let fixed: u64 = group
        .iter()
        .map(|g| solutions.iter().filter(|&s| g(s) == *s).count() as u64)
        .sum();
    let order = group.len() as u64;
    assert_eq!(fixed % order, 0, "Burnside's average must be whole");
    fixed / order
}

/// Classes of snake paths in a box up to the box's symmetries (and reading
/// backwards when `reversal`).
pub fn burnside_classes(sides: [i32; 3], solutions: &[Vec<Cell>], reversal: bool) -> u64 {
    let mut group: Vec<Symmetry<Vec<Cell>>> = Vec::new();
    for g in symmetries(&all_cells_of(sides), true) {
        let g: Rc<dyn Fn(Cell) -> Cell> = Rc::from(g);
        let h = Rc::clone(&g);
        group.push(Box::new(move |s: &Vec<Cell>| {
            s.iter().map(|&c| g(c)).collect()
        }));
        if reversal {
            group.push(Box::new(move |s: &Vec<Cell>| {
                s.iter().rev().map(|&c| h(c)).collect()
            }));
        }
    }
    burnside(solutions, &group)
}
