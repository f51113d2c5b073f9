//! A packing as CNF for the SAT engine: a variable per placement, exactly one
//! placement per cell (at most one for a cell that may stay empty), each kind's
//! number of copies, symmetry breaking on an anchor piece, and the search split
//! into first-placement cubes.

use super::first_placements::{Placements, first_placements};
use super::{Copies, Packing};
use crate::cnf::{
    AmoEncoding, Formula, Lit, Totalizer, at_most_one_with, exactly_one, exactly_one_with,
};
use crate::family::Breaking;
use crate::family::{EncodeOptions, Encoding};
use crate::geometry::Cell;
use std::collections::HashMap;

/// Largest cell-cover group encoded pairwise (about 32,000 binary clauses).
const PAIRWISE_COVER_LIMIT: usize = 256;

/// The search is split into at least this many cubes (placements covering the first
/// few cells), when there are that many ways to start: fewer cubes made the
/// pentomino counts and the first 6x10 packing slower, and Soma gains from a
/// few hundred on (BENCHMARKS.md, "The SAT engine on packings").
const FIRST_PLACEMENT_CUBES: usize = 10_000;

/// Placement variables, for decoding.
pub struct PackingDecoder {
    pub(super) placed: Vec<Vec<Lit>>,
}

impl Packing {
    /// Each cell's exactly-one over the placements covering it (pairwise up to
    /// [`PAIRWISE_COVER_LIMIT`]) and each kind's count: exactly one, or a
    /// totalizer whose size grows with placements times copies (left out for the
    /// kind whose count the others imply).
    pub(super) fn clause_estimate(&self) -> u64 {
        let implied = self.count_implied_by_volume();
        let mut per_cell = vec![0u64; self.target.len()];
        for cells in self.placements.iter().flatten() {
            for c in cells {
                if let Ok(i) = self.target.binary_search(c) {
                    per_cell[i] += 1;
                }
            }
        }
        let cover: u64 = per_cell
            .iter()
            .map(|&p| {
                if p as usize <= PAIRWISE_COVER_LIMIT {
                    1 + p * p.saturating_sub(1) / 2
                } else {
                    1 + 3 * p
                }
            })
            .sum();
        let counts: u64 = self
            .placements
            .iter()
            .zip(&self.pieces)
            .enumerate()
            .filter(|&(t, _)| Some(t) != implied)
            .map(|(_, (list, piece))| {
                let n = list.len() as u64;
                if piece.copies == Copies::exactly(1) {
                    3 * n
                } else {
                    2 * n * (piece.copies.max as u64 + 1)
                }
            })
            .sum();
        cover + counts
    }

    pub(super) fn formula(&self, options: EncodeOptions) -> Encoding<PackingDecoder> {
        let mut f = Formula::new();
        let placed: Vec<Vec<Lit>> = self
            .placements
            .iter()
            .zip(&self.pieces)
            .map(|(list, piece)| {
                list.iter()
                    .map(|cells| f.new_lit(format!("piece {} covers {:?}", piece.name, cells)))
                    .collect()
            })
            .collect();
        // Each piece type is placed as often as it has copies. Copies are not told
        // apart, so permuting them never gives a second solution.
        let implied = self.count_implied_by_volume();
        for (t, (lits, piece)) in placed.iter().zip(&self.pieces).enumerate() {
            if Some(t) == implied {
                continue;
            }
            match piece.copies.exact() {
                Some(1) => exactly_one(&mut f, lits),
                Some(n) => Totalizer::add_exactly(&mut f, lits, n),
                None => {
                    Totalizer::add_at_least(&mut f, lits, piece.copies.min);
                    Totalizer::add_at_most(&mut f, lits, piece.copies.max);
                }
            }
        }
        let index: HashMap<Cell, usize> = self
            .target
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        let mut covering: Vec<Vec<Lit>> = vec![Vec::new(); self.target.len()];
        for (list, lits) in self.placements.iter().zip(&placed) {
            for (cells, &lit) in list.iter().zip(lits) {
                for c in cells {
                    covering[index[c]].push(lit);
                }
            }
        }
        for (lits, &optional) in covering.iter().zip(&self.optional) {
            // Pairwise up to a size: on Soma it counts faster than the ladder
            // (BENCHMARKS.md, "The SAT engine on packings"); beyond the limit its
            // quadratic size stops paying.
            let encoding = AmoEncoding::pairwise_up_to(PAIRWISE_COVER_LIMIT, lits.len());
            if optional {
                at_most_one_with(&mut f, lits, encoding);
            } else {
                exactly_one_with(&mut f, lits, encoding);
            }
        }
        let mut roots = vec![Vec::new()];
        let mut breaking = Breaking::default();
        // Symmetry breaking: the anchor piece only at the least placement of each
        // orbit; the cubes start from those placements.
        if options.symmetry_breaking
            && let Some(anchor) = self.anchor()
        {
            breaking.anchor = Some(anchor);
            let keep = self.anchor_representatives(anchor);
            roots.clear();
            for (j, (keep, &lit)) in keep.iter().zip(&placed[anchor]).enumerate() {
                if *keep {
                    roots.push(vec![(anchor, j)]);
                } else {
                    f.add_clause([!lit]);
                }
            }
        }
        let by_type: Vec<Vec<Vec<usize>>> = self
            .placements
            .iter()
            .map(|list| {
                list.iter()
                    .map(|cells| cells.iter().map(|c| index[c]).collect())
                    .collect()
            })
            .collect();
        let copies: Vec<Copies> = self.pieces.iter().map(|p| p.copies).collect();
        let starts = Placements {
            cells: self.target.len(),
            by_type: &by_type,
            copies: &copies,
            optional: &self.optional,
        };
        let cubes = first_placements(&starts, roots, FIRST_PLACEMENT_CUBES)
            .into_iter()
            .map(|chosen| chosen.into_iter().map(|(t, j)| placed[t][j]).collect())
            .collect();
        Encoding {
            projection: placed.iter().flatten().map(|l| l.var()).collect(),
            // Every packing places the same number of pieces only when every count
            // is fixed; with a range, a packing may hold another plus more pieces,
            // and blocking the smaller by its placements alone would block both.
            projection_constant_weight: self.pieces.iter().all(|p| p.copies.exact().is_some()),
            cubes,
            // Cubes are many and small: one solver per thread, learning across them.
            cube_fixed_prefix: 0,
            formula: f,
            decoder: PackingDecoder { placed },
            breaking,
        }
    }

    /// The kind of several copies whose count the formula need not state: with
    /// every cell covered once and every other kind's count stated, the volumes
    /// (which add up to the target's, see [`Packing::new`]) leave one possible
    /// number of its copies. Of those kinds, the one whose count would take the
    /// largest totalizer (placements times copies): 4096 monominoes in 64x64 then
    /// need no totalizer of 16 million clauses.
    fn count_implied_by_volume(&self) -> Option<usize> {
        if self.optional.contains(&true) {
            return None;
        }
        let counts: Option<Vec<usize>> = self.pieces.iter().map(|p| p.copies.exact()).collect();
        let counts = counts?;
        (0..self.pieces.len())
            .filter(|&t| counts[t] > 1)
            .max_by_key(|&t| self.placements[t].len() * counts[t])
    }
}
