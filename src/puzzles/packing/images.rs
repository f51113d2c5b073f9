//! A packing's symmetric images, and what counting needs of them. Building an
//! image moves and sorts every piece's cells; a count needs only how many distinct
//! images a packing has and its canonical form, so each image is first given an
//! order-free fingerprint, and only images whose fingerprints tie are built.

use super::{Arrangement, LabelledSymmetry, Packing, colours};
use crate::family::OrbitSummary;
use crate::geometry::Cell;

impl Packing {
    pub(super) fn image(&self, s: &LabelledSymmetry, arrangement: &Arrangement) -> Arrangement {
        let mut out: Arrangement = arrangement
            .iter()
            .map(|(t, cells, colours)| {
                let (image, image_colours) = colours::moved(cells, colours, |c| s.map.apply(c));
                (s.relabel[*t], image, image_colours)
            })
            .collect();
        out.sort();
        out
    }

    /// Where each cell of `arrangement` lies, found once for all the
    /// symmetries whose fingerprints are then taken: its place in the target
    /// (an uncoloured cell of it) or the cell and colour themselves.
    fn located(&self, arrangement: &Arrangement) -> LocatedCells {
        let mut out = LocatedCells {
            cells: Vec::with_capacity(arrangement.iter().map(|(_, c, _)| c.len()).sum()),
            pieces: Vec::with_capacity(arrangement.len()),
        };
        for (t, cells, colours) in arrangement {
            out.cells.extend(cells.iter().enumerate().map(|(j, &c)| {
                let colour = colours.get(j).copied().unwrap_or(0);
                match self.index.find(&self.target, c) {
                    Some(i) if colour == 0 => Located::Target(i),
                    _ => Located::Other(c, colour),
                }
            }));
            out.pieces.push((*t, out.cells.len()));
        }
        out
    }

    /// A hash of the image under symmetry `k` of the group of the arrangement
    /// `located` describes, that needs no sorting: equal images have equal
    /// fingerprints, and images with different fingerprints are different.
    fn fingerprint(&self, k: usize, located: &LocatedCells) -> u64 {
        let s = &self.group[k];
        let prints = self.cell_prints();
        let row = &prints[k * self.target.len()..(k + 1) * self.target.len()];
        let mut start = 0;
        located
            .pieces
            .iter()
            .map(|&(t, end)| {
                let piece = located.cells[start..end].iter().fold(0u64, |sum, at| {
                    sum.wrapping_add(match *at {
                        Located::Target(i) => row[i],
                        Located::Other(c, colour) => cell_print(s, c, colour),
                    })
                });
                start = end;
                mix(piece ^ mix(s.relabel[t] as u64))
            })
            .fold(0u64, u64::wrapping_add)
    }

    /// Per symmetry of the group and cell of the target, the cell's share of a
    /// fingerprint ([`cell_print`] without colour): a look-up instead of moving
    /// and hashing each cell of each solution under each symmetry, which was
    /// most of the time of counting classes of a puzzle with many solutions.
    fn cell_prints(&self) -> &[u64] {
        self.cell_prints.get_or_init(|| {
            self.group
                .iter()
                .flat_map(|s| self.target.iter().map(move |&c| cell_print(s, c, 0)))
                .collect()
        })
    }

    /// The symmetries sorted by the fingerprint of the image they make, with the
    /// fingerprints.
    fn by_fingerprint(&self, arrangement: &Arrangement) -> Vec<(u64, usize)> {
        let located = self.located(arrangement);
        let mut prints: Vec<(u64, usize)> = (0..self.group.len())
            .map(|k| (self.fingerprint(k, &located), k))
            .collect();
        prints.sort_unstable();
        prints
    }

    /// The distinct images of the symmetries in `run` (whose fingerprints are
    /// equal), sorted.
    fn images_of(&self, run: &[(u64, usize)], arrangement: &Arrangement) -> Vec<Arrangement> {
        let mut images: Vec<Arrangement> = run
            .iter()
            .map(|&(_, k)| self.image(&self.group[k], arrangement))
            .collect();
        images.sort();
        images.dedup();
        images
    }

    /// The canonical form: of the images with the least fingerprint, the least.
    /// (Any rule that picks one image by the images alone names the class; this
    /// one builds a single image for most packings.)
    pub(super) fn canonical_image(&self, arrangement: &Arrangement) -> Arrangement {
        let prints = self.by_fingerprint(arrangement);
        let Some(&(least, _)) = prints.first() else {
            return arrangement.clone();
        };
        let ties = prints.iter().take_while(|p| p.0 == least).count();
        self.images_of(&prints[..ties], arrangement).swap_remove(0)
    }

    /// Every distinct image, sorted, and the canonical form picked from them (the
    /// least of those with the least fingerprint, as [`Packing::canonical_image`]).
    pub(super) fn orbit_with_canonical(
        &self,
        arrangement: &Arrangement,
    ) -> (Vec<Arrangement>, Arrangement) {
        let located = self.located(arrangement);
        let mut images: Vec<(u64, Arrangement)> = self
            .group
            .iter()
            .enumerate()
            .map(|(k, s)| (self.fingerprint(k, &located), self.image(s, arrangement)))
            .collect();
        let canonical = images
            .iter()
            .min()
            .map_or_else(|| arrangement.clone(), |(_, image)| image.clone());
        let mut orbit: Vec<Arrangement> = images.drain(..).map(|(_, image)| image).collect();
        orbit.sort();
        orbit.dedup();
        (orbit, canonical)
    }

    /// The number of distinct images and the canonical form, building only the
    /// images whose fingerprints tie.
    pub(super) fn summary(&self, arrangement: &Arrangement) -> OrbitSummary<Arrangement> {
        let prints = self.by_fingerprint(arrangement);
        let mut size = 0;
        let mut canonical = None;
        for run in prints.chunk_by(|a, b| a.0 == b.0) {
            let distinct = if run.len() == 1 && canonical.is_some() {
                1
            } else {
                let images = self.images_of(run, arrangement);
                let n = images.len();
                if canonical.is_none() {
                    canonical = images.into_iter().next();
                }
                n
            };
            size += distinct;
        }
        let canonical = canonical.unwrap_or_else(|| arrangement.clone());
        OrbitSummary {
            size: size.max(1),
            // A packing's images are its class: the canonical form names the
            // orbit as well.
            key: None,
            canonical,
        }
    }
}

/// Where the cells of an arrangement lie, in one list for all its pieces (two
/// allocations per solution, not one per piece): per piece, its type and
/// where its cells end in `cells`.
struct LocatedCells {
    cells: Vec<Located>,
    pieces: Vec<(usize, usize)>,
}

/// Where a cell of an arrangement lies (see `Packing::located`).
enum Located {
    /// An uncoloured cell of the target, by its place in it.
    Target(usize),
    /// Any other cell, with its colour.
    Other(Cell, u32),
}

/// The share of a cell of colour `colour` in the fingerprint of an image under `s`.
fn cell_print(s: &LabelledSymmetry, c: Cell, colour: u32) -> u64 {
    mix(cell_word(s.map.apply(c)) ^ u64::from(colour) << 60)
}

/// A cell as one word for [`mix`].
fn cell_word(c: Cell) -> u64 {
    let part = |v: i32| u64::from(v as u32 & 0xF_FFFF);
    part(c[0]) | part(c[1]) << 20 | part(c[2]) << 40
}

/// SplitMix64's finaliser: spreads every input bit over the whole word.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
