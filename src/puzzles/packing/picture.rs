//! A packing: the target in 3D with each piece in its colour and letter, and the
//! layers beside it so that hidden pieces can be seen; in 3D, the pieces placed
//! one by one.

use crate::family::Draw;
use crate::geometry::Cell;
use crate::geometry::grid::{Grid, in_space, space_steps};
use crate::puzzles::packing::{Arrangement, Packing};
use crate::render::picture::cubes::{bounds, cubes_drawing};
use crate::render::picture::solids::{piece_solids, solids_drawing};
use crate::render::picture::svg::{Drawing, GridCell, layer_grids};
use crate::render::picture::{Scene, SceneCube, SceneSolid, copy_colour, ink};
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
        bounds(self.target().iter().copied())
    }

    /// Every cube of the arrangement in its piece's colour and letter, the
    /// piece numbered by its place in the arrangement; `step` says when each
    /// piece is shown.
    fn cubes(&self, arrangement: &Arrangement, step: impl Fn(usize) -> usize) -> Vec<SceneCube> {
        let grid = self.grid();
        // Cells cut from larger solids (tetrahedra of rhombic dodecahedra,
        // eighths of octahedra) are lettered once per piece.
        let letter_each = matches!(grid, Grid::Prisms | Grid::Spheres);
        let copies = self.copies(arrangement);
        arrangement
            .iter()
            .zip(copies)
            .enumerate()
            .flat_map(|(k, ((t, cells, _), copy))| {
                let colour = copy_colour(*t, copy.copy);
                let letter = copy.label;
                let step = step(k);
                let solids: Vec<Option<SceneSolid>> = if grid == Grid::Cubes {
                    vec![None; cells.len()]
                } else {
                    let space = cells.iter().map(|&c| in_space(grid, c)).collect();
                    piece_solids(cells, space, letter_each, space_steps(grid))
                        .into_iter()
                        .map(Some)
                        .collect()
                };
                cells
                    .iter()
                    .zip(solids)
                    .map(move |(&at, solid)| SceneCube {
                        at,
                        colour,
                        label: letter.clone(),
                        step,
                        piece: k,
                        solid,
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The layers from z = low to high, each a grid of cells coloured by piece
    /// with its letter; `+` marks a cell that may stay empty and was left so.
    fn layer_drawing(&self, arrangement: &Arrangement) -> Drawing {
        let (lo, hi) = self.bounds();
        let owner = Packing::owners(arrangement);
        let copies = self.copies(arrangement);
        let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
        let size = (240.0 / f64::from(sides[0].max(sides[1]))).clamp(12.0, 30.0);
        layer_grids(lo, sides, size, &|cell| match owner.get(&cell) {
            Some(&piece) => {
                let fill = copy_colour(arrangement[piece].0, copies[piece].copy);
                Some(GridCell {
                    fill: fill.to_string(),
                    border: "#fff",
                    label: copies[piece].label.clone(),
                    ink: ink(fill),
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

/// Each piece alone as placed, with its letter under it, four to a row, so
/// that pieces hidden inside the assembly can be seen too.
fn pieces_apart(cubes: &[SceneCube], pieces: usize) -> Drawing {
    const COLUMNS: usize = 4;
    const CAPTION: f64 = 20.0;
    let drawings: Vec<(Drawing, &SceneCube)> = (0..pieces)
        .filter_map(|k| {
            let own: Vec<SceneCube> = cubes.iter().filter(|c| c.piece == k).cloned().collect();
            let first = cubes.iter().find(|c| c.piece == k)?;
            Some((solids_drawing(&own, 140.0, false), first))
        })
        .collect();
    let cell_w = drawings.iter().map(|d| d.0.width).fold(0.0, f64::max);
    let cell_h = drawings.iter().map(|d| d.0.height).fold(0.0, f64::max) + CAPTION;
    let rows = drawings.len().div_ceil(COLUMNS);
    let mut out = Drawing::new(
        cell_w * COLUMNS.min(drawings.len()) as f64,
        cell_h * rows as f64,
    );
    for (k, (d, cube)) in drawings.iter().enumerate() {
        let (x, y) = ((k % COLUMNS) as f64 * cell_w, (k / COLUMNS) as f64 * cell_h);
        out.place(d, x + (cell_w - d.width) / 2.0, y);
        out.text(
            x + cell_w / 2.0,
            y + cell_h - CAPTION / 2.0,
            13.0,
            "#222",
            &cube.label,
        );
    }
    out
}

impl Draw for Packing {
    type Extension = ();

    fn drawing(&self, arrangement: &Arrangement, _extension: Option<&()>) -> Drawing {
        let (lo, hi) = self.bounds();
        let cubes = self.cubes(arrangement, |_| 0);
        // Layers of unit squares show the cube grid only; the other grids'
        // cells are drawn as their solids alone.
        let (solid, layers) = if self.grid() == Grid::Cubes {
            (
                cubes_drawing(&cubes, lo, hi),
                self.layer_drawing(arrangement),
            )
        } else {
            (
                solids_drawing(&cubes, 360.0, true),
                pieces_apart(&cubes, arrangement.len()),
            )
        };
        let gap = if layers.width > 0.0 { 24.0 } else { 0.0 };
        let mut d = Drawing::new(
            solid.width + gap + layers.width,
            solid.height.max(layers.height),
        );
        d.place(&solid, 0.0, 0.0);
        // The pieces themselves, for a program reading the picture: one group per
        // piece listing its cells.
        for (k, (t, cells, _)) in arrangement.iter().enumerate() {
            let list: Vec<String> = cells
                .iter()
                .map(|c| format!("{},{},{}", c[0], c[1], c[2]))
                .collect();
            d.add(format!(
                "<g class=\"piece\" data-piece=\"{k}\" data-name=\"{}\" data-cells=\"{}\"/>",
                crate::render::picture::escape(&self.pieces()[*t].name),
                list.join(" ")
            ));
        }
        d.place(&layers, solid.width + gap, 0.0);
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
        let mut step_of = vec![0; arrangement.len()];
        let mut steps = Vec::new();
        for (step, &k) in order.iter().enumerate() {
            step_of[k] = step;
            let piece = &self.pieces()[arrangement[k].0];
            steps.push(format!(
                "piece {}: {} ({})",
                step + 1,
                piece.letter,
                piece.name
            ));
        }
        let cubes = self.cubes(arrangement, |k| step_of[k]);
        Some(Scene {
            cubes,
            path: Vec::new(),
            steps,
            moves: Vec::new(),
        })
    }
}
