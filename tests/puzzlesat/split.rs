//! Split counts on the binary: the shares' outputs merged give what the whole
//! count prints; `merge` refuses a missing, repeated or foreign share, and
//! `--part` parses strictly.

use crate::common::bundled as model_file;
use crate::common::cli::{json_of, merge, part_files, puzzlesat, stdout_of};
use std::path::PathBuf;

#[test]
fn merge_prints_what_the_whole_count_prints_and_refuses_wrong_shares() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
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
}

/// `count --part --unique` on a design no piece anchors writes a few numbers
/// per share (not every class it meets), and `merge` gives the whole count's
/// classes; a share whose terms were edited is refused in one line.
#[test]
fn shares_of_classes_by_burnside_merge_to_the_whole() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let design = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/variable.xmpuzzle");
    let whole = json_of(&stdout_of(
        &["count", "--quiet", "--format", "json", "--unique"],
        &design,
        0,
    ));
    let files = part_files(&design, 3, &["--unique"], dir);
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
}

/// Shares whose times or counts are too large to add up (edited by hand, or not
/// shares of one count) get one line and exit code 2, not a panic or a count
/// that wrapped round.
#[test]
fn merge_refuses_shares_that_add_up_past_the_largest_count() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let soma = model_file("packing", "soma.toml");
    let files = part_files(&soma, 2, &[], dir);
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
}

#[test]
fn a_share_that_finds_nothing_exits_0_and_the_merge_of_nothing_exits_1() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let misprinted = model_file("snake-cube", "red-misprinted.toml");
    let files = part_files(&misprinted, 2, &[], dir);
    let merged = json_of(&merge(&files, 1).stdout);
    assert_eq!(
        (&merged["solutions"], &merged["complete"]),
        (&0.into(), &true.into())
    );
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

/// A share whose figures contradict each other (a count raised by hand, a
/// class made up, a class taken apart that it never met, an orbit named
/// twice) is refused in one line naming the field, never added up.
#[test]
fn merge_refuses_a_share_that_contradicts_itself() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let soma = model_file("packing", "soma.toml");
    let files = part_files(&soma, 2, &["--disassemble"], dir);
    let merge_edited = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut share = json_of(&std::fs::read(&files[0]).unwrap());
        edit(&mut share);
        let copy = dir.join(format!("{name}.json"));
        std::fs::write(&copy, share.to_string()).unwrap();
        let out = merge(&[copy, files[1].clone()], 2);
        String::from_utf8(out.stderr).unwrap()
    };
    let raised = merge_edited("raised", &|s| {
        s["solutions"] = (s["solutions"].as_u64().unwrap() + 1).into()
    });
    assert!(raised.contains("field `solutions`"), "{raised}");
    assert_eq!(raised.lines().count(), 1, "{raised}");
    let made_up = merge_edited("made-up", &|s| {
        s["taken_apart"]["a class never met"] = "1".into()
    });
    assert!(made_up.contains("field `taken_apart`"), "{made_up}");
    let too_many = merge_edited("too-many", &|s| {
        let classes: Vec<serde_json::Value> =
            (0..6000).map(|i| format!("class {i}").into()).collect();
        s["classes"] = classes.into();
        s["taken_apart"] = serde_json::json!({});
    });
    assert!(too_many.contains("field `classes`"), "{too_many}");
    let twice = merge_edited("twice", &|s| {
        let orbit = serde_json::json!({"key": "k", "solutions": 1, "tally": null});
        s["shared_orbits"] = serde_json::json!([orbit, orbit]);
        s["met_once"] = (s["met_once"].as_u64().unwrap() - 2).into();
    });
    assert!(twice.contains("field `shared_orbits`"), "{twice}");
}
