//! The turns of each grid, worked out once.

use super::{Grid, Turn};
use crate::geometry::turns;
use std::sync::OnceLock;

/// Every turn of the grid: the rotations, then the same number of mirror
/// images.
pub(super) fn turns(grid: Grid) -> &'static [Turn] {
    static CUBIC: OnceLock<Vec<Turn>> = OnceLock::new();
    static PRISMS: OnceLock<Vec<Turn>> = OnceLock::new();
    static SPHERES: OnceLock<Vec<Turn>> = OnceLock::new();
    match grid {
        Grid::Cubes | Grid::Rhombic | Grid::TetraOcta => CUBIC.get_or_init(cubic),
        Grid::Prisms => PRISMS.get_or_init(prisms),
        Grid::Spheres => SPHERES.get_or_init(spheres),
    }
}

/// The 48 symmetries of the cube in BurrTools' order. The rhombic and the
/// tetrahedra-octahedra grids are cut from cubes, so they turn alike.
fn cubic() -> Vec<Turn> {
    (0..turns::TURNS)
        .map(|t| Turn {
            m: turns::turn(t),
            den: 1,
        })
        .collect()
}

/// The product of two turns over the same denominator.
fn times(a: &Turn, b: &Turn) -> Turn {
    let m = turns::times(a.m, b.m);
    debug_assert!(m.iter().flatten().all(|v| v % a.den == 0));
    Turn {
        m: m.map(|row| row.map(|v| v / a.den)),
        den: a.den,
    }
}

/// The 12 rotations of a hexagonal prism (six about the upright axis, six
/// turning it over), then each mirrored top to bottom. In prism points a sixth
/// of a turn is `(a, b) ↦ ((a − 3b) / 2, (a + b) / 2)`.
fn prisms() -> Vec<Turn> {
    let one = Turn {
        m: [[2, 0, 0], [0, 2, 0], [0, 0, 2]],
        den: 2,
    };
    let sixth = Turn {
        m: [[1, -3, 0], [1, 1, 0], [0, 0, 2]],
        den: 2,
    };
    let over = Turn {
        m: [[2, 0, 0], [0, -2, 0], [0, 0, -2]],
        den: 2,
    };
    let mirror = Turn {
        m: [[2, 0, 0], [0, 2, 0], [0, 0, -2]],
        den: 2,
    };
    let mut upright = vec![one];
    for _ in 1..6 {
        let last = *upright.last().expect("starts with one");
        upright.push(times(&sixth, &last));
    }
    let rotations: Vec<Turn> = upright
        .iter()
        .copied()
        .chain(upright.iter().map(|t| times(&over, t)))
        .collect();
    let mirrored: Vec<Turn> = rotations.iter().map(|t| times(&mirror, t)).collect();
    rotations.into_iter().chain(mirrored).collect()
}

/// The sphere grid's 120 rotations and their 120 mirror images: every
/// rotation that is an integer matrix over 3. Besides the cube's 24 (three
/// times a signed permutation) there are 96 whose rows are the signed
/// permutations of (1, 2, 2): the cube's rotations after a half turn about a
/// body diagonal, which lays a close-packed layer of spheres onto another
/// one. Only shapes whose spheres land on the grid take those turns.
fn spheres() -> Vec<Turn> {
    let mut rows: Vec<[i32; 3]> = Vec::new();
    for a in -3..=3i32 {
        for b in -3..=3i32 {
            for c in -3..=3i32 {
                if a * a + b * b + c * c == 9 {
                    rows.push([a, b, c]);
                }
            }
        }
    }
    let dot = |u: &[i32; 3], v: &[i32; 3]| (0..3).map(|i| u[i] * v[i]).sum::<i32>();
    let mut rotations = Vec::new();
    for r0 in &rows {
        for r1 in rows.iter().filter(|r| dot(r0, r) == 0) {
            for r2 in rows.iter().filter(|r| dot(r0, r) == 0 && dot(r1, r) == 0) {
                let turn = Turn {
                    m: [*r0, *r1, *r2],
                    den: 3,
                };
                if turn.is_proper() {
                    rotations.push(turn);
                }
            }
        }
    }
    // The cube's rotations first, the identity first of all, in BurrTools'
    // order; then the rest in a fixed order.
    let cube: Vec<Turn> = (0..24)
        .map(|t| Turn {
            m: turns::turn(t).map(|row| row.map(|v| 3 * v)),
            den: 3,
        })
        .collect();
    let mut others: Vec<Turn> = rotations
        .into_iter()
        .filter(|t| !cube.contains(t))
        .collect();
    others.sort_by_key(|t| t.m);
    let rotations: Vec<Turn> = cube.into_iter().chain(others).collect();
    let mirrored: Vec<Turn> = rotations
        .iter()
        .map(|t| Turn {
            m: t.m.map(|row| row.map(|v| -v)),
            den: 3,
        })
        .collect();
    rotations.into_iter().chain(mirrored).collect()
}
