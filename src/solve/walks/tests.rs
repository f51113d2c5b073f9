//! The path search against a brute force that tries every sequence of labels
//! with no pruning, on both occupancies (bitboards, degrees), on one and two
//! threads, in label order and snug first.

use super::*;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every path the walks allow, by trying every start and every label at every
/// run, with nothing pruned.
fn brute_force(w: &Walks) -> BTreeSet<Vec<u32>> {
    fn extend(
        w: &Walks,
        path: &mut Vec<u32>,
        labels: &mut Vec<usize>,
        out: &mut BTreeSet<Vec<u32>>,
    ) {
        let run = labels.len();
        if run == w.runs.len() {
            out.insert(path.clone());
            return;
        }
        let used = labels.iter().fold(0u64, |set, &l| set | 1 << l);
        for label in 0..w.labels {
            let allowed = match labels.last() {
                None => w.first,
                Some(&last) => w.turns[last],
            };
            if allowed >> label & 1 == 0 || w.needs[label] & !used != 0 {
                continue;
            }
            let before = path.len();
            let mut ok = true;
            for _ in 0..w.runs[run] {
                let next = w.next(*path.last().unwrap(), label);
                if next == NONE || path.contains(&next) {
                    ok = false;
                    break;
                }
                path.push(next);
            }
            if ok {
                labels.push(label);
                extend(w, path, labels, out);
                labels.pop();
            }
            path.truncate(before);
        }
    }
    let mut out = BTreeSet::new();
    for &s in &w.starts {
        extend(w, &mut vec![s], &mut Vec::new(), &mut out);
    }
    out
}

/// Every path the search finds through `core`, checked for repeats.
fn searched<C: Core>(core: &C, threads: usize, shared: bool) -> BTreeSet<Vec<u32>> {
    let sharing = Sharing::every_solution(threads, shared, None);
    let mut found = Vec::new();
    let mut take = |e: TreeEvent| -> Result<bool, ()> {
        if let TreeEvent::Solution(p) = e {
            found.push(p);
        }
        Ok(true)
    };
    let outcome = if shared {
        sharing.run_on(core, &mut take)
    } else {
        sharing
            .run_here_within(core, u64::MAX, &mut HandedHere::sequences(), &mut take)
            .map(|outcome| outcome.expect("no budget to pass"))
    }
    .unwrap();
    assert!(outcome.complete);
    let set: BTreeSet<Vec<u32>> = found.iter().cloned().collect();
    assert_eq!(set.len(), found.len(), "a path found twice");
    set
}

/// Both occupancies (the bitboards where the graph is a lattice), one and two
/// threads, label order and snug first, against the brute force.
fn assert_matches_brute_force(w: &Walks) -> usize {
    let expected = brute_force(w);
    for snug_first in [false, true] {
        let search = WalkSearch {
            walks: w,
            threads: 2,
            estimate: false,
            part: None,
            // The graph core tries children snug first for the first solution.
            wanted: if snug_first {
                Wanted::First
            } else {
                Wanted::Each
            },
        };
        for (threads, shared) in [(1, false), (2, true)] {
            assert_eq!(searched(&GraphCore(&search), threads, shared), expected);
            if let Some(shifts) = Shifts::of(w) {
                let core = LatticeCore {
                    walks: w,
                    shifts,
                    snug_first,
                };
                assert_eq!(searched(&core, threads, shared), expected);
            }
        }
    }
    expected.len()
}

/// The six directions of an `a`×`b`×`c` box as labels, runs turning 90°.
fn box_walks(sides: [usize; 3], runs: Vec<u32>, breaking: bool) -> Option<Walks> {
    let [a, b, c] = sides;
    let n = a * b * c;
    let mut step = Vec::with_capacity(n * 6);
    for v in 0..n {
        let at = [v % a, v / a % b, v / (a * b)];
        for label in 0..6 {
            let (axis, up) = (label / 2, label % 2 == 0);
            let mut to = at;
            let ok = if up {
                to[axis] += 1;
                to[axis] < sides[axis]
            } else {
                to[axis] = to[axis].wrapping_sub(1);
                to[axis] < sides[axis]
            };
            step.push(if ok {
                (to[0] + a * (to[1] + b * to[2])) as u32
            } else {
                NONE
            });
        }
    }
    let turns = (0..6)
        .map(|l: usize| (0..6).filter(|m| m / 2 != l / 2).fold(0, |s, m| s | 1 << m))
        .collect();
    let walks = Walks::new(n, 6, step, turns, runs, (0..n as u32).collect()).ok()?;
    Some(if breaking {
        (0..3).fold(walks, |w, axis| w.with_needs(2 * axis + 1, 1 << (2 * axis)))
    } else {
        walks
    })
}

/// Run lengths adding up to `edges`, drawn from `seed`.
fn random_runs(edges: u32, longest: u32, seed: u64) -> Vec<u32> {
    let mut random = crate::solve::subtrees::Random::new(seed);
    let mut runs = Vec::new();
    let mut left = edges;
    while left > 0 {
        let r = (1 + random.below(longest)).min(left);
        runs.push(r);
        left -= r;
    }
    runs
}

#[test]
fn boxes_with_runs_match_brute_force() {
    let mut solvable = 0;
    for (sides, longest) in [
        ([2, 2, 2], 2),
        ([2, 2, 3], 2),
        ([2, 3, 3], 2),
        ([3, 3, 1], 2),
        ([1, 1, 4], 3),
    ] {
        let n = (sides[0] * sides[1] * sides[2]) as u32;
        for seed in 0..40 {
            for breaking in [false, true] {
                let w = box_walks(sides, random_runs(n - 1, longest, seed), breaking).unwrap();
                assert!(Shifts::of(&w).is_some(), "a box is a lattice");
                solvable += usize::from(assert_matches_brute_force(&w) > 0);
            }
        }
    }
    assert!(solvable > 50, "too few walks with a path: {solvable}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Single steps on random graphs whose labels are no lattice's offsets:
    /// the degree-counting occupancy alone, every turn allowed.
    #[test]
    fn random_graphs_match_brute_force(
        n in 2usize..9,
        edges in prop::collection::vec((0u32..9, 0u32..9), 4..20),
        start in 0u32..9,
    ) {
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (u, v) in edges {
            let (u, v) = (u % n as u32, v % n as u32);
            if u != v && !adjacent[u as usize].contains(&v) {
                adjacent[u as usize].push(v);
                adjacent[v as usize].push(u);
            }
        }
        let labels = adjacent.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let step = adjacent
            .iter()
            .flat_map(|a| (0..labels).map(move |l| a.get(l).copied().unwrap_or(NONE)))
            .collect();
        let everything = (1u64 << labels) - 1;
        let w = Walks::new(n, labels, step, vec![everything; labels], vec![1; n - 1], vec![start % n as u32])
            .unwrap();
        assert_matches_brute_force(&w);
    }
}

#[test]
fn malformed_walks_are_refused() {
    let step = vec![1, NONE, NONE, 0];
    let turns = vec![3, 3];
    assert!(Walks::new(2, 2, step.clone(), turns.clone(), vec![1], vec![0]).is_ok());
    // Runs through three nodes of two.
    assert!(Walks::new(2, 2, step.clone(), turns.clone(), vec![2], vec![0]).is_err());
    assert!(Walks::new(2, 2, step.clone(), turns.clone(), vec![0, 1], vec![0]).is_err());
    assert!(Walks::new(2, 2, step.clone(), turns.clone(), vec![1], vec![2]).is_err());
    // An edge one way only.
    assert!(
        Walks::new(
            2,
            2,
            vec![1, NONE, NONE, NONE],
            turns.clone(),
            vec![1],
            vec![0]
        )
        .is_err()
    );
    assert!(Walks::new(2, 0, vec![], vec![], vec![1], vec![0]).is_err());
}
