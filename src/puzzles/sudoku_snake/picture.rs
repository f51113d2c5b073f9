//! The sudoku parity snake: the grid with its box borders, even cells shaded, the
//! snake as a line through its cells, and the digits when a sudoku was asked for.

use crate::family::Draw;
use crate::puzzles::sudoku_snake::{SnakeGrid, SudokuSnake};
use crate::render::picture::svg::Drawing;

impl Draw for SudokuSnake {
    type Extension = Vec<Vec<usize>>;

    fn drawing(&self, s: &SnakeGrid, sudoku: Option<&Vec<Vec<usize>>>) -> Drawing {
        let rules = self.rules();
        let n = rules.size;
        let size = (440.0 / n as f64).clamp(24.0, 52.0);
        let pad = 12.0;
        let side = n as f64 * size;
        let mut d = Drawing::new(side + 2.0 * pad, side + 2.0 * pad + 24.0);
        for (r, row) in s.even.iter().enumerate() {
            for (c, &even) in row.iter().enumerate() {
                let fill = if even { "#d9d9d9" } else { "#ffffff" };
                d.add(format!(
                    "<rect class=\"cell\" data-even=\"{even}\" x=\"{:.2}\" y=\"{:.2}\" width=\"{size:.2}\" height=\"{size:.2}\" fill=\"{fill}\" stroke=\"#aaa\" stroke-width=\"0.8\"/>",
                    pad + c as f64 * size,
                    pad + r as f64 * size
                ));
            }
        }
        // Box borders.
        let [box_rows, box_columns] = rules.box_shape;
        for k in 0..=n {
            let at = pad + k as f64 * size;
            if k % box_rows == 0 {
                d.add(format!(
                    "<line x1=\"{pad}\" y1=\"{at:.2}\" x2=\"{:.2}\" y2=\"{at:.2}\" stroke=\"#222\" stroke-width=\"2.5\"/>",
                    pad + side
                ));
            }
            if k % box_columns == 0 {
                d.add(format!(
                    "<line x1=\"{at:.2}\" y1=\"{pad}\" x2=\"{at:.2}\" y2=\"{:.2}\" stroke=\"#222\" stroke-width=\"2.5\"/>",
                    pad + side
                ));
            }
        }
        let centre =
            |[r, c]: [usize; 2]| (pad + (c as f64 + 0.5) * size, pad + (r as f64 + 0.5) * size);
        let points: Vec<(f64, f64)> = s.snake.iter().map(|&sq| centre(sq)).collect();
        // Under the digits, and light enough to read them through: a band through
        // the cells, a dot in each, and a ring round each end.
        let digits = sudoku.is_some();
        let band = if digits { size * 0.16 } else { size * 0.28 };
        d.polyline(&points, "#CC6677", band, "class=\"snake\" opacity=\"0.6\"");
        for (k, &(x, y)) in points.iter().enumerate() {
            let end = k == 0 || k + 1 == points.len();
            let (r, fill, stroke) = match (end, digits) {
                (true, _) => (size * 0.36, "none", 3.0),
                (false, true) => (size * 0.06, "#882255", 0.0),
                (false, false) => (size * 0.1, "#CC6677", 1.0),
            };
            d.add(format!(
                "<circle class=\"snake-cell\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" fill=\"{fill}\" stroke=\"#882255\" stroke-width=\"{stroke}\"/>"
            ));
        }
        if let Some(digits) = sudoku {
            for (r, row) in digits.iter().enumerate() {
                for (c, &digit) in row.iter().enumerate() {
                    let (x, y) = centre([r, c]);
                    d.text(x, y, size * 0.5, "#111", &digit.to_string());
                }
            }
        }
        d.add(format!(
            "<text x=\"{pad}\" y=\"{:.2}\" font-size=\"13\" fill=\"#222\">snake of {} cells (its ends ringed); shaded cells are even</text>",
            side + 2.0 * pad + 12.0,
            s.snake.len()
        ));
        d
    }
}
