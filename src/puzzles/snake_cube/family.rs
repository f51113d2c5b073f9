//! The snake cube as a family: its model fields.

use super::SnakeCube;
use crate::error::Error;
use crate::family::Family;
use crate::model::Fields;

impl Family for SnakeCube {
    const NAME: &'static str = "snake-cube";
    const FIELDS: &'static [&'static str] = &["size", "blocks", "segments"];

    fn parse(fields: &Fields) -> Result<Self, Error> {
        crate::model::snake_cube::parse(fields)
    }
}
