//! The catalogue of a box's snake cubes against a plain enumeration of every
//! path through the box, grouped by the string read off it: string by string
//! on small boxes (classes by Burnside's lemma), and the published figures of
//! the 3x3x3 cube; the command's output and refusals.

use crate::common::cli::puzzlesat;
use crate::common::reference::{burnside_classes, for_each_hamiltonian_path, letters_of};
use puzzlesat::Cancel;
use puzzlesat::snake_cube::{Entry, catalogue};
use std::collections::{BTreeMap, HashMap};

type Cell = [i32; 3];

fn made(sides: [i32; 3], threads: usize) -> Vec<Entry> {
    let c = catalogue(sides, Some(threads), &Cancel::new(), &mut |_| {}).unwrap();
    assert!(c.complete);
    c.entries
}

fn reversed(letters: &str) -> String {
    letters.chars().rev().collect()
}

/// The catalogue a plain enumeration makes: every path grouped by its
/// string, each string once up to reversal (the first in the alphabet),
/// with its classes by Burnside's lemma.
fn brute_force(sides: [i32; 3]) -> Vec<Entry> {
    let mut by_string: BTreeMap<String, Vec<Vec<Cell>>> = BTreeMap::new();
    for_each_hamiltonian_path(sides, &mut |path| {
        by_string
            .entry(letters_of(path))
            .or_default()
            .push(path.to_vec());
    });
    by_string
        .iter()
        .filter(|(letters, _)| **letters <= reversed(letters))
        .map(|(letters, paths)| {
            let palindrome = *letters == reversed(letters);
            Entry {
                letters: letters.clone(),
                solutions: paths.len() as u64,
                unique: burnside_classes(sides, paths, palindrome),
                palindrome,
            }
        })
        .collect()
}

#[test]
fn small_boxes_equal_a_plain_enumeration_string_by_string() {
    for sides in [
        [2, 2, 2],
        [2, 2, 3],
        [1, 3, 4],
        [1, 1, 5],
        [3, 1, 3],
        [2, 3, 3],
        [2, 3, 4],
    ] {
        let expected = brute_force(sides);
        assert!(!expected.is_empty());
        assert_eq!(made(sides, 1), expected, "{sides:?}");
        assert_eq!(made(sides, 2), expected, "{sides:?} on two threads");
    }
}

/// The figures published for the 3x3x3 cube (11,487 strings, 51,704 foldings
/// up to symmetry, 3,658 strings with exactly one), and every string's
/// foldings against a plain enumeration.
#[test]
fn the_3x3x3_catalogue_has_the_published_figures() {
    let entries = made([3, 3, 3], 2);
    assert_eq!(entries.len(), 11_487);
    assert_eq!(entries.iter().map(|e| e.unique).sum::<u64>(), 51_704);
    assert_eq!(entries.iter().filter(|e| e.unique == 1).count(), 3_658);
    let mut counted: HashMap<String, u64> = HashMap::new();
    for_each_hamiltonian_path([3, 3, 3], &mut |path| {
        *counted.entry(letters_of(path)).or_default() += 1;
    });
    for e in &entries {
        assert_eq!(Some(&e.solutions), counted.get(&e.letters), "{}", e.letters);
        assert_eq!(e.palindrome, e.letters == reversed(&e.letters));
    }
    let strings_up_to_reversal = counted.keys().filter(|s| **s <= reversed(s)).count();
    assert_eq!(entries.len(), strings_up_to_reversal);
}

#[test]
fn the_command_prints_a_summary_a_list_and_json() {
    let out = puzzlesat()
        .args(["catalogue", "snake-cube", "2x2x3"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("strings that fold into it: 17"), "{text}");
    assert!(
        text.contains("foldings: 816 in all, 41 up to symmetry"),
        "{text}"
    );
    let out = puzzlesat()
        .args(["catalogue", "snake-cube", "2x2x3", "--list"])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.contains(" foldings, ")).count(),
        17,
        "{text}"
    );
    let out = puzzlesat()
        .args(["catalogue", "snake-cube", "2x2x3", "--format", "json"])
        .assert()
        .code(0);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 18);
    for v in &lines[..17] {
        let o = v.as_object().unwrap();
        assert_eq!(o.len(), 4, "{v}");
        assert!(o["blocks"].as_str().unwrap().len() == 12);
        assert!(o["solutions"].as_u64().unwrap() >= o["unique"].as_u64().unwrap());
        assert!(o["palindrome"].is_boolean());
    }
    let summary = &lines[17]["summary"];
    assert_eq!(summary["strings"], 17);
    assert_eq!(summary["unique"], 41);
    assert_eq!(summary["solutions"], 816);
    assert_eq!(summary["complete"], true);
}

#[test]
fn boxes_out_of_reach_are_refused_in_one_line() {
    for (size, says) in [
        ("4x4x4", "a smaller box"),
        ("1x1x1", "2 to 128 cells"),
        ("6x6x6", "2 to 128 cells"),
    ] {
        let out = puzzlesat()
            .args(["catalogue", "snake-cube", size])
            .assert()
            .code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says) && err.contains("in reach"), "{err}");
    }
    for bad in ["3x3", "0x3x3", "axbxc"] {
        puzzlesat()
            .args(["catalogue", "snake-cube", bad])
            .assert()
            .code(2);
    }
    puzzlesat()
        .args(["catalogue", "packing", "3x3x3"])
        .assert()
        .code(2);
}
