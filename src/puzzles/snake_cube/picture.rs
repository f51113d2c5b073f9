//! A snake cube's folding: the box in 3D with the string as a path through the
//! block centres, blocks numbered and the start marked, and beside it the layers
//! with block numbers; in 3D, the string folding segment by segment.

use crate::family::Draw;
use crate::puzzles::snake_cube::{Path, SnakeCube};
use crate::render::picture::svg::{Drawing, Frame, GridCell, box_corners, layer_grids, oblique};
use crate::render::picture::{Scene, SceneCube, colour, ink};

/// The first block's colour, apart from the palette the segments take.
const START: &str = "#000000";

impl SnakeCube {
    /// The segment each block is placed with: block 1 with the first segment, then
    /// each segment adds its blocks after the joint it shares.
    fn segment_of_blocks(&self) -> Vec<usize> {
        let mut out = vec![0];
        for (k, &len) in self.segments().iter().enumerate() {
            out.extend(std::iter::repeat_n(k, len - 1));
        }
        out
    }
}

impl Draw for SnakeCube {
    type Extension = ();

    fn drawing(&self, path: &Path, _extension: Option<&()>) -> Drawing {
        let [a, b, c] = self.dims().sides.map(f64::from);
        let scale = (360.0 / (a + b * 0.45).max(c + b * 0.3)).min(80.0);
        let corners: Vec<(f64, f64)> = box_corners([a, b, c])
            .into_iter()
            .map(|p| oblique(p, scale))
            .collect();
        let frame = Frame::around(&corners, 16.0);
        let at = |p: [f64; 3]| frame.place(oblique(p, scale));
        let (cube_width, cube_height) = (frame.width, frame.height);
        let layers = self.layer_drawing(path);
        let mut d = Drawing::new(
            cube_width + 24.0 + layers.width,
            cube_height.max(layers.height),
        );
        // The box's edges.
        for (p, q) in box_edges(a, b, c) {
            let (p, q) = (at(p), at(q));
            d.add(format!(
                "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#999\" stroke-width=\"1\"/>",
                p.0, p.1, q.0, q.1
            ));
        }
        let centres: Vec<(f64, f64)> = path
            .iter()
            .map(|cell| at(cell.map(|v| f64::from(v) + 0.5)))
            .collect();
        d.add("<g class=\"string\">");
        d.polyline(&centres, "#222", (scale * 0.12).max(2.0), "class=\"path\"");
        d.add("</g>");
        let segment = self.segment_of_blocks();
        let radius = (scale * 0.2).max(6.0);
        // Far blocks first, so that near ones are drawn over them.
        let mut order: Vec<usize> = (0..path.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(path[i][1]));
        for i in order {
            let (x, y) = centres[i];
            let (fill, r) = if i == 0 {
                (START, radius * 1.4)
            } else {
                (colour(segment[i]), radius)
            };
            d.add(format!(
                "<circle class=\"block\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"0.8\"/>"
            ));
            d.text(x, y, r * 1.0, ink(fill), &(i + 1).to_string());
        }
        if let Some(&(x, y)) = centres.first() {
            d.add(format!(
                "<text class=\"start\" x=\"{x:.2}\" y=\"{:.2}\" font-size=\"12\" fill=\"#000\" font-weight=\"bold\" text-anchor=\"middle\">start</text>",
                y + radius * 2.6
            ));
        }
        d.place(&layers, cube_width + 24.0, 0.0);
        d
    }

    fn scene(&self, path: &Path) -> Option<Scene> {
        let segment = self.segment_of_blocks();
        let cubes = path
            .iter()
            .enumerate()
            .map(|(i, &at)| SceneCube {
                at,
                colour: colour(segment[i]),
                label: (i + 1).to_string(),
                step: segment[i],
                piece: segment[i],
                solid: None,
            })
            .collect();
        let steps = self
            .folding(path)
            .iter()
            .enumerate()
            .map(|(k, (dir, blocks))| format!("segment {}: {dir} {blocks} blocks", k + 1))
            .collect();
        Some(Scene {
            cubes,
            path: path.clone(),
            steps,
            moves: Vec::new(),
        })
    }
}

impl SnakeCube {
    /// The layers from z = 0 up, each a grid of block numbers (rows y, columns x).
    fn layer_drawing(&self, path: &Path) -> Drawing {
        let mut number = vec![0usize; self.dims().volume()];
        for (i, &cell) in path.iter().enumerate() {
            number[self.dims().index(cell)] = i + 1;
        }
        let segment = self.segment_of_blocks();
        layer_grids([0, 0, 0], self.dims().sides, 26.0, &|cell| {
            let n = number[self.dims().index(cell)];
            let fill = if n == 1 {
                START
            } else {
                colour(segment[n.saturating_sub(1)])
            };
            Some(GridCell {
                fill: fill.to_string(),
                border: "#fff",
                label: n.to_string(),
                ink: ink(fill),
            })
        })
    }
}

/// The 12 edges of the box [0, a] × [0, b] × [0, c].
fn box_edges(a: f64, b: f64, c: f64) -> Vec<([f64; 3], [f64; 3])> {
    let mut out = Vec::new();
    for &y in &[0.0, b] {
        for &z in &[0.0, c] {
            out.push(([0.0, y, z], [a, y, z]));
        }
    }
    for &x in &[0.0, a] {
        for &z in &[0.0, c] {
            out.push(([x, 0.0, z], [x, b, z]));
        }
        for &y in &[0.0, b] {
            out.push(([x, y, 0.0], [x, y, c]));
        }
    }
    out
}
