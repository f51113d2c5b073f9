//! Polycube packing: pieces placed by rotation (and reflection when allowed) and
//! translation so that together they fill a target shape exactly once.

mod anchor;
mod build;
pub(crate) mod burrtools;
mod burrtools_copy;
mod burrtools_images;
mod cell_anchor;
mod cell_index;
mod check;
#[cfg(test)]
mod colour_tests;
mod colours;
mod cover;
mod family;
mod first_placements;
mod formula;
#[cfg(test)]
mod grid_tests;
mod images;
mod model;
mod picture;
#[cfg(test)]
mod reference_tests;
mod symmetric_covers;
#[cfg(test)]
mod tests;
mod text;
mod verified;

use crate::family::Breaking;
use crate::family::{
    CoverEncoding, EncodeOptions, Encoding, OrbitSummary, Puzzle, SymmetricCovers,
};
use crate::geometry::Cell;
use crate::geometry::grid::{Grid, Isometry};
use crate::solve::Model;
use crate::types::Violation;
pub use build::MAX_TARGET_CELLS;
use cell_index::CellIndex;
use colours::Coloured;
pub use colours::{Colours, moved, normalised};
pub use formula::PackingDecoder;
use std::sync::OnceLock;

/// One kind of piece, of which between `copies.min` and `copies.max` identical
/// copies are placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    pub name: String,
    pub letter: char,
    /// Normalised cells.
    pub cells: Vec<Cell>,
    /// The colour of each cell, in the order of `cells` (0 for none); empty for
    /// an uncoloured piece.
    pub colours: Vec<u32>,
    pub copies: Copies,
}

/// How many copies of a piece a packing places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Copies {
    pub min: usize,
    pub max: usize,
}

impl Copies {
    pub fn exactly(n: usize) -> Copies {
        Copies { min: n, max: n }
    }

    /// The number of copies, when it is fixed.
    pub fn exact(self) -> Option<usize> {
        (self.min == self.max).then_some(self.min)
    }
}

/// A packing: for every piece placed, its type, its sorted cells and their colours
/// (empty for an uncoloured piece), the whole list sorted. Copies of one type are
/// interchangeable, so sorting makes a packing of identical copies one value
/// however the copies are numbered.
pub type Arrangement = Vec<(usize, Vec<Cell>, Vec<u32>)>;

/// A symmetry of the target together with the relabelling of piece types it needs:
/// a reflection turns a chiral piece into its mirror partner.
#[derive(Clone, Debug)]
struct LabelledSymmetry {
    map: Isometry,
    relabel: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Packing {
    /// The grid the cells are on (BurrTools' five; cubes for most models).
    grid: Grid,
    pieces: Vec<PieceType>,
    /// Every cell a piece may cover, sorted.
    target: Vec<Cell>,
    /// Per target cell, whether it may stay empty (BurrTools' variable voxels);
    /// the others must be covered.
    optional: Vec<bool>,
    mirror: bool,
    colours: Colours,
    /// The colour of each target cell (0 for none), for `check`.
    target_colours: Vec<u32>,
    /// Where each cell is in `target`, for `check`.
    index: CellIndex,
    /// Per type, every distinct placement inside the target (sorted cells) that
    /// the colours allow.
    placements: Vec<Vec<Vec<Cell>>>,
    /// Per type and placement, the colours of its cells (empty when uncoloured).
    placement_colours: Vec<Vec<Vec<u32>>>,
    /// Per type, its normalised orientations, sorted, for `check` (which runs once
    /// per solution and per symmetric image, so they are worked out once here).
    shapes: Vec<Vec<Coloured>>,
    /// The symmetries of the target that map packings to packings: its rotations,
    /// and its reflections when pieces may be mirrored or when the piece set is
    /// closed under mirroring (then with a relabelling of the chiral pieces). The
    /// image of a packing is always another packing, so one group serves symmetry
    /// breaking, orbit sizes and `--unique` alike.
    group: Vec<LabelledSymmetry>,
    /// How many symmetries of `group` move no target cell and relabel no
    /// piece (the identity, and a flat target's mirror in its own plane): they
    /// fix every packing, so no packing's orbit is larger than
    /// `group.len() / kernel`.
    kernel: usize,
    /// Per type, how its pieces are taken apart: the group they belong to (0
    /// for none) and their weight.
    disassembly: Vec<(u32, i32)>,
    /// Every symmetry of the target (keeping optional cells and colours), as
    /// a set of BurrTools' turn numbers, reflections included.
    result_turns: u64,
    /// The pieces that can anchor symmetry breaking (see
    /// `Packing::anchor_candidates`): worked out when first needed.
    anchors: OnceLock<Vec<usize>>,
    /// How BurrTools orders placements, to find the copy of a class it keeps:
    /// worked out when first needed (only taking assemblies apart needs it).
    burrtools: OnceLock<Box<burrtools_copy::BurrToolsOrder>>,
    /// Per symmetry and target cell, its share of a fingerprint (see
    /// `images.rs`): worked out when first needed.
    cell_prints: OnceLock<Vec<u64>>,
    /// The placements `check` has found sound, for the solutions made of them:
    /// worked out at the first check.
    verified: OnceLock<Option<std::sync::Arc<verified::Verified>>>,
}

impl Packing {
    /// The same packing with, per piece type, the group its pieces belong to
    /// when the assembly is taken apart (0 for none: pieces of one non-zero
    /// group may stay together) and their weight (the heavier side of a move
    /// is shown staying put).
    pub fn with_disassembly(
        mut self,
        groups_and_weights: Vec<(u32, i32)>,
    ) -> Result<Packing, String> {
        if groups_and_weights.len() != self.pieces.len() {
            return Err(format!(
                "a group and a weight for each of the {} kinds of piece, got {}",
                self.pieces.len(),
                groups_and_weights.len()
            ));
        }
        self.disassembly = groups_and_weights;
        Ok(self)
    }

    /// Per piece type: its group and weight for taking assemblies apart.
    pub fn disassembly(&self) -> &[(u32, i32)] {
        &self.disassembly
    }

    pub fn pieces(&self) -> &[PieceType] {
        &self.pieces
    }

    /// Every cell a piece may cover, sorted.
    pub fn target(&self) -> &[Cell] {
        &self.target
    }

    /// Whether the target cell of the same index in [`Packing::target`] may stay
    /// empty.
    pub fn optional(&self) -> &[bool] {
        &self.optional
    }

    pub fn mirror(&self) -> bool {
        self.mirror
    }

    /// The grid the packing's cells are on.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The target's colours and the pairs allowed to meet.
    pub fn colours(&self) -> &Colours {
        &self.colours
    }

    /// Number of symmetries `--unique` identifies.
    pub fn group_order(&self) -> usize {
        self.group.len()
    }

    /// Whether those symmetries include reflections.
    pub fn folds_reflections(&self) -> bool {
        self.group.iter().any(|s| !s.map.is_proper())
    }

    /// Placements per piece type.
    pub fn placement_counts(&self) -> Vec<usize> {
        self.placements.iter().map(Vec::len).collect()
    }

    /// Placement `j` of type `t` as a placed piece.
    fn placed(&self, t: usize, j: usize) -> (usize, Vec<Cell>, Vec<u32>) {
        (
            t,
            self.placements[t][j].clone(),
            self.placement_colours[t][j].clone(),
        )
    }
}

impl Puzzle for Packing {
    type Solution = Arrangement;
    type Key = Box<[u8]>;
    type Decoder = PackingDecoder;

    /// Flat, one byte for most numbers: per piece, its type, its cells (by
    /// place in the target, or as coordinates for any other) and their
    /// colours, each list led by its length, every number written as a
    /// variable-length integer, so that different arrangements stay different
    /// and hundreds of thousands of keys stay small.
    fn key(&self, arrangement: &Arrangement) -> Box<[u8]> {
        let mut key = Vec::new();
        for (t, cells, colours) in arrangement {
            varint(&mut key, *t as u64);
            varint(&mut key, cells.len() as u64);
            for &c in cells {
                match self.index.find(&self.target, c) {
                    // 0 says a cell off the target follows.
                    Some(i) => varint(&mut key, i as u64 + 1),
                    None => {
                        varint(&mut key, 0);
                        for v in c {
                            varint(&mut key, u64::from((v << 1 ^ v >> 31) as u32));
                        }
                    }
                }
            }
            varint(&mut key, colours.len() as u64);
            for &colour in colours {
                varint(&mut key, u64::from(colour));
            }
        }
        key.into_boxed_slice()
    }

    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        Some((self.clause_estimate(), "pieces"))
    }

    /// By an anchor piece, or else by an anchor cell in the exact-cover
    /// search (see `cell_anchor.rs`).
    fn breaks_symmetry(&self) -> bool {
        self.anchor().is_some() || self.anchor_cell().is_some()
    }

    /// Broken at a cell (or not at all), an orbit is met up to as often as the
    /// symmetries fixing the cell: counting every cover beats folding them.
    fn counts_covers_unbroken(&self) -> bool {
        self.anchor().is_none()
    }

    fn encode(&self, options: EncodeOptions) -> Encoding<PackingDecoder> {
        self.formula(options)
    }

    fn exact_cover(&self, options: EncodeOptions) -> Option<CoverEncoding<'_, Arrangement>> {
        Some(self.cover_encoding(options))
    }

    /// The group acts on the covers (each a packing), and its orbits are the
    /// classes (see [`Puzzle::orbits_are_classes`]).
    fn symmetric_covers(&self) -> Option<SymmetricCovers<'_>> {
        Some(self.fixed_packings())
    }

    fn decode(&self, decoder: &PackingDecoder, model: &Model) -> Arrangement {
        let mut out: Arrangement = Vec::new();
        for (t, lits) in decoder.placed.iter().enumerate() {
            for (j, &lit) in lits.iter().enumerate() {
                if model.lit(lit) {
                    out.push(self.placed(t, j));
                }
            }
        }
        out.sort();
        out
    }

    fn check(&self, arrangement: &Arrangement) -> Result<(), Violation> {
        let verified = self
            .verified
            .get_or_init(|| verified::Verified::of(self).map(std::sync::Arc::new));
        if verified
            .as_ref()
            .is_some_and(|v| v.passes(self, arrangement))
        {
            return Ok(());
        }
        self.full_check(arrangement)
    }

    fn orbit(&self, arrangement: &Arrangement) -> Vec<Arrangement> {
        let mut images: Vec<Arrangement> = self
            .group
            .iter()
            .map(|s| self.image(s, arrangement))
            .collect();
        images.sort();
        images.dedup();
        images
    }

    fn canonical(&self, arrangement: &Arrangement) -> Arrangement {
        self.canonical_image(arrangement)
    }

    /// The orbit's images are built anyway, so the canonical form is picked from
    /// them by the same rule as [`Puzzle::canonical`], without building its image
    /// again.
    fn orbit_and_canonical(&self, arrangement: &Arrangement) -> (Vec<Arrangement>, Arrangement) {
        self.orbit_with_canonical(arrangement)
    }

    /// The group's images are all that make two packings alike.
    fn orbits_are_classes(&self) -> bool {
        true
    }

    /// The orbit is the class, so the canonical form serves as the orbit's key.
    fn orbit_summary(&self, arrangement: &Arrangement) -> OrbitSummary<Arrangement> {
        self.summary(arrangement)
    }

    /// Symmetry breaking keeps the anchor piece at the least placement of each
    /// orbit of its placements, so the members of this orbit a search meets are
    /// the images under the symmetries that fix the anchor's placement. When no
    /// symmetry but the identity fixes it, the orbit is met once. (Should the
    /// anchor be unknown, every piece that could anchor is asked.)
    fn orbit_met_once(
        &self,
        breaking: Breaking,
        arrangement: &Arrangement,
        summary: &OrbitSummary<Arrangement>,
    ) -> bool {
        let used = breaking.anchor;
        // An anchor cell meets an orbit as often as its members keep the least
        // placement there, and a search with no anchor meets all its members.
        if breaking.anchor_cell.is_some() || (used.is_none() && self.anchor().is_none()) {
            return summary.size == 1;
        }
        summary.size == 1
            || self
                .anchor_candidates()
                .filter(|&t| used.is_none_or(|a| a == t))
                .all(|t| self.only_kernel_fixes(arrangement, t))
    }

    /// As [`Packing::orbit_met_once`] for the anchor the search used: then no
    /// symmetry outside the kernel fixes the packing either (one that did would
    /// fix the anchor, the only copy of a piece every symmetry keeps), so its
    /// images under the group are `group / kernel` distinct packings, and the
    /// orbit is the class. On a flat target (6x10 pentominoes) the kernel
    /// holds the mirror in the target's plane, and every solution found is such
    /// an orbit.
    fn lone_orbit_size(&self, breaking: Breaking, arrangement: &Arrangement) -> Option<usize> {
        let anchor = breaking.anchor?;
        self.only_kernel_fixes(arrangement, anchor)
            .then_some(self.group.len() / self.kernel)
    }
}

/// Writes `v` seven bits a byte, low bits first, the high bit saying more
/// follow: a sequence of them reads back one way only.
fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}
