//! The solutions a BurrTools file saves with a problem, as the file writes
//! them: each assembly (where every piece sits and how it is turned) and the
//! separation BurrTools found for it.

use crate::disassembly::Levels;
use crate::geometry::Cell;

/// A piece of a saved assembly: its placement's turn (BurrTools' number,
/// [`crate::geometry::turns::turn`]) and where its voxel (0, 0, 0) goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub turn: usize,
    pub at: Cell,
}

/// A `<solution>` as the file writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedSolution {
    /// BurrTools' number for the assembly (`asmNum`), when the file gives it.
    pub assembly_number: Option<u64>,
    /// Per piece of the problem (each copy of a shape its own entry, up to its
    /// largest count), its placement, or `None` for a piece left out.
    pub placements: Vec<Option<Placement>>,
    /// The saved separation's moves, from `<separation>` or `<separationInfo>`.
    pub separation: Option<Levels>,
    /// One more than the largest piece number a saved `<separation>` names
    /// (0 when it names none), to hold against the pieces placed.
    pub named_pieces: usize,
}

/// Furthest a saved piece may sit from the origin: far beyond any grid
/// BurrTools draws, and far from overflowing a cell's coordinates.
const MAX_OFFSET: i32 = 1 << 20;

/// An `<assembly>`'s text: four whole numbers `x y z t` per placed piece, `x`
/// for a piece left out.
pub fn parse_assembly(text: &str) -> Result<Vec<Option<Placement>>, String> {
    let mut tokens = text.split_whitespace();
    let mut out = Vec::new();
    while let Some(first) = tokens.next() {
        if first == "x" {
            out.push(None);
            continue;
        }
        let mut numbers = [0i64; 4];
        for (k, n) in numbers.iter_mut().enumerate() {
            let token = if k == 0 { Some(first) } else { tokens.next() };
            *n = token.and_then(|t| t.parse().ok()).ok_or_else(|| {
                format!(
                    "an <assembly> of \"x y z turn\" per piece (or \"x\" for one left out), got {}",
                    shown(text)
                )
            })?;
        }
        let [x, y, z, t] = numbers;
        if !(0..48).contains(&t) {
            return Err(format!(
                "an <assembly> whose turns are numbers from 0 to 47, got {t}"
            ));
        }
        if [x, y, z].iter().any(|v| v.abs() > i64::from(MAX_OFFSET)) {
            return Err(format!(
                "an <assembly> whose pieces sit within {MAX_OFFSET} of the origin, got ({x}, {y}, {z})"
            ));
        }
        out.push(Some(Placement {
            turn: t as usize,
            at: [x as i32, y as i32, z as i32],
        }));
    }
    Ok(out)
}

/// The deepest a saved separation tree may nest: far beyond any puzzle's pieces,
/// and well within the stack its recursive reading needs.
const MAX_DEPTH: usize = 1000;

/// A file's text as an error quotes it: the start of it when it is long, so
/// that the error stays one readable line.
fn shown(text: &str) -> String {
    const MOST: usize = 60;
    let text = text.trim();
    match text.char_indices().nth(MOST) {
        Some((cut, _)) => format!(
            "{:?}... ({} characters)",
            &text[..cut],
            text.chars().count()
        ),
        None => format!("{text:?}"),
    }
}

/// A `<separationInfo>`'s text: the separation tree in pre-order, each
/// separation as its number of states (moves + 1) followed by the part that
/// stayed and the removed part, 0 for a part with no separation.
pub fn parse_separation_info(text: &str) -> Result<Levels, String> {
    let bad = || {
        format!(
            "a <separationInfo> of whole numbers forming a tree at most {MAX_DEPTH} deep, got {}",
            shown(text)
        )
    };
    let values = whole_numbers(text).ok_or_else(bad)?;
    let mut at = 0;
    let tree = info_tree(&values, &mut at, 0).ok_or_else(bad)?;
    match tree {
        Some(tree) if at == values.len() => Ok(tree),
        _ => Err(bad()),
    }
}

/// The subtree starting at `values[*at]`, `Some(None)` for an empty part, and
/// `None` when the list ends early or nests deeper than pieces could.
fn info_tree(values: &[usize], at: &mut usize, depth: usize) -> Option<Option<Levels>> {
    let states = *values.get(*at)?;
    *at += 1;
    if states == 0 {
        return Some(None);
    }
    if depth > MAX_DEPTH {
        return None;
    }
    let left = info_tree(values, at, depth + 1)?;
    let removed = info_tree(values, at, depth + 1)?;
    Some(Some(Levels {
        moves: states - 1,
        left: left.map(Box::new),
        removed: removed.map(Box::new),
    }))
}

/// A `<separation>` being read: its states so far, which side of its parent
/// it is, its own sides once read, the pieces it names, and those its sides
/// named.
#[derive(Default)]
struct OpenSeparation {
    states: usize,
    removed_side: bool,
    left: Option<Levels>,
    removed: Option<Levels>,
    pieces: Option<Vec<usize>>,
    sides_pieces: Vec<usize>,
}

/// The nested `<separation>` elements of a solution, read as they open and close.
#[derive(Default)]
pub struct SeparationReader {
    open: Vec<OpenSeparation>,
    /// One more than the largest piece number named so far.
    named: usize,
}

impl SeparationReader {
    /// A `<separation>` opens; `side` is its `type` attribute.
    pub fn open(&mut self, side: Option<&str>) -> Result<(), String> {
        let removed_side = match (self.open.is_empty(), side) {
            (true, _) => false,
            (false, Some("left")) => false,
            (false, Some("removed")) => true,
            (false, other) => {
                return Err(format!(
                    "a nested <separation> of type \"left\" or \"removed\", got {other:?}"
                ));
            }
        };
        if self.open.len() > MAX_DEPTH {
            return Err("separations nested no deeper than pieces could be".into());
        }
        self.open.push(OpenSeparation {
            removed_side,
            ..OpenSeparation::default()
        });
        Ok(())
    }

    /// The `<pieces>` of the innermost open separation: whole numbers, each
    /// once, and each among its parent's pieces when the parent names them.
    pub fn pieces(&mut self, text: &str) -> Result<(), String> {
        let bad = || {
            format!(
                "a <pieces> list of piece numbers from 0, each once, got {}",
                shown(text)
            )
        };
        let pieces = whole_numbers(text).ok_or_else(bad)?;
        let mut sorted = pieces.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(bad());
        }
        let depth = self.open.len();
        if depth >= 2
            && let Some(outer) = &self.open[depth - 2].pieces
            && let Some(stray) = pieces.iter().find(|p| !outer.contains(p))
        {
            return Err(format!(
                "a nested <separation> of pieces its parent holds, but it names piece {stray}, which the parent does not"
            ));
        }
        self.named = self.named.max(sorted.last().map_or(0, |&p| p + 1));
        if let Some(top) = self.open.last_mut() {
            top.pieces = Some(pieces);
        }
        Ok(())
    }

    /// One more than the largest piece number the separations read named,
    /// taken (for the next solution's).
    pub fn take_named(&mut self) -> usize {
        std::mem::take(&mut self.named)
    }

    /// A `<state>` of the innermost open separation.
    pub fn state(&mut self) {
        if let Some(top) = self.open.last_mut() {
            top.states += 1;
        }
    }

    /// The innermost `<separation>` closes: the whole tree when it was the
    /// outermost one.
    pub fn close(&mut self) -> Result<Option<Levels>, String> {
        let Some(top) = self.open.pop() else {
            return Ok(None);
        };
        if top.states < 2 {
            return Err(format!(
                "a <separation> with at least 2 states (the assembly and a removal), got {}",
                top.states
            ));
        }
        let levels = Levels {
            moves: top.states - 1,
            left: top.left.map(Box::new),
            removed: top.removed.map(Box::new),
        };
        let Some(parent) = self.open.last_mut() else {
            return Ok(Some(levels));
        };
        if let Some(pieces) = &top.pieces {
            if let Some(twice) = pieces.iter().find(|p| parent.sides_pieces.contains(p)) {
                return Err(format!(
                    "the two sides of a separation to hold different pieces, but both hold piece {twice}"
                ));
            }
            parent.sides_pieces.extend(pieces);
        }
        let slot = if top.removed_side {
            &mut parent.removed
        } else {
            &mut parent.left
        };
        if slot.is_some() {
            return Err("at most one <separation> of each type in a separation".into());
        }
        *slot = Some(levels);
        Ok(None)
    }
}

/// The whole numbers of a text, separated by white space; `None` when any is
/// not one.
fn whole_numbers(text: &str) -> Option<Vec<usize>> {
    text.split_whitespace().map(|t| t.parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_assembly_reads_placements_and_pieces_left_out() {
        let read = parse_assembly("0 0 0 0 x 2 -1 3 13").unwrap();
        assert_eq!(
            read,
            vec![
                Some(Placement {
                    turn: 0,
                    at: [0, 0, 0]
                }),
                None,
                Some(Placement {
                    turn: 13,
                    at: [2, -1, 3]
                }),
            ]
        );
        assert!(parse_assembly("0 0 0").is_err());
        assert!(parse_assembly("0 0 0 48").is_err());
        assert!(parse_assembly("0 0 y 1").is_err());
        assert!(parse_assembly("9999999 0 0 1").is_err());
    }

    #[test]
    fn separation_info_is_a_pre_order_tree_left_before_removed() {
        // 3 moves; the part that stayed takes 2 and then 1; the removed part 4.
        let tree = parse_separation_info("4 3 2 0 0 0 5 0 0").unwrap();
        assert_eq!(tree.level(), "3.2.4");
        assert_eq!(parse_separation_info("2 0 0").unwrap().level(), "1");
        assert!(parse_separation_info("2 0").is_err());
        assert!(parse_separation_info("2 0 0 0").is_err());
        assert!(parse_separation_info("0").is_err());
        assert!(parse_separation_info("2 a 0").is_err());
        // Deeper than any puzzle: refused, and the error quotes only the start.
        let deep = format!("{}{}", "2 ".repeat(20_000), "0 ".repeat(20_001));
        let error = parse_separation_info(&deep).unwrap_err();
        assert!(error.len() < 200, "{error}");
        assert!(error.contains("characters)"), "{error}");
    }

    #[test]
    fn nested_separations_count_their_states() {
        let mut reader = SeparationReader::default();
        reader.open(None).unwrap();
        for _ in 0..3 {
            reader.state();
        }
        reader.open(Some("removed")).unwrap();
        for _ in 0..4 {
            reader.state();
        }
        assert_eq!(reader.close().unwrap(), None);
        reader.open(Some("left")).unwrap();
        reader.state();
        reader.state();
        assert_eq!(reader.close().unwrap(), None);
        let tree = reader.close().unwrap().unwrap();
        assert_eq!(tree.level(), "2.3");
        assert_eq!(tree.left.as_ref().unwrap().moves, 1);

        let mut reader = SeparationReader::default();
        reader.open(None).unwrap();
        assert!(reader.open(Some("sideways")).is_err());
        let mut reader = SeparationReader::default();
        reader.open(None).unwrap();
        reader.state();
        assert!(reader.close().is_err());
    }
}
