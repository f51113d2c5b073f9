//! The engine against a brute force that knows nothing of its pruning: every
//! colouring that fills the groups' shares, and under each every simple path
//! that follows the rules.

use super::*;
use std::collections::BTreeSet;

/// An `n`×`n` grid with boxes of `b`×`b`, `first` nodes of colour 0 in each
/// row, column and box; every box to visit when `visit`.
fn grid(n: usize, b: usize, first: usize, visit: bool, lengths: (usize, usize)) -> Snakes {
    let at = |r: usize, c: usize| (r * n + c) as u32;
    let neighbours = (0..n * n)
        .map(|v| {
            let (r, c) = (v / n, v % n);
            let mut out = Vec::new();
            if r > 0 {
                out.push(at(r - 1, c));
            }
            if r + 1 < n {
                out.push(at(r + 1, c));
            }
            if c > 0 {
                out.push(at(r, c - 1));
            }
            if c + 1 < n {
                out.push(at(r, c + 1));
            }
            out
        })
        .collect();
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for i in 0..n {
        groups.push((0..n).map(|c| at(i, c)).collect());
        groups.push((0..n).map(|r| at(r, i)).collect());
    }
    let first_box = groups.len() as u32;
    for br in (0..n).step_by(b) {
        for bc in (0..n).step_by(b) {
            groups.push(
                (br..br + b)
                    .flat_map(|r| (bc..bc + b).map(move |c| at(r, c)))
                    .collect(),
            );
        }
    }
    let visit = if visit {
        (first_box..groups.len() as u32).collect()
    } else {
        Vec::new()
    };
    let shares = vec![first; groups.len()];
    Snakes::new(neighbours, &groups, &shares, visit, lengths).expect("shares fit")
}

/// Every path the engine finds, as node lists read from the lower end, each
/// checked against its witness.
fn searched(snakes: &Snakes, threads: usize) -> BTreeSet<Vec<u32>> {
    let n = snakes.nodes();
    let mut found = BTreeSet::new();
    let search = SnakeSearch {
        snakes,
        threads,
        estimate: false,
        part: None,
        wanted: Wanted::Each,
    };
    search
        .run(&mut |event| -> Result<bool, ()> {
            if let TreeEvent::Solution(out) = event {
                let (colours, path) = out.split_at(n);
                let colours: Vec<u8> = colours.iter().map(|&c| c as u8).collect();
                assert!(follows_rules(snakes, &colours, path), "{path:?}");
                assert!(found.insert(path.to_vec()), "{path:?} twice");
            }
            Ok(true)
        })
        .expect("no error");
    found
}

/// Whether `path` with the colouring `colours` meets every rule.
fn follows_rules(s: &Snakes, colours: &[u8], path: &[u32]) -> bool {
    let n = s.nodes();
    let shares_held = s.shares.iter().enumerate().all(|(g, share)| {
        let first = (0..n)
            .filter(|&v| s.groups_of[v].contains(&(g as u32)) && colours[v] == 0)
            .count();
        first == share[0] as usize
    });
    let position = |v: u32| path.iter().position(|&p| p == v);
    let induced_and_unambiguous = path.iter().enumerate().all(|(i, &v)| {
        s.neighbours[v as usize].iter().all(|&u| match position(u) {
            Some(j) => i.abs_diff(j) == 1 && colours[u as usize] != colours[v as usize],
            None => colours[u as usize] == colours[v as usize],
        })
    });
    let ends = |v: u32| {
        s.end_node.is_none_or(|e| e == v) && s.end_colour.is_none_or(|c| c == colours[v as usize])
    };
    let simple = path.iter().collect::<BTreeSet<_>>().len() == path.len();
    shares_held
        && induced_and_unambiguous
        && simple
        && path
            .windows(2)
            .all(|w| s.neighbours[w[0] as usize].contains(&w[1]))
        && (s.min_len..=s.max_len).contains(&path.len())
        && path[0] < path[path.len() - 1]
        && (ends(path[0]) || ends(path[path.len() - 1]))
        && s.visit
            .iter()
            .all(|&g| path.iter().any(|&v| s.groups_of[v as usize].contains(&g)))
}

/// Every colouring of the nodes that holds the shares, by brute force.
fn colourings(s: &Snakes) -> Vec<Vec<u8>> {
    let n = s.nodes();
    assert!(n <= 20, "a brute force over 2^{n} colourings");
    (0u32..1 << n)
        .map(|bits| (0..n).map(|v| (bits >> v & 1) as u8).collect::<Vec<u8>>())
        .filter(|colours| {
            s.shares.iter().enumerate().all(|(g, share)| {
                (0..n)
                    .filter(|&v| s.groups_of[v].contains(&(g as u32)) && colours[v] == 0)
                    .count()
                    == share[0] as usize
            })
        })
        .collect()
}

/// Every path that some colouring makes valid, by brute force over simple
/// paths.
fn brute_force(s: &Snakes) -> BTreeSet<Vec<u32>> {
    let mut found = BTreeSet::new();
    let colourings = colourings(s);
    let mut path = Vec::new();
    fn extend(
        s: &Snakes,
        colourings: &[Vec<u8>],
        path: &mut Vec<u32>,
        found: &mut BTreeSet<Vec<u32>>,
    ) {
        if colourings.iter().any(|c| follows_rules(s, c, path)) {
            found.insert(path.clone());
        }
        let head = *path.last().expect("a path");
        for &u in &s.neighbours[head as usize] {
            if !path.contains(&u) && path.len() < s.max_len {
                path.push(u);
                extend(s, colourings, path, found);
                path.pop();
            }
        }
    }
    for v in 0..s.nodes() as u32 {
        path.push(v);
        extend(s, &colourings, &mut path, &mut found);
        path.pop();
    }
    found
}

#[test]
fn small_grids_equal_the_brute_force() {
    for (n, b, first, visit, lengths) in [
        (4, 2, 2, true, (2, 16)),
        (4, 2, 2, false, (2, 16)),
        (4, 2, 1, true, (2, 16)),
        (4, 2, 3, false, (3, 6)),
        (4, 4, 2, false, (2, 16)),
    ] {
        let s = grid(n, b, first, visit, lengths);
        let expected = brute_force(&s);
        assert_eq!(searched(&s, 1), expected, "{n} {b} {first} {visit}");
        assert_eq!(searched(&s, 2), expected);
    }
}

#[test]
fn ends_on_a_node_or_of_a_colour() {
    for (node, colour) in [(Some(5), None), (None, Some(1)), (Some(0), Some(0))] {
        let s = grid(4, 2, 2, false, (2, 16)).with_end(node, colour);
        assert_eq!(searched(&s, 2), brute_force(&s), "{node:?} {colour:?}");
    }
}
