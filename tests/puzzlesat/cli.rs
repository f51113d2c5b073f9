//! The command-line contract: JSON keys, exit codes and error messages, run on the
//! real binary.

use crate::common::bundled;
use crate::common::cli::{assert_bad_model, json_of, puzzlesat, stdout_of};
use std::path::{Path, PathBuf};

fn model(name: &str) -> PathBuf {
    bundled("snake-cube", name)
}

#[test]
fn solve_prints_a_checked_path_as_json() {
    let out = stdout_of(&["solve", "--format", "json"], &model("red.toml"), 0);
    let v = json_of(&out);
    assert_eq!(v["status"], "solved");
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.len(), 27);
    assert_eq!(path[0].as_array().unwrap().len(), 3);
    assert!(v["folding"].as_array().unwrap().len() > 1);
}

#[test]
fn solve_text_shows_layers_and_folding() {
    let out = puzzlesat()
        .arg("solve")
        .arg(model("minizinc-segments.toml"))
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // The same folding the MiniZinc write-up prints.
    assert!(
        text.contains("+x 3, +y 3, -x 3, +z 3, +x 2, -z 2, +x 2, -y 3, -x 3, +z 2"),
        "{text}"
    );
    assert!(text.contains("layer z = 2:"));
}

#[test]
fn unsolvable_model_exits_with_1() {
    let out = stdout_of(
        &["solve", "--format", "json"],
        &model("red-misprinted.toml"),
        1,
    );
    assert_eq!(json_of(&out)["status"], "unsolvable");
    puzzlesat()
        .arg("solve")
        .arg(model("red-misprinted.toml"))
        .assert()
        .code(1);
    puzzlesat()
        .arg("count")
        .arg(model("red-misprinted.toml"))
        .assert()
        .code(1);
}

#[test]
fn count_json_has_solutions_and_unique() {
    let out = stdout_of(
        &["count", "--unique", "--format", "json"],
        &model("minizinc-segments.toml"),
        0,
    );
    let v = json_of(&out);
    assert_eq!(v["solutions"], 48);
    assert_eq!(v["unique"], 1);
    assert_eq!(v["complete"], true);

    let out = stdout_of(
        &[
            "count",
            "--format",
            "json",
            "--no-symmetry-breaking",
            "--threads",
            "1",
        ],
        &model("orange.toml"),
        0,
    );
    let v = json_of(&out);
    assert_eq!(v["solutions"], 480);
    assert!(v.get("unique").is_none());
}

#[test]
fn count_limit_stops_early_and_says_so() {
    let out = stdout_of(
        &["count", "--format", "json", "--limit", "5"],
        &model("orange.toml"),
        0,
    );
    let v = json_of(&out);
    assert_eq!(v["complete"], false);
    assert_eq!(v["solutions"], 5);
}

#[test]
fn all_streams_one_json_object_per_solution() {
    let out = stdout_of(&["all", "--format", "json"], &model("tiny-2x2x2.toml"), 0);
    let text = String::from_utf8(out).unwrap();
    let paths: std::collections::HashSet<String> = text
        .lines()
        .map(|l| json_of(l.as_bytes())["path"].to_string())
        .collect();
    assert_eq!(text.lines().count(), 144);
    assert_eq!(paths.len(), 144);
    let unique = stdout_of(
        &["all", "--unique", "--format", "json"],
        &model("tiny-2x2x2.toml"),
        0,
    );
    assert_eq!(String::from_utf8(unique).unwrap().lines().count(), 3);
}

#[test]
fn cnf_is_dimacs_with_a_variable_map() {
    let out = puzzlesat()
        .arg("cnf")
        .arg(model("tiny-2x2x2.toml"))
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("c var 1 segment 1 runs +x"));
    assert!(text.lines().any(|l| l.starts_with("p cnf ")));
    assert!(text.contains("c projection"));
}

#[test]
fn check_accepts_solve_output_and_rejects_a_tampered_path() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout_of(&["solve", "--format", "json"], &model("green.toml"), 0);
    let good = dir.path().join("good.json");
    std::fs::write(&good, &out).unwrap();
    puzzlesat()
        .arg("check")
        .arg(model("green.toml"))
        .arg(&good)
        .assert()
        .code(0);

    let mut v = json_of(&out);
    let path = v["path"].as_array_mut().unwrap();
    path.swap(5, 6);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let out = puzzlesat()
        .args(["check", "--format", "json"])
        .arg(model("green.toml"))
        .arg(&bad)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(json_of(&out)["valid"], false);

    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, r#"{"path": [[0, 0]]}"#).unwrap();
    let err = puzzlesat()
        .arg("check")
        .arg(model("green.toml"))
        .arg(&garbage)
        .assert()
        .code(2);
    let stderr = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("field `path`"), "{stderr}");
}

#[test]
fn malformed_models_give_one_clear_error_and_exit_2() {
    let ok = "family = \"snake-cube\"\nsize = [2, 2, 2]\n";
    assert_bad_model(&format!("{ok}blocks = \"SCCCCCS\""), "blocks", "8 letters");
    assert_bad_model(
        &format!("{ok}blocks = \"SCCXCCCS\""),
        "blocks",
        "'X' at block 4",
    );
    assert_bad_model(
        &format!("{ok}segments = [2, 2, 2]"),
        "segments",
        "add up to 8 blocks",
    );
    assert_bad_model(
        &format!("{ok}segments = [2, 1, 2]"),
        "segments",
        "from 2 to 100",
    );
    assert_bad_model(
        &format!("{ok}blocks = \"SCCCCCCS\"\nsegments = [2, 2]"),
        "segments",
        "not both",
    );
    assert_bad_model(ok, "blocks", "neither is given");
    assert_bad_model(
        &format!("{ok}blocks = \"SCCCCCCS\"\ncolour = \"red\""),
        "colour",
        "no such field",
    );
    assert_bad_model(
        "family = \"snake-cube\"\nsize = [2, 2]\nblocks = \"SS\"",
        "size",
        "three box sides",
    );
    assert_bad_model(
        "family = \"snake-cube\"\nsize = [0, 2, 2]\nblocks = \"SS\"",
        "size",
        "each from 1 to 100",
    );
    assert_bad_model(
        "family = \"snake-cube\"\nsize = [1, 1, 1]\nblocks = \"S\"",
        "size",
        "2 to 1000 cells",
    );
    assert_bad_model(
        "family = \"snake-cube\"\nsize = \"3x3x3\"\nblocks = \"S\"",
        "size",
        "three box sides",
    );
    assert_bad_model(
        "family = \"snake-cub\"\nsize = [2, 2, 2]",
        "family",
        "one of \"snake-cube\"",
    );
    assert_bad_model("size = [2, 2, 2]", "family", "missing");
    assert_bad_model("family = 3", "family", "as a string");
    assert_bad_model(
        "family = \"snake-cube\"\nsize = [2, 2, 2",
        "(TOML syntax, line 2)",
        "unclosed array",
    );
}

#[test]
fn missing_model_file_exits_2() {
    let out = puzzlesat()
        .args(["solve", "no/such/model.toml"])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("no/such/model.toml"), "{stderr}");
}

#[test]
fn bad_arguments_exit_2() {
    puzzlesat().args(["solve"]).assert().code(2);
    puzzlesat().args(["frobnicate", "x.toml"]).assert().code(2);
    puzzlesat()
        .args(["count", "--limit", "lots"])
        .arg(model("red.toml"))
        .assert()
        .code(2);
}

#[test]
fn every_bundled_model_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let mut seen = 0;
    for family in std::fs::read_dir(&dir).unwrap() {
        for entry in std::fs::read_dir(family.unwrap().path()).unwrap() {
            let path = entry.unwrap().path();
            puzzlesat().arg("cnf").arg(&path).assert().code(0);
            seen += 1;
        }
    }
    assert!(seen >= 8);
}

/// A reader that closes the pipe before anything is written (`| head -c 0`) must not
/// make the program panic; the exit code still says what was found.
#[test]
fn closed_stdout_is_not_a_panic() {
    for (file, code) in [("red.toml", 0), ("red-misprinted.toml", 1)] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzlesat"))
            .arg("solve")
            .arg(model(file))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{file}: {stderr}");
        assert_eq!(output.status.code(), Some(code), "{file}: {stderr}");
    }
}

/// Completion scripts and manual pages come from the same definitions as the
/// parser: every command is in them, and a command that does not exist is one
/// line and exit code 2.
#[test]
fn completions_and_manual_pages_name_every_command() {
    let commands = [
        "solve", "count", "all", "show", "import", "cnf", "verify", "merge", "check",
    ];
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = puzzlesat().args(["completions", shell]).assert().code(0);
        let script = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        for command in commands {
            assert!(script.contains(command), "{shell}: {command}");
        }
        assert!(script.contains("--minimize"), "{shell}");
    }
    let out = puzzlesat().arg("man").assert().code(0);
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        page.starts_with(".ie") && page.contains(".TH puzzlesat 1"),
        "{page}"
    );
    for command in commands {
        assert!(
            page.contains(&format!("puzzlesat\\-{command}")),
            "{command}"
        );
        let out = puzzlesat().args(["man", command]).assert().code(0);
        let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            page.contains(&format!(".TH puzzlesat-{command} 1")),
            "{page}"
        );
    }
    let out = puzzlesat().args(["man", "nope"]).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    puzzlesat().args(["completions", "nope"]).assert().code(2);
}
