//! The check's memory of placements it has already found sound. A count hands
//! the check each of 10⁵ solutions of a dozen pieces over hundreds of cells,
//! and the same few hundred placements make them all up: each placement is
//! checked once, in full (one of the piece's orientations, moved, inside the
//! target, colours the pairs allow), the first time a piece is compared with
//! it, and remembered with the target cells it covers as a bit set. A
//! solution whose pieces are all sound placements (found by a few of their
//! cells, then compared cell by cell) is then checked by its bit sets: no
//! cell covered twice, every required cell covered, each kind placed as often
//! as the set says. Anything else goes to the full check, which also words
//! the errors.
//!
//! Placements are checked when first met, not all before the first solution:
//! a burr set's reduction leaves a few hundred of its thousands of
//! placements in play, and the solutions are made of those alone.

use super::check::with_slots;
use super::colours::Coloured;
use super::{Arrangement, Packing};
use crate::geometry::Cell;
use crate::types::Violation;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// Targets of at most this many cells are remembered (64 words of bits).
const MAX_WORDS: usize = 64;

/// Bits remembered at the most, were every placement met: 32 MiB.
const MAX_BITS_WORDS: usize = 1 << 22;

/// The placements, looked up by a few of their cells, and what the full
/// check found of those met so far.
pub(super) struct Verified {
    words: usize,
    /// Per key (type and a few cells: see [`key`]), the first placement with
    /// that key; `next` chains the others. Nearly every key has one, so a
    /// piece costs one comparison where a key of its first cell alone left
    /// each orientation starting there to compare.
    first: FxHashMap<u64, u32>,
    /// Per placement (numbered over every type in turn), the next with its
    /// key (`NONE` at the end).
    next: Vec<u32>,
    /// Per placement, its type and its index among the type's placements.
    at: Vec<(u32, u32)>,
    /// Per placement, the full check's finding, once a piece was compared
    /// with it: `None` when the placement is not sound.
    sound: Vec<OnceLock<Option<Sound>>>,
    /// The target cells that must be covered.
    required: Vec<u64>,
}

/// A placement the full check found sound.
struct Sound {
    /// The orientation (among its type's shapes) the placement moves, and
    /// the move. A piece is compared with its shape moved, not with the
    /// placement's own cells: the shapes are few and stay in the cache, where
    /// the placements of a count's solutions, megabytes of cells, are each
    /// read from memory.
    orientation: u32,
    moved: Cell,
    /// The target cells the placement covers, `words` words.
    bits: Box<[u64]>,
}

impl Verified {
    /// The lookup of every placement of `packing`, none checked yet; `None`
    /// when the target or the placements are too large to hold as bits.
    pub(super) fn of(packing: &Packing) -> Option<Verified> {
        let words = packing.target.len().div_ceil(64);
        let count: usize = packing.placements.iter().map(Vec::len).sum();
        if words > MAX_WORDS || count.saturating_mul(words) > MAX_BITS_WORDS {
            return None;
        }
        let mut first = FxHashMap::default();
        first.reserve(count);
        let mut verified = Verified {
            words,
            first,
            next: Vec::with_capacity(count),
            at: Vec::with_capacity(count),
            sound: (0..count).map(|_| OnceLock::new()).collect(),
            required: vec![0; words],
        };
        for (i, _) in packing.optional.iter().enumerate().filter(|(_, o)| !**o) {
            verified.required[i / 64] |= 1 << (i % 64);
        }
        for (t, placements) in packing.placements.iter().enumerate() {
            for (j, cells) in placements.iter().enumerate() {
                let index = verified.at.len() as u32;
                verified.at.push((t as u32, j as u32));
                let head = verified.first.entry(key(t, cells)).or_insert(NONE);
                verified.next.push(std::mem::replace(head, index));
            }
        }
        Some(verified)
    }

    /// Placement `k` as the full check finds it, checked the first time it
    /// is asked for.
    fn sound(&self, packing: &Packing, k: u32) -> Option<&Sound> {
        let (t, j) = self.at[k as usize];
        let (t, j) = (t as usize, j as usize);
        self.sound[k as usize]
            .get_or_init(|| {
                let cells = &packing.placements[t][j];
                let colours = &packing.placement_colours[t][j];
                let mut bits = vec![0u64; self.words].into_boxed_slice();
                packing
                    .piece_violation(t, cells, colours, &mut |i, c| {
                        let (word, bit) = (i / 64, 1u64 << (i % 64));
                        if bits[word] & bit != 0 {
                            return Err(Violation(format!("{c:?} twice")));
                        }
                        bits[word] |= bit;
                        Ok(())
                    })
                    .ok()?;
                let (o, d) = packing.orientation_of(t, cells, colours)?;
                Some(Sound {
                    orientation: o as u32,
                    moved: d,
                    bits,
                })
            })
            .as_ref()
    }

    /// Whether `arrangement` is certainly a packing: every piece a sound
    /// placement, no cell covered twice, every required cell covered, each
    /// kind placed as often as the set says. False says nothing (the full
    /// check decides).
    pub(super) fn passes(&self, packing: &Packing, arrangement: &Arrangement) -> bool {
        with_slots(packing.pieces.len(), |used| {
            self.covers_once(packing, arrangement, used) && packing.copies_violation(used).is_ok()
        })
    }

    /// The sound placement `cells` with `colours` of type `t` is, if any.
    fn find(&self, packing: &Packing, t: usize, cells: &[Cell], colours: &[u32]) -> Option<&Sound> {
        let mut k = self.first.get(&key(t, cells)).copied().unwrap_or(NONE);
        while k != NONE {
            if self.at[k as usize].0 as usize == t
                && let Some(sound) = self.sound(packing, k)
                && is_moved(
                    &packing.shapes[t][sound.orientation as usize],
                    sound.moved,
                    cells,
                    colours,
                )
            {
                return Some(sound);
            }
            k = self.next[k as usize];
        }
        None
    }

    /// Whether every piece of `arrangement` is a sound placement, no cell
    /// is covered twice and every required cell is covered; counts in
    /// `used` (zeroed) how often each kind is placed.
    fn covers_once(&self, packing: &Packing, arrangement: &Arrangement, used: &mut [u32]) -> bool {
        let mut covered = [0u64; MAX_WORDS];
        let covered = &mut covered[..self.words];
        for (t, cells, colours) in arrangement {
            let Some(n) = used.get_mut(*t) else {
                return false;
            };
            *n += 1;
            let Some(sound) = self.find(packing, *t, cells, colours) else {
                return false;
            };
            for (c, b) in covered.iter_mut().zip(&sound.bits) {
                if *c & b != 0 {
                    return false;
                }
                *c |= b;
            }
        }
        covered.iter().zip(&self.required).all(|(c, r)| r & !c == 0)
    }
}

/// Whether `cells` with `colours` are `shape` moved by `d`, cell by cell in
/// the same order (a move keeps sorted cells sorted). The coordinates are
/// taken twelve at a time (four cells, so that the move repeats in step) and
/// their differences gathered without stopping at the first, which the
/// compiler turns into vector instructions: a count compares every cell of
/// every solution, and equal slices or cells as arrays are a library call
/// each.
fn is_moved(shape: &Coloured, d: Cell, cells: &[Cell], colours: &[u32]) -> bool {
    if shape.0.len() != cells.len() || shape.1.len() != colours.len() {
        return false;
    }
    let step: [i32; 12] = std::array::from_fn(|k| d[k % 3]);
    let (from, to) = (shape.0.as_flattened(), cells.as_flattened());
    let (whole, rest) = (from.len() / 12 * 12, from.len() % 12);
    let mut differ = [0; 12];
    for (s, c) in from[..whole]
        .chunks_exact(12)
        .zip(to[..whole].chunks_exact(12))
    {
        for k in 0..12 {
            differ[k] |= s[k].wrapping_add(step[k]) ^ c[k];
        }
    }
    for k in 0..rest {
        differ[k] |= from[whole + k].wrapping_add(step[k]) ^ to[whole + k];
    }
    differ == [0; 12]
        && shape
            .1
            .iter()
            .zip(colours)
            .fold(0, |any, (a, b)| any | (a ^ b))
            == 0
}

/// The end of a chain of placements with one key.
const NONE: u32 = u32::MAX;

/// A key of a placement of type `t` drawn from a few of its cells: their
/// number and the first, middle and last, their coordinates added up at
/// shifts. Equal placements have equal keys, so a lookup by it finds every
/// remembered placement a piece can equal; the comparison that follows
/// decides, and keys that coincide only cost a comparison more. The key costs
/// the same for a frame of hundreds of cells as for a small piece, where a
/// hash of every cell cost more than the comparisons it saved.
fn key(t: usize, cells: &[Cell]) -> u64 {
    let picked = [cells.first(), cells.get(cells.len() / 2), cells.last()];
    let coordinates = picked.into_iter().flatten().flatten();
    coordinates.enumerate().fold(
        (t as u64) << 56 ^ (cells.len() as u64) << 40,
        |key, (k, &x)| key.wrapping_add((x as u64) << (5 * k)),
    )
}

impl std::fmt::Debug for Verified {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let met = self.sound.iter().filter(|s| s.get().is_some()).count();
        write!(f, "Verified({} placements, {met} checked)", self.at.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::packing::{Copies, PieceType};
    use proptest::prelude::*;

    /// Two L tetrominoes (one of them may be left out) and dominoes, in a
    /// 2×2×3 box whose corner cell may stay empty. A tetromino has a cell
    /// the lookup does not key on (its second), so moving it leaves the key
    /// alike and only the comparison tells.
    fn small() -> Packing {
        let piece = |name: &str, cells: Vec<Cell>, min: usize, max: usize| PieceType {
            name: name.into(),
            letter: name.chars().next().unwrap(),
            cells,
            colours: Vec::new(),
            copies: Copies { min, max },
        };
        let box_cells: Vec<Cell> = (0..2)
            .flat_map(|x| (0..2).flat_map(move |y| (0..3).map(move |z| [x, y, z])))
            .collect();
        let (optional, required): (Vec<Cell>, Vec<Cell>) =
            box_cells.into_iter().partition(|&c| c == [0, 0, 0]);
        Packing::new(
            vec![
                piece("L", vec![[0, 0, 0], [0, 0, 1], [0, 0, 2], [1, 0, 0]], 1, 2),
                piece("D", vec![[0, 0, 0], [1, 0, 0]], 2, 4),
            ],
            required,
            optional,
            false,
        )
        .unwrap()
    }

    /// Every solution of the small packing, as the search hands them on.
    fn solutions(p: &Packing) -> Vec<Arrangement> {
        let mut all = Vec::new();
        crate::tasks::for_each_solution(
            p,
            &crate::tasks::SearchOptions::default(),
            &mut |found| {
                if let crate::tasks::Found::Solution(s) = found {
                    all.push(s.clone());
                }
                true
            },
            &mut |_| {},
        )
        .unwrap();
        all
    }

    proptest! {
        /// The bit sets accept exactly what the full check accepts, for
        /// solutions and solutions changed: a piece left out, a placement
        /// added (overlapping, or one kind too many), any one cell moved, a
        /// piece given the other kind.
        #[test]
        fn the_bit_sets_accept_what_the_full_check_accepts(
            base in 0usize..1000,
            dropped in proptest::option::of(0usize..7),
            added in proptest::option::of((0usize..2, 0usize..1000)),
            nudged in proptest::option::of((0usize..7, 0usize..4)),
            relabel in any::<bool>(),
        ) {
            static SMALL: std::sync::OnceLock<(Packing, Vec<Arrangement>)> =
                std::sync::OnceLock::new();
            let (p, all) = SMALL.get_or_init(|| {
                let p = small();
                let all = solutions(&p);
                (p, all)
            });
            let verified = Verified::of(p).expect("a small target");
            let mut arrangement = all[base % all.len()].clone();
            if let Some(k) = dropped.filter(|&k| k < arrangement.len()) {
                arrangement.remove(k);
            }
            if let Some((t, j)) = added {
                let placements = &p.placements[t];
                arrangement.push((t, placements[j % placements.len()].clone(), Vec::new()));
            }
            if let Some((k, c)) = nudged.filter(|&(k, _)| k < arrangement.len()) {
                let cells = &mut arrangement[k].1;
                let c = c % cells.len();
                cells[c][2] += 1;
            }
            if relabel {
                arrangement[0].0 = 1 - arrangement[0].0;
            }
            arrangement.sort();
            prop_assert_eq!(
                verified.passes(p, &arrangement),
                p.full_check(&arrangement).is_ok(),
                "{:?}", arrangement
            );
        }
    }

    /// Every solution a search finds passes by its bit sets, so that a count
    /// does not fall back to the full check.
    #[test]
    fn every_solution_passes_by_its_bit_sets() {
        let p = small();
        let verified = Verified::of(&p).unwrap();
        let all = solutions(&p);
        assert!(all.len() > 10, "{} solutions", all.len());
        for s in &all {
            assert!(verified.passes(&p, s), "{s:?}");
        }
    }

    /// A placement is looked at in full before a piece is taken for it: a
    /// table whose placements pass a cell from one piece to the next (a
    /// tetromino left with three cells, a domino given three) still covers
    /// every cell once, but no solution made of them passes. Nothing but
    /// the placements' own check refuses them.
    #[test]
    fn a_placement_not_of_its_shape_is_refused() {
        let p = small();
        let all = solutions(&p);
        let mut tried = 0;
        for s in &all {
            let lone = |t: usize| s.iter().position(|piece| piece.0 == t).unwrap();
            let (a, b) = (lone(0), lone(1));
            let Some(moved) = s[a].1.iter().position(|c| {
                s[b].1
                    .iter()
                    .any(|d| (0..3).map(|k| (c[k] - d[k]).abs()).sum::<i32>() == 1)
            }) else {
                continue;
            };
            let index = |t: usize, cells: &Vec<Cell>| {
                p.placements[t].iter().position(|q| q == cells).unwrap()
            };
            let (ja, jb) = (index(0, &s[a].1), index(1, &s[b].1));
            let mut changed = s.clone();
            let cell = changed[a].1.remove(moved);
            changed[b].1.push(cell);
            changed[b].1.sort();
            let mut tampered = p.clone();
            tampered.placements[0][ja] = changed[a].1.clone();
            tampered.placements[1][jb] = changed[b].1.clone();
            changed.sort();
            let verified = Verified::of(&tampered).unwrap();
            assert!(!verified.passes(&tampered, &changed), "{changed:?}");
            tried += 1;
            if tried == 3 {
                break;
            }
        }
        assert_eq!(tried, 3);
    }

    /// A piece that differs from a remembered placement only in a cell the
    /// lookup does not key on is refused: the comparison, not the key,
    /// decides.
    #[test]
    fn a_cell_the_key_skips_is_compared() {
        let p = small();
        let verified = Verified::of(&p).unwrap();
        let mut refused = 0;
        for s in solutions(&p) {
            let (k, cells) = s
                .iter()
                .enumerate()
                .find_map(|(k, piece)| (piece.1.len() == 4).then(|| (k, piece.1.clone())))
                .expect("a tetromino in every solution");
            for moved in p.target.iter().filter(|c| !cells.contains(c)) {
                let mut changed = s.clone();
                changed[k].1[1] = *moved;
                assert_eq!(key(changed[k].0, &changed[k].1), key(s[k].0, &cells));
                assert!(!verified.passes(&p, &changed), "{changed:?}");
                refused += 1;
            }
        }
        assert!(refused > 0);
    }

    /// On every grid, and with colours, every placement is found sound, as
    /// an orientation moved: none is left to the full check.
    #[test]
    fn every_placement_is_remembered_on_every_grid() {
        let files = [
            "grid-prisms.xmpuzzle",
            "grid-rhombic.xmpuzzle",
            "grid-spheres.xmpuzzle",
            "grid-tetra-octa.xmpuzzle",
            "coloured.xmpuzzle",
            "soma.xmpuzzle",
        ];
        for file in files {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/burrtools")
                .join(file);
            let crate::registry::PuzzleKind::Packing(p) =
                crate::registry::load(&path).unwrap().puzzle
            else {
                panic!("{file}: a packing")
            };
            let verified = Verified::of(&p).expect("a target small enough");
            let placements: usize = p.placements.iter().map(Vec::len).sum();
            assert!(placements > 0, "{file}");
            assert_eq!(verified.at.len(), placements, "{file}");
            for (t, cells) in p.placements.iter().enumerate() {
                for (j, cells) in cells.iter().enumerate() {
                    let colours = &p.placement_colours[t][j];
                    assert!(
                        verified.find(&p, t, cells, colours).is_some(),
                        "{file}: {t} {j}"
                    );
                }
            }
        }
    }
}
