//! Snake cube: a string of `n = a·b·c` blocks that must fold into an a×b×c box.
//!
//! Interior blocks are straight (`S`: the string goes through) or corners (`C`: it
//! turns 90°); the two end blocks are free. Corners cut the string into rigid
//! segments that share their joint blocks, so a folding is fully described by the
//! cell of block 0 and one direction per segment.

pub mod catalogue;
mod family;
mod formula;
pub mod hardness;
mod model;
mod picture;
mod prefixes;
#[cfg(test)]
mod reference_tests;
mod text;
mod walks;

pub use formula::SnakeDecoder;

use crate::family::Breaking;
use crate::family::{EncodeOptions, Encoding, OrbitSummary, Puzzle, WalkEncoding};
use crate::geometry::{BoxDims, Cell, Dir, SignedPermutation, box_group, canonical_sequence};
use crate::solve::Model;
use crate::types::Violation;
use std::collections::HashSet;

/// Kind of an interior block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    Straight,
    Corner,
}

/// A folding: the cell of each block, in string order.
pub type Path = Vec<Cell>;

#[derive(Clone, Debug)]
pub struct SnakeCube {
    dims: BoxDims,
    /// Blocks per segment; consecutive segments share their joint block.
    segments: Vec<usize>,
    group: Vec<SignedPermutation>,
}

impl SnakeCube {
    /// From segment lengths (blocks per segment, joints shared, each at least 2).
    /// The error says what was expected.
    pub fn from_segments(dims: BoxDims, segments: Vec<usize>) -> Result<SnakeCube, String> {
        if let Some(pos) = segments.iter().position(|&l| l < 2) {
            return Err(format!(
                "every segment has at least 2 blocks (it shares its ends with its neighbours), but segment {} has {}",
                pos + 1,
                segments[pos]
            ));
        }
        let blocks = 1 + segments.iter().map(|l| l - 1).sum::<usize>();
        if blocks != dims.volume() {
            return Err(format!(
                "segments that add up to {} blocks (1 + the sum of (length - 1)) to fill the {dims} box, but they add up to {blocks}",
                dims.volume()
            ));
        }
        Ok(SnakeCube {
            group: box_group(&dims),
            dims,
            segments,
        })
    }

    /// The string read off a path through every cell of the box (a folding of
    /// it): a block is a corner where the path turns. `None` when the path does
    /// not fill the box by face steps.
    pub fn from_path(dims: BoxDims, path: &[Cell]) -> Option<SnakeCube> {
        if !crate::geometry::hamiltonian::is_hamiltonian(&dims, path) {
            return None;
        }
        let interior: Vec<Block> = path
            .windows(3)
            .map(|w| {
                if Dir::between(w[0], w[1]) == Dir::between(w[1], w[2]) {
                    Block::Straight
                } else {
                    Block::Corner
                }
            })
            .collect();
        SnakeCube::from_interior(dims, &interior).ok()
    }

    /// From the kinds of the interior blocks (`interior.len() == volume - 2`).
    pub fn from_interior(dims: BoxDims, interior: &[Block]) -> Result<SnakeCube, String> {
        if interior.len() + 2 != dims.volume() {
            return Err(format!(
                "{} blocks to fill the {dims} box, got {}",
                dims.volume(),
                interior.len() + 2
            ));
        }
        let mut segments = Vec::new();
        let mut start = 0;
        for (i, block) in interior.iter().enumerate() {
            if *block == Block::Corner {
                segments.push(i + 1 - start + 1);
                start = i + 1;
            }
        }
        segments.push(dims.volume() - 1 - start + 1);
        SnakeCube::from_segments(dims, segments)
    }

    pub fn dims(&self) -> BoxDims {
        self.dims
    }

    pub fn segments(&self) -> &[usize] {
        &self.segments
    }

    pub fn block_count(&self) -> usize {
        self.dims.volume()
    }

    /// Interior blocks as an S/C string framed by the two free ends, written `S`.
    pub fn letters(&self) -> String {
        (0..self.block_count())
            .map(|i| match self.block(i) {
                Some(Block::Corner) => 'C',
                _ => 'S',
            })
            .collect()
    }

    /// The kind of block `i`, or `None` for the two free ends.
    pub fn block(&self, i: usize) -> Option<Block> {
        if i == 0 || i + 1 >= self.block_count() {
            return None;
        }
        let mut joint = 0;
        for &len in &self.segments {
            joint += len - 1;
            if joint == i {
                return Some(Block::Corner);
            }
            if joint > i {
                break;
            }
        }
        Some(Block::Straight)
    }

    /// Reading the string backwards gives the same string, so a folding read
    /// backwards is another folding of the same physical snake.
    pub fn is_palindrome(&self) -> bool {
        self.segments.iter().eq(self.segments.iter().rev())
    }

    /// `(first block, blocks)` of each segment.
    fn segment_spans(&self) -> Vec<(usize, usize)> {
        let mut start = 0;
        self.segments
            .iter()
            .map(|&len| {
                let span = (start, len);
                start += len - 1;
                span
            })
            .collect()
    }

    /// The direction of each segment of a path (which must pass [`Puzzle::check`]).
    pub fn segment_directions(&self, path: &Path) -> Vec<Dir> {
        self.segment_spans()
            .iter()
            .map(|&(start, _)| Dir::between(path[start], path[start + 1]).expect("a checked path"))
            .collect()
    }

    /// The colour of block 0's cell when the box forces it: a path alternates colours,
    /// so when one colour has one cell more than the other, the ends sit on it.
    fn forced_start_colour(&self) -> Option<usize> {
        let colour0 = self
            .dims
            .cells()
            .filter(|&c| BoxDims::colour(c) == 0)
            .count();
        let colour1 = self.dims.volume() - colour0;
        match colour0.cmp(&colour1) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl Puzzle for SnakeCube {
    type Solution = Path;
    type Key = Path;
    type Decoder = SnakeDecoder;

    fn key(&self, solution: &Path) -> Path {
        solution.clone()
    }

    /// Every block may sit on half the cells, so the formula grows with the square
    /// of the box's volume: 38 clauses per (cell, cell) pair were measured from
    /// 5x5x5 to 10x10x10, more below (BENCHMARKS.md).
    fn formula_estimate(&self) -> Option<(u64, &'static str)> {
        let cells = self.block_count() as u64;
        Some((40 * cells * cells + 100_000, "size"))
    }

    fn encode(&self, options: EncodeOptions) -> Encoding<SnakeDecoder> {
        self.formula(options)
    }

    fn walks(&self, options: EncodeOptions) -> Option<WalkEncoding<'_, Path>> {
        Some(self.walk_encoding(options))
    }

    fn decode(&self, decoder: &SnakeDecoder, model: &Model) -> Path {
        decoder
            .at
            .iter()
            .map(|row| {
                let ci = row
                    .iter()
                    .position(|l| l.is_some_and(|l| model.lit(l)))
                    .unwrap_or(usize::MAX);
                if ci == usize::MAX {
                    [-1, -1, -1]
                } else {
                    self.dims.cell(ci)
                }
            })
            .collect()
    }

    fn check(&self, path: &Path) -> Result<(), Violation> {
        check_path(self, path)
    }

    fn orbit(&self, path: &Path) -> Vec<Path> {
        let mut seen = HashSet::new();
        self.group
            .iter()
            .map(|g| {
                path.iter()
                    .map(|&c| g.apply(&self.dims, c))
                    .collect::<Path>()
            })
            .filter(|p| seen.insert(p.clone()))
            .collect()
    }

    /// The first-use rule keeps exactly one folding of each orbit.
    fn orbit_met_once(
        &self,
        _breaking: Breaking,
        _path: &Path,
        _summary: &OrbitSummary<Path>,
    ) -> bool {
        true
    }

    fn canonical(&self, path: &Path) -> Path {
        canonical_sequence(&self.group, &self.dims, path, self.is_palindrome())
    }
}

/// The axes grouped by equal length, each group in the order the symmetry
/// breaking wants them first used.
fn equal_axis_chains(dims: BoxDims) -> Vec<Vec<usize>> {
    let sides = dims.sides;
    let mut axes: Vec<usize> = (0..3).collect();
    axes.sort_by_key(|&a| (sides[a], a));
    axes.chunk_by(|&a, &b| sides[a] == sides[b])
        .map(|chain| chain.to_vec())
        .collect()
}

/// The rules, checked directly on the cells: every cell of the box exactly once,
/// consecutive blocks face to face, straight blocks straight, corners turning.
fn check_path(puzzle: &SnakeCube, path: &Path) -> Result<(), Violation> {
    let dims = puzzle.dims;
    let n = puzzle.block_count();
    if path.len() != n {
        return Err(Violation(format!(
            "the path has {} blocks, the snake {n}",
            path.len()
        )));
    }
    let mut seen = HashSet::new();
    for (i, &c) in path.iter().enumerate() {
        if !dims.contains(c) {
            return Err(Violation(format!(
                "block {} at {c:?} is outside the {dims} box",
                i + 1
            )));
        }
        if !seen.insert(c) {
            return Err(Violation(format!(
                "block {} at {c:?} is on an occupied cell",
                i + 1
            )));
        }
    }
    let moves: Vec<Dir> = path
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            Dir::between(w[0], w[1]).ok_or_else(|| {
                Violation(format!(
                    "blocks {} at {:?} and {} at {:?} do not share a face",
                    i + 1,
                    w[0],
                    i + 2,
                    w[1]
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    for i in 1..n - 1 {
        let (before, after) = (moves[i - 1], moves[i]);
        match puzzle.block(i) {
            Some(Block::Straight) if before != after => {
                return Err(Violation(format!(
                    "block {} is straight but the string turns there ({before} then {after})",
                    i + 1
                )));
            }
            Some(Block::Corner) if before.axis == after.axis => {
                return Err(Violation(format!(
                    "block {} is a corner but the string does not turn there ({before} then {after})",
                    i + 1
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::search as testing;

    fn parse(s: &str) -> Vec<Block> {
        s.chars()
            .map(|c| {
                if c == 'C' {
                    Block::Corner
                } else {
                    Block::Straight
                }
            })
            .collect()
    }

    #[test]
    fn letters_and_segments_agree() {
        let dims = BoxDims::new(3, 3, 3);
        let red = "SSCCCCCCSCCSCCCCCSCCSCCCCSS";
        let p = SnakeCube::from_interior(dims, &parse(&red[1..26])).unwrap();
        assert_eq!(p.letters(), red);
        assert_eq!(p.segments().iter().map(|l| l - 1).sum::<usize>(), 26);
        let q = SnakeCube::from_segments(dims, p.segments().to_vec()).unwrap();
        assert_eq!(q.letters(), red);
    }

    #[test]
    fn rejects_bad_segments() {
        let dims = BoxDims::new(2, 2, 2);
        assert!(SnakeCube::from_segments(dims, vec![2, 1, 2]).is_err());
        assert!(SnakeCube::from_segments(dims, vec![2, 2, 2]).is_err());
        assert!(SnakeCube::from_segments(dims, vec![2; 7]).is_ok());
    }

    #[test]
    fn check_rejects_broken_paths() {
        let dims = BoxDims::new(2, 2, 1);
        let p = SnakeCube::from_segments(dims, vec![2, 2, 2]).unwrap();
        let good = vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]];
        assert_eq!(p.check(&good), Ok(()));
        let jump = vec![[0, 0, 0], [1, 1, 0], [1, 0, 0], [0, 1, 0]];
        assert!(p.check(&jump).is_err());
        let short = good[..3].to_vec();
        assert!(p.check(&short).is_err());
        let repeat = vec![[0, 0, 0], [1, 0, 0], [0, 0, 0], [0, 1, 0]];
        assert!(p.check(&repeat).is_err());
    }

    #[test]
    fn a_string_read_off_a_random_path_folds_along_it() {
        use crate::geometry::hamiltonian::{Seeded, random_path};
        let mut rng = Seeded::new(3);
        for sides in [[2, 2, 2], [3, 3, 3], [2, 3, 4], [4, 4, 4], [5, 5, 5]] {
            let dims = BoxDims::new(sides[0], sides[1], sides[2]);
            for _ in 0..5 {
                let path = random_path(&dims, 50 * dims.volume(), &mut rng);
                let p = SnakeCube::from_path(dims, &path).unwrap();
                assert_eq!(p.check(&path), Ok(()), "{sides:?} {}", p.letters());
                // The ends are straight, a turn of the path a corner.
                let letters = p.letters();
                assert!(letters.starts_with('S') && letters.ends_with('S'));
                assert_eq!(letters.len(), dims.volume());
            }
        }
        let dims = BoxDims::new(2, 2, 2);
        let broken = vec![[0, 0, 0], [1, 1, 0], [1, 0, 0], [0, 1, 0]];
        assert!(SnakeCube::from_path(dims, &broken).is_none());
    }

    /// Every string of the box, straight blocks at both ends.
    fn every_string(dims: BoxDims) -> Vec<SnakeCube> {
        let n = dims.volume();
        (0..1u32 << (n - 2))
            .map(|mask| {
                let interior: Vec<Block> = (0..n - 2)
                    .map(|i| {
                        if mask >> i & 1 == 1 {
                            Block::Corner
                        } else {
                            Block::Straight
                        }
                    })
                    .collect();
                SnakeCube::from_interior(dims, &interior).unwrap()
            })
            .collect()
    }

    #[test]
    fn the_formula_alone_has_the_foldings_the_search_finds() {
        let mut solvable = 0;
        let mut strings = every_string(BoxDims::new(2, 2, 2));
        strings.extend(every_string(BoxDims::new(2, 2, 3)));
        let cube = BoxDims::new(3, 3, 3);
        let segments = vec![3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3];
        strings.push(SnakeCube::from_segments(cube, segments).unwrap());
        let red = "SSCCCCCCSCCSCCCCCSCCSCCCCSS";
        strings.push(SnakeCube::from_interior(cube, &parse(&red[1..26])).unwrap());
        for p in &strings {
            let searched = testing::searched_solutions(p, crate::types::Engine::Sat);
            solvable += usize::from(!searched.is_empty());
            assert_eq!(testing::formula_solutions(p), searched, "{}", p.letters());
        }
        assert!(solvable > 20, "too few strings with foldings: {solvable}");
    }
}
