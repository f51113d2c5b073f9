use super::{Fields, shapes};
use crate::error::Error;
use crate::geometry::{Cell, is_connected, normalise};
use crate::puzzles::packing::{Copies, Packing, PieceType};
use std::collections::HashSet;

/// Largest target accepted: placements grow with the cube of its size.
const MAX_TARGET_CELLS: usize = 4096;

/// `size = [a, b, c]` or `shape = layers`, `mirror`, and `[[pieces]]` tables with
/// `name`, `letter`, `cells` or `layers`, and `count`.
pub fn parse(fields: &Fields) -> Result<Packing, Error> {
    let (target, optional) = target(fields)?;
    let mirror = fields.optional_bool("mirror")?.unwrap_or(false);
    let tables = fields.tables("pieces", "the pieces")?;
    if tables.is_empty() {
        return Err(fields.error(
            "pieces",
            "at least one piece as [[pieces]] with a name and cells",
        ));
    }
    let mut pieces = Vec::new();
    let mut letters = HashSet::new();
    let mut names = HashSet::new();
    for piece in &tables {
        piece.reject_unknown_of(
            &["name", "letter", "cells", "layers", "count", "min", "max"],
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
        if !is_connected(&cells) {
            return Err(piece.error(
                field,
                "a piece whose cells are connected through shared faces",
            ));
        }
        let copies = copies(piece)?;
        piece.reject_unknown()?;
        pieces.push(PieceType {
            name,
            letter,
            cells: normalise(&cells),
            copies,
        });
    }
    Packing::new(pieces, target, optional, mirror).map_err(|e| fields.error("pieces", e))
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

/// The cells that must be covered, and those that may stay empty (`+` in a shape).
fn target(fields: &Fields) -> Result<(Vec<Cell>, Vec<Cell>), Error> {
    let (cells, optional) = match (fields.has("size"), fields.has("shape")) {
        (true, true) => return Err(fields.error("shape", "either `size` or `shape`, not both")),
        (false, false) => {
            return Err(fields.error(
                "size",
                "the target as `size = [a, b, c]` or `shape = [\"##\", ...]`, but neither is given",
            ));
        }
        (true, false) => {
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
                        cells.push([x, y, z]);
                    }
                }
            }
            (cells, Vec::new())
        }
        (false, true) => {
            let (cells, optional) = shapes::layers_with_optional(fields, "shape")?;
            if cells.is_empty() {
                return Err(fields.error("shape", "at least one '#' cell"));
            }
            (cells, optional)
        }
    };
    if cells.len() + optional.len() > MAX_TARGET_CELLS {
        let field = if fields.has("size") { "size" } else { "shape" };
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
    let target = p.target();
    let lo: [i32; 3] = std::array::from_fn(|a| target.iter().map(|c| c[a]).min().unwrap_or(0));
    let hi: [i32; 3] = std::array::from_fn(|a| target.iter().map(|c| c[a]).max().unwrap_or(0));
    let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
    let whole_box = target.len() == sides.iter().product::<i32>() as usize;
    if whole_box && !p.optional().contains(&true) {
        out.push_str(&format!(
            "size = [{}, {}, {}]\n",
            sides[0], sides[1], sides[2]
        ));
    } else {
        let mut layers = Vec::new();
        for z in lo[2]..=hi[2] {
            let rows: Vec<String> = (lo[1]..=hi[1])
                .map(|y| {
                    let row: String = (lo[0]..=hi[0])
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
    for piece in p.pieces() {
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
        match piece.copies.exact() {
            Some(1) => {}
            Some(n) => out.push_str(&format!("count = {n}\n")),
            None => out.push_str(&format!(
                "min = {}\nmax = {}\n",
                piece.copies.min, piece.copies.max
            )),
        }
    }
    out
}
