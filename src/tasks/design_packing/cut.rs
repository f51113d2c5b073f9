//! Random cuts of a shape into connected pieces, and the single-cell moves
//! between touching pieces that the designer's climb tries.

use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::geometry::hamiltonian::Seeded;
use std::collections::{HashMap, VecDeque};

/// A shape cut into pieces: each cell's piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    grid: Grid,
    /// The shape's cells, sorted.
    cells: Vec<Cell>,
    /// Per cell, its piece (from 0).
    owner: Vec<usize>,
    pieces: usize,
}

/// Sizes a piece may have.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    pub min: usize,
    pub max: usize,
}

impl Cut {
    /// A random cut of `cells` (sorted, distinct) into `pieces` connected
    /// pieces of allowed sizes: pieces grow from random cells, a cell at a
    /// time, each step growing a piece that can (the smallest every other
    /// step, so that few pieces stay below the fewest cells asked for, a
    /// random one otherwise, so that sizes vary); `None` when this draw left
    /// cells no piece could take or a piece too small.
    pub fn random(
        grid: Grid,
        cells: &[Cell],
        pieces: usize,
        sizes: Sizes,
        rng: &mut Seeded,
    ) -> Option<Cut> {
        let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let mut owner = vec![usize::MAX; cells.len()];
        let mut size = vec![0usize; pieces];
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); pieces];
        for (p, members) in members.iter_mut().enumerate() {
            let free: Vec<usize> = (0..cells.len())
                .filter(|&i| owner[i] == usize::MAX)
                .collect();
            let start = *free.get(rng.below(free.len().max(1)))?;
            owner[start] = p;
            size[p] = 1;
            members.push(start);
        }
        let mut left = cells.len() - pieces;
        while left > 0 {
            // The free cells beside each piece that may still grow.
            let growing: Vec<(usize, Vec<usize>)> = (0..pieces)
                .filter(|&p| size[p] < sizes.max)
                .map(|p| {
                    let mut beside: Vec<usize> = members[p]
                        .iter()
                        .flat_map(|&i| grid.neighbours(cells[i]))
                        .filter_map(|n| index.get(&n).copied())
                        .filter(|&i| owner[i] == usize::MAX)
                        .collect();
                    beside.sort_unstable();
                    beside.dedup();
                    (p, beside)
                })
                .filter(|(_, beside)| !beside.is_empty())
                .collect();
            if growing.is_empty() {
                return None;
            }
            let pick = if rng.below(2) == 0 {
                rng.below(growing.len())
            } else {
                (0..growing.len())
                    .min_by_key(|&g| size[growing[g].0])
                    .unwrap_or(0)
            };
            let (p, beside) = &growing[pick];
            let i = beside[rng.below(beside.len())];
            owner[i] = *p;
            size[*p] += 1;
            members[*p].push(i);
            left -= 1;
        }
        if size.iter().any(|&s| s < sizes.min) {
            return None;
        }
        Some(Cut {
            grid,
            cells: cells.to_vec(),
            owner,
            pieces,
        })
    }

    /// Each piece's cells, sorted.
    pub fn pieces(&self) -> Vec<Vec<Cell>> {
        let mut out = vec![Vec::new(); self.pieces];
        for (i, &p) in self.owner.iter().enumerate() {
            out[p].push(self.cells[i]);
        }
        out
    }

    /// The cut with one random cell moved from its piece to a touching one,
    /// keeping both connected and within `sizes`; `None` when the move drawn
    /// would break that.
    pub fn nudged(&self, sizes: Sizes, rng: &mut Seeded) -> Option<Cut> {
        let index: HashMap<Cell, usize> = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        let i = rng.below(self.cells.len());
        let from = self.owner[i];
        let mut to: Vec<usize> = self
            .grid
            .neighbours(self.cells[i])
            .iter()
            .filter_map(|n| index.get(n))
            .map(|&j| self.owner[j])
            .filter(|&p| p != from)
            .collect();
        to.sort_unstable();
        to.dedup();
        let onto = *to.get(rng.below(to.len().max(1)))?;
        let count = |p: usize| self.owner.iter().filter(|&&o| o == p).count();
        if count(from) <= sizes.min.max(1) || count(onto) >= sizes.max {
            return None;
        }
        let mut next = self.clone();
        next.owner[i] = onto;
        next.connected(from, &index).then_some(next)
    }

    /// Whether piece `p` is connected (through faces).
    fn connected(&self, p: usize, index: &HashMap<Cell, usize>) -> bool {
        let mine: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.owner[i] == p)
            .collect();
        let Some(&start) = mine.first() else {
            return false;
        };
        let mut seen = vec![false; self.cells.len()];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        let mut reached = 1;
        while let Some(i) = queue.pop_front() {
            for n in self.grid.neighbours(self.cells[i]) {
                if let Some(&j) = index.get(&n)
                    && self.owner[j] == p
                    && !seen[j]
                {
                    seen[j] = true;
                    reached += 1;
                    queue.push_back(j);
                }
            }
        }
        reached == mine.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn box_cells(a: i32, b: i32, c: i32) -> Vec<Cell> {
        let mut cells: Vec<Cell> = (0..a)
            .flat_map(|x| (0..b).flat_map(move |y| (0..c).map(move |z| [x, y, z])))
            .collect();
        cells.sort();
        cells
    }

    /// Every cut covers the shape once with connected pieces of allowed
    /// sizes, and so does every nudge of it; the same seed, the same cuts.
    #[test]
    fn cuts_and_nudges_are_connected_pieces_of_allowed_sizes() {
        let cells = box_cells(3, 3, 3);
        let sizes = Sizes { min: 3, max: 6 };
        let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let valid = |cut: &Cut| {
            let pieces = cut.pieces();
            assert_eq!(pieces.iter().map(Vec::len).sum::<usize>(), 27);
            for (p, piece) in pieces.iter().enumerate() {
                assert!((3..=6).contains(&piece.len()), "{pieces:?}");
                assert!(cut.connected(p, &index), "{pieces:?}");
            }
        };
        let mut rng = Seeded::new(7);
        let mut made = Vec::new();
        for _ in 0..200 {
            if let Some(cut) = Cut::random(Grid::Cubes, &cells, 6, sizes, &mut rng) {
                valid(&cut);
                for _ in 0..20 {
                    if let Some(next) = cut.nudged(sizes, &mut rng) {
                        valid(&next);
                        assert_ne!(next, cut);
                    }
                }
                made.push(cut);
            }
        }
        assert!(made.len() > 50, "{} cuts of 200 draws", made.len());
        let mut again = Seeded::new(7);
        let first = (0..200).find_map(|_| Cut::random(Grid::Cubes, &cells, 6, sizes, &mut again));
        assert_eq!(first.as_ref(), made.first());
    }
}
