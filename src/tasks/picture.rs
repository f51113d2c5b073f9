//! Pictures of solutions, of any family: each solution shown as the family
//! draws it (or, taken apart, as its disassembly), in an SVG document or an
//! HTML page.

use crate::family::Draw;
use crate::render::picture::{Disassembly, Drawing, PictureFormat, Scene, disassembly, html, svg};
use serde_json::Value;

/// A solution to draw, with its caption and what the picture may show beside
/// it: what the family's extension made of it (the digits of a sudoku that
/// extends a sudoku snake's parity grid), how an assembly comes apart.
pub struct Shown<'a, D: Draw> {
    pub caption: &'a str,
    pub solution: &'a D::Solution,
    pub extension: Option<&'a D::Extension>,
    pub disassembly: Option<&'a Disassembly>,
}

/// A picture of the solutions shown: an SVG document, or an HTML page.
/// `note` closes it (for a cut list, say).
pub fn picture<D: Draw>(
    puzzle: &D,
    format: PictureFormat,
    title: &str,
    shown: &[Shown<'_, D>],
    note: Option<&str>,
) -> String {
    let drawing = |s: &Shown<'_, D>| match taken_apart(puzzle, s) {
        Some((scene, d)) => disassembly::drawing(&scene.cubes, d),
        None => puzzle.drawing(s.solution, s.extension),
    };
    match format {
        PictureFormat::Svg => {
            let drawings: Vec<(String, Drawing)> = shown
                .iter()
                .map(|s| (s.caption.to_string(), drawing(s)))
                .collect();
            svg::document(title, &drawings, note)
        }
        PictureFormat::Html => {
            let scenes: Option<Vec<Value>> = shown
                .iter()
                .map(|s| {
                    let scene = match taken_apart(puzzle, s) {
                        Some((scene, d)) => disassembly::scene(scene, d),
                        None => puzzle.scene(s.solution)?,
                    };
                    Some(scene.json())
                })
                .collect();
            // The page shows drawings only where it has no scenes.
            let svgs: Vec<Value> = match scenes {
                Some(_) => Vec::new(),
                None => shown
                    .iter()
                    .map(|s| {
                        let page = svg::document("", &[(String::new(), drawing(s))], None);
                        Value::String(page)
                    })
                    .collect(),
            };
            let captions: Vec<&str> = shown.iter().map(|s| s.caption).collect();
            html::page(title, &captions, scenes.as_deref(), &svgs, note)
        }
    }
}

/// The assembly's scene and its disassembly, when the picture shows one: a
/// disassembly is drawn from the scene's cubes, whatever the family.
fn taken_apart<'e, D: Draw>(puzzle: &D, shown: &Shown<'e, D>) -> Option<(Scene, &'e Disassembly)> {
    let d = shown.disassembly?;
    Some((puzzle.scene(shown.solution)?, d))
}
