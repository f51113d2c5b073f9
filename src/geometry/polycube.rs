//! Shapes made of unit cells: normalising, rotating, and the symmetries of a shape.

use super::{Cell, Dir, SignedPermutation};
use std::collections::{BTreeSet, HashSet};

/// Translates a shape so its least coordinate on every axis is 0, and sorts it:
/// two shapes are equal up to translation exactly when their normal forms are equal.
pub fn normalise(cells: &[Cell]) -> Vec<Cell> {
    if cells.is_empty() {
        return Vec::new();
    }
    let min: [i32; 3] = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]])
        .collect();
    out.sort();
    out
}

/// Every distinct orientation of a shape, normalised: up to 24 with rotations only,
/// up to 48 when mirror images are allowed.
pub fn orientations(cells: &[Cell], mirror: bool) -> Vec<Vec<Cell>> {
    let mut seen = BTreeSet::new();
    for o in SignedPermutation::all(!mirror) {
        let image: Vec<Cell> = cells.iter().map(|&c| o.apply_linear(c)).collect();
        seen.insert(normalise(&image));
    }
    seen.into_iter().collect()
}

/// A name for the shape up to rotation (and reflection when `mirror`): the least
/// normalised orientation.
pub fn shape_class(cells: &[Cell], mirror: bool) -> Vec<Cell> {
    orientations(cells, mirror)
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// Whether every cell can be reached from the first through shared faces.
pub fn is_connected(cells: &[Cell]) -> bool {
    let all: HashSet<Cell> = cells.iter().copied().collect();
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(c) = stack.pop() {
        for d in Dir::ALL {
            let n = d.step(c, 1);
            if all.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == all.len()
}

/// An isometry of the lattice: an orientation followed by a translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Isometry {
    pub orientation: SignedPermutation,
    pub offset: Cell,
}

impl Isometry {
    pub fn apply(&self, cell: Cell) -> Cell {
        let c = self.orientation.apply_linear(cell);
        [
            c[0] + self.offset[0],
            c[1] + self.offset[1],
            c[2] + self.offset[2],
        ]
    }
}

/// The isometries mapping a set of cells onto itself (rotations only when
/// `proper_only`). For a box these are the box's rotations and reflections.
pub fn self_symmetries(cells: &[Cell], proper_only: bool) -> Vec<Isometry> {
    let target = normalise(cells);
    let min: [i32; 3] = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
    let mut out = Vec::new();
    for orientation in SignedPermutation::all(proper_only) {
        let image: Vec<Cell> = cells.iter().map(|&c| orientation.apply_linear(c)).collect();
        if normalise(&image) != target {
            continue;
        }
        let image_min: [i32; 3] =
            std::array::from_fn(|a| image.iter().map(|c| c[a]).min().unwrap_or(0));
        let offset = [0, 1, 2].map(|a| min[a] - image_min[a]);
        out.push(Isometry {
            orientation,
            offset,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_counts() {
        assert_eq!(SignedPermutation::all(true).len(), 24);
        assert_eq!(SignedPermutation::all(false).len(), 48);
        let l_tromino = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
        assert_eq!(orientations(&l_tromino, false).len(), 12);
        let cube = [[0, 0, 0]];
        assert_eq!(orientations(&cube, true).len(), 1);
        // A screw tetracube is chiral: its mirror image adds 12 orientations.
        let screw = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
        assert_eq!(orientations(&screw, false).len(), 12);
        assert_eq!(orientations(&screw, true).len(), 24);
        let mirrored: Vec<Cell> = screw.iter().map(|c| [c[0], c[1], -c[2]]).collect();
        assert_ne!(shape_class(&screw, false), shape_class(&mirrored, false));
        assert_eq!(shape_class(&screw, true), shape_class(&mirrored, true));
    }

    #[test]
    fn symmetries_of_shapes() {
        let mut cube = Vec::new();
        for x in 0..3 {
            for y in 0..3 {
                for z in 0..3 {
                    cube.push([x, y, z]);
                }
            }
        }
        assert_eq!(self_symmetries(&cube, true).len(), 24);
        assert_eq!(self_symmetries(&cube, false).len(), 48);
        let board: Vec<Cell> = (0..6)
            .flat_map(|x| (0..3).map(move |y| [x, y, 5]))
            .collect();
        assert_eq!(self_symmetries(&board, false).len(), 8);
        for g in self_symmetries(&board, false) {
            let image: BTreeSet<Cell> = board.iter().map(|&c| g.apply(c)).collect();
            assert_eq!(image, board.iter().copied().collect());
        }
    }

    #[test]
    fn connectivity() {
        assert!(is_connected(&[[0, 0, 0], [0, 1, 0], [1, 1, 0]]));
        assert!(!is_connected(&[[0, 0, 0], [1, 1, 0]]));
    }
}
