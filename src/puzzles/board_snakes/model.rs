use crate::error::Error;
use crate::geometry::Board;
use crate::model::Fields;
use crate::puzzles::board_snakes::BoardSnakes;
use toml::Value;

/// Largest board accepted (the encoding has a variable per notch, snake and pellet).
const MAX_NODES: i64 = 2000;

/// `board`, `heads`, `length` or `lengths`, `full_cover`.
pub fn parse(fields: &Fields) -> Result<BoardSnakes, Error> {
    let board = board(fields)?;
    let n = board.len() as i64;
    let heads = fields
        .int_list("heads", &format!("head notches, each from 1 to {n}"), 1, n)?
        .ok_or_else(|| {
            fields.error(
                "heads",
                "the head notch of each snake, e.g. [1, 29, 34], but the field is missing",
            )
        })?;
    let snakes = heads.len();
    let lengths: Vec<i64> = match (fields.has("length"), fields.has("lengths")) {
        (true, true) => {
            return Err(fields.error("lengths", "either `length` or `lengths`, not both"));
        }
        (false, false) => {
            return Err(fields.error(
                "length",
                "the snakes' length as `length = 12` (all snakes) or `lengths = [...]`, but neither is given",
            ));
        }
        (true, false) => {
            let len = fields
                .optional_int("length", &format!("a length from 1 to {n}"), 1, n)?
                .unwrap_or(1);
            vec![len; snakes]
        }
        (false, true) => fields
            .int_list(
                "lengths",
                &format!("one length per snake, each from 1 to {n}"),
                1,
                n,
            )?
            .unwrap_or_default(),
    };
    let full_cover = fields.optional_bool("full_cover")?.unwrap_or(true);
    let heads = heads.into_iter().map(|h| h as usize - 1).collect();
    let lengths = lengths.into_iter().map(|l| l as usize).collect();
    BoardSnakes::new(board, heads, lengths, full_cover).map_err(|(field, expected)| {
        // The rules speak of `lengths`; name the field the way the model wrote it.
        let field = if field == "lengths" && fields.has("length") {
            "length".to_string()
        } else {
            field
        };
        fields.error(&field, expected)
    })
}

fn board(fields: &Fields) -> Result<Board, Error> {
    let expected = "\"hex72\", a grid { grid = \"square\" | \"triangular\" | \"honeycomb\", width, height }, or a graph { nodes = N, edges = [[1, 2], ...] }";
    match fields.value("board") {
        None => return Err(fields.error("board", format!("{expected}, but the field is missing"))),
        Some(Value::String(name)) if name == "hex72" => return Ok(Board::hex72()),
        Some(Value::Table(_)) => {}
        Some(other) => return Err(fields.error("board", format!("{expected}, got {other}"))),
    }
    let table = fields.table("board").expect("a table, matched above");
    let board = if table.has("grid") {
        let kind = table.required_str("grid", "the kind of grid")?;
        let side = |key: &str| -> Result<usize, Error> {
            table
                .optional_int(key, "a whole number from 1 to 100", 1, 100)?
                .map(|v| v as usize)
                .ok_or_else(|| {
                    table.error(
                        key,
                        "a whole number from 1 to 100, but the field is missing",
                    )
                })
        };
        let (w, h) = (side("width")?, side("height")?);
        match kind {
            "square" => Board::square(w, h),
            "triangular" => Board::triangular(w, h),
            "honeycomb" => Board::honeycomb(w, h),
            other => {
                return Err(table.error(
                    "grid",
                    format!("\"square\", \"triangular\" or \"honeycomb\", got {other:?}"),
                ));
            }
        }
    } else {
        let n = table
            .optional_int(
                "nodes",
                &format!("a number of nodes from 1 to {MAX_NODES}"),
                1,
                MAX_NODES,
            )?
            .ok_or_else(|| {
                table.error(
                    "nodes",
                    format!("{expected}, but neither `grid` nor `nodes` is given"),
                )
            })?;
        let bad = || table.error("edges", "a list of [a, b] pairs of node numbers");
        let edges = match table.value("edges") {
            Some(Value::Array(items)) => items
                .iter()
                .map(|e| match e.as_array().map(|a| a.as_slice()) {
                    Some([Value::Integer(a), Value::Integer(b)]) if *a >= 0 && *b >= 0 => {
                        Ok((*a as usize, *b as usize))
                    }
                    _ => Err(bad()),
                })
                .collect::<Result<Vec<_>, _>>()?,
            _ => return Err(bad()),
        };
        Board::from_edges(n as usize, &edges).map_err(|e| table.error("edges", e))?
    };
    table.reject_unknown()?;
    if board.len() as i64 > MAX_NODES {
        return Err(fields.error(
            "board",
            format!("at most {MAX_NODES} notches, got {}", board.len()),
        ));
    }
    Ok(board)
}
