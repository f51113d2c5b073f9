//! A disassembly drawn from an assembly's cubes, whatever the family: for the
//! page, the moves to play one by one (a removed part slides out beside the
//! rest, and fades once it is taken apart); for the SVG, the pieces of each
//! separation as they stand just before it.

use super::cubes::{bounds, cubes_drawing};
use super::solids::solids_drawing;
use super::svg::{Drawing, GridCell, escape, layer_grids};
use super::{Disassembly, Scene, SceneCube, SceneMove, ink};
use crate::disassembly::Separation;
use crate::geometry::Cell;
use crate::render::disassembly::move_text;
use std::collections::HashMap;
use std::fmt::Write;

/// The scene of the assembly with its disassembly to play: every cube shown
/// from the start, one step per move.
pub fn scene(mut scene: Scene, d: &Disassembly) -> Scene {
    let replayed = replay(&scene.cubes, &d.tree);
    for cube in &mut scene.cubes {
        cube.step = 0;
        relabel(cube, &d.labels);
    }
    scene.steps = replayed
        .moves
        .iter()
        .enumerate()
        .map(|(k, (_, m))| format!("{}. {}", k + 1, move_text(m, &d.labels)))
        .collect();
    scene.moves = replayed.moves.into_iter().map(|(m, _)| m).collect();
    scene
}

/// The pieces of every separation where they stand just before it is made,
/// one drawing under the other, each under a line saying what comes next.
pub fn drawing(cubes: &[SceneCube], d: &Disassembly) -> Drawing {
    const CAPTION: f64 = 22.0;
    const GAP: f64 = 16.0;
    let replayed = replay(cubes, &d.tree);
    let mut parts = Vec::new();
    let mut number = 0;
    for (k, (separation, offsets)) in d
        .tree
        .in_order()
        .into_iter()
        .zip(&replayed.before)
        .enumerate()
    {
        number += separation.moves.len();
        let moved: Vec<SceneCube> = cubes
            .iter()
            .filter(|c| separation.pieces.contains(&c.piece))
            .map(|c| {
                let by = offsets[c.piece];
                let mut cube = SceneCube {
                    at: std::array::from_fn(|a| c.at[a] + by[a]),
                    solid: c.solid.as_ref().map(|s| s.moved(by)),
                    ..c.clone()
                };
                relabel(&mut cube, &d.labels);
                cube
            })
            .collect();
        let (lo, hi) = bounds(moved.iter().map(|c| c.at));
        let removal = separation
            .moves
            .last()
            .expect("a separation ends with a removal");
        let caption = format!(
            "Separation {}: before move {number}, {}",
            k + 1,
            move_text(removal, &d.labels)
        );
        // Cells of other grids than the cube's are drawn as their solids,
        // with no layers of unit squares.
        let (solid, layers) = if moved.iter().any(|c| c.solid.is_some()) {
            (solids_drawing(&moved, 300.0, true), Drawing::new(0.0, 0.0))
        } else {
            (cubes_drawing(&moved, lo, hi), layers(&moved, lo, hi))
        };
        let gap = if layers.width > 0.0 { 24.0 } else { 0.0 };
        let mut part = Drawing::new(
            solid.width + gap + layers.width,
            solid.height.max(layers.height),
        );
        part.place(&solid, 0.0, 0.0);
        part.place(&layers, solid.width + gap, 0.0);
        // The pieces where they stand, for a program reading the picture.
        for &piece in &separation.pieces {
            let cells: Vec<String> = moved
                .iter()
                .filter(|c| c.piece == piece)
                .map(|c| format!("{},{},{}", c.at[0], c.at[1], c.at[2]))
                .collect();
            part.add(format!(
                "<g class=\"piece\" data-piece=\"{piece}\" data-cells=\"{}\"/>",
                cells.join(" ")
            ));
        }
        parts.push((caption, part));
    }
    let width = parts.iter().map(|(_, p)| p.width).fold(360.0f64, f64::max);
    let height: f64 = parts.iter().map(|(_, p)| p.height + CAPTION + GAP).sum();
    let mut out = Drawing::new(width, height);
    let mut y = 0.0;
    for (caption, part) in &parts {
        let mut line = String::new();
        let _ = write!(
            line,
            "<text x=\"0\" y=\"{:.2}\" font-size=\"13\" fill=\"#222\">{}</text>",
            y + 14.0,
            escape(caption)
        );
        out.add(line);
        out.place(part, 0.0, y + CAPTION);
        y += part.height + CAPTION + GAP;
    }
    out
}

/// The layers of the cubes' box, so that pieces inside others can be seen.
fn layers(cubes: &[SceneCube], lo: Cell, hi: Cell) -> Drawing {
    let at: HashMap<Cell, &SceneCube> = cubes.iter().map(|c| (c.at, c)).collect();
    let sides: [i32; 3] = std::array::from_fn(|a| hi[a] - lo[a] + 1);
    let size = (240.0 / f64::from(sides[0].max(sides[1]))).clamp(12.0, 30.0);
    layer_grids(lo, sides, size, &|cell| {
        at.get(&cell).map(|c| GridCell {
            fill: c.colour.to_string(),
            border: "#fff",
            label: c.label.clone(),
            ink: ink(c.colour),
        })
    })
}

/// The cube lettered with its piece's name in the moves (`B2` for the second
/// copy of B), so that the picture and the moves name pieces alike.
fn relabel(cube: &mut SceneCube, labels: &[String]) {
    if let Some(label) = labels.get(cube.piece) {
        cube.label.clone_from(label);
    }
}

/// A tree replayed on the pieces: every move as the scene plays it (with the
/// move it shows), and where every piece stands just before each separation,
/// in the order of [`Separation::in_order`].
struct Replay<'t> {
    moves: Vec<(SceneMove, &'t crate::disassembly::Move)>,
    before: Vec<Vec<[i32; 3]>>,
}

/// Replays `tree` on the pieces of `cubes`. A removal slides its part out by
/// the assembly's longest side and one, so that it stands clear beside the
/// rest; a side that is taken apart no further fades after its removal.
fn replay<'t>(cubes: &[SceneCube], tree: &'t Separation) -> Replay<'t> {
    let pieces = cubes.iter().map(|c| c.piece + 1).max().unwrap_or(0);
    let (lo, hi) = bounds(cubes.iter().map(|c| c.at));
    let clearance = (0..3).map(|a| hi[a] - lo[a] + 1).max().unwrap_or(1) + 1;
    let mut offsets = vec![[0i32; 3]; pieces];
    let mut out = Replay {
        moves: Vec::new(),
        before: Vec::new(),
    };
    for separation in tree.in_order() {
        for m in &separation.moves {
            let mut fade = Vec::new();
            if m.removes {
                out.before.push(offsets.clone());
                if separation.removed.is_none() {
                    fade.extend(&m.pieces);
                }
                if separation.left.is_none() {
                    fade.extend(separation.pieces.iter().filter(|p| !m.pieces.contains(p)));
                }
            }
            let distance = if m.removes {
                clearance
            } else {
                m.distance as i32
            };
            let unit = m.motion.step(m.direction);
            let delta: [i32; 3] = unit.map(|v| v * distance);
            for &p in &m.pieces {
                if let Some(at) = offsets.get_mut(p) {
                    *at = std::array::from_fn(|a| at[a] + delta[a]);
                }
            }
            out.moves.push((
                SceneMove {
                    pieces: m.pieces.clone(),
                    delta,
                    fade,
                },
                m,
            ));
        }
    }
    out
}
