//! A count split into shares that separate machines run, and the sum of the
//! shares. The search is already cut into disjoint pieces (cubes for the SAT
//! engine, subtrees for the exact-cover engine), chosen from the model alone; a
//! share takes every n-th piece. Solutions then add up across shares, with one
//! exception: symmetry breaking may meet one orbit in two places (a packing whose
//! anchor piece lies on a placement some symmetry fixes), and those orbits are
//! named, so that the sum counts each once. Classes up to symmetry are named too,
//! since one class may be met in several shares; or, where they are counted by
//! Burnside's lemma (a packing that no piece anchors), the symmetries are dealt
//! out among the shares too, and each share brings the solutions its symmetries
//! fix.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One of `count` shares of a search, `index` from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// This share's place, from 0.
    pub index: usize,
    /// The number of shares.
    pub count: usize,
}

/// Largest number of shares: far more than any cluster runs, and small enough
/// that a list of missing parts stays readable.
pub const MAX_PARTS: usize = 1_000_000;

impl Part {
    /// `i/n` with 1 ≤ i ≤ n (the numbering job runners use), or what is wrong.
    pub fn parse(text: &str) -> Result<Part, String> {
        let expected = || format!("a part as I/N with 1 <= I <= N <= {MAX_PARTS}, got {text:?}");
        let (i, n) = text.split_once('/').ok_or_else(expected)?;
        let number = |s: &str| {
            s.parse::<usize>()
                .ok()
                .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))
        };
        match (number(i), number(n)) {
            (Some(i), Some(n)) if 1 <= i && i <= n && n <= MAX_PARTS => Ok(Part {
                index: i - 1,
                count: n,
            }),
            _ => Err(expected()),
        }
    }

    /// Whether the piece of the search numbered `k` (from 0) is this share's:
    /// shares interleave, so that each gets pieces from every region of the tree.
    pub fn holds(&self, k: usize) -> bool {
        k % self.count == self.index
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

/// What one share found, in the form the shares add up in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shares {
    /// Solutions of orbits that no other share can meet: their sum over the
    /// shares is exact.
    pub met_once: u64,
    /// Those solutions per value of the family's tally, if it has one.
    pub met_once_tally: BTreeMap<u64, u64>,
    /// Orbits another share may meet too, by a text naming each, with its number
    /// of solutions and its tally value.
    pub shared: BTreeMap<String, SharedOrbit>,
    /// With `--unique`: the canonical form of each class met, as text.
    pub classes: Option<BTreeSet<String>>,
    /// With `--unique`, when the classes are counted by Burnside's lemma
    /// instead of named: this share's terms of the sum.
    pub fixed: Option<FixedShare>,
}

/// A share's terms of Burnside's sum, over the group, of the solutions each
/// symmetry fixes; the classes are that sum over the group's order. The
/// symmetries are dealt out among the shares in classes of conjugates (which
/// fix as many solutions), like the pieces of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedShare {
    /// The group's order: the same in every share.
    pub symmetries: u64,
    /// This share's symmetries that fix every solution (the identity among
    /// them): each adds the whole count, which only the sum of the shares
    /// knows.
    pub fixing_all: u64,
    /// The solutions this share's other symmetries fix, added up.
    pub fixed: u64,
}

/// An orbit that more than one share may meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedOrbit {
    pub solutions: u64,
    /// The tally value its solutions share, if the family tallies.
    pub tally: Option<u64>,
}

/// The sum of every share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    pub solutions: u64,
    pub unique: Option<u64>,
    pub tally: BTreeMap<u64, u64>,
}

/// Why shares cannot all be shares of one count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotOneCount {
    /// Their counts add up past the largest count (2^64 - 1).
    Overflow,
    /// Their terms of Burnside's sum do not fit together: what is wrong.
    Symmetries(String),
}

/// `a + b`, or [`NotOneCount::Overflow`].
fn add(a: &mut u64, b: u64) -> Result<(), NotOneCount> {
    *a = a.checked_add(b).ok_or(NotOneCount::Overflow)?;
    Ok(())
}

/// Adds up the shares: the orbits met once, each named orbit once, each named
/// class once, or the classes from the shares' terms of Burnside's sum.
/// `complete` says whether every share ran to its end: if not, the classes
/// given are the least number the solutions found could fall into (each
/// class holds at most one solution per symmetry).
pub fn add_up<'a>(
    shares: impl IntoIterator<Item = &'a Shares>,
    complete: bool,
) -> Result<Sum, NotOneCount> {
    let mut solutions = 0u64;
    let mut tally: BTreeMap<u64, u64> = BTreeMap::new();
    let mut shared: BTreeMap<&str, SharedOrbit> = BTreeMap::new();
    let mut classes: Option<BTreeSet<&str>> = None;
    let mut fixed: Vec<FixedShare> = Vec::new();
    let mut shares_counted = 0;
    for share in shares {
        shares_counted += 1;
        fixed.extend(share.fixed);
        add(&mut solutions, share.met_once)?;
        for (value, n) in &share.met_once_tally {
            add(tally.entry(*value).or_default(), *n)?;
        }
        for (key, orbit) in &share.shared {
            shared.insert(key, *orbit);
        }
        if let Some(c) = &share.classes {
            classes
                .get_or_insert_with(BTreeSet::new)
                .extend(c.iter().map(String::as_str));
        }
    }
    for orbit in shared.values() {
        add(&mut solutions, orbit.solutions)?;
        if let Some(value) = orbit.tally {
            add(tally.entry(value).or_default(), orbit.solutions)?;
        }
    }
    let unique = if fixed.is_empty() {
        classes.map(|c| c.len() as u64)
    } else {
        if fixed.len() != shares_counted || classes.is_some() {
            return Err(NotOneCount::Symmetries(
                "every share counting classes by Burnside's lemma, or none".into(),
            ));
        }
        Some(classes_by_symmetries(&fixed, solutions, complete)?)
    };
    Ok(Sum {
        solutions,
        unique,
        tally,
    })
}

/// The classes among `solutions` from every share's terms of Burnside's sum
/// (when not `complete`, the least number they could fall into).
pub fn classes_by_symmetries(
    fixed: &[FixedShare],
    solutions: u64,
    complete: bool,
) -> Result<u64, NotOneCount> {
    let order = fixed[0].symmetries;
    if order == 0 || fixed.iter().any(|f| f.symmetries != order) {
        return Err(NotOneCount::Symmetries(format!(
            "one group order in every share, got {:?}",
            fixed.iter().map(|f| f.symmetries).collect::<Vec<_>>()
        )));
    }
    if !complete {
        return Ok(solutions.div_ceil(order));
    }
    let fixing_all: u128 = fixed.iter().map(|f| u128::from(f.fixing_all)).sum();
    let sum = fixing_all * u128::from(solutions)
        + fixed.iter().map(|f| u128::from(f.fixed)).sum::<u128>();
    if !sum.is_multiple_of(u128::from(order)) {
        return Err(NotOneCount::Symmetries(format!(
            "solutions fixed by the {order} symmetries adding up to a multiple of {order}, got {sum}"
        )));
    }
    u64::try_from(sum / u128::from(order)).map_err(|_| NotOneCount::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_parse_strictly() {
        assert_eq!(Part::parse("1/1"), Ok(Part { index: 0, count: 1 }));
        assert_eq!(Part::parse("3/7"), Ok(Part { index: 2, count: 7 }));
        for bad in [
            "0/3",
            "4/3",
            "1/0",
            "x/y",
            "1/",
            "/2",
            "1/2/3",
            "+1/2",
            " 1/2",
            "1/2000000",
        ] {
            assert!(Part::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Part::parse("2/5").unwrap().to_string(), "2/5");
    }

    #[test]
    fn named_orbits_and_classes_count_once() {
        let orbit = |n| SharedOrbit {
            solutions: n,
            tally: None,
        };
        let a = Shares {
            met_once: 10,
            shared: BTreeMap::from([("x".to_string(), orbit(12)), ("y".to_string(), orbit(6))]),
            classes: Some(BTreeSet::from(["c1".to_string(), "c2".to_string()])),
            ..Shares::default()
        };
        let b = Shares {
            met_once: 5,
            shared: BTreeMap::from([("y".to_string(), orbit(6))]),
            classes: Some(BTreeSet::from(["c2".to_string(), "c3".to_string()])),
            ..Shares::default()
        };
        let sum = add_up([&a, &b], true).unwrap();
        assert_eq!(sum.solutions, 10 + 5 + 12 + 6);
        assert_eq!(sum.unique, Some(3));
    }

    #[test]
    fn classes_by_symmetries_add_up_over_the_shares() {
        // A group of 4: the identity (share a), a symmetry fixing 2 solutions
        // (share a) and two conjugates fixing none (share b); 6 solutions.
        let share = |met_once, fixing_all, fixed| Shares {
            met_once,
            fixed: Some(FixedShare {
                symmetries: 4,
                fixing_all,
                fixed,
            }),
            ..Shares::default()
        };
        let (a, b) = (share(4, 1, 2), share(2, 0, 0));
        let sum = add_up([&a, &b], true).unwrap();
        assert_eq!((sum.solutions, sum.unique), (6, Some((6 + 2) / 4)));
        // Stopped early: the least number of classes 6 solutions fill.
        assert_eq!(add_up([&a, &b], false).unwrap().unique, Some(2));
        let odd = share(3, 1, 2);
        assert!(matches!(
            add_up([&odd, &b], true),
            Err(NotOneCount::Symmetries(_))
        ));
        let other_group = Shares {
            fixed: Some(FixedShare {
                symmetries: 8,
                ..FixedShare::default()
            }),
            ..b.clone()
        };
        assert!(matches!(
            add_up([&a, &other_group], true),
            Err(NotOneCount::Symmetries(_))
        ));
        assert!(matches!(
            add_up([&a, &Shares::default()], true),
            Err(NotOneCount::Symmetries(_))
        ));
    }
}
