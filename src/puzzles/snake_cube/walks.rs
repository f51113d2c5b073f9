//! The snake cube for the path search: the box's cells as nodes, the six
//! directions as labels, one run per segment, each turning 90° from the last,
//! and the first-use rule of the formula's symmetry breaking as which
//! directions must be used before which.

use super::SnakeCube;
use crate::family::{EncodeOptions, PathForm, WalkEncoding};
use crate::geometry::{BoxDims, Dir};
use crate::solve::walks::{NONE, Walks};

impl SnakeCube {
    /// [`Puzzle::walks`](crate::family::Puzzle::walks) for a snake cube.
    pub(super) fn walk_encoding(&self, options: EncodeOptions) -> WalkEncoding<'_, super::Path> {
        let dims = self.dims;
        let turns: Vec<u64> = Dir::ALL
            .iter()
            .map(|from| {
                Dir::ALL
                    .iter()
                    .filter(|to| to.axis != from.axis)
                    .fold(0, |set, to| set | 1 << to.index())
            })
            .collect();
        let runs = self.segments.iter().map(|&l| l as u32 - 1).collect();
        let forced = self.forced_start_colour();
        let starts = dims
            .cells()
            .filter(|&c| forced.is_none_or(|colour| BoxDims::colour(c) == colour))
            .map(|c| dims.index(c) as u32)
            .collect();
        let walks = box_walks(dims, turns, runs, starts, options.symmetry_breaking);
        WalkEncoding {
            walks: PathForm::Walks(walks),
            decode: Box::new(move |nodes: &[u32]| {
                nodes.iter().map(|&v| dims.cell(v as usize)).collect()
            }),
            breaking: crate::family::Breaking::default(),
        }
    }
}

/// Walks through every cell of the box by face steps, directions labelled as
/// in [`Dir::ALL`]; with `symmetry_breaking`, the formula's first-use rule:
/// `+a` before `-a` on every axis, and `+a` before `+b` for axes of equal
/// length taken in chain order, which keeps one path of each orbit of the
/// box's symmetries.
pub(super) fn box_walks(
    dims: BoxDims,
    turns: Vec<u64>,
    runs: Vec<u32>,
    starts: Vec<u32>,
    symmetry_breaking: bool,
) -> Walks {
    let step: Vec<u32> = dims
        .cells()
        .flat_map(|c| {
            Dir::ALL.map(|d| {
                let next = d.step(c, 1);
                if dims.contains(next) {
                    dims.index(next) as u32
                } else {
                    NONE
                }
            })
        })
        .collect();
    let mut walks = Walks::new(dims.volume(), 6, step, turns, runs, starts)
        .expect("a box's cells, steps and runs make walks");
    if symmetry_breaking {
        for axis in 0..3 {
            let positive = 1 << Dir::new(axis, true).index();
            walks = walks.with_needs(Dir::new(axis, false).index(), positive);
        }
        for chain in super::equal_axis_chains(dims) {
            for (k, &axis) in chain.iter().enumerate() {
                let before = chain[..k]
                    .iter()
                    .fold(0, |set, &a| set | 1 << Dir::new(a, true).index());
                walks = walks.with_needs(Dir::new(axis, true).index(), before);
            }
        }
    }
    walks
}
