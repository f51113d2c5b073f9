//! The no-loop rule as clauses. Most searches add it lazily (`refine` cuts each
//! loop it meets), which is quicker there, but a proof must refute a formula
//! that holds the whole rule, so `cnf`, the proofs and the search for the
//! shortest snake (where it is quicker) have it in full.
//!
//! Degrees of one or two and exactly two ends leave one way to go wrong: a path
//! plus separate loops. Here every snake cell but the head names the cell before
//! it, whose distance from the head (in unary, "at least k") is smaller. Around a
//! loop that would descend forever, so no loop is left; a real snake meets it
//! with each cell's place along the path.

use crate::cnf::{Formula, Lit};

/// Adds "every snake cell is reached from the head": `on[i]` and `head[i]` per
/// cell, `neighbours[i]` the cells beside cell i, and `places` how many places a
/// snake can have (its greatest length), which bounds the distances.
pub fn forbid_loops(
    f: &mut Formula,
    on: &[Lit],
    head: &[Lit],
    neighbours: &[Vec<usize>],
    places: usize,
) {
    let cells = on.len();
    // A head alone takes one place; a snake of no cells is for the caller's count.
    let places = places.max(1);
    // `beyond[i][k - 1]`: cell i is at least k steps from the head (k >= 1).
    let beyond: Vec<Vec<Lit>> = (0..cells)
        .map(|i| {
            (1..places)
                .map(|k| f.new_lit(format!("cell {i} is at least {k} steps from the head")))
                .collect()
        })
        .collect();
    for steps in &beyond {
        for pair in steps.windows(2) {
            f.implies(pair[1], pair[0]);
        }
    }
    for i in 0..cells {
        let mut reached = vec![!on[i], head[i]];
        for &j in &neighbours[i] {
            let before = f.new_lit(format!("cell {j} comes just before cell {i}"));
            reached.push(before);
            f.implies(before, on[j]);
            // j at least k steps out puts i at least k + 1 out; the last place
            // has no successor.
            for k in 0..places {
                let premise = k.checked_sub(1).map(|k| beyond[j][k]);
                let clause = [
                    Some(!before),
                    premise.map(|l| !l),
                    beyond[i].get(k).copied(),
                ];
                f.add_clause(clause.into_iter().flatten());
            }
        }
        f.add_clause(reached);
    }
}

#[cfg(test)]
mod tests {
    use super::forbid_loops;
    use crate::cnf::{Formula, Lit};
    use crate::proof::refute;

    /// Cells 0..n in a ring, each beside the next.
    fn ring(n: usize) -> Vec<Vec<usize>> {
        (0..n).map(|i| vec![(i + n - 1) % n, (i + 1) % n]).collect()
    }

    /// Whether the rule admits these cells on, with this head.
    fn admits(neighbours: &[Vec<usize>], on_cells: &[bool], head_cell: Option<usize>) -> bool {
        let mut f = Formula::new();
        let n = on_cells.len();
        let on: Vec<Lit> = (0..n).map(|i| f.new_lit(format!("on {i}"))).collect();
        let head: Vec<Lit> = (0..n).map(|i| f.new_lit(format!("head {i}"))).collect();
        for i in 0..n {
            f.add_clause([if on_cells[i] { on[i] } else { !on[i] }]);
            f.add_clause([if head_cell == Some(i) {
                head[i]
            } else {
                !head[i]
            }]);
        }
        forbid_loops(&mut f, &on, &head, neighbours, n);
        refute(f.var_count(), f.clauses()).unwrap().is_err()
    }

    #[test]
    fn a_path_from_its_head_passes_and_a_loop_beside_it_does_not() {
        // Two rings of six: a path on one and a loop on the other.
        let mut neighbours = ring(6);
        neighbours.extend(
            ring(6)
                .into_iter()
                .map(|n| n.into_iter().map(|j| j + 6).collect()),
        );
        let path: Vec<bool> = (0..12).map(|i| i < 5).collect();
        assert!(admits(&neighbours, &path, Some(0)));
        assert!(admits(&neighbours, &path, Some(4)));
        let path_and_loop: Vec<bool> = (0..12).map(|i| i != 5).collect();
        assert!(!admits(&neighbours, &path_and_loop, Some(0)));
        // A loop with no head at all, and a whole ring with its head on it, are
        // both reachable only by going round: the first fails, the second passes
        // (a ring's cells are all reached from a head on it).
        let ring_only: Vec<bool> = (0..12).map(|i| i >= 6).collect();
        assert!(!admits(&neighbours, &ring_only, None));
        assert!(admits(&neighbours, &ring_only, Some(7)));
    }
}
