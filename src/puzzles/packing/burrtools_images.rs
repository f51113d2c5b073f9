//! BurrTools' placement of every placement's image under every symmetry,
//! worked out once. A take-apart asks for BurrTools' copy of every assembly,
//! and turning each of its pieces under each symmetry and taking its
//! fingerprint again costs more than the take-apart itself where that is
//! short: a frame of a hundred cubes in each of 782,952 assemblies that jam
//! at once (BENCHMARKS.md, "Boards that may leave cells empty").

use super::burrtools_copy::{BurrToolsOrder, Placement, fingerprint, printed_piece};
use super::{Arrangement, Packing, colours};
use crate::geometry::Cell;
use rustc_hash::FxHashMap;

/// Images worked out at the most (symmetries times placements), at 44 bytes
/// each: 12 MB. The table is worked out for the first assembly's copy, so
/// that one assembly alone does not wait long for it.
const MAX_IMAGES: usize = 1 << 18;

#[derive(Clone, Debug)]
pub(super) struct PlacedImages {
    /// Per type, its placements by the fingerprint of their cells as placed.
    by_print: Vec<FxHashMap<u64, u32>>,
    /// Where each type's placements start among all placements.
    offsets: Vec<usize>,
    /// Per symmetry, per placement (`offsets.last()` to a symmetry): its
    /// image's type and BurrTools' placement, `None` where BurrTools never
    /// meets that image.
    images: Vec<Option<(usize, Placement)>>,
    /// Per symmetry and placement, likewise: the image as a placement (its
    /// type and number), `None` if it is none.
    moved: Vec<Option<(u32, u32)>>,
}

impl PlacedImages {
    /// Each piece of `arrangement` as a placement's number among all, or
    /// `None` when one is no placement (or a fingerprint is shared).
    pub(super) fn indices(
        &self,
        packing: &Packing,
        arrangement: &Arrangement,
    ) -> Option<Vec<usize>> {
        arrangement
            .iter()
            .map(|(t, cells, colours)| {
                let j = placement_by_print(packing, self.by_print.get(*t)?, *t, cells, colours)?;
                Some(self.offsets[*t] + j as usize)
            })
            .collect()
    }

    /// The pieces `indices` names under symmetry `k`, as `in_order` takes
    /// them; `None` when BurrTools never meets that image.
    pub(super) fn image(
        &self,
        k: usize,
        indices: &[usize],
    ) -> Option<Vec<(usize, Placement, usize)>> {
        indices
            .iter()
            .enumerate()
            .map(|(i, &g)| self.images[self.entry(k, g)].map(|(t, p)| (t, p, i)))
            .collect()
    }

    /// The image under symmetry `k` of placement `g` (a number among all) as
    /// a placed piece, when it is a placement.
    pub(super) fn moved(
        &self,
        packing: &Packing,
        k: usize,
        g: usize,
    ) -> Option<(usize, Vec<Cell>, Vec<u32>)> {
        let (t, j) = self.moved[self.entry(k, g)]?;
        Some(packing.placed(t as usize, j as usize))
    }

    /// Where symmetry `k`'s entry for placement `g` is in the tables.
    fn entry(&self, k: usize, g: usize) -> usize {
        k * self.offsets[self.offsets.len() - 1] + g
    }
}

/// The placement of type `t` on `cells` with `colours`, found by its
/// fingerprint in `by_print` (the type's table) and compared whole, so that
/// one sharing its fingerprint is not taken for it.
fn placement_by_print(
    packing: &Packing,
    by_print: &FxHashMap<u64, u32>,
    t: usize,
    cells: &[Cell],
    colours: &[u32],
) -> Option<u32> {
    let j = *by_print.get(&fingerprint(cells.iter().copied(), colours))?;
    (packing.placements[t][j as usize] == cells
        && packing.placement_colours[t][j as usize] == colours)
        .then_some(j)
}

impl Packing {
    /// The table for `order` (when its fingerprints tell orientations
    /// apart, every placement has a fingerprint of its own, and there are
    /// not too many).
    pub(super) fn placed_images(&self, order: &BurrToolsOrder) -> Option<PlacedImages> {
        let prints = order.prints.as_ref()?;
        let mut offsets = vec![0];
        for list in &self.placements {
            offsets.push(offsets.last()? + list.len());
        }
        let total = *offsets.last()?;
        if total.saturating_mul(self.group.len()) > MAX_IMAGES {
            return None;
        }
        let mut by_print = Vec::with_capacity(self.placements.len());
        for (list, colours) in self.placements.iter().zip(&self.placement_colours) {
            let mut table = FxHashMap::default();
            for (j, (cells, colours)) in list.iter().zip(colours).enumerate() {
                if table
                    .insert(fingerprint(cells.iter().copied(), colours), j as u32)
                    .is_some()
                {
                    return None;
                }
            }
            by_print.push(table);
        }
        let mut buffer = Vec::new();
        let mut images = Vec::with_capacity(total * self.group.len());
        let mut moved = Vec::with_capacity(total * self.group.len());
        for s in &self.group {
            for (t, list) in self.placements.iter().enumerate() {
                for (cells, colours) in list.iter().zip(&self.placement_colours[t]) {
                    images.push(printed_piece(
                        order,
                        s,
                        t,
                        cells,
                        colours,
                        prints,
                        &mut buffer,
                    ));
                    let u = s.relabel[t];
                    let (cells, colours) = colours::moved(cells, colours, |c| s.map.apply(c));
                    let j = placement_by_print(self, &by_print[u], u, &cells, &colours);
                    moved.push(j.map(|j| (u as u32, j)));
                }
            }
        }
        Some(PlacedImages {
            by_print,
            offsets,
            images,
            moved,
        })
    }
}
