use crate::error::Error;
use crate::geometry::BoxDims;
use crate::model::Fields;
use crate::puzzles::snake_cube::{Block, SnakeCube};

/// Largest box accepted; beyond it the one-hot encoding grows past what is useful.
const MAX_VOLUME: i64 = 1000;

/// `size = [a, b, c]` and either `blocks = "S/C string"` or `segments = [lengths]`.
pub fn parse(fields: &Fields) -> Result<SnakeCube, Error> {
    let size = fields
        .int_list(
            "size",
            "three box sides [a, b, c], each from 1 to 100",
            1,
            100,
        )?
        .ok_or_else(|| {
            fields.error(
                "size",
                "three box sides [a, b, c], but the field is missing",
            )
        })?;
    let [a, b, c] = size[..] else {
        return Err(fields.error(
            "size",
            format!("three box sides [a, b, c], got {} numbers", size.len()),
        ));
    };
    let volume = a * b * c;
    if !(2..=MAX_VOLUME).contains(&volume) {
        return Err(fields.error(
            "size",
            format!("a box of 2 to {MAX_VOLUME} cells, got {a}x{b}x{c} = {volume}"),
        ));
    }
    let dims = BoxDims::new(a as i32, b as i32, c as i32);
    match (fields.has("blocks"), fields.has("segments")) {
        (true, true) => Err(fields.error("segments", "either `blocks` or `segments`, not both")),
        (false, false) => Err(fields.error(
            "blocks",
            "the snake as `blocks = \"S/C string\"` or `segments = [lengths]`, but neither is given",
        )),
        (true, false) => {
            let text = fields.required_str("blocks", "the snake's blocks (S = straight, C = corner)")?;
            let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if let Some((i, ch)) = letters.iter().enumerate().find(|(_, c)| !matches!(c, 'S' | 'C' | 's' | 'c')) {
                return Err(fields.error(
                    "blocks",
                    format!("only the letters S (straight) and C (corner), got {ch:?} at block {}", i + 1),
                ));
            }
            if letters.len() as i64 != volume {
                return Err(fields.error(
                    "blocks",
                    format!("{volume} letters, one per cell of the {dims} box, got {}", letters.len()),
                ));
            }
            let interior: Vec<Block> = letters[1..letters.len() - 1]
                .iter()
                .map(|c| if c.eq_ignore_ascii_case(&'C') { Block::Corner } else { Block::Straight })
                .collect();
            SnakeCube::from_interior(dims, &interior).map_err(|e| fields.error("blocks", e))
        }
        (false, true) => {
            let lengths = fields
                .int_list("segments", "segment lengths in blocks, each from 2 to 100", 2, 100)?
                .unwrap_or_default();
            let lengths = lengths.into_iter().map(|l| l as usize).collect();
            SnakeCube::from_segments(dims, lengths).map_err(|e| fields.error("segments", e))
        }
    }
}
