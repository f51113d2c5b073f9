//! A packing as an exact-cover matrix, for the dancing-links style engine.

use super::{Arrangement, Copies, Packing};
use crate::family::Breaking;
use crate::family::{CoverEncoding, EncodeOptions};
use crate::solve::exact_cover::{
    Bounds, Item, Matrix, estimate_nodes, estimate_nodes_each, first_look,
};

/// Symmetry breaking restricts one anchor piece, and which one decides the size of
/// the search tree: on Bedlam the trees of its pieces differ more than twofold.
/// When the usual anchor's tree is estimated above this many nodes, every
/// candidate is estimated and the smallest tree is searched: the estimates
/// cost little beside such a search, and more than they save on smaller ones
/// (BENCHMARKS.md, "Packings: every anchor tried from 2e6 nodes").
const ANCHOR_TRIAL_NODES: f64 = 2e6;

/// Random paths per estimate: enough to rank Bedlam's anchors the same way
/// with every seed tried, at a small share of its count (BENCHMARKS.md,
/// "Packings: anchor estimates on the searched tree").
const ANCHOR_PROBES: usize = 3_000;

impl Packing {
    /// Items: the target's cells, each covered once, then the piece types, each
    /// used as often as it has copies. Options: the placements kept, each covering
    /// its cells and its type. With symmetry breaking the anchor keeps only the
    /// least placement of each orbit, as in the formula, though the anchor may be
    /// another piece (see [`ANCHOR_TRIAL_NODES`]); the counts do not depend on it.
    pub(super) fn cover_encoding(&self, options: EncodeOptions) -> CoverEncoding<'_, Arrangement> {
        let anchor = if options.symmetry_breaking {
            self.anchor()
        } else {
            None
        };
        let anchor_cell = if options.symmetry_breaking {
            self.anchor_cell()
        } else {
            None
        };
        let cell_kept = anchor_cell.map(|x| self.cell_representatives(x));
        let (mut matrix, mut labels) = self.cover_matrix(anchor, cell_kept.as_deref());
        let mut anchor = anchor;
        let estimate = |m: &Matrix, probes| estimate_nodes(m, probes).unwrap_or(f64::INFINITY);
        if options.whole_search
            && let Some(default) = anchor
            // When every symmetry fixes every packing no anchor leaves out a
            // placement: the candidates' matrices are all the default's.
            && !self.symmetries_fix_every_packing()
            // A first look spares small puzzles the estimates below: only a tree
            // it puts above half the threshold is estimated again (a first look
            // errs high, never far enough to pass over a tree worth estimating).
            && first_look(&matrix).unwrap_or(f64::INFINITY) > ANCHOR_TRIAL_NODES / 2.0
        {
            let default_nodes = estimate(&matrix, ANCHOR_PROBES);
            if default_nodes > ANCHOR_TRIAL_NODES {
                let mut others: Vec<_> = self
                    .anchor_candidates()
                    .filter(|&t| t != default)
                    .map(|t| (t, self.cover_matrix(Some(t), None)))
                    .collect();
                let estimates = estimate_nodes_each(
                    &others.iter().map(|(_, (m, _))| m).collect::<Vec<_>>(),
                    ANCHOR_PROBES,
                );
                let best = estimates
                    .iter()
                    .enumerate()
                    .filter_map(|(k, e)| e.as_ref().ok().map(|&nodes| (k, nodes)))
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                if let Some((k, nodes)) = best
                    && nodes < default_nodes
                {
                    let t;
                    (t, (matrix, labels)) = others.swap_remove(k);
                    anchor = Some(t);
                }
            }
        }
        CoverEncoding {
            matrix,
            breaking: Breaking {
                anchor,
                anchor_cell,
            },
            decode: Box::new(move |chosen| {
                let mut out: Arrangement = chosen
                    .iter()
                    .map(|&o| {
                        let (t, j) = labels[o as usize];
                        self.placed(t, j)
                    })
                    .collect();
                out.sort();
                out
            }),
        }
    }

    /// The matrix with `anchor` (if any) at its orbit representatives and only
    /// the placements `cell_kept` keeps (per type and placement, when a cell
    /// anchors), and the piece type and placement of each option.
    fn cover_matrix(
        &self,
        anchor: Option<usize>,
        cell_kept: Option<&[Vec<bool>]>,
    ) -> (Matrix, Vec<(usize, usize)>) {
        let mut matrix = Matrix::new();
        let (bounds, types) = self.cover_items();
        for b in &bounds {
            matrix.item(b.min, b.max);
        }
        // When the pieces placed at most fill the cells that must be filled
        // and no more, no piece can take a cell that may stay empty.
        let required = self.optional.iter().filter(|&&o| !o).count();
        let greatest: usize = self
            .pieces
            .iter()
            .map(|p| p.copies.max * p.cells.len())
            .sum();
        let only_required = greatest <= required;
        let representatives = anchor.map(|a| self.anchor_representatives(a));
        let mut labels = Vec::new();
        for (t, list) in self.placements.iter().enumerate() {
            let Some(kind) = types[t] else {
                continue;
            };
            for (j, cells) in list.iter().enumerate() {
                if Some(t) == anchor && representatives.as_ref().is_some_and(|r| !r[j]) {
                    continue;
                }
                if cell_kept.is_some_and(|kept| !kept[t][j]) {
                    continue;
                }
                let mut items: Vec<Item> = cells
                    .iter()
                    .map(|&c| {
                        let i = self.index.find(&self.target, c);
                        i.expect("a placement lies in the target") as Item
                    })
                    .collect();
                if only_required && items.iter().any(|&i| self.optional[i as usize]) {
                    continue;
                }
                items.push(kind);
                matrix
                    .option(&items)
                    .expect("a placement's cells are distinct items of the target");
                labels.push((t, j));
            }
        }
        (matrix, labels)
    }

    /// The items of a packing's cover matrices, as bounds in the order they
    /// are made: first each target cell, covered once or, when it may stay
    /// empty, at most once (so cell `i` is item `i`); then each piece type of
    /// which a copy may be placed, covered as often as it has copies. With
    /// each type's item (`None` for a type that has none, and no options).
    pub(super) fn cover_items(&self) -> (Vec<Bounds>, Vec<Option<Item>>) {
        let mut bounds: Vec<Bounds> = self
            .optional
            .iter()
            .map(|&optional| Bounds {
                min: u32::from(!optional),
                max: 1,
            })
            .collect();
        let types = self
            .pieces
            .iter()
            .map(|p| {
                let Copies { min, max } = p.copies;
                (max > 0).then(|| {
                    bounds.push(Bounds {
                        min: min as u32,
                        max: max as u32,
                    });
                    (bounds.len() - 1) as Item
                })
            })
            .collect();
        (bounds, types)
    }
}
