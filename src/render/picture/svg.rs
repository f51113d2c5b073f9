//! SVG made by hand: a drawing is a list of elements in its own coordinate box,
//! and a document lays drawings out side by side with captions.

use std::fmt::Write;

/// Elements drawn in a box from (0, 0) to (width, height).
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    pub body: String,
}

impl Drawing {
    pub fn new(width: f64, height: f64) -> Drawing {
        Drawing {
            width,
            height,
            body: String::new(),
        }
    }

    /// Adds one element (or several) as written.
    pub fn add(&mut self, element: impl AsRef<str>) {
        self.body.push_str(element.as_ref());
        self.body.push('\n');
    }

    /// Another drawing placed with its corner at (x, y).
    pub fn place(&mut self, other: &Drawing, x: f64, y: f64) {
        let _ = writeln!(
            self.body,
            "<g transform=\"translate({x:.2} {y:.2})\">\n{}</g>",
            other.body
        );
    }

    /// Text centred on (x, y).
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size:.1}\" fill=\"{fill}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            escape(text)
        );
    }

    /// A polyline through the points.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64, extra: &str) {
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{width:.2}\" stroke-linejoin=\"round\" stroke-linecap=\"round\" {extra}/>",
            points_attribute(points)
        );
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str, extra: &str) {
        let _ = writeln!(
            self.body,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.8\" stroke-linejoin=\"round\" {extra}/>",
            points_attribute(points)
        );
    }
}

/// Text made safe for XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A whole SVG document: the title on top, then the drawings in rows, each with
/// its caption, and a closing note (for a cut list, say).
pub fn document(title: &str, drawings: &[(String, Drawing)], note: Option<&str>) -> String {
    const GAP: f64 = 24.0;
    const CAPTION: f64 = 22.0;
    let top = if title.is_empty() { 0.0 } else { 34.0 };
    let row_width = 1600.0f64;
    let mut body = String::new();
    let (mut x, mut y, mut row_height, mut width) = (GAP, top + GAP, 0.0f64, 0.0f64);
    for (caption, d) in drawings {
        if x > GAP && x + d.width > row_width {
            x = GAP;
            y += row_height + CAPTION + GAP;
            row_height = 0.0;
        }
        let _ = writeln!(
            body,
            "<g class=\"solution\">\n<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"15\" fill=\"#222\">{}</text>\n<g transform=\"translate({x:.2} {:.2})\">\n{}</g>\n</g>",
            x,
            y + 14.0,
            escape(caption),
            y + CAPTION,
            d.body
        );
        x += d.width + GAP;
        width = width.max(x);
        row_height = row_height.max(d.height);
    }
    let mut height = y + row_height + CAPTION + GAP;
    if let Some(note) = note {
        let _ = writeln!(
            body,
            "<text x=\"{GAP}\" y=\"{:.2}\" font-size=\"14\" fill=\"#444\">{}</text>",
            height,
            escape(note)
        );
        height += 2.0 * GAP;
    }
    let width = width.max(480.0);
    let heading = if title.is_empty() {
        String::new()
    } else {
        format!(
            "<text x=\"{GAP}\" y=\"28\" font-size=\"20\" font-weight=\"bold\" fill=\"#111\">{}</text>\n",
            escape(title)
        )
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{heading}{body}</svg>\n"
    )
}

/// The angles below the horizontal at which the x axis (to the right) and the y
/// axis (to the left) are drawn. Unequal angles make a dimetric view: in the
/// isometric one (both 30°) the box's diagonal collapses to a point, and blocks
/// on it hide each other.
const X_ANGLE: f64 = 20.0;
const Y_ANGLE: f64 = 40.0;

/// A point drawn in the dimetric view (x to the lower right, y to the lower left,
/// z up), in units of `scale`.
pub fn iso(p: [f64; 3], scale: f64) -> (f64, f64) {
    let (a, b) = (X_ANGLE.to_radians(), Y_ANGLE.to_radians());
    (
        (p[0] * a.cos() - p[1] * b.cos()) * scale,
        (p[0] * a.sin() + p[1] * b.sin() - p[2]) * scale,
    )
}

/// How near a point is to the viewer of [`iso`]: larger is nearer. (The view's
/// direction is the one the projection collapses; it points into the positive
/// octant, so the +x, +y and +z faces of a cube are the ones seen.)
pub fn nearness(p: [f64; 3]) -> f64 {
    let (a, b) = (X_ANGLE.to_radians(), Y_ANGLE.to_radians());
    p[0] * b.cos() + p[1] * a.cos() + p[2] * (a + b).sin()
}

/// A point drawn in a cabinet oblique view: x to the right, z up, and y going
/// back, up and to the right at half length. No two cells of a box meet in it
/// (the nearest are half a cell apart), which a string's numbered blocks need.
pub fn oblique(p: [f64; 3], scale: f64) -> (f64, f64) {
    let angle = 35f64.to_radians();
    (
        (p[0] + 0.5 * p[1] * angle.cos()) * scale,
        (-p[2] - 0.5 * p[1] * angle.sin()) * scale,
    )
}

/// Where a projected drawing sits: its points moved so that the least corner is
/// `pad` from the edge, and the size that then holds them.
pub struct Frame {
    min: (f64, f64),
    pad: f64,
    pub width: f64,
    pub height: f64,
}

impl Frame {
    /// The frame around `points`, with `pad` all round.
    pub fn around(points: &[(f64, f64)], pad: f64) -> Frame {
        let fold = |f: fn(f64, f64) -> f64, start: f64, axis: fn(&(f64, f64)) -> f64| {
            points.iter().map(axis).fold(start, f)
        };
        let min = (
            fold(f64::min, f64::INFINITY, |p| p.0),
            fold(f64::min, f64::INFINITY, |p| p.1),
        );
        let max = (
            fold(f64::max, f64::NEG_INFINITY, |p| p.0),
            fold(f64::max, f64::NEG_INFINITY, |p| p.1),
        );
        Frame {
            min,
            pad,
            width: max.0 - min.0 + 2.0 * pad,
            height: max.1 - min.1 + 2.0 * pad,
        }
    }

    /// A point moved into the frame.
    pub fn place(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x - self.min.0 + self.pad, y - self.min.1 + self.pad)
    }
}

/// The eight corners of the box [0, a] × [0, b] × [0, c].
pub fn box_corners([a, b, c]: [f64; 3]) -> Vec<[f64; 3]> {
    let mut out = Vec::with_capacity(8);
    for x in [0.0, a] {
        for y in [0.0, b] {
            for z in [0.0, c] {
                out.push([x, y, z]);
            }
        }
    }
    out
}

/// `x,y x,y ...` for a `points` attribute.
fn points_attribute(points: &[(f64, f64)]) -> String {
    let list: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect();
    list.join(" ")
}

/// What a layer grid shows in one cell: its fill, its border, and a label in the
/// colour given.
pub struct GridCell {
    pub fill: String,
    pub border: &'static str,
    pub label: String,
    pub ink: &'static str,
}

/// Layers of a box side by side, z = low first, each titled and drawn as a grid
/// of squares of `size` (rows y, columns x, from `low`); `cell` says what each
/// cell shows, or nothing for a cell outside the shape.
pub fn layer_grids(
    low: [i32; 3],
    sides: [i32; 3],
    size: f64,
    cell: &dyn Fn([i32; 3]) -> Option<GridCell>,
) -> Drawing {
    let columns = (f64::from(sides[2]).sqrt().ceil() as i32).max(1);
    let layer_width = f64::from(sides[0]) * size + 18.0;
    let layer_height = f64::from(sides[1]) * size + 30.0;
    let rows = (sides[2] + columns - 1) / columns;
    let mut d = Drawing::new(
        f64::from(columns.min(sides[2])) * layer_width,
        f64::from(rows) * layer_height,
    );
    for k in 0..sides[2] {
        let z = low[2] + k;
        let (ox, oy) = (
            f64::from(k % columns) * layer_width,
            f64::from(k / columns) * layer_height,
        );
        d.add(format!(
            "<text x=\"{ox:.2}\" y=\"{:.2}\" font-size=\"13\" fill=\"#222\">layer z = {z}</text>",
            oy + 13.0
        ));
        for y in 0..sides[1] {
            for x in 0..sides[0] {
                let Some(shown) = cell([low[0] + x, low[1] + y, z]) else {
                    continue;
                };
                let (px, py) = (ox + f64::from(x) * size, oy + 20.0 + f64::from(y) * size);
                d.add(format!(
                    "<rect x=\"{px:.2}\" y=\"{py:.2}\" width=\"{size:.2}\" height=\"{size:.2}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1\"/>",
                    shown.fill, shown.border
                ));
                d.text(
                    px + size / 2.0,
                    py + size / 2.0,
                    (size * 0.5).min(13.0),
                    shown.ink,
                    &shown.label,
                );
            }
        }
    }
    d
}
