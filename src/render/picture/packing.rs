//! A packing: the target in 3D with each piece in its colour and letter, and the
//! layers beside it so that hidden pieces can be seen; in 3D, the pieces placed
//! one by one.

use super::svg::{Drawing, Frame, GridCell, box_corners, iso, layer_grids, nearness};
use super::{Draw, Extras, Scene, SceneCube, channels, colour, ink};
use crate::geometry::Cell;
use crate::puzzles::packing::{Arrangement, Packing};
use std::collections::HashMap;

impl Packing {
    /// The piece (its index in the arrangement) covering each cell.
    fn owners(arrangement: &Arrangement) -> HashMap<Cell, usize> {
        arrangement
            .iter()
            .enumerate()
            .flat_map(|(k, (_, cells, _))| cells.iter().map(move |&c| (c, k)))
            .collect()
    }

    fn bounds(&self) -> (Cell, Cell) {
        let lo = std::array::from_fn(|a| self.target().iter().map(|c| c[a]).min().unwrap_or(0));
        let hi = std::array::from_fn(|a| self.target().iter().map(|c| c[a]).max().unwrap_or(0));
        (lo, hi)
    }

    /// The layers from z = low to high, each a grid of cells coloured by piece
    /// with its letter; `+` marks a cell that may stay empty and was left so.
    fn layer_drawing(&self, arrangement: &Arrangement) -> Drawing {
        let (lo, hi) = self.bounds();
        let owner = Packing::owners(arrangement);
        let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
        let size = (240.0 / f64::from(sides[0].max(sides[1]))).clamp(12.0, 30.0);
        layer_grids(lo, sides, size, &|cell| match owner.get(&cell) {
            Some(&piece) => {
                let t = arrangement[piece].0;
                Some(GridCell {
                    fill: colour(t).to_string(),
                    border: "#fff",
                    label: self.pieces()[t].letter.to_string(),
                    ink: ink(colour(t)),
                })
            }
            None => self
                .target()
                .binary_search(&cell)
                .is_ok()
                .then(|| GridCell {
                    fill: "#f4f4f4".into(),
                    border: "#ccc",
                    label: "+".into(),
                    ink: "#888",
                }),
        })
    }
}

impl Draw for Packing {
    fn drawing(&self, arrangement: &Arrangement, _extras: &Extras) -> Drawing {
        let (lo, hi) = self.bounds();
        let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
        let scale =
            (360.0 / f64::from(sides[0] + sides[1]).max(f64::from(sides[2]) * 1.2)).min(48.0);
        let local = |c: Cell, offset: [f64; 3]| -> [f64; 3] {
            std::array::from_fn(|a| f64::from(c[a] - lo[a]) + offset[a])
        };
        let corners: Vec<(f64, f64)> = box_corners(sides.map(f64::from))
            .into_iter()
            .map(|p| iso(p, scale))
            .collect();
        let frame = Frame::around(&corners, 12.0);
        let at = |p: [f64; 3]| frame.place(iso(p, scale));
        let owner = Packing::owners(arrangement);
        let mut cells: Vec<Cell> = owner.keys().copied().collect();
        // Back to front.
        cells.sort_by(|a, b| nearness(a.map(f64::from)).total_cmp(&nearness(b.map(f64::from))));
        let layers = self.layer_drawing(arrangement);
        let (cube_width, cube_height) = (frame.width, frame.height);
        let mut d = Drawing::new(
            cube_width + 24.0 + layers.width,
            cube_height.max(layers.height),
        );
        // One group per piece, holding its faces in drawing order would break the
        // painter's order, so faces are drawn in order and tagged with their piece.
        let faces: [([i32; 3], [[f64; 3]; 4], f64); 3] = [
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
        for cell in &cells {
            let piece = owner[cell];
            let t = arrangement[piece].0;
            let base = colour(t);
            for (normal, corners, light) in &faces {
                let next = [
                    cell[0] + normal[0],
                    cell[1] + normal[1],
                    cell[2] + normal[2],
                ];
                if owner.contains_key(&next) {
                    continue;
                }
                let points: Vec<(f64, f64)> =
                    corners.iter().map(|&k| at(local(*cell, k))).collect();
                d.polygon(
                    &points,
                    &shaded(base, *light),
                    "#333",
                    &format!("class=\"face\" data-piece=\"{piece}\""),
                );
                let (x, y) = (
                    points.iter().map(|p| p.0).sum::<f64>() / 4.0,
                    points.iter().map(|p| p.1).sum::<f64>() / 4.0,
                );
                let letter = self.pieces()[t].letter.to_string();
                d.text(x, y, scale * 0.42, ink(base), &letter);
            }
        }
        // The pieces themselves, for a program reading the picture: one group per
        // piece listing its cells.
        for (k, (t, cells, _)) in arrangement.iter().enumerate() {
            let list: Vec<String> = cells
                .iter()
                .map(|c| format!("{},{},{}", c[0], c[1], c[2]))
                .collect();
            d.add(format!(
                "<g class=\"piece\" data-piece=\"{k}\" data-name=\"{}\" data-cells=\"{}\"/>",
                super::escape(&self.pieces()[*t].name),
                list.join(" ")
            ));
        }
        d.place(&layers, cube_width + 24.0, 0.0);
        d
    }

    fn scene(&self, arrangement: &Arrangement) -> Option<Scene> {
        // Pieces are placed from the bottom up, as a person assembles them.
        let mut order: Vec<usize> = (0..arrangement.len()).collect();
        order.sort_by_key(|&k| {
            let cells = &arrangement[k].1;
            (
                cells.iter().map(|c| c[2]).min(),
                cells.iter().map(|c| c[1]).min(),
                k,
            )
        });
        let mut cubes = Vec::new();
        let mut steps = Vec::new();
        for (step, &k) in order.iter().enumerate() {
            let (t, cells, _) = &arrangement[k];
            let piece = &self.pieces()[*t];
            steps.push(format!(
                "piece {}: {} ({})",
                step + 1,
                piece.letter,
                piece.name
            ));
            cubes.extend(cells.iter().map(|&at| SceneCube {
                at,
                colour: colour(*t),
                label: piece.letter.to_string(),
                step,
            }));
        }
        Some(Scene {
            cubes,
            path: Vec::new(),
            steps,
        })
    }
}

/// `#RRGGBB` darkened by `factor`.
fn shaded(hex: &str, factor: f64) -> String {
    let [r, g, b] = channels(hex).map(|v| (f64::from(v) * factor).round() as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}
