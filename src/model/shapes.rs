//! Sets of cells written in a model: coordinate lists or layers of ASCII art.

use super::Fields;
use crate::error::Error;
use crate::geometry::Cell;
use toml::Value;

/// Coordinates may not stray further than this from the origin.
const MAX_COORDINATE: i64 = 1000;

/// `[[x, y, z], ...]`.
pub fn cells(fields: &Fields, key: &str) -> Result<Vec<Cell>, Error> {
    let value = fields
        .value(key)
        .expect("the caller checked the field is present");
    let bad = || {
        fields.error(
            key,
            format!("a list of [x, y, z] integer cells, got {value}"),
        )
    };
    let Value::Array(items) = value else {
        return Err(bad());
    };
    items
        .iter()
        .map(|item| {
            let Value::Array(coords) = item else {
                return Err(bad());
            };
            if coords.len() != 3 {
                return Err(bad());
            }
            let mut cell = [0; 3];
            for (slot, v) in cell.iter_mut().zip(coords) {
                match v {
                    Value::Integer(i) if i.abs() <= MAX_COORDINATE => *slot = *i as i32,
                    _ => return Err(bad()),
                }
            }
            Ok(cell)
        })
        .collect()
}

/// Layers of ASCII art: a list of rows (`["##.", ".#."]`, one layer) or a list of
/// such lists (one per layer, z = 0 first). In a row, `#` is a cell and `.` is
/// empty; row k has y = k and column j has x = j.
pub fn layers(fields: &Fields, key: &str) -> Result<Vec<Cell>, Error> {
    Ok(layers_with(fields, key, false)?.0)
}

/// [`layers`] where `+` also marks a cell, one that may stay empty: the cells
/// marked `#` and those marked `+`.
pub fn layers_with_optional(fields: &Fields, key: &str) -> Result<(Vec<Cell>, Vec<Cell>), Error> {
    layers_with(fields, key, true)
}

fn layers_with(
    fields: &Fields,
    key: &str,
    optional: bool,
) -> Result<(Vec<Cell>, Vec<Cell>), Error> {
    let value = fields
        .value(key)
        .expect("the caller checked the field is present");
    let expected = if optional {
        "layers of rows of '#' (a cell), '+' (a cell that may stay empty) and '.' (empty): [\"##+\", \".#.\"] for one layer, or [[...], [...]] for several"
    } else {
        "layers of rows of '#' (a cell) and '.' (empty): [\"##.\", \".#.\"] for one layer, or [[...], [...]] for several"
    };
    let bad = |detail: String| fields.error(key, format!("{expected}; {detail}"));
    let Value::Array(items) = value else {
        return Err(bad(format!("got {value}")));
    };
    let stack: Vec<&Vec<Value>> = if items.iter().all(Value::is_str) {
        vec![items]
    } else {
        items
            .iter()
            .map(|layer| match layer {
                Value::Array(rows) if rows.iter().all(Value::is_str) => Ok(rows),
                other => Err(bad(format!("got {other}"))),
            })
            .collect::<Result<_, _>>()?
    };
    let mut out = Vec::new();
    let mut may_stay_empty = Vec::new();
    for (z, rows) in stack.iter().enumerate() {
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_str().unwrap_or_default();
            for (x, ch) in row.chars().enumerate() {
                match ch {
                    '#' => out.push([x as i32, y as i32, z as i32]),
                    '+' if optional => may_stay_empty.push([x as i32, y as i32, z as i32]),
                    '.' => {}
                    other => {
                        return Err(bad(format!(
                            "got {other:?} in layer {} row {} column {}",
                            z + 1,
                            y + 1,
                            x + 1
                        )));
                    }
                }
            }
        }
    }
    Ok((out, may_stay_empty))
}

/// Reads a set of cells from whichever of `cells_key` and `layers_key` is present.
pub fn cells_or_layers(
    fields: &Fields,
    cells_key: &str,
    layers_key: &str,
    what: &str,
) -> Result<Vec<Cell>, Error> {
    match (fields.has(cells_key), fields.has(layers_key)) {
        (true, true) => Err(fields.error(layers_key, format!("either `{cells_key}` or `{layers_key}`, not both"))),
        (false, false) => Err(fields.error(
            cells_key,
            format!("{what} as `{cells_key} = [[x, y, z], ...]` or `{layers_key} = [\"#.\", ...]`, but neither is given"),
        )),
        (true, false) => cells(fields, cells_key),
        (false, true) => layers(fields, layers_key),
    }
}
