//! Pictures of solutions: a static SVG for every family, or a self-contained
//! HTML page that shows snake cubes and packings in 3D (and plays a
//! disassembly's moves), returned as text for the caller to write.

use super::dispatch::AnyShown;
use super::puzzle::Puzzle;
use super::solution::Solution;
use super::solving::Extension;
use crate::error::Error;
use crate::render::picture::Disassembly;

pub use crate::render::picture::{MAX_PICTURED, PictureFormat};

/// A solution to draw, with its caption and, after an extending solve, what
/// the extension made of it (the digits of a sudoku snake's sudoku). A
/// solution that was taken apart is drawn coming apart.
#[derive(Clone, Copy, Debug)]
pub struct Pictured<'a> {
    /// The line under the solution.
    pub caption: &'a str,
    /// The solution, of the puzzle drawing it.
    pub solution: &'a Solution,
    /// What the family's extension made of it, if the picture shows that.
    pub extension: Option<&'a Extension>,
}

impl Puzzle {
    /// A picture of the solutions (all of this puzzle): an SVG document, or
    /// an HTML page. `note` closes it (a line saying what was left out, say).
    ///
    /// ```
    /// use puzzlesat::{PictureFormat, Pictured, Puzzle, SolveRequest};
    ///
    /// let cube = Puzzle::from_toml(
    ///     "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [2, 2, 2, 2, 2, 2, 2]\n",
    /// )?;
    /// let solution = cube.solve(&SolveRequest::default(), &mut |_| {})?.solution.unwrap();
    /// let shown = Pictured { caption: "a folding", solution: &solution, extension: None };
    /// let svg = cube.picture(PictureFormat::Svg, &[shown], None)?;
    /// assert!(svg.contains("<svg"));
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn picture(
        &self,
        format: PictureFormat,
        pictured: &[Pictured<'_>],
        note: Option<&str>,
    ) -> Result<String, Error> {
        if pictured.iter().any(|p| !self.same(&p.solution.rules)) {
            return Err(Error::Unsupported(format!(
                "a picture of {} shows its own solutions, not another puzzle's",
                self.name()
            )));
        }
        let trees: Vec<Option<Disassembly>> = pictured
            .iter()
            .map(|p| {
                p.solution.taken_apart().map(|t| Disassembly {
                    tree: t.tree.clone(),
                    labels: t.labels.clone(),
                })
            })
            .collect();
        let shown: Vec<AnyShown<'_>> = pictured
            .iter()
            .zip(&trees)
            .map(|(p, tree)| AnyShown {
                caption: p.caption,
                solution: &p.solution.value,
                extension: p.extension.and_then(|e| e.pictured.as_ref()),
                disassembly: tree.as_ref(),
            })
            .collect();
        Ok(self.rules.picture(format, &self.name(), &shown, note))
    }
}
