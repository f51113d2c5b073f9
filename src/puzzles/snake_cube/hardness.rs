//! How hard a string is for a person: the segments a plain depth-first search
//! lays to find every folding. Block 1 goes on one cell of each class of cells
//! under the box's symmetries (a person may start in any corner), each segment
//! is tried in every direction that turns from the last, kept when it stays in
//! the box on free cells, with no other pruning. Designers rate strings by
//! such a count; it grows so fast that a 4x4x4 string's search runs for hours,
//! so past a budget the count is estimated (Knuth's estimate of a tree's size
//! from random paths down it) and says so.

use super::SnakeCube;
use crate::geometry::hamiltonian::Seeded;
use crate::geometry::{Cell, Dir, box_group};

/// Segments the exact search lays at most: a budget a person does not wait
/// on (BENCHMARKS.md, "Designing snake cubes with one folding").
const BUDGET: u64 = 2_000_000;

/// Random paths down the tree for an estimate: as quick as the budget, and
/// enough that estimates with other seeds agree closely (BENCHMARKS.md,
/// "Designing snake cubes with one folding").
pub const PROBES: u64 = 100_000;

/// The plain search's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hardness {
    /// Segments laid (rounded, when estimated).
    pub nodes: u64,
    /// Counted to the end, not estimated.
    pub exact: bool,
}

/// The plain search's size, counted when it fits the budget, else estimated
/// (with a seed taken from the string, so the same string gets the same
/// estimate).
pub fn hardness(cube: &SnakeCube) -> Hardness {
    let starts = class_starts(cube);
    if let Some(plain) = plain_search(cube, &starts, BUDGET) {
        return Hardness {
            nodes: plain.nodes,
            exact: true,
        };
    }
    let seed = cube
        .letters()
        .bytes()
        .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b));
    Hardness {
        nodes: estimate(cube, &starts, PROBES, &mut Seeded::new(seed)).round() as u64,
        exact: false,
    }
}

/// One cell of each class of cells under the box's symmetries: the first in
/// the box's order.
pub fn class_starts(cube: &SnakeCube) -> Vec<Cell> {
    let dims = cube.dims();
    let group = box_group(&dims);
    dims.cells()
        .filter(|&start| {
            let index = dims.index(start);
            group
                .iter()
                .all(|g| dims.index(g.apply(&dims, start)) >= index)
        })
        .collect()
}

/// What a plain search did.
pub(super) struct Plain {
    /// Segments laid.
    pub nodes: u64,
    /// Foldings completed.
    pub foldings: u64,
}

/// The plain search from each of `starts`; `None` past `budget` segments.
pub(super) fn plain_search(cube: &SnakeCube, starts: &[Cell], budget: u64) -> Option<Plain> {
    let dims = cube.dims();
    let mut search = Search {
        cube,
        filled: vec![false; dims.volume()],
        plain: Plain {
            nodes: 0,
            foldings: 0,
        },
        budget,
    };
    for &start in starts {
        let index = dims.index(start);
        search.filled[index] = true;
        search.lay(start, 0, None);
        search.filled[index] = false;
    }
    (search.plain.nodes <= budget).then_some(search.plain)
}

struct Search<'a> {
    cube: &'a SnakeCube,
    filled: Vec<bool>,
    plain: Plain,
    budget: u64,
}

impl Search<'_> {
    /// Lays segment `segment` from `at` (its first block, laid) in each
    /// direction that turns from `last`, and the rest of the string after it.
    fn lay(&mut self, at: Cell, segment: usize, last: Option<Dir>) {
        let Some(&blocks) = self.cube.segments().get(segment) else {
            self.plain.foldings += 1;
            return;
        };
        let steps = blocks as i32 - 1;
        for dir in Dir::ALL {
            if self.plain.nodes > self.budget {
                return;
            }
            if last.is_some_and(|l| l.axis == dir.axis)
                || !fits(self.cube, &self.filled, at, dir, steps)
            {
                continue;
            }
            self.plain.nodes += 1;
            self.mark(at, dir, steps, true);
            self.lay(dir.step(at, steps), segment + 1, Some(dir));
            self.mark(at, dir, steps, false);
        }
    }

    fn mark(&mut self, at: Cell, dir: Dir, steps: i32, filled: bool) {
        let dims = self.cube.dims();
        for k in 1..=steps {
            self.filled[dims.index(dir.step(at, k))] = filled;
        }
    }
}

/// Whether a segment of `steps` steps from `at` along `dir` stays in the box
/// on free cells.
fn fits(cube: &SnakeCube, filled: &[bool], at: Cell, dir: Dir, steps: i32) -> bool {
    let dims = cube.dims();
    (1..=steps).all(|k| {
        let c = dir.step(at, k);
        dims.contains(c) && !filled[dims.index(c)]
    })
}

/// Knuth's estimate of the plain search's segments: down random paths of the
/// tree, each level's width multiplied along the path, averaged over `probes`.
pub fn estimate(cube: &SnakeCube, starts: &[Cell], probes: u64, rng: &mut Seeded) -> f64 {
    let dims = cube.dims();
    let segments = cube.segments();
    let mut filled = vec![false; dims.volume()];
    let mut total = 0.0;
    let mut children: Vec<Dir> = Vec::with_capacity(6);
    for _ in 0..probes {
        filled.iter_mut().for_each(|f| *f = false);
        let mut at = starts[rng.below(starts.len())];
        filled[dims.index(at)] = true;
        let mut weight = starts.len() as f64;
        let mut last: Option<Dir> = None;
        for &blocks in segments {
            let steps = blocks as i32 - 1;
            children.clear();
            children.extend(Dir::ALL.into_iter().filter(|&dir| {
                last.is_none_or(|l| l.axis != dir.axis) && fits(cube, &filled, at, dir, steps)
            }));
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            total += weight;
            let dir = children[rng.below(children.len())];
            for k in 1..=steps {
                filled[dims.index(dir.step(at, k))] = true;
            }
            at = dir.step(at, steps);
            last = Some(dir);
        }
    }
    total / probes as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxDims;
    use crate::geometry::hamiltonian::random_path;
    use crate::tasks::{CountOptions, SearchOptions, count};
    use crate::types::Engine;

    /// The SAT engine's count of a string's foldings.
    fn foldings(cube: &SnakeCube) -> u64 {
        let options = CountOptions {
            unique: false,
            limit: None,
            search: SearchOptions {
                engine: Engine::Sat,
                threads: 1,
                ..SearchOptions::default()
            },
        };
        count(cube, &options, &mut |_| {})
            .expect("a count")
            .solutions
    }

    /// The plain search from every cell finds every folding, each once; from one
    /// start per class of cells it lays fewer segments, never none.
    #[test]
    fn the_plain_search_finds_every_folding() {
        for (sides, seed) in [([3, 3, 3], 1u64), ([2, 3, 4], 4), ([2, 2, 3], 9)] {
            let dims = BoxDims::new(sides[0], sides[1], sides[2]);
            let mut rng = Seeded::new(seed);
            for _ in 0..5 {
                let path = random_path(&dims, 50 * dims.volume(), &mut rng);
                let cube = SnakeCube::from_path(dims, &path).expect("a path");
                let every_cell: Vec<_> = dims.cells().collect();
                let plain = plain_search(&cube, &every_cell, u64::MAX).expect("no budget");
                assert_eq!(plain.foldings, foldings(&cube), "{}", cube.letters());
                let h = hardness(&cube);
                assert!(h.exact && 0 < h.nodes && h.nodes <= plain.nodes);
            }
        }
    }

    /// Knuth's estimate is unbiased: over many probes it comes near the exact
    /// count of small trees.
    #[test]
    fn the_estimate_comes_near_the_exact_count() {
        let dims = BoxDims::new(3, 3, 3);
        let mut rng = Seeded::new(3);
        for _ in 0..4 {
            let path = random_path(&dims, 50 * dims.volume(), &mut rng);
            let cube = SnakeCube::from_path(dims, &path).expect("a path");
            let starts: Vec<_> = dims.cells().collect();
            let exact = plain_search(&cube, &starts, u64::MAX)
                .expect("no budget")
                .nodes as f64;
            let estimated = estimate(&cube, &starts, 200_000, &mut Seeded::new(1));
            assert!(
                (estimated / exact - 1.0).abs() < 0.1,
                "{}: {estimated} estimated, {exact} counted",
                cube.letters()
            );
        }
    }
}
