//! Split counts: every share of n = 1, 2, 3, 7 run apart and added up gives the
//! whole count and unique count, in the library and on the binary with `merge`;
//! `merge` refuses a missing, repeated or foreign share, and `--part` parses
//! strictly.

mod common;
use common::models::bundled as model_file;
use common::models::load;

use common::cli::{json_of, merge, part_files, puzzlesat, stdout_of};
use common::packing::random_cut;
use proptest::prelude::*;
use puzzlesat::model::PuzzleKind;
use puzzlesat::puzzles::Puzzle;
use puzzlesat::puzzles::packing::{Copies, Packing, PieceType, normalised};
use puzzlesat::split::{Part, add_up};
use puzzlesat::tasks::{self, Count, CountOptions, Engine, SearchOptions};
use std::path::PathBuf;

fn count<P: Puzzle>(p: &P, engine: Engine, symmetry_breaking: bool, part: Option<Part>) -> Count {
    let options = CountOptions {
        unique: true,
        search: SearchOptions {
            engine,
            symmetry_breaking,
            part,
            ..SearchOptions::default()
        },
        ..CountOptions::default()
    };
    tasks::count(p, &options, &mut |_| {}).expect("the count runs")
}

/// Every share of every split in `splits`, added up, against the whole count.
fn assert_shares_add_up<P: Puzzle>(
    p: &P,
    engine: Engine,
    symmetry_breaking: bool,
    splits: &[usize],
) {
    let whole = count(p, engine, symmetry_breaking, None);
    for &n in splits {
        let shares: Vec<_> = (0..n)
            .map(|index| {
                let c = count(p, engine, symmetry_breaking, Some(Part { index, count: n }));
                assert!(c.complete);
                c.shares.expect("a share reports its shares")
            })
            .collect();
        let sum = add_up(&shares, true).expect("the shares add up");
        assert_eq!(
            (sum.solutions, sum.unique),
            (whole.solutions, whole.unique),
            "{n} parts, {engine:?}, symmetry breaking {symmetry_breaking}"
        );
        let tally = whole.tally.clone().map(|(_, t)| t).unwrap_or_default();
        assert_eq!(sum.tally, tally, "{n} parts: the tally");
    }
}

#[test]
fn snake_cubes_split_into_shares_add_up() {
    for name in ["green.toml", "box-2x3x4.toml", "tiny-2x2x2.toml"] {
        let PuzzleKind::SnakeCube(p) = load("snake-cube", name) else {
            panic!("{name} is a snake cube")
        };
        assert_shares_add_up(&p, Engine::Sat, true, &[1, 2, 3, 7]);
        assert_shares_add_up(&p, Engine::Sat, false, &[3]);
    }
}

#[test]
fn packings_split_into_shares_add_up_on_both_engines() {
    for name in ["megaron.toml", "soma.toml", "pentominoes-3x20.toml"] {
        let PuzzleKind::Packing(p) = load("packing", name) else {
            panic!("{name} is a packing")
        };
        for engine in [Engine::Sat, Engine::ExactCover] {
            assert_shares_add_up(&p, engine, true, &[1, 2, 3, 7]);
        }
        assert_shares_add_up(&p, Engine::ExactCover, false, &[2, 7]);
    }
}

/// A packing of one copy of each piece (its cells) into `target`.
fn single_pieces(pieces: &[Vec<[i32; 3]>], target: Vec<[i32; 3]>, mirror: bool) -> Packing {
    let pieces: Vec<_> = pieces.iter().map(|cells| (cells.clone(), 1)).collect();
    pieces_with_copies(&pieces, target, mirror)
}

/// A packing of each piece (its cells) as many times as given into `target`.
fn pieces_with_copies(
    pieces: &[(Vec<[i32; 3]>, usize)],
    target: Vec<[i32; 3]>,
    mirror: bool,
) -> Packing {
    let types = pieces
        .iter()
        .enumerate()
        .map(|(i, (cells, n))| {
            let (cells, colours) = normalised(cells, &[]);
            PieceType {
                name: format!("p{i}"),
                letter: char::from_digit(i as u32, 36).unwrap(),
                cells,
                colours,
                copies: Copies::exactly(*n),
            }
        })
        .collect();
    Packing::new(types, target, Vec::new(), mirror).unwrap()
}

/// Where no piece anchors the symmetry breaking, the classes are counted by
/// Burnside's lemma, the symmetries dealt out among the shares: each share
/// brings its terms of the sum and names no class, and the terms add up to the
/// whole count's classes.
#[test]
fn classes_by_burnside_split_into_shares_add_up() {
    let i3 = vec![[0, 0, 0], [1, 0, 0], [2, 0, 0]];
    let l3 = vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    let screw = vec![[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
    let other_screw = vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]];
    let cases = [
        pieces_with_copies(&[(i3.clone(), 9)], common::all_cells_of([3, 3, 3]), false),
        pieces_with_copies(&[(l3.clone(), 8)], common::all_cells_of([2, 3, 4]), false),
        pieces_with_copies(&[(i3, 2), (l3, 4)], common::all_cells_of([2, 3, 3]), true),
        pieces_with_copies(
            &[(screw, 2), (other_screw, 2)],
            common::all_cells_of([2, 2, 4]),
            false,
        ),
    ];
    for p in &cases {
        assert!(p.counts_covers_unbroken(), "no piece anchors the breaking");
        for n in [2, 3, 7] {
            let share = count(
                p,
                Engine::ExactCover,
                true,
                Some(Part { index: 0, count: n }),
            );
            let shares = share.shares.expect("a share reports its shares");
            assert!(shares.fixed.is_some() && shares.classes.is_none());
        }
        assert_shares_add_up(p, Engine::ExactCover, true, &[1, 2, 3, 7]);
    }
}

#[test]
fn an_orbit_met_in_two_shares_counts_once() {
    // A 3x3 square of a bent tromino (the anchor: the most orientations), a
    // straight one, a domino and a single cube. The bent tromino in a corner is
    // its own image under the diagonal mirror, so the orbits of packings with it
    // there are met twice and must be named. (The mirror in the square's own
    // plane moves no cell: it alone does not make an orbit met twice.)
    let p = single_pieces(
        &[
            vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
            vec![[0, 0, 0], [1, 0, 0], [2, 0, 0]],
            vec![[0, 0, 0], [1, 0, 0]],
            vec![[0, 0, 0]],
        ],
        common::all_cells_of([3, 3, 1]),
        true,
    );
    let shared: usize = (0..2)
        .map(|index| {
            let part = count(&p, Engine::ExactCover, true, Some(Part { index, count: 2 }));
            part.shares.unwrap().shared.len()
        })
        .sum();
    assert!(shared > 0);
    assert_shares_add_up(&p, Engine::ExactCover, true, &[2, 3]);
    assert_shares_add_up(&p, Engine::Sat, true, &[2, 3]);
}

#[test]
fn the_sudoku_snake_splits_into_shares_that_add_up() {
    let PuzzleKind::SudokuSnake(p) = load("sudoku-snake", "mini-6x6.toml") else {
        panic!("a sudoku snake")
    };
    assert_shares_add_up(&p, Engine::Sat, true, &[1, 2, 3, 7]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Random cuts of a box into pieces, split into a random number of shares.
    #[test]
    fn random_packings_split_into_shares_add_up(
        seed in any::<u64>(),
        shape in 0usize..3,
        n in 2usize..6,
    ) {
        let (sides, k) = [([2, 2, 2], 3), ([2, 2, 3], 4), ([2, 3, 3], 5)][shape];
        let p = single_pieces(&random_cut(sides, k, seed), common::all_cells_of(sides), false);
        for engine in [Engine::Sat, Engine::ExactCover] {
            assert_shares_add_up(&p, engine, true, &[n]);
        }
    }
}

#[test]
fn merge_prints_what_the_whole_count_prints_and_refuses_wrong_shares() {
    let dir = std::env::temp_dir().join(format!("puzzlesat-split-{}", std::process::id()));
    let soma = model_file("packing", "soma.toml");
    let whole = json_of(&stdout_of(
        &["count", "--quiet", "--format", "json", "--unique"],
        &soma,
        0,
    ));
    let files = part_files(&soma, 3, &["--unique"], &dir.join("soma"));
    let merged = json_of(&merge(&files, 0).stdout);
    assert_eq!(
        (&merged["solutions"], &merged["unique"], &merged["complete"]),
        (&whole["solutions"], &whole["unique"], &whole["complete"])
    );
    // A share missing, given twice, or from another count.
    let text = |o: std::process::Output| String::from_utf8(o.stderr).unwrap();
    let missing = text(merge(&files[..2], 2));
    assert!(missing.contains("part 3 is missing"), "{missing}");
    let twice = text(merge(
        &[files[0].clone(), files[1].clone(), files[1].clone()],
        2,
    ));
    assert!(twice.contains("each part once"), "{twice}");
    let megaron = model_file("packing", "megaron.toml");
    let foreign = part_files(&megaron, 3, &["--unique"], &dir.join("megaron"));
    let mixed = text(merge(
        &[files[0].clone(), files[1].clone(), foreign[2].clone()],
        2,
    ));
    assert!(mixed.contains("fingerprint"), "{mixed}");
    // Other options make another count too.
    let plain = part_files(&soma, 3, &[], &dir.join("plain"));
    merge(&[files[0].clone(), files[1].clone(), plain[2].clone()], 2);
    // Not a share at all.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"part\": 1}").unwrap();
    let junk_error = text(merge(&[junk], 2));
    assert!(junk_error.contains("junk.json"), "{junk_error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `count --part --unique` on a design no piece anchors writes a few numbers
/// per share (not every class it meets), and `merge` gives the whole count's
/// classes; a share whose terms were edited is refused in one line.
#[test]
fn shares_of_classes_by_burnside_merge_to_the_whole() {
    let dir = std::env::temp_dir().join(format!("puzzlesat-burnside-{}", std::process::id()));
    let design = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/variable.xmpuzzle");
    let whole = json_of(&stdout_of(
        &["count", "--quiet", "--format", "json", "--unique"],
        &design,
        0,
    ));
    let files = part_files(&design, 3, &["--unique"], &dir);
    for file in &files {
        let share = json_of(&std::fs::read(file).unwrap());
        assert!(share["fixed_by_symmetries"]["symmetries"].as_u64() > Some(1));
        assert!(share.get("classes").is_none(), "{share}");
    }
    let merged = json_of(&merge(&files, 0).stdout);
    assert_eq!(
        (&merged["solutions"], &merged["unique"], &merged["complete"]),
        (&whole["solutions"], &whole["unique"], &whole["complete"])
    );
    let text = |o: std::process::Output| String::from_utf8(o.stderr).unwrap();
    let mut edited = json_of(&std::fs::read(&files[2]).unwrap());
    edited["fixed_by_symmetries"]["symmetries"] = serde_json::json!(5);
    std::fs::write(&files[2], edited.to_string()).unwrap();
    let error = text(merge(&files, 2));
    assert!(error.contains("fixed_by_symmetries"), "{error}");
    assert_eq!(error.trim().lines().count(), 1, "{error}");
    edited["fixed_by_symmetries"] = serde_json::json!({"symmetries": 5});
    std::fs::write(&files[2], edited.to_string()).unwrap();
    let error = text(merge(&files, 2));
    assert!(error.contains("fixed_by_symmetries"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Shares whose times or counts are too large to add up (edited by hand, or not
/// shares of one count) get one line and exit code 2, not a panic or a count
/// that wrapped round.
#[test]
fn merge_refuses_shares_that_add_up_past_the_largest_count() {
    let dir = std::env::temp_dir().join(format!("puzzlesat-overflow-{}", std::process::id()));
    let soma = model_file("packing", "soma.toml");
    let files = part_files(&soma, 2, &[], &dir);
    let edit = |file: &PathBuf, key: &str, value: serde_json::Value| {
        let mut v = json_of(&std::fs::read(file).unwrap());
        v[key] = value;
        std::fs::write(file, v.to_string()).unwrap();
    };
    for (key, value, field) in [
        ("seconds", serde_json::json!(1e20), "seconds"),
        ("met_once", serde_json::json!(u64::MAX), "solutions"),
    ] {
        let files: Vec<PathBuf> = files
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let copy = dir.join(format!("{key}-{i}.json"));
                std::fs::copy(f, &copy).unwrap();
                edit(&copy, key, value.clone());
                copy
            })
            .collect();
        let out = merge(&files, 2);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("field `{field}`")), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_share_that_finds_nothing_exits_0_and_the_merge_of_nothing_exits_1() {
    let dir = std::env::temp_dir().join(format!("puzzlesat-split-none-{}", std::process::id()));
    let misprinted = model_file("snake-cube", "red-misprinted.toml");
    let files = part_files(&misprinted, 2, &[], &dir);
    let merged = json_of(&merge(&files, 1).stdout);
    assert_eq!(
        (&merged["solutions"], &merged["complete"]),
        (&0.into(), &true.into())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn part_parses_strictly() {
    let soma = model_file("packing", "soma.toml");
    for bad in ["0/3", "4/3", "1/0", "x/y", "1", "1/3/3", "-1/3"] {
        let out = puzzlesat()
            .args(["count", &format!("--part={bad}")])
            .arg(&soma)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        assert!(String::from_utf8_lossy(&out).contains("--part"), "{bad}");
    }
    // A share of a count cannot stop at a limit.
    puzzlesat()
        .args(["count", "--part", "1/2", "--limit", "3"])
        .arg(&soma)
        .assert()
        .code(2);
}
