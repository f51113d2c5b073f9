//! BurrTools' numbering of the 48 ways to turn (and mirror) a shape on the
//! cube grid. Its files write placements with these numbers, and which copy of
//! a symmetry class it keeps depends on their order, so the order matters.

use super::Cell;
#[cfg(test)]
use super::SignedPermutation;
use std::sync::OnceLock;

/// A turn as a matrix: `m[i][j]` is what input axis `j` gives output axis `i`.
pub type Matrix = [[i32; 3]; 3];

/// How many turns there are: 24 rotations, then the same each mirrored.
pub const TURNS: usize = 48;

/// BurrTools' turn `t` (0 to 47): the four quarter turns about x of six
/// facings, the last 24 each followed by mirroring x.
pub fn turn(t: usize) -> Matrix {
    static TABLE: OnceLock<[Matrix; TURNS]> = OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(worked_out))[t]
}

/// [`turn`] worked out from the facings.
fn worked_out(t: usize) -> Matrix {
    const FACINGS: [Matrix; 6] = [
        [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
        [[-1, 0, 0], [0, 1, 0], [0, 0, -1]],
        [[0, 0, 1], [0, 1, 0], [-1, 0, 0]],
        [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
        [[0, 1, 0], [-1, 0, 0], [0, 0, 1]],
    ];
    const QUARTER_X: Matrix = [[1, 0, 0], [0, 0, -1], [0, 1, 0]];
    let mut m = FACINGS[t % 24 / 4];
    for _ in 0..t % 4 {
        m = times(m, QUARTER_X);
    }
    if t >= 24 {
        m = times(m, [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    }
    m
}

/// The product `a · b` (first `b`, then `a`).
pub fn times(a: Matrix, b: Matrix) -> Matrix {
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| (0..3).map(|k| a[i][k] * b[k][j]).sum()))
}

/// The inverse of a turn (its transpose).
pub fn inverse(m: Matrix) -> Matrix {
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| m[j][i]))
}

/// The cell turned about the origin.
pub fn apply(m: &Matrix, c: Cell) -> Cell {
    [0, 1, 2].map(|i| (0..3).map(|j| m[i][j] * c[j]).sum())
}

/// BurrTools' number of a turn given as a matrix.
pub fn number_of(m: Matrix) -> usize {
    (0..TURNS)
        .find(|&t| turn(t) == m)
        .expect("every signed permutation matrix is one of the 48 turns")
}

/// The matrix of a signed permutation of the axes.
#[cfg(test)]
pub fn matrix_of(p: &SignedPermutation) -> Matrix {
    let mut m = [[0; 3]; 3];
    for i in 0..3 {
        m[i][p.perm[i]] = if p.flip[i] { -1 } else { 1 };
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn determinant(m: Matrix) -> i32 {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    #[test]
    fn the_turns_are_the_48_symmetries_of_the_cube_rotations_first() {
        let all: Vec<_> = (0..TURNS).map(turn).collect();
        for (t, m) in all.iter().enumerate() {
            assert_eq!(determinant(*m), if t < 24 { 1 } else { -1 }, "turn {t}");
            assert!(
                all[..t].iter().all(|earlier| earlier != m),
                "turn {t} repeats"
            );
            assert_eq!(number_of(*m), t);
            assert_eq!(times(*m, inverse(*m)), turn(0));
        }
        // Spot checks on BurrTools' numbering: a quarter turn about x, the
        // first turn of the second facing, the mirror of x.
        assert_eq!(turn(1), [[1, 0, 0], [0, 0, -1], [0, 1, 0]]);
        assert_eq!(turn(4), [[0, 0, -1], [0, 1, 0], [1, 0, 0]]);
        assert_eq!(turn(5), [[0, -1, 0], [0, 0, -1], [1, 0, 0]]);
        assert_eq!(turn(24), [[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        assert_eq!(turn(28), [[0, 0, -1], [0, 1, 0], [-1, 0, 0]]);
    }

    #[test]
    fn signed_permutations_are_turns_that_move_cells_alike() {
        for p in SignedPermutation::all(false) {
            let m = matrix_of(&p);
            let c = [1, 2, 3];
            assert_eq!(apply(&m, c), p.apply_linear(c));
            assert_eq!(number_of(m) < 24, p.is_proper());
        }
    }
}
