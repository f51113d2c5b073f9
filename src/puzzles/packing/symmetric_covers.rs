//! The packings each symmetry of the target maps onto themselves, as exact
//! covers of their own, for counting classes by Burnside's lemma.
//!
//! A symmetry moves every placement to a placement (of the mirror type, for a
//! reflection that relabels chiral pieces), so it permutes the options of the
//! cover matrix. A packing it fixes is a union of whole cycles of that
//! permutation, so the packings one symmetry fixes are the covers of a matrix
//! with one option per cycle whose members do not overlap, covering their
//! cells once each and their piece types as often as they use them.

use super::{LabelledSymmetry, Packing};
use crate::family::{FixedCovers, SymmetricCovers};
use crate::geometry::Cell;
use crate::solve::exact_cover::{Item, WeightedMatrix};
use rustc_hash::FxHashMap;
use std::sync::Arc;

impl Packing {
    /// [`Puzzle::symmetric_covers`](crate::family::Puzzle::symmetric_covers):
    /// the placements indexed once, and a matrix builder per class of
    /// conjugate symmetries, run later on the count's threads.
    pub(super) fn fixed_packings(&self) -> SymmetricCovers<'_> {
        // Where each placement is, to find the one a symmetry moves it onto.
        let mut found: FxHashMap<(usize, &[Cell], &[u32]), usize> = FxHashMap::default();
        for (t, list) in self.placements.iter().enumerate() {
            for (j, cells) in list.iter().enumerate() {
                found.insert((t, cells, &self.placement_colours[t][j]), j);
            }
        }
        let found = Arc::new(found);
        SymmetricCovers {
            classes: self
                .conjugacy_classes()
                .into_iter()
                .map(|class| {
                    let found = Arc::clone(&found);
                    let s = &self.group[class[0]];
                    let build =
                        Box::new(move || self.fixed_by_symmetry(s, &found)) as FixedCovers<'_>;
                    (class.len(), build)
                })
                .collect(),
        }
    }

    /// The group's symmetries in classes of conjugates (`h g h⁻¹` for every
    /// `h`), which permute the placements alike up to a relabelling and so fix
    /// as many packings: one count per class instead of one per symmetry
    /// (5 classes for the 24 rotations of a cube). A symmetry is taken as what
    /// it does to the target's cells and the piece types; should a conjugate
    /// not be found in the group, every symmetry is a class of its own.
    fn conjugacy_classes(&self) -> Vec<Vec<usize>> {
        let n = self.target.len();
        let acts: Vec<(Vec<usize>, &[usize])> = self
            .group
            .iter()
            .map(|s| {
                let cells = self
                    .target
                    .iter()
                    .map(|&c| self.index.find(&self.target, s.map.apply(c)).unwrap_or(n))
                    .collect();
                (cells, s.relabel.as_slice())
            })
            .collect();
        let alone = || (0..self.group.len()).map(|k| vec![k]).collect();
        if acts.iter().any(|(cells, _)| cells.contains(&n)) {
            return alone();
        }
        let mut by_act: FxHashMap<(&[usize], &[usize]), Vec<usize>> = FxHashMap::default();
        for (k, (cells, relabel)) in acts.iter().enumerate() {
            by_act.entry((cells, relabel)).or_default().push(k);
        }
        let inverses: Vec<(Vec<usize>, Vec<usize>)> = acts
            .iter()
            .map(|(cells, relabel)| {
                let mut back = (vec![0; cells.len()], vec![0; relabel.len()]);
                cells.iter().enumerate().for_each(|(i, &j)| back.0[j] = i);
                relabel.iter().enumerate().for_each(|(t, &u)| back.1[u] = t);
                back
            })
            .collect();
        let mut class_of = vec![usize::MAX; self.group.len()];
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for g in 0..self.group.len() {
            if class_of[g] != usize::MAX {
                continue;
            }
            let mut class = Vec::new();
            for ((h_cells, h_relabel), (back_cells, back_relabel)) in acts.iter().zip(&inverses) {
                let (g_cells, g_relabel) = &acts[g];
                // h g h⁻¹, applied to a cell (or type) from the right.
                let cells: Vec<usize> = back_cells.iter().map(|&i| h_cells[g_cells[i]]).collect();
                let relabel: Vec<usize> = back_relabel
                    .iter()
                    .map(|&t| h_relabel[g_relabel[t]])
                    .collect();
                let Some(members) = by_act.get(&(cells.as_slice(), relabel.as_slice())) else {
                    return alone();
                };
                for &m in members {
                    if class_of[m] == usize::MAX {
                        class_of[m] = classes.len();
                        class.push(m);
                    }
                }
            }
            classes.push(class);
        }
        classes
    }

    /// The matrix of the packings `s` fixes, or `None` if it moves no
    /// placement (it fixes every packing).
    fn fixed_by_symmetry(
        &self,
        s: &LabelledSymmetry,
        found: &FxHashMap<(usize, &[Cell], &[u32]), usize>,
    ) -> Option<WeightedMatrix> {
        // Per type and placement, the placement the symmetry moves it onto.
        let image: Vec<Vec<Option<(usize, usize)>>> = self
            .placements
            .iter()
            .enumerate()
            .map(|(t, list)| {
                let u = s.relabel[t];
                (0..list.len())
                    .map(|j| {
                        let (cells, colours) =
                            super::colours::moved(&list[j], &self.placement_colours[t][j], |c| {
                                s.map.apply(c)
                            });
                        found
                            .get(&(u, cells.as_slice(), colours.as_slice()))
                            .map(|&k| (u, k))
                    })
                    .collect()
            })
            .collect();
        let moves_nothing = image
            .iter()
            .enumerate()
            .all(|(t, list)| list.iter().enumerate().all(|(j, &to)| to == Some((t, j))));
        (!moves_nothing).then(|| self.fixed_by(&image))
    }

    /// The matrix of the packings a symmetry fixes, given where it moves each
    /// placement, per type (`None` where the image is no placement, which no
    /// packing it fixes can then use).
    fn fixed_by(&self, image: &[Vec<Option<(usize, usize)>>]) -> WeightedMatrix {
        // Items as in the cover matrix.
        let (bounds, type_items) = self.cover_items();
        let mut matrix = WeightedMatrix::new(bounds);
        let mut seen: Vec<Vec<bool>> = self
            .placements
            .iter()
            .map(|list| vec![false; list.len()])
            .collect();
        for (t, list) in self.placements.iter().enumerate() {
            for j in 0..list.len() {
                if seen[t][j] {
                    continue;
                }
                // The cycle through (t, j), or none if it leaves the placements.
                let mut cycle = vec![(t, j)];
                seen[t][j] = true;
                let mut whole = true;
                let mut at = (t, j);
                loop {
                    match image[at.0][at.1] {
                        Some(next) if next == (t, j) => break,
                        Some(next) if !seen[next.0][next.1] => {
                            seen[next.0][next.1] = true;
                            cycle.push(next);
                            at = next;
                        }
                        // Met before, or no placement: the images of a
                        // permutation would come back to the start.
                        _ => {
                            whole = false;
                            break;
                        }
                    }
                }
                if whole && let Some(items) = self.cycle_items(&cycle, &type_items) {
                    matrix
                        .option(&items)
                        .expect("a cycle's items are distinct and made");
                }
            }
        }
        matrix
    }

    /// What the placements of a cycle cover together, if they do not overlap
    /// and every type they use may be placed.
    fn cycle_items(
        &self,
        cycle: &[(usize, usize)],
        type_items: &[Option<Item>],
    ) -> Option<Vec<(Item, u32)>> {
        let mut cells: Vec<(Item, u32)> = Vec::new();
        let mut types: Vec<(Item, u32)> = Vec::new();
        for &(t, j) in cycle {
            for &c in &self.placements[t][j] {
                let i = self.index.find(&self.target, c)? as Item;
                if cells.iter().any(|&(k, _)| k == i) {
                    return None;
                }
                cells.push((i, 1));
            }
            let kind = type_items[t]?;
            match types.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, w)) => *w += 1,
                None => types.push((kind, 1)),
            }
        }
        cells.extend(types);
        Some(cells)
    }
}
