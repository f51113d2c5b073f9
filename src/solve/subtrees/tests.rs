//! The sharing of a tree among threads, on a tree known by heart: the full
//! binary tree of a given depth, whose leaves are its solutions.

use super::*;

/// The full binary tree of `depth` levels below its root; its solutions are
/// the leaves `leaf` takes (read as binary numbers, the first choice highest).
struct Binary {
    depth: usize,
    leaf: Leaves,
}

/// Which leaves are solutions.
type Leaves = fn(u64) -> bool;

impl Binary {
    /// Every leaf a solution.
    fn full(depth: usize) -> Binary {
        Binary {
            depth,
            leaf: |_| true,
        }
    }
}

struct BinaryWalk<'c> {
    depth: usize,
    leaf: Leaves,
    signal: &'c Signal,
    /// The choices made from the root (0 or 1 each).
    path: Vec<u32>,
    nodes: u64,
}

impl Core for Binary {
    type Walk<'c> = BinaryWalk<'c>;

    fn walk<'c>(&'c self, signal: &'c Signal) -> BinaryWalk<'c> {
        BinaryWalk {
            depth: self.depth,
            leaf: self.leaf,
            signal,
            path: Vec::new(),
            nodes: 0,
        }
    }
}

impl BinaryWalk<'_> {
    fn each_child(&mut self, f: &mut dyn FnMut(&mut Self) -> bool) -> bool {
        for choice in 0..2 {
            self.path.push(choice);
            let go = f(self);
            self.path.pop();
            if !go {
                return false;
            }
        }
        true
    }
}

impl Tree for BinaryWalk<'_> {
    fn search(&mut self, found: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        if !self.signal.visit(&mut self.nodes) {
            return false;
        }
        if self.path.len() == self.depth {
            let number = self.path.iter().fold(0, |n, &c| 2 * n + u64::from(c));
            return !(self.leaf)(number) || found(&self.path);
        }
        self.each_child(&mut |walk| walk.search(found))
    }

    fn units(&mut self, limit: usize, next: &mut usize, visit: &mut UnitVisitor<'_, Self>) -> bool {
        if self.path.len() == limit || self.path.len() == self.depth {
            let unit = *next;
            *next += 1;
            return visit(self, unit, self.path.len() == limit);
        }
        self.each_child(&mut |walk| walk.units(limit, next, visit))
    }

    fn probe(&mut self, _random: &mut Random) -> f64 {
        // Every path down a full binary tree weighs the same: its size.
        let below = self.depth - self.path.len();
        ((1u128 << (below + 1)) - 1) as f64
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[test]
fn a_shared_search_finds_every_leaf_once_on_any_number_of_threads() {
    for threads in [1, 2, 3] {
        let sharing = Sharing::every_solution(threads, false, None);
        let mut leaves = std::collections::BTreeSet::new();
        let outcome = sharing
            .run_on(&Binary::full(14), &mut |event| -> Result<bool, ()> {
                if let TreeEvent::Solution(path) = event {
                    assert!(leaves.insert(path), "a leaf met twice");
                }
                Ok(true)
            })
            .unwrap();
        assert!(outcome.complete);
        assert_eq!((outcome.solutions, leaves.len()), (1 << 14, 1 << 14));
    }
}

/// A search that asks for fewer units is cut higher up, into fewer, and its
/// shares (interleaved units) still hand every leaf once between them.
#[test]
fn fewer_units_wanted_cut_higher_and_lose_no_leaf() {
    let tree = Binary::full(14);
    assert_eq!(cut(&tree, UNITS_WANTED), (11, 2048));
    assert_eq!(cut(&tree, 64), (6, 64));
    for part in [None, Some((0, 3)), Some((1, 3)), Some((2, 3))] {
        let mut leaves = std::collections::BTreeSet::new();
        let mut units = 0;
        let sharing = Sharing {
            units_wanted: 64,
            ..Sharing::every_solution(2, false, part)
        };
        sharing
            .run_on(&tree, &mut |event| -> Result<bool, ()> {
                match event {
                    TreeEvent::Solution(path) => assert!(leaves.insert(path)),
                    TreeEvent::Progress(p) => units = p.units,
                }
                Ok(true)
            })
            .unwrap();
        let share = part.map_or(64, |(index, _)| (64 + 2 - index) / 3);
        assert_eq!(units, share, "{part:?}");
        assert_eq!(leaves.len(), (1 << 14) / 64 * share, "{part:?}");
    }
}

/// How a search here ended, for the test below.
enum Here {
    Done(TreeOutcome),
    GaveUp(HandedHere),
}

#[test]
fn a_search_here_gives_up_at_its_budget_and_the_search_again_hands_the_rest() {
    // 2^15 leaves, 2^16 - 1 nodes; the last four leaves only, or all of them.
    let late = Binary {
        depth: 15,
        leaf: |n| n >= (1 << 15) - 4,
    };
    let every = Binary::full(15);
    for wanted in [Wanted::Number, Wanted::Each, Wanted::InOrder, Wanted::First] {
        let sharing = Sharing::every_solution(1, false, None).handing(wanted);
        let run = |tree: &Binary, budget| {
            let mut handed = Vec::new();
            let mut before = HandedHere::sequences();
            let outcome = sharing
                .run_here_within(
                    tree,
                    budget,
                    &mut before,
                    &mut |event| -> Result<bool, ()> {
                        if let TreeEvent::Solution(leaf) = event {
                            handed.push(leaf);
                        }
                        Ok(true)
                    },
                )
                .unwrap();
            let here = match outcome {
                Some(outcome) => Here::Done(outcome),
                None => Here::GaveUp(before),
            };
            (here, handed)
        };
        let (here, handed) = run(&late, 1 << 14);
        assert!(matches!(here, Here::GaveUp(_)), "{wanted:?}");
        assert!(handed.is_empty(), "{wanted:?}: handed past the budget");
        let (here, _) = run(&late, 1 << 17);
        let Here::Done(outcome) = here else {
            panic!("{wanted:?}: gave up within the budget");
        };
        let solutions = if wanted == Wanted::First { 1 } else { 4 };
        assert_eq!(outcome.solutions, solutions, "{wanted:?}");
        // Every leaf a solution.
        let (here, handed) = run(&every, 1 << 14);
        match (wanted, here) {
            (Wanted::Number, Here::GaveUp(_)) => assert!(handed.is_empty()),
            // The first is the tree's first, and a caller in the tree's
            // order gets every solution from this one walk.
            (Wanted::First, Here::Done(outcome)) => {
                assert_eq!(handed, [vec![0; 15]]);
                assert!(!outcome.complete);
            }
            (Wanted::InOrder, Here::Done(outcome)) => {
                assert!(outcome.complete);
                assert_eq!(handed.len(), 1 << 15);
                assert!(handed.is_sorted(), "in the tree's order");
            }
            // Each in no order: the walk gives up, and the search again
            // hands only the leaves it did not.
            (Wanted::Each, Here::GaveUp(before)) => {
                assert!(!handed.is_empty() && handed.len() < 1 << 15);
                let mut all: std::collections::BTreeSet<Vec<u32>> =
                    handed.iter().cloned().collect();
                let mut on_event = |event| -> Result<bool, ()> {
                    if let TreeEvent::Solution(leaf) = event {
                        assert!(all.insert(leaf), "a leaf handed twice");
                    }
                    Ok(true)
                };
                let outcome = Sharing::every_solution(2, false, None)
                    .handing(wanted)
                    .run_on(&every, &mut before.skipping(&mut on_event))
                    .unwrap();
                assert!(outcome.complete);
                assert_eq!(outcome.solutions, 1 << 15);
                assert_eq!(all.len(), 1 << 15);
            }
            (_, _) => panic!("{wanted:?}: not as expected"),
        }
    }
}

/// The solution a search for the first hands out, and whether it said it was
/// complete.
fn first_of(tree: &Binary, threads: usize) -> (Option<Vec<u32>>, bool) {
    let sharing = Sharing::every_solution(threads, false, None).handing(Wanted::First);
    let mut first = None;
    let outcome = sharing
        .run_on(tree, &mut |event| -> Result<bool, ()> {
            if let TreeEvent::Solution(path) = event {
                assert!(first.is_none(), "a second solution handed out");
                first = Some(path);
            }
            Ok(true)
        })
        .unwrap();
    (first, outcome.complete)
}

#[test]
fn the_first_solution_is_the_first_in_the_tree_whatever_the_threads_do() {
    let depth = 16;
    let path = |n: u64| -> Vec<u32> { (0..depth).rev().map(|b| (n >> b) as u32 & 1).collect() };
    // Solutions late in early units and early in late ones, so that threads
    // racing through the units meet later solutions first.
    let trees: [(Leaves, Option<u64>); 4] = [
        (|n| n % 1000 == 999, Some(999)),
        (|n| n == 40_000 || n == 65_535 || n % 4096 == 5, Some(5)),
        (|n| n > 60_000 && n % 7 == 3, Some(60_007)),
        (|_| false, None),
    ];
    for (leaf, first) in trees {
        let tree = Binary { depth, leaf };
        for threads in [1, 2, 3, 4] {
            for _ in 0..4 {
                let (found, complete) = first_of(&tree, threads);
                assert_eq!(found, first.map(path), "{threads} threads");
                assert_eq!(
                    complete,
                    first.is_none(),
                    "complete only when none was found"
                );
            }
        }
    }
}

#[test]
fn solutions_in_order_come_in_the_trees_order_whatever_the_threads_do() {
    let depth = 16;
    let leaves: [Leaves; 3] = [|n| n % 1000 == 999, |n| n % 3 != 1 || n > 50_000, |_| true];
    for leaf in leaves {
        let tree = Binary { depth, leaf };
        let expected: Vec<Vec<u32>> = (0..1u64 << depth)
            .filter(|&n| leaf(n))
            .map(|n| (0..depth).rev().map(|b| (n >> b) as u32 & 1).collect())
            .collect();
        for threads in [1, 2, 3, 4] {
            for part in [None, Some((1, 3))] {
                let sharing =
                    Sharing::every_solution(threads, false, part).handing(Wanted::InOrder);
                let mut found = Vec::new();
                let outcome = sharing
                    .run_on(&tree, &mut |event| -> Result<bool, ()> {
                        if let TreeEvent::Solution(path) = event {
                            found.push(path);
                        }
                        Ok(true)
                    })
                    .unwrap();
                assert!(outcome.complete);
                assert_eq!(outcome.solutions, found.len() as u64);
                match part {
                    None => assert_eq!(found, expected, "{threads} threads"),
                    // A share's solutions: in order, and part of the whole.
                    Some(_) => {
                        assert!(found.is_sorted(), "{threads} threads, a share");
                        assert!(found.iter().all(|p| expected.binary_search(p).is_ok()));
                    }
                }
            }
        }
    }
}

#[test]
fn a_search_whose_units_never_end_still_reports_the_time_it_has_left() {
    // 2^60 nodes: no unit of it ends while the test runs.
    let tree = Binary::full(60);
    let sharing = Sharing::every_solution(2, true, None);
    let mut reports = 0;
    let mut left = None;
    let outcome = sharing
        .run_on(&tree, &mut |event| -> Result<bool, ()> {
            if let TreeEvent::Progress(p) = event {
                reports += 1;
                assert_eq!(p.units_done, 0);
                left = p.remaining;
            }
            Ok(left.is_none())
        })
        .unwrap();
    assert!(!outcome.complete);
    assert!(reports >= 2, "progress before the estimate, and with it");
    // Even at a billion nodes a second, 2^60 nodes take 36 years (capped at
    // about 30).
    let left = left.expect("an estimate once the search has run a second");
    assert!(left.as_secs_f64() > 20.0 * 365.0 * 86_400.0, "{left:?}");
}

#[test]
fn the_time_left_scales_the_estimates_by_the_units_finished() {
    let mut r = Remaining::new(vec![100.0, 100.0, 200.0]);
    assert_eq!(r.time_left(0, 1.0), None);
    // Nothing finished: the estimates as they are, less the 50 nodes visited,
    // at 50 nodes a second.
    assert_eq!(r.time_left(50, 1.0), Some(Duration::from_secs(7)));
    // The first unit took 300 nodes where 100 were estimated: the other two
    // scaled to 900 nodes, at 300 nodes a second.
    r.finished(0, 300);
    assert_eq!(r.time_left(300, 1.0), Some(Duration::from_secs(3)));
    // 600 nodes visited in the two units begun: 300 left at 900 a second.
    assert_eq!(
        r.time_left(900, 1.0),
        Some(Duration::from_secs_f64(300.0 / 900.0))
    );
    r.finished(1, 300);
    r.finished(2, 600);
    assert_eq!(r.time_left(1200, 1.0), Some(Duration::ZERO));
}

#[test]
fn units_not_reached_within_the_budget_get_the_mean_of_those_that_were() {
    // Cut at depth 11 (2,048 units), each unit a full tree of 2^5 - 1 nodes.
    let tree = Binary::full(15);
    let (limit, units) = cut(&tree, UNITS_WANTED);
    assert_eq!((limit, units), (11, 2048));
    let each = 31.0;
    let all = |_: usize| true;
    let even = |unit: usize| unit.is_multiple_of(2);
    for budget in [Duration::ZERO, Duration::from_secs(60)] {
        let estimates = estimate_units(&tree, limit, units, &all, budget);
        assert!(estimates.iter().all(|&e| e == each), "{budget:?}");
        let estimates = estimate_units(&tree, limit, units, &even, budget);
        for (unit, &e) in estimates.iter().enumerate() {
            assert_eq!(e, if even(unit) { each } else { 0.0 });
        }
    }
}
