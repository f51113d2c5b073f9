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

use super::burrtools_images::PlacedImages;
use super::colours::{Coloured, moved, normalised};
use super::{Arrangement, LabelledSymmetry, Packing, PieceType};
use crate::geometry::grid::Grid;
use crate::geometry::turns::{self, TURNS};
use crate::geometry::{Cell, least_corner};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::OnceLock;

/// A placement as BurrTools orders them: turn, then x, y and z.
pub(super) type Placement = (u8, i32, i32, i32);

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
    /// The same tables keyed by [`fingerprint`]s, which take no sorting or
    /// allocation: per type its orientations, and the pivot's first ones.
    /// `None` when two orientations of a type share a fingerprint (then the
    /// tables above answer).
    pub(super) prints: Option<Prints>,
    /// Every placement's image under every symmetry, as `printed_slots`
    /// finds it: worked out at the first copy asked for, when not too many.
    images: OnceLock<Option<PlacedImages>>,
}

/// Per type its orientations by [`fingerprint`] (with their least turn and
/// least corner), and the fingerprints of the pivot's first orientations.
pub(super) type Prints = (Vec<FxHashMap<u64, (u8, Cell)>>, FxHashSet<u64>);

/// A normalised shape's cells and colours as one number, whatever their
/// order: the sum of a mix of each cell with its colour. Two orientations of
/// one type are told apart by it only where [`BurrToolsOrder::new`] found
/// them all distinct; a placed piece is always one of them, so its print
/// names it exactly.
pub(super) fn fingerprint(cells: impl Iterator<Item = Cell>, colours: &[u32]) -> u64 {
    cells.enumerate().fold(0u64, |sum, (j, c)| {
        let colour = u64::from(colours.get(j).copied().unwrap_or(0));
        let packed = u64::from(c[0] as u16)
            | u64::from(c[1] as u16) << 16
            | u64::from(c[2] as u16) << 32
            | colour << 48;
        sum.wrapping_add(mix(packed))
    })
}

/// SplitMix64's finaliser: every bit of the input moves every bit out.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The tables of [`BurrToolsOrder::prints`], or `None` when some type's
/// orientations share a fingerprint.
fn prints(
    turns: &[FxHashMap<Coloured, (u8, Cell)>],
    pivot: Option<&(usize, FxHashSet<Coloured>)>,
) -> Option<Prints> {
    let print = |(cells, colours): &Coloured| fingerprint(cells.iter().copied(), colours);
    let mut by_type = Vec::with_capacity(turns.len());
    for table in turns {
        let mut printed = FxHashMap::default();
        for (shape, &placement) in table {
            if printed.insert(print(shape), placement).is_some() {
                return None;
            }
        }
        by_type.push(printed);
    }
    let first = pivot.map_or_else(FxHashSet::default, |(_, first)| {
        first.iter().map(print).collect()
    });
    Some((by_type, first))
}

impl BurrToolsOrder {
    /// The order for `pieces` in a target with the symmetries `result_turns`
    /// (a set of turn numbers, reflections included).
    pub(super) fn new(pieces: &[PieceType], result_turns: u64) -> Self {
        let turns: Vec<_> = pieces
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
        let prints = prints(&turns, pivot.as_ref());
        BurrToolsOrder {
            turns,
            pivot,
            first,
            prints,
            images: OnceLock::new(),
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
        let placed = arrangement
            .iter()
            .enumerate()
            .map(|(k, (t, cells, colours))| (*t, self.placement(*t, cells, colours), k))
            .collect();
        self.in_order(placed)
    }

    /// Pieces given as (type, placement, index) in BurrTools' order: their
    /// indices, and the placements per type with its left-out copies as
    /// [`UNPLACED`].
    pub(super) fn in_order(
        &self,
        mut placed: Vec<(usize, Placement, usize)>,
    ) -> (Vec<usize>, Vec<Placement>) {
        placed.sort_unstable();
        let order = placed.iter().map(|&(_, _, k)| k).collect();
        let mut slots = Vec::with_capacity(placed.len());
        let mut rest = placed.as_slice();
        for (t, piece) in self.pieces.iter().enumerate() {
            let count = rest.iter().take_while(|(u, _, _)| *u == t).count();
            slots.extend(rest[..count].iter().map(|(_, p, _)| *p));
            slots.extend(std::iter::repeat_n(
                UNPLACED,
                piece.copies.max.saturating_sub(count),
            ));
            rest = &rest[count..];
        }
        (order, slots)
    }

    /// [`Packing::slots`] of the arrangement's image under `s`, found by
    /// fingerprints, the order naming the arrangement's own pieces; `None`
    /// when BurrTools never meets that image (a pivot's piece in an
    /// orientation it does not try).
    fn printed_slots(
        &self,
        burrtools: &BurrToolsOrder,
        s: &LabelledSymmetry,
        arrangement: &Arrangement,
        prints: &Prints,
        buffer: &mut Vec<Cell>,
    ) -> Option<(Vec<usize>, Vec<Placement>)> {
        let mut placed: Vec<(usize, Placement, usize)> = Vec::with_capacity(arrangement.len());
        for (i, (t, cells, colours)) in arrangement.iter().enumerate() {
            let (t, at) = printed_piece(burrtools, s, *t, cells, colours, prints, buffer)?;
            placed.push((t, at, i));
        }
        Some(self.in_order(placed))
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
        match &self.burrtools_order().prints {
            Some(prints) => self.printed_copy(arrangement, prints),
            None => self.compared_copy(arrangement),
        }
    }

    /// The key BurrTools compares images by: the pivot's placement first,
    /// then the others in order.
    fn image_key(&self, slots: &[Placement]) -> (Option<Placement>, Vec<Placement>) {
        let pivot = self.burrtools_order().first;
        let first = pivot.and_then(|p| slots.get(p)).copied();
        let rest: Vec<Placement> = slots
            .iter()
            .enumerate()
            .filter(|(k, _)| Some(*k) != pivot)
            .map(|(_, p)| *p)
            .collect();
        (first, rest)
    }

    /// [`Packing::burrtools_copy`] from the fingerprints of each image's
    /// pieces: the least image alone is built.
    fn printed_copy(&self, arrangement: &Arrangement, prints: &Prints) -> Arrangement {
        let mut best: Option<(_, usize, Vec<usize>)> = None;
        let mut buffer = Vec::new();
        let burrtools = self.burrtools_order();
        let known = burrtools
            .images
            .get_or_init(|| self.placed_images(burrtools))
            .as_ref()
            .and_then(|images| Some((images, images.indices(self, arrangement)?)));
        for (k, s) in self.group.iter().enumerate() {
            let found = match &known {
                Some((images, indices)) => images.image(k, indices).map(|p| self.in_order(p)),
                None => self.printed_slots(burrtools, s, arrangement, prints, &mut buffer),
            };
            let Some((order, slots)) = found else {
                continue;
            };
            let this = self.image_key(&slots);
            if best.as_ref().is_none_or(|(b, _, _)| this < *b) {
                best = Some((this, k, order));
            }
        }
        best.map_or_else(
            || arrangement.clone(),
            |(_, k, order)| {
                let s = &self.group[k];
                order
                    .iter()
                    .map(|&i| {
                        // The image is usually a placement, already sorted.
                        if let Some((images, indices)) = &known
                            && let Some(piece) = images.moved(self, k, indices[i])
                        {
                            return piece;
                        }
                        let (t, cells, colours) = &arrangement[i];
                        let (cells, colours) = moved(cells, colours, |c| s.map.apply(c));
                        (s.relabel[*t], cells, colours)
                    })
                    .collect()
            },
        )
    }

    /// [`Packing::burrtools_copy`] by building every image and comparing
    /// normalised shapes.
    fn compared_copy(&self, arrangement: &Arrangement) -> Arrangement {
        let burrtools = self.burrtools_order();
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
        let mut best: Option<(_, Arrangement)> = None;
        for s in &self.group {
            let image = self.image(s, arrangement);
            if !met(&image) {
                continue;
            }
            let (order, slots) = self.slots(&image);
            let this = self.image_key(&slots);
            if best.as_ref().is_none_or(|(k, _)| this < *k) {
                let ordered = order.iter().map(|&k| image[k].clone()).collect();
                best = Some((this, ordered));
            }
        }
        best.map_or_else(|| arrangement.clone(), |(_, copy)| copy)
    }
}

/// The type and BurrTools' placement of the image under `s` of a piece of
/// type `t` on `cells`, found by its fingerprint; `None` when BurrTools never
/// meets that image (the pivot's piece in an orientation it does not try).
pub(super) fn printed_piece(
    burrtools: &BurrToolsOrder,
    s: &LabelledSymmetry,
    t: usize,
    cells: &[Cell],
    colours: &[u32],
    (by_type, first): &Prints,
    buffer: &mut Vec<Cell>,
) -> Option<(usize, Placement)> {
    let pivot = burrtools.pivot.as_ref().map(|(p, _)| *p);
    let t = s.relabel[t];
    buffer.clear();
    buffer.extend(cells.iter().map(|&c| s.map.apply(c)));
    let least = least_corner(buffer);
    let print = fingerprint(
        buffer.iter().map(|c| [0, 1, 2].map(|a| c[a] - least[a])),
        colours,
    );
    if pivot == Some(t) && !first.contains(&print) {
        return None;
    }
    let (turn, turned_least) = *by_type[t]
        .get(&print)
        .expect("a placed piece is an orientation of its shape");
    let at: Cell = std::array::from_fn(|a| least[a] - turned_least[a]);
    Some((t, (turn, at[0], at[1], at[2])))
}

#[cfg(test)]
mod tests {
    use crate::tasks::SearchOptions;
    use crate::testing::models::{packing, packing_from_text};
    use crate::testing::search::all_solutions;

    /// Fingerprints, and the images of the placements worked out once, pick
    /// the copy that comparing whole images picks, on every solution of the
    /// Soma cube (a pivot) and of a box with two copies of a shape.
    #[test]
    fn printed_copies_are_the_compared_copies() {
        let copies = "family = \"packing\"\nsize = [2, 2, 3]\n\
            [[pieces]]\nname = \"l\"\ncells = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]\ncount = 2\n\
            [[pieces]]\nname = \"i\"\ncells = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]\n\
            [[pieces]]\nname = \"v\"\ncells = [[0, 0, 0], [0, 0, 1], [0, 1, 0]]\n";
        for packing in [
            packing("soma.toml"),
            packing_from_text(copies, "copies.toml"),
        ] {
            assert!(packing.burrtools_order().prints.is_some());
            let (solutions, _) = all_solutions(&packing, SearchOptions::default());
            assert!(solutions.len() > 4, "{} solutions", solutions.len());
            for solution in &solutions {
                assert_eq!(
                    packing.burrtools_copy(solution),
                    packing.compared_copy(solution)
                );
            }
            // The copies above were taken from the images' table.
            assert!(
                packing
                    .burrtools_order()
                    .images
                    .get()
                    .is_some_and(Option::is_some)
            );
        }
    }
}
