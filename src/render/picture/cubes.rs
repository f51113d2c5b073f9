//! Unit cubes in the dimetric view: the seen faces of each cube, shaded by
//! their side and lettered, drawn back to front. Packings draw their assembly
//! so, and disassemblies each state before a separation.

use super::svg::{Drawing, Frame, box_corners, iso, nearness};
use super::{SceneCube, channels, ink};
use crate::geometry::Cell;
use std::collections::HashSet;

/// The three faces the view sees (+z, +x, +y): the neighbour that hides each,
/// its corners on the unit cube, and its light.
const FACES: [([i32; 3], [[f64; 3]; 4], f64); 3] = [
    (
        [0, 0, 1],
        [
            [0.0, 0.0, 1.0],
            [1.0, 0.0, 1.0],
            [1.0, 1.0, 1.0],
            [0.0, 1.0, 1.0],
        ],
        1.0,
    ),
    (
        [1, 0, 0],
        [
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [1.0, 1.0, 1.0],
            [1.0, 0.0, 1.0],
        ],
        0.8,
    ),
    (
        [0, 1, 0],
        [
            [0.0, 1.0, 0.0],
            [0.0, 1.0, 1.0],
            [1.0, 1.0, 1.0],
            [1.0, 1.0, 0.0],
        ],
        0.65,
    ),
];

/// The cubes drawn in the frame of the box of cells from `lo` to `hi`, at a
/// scale that fits the box in about 360 units. Each face is tagged with its
/// cube's piece (`data-piece`), for a program reading the picture.
pub fn cubes_drawing(cubes: &[SceneCube], lo: Cell, hi: Cell) -> Drawing {
    let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
    let scale = (360.0 / f64::from(sides[0] + sides[1]).max(f64::from(sides[2]) * 1.2)).min(48.0);
    let corners: Vec<(f64, f64)> = box_corners(sides.map(f64::from))
        .into_iter()
        .map(|p| iso(p, scale))
        .collect();
    let frame = Frame::around(&corners, 12.0);
    let at = |c: Cell, offset: [f64; 3]| {
        frame.place(iso(
            std::array::from_fn(|a| f64::from(c[a] - lo[a]) + offset[a]),
            scale,
        ))
    };
    let filled: HashSet<Cell> = cubes.iter().map(|c| c.at).collect();
    let mut order: Vec<&SceneCube> = cubes.iter().collect();
    // Back to front.
    order.sort_by(|a, b| nearness(a.at.map(f64::from)).total_cmp(&nearness(b.at.map(f64::from))));
    let mut d = Drawing::new(frame.width, frame.height);
    for cube in order {
        for (normal, corners, light) in &FACES {
            let next = std::array::from_fn(|a| cube.at[a] + normal[a]);
            if filled.contains(&next) {
                continue;
            }
            let points: Vec<(f64, f64)> = corners.iter().map(|&k| at(cube.at, k)).collect();
            d.polygon(
                &points,
                &shaded(cube.colour, *light),
                "#333",
                &format!("class=\"face\" data-piece=\"{}\"", cube.piece),
            );
            let (x, y) = (
                points.iter().map(|p| p.0).sum::<f64>() / 4.0,
                points.iter().map(|p| p.1).sum::<f64>() / 4.0,
            );
            d.text(x, y, scale * 0.42, ink(cube.colour), &cube.label);
        }
    }
    d
}

/// The least and greatest corner of the cells' box.
pub fn bounds(cells: impl Iterator<Item = Cell> + Clone) -> (Cell, Cell) {
    let lo = std::array::from_fn(|a| cells.clone().map(|c| c[a]).min().unwrap_or(0));
    let hi = std::array::from_fn(|a| cells.clone().map(|c| c[a]).max().unwrap_or(0));
    (lo, hi)
}

/// `#RRGGBB` darkened by `factor`.
pub(super) fn shaded(hex: &str, factor: f64) -> String {
    let [r, g, b] = channels(hex).map(|v| (f64::from(v) * factor).round() as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}
