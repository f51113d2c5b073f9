//! A BurrTools file written: pieces of unit cubes and the shape they fill,
//! as one problem, gzip-compressed as BurrTools saves its own.

use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

/// A piece kind to write: its name, cells and how many copies the problem
/// uses.
pub struct Kind<'a> {
    pub name: &'a str,
    pub cells: &'a [Cell],
    pub copies: usize,
}

/// The `.xmpuzzle` bytes of a problem named `name`: `kinds` filling `target`,
/// on `grid` (cells in BurrTools' coordinates, as the reader reads them).
pub fn xmpuzzle(grid: Grid, name: &str, kinds: &[Kind<'_>], target: &[Cell]) -> Vec<u8> {
    let kind = grid_type(grid);
    let mut shapes: String = kinds
        .iter()
        .map(|k| voxel(k.cells, Some(k.name), kind))
        .collect();
    shapes.push_str(&voxel(target, None, kind));
    let used: String = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| format!(r#"<shape id="{i}" min="{0}" max="{0}"/>"#, k.copies))
        .collect();
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{kind}\"/><colors/><shapes>{shapes}</shapes><problems><problem name=\"{}\" state=\"0\"><shapes>{used}</shapes><result id=\"{}\"/></problem></problems></puzzle>\n",
        escaped(name),
        kinds.len()
    );
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    // Writing to memory does not fail.
    let _ = gz.write_all(xml.as_bytes());
    gz.finish().unwrap_or_default()
}

/// One shape as BurrTools' voxel: its box and a character per position, x
/// fastest, then y, then z (`#` a cell, `_` none), moved to the origin as
/// far as the grid (`kind`, BurrTools' number) lets a shape move unchanged.
fn voxel(cells: &[Cell], name: Option<&str>, kind: u8) -> String {
    let mut lo: Cell = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
    match kind {
        0 => {}
        // A prism points up where x + y is even: the shape moves by a step
        // that keeps that.
        1 => lo[0] -= (lo[0] + lo[1]).rem_euclid(2),
        // The other grids' cells are not moved at all.
        _ => lo = lo.map(|v| v.min(0)),
    }
    let hi: Cell = std::array::from_fn(|a| cells.iter().map(|c| c[a]).max().unwrap_or(0));
    let size: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
    let mut state = String::new();
    for z in 0..size[2] {
        for y in 0..size[1] {
            for x in 0..size[0] {
                let c = [lo[0] + x, lo[1] + y, lo[2] + z];
                state.push(if cells.contains(&c) { '#' } else { '_' });
            }
        }
    }
    let named = name.map_or(String::new(), |n| format!(r#" name="{}""#, escaped(n)));
    format!(
        r#"<voxel x="{}" y="{}" z="{}" type="0"{named}>{state}</voxel>"#,
        size[0], size[1], size[2]
    )
}

/// BurrTools' number for a grid.
fn grid_type(grid: Grid) -> u8 {
    match grid {
        Grid::Cubes => 0,
        Grid::Prisms => 1,
        Grid::Spheres => 2,
        Grid::Rhombic => 3,
        Grid::TetraOcta => 4,
    }
}

/// Text for an XML attribute.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
