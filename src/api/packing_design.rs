//! The designer of packing puzzles: random cuts of a box or of a model's
//! shape into connected pieces, kept when they have exactly one assembly up
//! to symmetry that comes apart (BurrTools' rules and levels), climbed to
//! higher levels by moving single cells between pieces. Each design comes
//! as a TOML model with comments and, on request, as a BurrTools file.

use super::puzzle::Puzzle;
use crate::disassembly::Levels;
use crate::error::Error;
use crate::family::Family;
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::model::burrtools::{Kind, Solved, xmpuzzle};
use crate::puzzles::packing::Packing;
use crate::render::count_of;
use crate::tasks::design_packing as design;
use crate::types::Cancel;
use std::time::Duration;

pub use design::Tally;

/// The shape to cut.
#[derive(Clone, Debug)]
pub enum Shape {
    /// A box of these sides.
    Box([i32; 3]),
    /// The shape a packing model's pieces fill.
    Of(Puzzle),
}

/// What designs are wanted.
#[derive(Clone, Debug)]
pub struct DesignRequest {
    /// The shape to cut.
    pub shape: Shape,
    /// How many pieces each design has.
    pub pieces: usize,
    /// The fewest cells a piece has (default 1).
    pub min_size: usize,
    /// The most cells a piece has (default: no limit).
    pub max_size: Option<usize>,
    /// The same seed, the same designs.
    pub seed: u64,
    /// Pieces may be turned over (mirrored) to assemble.
    pub mirror: bool,
    /// Only designs with exactly one assembly up to symmetry (each count
    /// stops at the second).
    pub unique: bool,
    /// Only designs whose first piece takes at least this many moves to
    /// come out (the first number of BurrTools' level).
    pub min_level: usize,
    /// How long each design found climbs to a higher level.
    pub climb: Option<Duration>,
    /// Candidates drawn at most before giving up.
    pub max_draws: u64,
    /// Threads for each count (default: one per core).
    pub threads: Option<usize>,
    /// Cancelled to stop between candidates.
    pub cancel: Cancel,
}

impl Default for DesignRequest {
    fn default() -> DesignRequest {
        DesignRequest {
            shape: Shape::Box([3, 3, 3]),
            pieces: 6,
            min_size: 1,
            max_size: None,
            seed: 1,
            mirror: false,
            unique: true,
            min_level: 1,
            climb: None,
            max_draws: 100_000,
            threads: None,
            cancel: Cancel::default(),
        }
    }
}

/// A design.
#[derive(Clone, Debug)]
pub struct PackingDesign {
    /// Each piece: its kind's letter and its cells where it sits in the
    /// assembly the cut made.
    pub pieces: Vec<(char, Vec<Cell>)>,
    /// Assemblies up to symmetry.
    pub assemblies: u64,
    /// BurrTools' level of the assembly that comes apart, such as `3.2.1`.
    pub level: String,
    /// Moves to take the first piece out (the level's first number).
    pub moves_to_first: usize,
    /// Which candidate it was, from 1.
    pub drawn: u64,
    /// Changes the climb kept.
    pub climbed: u64,
    packing: Packing,
    /// On cubes, the assembly that comes apart as BurrTools lists it (see
    /// [`Solved::placements`]).
    assembly: Option<Vec<Option<(u8, Cell)>>>,
    levels: Levels,
}

impl PackingDesign {
    /// The design as a TOML packing model named `name` (as `import` writes
    /// one), with comments: its assemblies, level, moves to the first piece
    /// and the pieces' sizes.
    pub fn model(&self, name: &str) -> String {
        let sizes: Vec<String> = self
            .packing
            .pieces()
            .iter()
            .map(|p| match p.copies.min {
                1 => format!("{} {}", p.name, p.cells.len()),
                n => format!("{} {} (x{n})", p.name, p.cells.len()),
            })
            .collect();
        format!(
            "# {} up to symmetry; {} comes apart at level {} ({} to the first piece).\n# Pieces' sizes in cells: {}.\n{}",
            count_of(self.assemblies as usize, "assembly", "assemblies"),
            if self.assemblies == 1 { "it" } else { "one" },
            self.level,
            count_of(self.moves_to_first, "move", "moves"),
            sizes.join(", "),
            self.packing.model_toml(name, None).unwrap_or_default()
        )
    }

    /// The design as a BurrTools file (gzip-compressed XML), one problem
    /// named `name`: BurrTools counts and takes it apart as `count` does.
    /// On cubes the file saves the assembly that comes apart with its
    /// separation, as BurrTools saves the solutions it finds, so that
    /// `disassemble` takes it apart again and holds the level against it.
    pub fn xmpuzzle(&self, name: &str) -> Vec<u8> {
        let kinds: Vec<Kind<'_>> = self
            .packing
            .pieces()
            .iter()
            .map(|p| Kind {
                name: &p.name,
                cells: &p.cells,
                copies: p.copies.min,
            })
            .collect();
        let solved = self.assembly.as_ref().map(|placements| Solved {
            placements,
            levels: &self.levels,
            assemblies: self.assemblies,
        });
        xmpuzzle(
            self.packing.grid(),
            name,
            &kinds,
            self.packing.target(),
            solved.as_ref(),
        )
    }
}

/// Draws candidates and hands out designs, one per call.
pub struct PackingDesigner {
    designer: design::Designer,
}

impl PackingDesigner {
    /// A designer for the request; a shape that is no packing's, on another
    /// grid than cubes or with cells that may stay empty, too few or too
    /// many pieces, or sizes no cut can have are refused.
    pub fn new(request: &DesignRequest) -> Result<PackingDesigner, Error> {
        let (grid, shape) = match &request.shape {
            Shape::Box(sides) => {
                if sides.iter().any(|&s| !(1..=64).contains(&s))
                    || sides.iter().product::<i32>() > 4096
                {
                    return Err(Error::Unsupported(
                        "the box to cut: expected sides from 1 to 64 and at most 4096 cells".into(),
                    ));
                }
                let mut cells: Vec<Cell> = (0..sides[0])
                    .flat_map(|x| {
                        (0..sides[1]).flat_map(move |y| (0..sides[2]).map(move |z| [x, y, z]))
                    })
                    .collect();
                cells.sort();
                (Grid::Cubes, cells)
            }
            Shape::Of(puzzle) => {
                let Some((grid, required, optional)) = puzzle.rules.shape() else {
                    return Err(Error::Unsupported(format!(
                        "{}: a {} fills no shape with pieces (only a packing's target is cut into pieces)",
                        puzzle.file().display(),
                        puzzle.family()
                    )));
                };
                if !matches!(grid, Grid::Cubes | Grid::Prisms) || !optional.is_empty() {
                    return Err(Error::Unsupported(format!(
                        "{}: only targets of cubes or triangular prisms (the grids whose assemblies are taken apart) with no cells that may stay empty are cut into pieces",
                        puzzle.file().display()
                    )));
                }
                (grid, required)
            }
        };
        let n = shape.len();
        let threads = request
            .threads
            .unwrap_or_else(crate::solve::default_threads);
        let designer = design::Designer::new(design::Request {
            grid,
            shape,
            pieces: request.pieces,
            sizes: design::Sizes {
                min: request.min_size.max(1),
                max: request.max_size.unwrap_or(n),
            },
            seed: request.seed,
            mirror: request.mirror,
            unique: request.unique,
            min_level: request.min_level,
            climb: request.climb,
            max_draws: request.max_draws,
            search: design::candidate_search(threads, request.cancel.clone()),
        })?;
        Ok(PackingDesigner { designer })
    }

    /// The next design; `None` once `max_draws` candidates were drawn or the
    /// request was cancelled. `on_tried` hears after every candidate.
    pub fn next_design(
        &mut self,
        on_tried: &mut dyn FnMut(&Tally),
    ) -> Result<Option<PackingDesign>, Error> {
        let Some(found) = self.designer.next_design(on_tried)? else {
            return Ok(None);
        };
        let pieces = found
            .kinds
            .letters
            .iter()
            .copied()
            .zip(found.pieces.iter().cloned())
            .collect();
        // BurrTools' placements are its cube turns.
        let assembly = (found.packing.grid() == Grid::Cubes)
            .then(|| found.packing.burrtools_assembly(&found.assembly));
        Ok(Some(PackingDesign {
            pieces,
            assemblies: found.assemblies,
            level: found.separation.level(),
            moves_to_first: found.moves_to_first(),
            drawn: found.drawn,
            climbed: found.climbed,
            packing: found.packing,
            assembly,
            levels: found.separation.levels(),
        }))
    }

    /// How the drawing has gone so far.
    pub fn tally(&self) -> Tally {
        self.designer.tally()
    }
}
