//! A BurrTools file written: pieces of unit cubes and the shape they fill,
//! as one problem, gzip-compressed as BurrTools saves its own.

use crate::geometry::Cell;
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

/// The `.xmpuzzle` bytes of a problem named `name`: `kinds` filling `target`.
pub fn xmpuzzle(name: &str, kinds: &[Kind<'_>], target: &[Cell]) -> Vec<u8> {
    let mut shapes: String = kinds.iter().map(|k| voxel(k.cells, Some(k.name))).collect();
    shapes.push_str(&voxel(target, None));
    let used: String = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| format!(r#"<shape id="{i}" min="{0}" max="{0}"/>"#, k.copies))
        .collect();
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>{shapes}</shapes><problems><problem name=\"{}\" state=\"0\"><shapes>{used}</shapes><result id=\"{}\"/></problem></problems></puzzle>\n",
        escaped(name),
        kinds.len()
    );
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    // Writing to memory does not fail.
    let _ = gz.write_all(xml.as_bytes());
    gz.finish().unwrap_or_default()
}

/// One shape as BurrTools' voxel: its box and a character per position, x
/// fastest, then y, then z (`#` a cell, `_` none).
fn voxel(cells: &[Cell], name: Option<&str>) -> String {
    let lo: Cell = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
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

/// Text for an XML attribute.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
