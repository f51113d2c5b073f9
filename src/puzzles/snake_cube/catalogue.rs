//! The catalogue of a box: every S/C string that folds into it, each once up
//! to reversal, with its number of foldings in all and up to the box's
//! symmetries. Made by walking every path through the box once per orbit of
//! its symmetries (the path search, single steps, the formula's first-use
//! rule), reading each path's string off its turns, and adding up per string.

use super::walks::box_walks;
use crate::error::Error;
use crate::geometry::{BoxDims, box_group};
use crate::solve::Progress;
use crate::solve::walks::{TreeEvent, WalkSearch, Walks, Wanted};
use crate::types::Cancel;
use std::collections::HashMap;
use std::time::Instant;

/// Most cells of a box the catalogue takes: a path's string is one 128-bit
/// word.
pub const MAX_CELLS: usize = 128;

/// One string of a catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The string as `S`/`C` letters, ends written `S`: of the string and its
    /// reverse, the one that comes first in the alphabet.
    pub letters: String,
    /// Its foldings into the box.
    pub solutions: u64,
    /// Its foldings up to the box's symmetries (and reading the string
    /// backwards, for a palindrome), as `count --unique` counts them.
    pub unique: u64,
    /// Whether the string reads the same backwards.
    pub palindrome: bool,
}

/// Every string that folds into a box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    pub dims: BoxDims,
    /// Sorted by letters.
    pub entries: Vec<Entry>,
    /// False when the search was stopped from outside: the entries are then
    /// those of the paths walked so far.
    pub complete: bool,
}

/// Per string up to reversal (keyed by the lesser of its two readings as
/// bits): the paths walked (one per orbit) that read it the key's way and the
/// other way, and how many are their own reverse up to symmetry (palindromes).
/// One entry for both readings halves the table of a large box.
#[derive(Clone, Copy, Default)]
struct Tally {
    forward: u64,
    backward: u64,
    self_reverse: u64,
}

/// The path search's form of every path through the box: single steps, any
/// direction after any other, one path per orbit of the box's symmetries.
fn every_path(dims: BoxDims) -> Walks {
    let n = dims.volume();
    box_walks(
        dims,
        vec![0b11_1111; 6],
        vec![1; n - 1],
        (0..n as u32).collect(),
        true,
    )
}

/// Knuth's estimate of the number of nodes the catalogue's search visits, from
/// `probes` random paths: to refuse a box out of reach before hours of search.
pub fn estimated_nodes(dims: BoxDims, probes: usize) -> Option<f64> {
    (dims.volume() <= MAX_CELLS && dims.volume() >= 2)
        .then(|| crate::solve::walks::estimate_nodes(&every_path(dims), probes))
}

/// The catalogue of `dims` (2 to [`MAX_CELLS`] cells) on `threads` threads,
/// telling `on_progress` how far the search is (its `found`: the paths walked,
/// one per orbit of the box's symmetries and direction of travel);
/// `cancel`, once cancelled, stops it with what was found so far.
pub fn catalogue(
    dims: BoxDims,
    threads: usize,
    cancel: &Cancel,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Catalogue, Error> {
    let n = dims.volume();
    if !(2..=MAX_CELLS).contains(&n) {
        return Err(Error::Unsupported(format!(
            "a catalogue of a box of 2 to {MAX_CELLS} cells, not {n}"
        )));
    }
    let walks = every_path(dims);
    let group = box_group(&dims);
    // Where each symmetry sends each cell.
    let images: Vec<Vec<u32>> = group
        .iter()
        .map(|g| {
            dims.cells()
                .map(|c| dims.index(g.apply(&dims, c)) as u32)
                .collect()
        })
        .collect();
    // A path is fixed only by symmetries that fix every cell (the flip of a
    // side one cell thick), so every orbit has the same size.
    let fixing = images
        .iter()
        .filter(|image| image.iter().enumerate().all(|(v, &u)| v as u32 == u))
        .count();
    let orbit_size = (group.len() / fixing.max(1)) as u64;
    let mut tallies: HashMap<u128, Tally> = HashMap::new();
    let search = WalkSearch {
        walks: &walks,
        threads,
        estimate: true,
        part: None,
        wanted: Wanted::Each,
    };
    let started = Instant::now();
    let mut progress = Progress::new(0, "subtrees");
    let outcome = search.run(&mut |event| -> Result<bool, Error> {
        match event {
            TreeEvent::Solution(path) => {
                let string = turns(&path);
                let back = reversed(string, n);
                let tally = tallies.entry(string.min(back)).or_default();
                if string <= back {
                    tally.forward += 1;
                } else {
                    tally.backward += 1;
                }
                if string == back && own_reverse(&path, &images) {
                    tally.self_reverse += 1;
                }
                progress.found += 1;
            }
            TreeEvent::Progress(p) => {
                progress.elapsed = started.elapsed();
                progress.follow_subtrees(&p);
                on_progress(&progress);
            }
        }
        Ok(!cancel.is_cancelled())
    })?;
    let mut entries = Vec::with_capacity(tallies.len());
    for (&string, tally) in &tallies {
        let back = reversed(string, n);
        let palindrome = back == string;
        let unique = if palindrome {
            (tally.forward + tally.self_reverse) / 2
        } else {
            if tally.forward != tally.backward && outcome.complete {
                return Err(Error::Internal(format!(
                    "a string has {} foldings read one way and {} the other",
                    tally.forward, tally.backward
                )));
            }
            unique_paths(tally, false)
        };
        // Written the way that comes first in the alphabet.
        let (read, read_back) = (letters(string, n), letters(back, n));
        entries.push(Entry {
            letters: read.min(read_back),
            solutions: unique_paths(tally, palindrome) * orbit_size,
            unique,
            palindrome,
        });
    }
    entries.sort_by(|a, b| a.letters.cmp(&b.letters));
    Ok(Catalogue {
        dims,
        entries,
        complete: outcome.complete,
    })
}

/// The orbits of paths that fold a string read one way (as `count` counts
/// foldings): a palindrome's are all of them.
fn unique_paths(tally: &Tally, palindrome: bool) -> u64 {
    if palindrome {
        tally.forward
    } else {
        tally.forward.max(tally.backward)
    }
}

/// The string of a path: bit `i` set when block `i + 1` (an interior one) is
/// a corner. In the box's numbering a step along a direction always moves by
/// the same amount, so a block is straight when both its steps are equal.
fn turns(path: &[u32]) -> u128 {
    path.windows(3)
        .enumerate()
        .filter(|(_, w)| w[1].wrapping_sub(w[0]) != w[2].wrapping_sub(w[1]))
        .fold(0, |set, (i, _)| set | 1 << i)
}

/// The string read from the other end.
fn reversed(string: u128, n: usize) -> u128 {
    let interior = n.saturating_sub(2);
    (0..interior)
        .filter(|i| string >> i & 1 == 1)
        .fold(0, |set, i| set | 1 << (interior - 1 - i))
}

/// Whether some symmetry of the box maps the path onto itself read backwards.
fn own_reverse(path: &[u32], images: &[Vec<u32>]) -> bool {
    let n = path.len();
    images
        .iter()
        .any(|image| (0..n).all(|i| image[path[i] as usize] == path[n - 1 - i]))
}

/// The letters of a string, ends written `S`.
fn letters(string: u128, n: usize) -> String {
    (0..n)
        .map(|b| {
            if b > 0 && b + 1 < n && string >> (b - 1) & 1 == 1 {
                'C'
            } else {
                'S'
            }
        })
        .collect()
}
