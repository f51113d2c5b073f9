use crate::error::Error;
use crate::geometry::grid::Grid;
use crate::geometry::{Cell, least_corner};
use crate::model::{Fields, shapes};
use crate::puzzles::packing::{Colours, Copies, MAX_TARGET_CELLS, Packing, PieceType, normalised};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use toml::Value;

/// Largest colour number: BurrTools' files use a handful.
const MAX_COLOUR: i64 = 1000;

/// `grid` (BurrTools' grids by name, cubes when not given; cells in the
/// voxel coordinates BurrTools uses for that grid), `size = [a, b, c]` (every
/// cell of the grid in that box), `shape = layers` or `target = [cells]`,
/// `mirror`, `[[pieces]]` tables with
/// `name`, `letter`, `cells` or `layers`, `colours`, `count` or `min` and
/// `max`, and for taking assemblies apart `group` and `weight`; and for colour
/// constraints `[[target_colours]]` tables with `colour` and `cells`, and
/// `colour_pairs`.
pub fn parse(fields: &Fields) -> Result<Packing, Error> {
    let grid = grid(fields)?;
    let (target, optional) = target(fields, grid)?;
    let colours = target_colours(fields)?;
    let mirror = fields.optional_bool("mirror")?.unwrap_or(false);
    let tables = fields.tables("pieces", "the pieces")?;
    if tables.is_empty() {
        return Err(fields.error(
            "pieces",
            "at least one piece as [[pieces]] with a name and cells",
        ));
    }
    let mut pieces = Vec::new();
    let mut disassembly = Vec::new();
    let mut letters = HashSet::new();
    let mut names = HashSet::new();
    for piece in &tables {
        piece.reject_unknown_of(
            &[
                "name", "letter", "cells", "layers", "colours", "count", "min", "max", "group",
                "weight",
            ],
            "for a piece",
        )?;
        let name = piece.required_str("name", "the piece's name")?.to_string();
        if name.trim().is_empty() {
            return Err(piece.error("name", "a name with at least one visible character"));
        }
        if !names.insert(name.clone()) {
            return Err(piece.error(
                "name",
                format!("a name no other piece has, got {name:?} again"),
            ));
        }
        let letter = match piece.optional_str("letter")? {
            Some(text) => {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_alphanumeric() => c,
                    _ => {
                        return Err(
                            piece.error("letter", format!("one letter or digit, got {text:?}"))
                        );
                    }
                }
            }
            None => name.chars().next().unwrap_or('?').to_ascii_uppercase(),
        };
        if !letters.insert(letter) {
            return Err(piece.error(
                "letter",
                format!("a letter no other piece uses to show piece {name:?}, but {letter:?} is taken; set `letter`"),
            ));
        }
        let cells = shapes::cells_or_layers(piece, "cells", "layers", "the piece's cells")?;
        let field = if piece.has("cells") {
            "cells"
        } else {
            "layers"
        };
        if cells.is_empty() {
            return Err(piece.error(field, "at least one cell"));
        }
        if cells.iter().collect::<HashSet<_>>().len() != cells.len() {
            return Err(piece.error(field, "each cell once, but a cell is repeated"));
        }
        if let Some(c) = cells.iter().find(|&&c| !grid.is_cell(c)) {
            return Err(piece.error(
                field,
                format!(
                    "cells of the {} grid, but {c:?} is not one of its cells",
                    grid.describe()
                ),
            ));
        }
        if !grid.is_connected(&cells) {
            return Err(piece.error(
                field,
                if grid == Grid::Spheres {
                    "a piece whose spheres are connected through spheres that touch"
                } else {
                    "a piece whose cells are connected through shared faces"
                },
            ));
        }
        let colours = piece_colours(piece, cells.len())?;
        let copies = copies(piece)?;
        let group = piece.optional_int(
            "group",
            "a group number from 0 (pieces of one group may stay together when an assembly is taken apart)",
            0,
            i64::from(u32::MAX),
        )?;
        let weight = piece.optional_int(
            "weight",
            "a whole number (of two sides of a move, the heavier is shown staying put)",
            i64::from(i32::MIN),
            i64::from(i32::MAX),
        )?;
        disassembly.push((group.unwrap_or(0) as u32, weight.unwrap_or(0) as i32));
        piece.reject_unknown()?;
        let (cells, colours) = normalised(grid, &cells, &colours);
        pieces.push(PieceType {
            name,
            letter,
            cells,
            colours,
            copies,
        });
    }
    Packing::on_grid(grid, pieces, target, optional, mirror, colours)
        .and_then(|p| p.with_disassembly(disassembly))
        .map_err(|e| fields.error("pieces", e))
}

/// A piece's `colours`: one number per cell of `cells`, 0 for none.
fn piece_colours(piece: &Fields, cells: usize) -> Result<Vec<u32>, Error> {
    let what = format!(
        "one colour from 0 (none) to {MAX_COLOUR} for each of the piece's {cells} cells, in the order of `cells`"
    );
    let Some(list) = piece.int_list("colours", &what, 0, MAX_COLOUR)? else {
        return Ok(Vec::new());
    };
    if !piece.has("cells") {
        return Err(piece.error("colours", "`cells` beside `colours`, not `layers`"));
    }
    if list.len() != cells {
        return Err(piece.error("colours", format!("{what}, got {}", list.len())));
    }
    Ok(list.into_iter().map(|c| c as u32).collect())
}

/// `[[target_colours]]` (`colour` and `cells`) and `colour_pairs`.
fn target_colours(fields: &Fields) -> Result<Colours, Error> {
    let mut target = BTreeMap::new();
    for table in fields.tables("target_colours", "coloured target cells")? {
        table.reject_unknown_of(&["colour", "cells"], "for coloured target cells")?;
        let colour = table
            .optional_int(
                "colour",
                &format!("a colour from 1 to {MAX_COLOUR}"),
                1,
                MAX_COLOUR,
            )?
            .ok_or_else(|| table.error("colour", "the colour of these cells"))?;
        if !table.has("cells") {
            return Err(table.error("cells", "the cells of this colour"));
        }
        for cell in shapes::cells(&table, "cells")? {
            if target.insert(cell, colour as u32).is_some() {
                return Err(table.error(
                    "cells",
                    format!("each target cell in one colour, but {cell:?} is given twice"),
                ));
            }
        }
        table.reject_unknown()?;
    }
    let mut pairs = BTreeSet::new();
    if let Some(value) = fields.value("colour_pairs") {
        let bad = || {
            fields.error(
                "colour_pairs",
                format!(
                    "a list of [piece colour, target colour] pairs, each from 1 to {MAX_COLOUR}, got {value}"
                ),
            )
        };
        let Value::Array(items) = value else {
            return Err(bad());
        };
        for item in items {
            let pair: Option<Vec<u32>> = item.as_array().and_then(|pair| {
                pair.iter()
                    .map(|v| {
                        v.as_integer()
                            .filter(|c| (1..=MAX_COLOUR).contains(c))
                            .map(|c| c as u32)
                    })
                    .collect()
            });
            match pair.as_deref() {
                Some(&[piece, cell]) => pairs.insert((piece, cell)),
                _ => return Err(bad()),
            };
        }
    }
    Ok(Colours { target, pairs })
}

/// `count = k` (default 1), or `min = a` and `max = b` for a number of copies in a
/// range (a piece with `min = 0` may be left out).
fn copies(piece: &Fields) -> Result<Copies, Error> {
    let limit = MAX_TARGET_CELLS as i64;
    let count = piece.optional_int(
        "count",
        &format!("a number of copies from 1 to {limit}"),
        1,
        limit,
    )?;
    let min = piece.optional_int(
        "min",
        &format!("the fewest copies, from 0 to {limit}"),
        0,
        limit,
    )?;
    let max = piece.optional_int(
        "max",
        &format!("the most copies, from 1 to {limit}"),
        1,
        limit,
    )?;
    match (count, min, max) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            Err(piece.error("count", "either `count` or `min` and `max`, not both"))
        }
        (Some(n), None, None) => Ok(Copies::exactly(n as usize)),
        (None, None, None) => Ok(Copies::exactly(1)),
        (None, Some(min), Some(max)) if min <= max => Ok(Copies {
            min: min as usize,
            max: max as usize,
        }),
        (None, Some(min), Some(max)) => {
            Err(piece.error("max", format!("at least `min` ({min}) copies, got {max}")))
        }
        (None, Some(_), None) => Err(piece.error("max", "the most copies, given with `min`")),
        (None, None, Some(_)) => Err(piece.error("min", "the fewest copies, given with `max`")),
    }
}

/// The grid named by `grid`, cubes when it is not given.
fn grid(fields: &Fields) -> Result<Grid, Error> {
    let names = Grid::ALL.map(|g| format!("{:?}", g.name())).join(", ");
    match fields.optional_str("grid")? {
        None => Ok(Grid::Cubes),
        Some(name) => Grid::named(name)
            .ok_or_else(|| fields.error("grid", format!("one of {names}, got {name:?}"))),
    }
}

/// The cells that must be covered, and those that may stay empty (`+` in a
/// shape): cells of `grid`.
fn target(fields: &Fields, grid: Grid) -> Result<(Vec<Cell>, Vec<Cell>), Error> {
    let given: Vec<&str> = ["size", "shape", "target"]
        .into_iter()
        .filter(|k| fields.has(k))
        .collect();
    let (cells, optional) = match given[..] {
        [first, second, ..] => {
            return Err(fields.error(
                second,
                format!("one of `size`, `shape` and `target`, not both `{first}` and `{second}`"),
            ));
        }
        [] => {
            return Err(fields.error(
                "size",
                "the target as `size = [a, b, c]`, `shape = [\"##\", ...]` or `target = [[x, y, z], ...]`, but none is given",
            ));
        }
        ["target"] => {
            let cells = shapes::cells(fields, "target")?;
            if cells.is_empty() {
                return Err(fields.error("target", "at least one cell"));
            }
            if cells.iter().collect::<HashSet<_>>().len() != cells.len() {
                return Err(fields.error("target", "each cell once, but a cell is repeated"));
            }
            (cells, Vec::new())
        }
        ["size"] => {
            let size = fields
                .int_list(
                    "size",
                    "three box sides [a, b, c], each from 1 to 64",
                    1,
                    64,
                )?
                .unwrap_or_default();
            let [a, b, c] = size[..] else {
                return Err(fields.error(
                    "size",
                    format!("three box sides [a, b, c], got {} numbers", size.len()),
                ));
            };
            let mut cells = Vec::new();
            for z in 0..c as i32 {
                for y in 0..b as i32 {
                    for x in 0..a as i32 {
                        if grid.is_cell([x, y, z]) {
                            cells.push([x, y, z]);
                        }
                    }
                }
            }
            (cells, Vec::new())
        }
        _ => {
            let (cells, optional) = shapes::layers_with_optional(fields, "shape")?;
            if cells.is_empty() {
                return Err(fields.error("shape", "at least one '#' cell"));
            }
            (cells, optional)
        }
    };
    let field = given[0];
    if let Some(c) = cells.iter().chain(&optional).find(|&&c| !grid.is_cell(c)) {
        return Err(fields.error(
            field,
            format!(
                "cells of the {} grid, but {c:?} is not one of its cells",
                grid.describe()
            ),
        ));
    }
    if cells.len() + optional.len() > MAX_TARGET_CELLS {
        return Err(fields.error(
            field,
            format!(
                "a target of at most {MAX_TARGET_CELLS} cells, got {}",
                cells.len() + optional.len()
            ),
        ));
    }
    Ok((cells, optional))
}

/// A packing as a TOML model: `size` when the target is a whole box with no cell
/// that may stay empty, `shape` layers (`#`, `+`, `.`) otherwise; each piece with
/// its cells and copies.
pub fn to_toml(name: &str, source: Option<&str>, p: &Packing) -> String {
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut out = String::from("family = \"packing\"\n");
    out.push_str(&format!("name = {}\n", quote(name)));
    if let Some(source) = source {
        out.push_str(&format!("source = {}\n", quote(source)));
    }
    if p.grid() != Grid::Cubes {
        out.push_str(&format!("grid = {}\n", quote(p.grid().name())));
    }
    // Layers start at the origin: the target (and its colours) is moved there
    // by one of the grid's translations, so every cell stays a cell.
    let grid = p.grid();
    let d = grid.normal_offset(least_corner(p.target()));
    let moved = |c: &Cell| [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
    let target: Vec<Cell> = p.target().iter().map(moved).collect();
    let hi: [i32; 3] = std::array::from_fn(|a| target.iter().map(|c| c[a]).max().unwrap_or(0));
    let sides: [i32; 3] = std::array::from_fn(|a| hi[a] + 1);
    let whole_box = target.len() == sides.iter().product::<i32>() as usize;
    if whole_box && !p.optional().contains(&true) && grid == Grid::Cubes {
        out.push_str(&format!(
            "size = [{}, {}, {}]\n",
            sides[0], sides[1], sides[2]
        ));
    } else {
        let mut layers = Vec::new();
        for z in 0..=hi[2] {
            let rows: Vec<String> = (0..=hi[1])
                .map(|y| {
                    let row: String = (0..=hi[0])
                        .map(|x| match target.binary_search(&[x, y, z]) {
                            Ok(i) if p.optional()[i] => '+',
                            Ok(_) => '#',
                            Err(_) => '.',
                        })
                        .collect();
                    quote(&row)
                })
                .collect();
            layers.push(format!("  [{}]", rows.join(", ")));
        }
        out.push_str(&format!("shape = [\n{},\n]\n", layers.join(",\n")));
    }
    out.push_str(&format!("mirror = {}\n", p.mirror()));
    let colours = p.colours();
    if !colours.pairs.is_empty() {
        let pairs: Vec<String> = colours
            .pairs
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect();
        out.push_str(&format!("colour_pairs = [{}]\n", pairs.join(", ")));
    }
    let mut by_colour: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for (c, colour) in &colours.target {
        let c = moved(c);
        by_colour
            .entry(*colour)
            .or_default()
            .push(format!("[{}, {}, {}]", c[0], c[1], c[2]));
    }
    for (colour, cells) in by_colour {
        out.push_str(&format!(
            "\n[[target_colours]]\ncolour = {colour}\ncells = [{}]\n",
            cells.join(", ")
        ));
    }
    for (piece, (group, weight)) in p.pieces().iter().zip(p.disassembly()) {
        let cells: Vec<String> = piece
            .cells
            .iter()
            .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
            .collect();
        out.push_str(&format!(
            "\n[[pieces]]\nname = {}\nletter = {}\ncells = [{}]\n",
            quote(&piece.name),
            quote(&piece.letter.to_string()),
            cells.join(", ")
        ));
        if !piece.colours.is_empty() {
            let list: Vec<String> = piece.colours.iter().map(u32::to_string).collect();
            out.push_str(&format!("colours = [{}]\n", list.join(", ")));
        }
        match piece.copies.exact() {
            Some(1) => {}
            Some(n) => out.push_str(&format!("count = {n}\n")),
            None => out.push_str(&format!(
                "min = {}\nmax = {}\n",
                piece.copies.min, piece.copies.max
            )),
        }
        if *group != 0 {
            out.push_str(&format!("group = {group}\n"));
        }
        if *weight != 0 {
            out.push_str(&format!("weight = {weight}\n"));
        }
    }
    out
}
