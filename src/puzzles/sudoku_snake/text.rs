use crate::family::Present;
use crate::puzzles::sudoku_snake::{SnakeGrid, SudokuSnake};
use crate::render::count_of;
use crate::types::Claim;
use crate::types::Goal;
use serde_json::{Map, Value, json};
use std::fmt::Write;

impl SudokuSnake {
    /// The grid with boxes marked: snake cells show their place along the snake and
    /// their parity in capitals (`3E` is the snake's third cell, even), other cells
    /// their parity in lower case.
    pub fn picture(&self, s: &SnakeGrid) -> String {
        let n = self.rules().size;
        let [br, bc] = self.rules().box_shape;
        let mut place = vec![vec![0usize; n]; n];
        for (k, &[r, c]) in s.snake.iter().enumerate() {
            place[r][c] = k + 1;
        }
        let mut out = String::new();
        let rule: String = (0..n)
            .map(|c| {
                if c > 0 && c % bc == 0 {
                    "+----"
                } else {
                    "----"
                }
            })
            .collect();
        for (r, (places, parities)) in place.iter().zip(&s.even).enumerate() {
            if r > 0 && r % br == 0 {
                let _ = writeln!(out, "  {rule}");
            }
            let mut line = String::from("  ");
            for (c, (&k, &even)) in places.iter().zip(parities).enumerate() {
                if c > 0 && c % bc == 0 {
                    line.push('|');
                }
                let parity = if even { 'e' } else { 'o' };
                if k == 0 {
                    let _ = write!(line, "   {parity}");
                } else {
                    let _ = write!(line, " {k:>2}{}", parity.to_ascii_uppercase());
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out
    }

    /// A filled sudoku grid with its boxes marked.
    pub fn digits(&self, grid: &[Vec<usize>]) -> String {
        let [br, bc] = self.rules().box_shape;
        let mut out = String::new();
        for (r, row) in grid.iter().enumerate() {
            if r > 0 && r % br == 0 {
                let _ = writeln!(out);
            }
            let mut line = String::from(" ");
            for (c, d) in row.iter().enumerate() {
                if c > 0 && c % bc == 0 {
                    line.push_str("  ");
                }
                let _ = write!(line, " {d}");
            }
            let _ = writeln!(out, "{line}");
        }
        out
    }
}

impl Present for SudokuSnake {
    fn summary(&self) -> String {
        let r = self.rules();
        let mut extra = String::new();
        if let Some(lo) = r.min_length {
            let _ = write!(extra, ", length at least {lo}");
        }
        if let Some(hi) = r.max_length {
            let _ = write!(extra, ", length at most {hi}");
        }
        if let Some([row, col]) = r.head {
            let _ = write!(extra, ", an end at [{row}, {col}]");
        }
        if let Some(even) = r.head_even {
            let _ = write!(extra, ", an {} end", if even { "even" } else { "odd" });
        }
        format!(
            "sudoku snake: {0}x{0} grid, {1}x{2} boxes, {3} even and {4} odd cells per unit{5}{6}; counts up to symmetry fold {7} of the grid",
            r.size,
            r.box_shape[0],
            r.box_shape[1],
            r.even_per_unit,
            r.size - r.even_per_unit,
            if r.visit_every_box {
                ", visiting every box"
            } else {
                ""
            },
            extra,
            count_of(self.symmetry_count(), "symmetry", "symmetries")
        )
    }

    fn text(&self, s: &SnakeGrid) -> String {
        let mut out = format!(
            "Snake of {} cells (numbers: order along the snake; E/e even, O/o odd):\n",
            s.snake.len()
        );
        out.push_str(&self.picture(s));
        let cells: Vec<String> = s.snake.iter().map(|[r, c]| format!("[{r},{c}]")).collect();
        let _ = writeln!(out, "Cells (row, column from 0): {}", cells.join(" "));
        out
    }

    fn json(&self, s: &SnakeGrid) -> Map<String, Value> {
        let parity: Vec<String> = s
            .even
            .iter()
            .map(|row| row.iter().map(|&e| if e { 'E' } else { 'O' }).collect())
            .collect();
        let mut map = Map::new();
        map.insert("length".into(), json!(s.snake.len()));
        map.insert("snake".into(), json!(s.snake));
        map.insert("parity".into(), json!(parity));
        map
    }

    fn solution_keys(&self) -> &'static [&'static str] {
        &["snake", "parity"]
    }

    fn derived_keys(&self) -> &'static [&'static str] {
        &["length"]
    }

    /// `optimum`, which an answer of least or greatest length writes (checked
    /// by finding the optimum again), and `sudoku`, which the extension to a
    /// full sudoku writes.
    fn claim(&self, key: &str, value: &Value, s: &SnakeGrid) -> Claim {
        match key {
            "optimum" => match value.as_str() {
                Some("longest") => Claim::Optimum {
                    goal: Goal::Maximise,
                    value: None,
                },
                Some("shortest") => Claim::Optimum {
                    goal: Goal::Minimise,
                    value: None,
                },
                _ => Claim::Malformed("\"shortest\" or \"longest\"".into()),
            },
            "sudoku" => {
                let rows: Option<Vec<Vec<usize>>> = value.as_array().and_then(|rows| {
                    rows.iter()
                        .map(|row| {
                            row.as_array()?
                                .iter()
                                .map(|d| d.as_u64().and_then(|d| usize::try_from(d).ok()))
                                .collect()
                        })
                        .collect()
                });
                match rows {
                    Some(digits) => Claim::Checked(self.check_digits(&s.even, &digits)),
                    None => Claim::Malformed("rows of digits, each a list of whole numbers".into()),
                }
            }
            _ => Claim::Unknown,
        }
    }

    fn read_json(&self, value: &Value) -> Result<SnakeGrid, (String, String)> {
        let n = self.rules().size;
        let snake_err = || {
            (
                "snake".to_string(),
                "a list of [row, column] cells counted from 0".to_string(),
            )
        };
        let parity_err = || {
            (
                "parity".to_string(),
                format!("{n} strings of {n} letters E (even) or O (odd)"),
            )
        };
        let snake = value
            .get("snake")
            .and_then(Value::as_array)
            .ok_or_else(snake_err)?
            .iter()
            .map(|cell| {
                match cell
                    .as_array()
                    .map(|a| a.iter().map(Value::as_u64).collect::<Vec<_>>())
                {
                    Some(v) if v.len() == 2 && v.iter().all(Option::is_some) => {
                        Ok([v[0].unwrap_or(0) as usize, v[1].unwrap_or(0) as usize])
                    }
                    _ => Err(snake_err()),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let rows = value
            .get("parity")
            .and_then(Value::as_array)
            .ok_or_else(parity_err)?;
        let even = rows
            .iter()
            .map(|row| {
                let text = row.as_str().ok_or_else(parity_err)?;
                text.chars()
                    .map(|ch| match ch {
                        'E' | 'e' => Ok(true),
                        'O' | 'o' => Ok(false),
                        _ => Err(parity_err()),
                    })
                    .collect::<Result<Vec<bool>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SnakeGrid { snake, even })
    }

    fn value_words(&self, _goal: Goal, value: usize) -> String {
        count_of(value, "cell", "cells")
    }

    fn optimum_text(
        &self,
        goal: Goal,
        value: usize,
        solution: &Self::Solution,
        took: &str,
    ) -> String {
        format!(
            "The {} snake has {} cells (proved optimal in {took}).\n\n{}",
            extreme(goal),
            value,
            self.text(solution)
        )
    }

    fn optimum_json(&self, goal: Goal, _value: usize) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("optimum".into(), json!(extreme(goal)));
        map
    }

    fn past_optimum_words(&self, goal: Goal, optimum: Option<usize>) -> (String, String) {
        let maximise = goal == Goal::Maximise;
        match optimum {
            Some(k) if maximise => (
                format!(
                    "snakes of at least {} cells, one past the longest snake's {k}, every rule as clauses",
                    k + 1
                ),
                format!("no snake is longer than {k} cells"),
            ),
            Some(k) => (
                format!(
                    "snakes of at most {} cells, one past the shortest snake's {k}, every rule as clauses",
                    k.saturating_sub(1)
                ),
                format!("no snake is shorter than {k} cells"),
            ),
            None => (
                "snakes of any length, every rule as clauses".into(),
                "there is no snake at all".into(),
            ),
        }
    }
}

/// The snake a goal looks for.
fn extreme(goal: Goal) -> &'static str {
    if goal == Goal::Maximise {
        "longest"
    } else {
        "shortest"
    }
}
