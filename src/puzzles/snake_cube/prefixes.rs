//! The ways to lay a snake's first few segments, used to split a search into cubes.
//!
//! A cube fixes the start cell and the directions of the first segments; the solver
//! then works on a much smaller problem. Prefixes that leave the box, run into
//! themselves or break the symmetry rule can never be completed, so they are dropped
//! here instead of being handed to the solver one by one.

use crate::geometry::{BoxDims, Cell, Dir};

/// The start cell and the direction of each of the first segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix {
    pub start: Cell,
    pub dirs: Vec<Dir>,
}

/// The symmetry rule the encoding adds, seen from the first segments: the first move
/// along an axis is positive, and within each chain of equal-length axes an axis is
/// used only after the axes before it.
#[derive(Clone, Debug)]
pub struct FirstUseRule {
    pub chains: Vec<Vec<usize>>,
}

impl FirstUseRule {
    fn allows(&self, used: [bool; 3], dir: Dir) -> bool {
        if used[dir.axis] {
            return true;
        }
        if !dir.positive {
            return false;
        }
        self.chains
            .iter()
            .filter_map(|chain| {
                chain
                    .iter()
                    .position(|&a| a == dir.axis)
                    .map(|p| &chain[..p])
            })
            .all(|before| before.iter().all(|&a| used[a]))
    }
}

struct Partial {
    prefix: Prefix,
    head: Cell,
    occupied: Vec<bool>,
    used: [bool; 3],
}

/// All prefixes of one common length: the shortest length at which there are at
/// least `target` of them, or half the segments. The cap leaves the second half of
/// every search to the solver, however small the puzzle: the prefixes only split
/// the work. Prefixes with the same start cell come out next to each other, in the
/// order of `starts`.
///
/// When no prefix of some length can be laid, the prefixes one segment shorter are
/// returned: each is then a quick proof of unsolvability for the solver, and an
/// empty list would instead mean "no split at all".
pub fn prefixes(
    dims: BoxDims,
    segments: &[usize],
    starts: impl IntoIterator<Item = Cell>,
    rule: Option<&FirstUseRule>,
    target: usize,
) -> Vec<Prefix> {
    let mut frontier: Vec<Partial> = starts
        .into_iter()
        .map(|start| {
            let mut occupied = vec![false; dims.volume()];
            occupied[dims.index(start)] = true;
            Partial {
                prefix: Prefix {
                    start,
                    dirs: Vec::new(),
                },
                head: start,
                occupied,
                used: [false; 3],
            }
        })
        .collect();
    for &len in &segments[..segments.len() / 2] {
        if frontier.len() >= target {
            break;
        }
        let next: Vec<Partial> = frontier
            .iter()
            .flat_map(|p| {
                Dir::ALL
                    .iter()
                    .filter_map(move |&d| extend(dims, p, len, d, rule))
            })
            .collect();
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    frontier.into_iter().map(|p| p.prefix).collect()
}

/// `p` followed by a segment of `len` blocks (the first shared with `p`'s head)
/// running along `d`, if it fits.
fn extend(
    dims: BoxDims,
    p: &Partial,
    len: usize,
    d: Dir,
    rule: Option<&FirstUseRule>,
) -> Option<Partial> {
    if p.prefix.dirs.last().is_some_and(|last| last.axis == d.axis) {
        return None;
    }
    if rule.is_some_and(|r| !r.allows(p.used, d)) {
        return None;
    }
    let mut occupied = p.occupied.clone();
    let mut head = p.head;
    for _ in 1..len {
        head = d.step(head, 1);
        if !dims.contains(head) || occupied[dims.index(head)] {
            return None;
        }
        occupied[dims.index(head)] = true;
    }
    let mut used = p.used;
    used[d.axis] = true;
    let mut dirs = p.prefix.dirs.clone();
    dirs.push(d);
    Some(Partial {
        prefix: Prefix {
            start: p.prefix.start,
            dirs,
        },
        head,
        occupied,
        used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lays_every_self_avoiding_prefix() {
        // A 2x2x1 box, segments of 2 blocks: from each corner the first segment has
        // two ways, the second then one. Of 4 segments, 2 are laid.
        let dims = BoxDims::new(2, 2, 1);
        let all = prefixes(dims, &[2, 2, 2, 2], dims.cells(), None, 1000);
        assert_eq!(all.len(), 8);
        assert!(all.iter().all(|p| p.dirs.len() == 2));
    }

    #[test]
    fn stops_at_the_target() {
        let dims = BoxDims::new(3, 3, 3);
        let few = prefixes(dims, &[2; 27], dims.cells(), None, 1);
        assert_eq!(few.len(), 27);
        assert!(few.iter().all(|p| p.dirs.is_empty()));
    }

    #[test]
    fn symmetry_rule_keeps_first_moves_positive_and_ordered() {
        let dims = BoxDims::new(3, 3, 3);
        let rule = FirstUseRule {
            chains: vec![vec![0, 1, 2]],
        };
        let laid = prefixes(dims, &[3, 3, 3, 3], dims.cells(), Some(&rule), 1000);
        // The first segment must run +x (from x = 0), the second +y (from y = 0):
        // 3 cells for z.
        assert_eq!(laid.len(), 3);
        for p in &laid {
            assert_eq!(p.dirs, vec![Dir::new(0, true), Dir::new(1, true)]);
        }
    }

    #[test]
    fn dead_ends_fall_back_one_segment() {
        // Segments of 3 in a 2x2x2 box never fit.
        let dims = BoxDims::new(2, 2, 2);
        let laid = prefixes(dims, &[3, 2, 2, 2], dims.cells(), None, 1000);
        assert_eq!(laid.len(), 8);
        assert!(laid.iter().all(|p| p.dirs.is_empty()));
    }
}
