//! A BurrTools file written: pieces and the shape they fill, as one problem,
//! with a solution and how it comes apart when there is one to save,
//! gzip-compressed as BurrTools saves its own.

use crate::disassembly::Levels;
use crate::geometry::grid::Grid;
use crate::geometry::{Cell, turns};
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
    /// Each piece placed: its kind (by index in the kinds written) and its
    /// cells in the target's frame.
    pub pieces: &'a [(usize, Vec<Cell>)],
    /// How it comes apart.
    pub levels: &'a Levels,
    /// The problem's assemblies in all.
    pub assemblies: u64,
}

/// The `.xmpuzzle` bytes of a problem named `name`: `kinds` filling `target`,
/// on `grid` (cells in BurrTools' coordinates, as the reader reads them),
/// and on cubes the solution `solved`, if given, saved with it.
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
    let saved = solved
        .filter(|_| grid == Grid::Cubes)
        .and_then(|solved| Some((solved, assembly(kinds, target, solved.pieces)?)));
    let (state, solutions) = match saved {
        Some((solved, assembly)) => (
            format!(r#"state="2" assemblies="{}""#, solved.assemblies),
            format!(
                "<bitmap/><solutions><solution><assembly>{assembly}</assembly><separationInfo>{}</separationInfo></solution></solutions>",
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

/// An `<assembly>`'s text for pieces of unit cubes: per piece of the
/// problem (kinds in order, each as many times as it has copies), `x y z t`
/// with `t` BurrTools' number of the turn that, followed by the move to
/// `(x, y, z)`, takes the shape's voxel to the piece's cells in the
/// result's voxel. `None` should a piece be no copy of its kind.
fn assembly(kinds: &[Kind<'_>], target: &[Cell], pieces: &[(usize, Vec<Cell>)]) -> Option<String> {
    let origin = low_corner(target, 0);
    let mut words = Vec::new();
    for (k, kind) in kinds.iter().enumerate() {
        let own = low_corner(kind.cells, 0);
        let shape: Vec<Cell> = kind.cells.iter().map(|c| sub(*c, own)).collect();
        let placed: Vec<Vec<Cell>> = pieces
            .iter()
            .filter(|(of, _)| *of == k)
            .map(|(_, cells)| cells.iter().map(|c| sub(*c, origin)).collect())
            .collect();
        if placed.len() != kind.copies {
            return None;
        }
        for cells in placed {
            let (t, at) = placement(&shape, &cells)?;
            words.push(format!("{} {} {} {t}", at[0], at[1], at[2]));
        }
    }
    Some(words.join(" "))
}

/// The turn (BurrTools' number) and move that take `shape` onto `cells`.
fn placement(shape: &[Cell], cells: &[Cell]) -> Option<(usize, Cell)> {
    let mut want = cells.to_vec();
    want.sort();
    (0..turns::TURNS).find_map(|t| {
        let m = turns::turn(t);
        let turned: Vec<Cell> = shape.iter().map(|&v| turns::apply(&m, v)).collect();
        let at = sub(low_corner(&want, 0), low_corner(&turned, 0));
        let mut moved: Vec<Cell> = turned.iter().map(|&c| sub(c, at.map(|v| -v))).collect();
        moved.sort();
        (moved == want).then_some((t, at))
    })
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

fn sub(a: Cell, b: Cell) -> Cell {
    std::array::from_fn(|i| a[i] - b[i])
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

    /// A piece turned and moved is found again as BurrTools' turn and move.
    #[test]
    fn a_placed_piece_is_found_as_a_turn_and_a_move() {
        let shape: Vec<Cell> = vec![[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0], [0, 0, 1]];
        for t in 0..24 {
            let m = turns::turn(t);
            let cells: Vec<Cell> = shape
                .iter()
                .map(|&v| sub(turns::apply(&m, v), [-3, -1, -2]))
                .collect();
            let (found, at) = placement(&shape, &cells).unwrap();
            let again: Vec<Cell> = shape
                .iter()
                .map(|&v| sub(turns::apply(&turns::turn(found), v), at.map(|x| -x)))
                .collect();
            let (mut a, mut b) = (cells.clone(), again);
            a.sort();
            b.sort();
            assert_eq!(a, b, "turn {t}");
        }
    }
}
