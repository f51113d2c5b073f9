//! Shapes made of unit cubes: their least corner, and (for tests) normalising
//! and rotating them; the grids' own forms are in `grid`.

use super::Cell;
#[cfg(test)]
use super::SignedPermutation;
#[cfg(test)]
use std::collections::BTreeSet;

/// The least coordinate of `cells` on each axis (0 for no cells): the corner a
/// shape is moved to the origin by.
pub fn least_corner(cells: &[Cell]) -> Cell {
    std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0))
}

#[cfg(test)]
/// Translates a shape so its least coordinate on every axis is 0, and sorts it:
/// two shapes are equal up to translation exactly when their normal forms are equal.
pub fn normalise(cells: &[Cell]) -> Vec<Cell> {
    if cells.is_empty() {
        return Vec::new();
    }
    let min = least_corner(cells);
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - min[0], c[1] - min[1], c[2] - min[2]])
        .collect();
    out.sort();
    out
}

#[cfg(test)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::grid::Grid;
    use crate::geometry::turns;

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
        // The least orientation names a shape up to rotation (and reflection).
        let class = |cells: &[Cell], mirror| orientations(cells, mirror)[0].clone();
        assert_ne!(class(&screw, false), class(&mirrored, false));
        assert_eq!(class(&screw, true), class(&mirrored, true));
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
        assert_eq!(Grid::Cubes.self_symmetries(&cube, true).len(), 24);
        assert_eq!(Grid::Cubes.self_symmetries(&cube, false).len(), 48);
        let board: Vec<Cell> = (0..6)
            .flat_map(|x| (0..3).map(move |y| [x, y, 5]))
            .collect();
        assert_eq!(Grid::Cubes.self_symmetries(&board, false).len(), 8);
        for g in Grid::Cubes.self_symmetries(&board, false) {
            let image: BTreeSet<Cell> = board.iter().map(|&c| g.apply(c)).collect();
            assert_eq!(image, board.iter().copied().collect());
        }
    }

    proptest::proptest! {
        /// The symmetries are exactly the orientations under which the set keeps
        /// its normal form, each with the translation that puts it back.
        #[test]
        fn symmetries_match_normal_forms(
            cells in proptest::collection::btree_set((0..3i32, 0..3i32, 0..2i32), 1..10),
            proper_only: bool,
        ) {
            let cells: Vec<Cell> = cells.into_iter().map(|(x, y, z)| [x, y, z]).collect();
            let found = Grid::Cubes.self_symmetries(&cells, proper_only);
            let expected: Vec<SignedPermutation> = SignedPermutation::all(proper_only)
                .into_iter()
                .filter(|o| {
                    let image: Vec<Cell> = cells.iter().map(|&c| o.apply_linear(c)).collect();
                    normalise(&image) == normalise(&cells)
                })
                .collect();
            let mut orientations: Vec<_> = found.iter().map(|g| g.turn.m).collect();
            let mut expected: Vec<_> = expected.iter().map(turns::matrix_of).collect();
            orientations.sort();
            expected.sort();
            proptest::prop_assert_eq!(orientations, expected);
            let set: BTreeSet<Cell> = cells.iter().copied().collect();
            for g in found {
                let image: BTreeSet<Cell> = cells.iter().map(|&c| g.apply(c)).collect();
                proptest::prop_assert_eq!(&image, &set);
            }
        }
    }

    #[test]
    fn connectivity() {
        assert!(Grid::Cubes.is_connected(&[[0, 0, 0], [0, 1, 0], [1, 1, 0]]));
        assert!(!Grid::Cubes.is_connected(&[[0, 0, 0], [1, 1, 0]]));
    }
}
