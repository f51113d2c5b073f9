//! Pictures of solutions: a static SVG for every family, and a self-contained
//! HTML page (inline script and styles, nothing fetched) that shows snake cubes
//! and packings in 3D, to rotate with the mouse and step through. Pictures are
//! drawn from decoded, checked solutions only, and returned as documents: the
//! command line writes them.

mod board_snakes;
mod cubes;
mod disassembly;
mod html;
mod packing;
mod snake_cube;
mod sudoku_snake;
mod svg;

pub use svg::{Drawing, escape};

use crate::tasks::Separation;
use serde_json::{Value, json};
use std::path::Path;

/// At most this many solutions go into one picture; a note says when more were
/// printed.
pub const MAX_PICTURED: usize = 1000;

/// The kind of picture a file name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    Svg,
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

/// What a picture may show beside the solution: the digits of a sudoku that
/// extends a sudoku snake's parity grid; how an assembly comes apart.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    pub digits: Option<Vec<Vec<usize>>>,
    pub disassembly: Option<Disassembly>,
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
    fn json(&self) -> Value {
        let cubes: Vec<Value> = self
            .cubes
            .iter()
            .map(|c| json!({"at": c.at, "colour": c.colour, "label": c.label, "step": c.step, "piece": c.piece}))
            .collect();
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| json!({"pieces": m.pieces, "delta": m.delta, "fade": m.fade}))
            .collect();
        json!({"cubes": cubes, "path": self.path, "steps": self.steps, "moves": moves})
    }
}

/// How a family draws a solution.
pub trait Draw: crate::puzzles::Puzzle {
    /// The solution as a static drawing.
    fn drawing(&self, solution: &Self::Solution, extras: &Extras) -> Drawing;

    /// The solution in 3D, for families that are 3D.
    fn scene(&self, _solution: &Self::Solution) -> Option<Scene> {
        None
    }
}

/// A picture of the solutions, each with its caption and extras: an SVG
/// document, or an HTML page. `note` closes it (for a cut list, say).
pub fn picture<D: Draw>(
    puzzle: &D,
    format: PictureFormat,
    title: &str,
    solutions: &[(String, D::Solution, Extras)],
    note: Option<&str>,
) -> String {
    let drawing = |s: &D::Solution, extras: &Extras| match taken_apart(puzzle, s, extras) {
        Some((scene, d)) => disassembly::drawing(&scene.cubes, d),
        None => puzzle.drawing(s, extras),
    };
    match format {
        PictureFormat::Svg => {
            let drawings: Vec<(String, Drawing)> = solutions
                .iter()
                .map(|(caption, s, extras)| (caption.clone(), drawing(s, extras)))
                .collect();
            svg::document(title, &drawings, note)
        }
        PictureFormat::Html => {
            let scenes: Option<Vec<Value>> = solutions
                .iter()
                .map(|(_, s, extras)| {
                    let scene = match taken_apart(puzzle, s, extras) {
                        Some((scene, d)) => disassembly::scene(scene, d),
                        None => puzzle.scene(s)?,
                    };
                    Some(scene.json())
                })
                .collect();
            // The page shows drawings only where it has no scenes.
            let svgs: Vec<Value> = match scenes {
                Some(_) => Vec::new(),
                None => solutions
                    .iter()
                    .map(|(_, s, extras)| {
                        let page = svg::document("", &[(String::new(), drawing(s, extras))], None);
                        Value::String(page)
                    })
                    .collect(),
            };
            let captions: Vec<&str> = solutions.iter().map(|(c, _, _)| c.as_str()).collect();
            html::page(title, &captions, scenes.as_deref(), &svgs, note)
        }
    }
}

/// The assembly's scene and its disassembly, when the picture shows one: a
/// disassembly is drawn from the scene's cubes, whatever the family.
fn taken_apart<'e, D: Draw>(
    puzzle: &D,
    solution: &D::Solution,
    extras: &'e Extras,
) -> Option<(Scene, &'e Disassembly)> {
    let d = extras.disassembly.as_ref()?;
    Some((puzzle.scene(solution)?, d))
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
mod tests {
    use super::*;

    #[test]
    fn formats_follow_the_extension() {
        assert_eq!(
            PictureFormat::of(Path::new("a.svg")),
            Some(PictureFormat::Svg)
        );
        assert_eq!(
            PictureFormat::of(Path::new("a.HTML")),
            Some(PictureFormat::Html)
        );
        assert_eq!(PictureFormat::of(Path::new("a.png")), None);
        assert_eq!(PictureFormat::of(Path::new("svg")), None);
    }

    #[test]
    fn ink_contrasts_with_the_background() {
        assert_eq!(ink("#332288"), "#ffffff");
        assert_eq!(ink("#EEDD88"), "#000000");
    }
}
