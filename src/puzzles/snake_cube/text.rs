use crate::family::Present;
use crate::puzzles::snake_cube::{Path, SnakeCube};
use crate::render::{count_of, read_cell};
use serde_json::{Map, Value, json};
use std::fmt::Write;

impl SnakeCube {
    /// The box as horizontal layers from z = 0 up, each row at one y, block numbers
    /// counted from 1 along the string.
    pub fn layers(&self, path: &Path) -> String {
        let [a, b, c] = self.dims().sides;
        let mut number = vec![0usize; self.dims().volume()];
        for (i, &cell) in path.iter().enumerate() {
            number[self.dims().index(cell)] = i + 1;
        }
        let width = self.block_count().to_string().len();
        let mut out = String::new();
        for z in 0..c {
            let _ = writeln!(out, "layer z = {z}:");
            for y in 0..b {
                let row: Vec<String> = (0..a)
                    .map(|x| format!("{:>width$}", number[self.dims().index([x, y, z])]))
                    .collect();
                let _ = writeln!(out, "  {}", row.join(" "));
            }
        }
        out
    }

    /// Folding instructions: each segment as its direction and its number of blocks
    /// (the first block of a segment is the last of the one before).
    pub fn folding(&self, path: &Path) -> Vec<(String, usize)> {
        self.segment_directions(path)
            .iter()
            .zip(self.segments())
            .map(|(d, &len)| (d.to_string(), len))
            .collect()
    }
}

impl Present for SnakeCube {
    fn summary(&self) -> String {
        format!(
            "snake cube: {} box, {} blocks in {}{}",
            self.dims(),
            self.block_count(),
            count_of(self.segments().len(), "segment", "segments"),
            if self.is_palindrome() {
                " (palindromic string)"
            } else {
                ""
            }
        )
    }

    fn describe(&self) -> String {
        let segments: Vec<String> = self.segments().iter().map(usize::to_string).collect();
        format!(
            "Blocks (S straight, C corner; the ends are free): {}\nSegments (blocks each, joints shared): {}\n",
            self.letters(),
            segments.join(", ")
        )
    }

    fn text(&self, path: &Path) -> String {
        let mut out = String::new();
        let [x, y, z] = path[0];
        let _ = writeln!(out, "Start: block 1 at x={x} y={y} z={z}");
        let steps: Vec<String> = self
            .folding(path)
            .iter()
            .map(|(d, l)| format!("{d} {l}"))
            .collect();
        let _ = writeln!(
            out,
            "Folding (direction and blocks per segment): {}",
            steps.join(", ")
        );
        let _ = writeln!(out, "Block numbers by layer:");
        out.push_str(&self.layers(path));
        out
    }

    fn json(&self, path: &Path) -> Map<String, Value> {
        let folding: Vec<Value> = self
            .folding(path)
            .into_iter()
            .map(|(d, l)| json!({"direction": d, "blocks": l}))
            .collect();
        let mut map = Map::new();
        map.insert("path".into(), json!(path));
        map.insert("folding".into(), Value::Array(folding));
        map
    }

    fn solution_keys(&self) -> &'static [&'static str] {
        &["path"]
    }

    fn derived_keys(&self) -> &'static [&'static str] {
        &["folding"]
    }

    fn read_json(&self, value: &Value) -> Result<Path, (String, String)> {
        let expected = || {
            (
                "path".to_string(),
                "a list of [x, y, z] integer cells, one per block".to_string(),
            )
        };
        let cells = value
            .get("path")
            .and_then(Value::as_array)
            .ok_or_else(expected)?;
        cells
            .iter()
            .map(|cell| read_cell(cell).ok_or_else(expected))
            .collect()
    }
}
