//! Snakes on a board: the board from its geometry (or, for a board given as a
//! graph, its notches on a circle), each snake coloured from head to tail with
//! its links, and a cut link (consecutive pellets that are not neighbours, as
//! `--relax` allows) dashed and crossed.

use crate::family::Draw;
use crate::puzzles::board_snakes::{BoardSnakes, Snakes};
use crate::render::picture::svg::{Drawing, Frame};
use crate::render::picture::{colour, ink};

impl BoardSnakes {
    /// Where to draw each notch, scaled to about 560 pixels across.
    fn notch_positions(&self) -> (Vec<(f64, f64)>, f64, f64) {
        let board = self.board();
        let n = board.len();
        let raw: Vec<(f64, f64)> = match &board.positions {
            Some(p) => p.clone(),
            None => (0..n)
                .map(|i| {
                    let angle = std::f64::consts::TAU * i as f64 / n.max(1) as f64;
                    (angle.cos(), angle.sin())
                })
                .collect(),
        };
        let unscaled = Frame::around(&raw, 0.0);
        let scale = 520.0 / unscaled.width.max(unscaled.height).max(1e-9);
        let scaled: Vec<(f64, f64)> = raw.iter().map(|&(x, y)| (x * scale, y * scale)).collect();
        let frame = Frame::around(&scaled, 30.0);
        let points = scaled.iter().map(|&p| frame.place(p)).collect();
        (points, frame.width, frame.height)
    }
}

impl Draw for BoardSnakes {
    type Extension = ();

    fn drawing(&self, snakes: &Snakes, _extension: Option<&()>) -> Drawing {
        let (points, width, height) = self.notch_positions();
        let board = self.board();
        let mut d = Drawing::new(width, height + 30.0);
        for (a, neighbours) in board.adjacency.iter().enumerate() {
            for &b in neighbours.iter().filter(|&&b| b > a) {
                d.add(format!(
                    "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#ddd\" stroke-width=\"1.5\"/>",
                    points[a].0, points[a].1, points[b].0, points[b].1
                ));
            }
        }
        for (i, &(x, y)) in points.iter().enumerate() {
            d.add(format!(
                "<circle class=\"notch\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"3\" fill=\"#bbb\"/>"
            ));
            d.add(format!(
                "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"8\" fill=\"#999\">{}</text>",
                x + 4.0,
                y - 4.0,
                i + 1
            ));
        }
        let mut cuts = 0;
        for (h, snake) in snakes.iter().enumerate() {
            let fill = colour(h);
            d.add(format!("<g class=\"snake\" data-snake=\"{}\">", h + 1));
            for pair in snake.windows(2) {
                let (p, q) = (points[pair[0]], points[pair[1]]);
                if board.are_neighbours(pair[0], pair[1]) {
                    d.add(format!(
                        "<line class=\"link\" x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"{fill}\" stroke-width=\"6\" stroke-linecap=\"round\"/>",
                        p.0, p.1, q.0, q.1
                    ));
                } else {
                    cuts += 1;
                    d.add(format!(
                        "<line class=\"cut\" x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#d00\" stroke-width=\"2\" stroke-dasharray=\"5 4\"/>",
                        p.0, p.1, q.0, q.1
                    ));
                    let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                    d.text(mx, my, 16.0, "#d00", "✂");
                }
            }
            for (k, &node) in snake.iter().enumerate() {
                let (x, y) = points[node];
                let r = if k == 0 { 10.0 } else { 5.5 };
                d.add(format!(
                    "<circle class=\"pellet\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r}\" fill=\"{fill}\" stroke=\"#222\" stroke-width=\"1\"/>"
                ));
                if k == 0 {
                    d.text(x, y, 11.0, ink(fill), &(h + 1).to_string());
                }
            }
            d.add("</g>");
        }
        let legend = if cuts > 0 {
            format!(
                "{} snakes, numbered on their heads; {cuts} cut link{} (dashed, ✂)",
                snakes.len(),
                if cuts == 1 { "" } else { "s" }
            )
        } else {
            format!("{} snakes, numbered on their heads", snakes.len())
        };
        d.add(format!(
            "<text x=\"10\" y=\"{:.2}\" font-size=\"13\" fill=\"#222\">{}</text>",
            height + 16.0,
            crate::render::picture::escape(&legend)
        ));
        d
    }
}
