use crate::error::Error;
use crate::model::Fields;
use crate::puzzles::sudoku_snake::{Rules, SudokuSnake};

/// Every field is optional; the defaults are the write-up's puzzle.
pub fn parse(fields: &Fields) -> Result<SudokuSnake, Error> {
    let mut rules = Rules::classic();
    if let Some(n) = fields.optional_int("size", "a grid side from 2 to 16", 2, 16)? {
        rules.size = n as usize;
        rules.box_shape = [0, 0];
    }
    match fields.int_list("box", "box [rows, columns], each from 1 to 16", 1, 16)? {
        Some(shape) => match shape[..] {
            [r, c] => rules.box_shape = [r as usize, c as usize],
            _ => {
                return Err(fields.error(
                    "box",
                    format!("box [rows, columns], got {} numbers", shape.len()),
                ));
            }
        },
        None if rules.box_shape == [0, 0] => {
            let root = (1..=rules.size).find(|r| r * r == rules.size);
            let root = root.ok_or_else(|| {
                fields.error(
                    "box",
                    format!(
                        "box [rows, columns]: a {0}x{0} grid has no square boxes",
                        rules.size
                    ),
                )
            })?;
            rules.box_shape = [root, root];
        }
        None => {}
    }
    if let Some(e) = fields.optional_int("even", "even cells per unit, from 0 to 16", 0, 16)? {
        rules.even_per_unit = e as usize;
    } else if rules.size != 9 {
        rules.even_per_unit = rules.size / 2;
    }
    if let Some(v) = fields.optional_bool("visit_every_box")? {
        rules.visit_every_box = v;
    }
    let length = |key: &str| -> Result<Option<usize>, Error> {
        Ok(fields
            .optional_int(key, "a snake length from 2 to 256", 2, 256)?
            .map(|v| v as usize))
    };
    rules.min_length = length("min_length")?;
    rules.max_length = length("max_length")?;
    if let Some(cell) = fields.int_list("head", "a [row, column] cell, counted from 0", 0, 15)? {
        match cell[..] {
            [r, c] => rules.head = Some([r as usize, c as usize]),
            _ => return Err(fields.error("head", "a [row, column] cell, counted from 0")),
        }
    }
    rules.head_even = match fields.optional_str("head_parity")? {
        None => None,
        Some("even") => Some(true),
        Some("odd") => Some(false),
        Some(other) => {
            return Err(fields.error("head_parity", format!("\"even\" or \"odd\", got {other:?}")));
        }
    };
    SudokuSnake::new(rules).map_err(|(field, expected)| fields.error(&field, expected))
}
