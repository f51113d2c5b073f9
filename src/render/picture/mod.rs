//! Drawing what the families' pictures are made of: a static SVG document,
//! and a self-contained HTML page (inline script and styles, nothing fetched)
//! that shows unit cubes in 3D, to rotate with the mouse and step through;
//! the 3D scene of a solution, a disassembly's moves, and the palette. Each
//! family draws its own solutions with these (its `picture.rs`); pictures are
//! returned as documents for the caller to write.

pub mod cubes;
pub mod disassembly;
pub mod html;
pub mod solids;
pub mod svg;

pub use svg::{Drawing, escape};

use crate::disassembly::Separation;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::OnceLock;

/// At most this many solutions go into one picture; a note says when more were
/// printed.
pub const MAX_PICTURED: usize = 1000;

/// The kind of picture a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// A static SVG document.
    Svg,
    /// A self-contained HTML page.
    Html,
}

impl PictureFormat {
    /// By the file's extension (`.svg`, `.html` or `.htm`, any case).
    pub fn of(file: &Path) -> Option<PictureFormat> {
        let extension = file.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "svg" => Some(PictureFormat::Svg),
            "html" | "htm" => Some(PictureFormat::Html),
            _ => None,
        }
    }
}

/// An assembly's separation tree, with what to call each piece in it.
#[derive(Clone, Debug)]
pub struct Disassembly {
    pub tree: Separation,
    pub labels: Vec<String>,
}

/// A solution in 3D for the HTML page: unit cubes, each shown from its step on
/// (the segment of a snake, the piece of a packing), and for a snake the path
/// through the cube centres.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    pub cubes: Vec<SceneCube>,
    /// Cube centres in order, for a string; empty for a packing.
    pub path: Vec<[i32; 3]>,
    /// What each step adds, for the slider: "segment 3: +x 3 blocks".
    pub steps: Vec<String>,
    /// When the scene takes an assembly apart: the moves, one per step, every
    /// cube shown from the start.
    pub moves: Vec<SceneMove>,
}

#[derive(Clone, Debug)]
pub struct SceneCube {
    pub at: [i32; 3],
    pub colour: &'static str,
    pub label: String,
    pub step: usize,
    /// The piece (or segment) the cube belongs to, which moves name.
    pub piece: usize,
    /// On a grid other than the cube's, the cell as the solid it is (`at`
    /// then names the cell, not a unit cube).
    pub solid: Option<SceneSolid>,
}

/// A cell drawn as the solid it is: its faces, its centre, and for a sphere
/// its radius (see [`crate::geometry::grid::SpaceSolid`]).
#[derive(Clone, Debug)]
pub struct SceneSolid {
    pub faces: Vec<SceneFace>,
    pub centre: [f64; 3],
    pub radius: f64,
    /// Whether the cell is lettered on its own; if not, its piece is
    /// lettered once (small cells cut from larger solids).
    pub letter_each: bool,
    /// Where one step along each voxel axis moves the solid in space (as
    /// columns), for moves of a disassembly.
    pub steps: [[f64; 3]; 3],
}

impl SceneSolid {
    /// The solid moved by the grid's translation `d` (in cells).
    pub fn moved(&self, d: [i32; 3]) -> SceneSolid {
        let shift: [f64; 3] =
            std::array::from_fn(|k| (0..3).map(|j| self.steps[j][k] * f64::from(d[j])).sum());
        let at = |p: [f64; 3]| std::array::from_fn(|k| p[k] + shift[k]);
        SceneSolid {
            faces: self
                .faces
                .iter()
                .map(|f| SceneFace {
                    corners: f.corners.iter().map(|&p| at(p)).collect(),
                    across: f.across.map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]]),
                    seams: f.seams.clone(),
                })
                .collect(),
            centre: at(self.centre),
            ..self.clone()
        }
    }
}

/// A face of a solid: its corners in space going round counter-clockwise
/// seen from outside, the cell across it (the face is hidden while that cell
/// is shown), and per edge (from corner k to the next) whether it is a seam
/// inside a flat side of its piece, drawn without a line.
#[derive(Clone, Debug)]
pub struct SceneFace {
    pub corners: Vec<[f64; 3]>,
    pub across: Option<[i32; 3]>,
    pub seams: Vec<bool>,
}

/// One move of a disassembly: the pieces that slide by `delta`, and the pieces
/// that are done once it is made (taken apart from all the others), to fade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneMove {
    pub pieces: Vec<usize>,
    pub delta: [i32; 3],
    pub fade: Vec<usize>,
}

impl Scene {
    pub fn json(&self) -> Value {
        let cubes: Vec<Value> = self
            .cubes
            .iter()
            .map(|c| {
                let mut cube = json!({"at": c.at, "colour": c.colour, "label": c.label, "step": c.step, "piece": c.piece});
                if let Some(solid) = &c.solid {
                    let faces: Vec<Value> = solid
                        .faces
                        .iter()
                        .map(|f| {
                            json!({
                                "corners": f.corners,
                                "across": f.across,
                                "seams": f.seams,
                            })
                        })
                        .collect();
                    cube["faces"] = json!(faces);
                    cube["centre"] = json!(solid.centre);
                    cube["radius"] = json!(solid.radius);
                    cube["letterEach"] = json!(solid.letter_each);
                    cube["steps"] = json!(solid.steps);
                }
                cube
            })
            .collect();
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| json!({"pieces": m.pieces, "delta": m.delta, "fade": m.fade}))
            .collect();
        json!({"cubes": cubes, "path": self.path, "steps": self.steps, "moves": moves})
    }
}

/// A qualitative palette that people with the common colour-vision deficiencies
/// can tell apart (Paul Tol's "muted" scheme, then his "light" one); pictures also
/// write a letter or number on every piece, never colour alone.
pub const PALETTE: [&str; 17] = [
    "#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255", "#44AA99", "#999933",
    "#AA4499", "#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33",
    "#AAAA00",
];

/// The palette's colour for index `i` (cycling when there are more).
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// The colour of copy `copy` (from 0) of piece type `i`: the type's
/// [`colour`] for the first copy, then a lighter tint, a paler one and a
/// darker shade of it, so that copies look alike as a kind and apart one by
/// one (their labels tell them apart too). Tints come first: the 3D views
/// darken faces by their slant, so a darker copy could pass for a shaded
/// face of the first.
pub fn copy_colour(i: usize, copy: usize) -> &'static str {
    static SHADES: OnceLock<Vec<[String; 4]>> = OnceLock::new();
    let shades = SHADES.get_or_init(|| {
        PALETTE
            .iter()
            .map(|base| {
                [
                    base.to_string(),
                    mixed(base, [255, 255, 255], 0.45),
                    mixed(base, [255, 255, 255], 0.7),
                    mixed(base, [0, 0, 0], 0.5),
                ]
            })
            .collect()
    });
    &shades[i % PALETTE.len()][copy % 4]
}

/// `hex` moved `share` of the way towards `towards`, as `#RRGGBB`.
fn mixed(hex: &str, towards: [u8; 3], share: f64) -> String {
    let c = channels(hex);
    let mix = |k: usize| {
        (f64::from(c[k]) + (f64::from(towards[k]) - f64::from(c[k])) * share).round() as u8
    };
    format!("#{:02X}{:02X}{:02X}", mix(0), mix(1), mix(2))
}

/// Black or white, whichever reads better on `background` (a `#RRGGBB` colour).
pub fn ink(background: &str) -> &'static str {
    let [r, g, b] = channels(background).map(|v| f64::from(v) / 255.0);
    let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if luminance > 0.45 {
        "#000000"
    } else {
        "#ffffff"
    }
}

/// The red, green and blue of a `#RRGGBB` colour (128 for a channel that is not
/// written so).
pub fn channels(hex: &str) -> [u8; 3] {
    std::array::from_fn(|k| {
        hex.get(1 + 2 * k..3 + 2 * k)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(128)
    })
}

#[cfg(test)]
mod tests;
