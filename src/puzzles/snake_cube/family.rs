//! The snake cube as a family: its model fields.

use super::SnakeCube;
use crate::error::Error;
use crate::family::Family;
use crate::model::Fields;
use crate::types::Engine;

impl Family for SnakeCube {
    const NAME: &'static str = "snake-cube";
    const FIELDS: &'static [&'static str] = &["size", "blocks", "segments"];
    /// The path search first: it beats SAT on random 4x4x4 strings
    /// (BENCHMARKS.md, "The path search for snakes").
    const ENGINES: &'static [Engine] = &[Engine::Path, Engine::Sat];

    fn parse(fields: &Fields) -> Result<Self, Error> {
        super::model::parse(fields)
    }

    /// A straight run longer than every side of the box lies in no box.
    fn why_no_solution(&self) -> Option<String> {
        let longest = *self.dims().sides.iter().max()?;
        let (i, &blocks) = self
            .segments()
            .iter()
            .enumerate()
            .find(|&(_, &blocks)| blocks as i64 > i64::from(longest))?;
        Some(format!(
            "segment {} is {blocks} blocks in a straight line, longer than the box's longest side ({longest})",
            i + 1
        ))
    }

    fn box_sides(&self) -> Option<[i32; 3]> {
        Some(self.dims().sides)
    }
}
