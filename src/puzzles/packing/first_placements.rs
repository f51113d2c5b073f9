//! The ways to fill the first few cells of the target, used to split a search into
//! cubes.
//!
//! As in a dancing-links search, each step takes the uncovered cell with the fewest
//! placements that still fit and branches on which of them covers it. Every packing
//! covers that cell with exactly one placement, so the branches are disjoint and
//! together hold every packing; a branch with a cell nothing can cover is dropped.

/// A step that would leave more than this many times `target` partial packings is
/// not taken: a large 3D target can branch a hundredfold on one cell, and the
/// partial packings all sit in memory at once.
const GROWTH_LIMIT: usize = 32;

use super::Copies;

/// A placement: its piece type and its index among that type's placements.
pub type Choice = (usize, usize);

/// The target's cells (as indices) covered by each placement of each piece type,
/// how many copies of each type may be placed, and which cells may stay empty.
pub struct Placements<'a> {
    pub cells: usize,
    pub by_type: &'a [Vec<Vec<usize>>],
    pub copies: &'a [Copies],
    pub optional: &'a [bool],
}

impl Placements<'_> {
    /// Partial packings stop at half the pieces every packing places (roots
    /// included): the second half of every search is left to the solver however
    /// small the puzzle, so the split only divides the work.
    fn most_placed(&self) -> usize {
        self.copies.iter().map(|c| c.min).sum::<usize>() / 2
    }
}

#[derive(Clone)]
struct Partial {
    chosen: Vec<Choice>,
    covered: Vec<bool>,
    left: Vec<usize>,
}

/// Partial packings grown from `roots` one covered cell at a time, all to the same
/// number of steps: the fewest steps that give at least `target` of them, or as
/// many as place half the pieces. Branches of one root come out next to each other,
/// in the order of `roots`. When a step leaves no branch at all, the partial packings
/// before it are returned (each then a quick proof for the solver that it leads
/// nowhere; an empty list would mean "no split at all"). A step that would grow far
/// past `target` is not taken either.
pub fn first_placements(
    p: &Placements,
    roots: Vec<Vec<Choice>>,
    target: usize,
) -> Vec<Vec<Choice>> {
    let mut covering: Vec<Vec<Choice>> = vec![Vec::new(); p.cells];
    for (t, list) in p.by_type.iter().enumerate() {
        for (j, cells) in list.iter().enumerate() {
            for &c in cells {
                covering[c].push((t, j));
            }
        }
    }
    let mut frontier: Vec<Partial> = roots
        .into_iter()
        .filter_map(|chosen| {
            let mut partial = Partial {
                chosen: Vec::new(),
                covered: vec![false; p.cells],
                left: p.copies.iter().map(|c| c.max).collect(),
            };
            for choice in chosen {
                partial = place(p, &partial, choice)?;
            }
            Some(partial)
        })
        .collect();
    'steps: while frontier.len() < target {
        let mut grew = false;
        let mut next = Vec::new();
        for partial in &frontier {
            match branches(p, &covering, partial) {
                None => next.push(partial.clone()),
                Some(children) => {
                    grew = true;
                    next.extend(children);
                }
            }
            if next.len() > target.saturating_mul(GROWTH_LIMIT) {
                break 'steps;
            }
        }
        if !grew || next.is_empty() {
            break;
        }
        frontier = next;
    }
    frontier.into_iter().map(|partial| partial.chosen).collect()
}

/// The branches on the most constrained uncovered cell, or `None` when every cell
/// is covered or half the pieces are placed.
fn branches(p: &Placements, covering: &[Vec<Choice>], partial: &Partial) -> Option<Vec<Partial>> {
    if partial.chosen.len() >= p.most_placed() {
        return None;
    }
    let fitting = |c: usize| {
        covering[c].iter().copied().filter(|&(t, j)| {
            partial.left[t] > 0 && p.by_type[t][j].iter().all(|&d| !partial.covered[d])
        })
    };
    // Only a cell that must be covered has one of its placements in every
    // packing; one that may stay empty would lose the packings that leave it so.
    let cell = (0..p.cells)
        .filter(|&c| !partial.covered[c] && !p.optional[c])
        .min_by_key(|&c| fitting(c).count())?;
    Some(
        fitting(cell)
            .filter_map(|choice| place(p, partial, choice))
            .collect(),
    )
}

/// `partial` with one more placement, if it fits.
fn place(p: &Placements, partial: &Partial, (t, j): Choice) -> Option<Partial> {
    let cells = &p.by_type[t][j];
    if partial.left[t] == 0 || cells.iter().any(|&c| partial.covered[c]) {
        return None;
    }
    let mut next = partial.clone();
    for &c in cells {
        next.covered[c] = true;
    }
    next.left[t] -= 1;
    next.chosen.push((t, j));
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(counts: &[usize]) -> Vec<Copies> {
        counts.iter().map(|&n| Copies::exactly(n)).collect()
    }

    /// Four dominoes (one type) in a 1x8 strip, placement j on cells j and j + 1:
    /// the only packing starts [0,1], [2,3]; half the pieces are 2.
    #[test]
    fn branches_follow_the_only_packing_up_to_half_the_pieces() {
        let by_type = vec![(0..7).map(|j| vec![j, j + 1]).collect::<Vec<_>>()];
        let p = Placements {
            cells: 8,
            by_type: &by_type,
            copies: &exact(&[4]),
            optional: &[false; 8],
        };
        let all = first_placements(&p, vec![Vec::new()], 1000);
        assert_eq!(all, vec![vec![(0, 0), (0, 2)]]);
    }

    #[test]
    fn stops_at_the_target_and_keeps_roots_in_order() {
        // Four monomino types, each may go on any cell of a 1x4 strip.
        let by_type: Vec<Vec<Vec<usize>>> =
            (0..4).map(|_| (0..4).map(|c| vec![c]).collect()).collect();
        let p = Placements {
            cells: 4,
            by_type: &by_type,
            copies: &exact(&[1, 1, 1, 1]),
            optional: &[false; 4],
        };
        let roots = vec![vec![(0, 1)], vec![(0, 0)]];
        assert_eq!(first_placements(&p, roots.clone(), 2), roots);
        // Each root branches on its first uncovered cell; then half are placed.
        let all = first_placements(&p, roots, 1000);
        let expected: Vec<Vec<Choice>> = [((0, 1), 0), ((0, 0), 1)]
            .into_iter()
            .flat_map(|(root, cell)| (1..4).map(move |t| vec![root, (t, cell)]))
            .collect();
        assert_eq!(all, expected);
    }

    #[test]
    fn a_step_far_past_the_target_is_not_taken() {
        // 100 monomino types for 2 cells: the first step branches 100 ways.
        let by_type: Vec<Vec<Vec<usize>>> = (0..100).map(|_| vec![vec![0], vec![1]]).collect();
        let copies = exact(&[1; 100]);
        let p = Placements {
            cells: 2,
            by_type: &by_type,
            copies: &copies,
            optional: &[false; 2],
        };
        // Target 2 allows 64 partial packings: the step is not taken.
        assert_eq!(first_placements(&p, vec![Vec::new()], 2), vec![Vec::new()]);
        // Target 4 allows 128.
        assert_eq!(first_placements(&p, vec![Vec::new()], 4).len(), 100);
    }

    #[test]
    fn a_dead_end_keeps_the_step_before() {
        // Cells 0..3: a domino on [0,1] or [1,2], a monomino only on 1, two pieces
        // with no placement (so half the pieces are 2). The domino goes on [0,1]
        // (cell 0 has one candidate), then nothing covers cell 2.
        let by_type = vec![vec![vec![0, 1], vec![1, 2]], vec![vec![1]], vec![], vec![]];
        let p = Placements {
            cells: 3,
            by_type: &by_type,
            copies: &exact(&[1, 1, 1, 1]),
            optional: &[false; 3],
        };
        let all = first_placements(&p, vec![Vec::new()], 1000);
        assert_eq!(all, vec![vec![(0, 0)]]);
    }
}
