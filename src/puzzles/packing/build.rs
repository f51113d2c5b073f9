//! Building a packing from its pieces and target: the size limits checked before
//! anything large is made, every placement the colours allow, and the target's
//! symmetries with the relabelling of mirror pairs they need.

use super::cell_index::CellIndex;
use super::colours::{self, Coloured};
use super::{Colours, Copies, LabelledSymmetry, Packing, PieceType};
use crate::geometry::grid::{Grid, Isometry};
use crate::geometry::{Cell, least_corner, turns};
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

/// The most cells a target may have, whatever the model's format and the
/// engine: placements grow with the target's size times the pieces'.
pub const MAX_TARGET_CELLS: usize = 4096;

/// The most cell tests building the placements may take (each piece's cells,
/// times its orientations, times the target's cells, over every piece): about
/// a minute and a few GiB of placements at the most.
const MAX_PLACEMENT_WORK: u64 = 1 << 31;

impl Packing {
    /// Checks the volumes and computes placements and symmetries. `target` holds
    /// the cells that must be covered, `optional` those that may stay empty. The
    /// error says what was expected of the `pieces` field.
    #[cfg(test)]
    pub fn new(
        pieces: Vec<PieceType>,
        target: Vec<Cell>,
        optional: Vec<Cell>,
        mirror: bool,
    ) -> Result<Packing, String> {
        Packing::coloured(pieces, target, optional, mirror, Colours::default())
    }

    /// [`Packing::new`] with colour constraints: the pieces' colours and
    /// `colours` decide which placements are allowed.
    #[cfg(test)]
    pub fn coloured(
        pieces: Vec<PieceType>,
        target: Vec<Cell>,
        optional: Vec<Cell>,
        mirror: bool,
        colours: Colours,
    ) -> Result<Packing, String> {
        Packing::on_grid(Grid::Cubes, pieces, target, optional, mirror, colours)
    }

    /// [`Packing::coloured`] on any of the grids: pieces (normalised on that
    /// grid) and target in its cells.
    pub fn on_grid(
        grid: Grid,
        pieces: Vec<PieceType>,
        target: Vec<Cell>,
        optional: Vec<Cell>,
        mirror: bool,
        colours: Colours,
    ) -> Result<Packing, String> {
        if let Some(p) = pieces
            .iter()
            .find(|p| !p.colours.is_empty() && p.colours.len() != p.cells.len())
        {
            return Err(format!(
                "a colour for each of piece {}'s {} cells, got {}",
                p.name,
                p.cells.len(),
                p.colours.len()
            ));
        }
        let required: HashSet<Cell> = target.iter().copied().collect();
        let mut target: Vec<Cell> = target.into_iter().chain(optional.iter().copied()).collect();
        target.sort();
        target.dedup();
        if target.len() > MAX_TARGET_CELLS {
            return Err(format!(
                "a target of at most {MAX_TARGET_CELLS} cells, got {}",
                target.len()
            ));
        }
        if let Some(c) = target.iter().find(|&&c| !grid.is_cell(c)) {
            return Err(format!(
                "target cells of the {} grid, but {c:?} is not one of its cells",
                grid.describe()
            ));
        }
        let orientations = grid.turns(mirror).len() as u64;
        let work = pieces.iter().fold(0u64, |work, p| {
            work.saturating_add(
                (p.cells.len() as u64)
                    .saturating_mul(orientations)
                    .saturating_mul(target.len() as u64),
            )
        });
        if work > MAX_PLACEMENT_WORK {
            return Err(format!(
                "fewer or smaller pieces: placing these {} pieces ({} cells in all) in {} cells would take about {:.1e} cell tests, more than the limit of {:.1e}",
                pieces.len(),
                pieces.iter().map(|p| p.cells.len()).sum::<usize>(),
                target.len(),
                work as f64,
                MAX_PLACEMENT_WORK as f64
            ));
        }
        let optional_set: HashSet<Cell> = optional
            .into_iter()
            .filter(|c| !required.contains(c))
            .collect();
        let optional: Vec<bool> = target.iter().map(|c| optional_set.contains(c)).collect();
        let must = target.len() - optional_set.len();
        let volume = |copies: fn(&Copies) -> usize| -> usize {
            pieces
                .iter()
                .map(|p| p.cells.len() * copies(&p.copies))
                .sum()
        };
        let (least, most) = (volume(|c| c.min), volume(|c| c.max));
        if optional_set.is_empty() && pieces.iter().all(|p| p.copies.exact().is_some()) {
            if least != must {
                return Err(format!(
                    "pieces whose volumes add up to the target's {must} cells, but they add up to {least}"
                ));
            }
        } else if least > target.len() || most < must {
            return Err(format!(
                "pieces whose volumes can add up to between the {must} cells that must be covered and all {} cells, but they add up to {least} at the least and {most} at the most",
                target.len()
            ));
        }
        let target_colours: Vec<u32> = target.iter().map(|&c| colours.of(c)).collect();
        let index = CellIndex::new(&target);
        let inside = Inside {
            target: &target,
            index: &index,
            colours: &target_colours,
            grid,
        };
        let shapes: Vec<Vec<Coloured>> = pieces
            .iter()
            .map(|p| colours::orientations(grid, &p.cells, &p.colours, mirror))
            .collect();
        let (placements, placement_colours) = shapes
            .iter()
            .map(|orientations| placements_of(orientations, &inside, &colours))
            .unzip();
        let identity: Vec<usize> = (0..pieces.len()).collect();
        // Symmetries of the whole target that keep optional cells optional and
        // every cell's colour.
        let maps: Vec<Isometry> = grid
            .self_symmetries(&target, false)
            .into_iter()
            .filter(|map| {
                target.iter().zip(&optional).all(|(&c, &o)| {
                    let image = map.apply(c);
                    target.binary_search(&image).is_ok_and(|i| optional[i] == o)
                        && colours.of(image) == colours.of(c)
                })
            })
            .collect();
        // BurrTools weighs pieces against every symmetry of the result when it
        // picks which copy of a class to keep (on the grids whose turns are
        // the cube's; the others are not taken apart).
        let result_turns = maps
            .iter()
            .filter(|map| map.turn.den == 1)
            .fold(0u64, |mask, map| mask | 1 << turns::number_of(map.turn.m));
        // Mirror partners are looked for only when a reflection could use them.
        let mirrored = if mirror {
            Some(identity.clone())
        } else if maps.iter().any(|map| !map.is_proper()) {
            mirror_partners(grid, &pieces, &shapes)
        } else {
            None
        };
        let group: Vec<LabelledSymmetry> = maps
            .into_iter()
            .filter_map(|map| {
                let relabel = if map.is_proper() {
                    identity.clone()
                } else {
                    mirrored.clone()?
                };
                Some(LabelledSymmetry { map, relabel })
            })
            .collect();
        let kernel = group
            .iter()
            .filter(|g| g.relabel == identity && target.iter().all(|&c| g.map.apply(c) == c))
            .count()
            .max(1);
        let pieces_len = pieces.len();
        Ok(Packing {
            grid,
            target,
            optional,
            mirror,
            colours,
            target_colours,
            index,
            placements,
            placement_colours,
            shapes,
            group,
            kernel,
            disassembly: vec![(0, 0); pieces_len],
            pieces,
            result_turns,
            anchors: OnceLock::new(),
            burrtools: OnceLock::new(),
            cell_prints: OnceLock::new(),
            verified: OnceLock::new(),
        })
    }
}

/// The target as [`placements_of`] looks cells up in it.
struct Inside<'a> {
    target: &'a [Cell],
    index: &'a CellIndex,
    /// The colour of each target cell.
    colours: &'a [u32],
    /// Only the grid's translations move a piece onto cells of its kind.
    grid: Grid,
}

/// Every placement of a piece inside the target that its colours allow: each
/// orientation at each offset that keeps all cells inside; the cells of each, and
/// their colours. Distinct orientations never meet at two offsets, so there are
/// no repeats.
fn placements_of(
    orientations: &[Coloured],
    inside: &Inside,
    colours: &Colours,
) -> (Vec<Vec<Cell>>, Vec<Vec<u32>>) {
    let mut out = (Vec::new(), Vec::new());
    for (shape, shape_colours) in orientations {
        let fits = |k: usize, i: usize| {
            let colour = shape_colours.get(k).copied().unwrap_or(0);
            colours.meet(colour, inside.colours[i])
        };
        // The index wants a shape at the origin; a shape's normal place on a
        // grid other than the cube's may lie a little off it.
        let least = least_corner(shape);
        let shape: Vec<Cell> = shape
            .iter()
            .map(|c| [c[0] - least[0], c[1] - least[1], c[2] - least[2]])
            .collect();
        let moves = |d: Cell| {
            inside
                .grid
                .is_translation([0, 1, 2].map(|a| d[a] - least[a]))
        };
        for offset in inside
            .index
            .translations(inside.target, &shape, fits, moves)
        {
            let at = |c: &Cell| [c[0] + offset[0], c[1] + offset[1], c[2] + offset[2]];
            out.0.push(shape.iter().map(at).collect());
            out.1.push(shape_colours.clone());
        }
    }
    out
}

/// When the multiset of pieces equals the multiset of their mirror images (up to
/// rotation), the relabelling that sends each type to a mirror partner; else `None`.
/// `shapes` holds each piece's orientations, sorted, the least first: its class.
fn mirror_partners(
    grid: Grid,
    pieces: &[PieceType],
    shapes: &[Vec<Coloured>],
) -> Option<Vec<usize>> {
    let mirror = grid.turns(true).iter().find(|t| !t.is_proper())?;
    let classes: Vec<&Coloured> = shapes.iter().map(|s| s.first()).collect::<Option<_>>()?;
    let mut by_class: BTreeMap<&Coloured, Vec<usize>> = BTreeMap::new();
    for (t, class) in classes.iter().enumerate() {
        by_class.entry(class).or_default().push(t);
    }
    let mut relabel = vec![usize::MAX; pieces.len()];
    for (t, p) in pieces.iter().enumerate() {
        let mirrored = grid.turned(&p.cells, mirror)?;
        let own = &by_class[classes[t]];
        let partners = by_class.get(&colours::class(grid, &mirrored, &p.colours))?;
        if partners.len() != own.len() {
            return None;
        }
        let rank = own.iter().position(|&u| u == t)?;
        let partner = partners[rank];
        if pieces[partner].copies != p.copies {
            return None;
        }
        relabel[t] = partner;
    }
    Some(relabel)
}
