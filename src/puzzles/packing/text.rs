use crate::family::Present;
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::puzzles::packing::{Arrangement, Packing, PieceType, moved};
use crate::render::{count_of, read_cell};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::fmt::Write;

/// How a placed piece is named and told apart from the other copies of its
/// type, the same in the moves, the layers, the pieces list and the pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlacedCopy {
    /// Its type's letter, numbered when the type has several copies placed
    /// (`R1`, `R2`).
    pub label: String,
    /// Which copy of its type it is, from 0 in the arrangement's order.
    pub copy: usize,
}

impl Packing {
    /// Each piece of `arrangement`, in order, as [`PlacedCopy`] names it.
    pub(crate) fn copies(&self, arrangement: &Arrangement) -> Vec<PlacedCopy> {
        let mut placed = vec![0usize; self.pieces().len()];
        for (t, _, _) in arrangement {
            placed[*t] += 1;
        }
        let mut seen = vec![0usize; self.pieces().len()];
        arrangement
            .iter()
            .map(|(t, _, _)| {
                let copy = seen[*t];
                seen[*t] += 1;
                let letter = self.pieces()[*t].letter;
                let label = if placed[*t] > 1 {
                    format!("{letter}{}", copy + 1)
                } else {
                    letter.to_string()
                };
                PlacedCopy { label, copy }
            })
            .collect()
    }

    /// The target as layers from z = 0 up (rows y = 0, 1, …; columns x = 0, 1, …),
    /// each cell showing its piece's label; `+` marks a target cell left empty,
    /// `.` cells outside the target. When copies are numbered (`R1`), every
    /// cell is as wide as the longest label and cells are set apart by a space.
    pub fn layers(&self, arrangement: &Arrangement) -> String {
        let labels = self.copies(arrangement);
        let label: HashMap<Cell, &str> = arrangement
            .iter()
            .zip(&labels)
            .flat_map(|((_, cells, _), copy)| cells.iter().map(|&c| (c, copy.label.as_str())))
            .collect();
        let width = labels.iter().map(|c| c.label.len()).max().unwrap_or(1);
        let lo: [i32; 3] =
            std::array::from_fn(|a| self.target().iter().map(|c| c[a]).min().unwrap_or(0));
        let hi: [i32; 3] =
            std::array::from_fn(|a| self.target().iter().map(|c| c[a]).max().unwrap_or(0));
        let mut out = String::new();
        for z in lo[2]..=hi[2] {
            if hi[2] > lo[2] {
                let _ = writeln!(out, "layer z = {z}:");
            }
            for y in lo[1]..=hi[1] {
                let row: Vec<String> = (lo[0]..=hi[0])
                    .map(|x| {
                        let cell = [x, y, z];
                        let shown = label.get(&cell).copied().unwrap_or_else(|| {
                            match self.target().binary_search(&cell) {
                                Ok(i) if self.optional()[i] => "+",
                                _ => ".",
                            }
                        });
                        format!("{shown:<width$}")
                    })
                    .collect();
                let row = if width > 1 {
                    row.join(" ")
                } else {
                    row.concat()
                };
                let _ = writeln!(out, "  {}", row.trim_end());
            }
        }
        out
    }
}

impl Present for Packing {
    fn summary(&self) -> String {
        let least: usize = self.pieces().iter().map(|p| p.copies.min).sum();
        let most: usize = self.pieces().iter().map(|p| p.copies.max).sum();
        let kinds = self.pieces().len();
        let copies = if least == most {
            count_of(least, "piece", "pieces")
        } else {
            format!("{least} to {most} pieces")
        };
        let pieces = if kinds == least && least == most {
            copies
        } else {
            format!("{copies} ({})", count_of(kinds, "kind", "kinds"))
        };
        let empty = self.optional().iter().filter(|&&o| o).count();
        let cells = if empty > 0 {
            format!(
                "{} ({empty} of which may stay empty)",
                count_of(self.target().len(), "cell", "cells")
            )
        } else {
            count_of(self.target().len(), "cell", "cells")
        };
        let symmetries = count_of(self.group_order(), "symmetry", "symmetries");
        let how = match (self.mirror(), self.folds_reflections()) {
            (true, _) => format!(
                "pieces may be mirrored; counts up to symmetry fold {symmetries} of the target (rotations and reflections)"
            ),
            (false, true) => format!(
                "pieces are not mirrored, but each is its own mirror image or has its mirror partner in the set, so counts up to symmetry fold {symmetries} of the target (rotations and reflections)"
            ),
            (false, false) => format!(
                "pieces are not mirrored; counts up to symmetry fold {symmetries} of the target (its rotations)"
            ),
        };
        let coloured = !self.colours().target.is_empty()
            || self
                .pieces()
                .iter()
                .any(|p| p.colours.iter().any(|&c| c > 0));
        let colours = if coloured {
            let pairs: Vec<String> = self
                .colours()
                .pairs
                .iter()
                .map(|(piece, cell)| format!("{piece} on {cell}"))
                .collect();
            let allowed = if pairs.is_empty() {
                "none".to_string()
            } else {
                pairs.join(", ")
            };
            format!(
                "; colours: a piece cell of colour c may cover a cell of colour d only for (c on d) = {allowed}, uncoloured cells match anything"
            )
        } else {
            String::new()
        };
        let grid = if self.grid() == Grid::Cubes {
            String::new()
        } else {
            format!(" of the {} grid", self.grid().describe())
        };
        format!("packing: {pieces} into {cells}{grid}{colours}; {how}")
    }

    fn describe(&self) -> String {
        let mut out = String::from(
            "Pieces (normalised cells, :c after a cell of colour c; placements in the target):\n",
        );
        for (piece, placements) in self.pieces().iter().zip(self.placement_counts()) {
            let cells = cell_list(&piece.cells, &piece.colours);
            let copies = match piece.copies.exact() {
                Some(1) => String::new(),
                Some(n) => format!(" x{n}"),
                None => format!(" x{} to {}", piece.copies.min, piece.copies.max),
            };
            let _ = writeln!(
                out,
                "  {}{copies}: {cells} ({placements} placements)",
                label(piece)
            );
            let _ = writeln!(out, "    layers = {}", layers_of(&piece.cells));
        }
        out
    }

    fn text(&self, arrangement: &Arrangement) -> String {
        let mut out = self.layers(arrangement);
        let _ = writeln!(out, "Pieces:");
        for ((t, cells, colours), copy) in arrangement.iter().zip(self.copies(arrangement)) {
            let piece = &self.pieces()[*t];
            let list = cell_list(cells, colours);
            let _ = writeln!(out, "  {}: {list}", copy_label(piece, &copy.label));
        }
        out
    }

    fn json(&self, arrangement: &Arrangement) -> Map<String, Value> {
        let pieces: Vec<Value> = arrangement
            .iter()
            .zip(self.copies(arrangement))
            .map(|((t, cells, colours), copy)| {
                let piece = &self.pieces()[*t];
                let mut entry = json!({
                    "name": piece.name,
                    "letter": piece.letter.to_string(),
                    "label": copy.label,
                    "cells": cells,
                });
                if !colours.is_empty() {
                    entry["colours"] = json!(colours);
                }
                entry
            })
            .collect();
        let mut map = Map::new();
        map.insert("pieces".into(), Value::Array(pieces));
        map
    }

    fn solution_keys(&self) -> &'static [&'static str] {
        &["pieces"]
    }

    fn read_json(&self, value: &Value) -> Result<Arrangement, (String, String)> {
        let expected = |what: &str| {
            (
                "pieces".to_string(),
                format!("a list of {{\"name\": ..., \"cells\": [[x, y, z], ...]}}; {what}"),
            )
        };
        let items = value
            .get("pieces")
            .and_then(Value::as_array)
            .ok_or_else(|| expected("the key is missing or not a list"))?;
        let mut out = Vec::new();
        for item in items {
            let name = item
                .get("name")
                .and_then(Value::as_str)
                .ok_or_else(|| expected("a piece has no name"))?;
            let t = self
                .pieces()
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| expected(&format!("no piece is called {name:?}")))?;
            for (key, v) in item.as_object().into_iter().flatten() {
                match key.as_str() {
                    // The label names a copy, which the cells already tell.
                    "name" | "cells" | "colours" | "label" => {}
                    "letter" if v.as_str() == Some(&self.pieces()[t].letter.to_string()) => {}
                    "letter" => {
                        return Err(expected(&format!(
                            "piece {name:?} is shown as {:?}, not {v}",
                            self.pieces()[t].letter.to_string()
                        )));
                    }
                    other => {
                        return Err(expected(&format!(
                            "piece {name:?} has a key {other:?}, which is none of name, letter, label, cells, colours"
                        )));
                    }
                }
            }
            let cells = item
                .get("cells")
                .and_then(Value::as_array)
                .ok_or_else(|| expected(&format!("piece {name:?} has no cells")))?;
            let list: Vec<Cell> = cells
                .iter()
                .map(|c| {
                    read_cell(c).ok_or_else(|| {
                        expected(&format!(
                            "piece {name:?} has a cell {c} that is not three whole numbers [x, y, z]"
                        ))
                    })
                })
                .collect::<Result<_, _>>()?;
            let colours: Vec<u32> = match item.get("colours") {
                None => Vec::new(),
                Some(value) => value
                    .as_array()
                    .filter(|list| list.len() == cells.len())
                    .and_then(|list| {
                        list.iter()
                            .map(|c| c.as_u64().and_then(|c| u32::try_from(c).ok()))
                            .collect::<Option<Vec<u32>>>()
                    })
                    .ok_or_else(|| {
                        expected(&format!(
                            "piece {name:?} has colours that are not one whole number from 0 per cell"
                        ))
                    })?,
            };
            let (list, colours) = moved(&list, &colours, |c| c);
            out.push((t, list, colours));
        }
        out.sort();
        Ok(out)
    }
}

/// Cells as `(x,y,z)`, each followed by `:c` when it has colour c.
fn cell_list(cells: &[Cell], colours: &[u32]) -> String {
    let list: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(k, c)| match colours.get(k) {
            Some(&colour) if colour > 0 => format!("({},{},{}):{colour}", c[0], c[1], c[2]),
            _ => format!("({},{},{})", c[0], c[1], c[2]),
        })
        .collect();
    list.join(" ")
}

/// A piece as the text names it: its letter, then its name when that says
/// more than the letter ("L", but "A Alpha").
fn label(piece: &PieceType) -> String {
    copy_label(piece, &piece.letter.to_string())
}

/// A placed copy as the text names it: its label (`R1`), then its type's
/// name when that says more than the letter ("R1 Frame").
fn copy_label(piece: &PieceType, label: &str) -> String {
    if piece.name == piece.letter.to_string() {
        label.to_string()
    } else {
        format!("{label} {}", piece.name)
    }
}

/// A piece's cells as a model's `layers` draws them (`#` a cell, `.` none;
/// one list of rows per layer from z = 0 up, row k being y = k and column j
/// x = j), so that a person sees its shape and may copy it into a model.
fn layers_of(cells: &[Cell]) -> String {
    let low = |a: usize| cells.iter().map(|c| c[a]).min().unwrap_or(0);
    let high = |a: usize| cells.iter().map(|c| c[a]).max().unwrap_or(0);
    let layer = |z: i32| -> Vec<String> {
        (low(1)..=high(1))
            .map(|y| {
                let row: String = (low(0)..=high(0))
                    .map(|x| if cells.contains(&[x, y, z]) { '#' } else { '.' })
                    .collect();
                format!("\"{row}\"")
            })
            .collect()
    };
    let layers: Vec<String> = (low(2)..=high(2))
        .map(|z| format!("[{}]", layer(z).join(", ")))
        .collect();
    match layers.as_slice() {
        [flat] => flat.clone(),
        _ => format!("[{}]", layers.join(", ")),
    }
}
