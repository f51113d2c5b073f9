//! A separation tree as a person follows it and as JSON: numbered steps,
//! grouped by separation, each naming the pieces that move.

use crate::disassembly::{Move, Separation};
use serde_json::{Value, json};
use std::fmt::Write;

/// One move as a person reads it: `B, C move +x by 2`, `A removed along -z`.
pub fn move_text(m: &Move, labels: &[String]) -> String {
    let names: Vec<String> = m
        .pieces
        .iter()
        .map(|i| labels.get(*i).cloned().unwrap_or_else(|| i.to_string()))
        .collect();
    let names = names.join(", ");
    let direction = m.motion.name(m.direction);
    if m.removes {
        format!("{names} removed along {direction}")
    } else {
        let verb = if m.pieces.len() == 1 { "moves" } else { "move" };
        format!("{names} {verb} {direction} by {}", m.distance)
    }
}

/// The steps, numbered across the whole tree, under a line per separation
/// naming its pieces: `3. B, C move +x by 2`, `7. A removed along -z`.
pub fn disassembly_text(tree: &Separation, labels: &[String]) -> String {
    let name = |i: &usize| labels.get(*i).cloned().unwrap_or_else(|| i.to_string());
    let names = |pieces: &[usize]| pieces.iter().map(name).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    let mut number = 0;
    for (k, separation) in tree.in_order().into_iter().enumerate() {
        let _ = writeln!(
            out,
            "  separation {} of {}:",
            k + 1,
            names(&separation.pieces)
        );
        for m in &separation.moves {
            number += 1;
            let _ = writeln!(out, "    {number}. {}", move_text(m, labels));
        }
    }
    out
}

/// The steps as objects, in the order of [`disassembly_text`]: the separation
/// each belongs to (from 1), the pieces, the direction, the distance (absent
/// for a removal) and whether it removes.
pub fn disassembly_json(tree: &Separation, labels: &[String]) -> Value {
    let name = |i: &usize| labels.get(*i).cloned().unwrap_or_else(|| i.to_string());
    let mut steps = Vec::new();
    for (k, separation) in tree.in_order().into_iter().enumerate() {
        for m in &separation.moves {
            let mut step = json!({
                "separation": k + 1,
                "pieces": m.pieces.iter().map(name).collect::<Vec<_>>(),
                "direction": m.motion.name(m.direction),
                "removes": m.removes,
            });
            if !m.removes {
                step["distance"] = json!(m.distance);
            }
            steps.push(step);
        }
    }
    Value::Array(steps)
}
