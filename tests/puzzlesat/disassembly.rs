//! `count --disassemble` on the real binary: how many assemblies come apart and
//! their levels, against what BurrTools' text solver (`burrTxt -d`) printed for
//! the same files; groups and weights read from BurrTools files; bad input.
//!
//! The `random-shell-*` fixtures were made by a generator of small puzzles (a
//! box cut into pieces, a few cells left empty, inside a shell with a window);
//! their results have no symmetry, so every assembly is its own class and the
//! levels do not depend on which copy of a class is taken apart.

use crate::common::bundled;
use crate::common::cli::{assert_one_line_error, json_of, merge, part_files, puzzlesat, stdout_of};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools")
        .join(name)
}

fn disassembled(file: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["count", "--disassemble", "--quiet", "--format", "json"];
    args.extend_from_slice(extra);
    json_of(&stdout_of(&args, file, 0))
}

/// What `count --disassemble` found on `file` is what burrTxt -d printed:
/// `assemblies`, of which `separable` come apart, at `levels`.
fn assert_as_burrtools(found: &Value, assemblies: u64, separable: u64, levels: Value) {
    assert_eq!(found["assemblies"], json!(assemblies));
    assert_eq!(found["separable"], json!(separable));
    assert_eq!(found["levels"], levels);
}

#[test]
fn every_soma_assembly_comes_apart_in_one_move() {
    let found = disassembled(&bundled("packing", "soma.toml"), &[]);
    assert_eq!(found["assemblies"], json!(240));
    assert_eq!(found["separable"], json!(240));
    assert_eq!(found["undecided"], json!(0));
    assert_eq!(found["levels"], json!({"1": 240}));
    assert_eq!(found["solutions"], json!(11520));
}

#[test]
fn the_levels_are_those_burrtools_prints() {
    // burrTxt -d: 6 level lines each of 1.1.2.1.3, 1.1.2.2, 1.2.1.2, 1.2.1.2.2
    // and 1.2.2, 12 of 1.2.1.1.2; 162 assemblies and 42 solutions.
    let found = disassembled(&fixture("random-shell-5.xmpuzzle"), &[]);
    assert_as_burrtools(
        &found,
        162,
        42,
        json!({"1.1.2.1.3": 6, "1.1.2.2": 6, "1.2.1.1.2": 12, "1.2.1.2": 6, "1.2.1.2.2": 6, "1.2.2": 6}),
    );
    // burrTxt -d: 132 assemblies and 132 solutions, in ten levels.
    let found = disassembled(&fixture("random-shell-24.xmpuzzle"), &["--threads", "2"]);
    assert_as_burrtools(
        &found,
        132,
        132,
        json!({
            "1.1.2.2.2": 8, "1.1.2.3.2": 8, "1.2.2.1.2": 16, "1.2.2.2": 12,
            "1.2.2.2.2": 28, "1.2.2.2.3": 32, "1.2.2.3": 16, "1.2.2.3.2": 4,
            "1.2.3.1.2": 4, "1.2.3.3.2": 4
        }),
    );
}

/// A burr set of eight notched boards in a frame with lips (written by
/// `benches/burrtools/heavier.py`, `boards-8x8x4-framed-loose`): the frame has
/// one placement, so the search settles its cells, and the tree is far larger
/// than a first look says. Its assemblies come in symmetric classes, and the
/// levels run eight deep.
#[test]
fn a_framed_board_set_matches_burrtools_to_the_last_level() {
    // burrTxt -d: 168 assemblies and 156 solutions, in these nine levels.
    let found = disassembled(
        &fixture("boards-framed-loose.xmpuzzle"),
        &["--threads", "2"],
    );
    assert_as_burrtools(
        &found,
        168,
        156,
        json!({
            "1.1.2.2.2.3.3.3": 12, "1.1.2.3.3.3.2.3": 36, "1.2.2.2.1.2.3.2": 12,
            "1.2.3.3.2.4.3.3": 12, "1.2.3.3.3.4.3.3": 24, "1.3.3.3.2.4.3.3": 12,
            "1.3.3.3.5.3.4.3": 12, "2.2.2.2.1.2.3.2": 12, "2.3.3.3.3.4.3.3": 24
        }),
    );
}

/// Keyed angle bars (`benches/burrtools/heavier.py`, `bars-8x8x4-keyed`):
/// eight copies of one L-section bar in the channels of a closed box, each
/// turned one of two ways; a door per layer lets out only bars turned one
/// way, so one assembly of 256 comes apart and the rest jam after a search.
#[test]
fn of_many_keyed_assemblies_exactly_one_comes_apart_as_in_burrtools() {
    // burrTxt -d: 256 assemblies and 1 solution, at this level.
    let found = disassembled(&fixture("bars-keyed.xmpuzzle"), &["--threads", "2"]);
    assert_as_burrtools(&found, 256, 1, json!({"1.1.2.2.2.2.2.2": 1}));
}

/// A 4x4x4 cube cut into 9 pieces, two of them in two copies (written by
/// `design packing`, seed 11): BurrTools solves problems with copies with its
/// other assembler, which breaks symmetry with a shape of one piece (the
/// fewest pieces first) and compares that piece first. Its one assembly has
/// several shortest separations below the top level, so only BurrTools' own
/// copy of the assembly gives its level string.
#[test]
fn with_copies_the_copy_taken_apart_is_burrtools() {
    // burrTxt -d: 1 assembly and 1 solution, at this level (the copy with
    // the first shape's piece compared first came apart at 1.1.1.1.5.2.3.4).
    let found = disassembled(&fixture("designed-4x4x4-copies.xmpuzzle"), &[]);
    assert_as_burrtools(&found, 1, 1, json!({"1.1.1.1.5.2.2.4": 1}));
}

/// A smaller framed burr set (`heavier::boards(8, (6, 6, 4), 2, 2, 0, frame)`)
/// whose assemblies often have several shortest first separations: every
/// level string as burrTxt -d prints it, also below the top level, where the
/// first separation of a sub-problem is one of several of the same length:
/// it follows from the places the sub-problem starts from, which a search
/// remembered from an earlier assembly must give back as this assembly's own.
#[test]
fn where_separations_tie_the_levels_are_burrtools() {
    let found = disassembled(&fixture("boards-framed-tied.xmpuzzle"), &["--threads", "2"]);
    // burrTxt -d: 1258 assemblies and 1188 solutions, in these 142 levels.
    assert_as_burrtools(
        &found,
        1258,
        1188,
        // Too many entries for json!: read from text.
        serde_json::from_str(
            r#"{
            "1.2.2.1.2.2": 4, "1.2.2.2.2.2": 2, "1.2.2.2.2.3": 32, "1.2.2.2.3.2": 4, "1.2.2.2.3.3": 34,
            "1.2.2.3.1.3": 12, "1.2.2.3.2.2": 2, "1.2.2.3.2.3": 24, "1.2.2.3.3.2": 44, "1.2.2.3.3.3": 18,
            "1.2.3.2.2.2": 4, "1.2.3.2.2.3": 18, "1.2.3.2.3.3": 4, "1.2.3.3.2.3": 36, "1.2.3.3.3.3": 92,
            "1.2.3.3.4.3": 32, "1.2.3.4.3.3": 22, "1.2.3.4.4.2": 8, "1.2.3.4.4.3": 2, "1.2.8.3.4.2": 2,
            "1.3.4.3.3.3": 2, "11.3.3.3.2.2": 2, "11.3.3.3.3.2": 2, "11.4.3.4.4.3": 2, "11.6.3.3.3.3": 2,
            "12.3.3.3.3.3": 6, "13.3.3.3.2.2": 4, "13.3.3.3.2.3": 2, "15.3.3.3.4.2": 2, "15.3.3.4.4.2": 2,
            "17.3.3.4.4.3": 2, "19.3.4.4.3.2": 2, "2.2.2.3.2.3": 6, "2.2.2.3.3": 6, "2.2.3.1.2.3": 4,
            "2.2.3.1.3.3": 8, "2.2.3.2.2.3": 8, "2.2.3.3.2.3": 24, "2.2.3.3.3": 2, "2.2.3.3.3.2": 4,
            "2.2.3.3.3.3": 26, "2.2.3.3.4.3": 8, "2.3.3.1.2.3": 2, "2.3.3.1.3.3": 4, "2.3.3.2.2.3": 16,
            "2.3.3.3.2.3": 16, "2.3.3.3.3.3": 24, "2.3.3.3.4.3": 12, "2.3.3.4.2.2": 4, "2.3.3.4.3.3": 8,
            "2.3.4.2.2.3": 4, "2.3.4.3.2.3": 4, "2.3.4.3.3.3": 2, "2.4.3.3.3.3": 4, "3.3.3.1.2.3": 2,
            "3.3.3.1.3.3": 2, "3.3.3.2.2.3": 4, "3.3.3.2.3.3": 4, "3.3.3.3.2.3": 14, "3.3.3.3.3.3": 2,
            "3.3.3.3.4.3": 6, "3.3.3.4.3.2": 4, "3.3.4.3.4.3": 4, "3.3.4.4.3.3": 2, "4.1.3.2.2.3": 8,
            "4.1.3.4.3.2": 9, "4.1.3.4.4.2": 9, "4.2.3.2.2.3": 28, "4.2.3.2.3.3": 12, "4.2.3.3.3.3": 14,
            "4.2.3.4.3.2": 9, "4.2.3.4.3.3": 13, "4.2.3.4.4.2": 8, "4.3.2.2.2.2": 6, "4.3.2.2.2.3": 4,
            "4.3.2.2.4.2": 6, "4.3.2.3.3.3": 14, "4.3.2.3.4.2": 4, "4.3.2.4.4.2": 2, "4.3.3.2.2.3": 18,
            "4.3.3.2.3.2": 4, "4.3.3.2.3.3": 30, "4.3.3.3.2.3": 2, "4.3.3.3.3.2": 10, "4.3.3.3.3.3": 70,
            "4.3.3.3.4.2": 10, "4.3.3.3.4.3": 6, "4.3.3.4.3.2": 10, "4.3.3.4.3.3": 10, "4.3.3.4.4.2": 14,
            "4.3.3.4.4.3": 2, "4.3.4.4.4.2": 2, "4.4.2.3.4.2": 2, "4.4.3.2.2.3": 10, "4.4.3.2.4.2": 2,
            "4.4.3.3.1.3": 6, "4.4.3.3.2.3": 2, "4.4.3.3.3.3": 8, "4.4.3.4.3.2": 4, "4.4.3.4.4.2": 4,
            "4.4.4.2.2.3": 4, "4.4.4.3.3.2": 4, "4.4.4.3.3.3": 14, "4.4.4.3.4.3": 2, "4.5.3.3.3.3": 2,
            "4.5.4.3.3.3": 6, "4.5.5.3.3.3": 2, "4.6.2.3.3.3": 8, "4.6.3.3.3.3": 6, "4.6.3.4.3.3": 2,
            "4.7.2.3.3.3": 2, "4.7.3.2.1.3": 2, "5.2.2.3.4.2": 4, "5.3.3.2.2.3": 6, "5.3.3.3.2.3": 2,
            "5.3.3.3.3.2": 6, "5.3.3.3.3.3": 9, "5.3.3.3.4.2": 9, "5.3.3.4.2.3": 2, "5.3.3.4.3.3": 2,
            "5.4.2.3.3.3": 2, "5.4.3.3.3.2": 2, "5.4.3.3.4.2": 2, "5.4.4.3.3.3": 2, "5.4.4.4.3.3": 2,
            "5.6.3.3.3.3": 2, "5.7.3.4.4.2": 2, "5.8.3.4.3.3": 2, "6.2.3.3.4.3": 2, "6.3.2.2.3.3": 2,
            "6.3.3.2.2.3": 4, "6.3.3.2.3.3": 2, "6.3.3.3.3.2": 8, "6.3.3.3.4.2": 2, "6.3.3.4.3.3": 4,
            "6.3.3.4.4.3": 4, "6.7.3.3.3.2": 2, "7.3.3.3.3.3": 2, "8.3.2.3.4.3": 2, "8.3.3.3.3.3": 2,
            "8.3.3.4.4.3": 2, "9.3.3.4.3.3": 2
            }"#,
        )
        .unwrap(),
    );
}

/// A puzzle of eight pieces where moves of the same direction and step must
/// be joined to reach BurrTools' levels (without joining, the levels differ).
#[test]
fn joined_moves_give_burrtools_levels() {
    // burrTxt -d: 7152 assemblies and 636 solutions, in these 23 levels.
    let found = disassembled(&fixture("random-shell-merges.xmpuzzle"), &[]);
    assert_as_burrtools(
        &found,
        7152,
        636,
        json!({
            "1.1.1.2.2.2.2": 48, "1.1.1.2.2.3.2": 12, "1.1.2.1.2.1.2": 60,
            "1.1.2.1.2.1.3": 12, "1.1.2.1.2.2.2": 12, "1.1.2.1.2.2.3": 36,
            "1.1.2.1.3.3.3": 48, "1.1.2.2.2.1.2": 24, "1.1.2.2.2.2": 48,
            "1.1.2.2.2.2.2": 72, "1.1.2.2.2.2.3": 12, "1.1.2.2.2.3.3": 12,
            "1.1.2.3.2.1.2": 24, "1.1.2.3.2.2.2": 60, "1.1.2.3.3.3.2": 12,
            "1.1.3.2.2.3.3": 12, "1.2.2.2.2.1.2": 12, "1.2.2.2.2.1.3": 24,
            "1.2.2.2.2.2": 12, "1.2.2.2.2.2.2": 36, "1.2.2.3.2.2": 12,
            "1.2.2.3.2.2.2": 24, "1.4.2.1.2.1.3": 12
        }),
    );
}

/// Both engines, on one thread or two, hand over the same assemblies to take
/// apart. (Which copy of a class is taken apart, its canonical form, shows only
/// on results with symmetries; this fixture's has none.)
#[test]
fn the_levels_do_not_depend_on_the_engine() {
    let file = fixture("random-shell-5.xmpuzzle");
    let sat = disassembled(&file, &["--engine", "sat", "--threads", "1"]);
    let cover = disassembled(&file, &["--engine", "exact-cover", "--threads", "2"]);
    assert_eq!(sat["levels"], cover["levels"]);
    assert_eq!(sat["separable"], json!(42));
}

#[test]
fn a_group_of_the_file_may_stay_together() {
    // A core sealed in a shell, with a handle beside it: the handle comes off,
    // then shell and core are one group (problem 1) or stuck (problem 2).
    let file = fixture("sealed-core.xmpuzzle");
    let grouped = disassembled(&file, &[]);
    assert_eq!(grouped["separable"], json!(1));
    assert_eq!(grouped["recorded_solutions"], json!(1));
    let sealed = disassembled(&file, &["--problem", "2"]);
    assert_eq!(sealed["assemblies"], json!(1));
    assert_eq!(sealed["separable"], json!(0));
    assert_eq!(sealed["levels"], json!({}));
}

#[test]
fn the_text_says_how_many_come_apart_against_the_record() {
    let out = stdout_of(
        &["count", "--disassemble", "--quiet"],
        &fixture("sealed-core.xmpuzzle"),
        0,
    );
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(
            "come apart (BurrTools' solutions): 1 of 1; BurrTools recorded 1: they agree"
        ),
        "{text}"
    );
    assert!(text.contains("  level 1: 1"), "{text}");
}

#[test]
fn a_search_past_the_state_limit_is_undecided_not_stuck() {
    let found = disassembled(&fixture("random-shell-5.xmpuzzle"), &["--max-states", "2"]);
    // Every search needs more than two states: none is called stuck.
    assert_eq!(found["separable"], json!(0));
    assert_eq!(found["undecided"], json!(162));
    let out = stdout_of(
        &["count", "--disassemble", "--quiet", "--max-states", "2"],
        &fixture("random-shell-5.xmpuzzle"),
        0,
    );
    assert!(String::from_utf8(out).unwrap().contains("undecided: 162"));
}

#[test]
fn only_packings_are_taken_apart() {
    assert_one_line_error(
        &["count", "--disassemble"],
        &bundled("snake-cube", "red.toml"),
        "a packing model for --disassemble (a snake-cube has no pieces to take apart)",
    );
    let out = puzzlesat()
        .args(["count", "--max-states", "5"])
        .arg(bundled("packing", "soma.toml"))
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("--disassemble"), "{stderr}");
    // Every assembly is taken apart: a limit would leave the counts partial.
    puzzlesat()
        .args(["count", "--disassemble", "--limit", "5"])
        .arg(bundled("packing", "soma.toml"))
        .assert()
        .code(2);
}

#[test]
fn malformed_groups_and_weights_are_one_line_errors() {
    let text = std::fs::read_to_string(fixture("sealed-core.xmpuzzle")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (from, to, fragment) in [
        ("group=\"1\"", "group=\"-1\"", "a group number from 0"),
        ("group=\"1\"", "group=\"one\"", "group"),
        ("weight=\"2\"", "weight=\"99999999999\"", "a weight between"),
    ] {
        let file = dir.path().join("bad.xmpuzzle");
        std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
        assert_one_line_error(&["count", "--disassemble"], &file, fragment);
    }
}

#[test]
fn all_prints_the_assemblies_that_come_apart_with_their_moves() {
    let file = fixture("random-shell-5.xmpuzzle");
    let out = stdout_of(
        &["all", "--disassemble", "--quiet", "--format", "json"],
        &file,
        0,
    );
    let lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // One line per assembly that comes apart, as `count --disassemble` counts.
    assert_eq!(lines.len(), 42);
    for line in &lines {
        let level = line["level"].as_str().unwrap();
        let steps = line["disassembly"].as_array().unwrap();
        // Taking n pieces apart (no groups here) takes n - 1 removals, and
        // the first separation as many moves as the level's first number.
        let removals = steps.iter().filter(|s| s["removes"] == json!(true)).count();
        assert_eq!(removals, line["pieces"].as_array().unwrap().len() - 1);
        let first: usize = level.split('.').next().unwrap().parse().unwrap();
        let first_separation = steps.iter().filter(|s| s["separation"] == json!(1)).count();
        assert_eq!(first, first_separation, "{line}");
        for step in steps {
            assert!(
                ["+x", "-x", "+y", "-y", "+z", "-z"].contains(&step["direction"].as_str().unwrap())
            );
            assert_eq!(step["distance"].is_null(), step["removes"] == json!(true));
        }
    }
    let text = String::from_utf8(stdout_of(
        &["all", "--disassemble", "--quiet", "--limit", "1"],
        &file,
        0,
    ))
    .unwrap();
    assert!(
        text.contains("\n\nAssembly 1 comes apart, level "),
        "{text}"
    );
    assert!(
        text.ends_with("1 assembly that comes apart printed; --limit stopped the search.\n"),
        "{text}"
    );
    assert!(text.contains("  separation 1 of "), "{text}");
    assert!(text.contains(" removed along "), "{text}");
}

#[test]
fn all_says_when_nothing_comes_apart() {
    let out = puzzlesat()
        .args(["all", "--disassemble", "--problem", "2"])
        .arg(fixture("sealed-core.xmpuzzle"))
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("sealed-core: sealed\n"), "{text}");
    assert!(
        text.ends_with("\n\nThe only assembly does not come apart.\n"),
        "{text}"
    );
}

#[test]
fn solve_gives_the_first_assembly_that_comes_apart() {
    let found = json_of(&stdout_of(
        &["solve", "--disassemble", "--format", "json"],
        &fixture("random-shell-5.xmpuzzle"),
        0,
    ));
    assert_eq!(found["status"], json!("solved"));
    let level = found["level"].as_str().unwrap();
    // The first one `all --disassemble` prints.
    let all = String::from_utf8(stdout_of(
        &[
            "all",
            "--disassemble",
            "--quiet",
            "--format",
            "json",
            "--limit",
            "1",
        ],
        &fixture("random-shell-5.xmpuzzle"),
        0,
    ))
    .unwrap();
    let first: Value = serde_json::from_str(all.lines().next().unwrap()).unwrap();
    assert_eq!(first["level"], json!(level));
    assert_eq!(first["disassembly"], found["disassembly"]);
    let none = json_of(&stdout_of(
        &[
            "solve",
            "--disassemble",
            "--format",
            "json",
            "--problem",
            "2",
        ],
        &fixture("sealed-core.xmpuzzle"),
        1,
    ));
    assert_eq!(none["status"], json!("unsolvable"));
    assert_eq!(none["assemblies"], json!(1));
    let text = String::from_utf8(stdout_of(
        &["solve", "--disassemble", "--problem", "2"],
        &fixture("sealed-core.xmpuzzle"),
        1,
    ))
    .unwrap();
    assert!(
        text.contains("The only assembly does not come apart"),
        "{text}"
    );
}

/// The shares' JSON of `count --disassemble --part i/n ARGS`, i = 1..n.
fn disassembled_parts(file: &Path, n: usize, extra: &[&str], dir: &Path) -> Vec<PathBuf> {
    let mut args = vec!["--disassemble"];
    args.extend_from_slice(extra);
    part_files(file, n, &args, dir)
}

#[test]
fn shares_of_a_disassembly_merge_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    for (file, parts) in [
        (bundled("packing", "soma.toml"), 3),
        (fixture("random-shell-24.xmpuzzle"), 4),
        (fixture("sealed-core.xmpuzzle"), 2),
    ] {
        let whole = disassembled(&file, &[]);
        let share_dir = dir.path().join(file.file_stem().unwrap());
        std::fs::create_dir_all(&share_dir).unwrap();
        let files = disassembled_parts(&file, parts, &[], &share_dir);
        let sum = json_of(&merge(&files, 0).stdout);
        for key in [
            "solutions",
            "assemblies",
            "separable",
            "undecided",
            "levels",
            "recorded_solutions",
            "complete",
        ] {
            assert_eq!(sum[key], whole[key], "{key} of {}", file.display());
        }
    }
    // The state limit makes another count: its shares do not mix with these.
    let file = fixture("random-shell-5.xmpuzzle");
    let share_dir = dir.path().join("limits");
    std::fs::create_dir_all(&share_dir).unwrap();
    let one = disassembled_parts(&file, 2, &[], &share_dir);
    let other = disassembled_parts(&file, 2, &["--max-states", "12"], &dir.path().join("."));
    let out = merge(&[one[0].clone(), other[1].clone()], 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("fingerprint"));
    // Undecided classes add up too.
    let limited = disassembled(&file, &["--max-states", "12"]);
    let sum = json_of(&merge(&other, 0).stdout);
    assert_eq!(limited["undecided"], json!(60));
    assert_eq!(sum["undecided"], limited["undecided"]);
    assert_eq!(sum["separable"], limited["separable"]);
}

#[test]
fn a_share_with_a_malformed_disassembly_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let files = disassembled_parts(&fixture("random-shell-5.xmpuzzle"), 1, &[], dir.path());
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut share: Value = serde_json::from_str(&text).unwrap();
    let taken = share["taken_apart"].as_object_mut().unwrap();
    let key = taken.keys().next().unwrap().clone();
    taken.insert(key, json!("one.two"));
    std::fs::write(&files[0], share.to_string()).unwrap();
    let out = merge(&files, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("taken_apart"), "{stderr}");
}

#[test]
fn groups_and_weights_read_from_toml_and_written_by_import() {
    // The sealed pair is one group: imported to TOML, it still comes apart.
    let out = puzzlesat()
        .arg("import")
        .arg(fixture("sealed-core.xmpuzzle"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let toml = String::from_utf8(out).unwrap();
    assert!(toml.contains("group = 1"), "{toml}");
    assert!(toml.contains("weight = 2"), "{toml}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sealed.toml");
    std::fs::write(&file, &toml).unwrap();
    let found = disassembled(&file, &[]);
    assert_eq!(found["separable"], json!(1));
    // Without the group the pair is stuck, as in the BurrTools file.
    std::fs::write(&file, toml.replace("group = 1\n", "")).unwrap();
    let found = disassembled(&file, &[]);
    assert_eq!(found["separable"], json!(0));
    // The piece with the first group (and weight) is the n-th from 0.
    let n = toml[..toml.find("group = 1").unwrap()]
        .matches("[[pieces]]")
        .count()
        - 1;
    for (from, line, fragment) in [
        ("group = 1", "group = -1", "a group number from 0"),
        ("group = 1", "group = \"one\"", "a group number from 0"),
        ("weight = 2", "weight = 99999999999", "a whole number"),
    ] {
        let bad = toml.replacen(from, line, 1);
        let key = line.split(' ').next().unwrap();
        crate::common::cli::assert_bad_model(&bad, &format!("pieces[{n}].{key}"), fragment);
    }
}
