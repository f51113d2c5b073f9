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
}
