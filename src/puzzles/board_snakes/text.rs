use crate::family::Present;
use crate::puzzles::board_snakes::{BoardSnakes, Snakes};
use crate::render::count_of;
use crate::types::Claim;
use crate::types::Goal;
use serde_json::{Map, Value, json};
use std::fmt::Write;

/// Characters per horizontal step of the board's drawing.
const CHARS_PER_STEP: f64 = 4.0;

fn letter(h: usize) -> char {
    (b'A' + (h % 26) as u8) as char
}

/// Smallest positive difference between coordinates: the drawing's grid step
/// (1 when all coordinates are equal, where any step draws the same).
fn step(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    v.windows(2)
        .map(|w| w[1] - w[0])
        .filter(|d| *d > 1e-6)
        .reduce(f64::min)
        .unwrap_or(1.0)
}

impl BoardSnakes {
    /// The board drawn from its notch positions, each notch showing its snake's
    /// letter and pellet number (`A1` is snake A's head); `.` is an empty notch.
    /// `None` for boards given as a bare graph.
    pub fn picture(&self, snakes: &Snakes) -> Option<String> {
        let mut label = vec![String::from("."); self.board().len()];
        for (h, snake) in snakes.iter().enumerate() {
            for (k, &node) in snake.iter().enumerate() {
                if let Some(slot) = label.get_mut(node) {
                    *slot = format!("{}{}", letter(h), k + 1);
                }
            }
        }
        self.draw(&label)
    }

    /// The board with each notch's number (from 1), for choosing heads; `None`
    /// for boards given as a bare graph.
    pub fn notch_numbers(&self) -> Option<String> {
        let label: Vec<String> = (1..=self.board().len()).map(|n| n.to_string()).collect();
        self.draw(&label)
    }

    /// The board drawn from its notch positions with a label on each notch,
    /// each right-aligned to the widest, so that a column of "9" and "10"
    /// stays a column.
    fn draw(&self, label: &[String]) -> Option<String> {
        let positions = self.board().positions.as_ref()?;
        let width = label.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let label: Vec<String> = label.iter().map(|l| format!("{l:>width$}")).collect();
        let (sx, sy) = (
            step(positions.iter().map(|p| p.0)),
            step(positions.iter().map(|p| p.1)),
        );
        let (x0, y0) = positions
            .iter()
            .fold((f64::INFINITY, f64::INFINITY), |(a, b), p| {
                (a.min(p.0), b.min(p.1))
            });
        let mut lines: Vec<Vec<char>> = Vec::new();
        for (node, &(x, y)) in positions.iter().enumerate() {
            let col = (((x - x0) / sx) * CHARS_PER_STEP).round() as usize;
            let row = ((y - y0) / sy).round() as usize;
            if lines.len() <= row {
                lines.resize(row + 1, Vec::new());
            }
            let line = &mut lines[row];
            let text: Vec<char> = label[node].chars().collect();
            if line.len() < col + text.len() {
                line.resize(col + text.len(), ' ');
            }
            line[col..col + text.len()].copy_from_slice(&text);
        }
        let mut out = String::new();
        for line in lines {
            let _ = writeln!(out, "  {}", line.into_iter().collect::<String>().trim_end());
        }
        Some(out)
    }

    /// Each snake from head to tail as notch numbers, `|` where a link is broken.
    pub fn lists(&self, snakes: &Snakes) -> String {
        let mut out = String::new();
        for (h, snake) in snakes.iter().enumerate() {
            let mut text = String::new();
            for (k, &node) in snake.iter().enumerate() {
                if k > 0 {
                    let linked = self.board().are_neighbours(snake[k - 1], node);
                    text.push_str(if linked { " " } else { " | " });
                }
                let _ = write!(text, "{}", node + 1);
            }
            let _ = writeln!(out, "  {} (head {}): {text}", letter(h), snake[0] + 1);
        }
        out
    }
}

impl Present for BoardSnakes {
    fn summary(&self) -> String {
        let lengths: Vec<String> = self.lengths().iter().map(|l| l.to_string()).collect();
        format!(
            "board snakes: {} ({} {}) on {} ({}){}",
            count_of(self.heads().len(), "snake", "snakes"),
            if lengths.len() == 1 {
                "length"
            } else {
                "lengths"
            },
            lengths.join(", "),
            self.board().name,
            count_of(self.board().len(), "notch", "notches"),
            if self.full_cover() {
                ""
            } else {
                "; notches may stay empty"
            }
        )
    }

    fn describe(&self) -> String {
        let mut out = match self.notch_numbers() {
            Some(picture) => format!("Notch numbers (`heads` names notches by these):\n{picture}"),
            None => "The board is a graph with no drawing; notches are numbered from 1.\n".into(),
        };
        let heads: Vec<String> = self
            .heads()
            .iter()
            .zip(self.lengths())
            .enumerate()
            .map(|(h, (head, len))| format!("{} at {} ({len} pellets)", letter(h), head + 1))
            .collect();
        let _ = writeln!(out, "Snakes: {}", heads.join(", "));
        out
    }

    fn text(&self, snakes: &Snakes) -> String {
        let mut out = self.picture(snakes).unwrap_or_default();
        out.push_str("Snakes, head to tail:\n");
        out.push_str(&self.lists(snakes));
        out
    }

    fn json(&self, snakes: &Snakes) -> Map<String, Value> {
        let ids: Vec<Vec<usize>> = snakes
            .iter()
            .map(|s| s.iter().map(|n| n + 1).collect())
            .collect();
        let mut map = Map::new();
        map.insert("snakes".into(), json!(ids));
        map
    }

    fn solution_keys(&self) -> &'static [&'static str] {
        &["snakes"]
    }

    /// `broken_links`, which a relaxed answer writes: the snakes follow every
    /// rule but their links, have that many broken links, and no placement has
    /// fewer.
    fn claim(&self, key: &str, value: &Value, _snakes: &Snakes) -> Claim {
        if key != "broken_links" {
            return Claim::Unknown;
        }
        match value.as_u64() {
            Some(claimed) => Claim::Optimum {
                goal: Goal::Relax,
                value: Some(claimed),
            },
            None => Claim::Malformed("the number of broken links, a whole number".into()),
        }
    }

    fn value_words(&self, _goal: Goal, value: usize) -> String {
        count_of(value, "broken link", "broken links")
    }

    fn optimum_text(
        &self,
        _goal: Goal,
        value: usize,
        solution: &Self::Solution,
        took: &str,
    ) -> String {
        format!(
            "Fewest broken links: {} (proved optimal in {took}: no placement has fewer).\n\n{}Snakes, head to tail (| marks a broken link):\n{}",
            value,
            self.picture(solution).unwrap_or_default(),
            self.lists(solution)
        )
    }

    fn no_optimum_text(&self, _goal: Goal, _took: &str) -> String {
        "No placement at all, even with cut snakes.\n".into()
    }

    fn optimum_json(&self, _goal: Goal, value: usize) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("broken_links".into(), json!(value));
        map
    }

    fn past_optimum_words(&self, _goal: Goal, optimum: Option<usize>) -> (String, String) {
        match optimum {
            Some(0) => (
                "placements with any number of broken links (the optimum is 0 broken links: nothing to bound)".into(),
                "a placement with no broken link exists".into(),
            ),
            Some(k) => (
                format!(
                    "placements with at most {} broken links, one below the optimum {k}",
                    k - 1
                ),
                format!(
                    "no placement has fewer than {}",
                    count_of(k, "broken link", "broken links")
                ),
            ),
            None => (
                "placements with any number of broken links".into(),
                "no placement exists, even with cut snakes".into(),
            ),
        }
    }

    fn read_json(&self, value: &Value) -> Result<Snakes, (String, String)> {
        let expected = || {
            (
                "snakes".to_string(),
                "a list of snakes, each a list of notch numbers (from 1) from head to tail"
                    .to_string(),
            )
        };
        let list = value
            .get("snakes")
            .and_then(Value::as_array)
            .ok_or_else(expected)?;
        list.iter()
            .map(|snake| {
                snake
                    .as_array()
                    .ok_or_else(expected)?
                    .iter()
                    .map(|v| {
                        v.as_u64()
                            .filter(|&id| id >= 1)
                            .map(|id| id as usize - 1)
                            .ok_or_else(expected)
                    })
                    .collect()
            })
            .collect()
    }
}
