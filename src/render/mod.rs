//! What the families share to show solutions: text helpers, a separation
//! tree as text and JSON, and the pictures' drawing (SVG, the HTML page, 3D
//! scenes of unit cubes). Functions here build strings and values; the
//! caller decides where they go.

pub mod disassembly;
pub mod picture;
pub mod print;

use serde_json::Value;

/// `n` things, with the noun in the singular for one: "1 segment", "3 segments".
pub(crate) fn count_of(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A cell written as `[x, y, z]`: exactly three whole numbers, nothing dropped.
pub(crate) fn read_cell(value: &Value) -> Option<crate::geometry::Cell> {
    match value.as_array()?.as_slice() {
        [x, y, z] => {
            let coordinate = |v: &Value| v.as_i64().and_then(|v| i32::try_from(v).ok());
            Some([coordinate(x)?, coordinate(y)?, coordinate(z)?])
        }
        _ => None,
    }
}
