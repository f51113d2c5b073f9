//! A BurrTools file written: pieces and the shape they fill, as one problem,
//! with a solution and how it comes apart when there is one to save,
//! gzip-compressed as BurrTools saves its own.

use crate::disassembly::Levels;
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

/// A solution to save with the problem, as BurrTools saves the ones it
/// found: where each piece sits and how the assembly comes apart.
pub struct Solved<'a> {
    /// Per piece of the problem, kinds in order and copies sorted, as
    /// BurrTools lists them: its turn (BurrTools' number) and where its
    /// kind's least corner goes, in the target's frame (`None` for a copy
    /// left out). Pieces of unit cubes only.
    pub placements: &'a [Option<(u8, Cell)>],
    /// How it comes apart.
    pub levels: &'a Levels,
    /// The problem's assemblies in all.
    pub assemblies: u64,
}

/// The `.xmpuzzle` bytes of a problem named `name`: `kinds` filling `target`,
/// on `grid` (cells in BurrTools' coordinates, as the reader reads them),
/// and the solution `solved`, if given, saved with it.
pub fn xmpuzzle(
    grid: Grid,
    name: &str,
    kinds: &[Kind<'_>],
    target: &[Cell],
    solved: Option<&Solved<'_>>,
) -> Vec<u8> {
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
    let (state, solutions) = match solved {
        Some(solved) => (
            format!(r#"state="2" assemblies="{}""#, solved.assemblies),
            format!(
                "<bitmap/><solutions><solution><assembly>{}</assembly><separationInfo>{}</separationInfo></solution></solutions>",
                assembly(target, solved.placements, kind),
                separation_info(Some(solved.levels))
            ),
        ),
        None => (r#"state="0""#.to_string(), String::new()),
    };
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{kind}\"/><colors/><shapes>{shapes}</shapes><problems><problem name=\"{}\" {state}><shapes>{used}</shapes><result id=\"{}\"/>{solutions}</problem></problems></puzzle>\n",
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
    let lo = low_corner(cells, kind);
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

/// Where a shape's voxel starts: its cells' least coordinates, moved as far
/// as the grid (`kind`, BurrTools' number) lets a shape move unchanged.
fn low_corner(cells: &[Cell], kind: u8) -> Cell {
    let mut lo: Cell = std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0));
    match kind {
        0 => {}
        // A prism points up where x + y is even: the shape moves by a step
        // that keeps that.
        1 => lo[0] -= (lo[0] + lo[1]).rem_euclid(2),
        // The other grids' cells are not moved at all.
        _ => lo = lo.map(|v| v.min(0)),
    }
    lo
}

/// An `<assembly>`'s text: `x y z t` per piece placed, `x` for one left
/// out, with positions in the result's voxel (the target moved as
/// [`voxel`] moves it on grid `kind`).
fn assembly(target: &[Cell], placements: &[Option<(u8, Cell)>], kind: u8) -> String {
    let origin = low_corner(target, kind);
    let words: Vec<String> = placements
        .iter()
        .map(|p| match p {
            Some((t, at)) => format!(
                "{} {} {} {t}",
                at[0] - origin[0],
                at[1] - origin[1],
                at[2] - origin[2]
            ),
            None => "x".into(),
        })
        .collect();
    words.join(" ")
}

/// A `<separationInfo>`'s text: the tree in pre-order, each separation as
/// its states (moves + 1) followed by the part that stayed and the removed
/// part, 0 for a part that is one piece.
fn separation_info(levels: Option<&Levels>) -> String {
    match levels {
        None => "0".into(),
        Some(l) => format!(
            "{} {} {}",
            l.moves + 1,
            separation_info(l.left.as_deref()),
            separation_info(l.removed.as_deref())
        ),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::burrtools::solutions::parse_separation_info;

    /// A separation written as `<separationInfo>` reads back the same.
    #[test]
    fn separation_info_reads_back() {
        let leaf = |moves| Levels {
            moves,
            left: None,
            removed: None,
        };
        let tree = Levels {
            moves: 3,
            left: Some(Box::new(Levels {
                moves: 1,
                left: None,
                removed: Some(Box::new(leaf(2))),
            })),
            removed: Some(Box::new(leaf(5))),
        };
        let text = separation_info(Some(&tree));
        assert_eq!(text, "4 2 0 3 0 0 6 0 0");
        assert_eq!(parse_separation_info(&text), Ok(tree));
    }
}
