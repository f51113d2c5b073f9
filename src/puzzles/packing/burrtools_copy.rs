//! Which copy of a class of assemblies BurrTools keeps, so that taking that
//! copy apart gives BurrTools' levels (a turned assembly meets the directions
//! in another order, and can come apart otherwise).
//!
//! BurrTools writes a piece's placement as its turn (the least turn number
//! that gives the piece that orientation) and where the turned shape's grid
//! origin lands. (Where a shape sat in its grid moves all placements of one
//! shape and turn alike, so it never changes which copy is least: positions
//! here count from the shape's least corner.) It breaks symmetry with one
//! shape, the pivot: its pieces are tried only in the first orientation (by
//! turn number) of each set of orientations the target's rotations turn into
//! each other, so it meets only the images of an assembly with those pieces
//! so turned. Of those it keeps the least, comparing placements piece by
//! piece in the problem's order (copies of one shape sorted among
//! themselves), and first of all the pivot's piece.
//!
//! Which shape is the pivot depends on which of its two assemblers solves
//! the problem. Where every shape has exactly one piece, the first of those
//! that share the fewest symmetries with the target (counting every symmetry
//! conjugate to one of the target's). Otherwise the first with the fewest
//! pieces and, among those, the fewest symmetries shared; but when that
//! shape has more than one piece, or any shape a range of pieces, there is
//! no pivot: every image is met, and the least of all is kept.
//!
//! Only assemblies on the cube grid are taken apart, so shapes here are on it.

use super::colours::{Coloured, moved, normalised};
use super::{Arrangement, Packing, PieceType};
use crate::geometry::Cell;
use crate::geometry::grid::Grid;
use crate::geometry::turns::{self, TURNS};
use rustc_hash::{FxHashMap, FxHashSet};

/// A placement as BurrTools orders them: turn, then x, y and z.
type Placement = (u8, i32, i32, i32);

/// A piece of a range left out: after every placed one.
const UNPLACED: Placement = (u8::MAX, 0, 0, 0);

/// What ordering placements BurrTools' way needs of the pieces, worked out
/// once per packing.
#[derive(Clone, Debug, Default)]
pub(super) struct BurrToolsOrder {
    /// Per type, each orientation (normalised, with its colours) with the
    /// least turn that gives it and the least corner of the shape under that
    /// turn.
    turns: Vec<FxHashMap<Coloured, (u8, Cell)>>,
    /// The shape that breaks symmetry (the pivot), when there is one, and
    /// the orientations (normalised, with colours) its pieces are tried in.
    pivot: Option<(usize, FxHashSet<Coloured>)>,
    /// The place among the pieces of the piece compared first: the pivot's.
    first: Option<usize>,
}

impl BurrToolsOrder {
    /// The order for `pieces` in a target with the symmetries `result_turns`
    /// (a set of turn numbers, reflections included).
    pub(super) fn new(pieces: &[PieceType], result_turns: u64) -> Self {
        let turns = pieces
            .iter()
            .map(|piece| {
                let mut table = FxHashMap::default();
                for t in 0..TURNS / 2 {
                    let m = turns::turn(t);
                    let turned = moved(&piece.cells, &piece.colours, |c| turns::apply(&m, c));
                    let least: Cell =
                        std::array::from_fn(|a| turned.0.iter().map(|c| c[a]).min().unwrap_or(0));
                    let key = normalised(Grid::Cubes, &turned.0, &turned.1);
                    table.entry(key).or_insert((t as u8, least));
                }
                table
            })
            .collect();
        let pivot = pivot(pieces, result_turns);
        let first = pivot.map(|p| pieces[..p].iter().map(|u| u.copies.max).sum());
        let pivot = pivot.map(|p| {
            let piece = &pieces[p];
            (
                p,
                first_orientations(&piece.cells, &piece.colours, result_turns),
            )
        });
        BurrToolsOrder {
            turns,
            pivot,
            first,
        }
    }
}

/// The orientations a shape is tried in: by turn number, each one that is
/// not a turn by the target's rotations of one tried before.
fn first_orientations(cells: &[Cell], colours: &[u32], result_turns: u64) -> FxHashSet<Coloured> {
    let turned = |t: usize, cells: &[Cell], colours: &[u32]| {
        let m = turns::turn(t);
        let (cells, colours) = moved(cells, colours, |c| turns::apply(&m, c));
        normalised(Grid::Cubes, &cells, &colours)
    };
    let mut met = FxHashSet::default();
    let mut first = FxHashSet::default();
    for t in 0..TURNS / 2 {
        let orientation = turned(t, cells, colours);
        if !met.insert(orientation.clone()) {
            continue;
        }
        for r in (1..TURNS / 2).filter(|&r| result_turns >> r & 1 == 1) {
            met.insert(turned(r, &orientation.0, &orientation.1));
        }
        first.insert(orientation);
    }
    first
}

/// The shape BurrTools breaks symmetry with (see the module's words), by
/// its number. `None` when the target has no symmetry but the identity, or
/// when the assembler for copies and ranges finds no shape it can use.
fn pivot(pieces: &[PieceType], result_turns: u64) -> Option<usize> {
    if result_turns <= 1 {
        return None;
    }
    let mut conjugates = 0u64;
    for e in (0..TURNS).filter(|&e| result_turns >> e & 1 == 1) {
        for g in 0..TURNS / 2 {
            let g = turns::turn(g);
            let m = turns::times(turns::times(g, turns::turn(e)), turns::inverse(g));
            conjugates |= 1 << turns::number_of(m);
        }
    }
    let shared = |piece: &PieceType| {
        let shape = normalised(Grid::Cubes, &piece.cells, &piece.colours);
        let own = (0..TURNS)
            .filter(|&t| {
                let m = turns::turn(t);
                let turned = moved(&piece.cells, &piece.colours, |c| turns::apply(&m, c));
                normalised(Grid::Cubes, &turned.0, &turned.1) == shape
            })
            .fold(0u64, |mask, t| mask | 1 << t);
        (own & conjugates).count_ones()
    };
    let one_each = pieces
        .iter()
        .all(|u| u.copies.min == 1 && u.copies.max == 1);
    if one_each {
        return (0..pieces.len()).min_by_key(|&i| shared(&pieces[i]));
    }
    // The assembler for copies and ranges: fewest pieces first.
    let chosen = (0..pieces.len()).min_by_key(|&i| (pieces[i].copies.max, shared(&pieces[i])))?;
    let ranges = pieces.iter().any(|u| u.copies.min != u.copies.max);
    (!ranges && pieces[chosen].copies.max == 1).then_some(chosen)
}

impl Packing {
    fn burrtools_order(&self) -> &BurrToolsOrder {
        self.burrtools
            .get_or_init(|| Box::new(BurrToolsOrder::new(&self.pieces, self.result_turns)))
    }

    /// BurrTools' placement of a piece of type `t` on `cells`.
    fn placement(&self, t: usize, cells: &[Cell], colours: &[u32]) -> Placement {
        let key = normalised(Grid::Cubes, cells, colours);
        let (turn, least) = self.burrtools_order().turns[t]
            .get(&key)
            .copied()
            .expect("a placed piece is an orientation of its shape");
        let at: Cell =
            std::array::from_fn(|a| cells.iter().map(|c| c[a]).min().unwrap_or(0) - least[a]);
        (turn, at[0], at[1], at[2])
    }

    /// The arrangement's pieces in BurrTools' order (by type, copies sorted by
    /// placement), with every piece's placement, left-out copies as
    /// [`UNPLACED`].
    fn slots(&self, arrangement: &Arrangement) -> (Vec<usize>, Vec<Placement>) {
        let mut order = Vec::with_capacity(arrangement.len());
        let mut slots = Vec::new();
        for (t, piece) in self.pieces.iter().enumerate() {
            let mut placed: Vec<(Placement, usize)> = arrangement
                .iter()
                .enumerate()
                .filter(|(_, (u, _, _))| *u == t)
                .map(|(k, (_, cells, colours))| (self.placement(t, cells, colours), k))
                .collect();
            placed.sort();
            slots.extend(placed.iter().map(|(p, _)| *p));
            order.extend(placed.iter().map(|(_, k)| *k));
            slots.extend(std::iter::repeat_n(
                UNPLACED,
                piece.copies.max.saturating_sub(placed.len()),
            ));
        }
        (order, slots)
    }

    /// The arrangement as a BurrTools `<assembly>` lists it: per piece of the
    /// problem (types in order, copies sorted by placement), its turn and
    /// where its shape's least corner goes, `None` for a copy left out.
    pub fn burrtools_assembly(&self, arrangement: &Arrangement) -> Vec<Option<(u8, Cell)>> {
        self.slots(arrangement)
            .1
            .into_iter()
            .map(|p| (p != UNPLACED).then_some((p.0, [p.1, p.2, p.3])))
            .collect()
    }

    /// The copy of the arrangement's class that BurrTools keeps, its pieces in
    /// BurrTools' order.
    pub fn burrtools_copy(&self, arrangement: &Arrangement) -> Arrangement {
        let burrtools = self.burrtools_order();
        let pivot = burrtools.first;
        // The images BurrTools meets: the symmetry-breaking shape's pieces in
        // the orientations it tries them in.
        let met = |image: &Arrangement| {
            burrtools.pivot.as_ref().is_none_or(|(p, first)| {
                image
                    .iter()
                    .filter(|(t, _, _)| t == p)
                    .all(|(_, cells, colours)| {
                        first.contains(&normalised(Grid::Cubes, cells, colours))
                    })
            })
        };
        let key = |slots: &[Placement]| {
            let first = pivot.and_then(|p| slots.get(p)).copied();
            let rest: Vec<Placement> = slots
                .iter()
                .enumerate()
                .filter(|(k, _)| Some(*k) != pivot)
                .map(|(_, p)| *p)
                .collect();
            (first, rest)
        };
        let mut best: Option<(_, Arrangement)> = None;
        for s in &self.group {
            let image = self.image(s, arrangement);
            if !met(&image) {
                continue;
            }
            let (order, slots) = self.slots(&image);
            let this = key(&slots);
            if best.as_ref().is_none_or(|(k, _)| this < *k) {
                let ordered = order.iter().map(|&k| image[k].clone()).collect();
                best = Some((this, ordered));
            }
        }
        best.map_or_else(|| arrangement.clone(), |(_, copy)| copy)
    }
}
