//! Turning solutions and counts into text and JSON for people and scripts.
//! Functions here build strings and values; `main.rs` decides where they go.

pub mod board_snakes;
pub mod packing;
pub mod snake_cube;
pub mod sudoku_snake;

use serde_json::Value;

/// How a family shows its puzzle and its solutions.
pub trait Present {
    type Solution;

    /// One line saying what the puzzle is (box, pieces, sizes).
    fn summary(&self) -> String;

    /// A solution for a person to follow.
    fn text(&self, solution: &Self::Solution) -> String;

    /// A solution as a JSON object (the keys are part of the command-line contract).
    fn json(&self, solution: &Self::Solution) -> serde_json::Map<String, Value>;

    /// Reads a solution back from the JSON that [`Present::json`] writes; the error
    /// names the key and what was expected.
    fn read_json(&self, value: &Value) -> Result<Self::Solution, (String, String)>;
}
