//! The sudoku snake's rules as clauses: parity counts per unit, the snake's
//! degrees and alternation, the boxes it visits, and the no-loop rule (in full,
//! or cut lazily from models that hold a separate loop).

use super::{SnakeGrid, Square, SudokuSnake, connected};
use crate::cnf::{Formula, Lit, Totalizer, exactly_one};
use crate::solve::Model;

/// Where a model of the formula says each cell's parity and whether it is on
/// the snake.
pub struct SudokuDecoder {
    pub(super) even: Vec<Lit>,
    pub(super) on: Vec<Lit>,
}

impl SudokuSnake {
    /// The rules as clauses. With `loops_as_clauses` the no-loop rule is there
    /// in full, for snakes of at most that many cells; without it `refine` adds
    /// it lazily.
    pub(super) fn build(&self, f: &mut Formula, loops_as_clauses: Option<usize>) -> SudokuDecoder {
        let n = self.rules.size;
        let cells = n * n;
        let even: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is even", i / n, i % n)))
            .collect();
        let on: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is on the snake", i / n, i % n)))
            .collect();
        let end: Vec<Lit> = (0..cells)
            .map(|i| {
                f.new_lit(format!(
                    "cell [{}, {}] is an end of the snake",
                    i / n,
                    i % n
                ))
            })
            .collect();
        for unit in &self.units {
            let lits: Vec<Lit> = unit.iter().map(|&i| even[i]).collect();
            Totalizer::add_exactly(f, &lits, self.rules.even_per_unit);
        }
        for i in 0..cells {
            let nb = self.neighbours(i);
            for &j in nb.iter().filter(|&&j| j > i) {
                // Along the snake parities alternate; beside it they agree.
                f.add_clause([!on[i], !on[j], even[i], even[j]]);
                f.add_clause([!on[i], !on[j], !even[i], !even[j]]);
                for (a, b) in [(i, j), (j, i)] {
                    f.add_clause([!on[a], on[b], !even[a], even[b]]);
                    f.add_clause([!on[a], on[b], even[a], !even[b]]);
                }
            }
            // One or two snake neighbours; one exactly at an end.
            f.add_clause(std::iter::once(!on[i]).chain(nb.iter().map(|&j| on[j])));
            for (a, &ja) in nb.iter().enumerate() {
                for (b, &jb) in nb.iter().enumerate().skip(a + 1) {
                    f.add_clause([!end[i], !on[ja], !on[jb]]);
                    for &jc in &nb[b + 1..] {
                        f.add_clause([!on[i], !on[ja], !on[jb], !on[jc]]);
                    }
                }
                let others = nb.iter().filter(|&&j| j != ja).map(|&j| on[j]);
                f.add_clause([!on[i], !on[ja], end[i]].into_iter().chain(others));
            }
            f.implies(end[i], on[i]);
        }
        Totalizer::add_exactly(f, &end, 2);
        // Four cells around a corner would make a loop. Loops in general are cut
        // lazily (see `refine`) or forbidden by `connected`; this smallest one is
        // cheap to forbid up front.
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let i = r * n + c;
                f.add_clause([!on[i], !on[i + 1], !on[i + n], !on[i + n + 1]]);
            }
        }
        // One end is the head (for the head-parity rule, and the root of the
        // distances of `connected`). Without those, whether the snake cells form
        // one path and no separate loop is checked on each model by `refine`.
        let head: Vec<Lit> = (0..cells)
            .map(|i| f.new_lit(format!("cell [{}, {}] is the snake's head", i / n, i % n)))
            .collect();
        exactly_one(f, &head);
        for i in 0..cells {
            f.implies(head[i], end[i]);
        }
        if let Some(places) = loops_as_clauses {
            let neighbours: Vec<Vec<usize>> = (0..cells).map(|i| self.neighbours(i)).collect();
            connected::forbid_loops(f, &on, &head, &neighbours, places);
        }
        if self.rules.visit_every_box {
            for b in &self.boxes {
                f.add_clause(b.iter().map(|&i| on[i]));
            }
        }
        if let Some(lo) = self.rules.min_length {
            Totalizer::add_at_least(f, &on, lo);
        }
        if let Some(hi) = self.rules.max_length {
            Totalizer::add_at_most(f, &on, hi);
        }
        if let Some([r, c]) = self.rules.head {
            f.add_clause([end[r * n + c]]);
        }
        if let Some(want_even) = self.rules.head_even {
            for i in 0..cells {
                f.add_clause([!head[i], if want_even { even[i] } else { !even[i] }]);
            }
        }
        SudokuDecoder { even, on }
    }

    /// Cubes over whether a few cells spread over the grid are on the snake: they
    /// split the search on projection variables, so no snake is found in two cubes.
    pub(super) fn cubes(&self, d: &SudokuDecoder, split_cells: usize) -> Vec<Vec<Lit>> {
        let n = self.rules.size;
        let split = split_cells.min(n * n);
        let cells: Vec<usize> = (0..split).map(|k| (k + 1) * n * n / (split + 1)).collect();
        (0..1usize << split)
            .map(|bits| {
                cells
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| {
                        if bits >> k & 1 == 1 {
                            d.on[i]
                        } else {
                            !d.on[i]
                        }
                    })
                    .collect()
            })
            .collect()
    }

    pub(super) fn read(&self, d: &SudokuDecoder, model: &Model) -> SnakeGrid {
        let n = self.rules.size;
        let on: Vec<bool> = d.on.iter().map(|&l| model.lit(l)).collect();
        let even = (0..n)
            .map(|r| (0..n).map(|c| model.lit(d.even[r * n + c])).collect())
            .collect();
        SnakeGrid::oriented(self.walk(&on), even)
    }

    /// Reads the path off a set of snake cells, from an end (empty if none).
    fn walk(&self, on: &[bool]) -> Vec<Square> {
        let n = self.rules.size;
        let degree = |i: usize| self.neighbours(i).into_iter().filter(|&j| on[j]).count();
        let Some(start) = (0..on.len()).find(|&i| on[i] && degree(i) <= 1) else {
            return Vec::new();
        };
        let mut path = vec![start];
        let mut prev = usize::MAX;
        let mut here = start;
        while let Some(next) = self
            .neighbours(here)
            .into_iter()
            .find(|&j| on[j] && j != prev)
        {
            if path.contains(&next) {
                break;
            }
            path.push(next);
            prev = here;
            here = next;
        }
        path.into_iter().map(|i| [i / n, i % n]).collect()
    }

    /// Degrees and the two ends leave one way to go wrong: a path plus separate
    /// loops. A loop found in a model is cut off by "one of its cells is off or one
    /// of the cells around it is on", which every real snake satisfies.
    pub(super) fn loop_cut(&self, decoder: &SudokuDecoder, model: &Model) -> Option<Vec<Lit>> {
        let on: Vec<bool> = decoder.on.iter().map(|&l| model.lit(l)).collect();
        let mut component = vec![usize::MAX; on.len()];
        let mut components: Vec<Vec<usize>> = Vec::new();
        for start in (0..on.len()).filter(|&i| on[i]) {
            if component[start] != usize::MAX {
                continue;
            }
            let id = components.len();
            component[start] = id;
            let mut members = vec![start];
            let mut k = 0;
            while k < members.len() {
                for j in self.neighbours(members[k]) {
                    if on[j] && component[j] == usize::MAX {
                        component[j] = id;
                        members.push(j);
                    }
                }
                k += 1;
            }
            components.push(members);
        }
        if components.len() <= 1 {
            return None;
        }
        let degree = |i: usize| self.neighbours(i).into_iter().filter(|&j| on[j]).count();
        let cycle = components
            .iter()
            .find(|c| c.iter().all(|&i| degree(i) == 2))?;
        let mut clause: Vec<Lit> = cycle.iter().map(|&i| !decoder.on[i]).collect();
        for &i in cycle {
            for j in self.neighbours(i) {
                if !on[j] {
                    clause.push(decoder.on[j]);
                }
            }
        }
        clause.sort();
        clause.dedup();
        Some(clause)
    }
}
