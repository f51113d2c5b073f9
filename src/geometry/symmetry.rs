#[cfg(test)]
use super::Dir;
use super::{BoxDims, Cell};
use itertools::Itertools;
#[cfg(test)]
use std::collections::HashSet;

/// A signed permutation of the axes: output axis `i` reads input axis `perm[i]`,
/// mirrored when `flip[i]`. On the whole lattice a mirrored coordinate `v` becomes
/// `-v` (how pieces are turned); inside a box it becomes `side - 1 - v`, so the map
/// sends the box onto itself when the permuted sides agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SignedPermutation {
    pub perm: [usize; 3],
    pub flip: [bool; 3],
}

impl SignedPermutation {
    /// All 48 signed axis permutations, or the 24 rotations among them.
    pub fn all(proper_only: bool) -> Vec<SignedPermutation> {
        let mut out = Vec::new();
        for perm in (0..3).permutations(3) {
            for bits in 0..8u8 {
                let g = SignedPermutation {
                    perm: [perm[0], perm[1], perm[2]],
                    flip: [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0],
                };
                if g.is_proper() || !proper_only {
                    out.push(g);
                }
            }
        }
        out
    }

    /// Image of a cell under the linear map (about the origin).
    #[cfg(test)]
    pub fn apply_linear(&self, cell: Cell) -> Cell {
        let mut out = [0; 3];
        for (i, o) in out.iter_mut().enumerate() {
            let v = cell[self.perm[i]];
            *o = if self.flip[i] { -v } else { v };
        }
        out
    }

    /// Image of a cell of `dims` (the box must be mapped onto itself).
    pub fn apply(&self, dims: &BoxDims, cell: Cell) -> Cell {
        let mut out = [0; 3];
        for (i, o) in out.iter_mut().enumerate() {
            let v = cell[self.perm[i]];
            *o = if self.flip[i] {
                dims.sides[i] - 1 - v
            } else {
                v
            };
        }
        out
    }

    /// Image of a direction (the linear part of the map).
    #[cfg(test)]
    pub fn apply_dir(&self, dir: Dir) -> Dir {
        let i = (0..3)
            .find(|&i| self.perm[i] == dir.axis)
            .expect("a permutation covers every axis");
        Dir::new(i, dir.positive != self.flip[i])
    }

    /// Whether the map is a rotation (determinant +1) rather than a reflection: an
    /// even number of inversions and sign flips together.
    pub fn is_proper(&self) -> bool {
        let inversions = [(0, 1), (0, 2), (1, 2)]
            .iter()
            .filter(|&&(i, j)| self.perm[i] > self.perm[j])
            .count();
        let flips = self.flip.iter().filter(|&&f| f).count();
        (inversions + flips) % 2 == 0
    }
}

/// Every signed axis permutation that maps the box onto itself: 48 for a cube,
/// 16 when two sides are equal, 8 when all differ.
pub fn box_group(dims: &BoxDims) -> Vec<SignedPermutation> {
    SignedPermutation::all(false)
        .into_iter()
        .filter(|g| (0..3).all(|i| dims.sides[i] == dims.sides[g.perm[i]]))
        .collect()
}

fn images<'a>(
    group: &'a [SignedPermutation],
    dims: &'a BoxDims,
    seq: &'a [Cell],
    reversal: bool,
) -> impl Iterator<Item = Vec<Cell>> + 'a {
    let forward = group
        .iter()
        .map(move |g| seq.iter().map(|&c| g.apply(dims, c)).collect());
    let backward = group
        .iter()
        .filter(move |_| reversal)
        .map(move |g| seq.iter().rev().map(|&c| g.apply(dims, c)).collect());
    forward.chain(backward)
}

/// The least image of a cell sequence under the group (and under reading the
/// sequence backwards when `reversal`): two sequences are the same up to symmetry
/// exactly when their canonical sequences are equal.
pub fn canonical_sequence(
    group: &[SignedPermutation],
    dims: &BoxDims,
    seq: &[Cell],
    reversal: bool,
) -> Vec<Cell> {
    images(group, dims, seq, reversal)
        .min()
        .unwrap_or_else(|| seq.to_vec())
}

/// Number of distinct images of a cell sequence under the group. Counted directly
/// rather than as |G| / |stabiliser| so that maps acting trivially on a flat box
/// (mirroring a side of length 1) are handled without special cases.
#[cfg(test)]
pub fn orbit_size(group: &[SignedPermutation], dims: &BoxDims, seq: &[Cell]) -> usize {
    images(group, dims, seq, false)
        .collect::<HashSet<_>>()
        .len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_orders() {
        assert_eq!(box_group(&BoxDims::new(3, 3, 3)).len(), 48);
        assert_eq!(box_group(&BoxDims::new(2, 2, 3)).len(), 16);
        assert_eq!(box_group(&BoxDims::new(2, 3, 4)).len(), 8);
        let proper = box_group(&BoxDims::new(3, 3, 3))
            .iter()
            .filter(|g| g.is_proper())
            .count();
        assert_eq!(proper, 24);
    }

    #[test]
    fn maps_box_onto_itself_and_agrees_with_directions() {
        for dims in [
            BoxDims::new(3, 3, 3),
            BoxDims::new(2, 3, 2),
            BoxDims::new(1, 4, 4),
        ] {
            for g in box_group(&dims) {
                let image: HashSet<Cell> = dims.cells().map(|c| g.apply(&dims, c)).collect();
                assert_eq!(image.len(), dims.volume());
                assert!(image.iter().all(|&c| dims.contains(c)));
                for c in dims.cells() {
                    for d in Dir::ALL {
                        let n = d.step(c, 1);
                        if dims.contains(n) {
                            let moved = Dir::between(g.apply(&dims, c), g.apply(&dims, n));
                            assert_eq!(moved, Some(g.apply_dir(d)));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn orbit_of_a_flat_path_counts_distinct_images() {
        let dims = BoxDims::new(1, 1, 3);
        let group = box_group(&dims);
        assert_eq!(group.len(), 16);
        let path = [[0, 0, 0], [0, 0, 1], [0, 0, 2]];
        assert_eq!(orbit_size(&group, &dims, &path), 2);
        let rev: Vec<Cell> = path.iter().rev().copied().collect();
        assert_eq!(
            canonical_sequence(&group, &dims, &path, false),
            canonical_sequence(&group, &dims, &rev, false)
        );
    }
}
