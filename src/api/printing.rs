//! Pieces to 3D-print: one binary STL file per kind of piece, or per piece
//! of a solution where it sits, returned as bytes for the caller to write.

use super::puzzle::Puzzle;
use super::solution::Solution;
use crate::error::Error;
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::render::print::{balls_mesh, cubes_mesh, grid_mesh, lowest, stl_bytes};
use std::collections::HashSet;

pub use crate::render::print::Finish;

/// One piece's solid as a binary STL file.
#[derive(Clone, Debug)]
pub struct StlFile {
    /// The piece: its name in the model, or in an assembled solution its
    /// label (as the moves name it).
    pub piece: String,
    /// A file name for it, `.stl` at the end, made of letters, digits, `-`
    /// and `_` only, and different from the other files' names.
    pub file_name: String,
    /// How many triangles make up its surface.
    pub triangles: usize,
    /// The file.
    pub bytes: Vec<u8>,
}

impl Puzzle {
    /// Solids to print: one binary STL file per kind of piece, each with
    /// its lowest corner at the origin; with `assembled`, one per piece of
    /// that solution, where it sits (the files load together as the
    /// assembled puzzle). Every solid is closed, turned outward and in
    /// millimetres; its cells are shrunk by `finish.inset` on the sides
    /// they show and, for pieces of unit cubes, its convex edges bevelled by
    /// `finish.bevel`, so that the pieces of an assembly do not overlap.
    /// Pieces of triangular prisms, rhombic dodecahedra and tetrahedra and
    /// octahedra keep sharp edges; pieces of spheres are faceted balls,
    /// each two touching balls joined by a short round neck.
    ///
    /// ```
    /// use puzzlesat::{Finish, Puzzle};
    ///
    /// let packing = Puzzle::from_toml(
    ///     "family = \"packing\"\nsize = [2, 2, 1]\npieces = [{ name = \"L\", cells = [[0, 0, 0], [1, 0, 0], [0, 1, 0]] }, { name = \"dot\", cells = [[0, 0, 0]] }]\n",
    /// )?;
    /// let files = packing.stl(&Finish::default(), None)?;
    /// assert_eq!(files.len(), 2);
    /// assert_eq!(files[0].file_name, "L.stl");
    /// assert_eq!(files[0].bytes.len(), 84 + 50 * files[0].triangles);
    /// # Ok::<(), puzzlesat::Error>(())
    /// ```
    pub fn stl(
        &self,
        finish: &Finish,
        assembled: Option<&Solution>,
    ) -> Result<Vec<StlFile>, Error> {
        if let Some((field, expected)) = finish.fault() {
            return Err(Error::Value { field, expected });
        }
        if assembled.is_some_and(|s| !self.same(&s.rules)) {
            return Err(Error::Unsupported(format!(
                "{} prints its own solutions, not another puzzle's",
                self.name()
            )));
        }
        let Some((grid, pieces)) = self.rules.pieces_to_print(assembled.map(|s| &s.value)) else {
            return Err(Error::Unsupported(format!(
                "{}: a {} has no pieces to print (only packings have)",
                self.file().display(),
                self.family()
            )));
        };
        // An assembly's pieces share one frame; a kind of piece has its own.
        let assembly_origin = assembled.map(|_| {
            let all: Vec<Cell> = pieces.iter().flat_map(|(_, c)| c.iter()).copied().collect();
            lowest(grid, &all)
        });
        let mut taken = HashSet::new();
        pieces
            .iter()
            .filter(|(_, cells)| !cells.is_empty())
            .map(|(name, cells)| {
                let origin = assembly_origin.unwrap_or_else(|| lowest(grid, cells));
                let mesh = match grid {
                    Grid::Cubes => cubes_mesh(cells, finish, origin.map(|v| v as i32)),
                    Grid::Spheres => {
                        balls_mesh(cells, finish.unit, finish.inset / finish.unit, origin)
                    }
                    _ => grid_mesh(grid, cells, finish.unit, finish.inset / finish.unit, origin)
                        .map_err(|why| {
                            Error::Unsupported(format!(
                                "{}: piece {name}: {why}",
                                self.file().display()
                            ))
                        })?,
                };
                Ok(StlFile {
                    piece: name.clone(),
                    file_name: file_name(name, &mut taken),
                    triangles: mesh.triangles.len(),
                    bytes: stl_bytes(name, &mesh),
                })
            })
            .collect()
    }
}

/// `name` as a file name: anything but letters, digits, `-` and `_` made
/// `_`, and a number added when another file already has it.
fn file_name(name: &str, taken: &mut HashSet<String>) -> String {
    let mut stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if stem.is_empty() {
        stem = "piece".into();
    }
    let mut candidate = stem.clone();
    let mut n = 2;
    while !taken.insert(candidate.to_lowercase()) {
        candidate = format!("{stem}_{n}");
        n += 1;
    }
    format!("{candidate}.stl")
}
