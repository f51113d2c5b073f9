//! How a family draws a solution: a static drawing, and for a 3D family the
//! scene of unit cubes the HTML page shows.

use super::Puzzle;
use crate::render::picture::{Drawing, Scene};

/// How a family draws a solution.
pub trait Draw: Puzzle {
    /// What the family's extension adds to a picture of a solution (the
    /// sudoku snake's digits); `()` for a family with no extension.
    type Extension: Clone + std::fmt::Debug + Send + Sync + 'static;

    /// The solution as a static drawing, with what the extension made of it.
    fn drawing(&self, solution: &Self::Solution, extension: Option<&Self::Extension>) -> Drawing;

    /// The solution in 3D, for families that are 3D.
    fn scene(&self, _solution: &Self::Solution) -> Option<Scene> {
        None
    }
}
