//! The bevel: each convex edge of the shrunk piece cut at 45 degrees, `bevel`
//! deep on both sides, by moving the grid points of [`Refined`]'s faces and
//! nothing else, so the surface stays closed with the same triangles. A
//! point on a straight convex edge moves half the bevel in from both faces:
//! the two rows of fine faces beside the edge (one bevel wide, as the grid
//! has lines one bevel in from every face) then lie in one 45-degree plane.
//! A convex corner moves two thirds of the bevel in along all three axes:
//! its three fine faces then lie in the plane that cuts the corner off, where
//! the three edges' bevels end. Other points stay: where a convex edge runs
//! into a wall or a hollow, its bevel narrows to nothing over the last fine
//! face before it.

use super::refined::Refined;

/// How far grid point `at` moves, in cells, for a bevel of `bevel` cells.
pub(super) fn displacement(refined: &Refined, at: [usize; 3], bevel: f64) -> [f64; 3] {
    // The eight fine boxes around the point, by side along each axis (0
    // below, 1 above).
    let mut filled = Vec::new();
    for s in 0..8usize {
        let side = [s & 1, (s >> 1) & 1, (s >> 2) & 1];
        let boxed: [isize; 3] = std::array::from_fn(|a| at[a] as isize - 1 + side[a] as isize);
        if refined.filled(boxed) {
            filled.push(side);
        }
    }
    // Towards the side `side` names along axis `a`.
    let inward = |side: usize| if side == 1 { 1.0 } else { -1.0 };
    match filled.as_slice() {
        [corner] => corner.map(|s| inward(s) * bevel * 2.0 / 3.0),
        [one, other] => {
            let differ: Vec<usize> = (0..3).filter(|&a| one[a] != other[a]).collect();
            match differ.as_slice() {
                // Along the edge the point does not move.
                [along] => std::array::from_fn(|a| {
                    if a == *along {
                        0.0
                    } else {
                        inward(one[a]) * bevel / 2.0
                    }
                }),
                _ => [0.0; 3],
            }
        }
        _ => [0.0; 3],
    }
}
