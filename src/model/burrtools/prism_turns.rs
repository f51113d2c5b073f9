//! BurrTools' turns of the triangular-prism grid, by its numbers: a saved
//! assembly places each piece by the number of its turn and where the turned
//! piece's reference cell goes. A prism's cell is turned about the centre of
//! its triangle in space and the cell whose triangle that centre lands in is
//! the turned cell.
//!
//! Of the 24 numbers, 0 to 5 turn about the upright axis by 60 degrees
//! times the number; 6 to 11 first mirror x and turn the layers over (half
//! a turn about the y axis), then turn as 0 to 5; 12 to 23 are 0 to 11
//! after mirroring x (the mirror images).

/// Height of a row of triangles (their side is 1).
const ROW: f64 = 0.866_025_403_784_438_6;

/// Where the centre of cell `c`'s triangle lies in the plane, and its layer.
fn centre(c: [i32; 3]) -> [f64; 3] {
    let [x, y, z] = c;
    // Triangles pointing down (odd x + y) have their centre two thirds up
    // their row, those pointing up one third.
    let up = if (x + y).rem_euclid(2) == 1 { 2.0 } else { 1.0 } / 3.0;
    [
        0.5 + 0.5 * f64::from(x),
        (f64::from(y) + up) * ROW,
        f64::from(z),
    ]
}

/// Cell `c` turned by BurrTools' turn number `t` (0 to 23) of the prism
/// grid, about the grid's origin; `None` for another number.
pub fn turn_cell(t: usize, c: [i32; 3]) -> Option<[i32; 3]> {
    if t >= 24 {
        return None;
    }
    let [mut x, y, mut z] = centre(c);
    // Sixes 1 and 2 mirror; 3 mirrors twice, which is none.
    let mirrored = matches!(t / 6, 1 | 2);
    let over = matches!(t / 6, 1 | 3);
    if mirrored {
        x = -x;
    }
    if over {
        z = -z;
    }
    let angle = std::f64::consts::FRAC_PI_3 * (t % 6) as f64;
    let (s, k) = angle.sin_cos();
    let (xt, yt) = (k * x - s * y, s * x + k * y);
    Some([
        (2.0 * (xt - 0.5)).round() as i32,
        (yt / ROW).floor() as i32,
        z.round() as i32,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_turn_leaves_cells_alone() {
        for c in [[0, 0, 0], [1, 0, 0], [3, 2, 1], [-2, -1, 4]] {
            assert_eq!(turn_cell(0, c), Some(c));
        }
        assert_eq!(turn_cell(24, [0, 0, 0]), None);
    }

    #[test]
    fn six_sixth_turns_come_back_and_turns_keep_neighbours() {
        let cells: Vec<[i32; 3]> = (-3..4)
            .flat_map(|x| (-3..4).flat_map(move |y| (-1..2).map(move |z| [x, y, z])))
            .collect();
        for &c in &cells {
            let mut d = c;
            for _ in 0..6 {
                d = turn_cell(1, d).unwrap();
            }
            assert_eq!(d, c, "six sixth turns of {c:?}");
        }
        // Each turn is one-to-one and keeps cells that share a side
        // sharing one (their centres stay as far apart).
        let apart = |a: [i32; 3], b: [i32; 3]| {
            let (p, q) = (centre(a), centre(b));
            ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
        };
        for t in 0..24 {
            let turned: Vec<[i32; 3]> = cells.iter().map(|&c| turn_cell(t, c).unwrap()).collect();
            let mut unique = turned.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), cells.len(), "turn {t} one-to-one");
            for i in 0..cells.len() {
                for j in 0..i {
                    let (before, after) = (apart(cells[i], cells[j]), apart(turned[i], turned[j]));
                    assert!((before - after).abs() < 1e-9, "turn {t} keeps distances");
                }
            }
        }
    }
}
