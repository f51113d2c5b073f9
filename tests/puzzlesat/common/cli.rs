//! Running the real binary.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

pub fn puzzlesat() -> Command {
    Command::cargo_bin("puzzlesat").unwrap()
}

pub fn json_of(output: &[u8]) -> Value {
    serde_json::from_slice(output).expect("one JSON object")
}

/// Runs `puzzlesat ARGS MODEL`, expects `code`, returns stdout.
pub fn stdout_of(args: &[&str], model: &Path, code: i32) -> Vec<u8> {
    puzzlesat()
        .args(args)
        .arg(model)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone()
}

/// Writes `text` as a model and expects one error line naming the file and `field`.
pub fn assert_bad_model(text: &str, field: &str, fragment: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, text).unwrap();
    for command in ["solve", "count", "cnf"] {
        let out = puzzlesat().arg(command).arg(&file).assert().code(2);
        let output = out.get_output();
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(output.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("bad.toml"), "{stderr}");
        assert!(stderr.contains(&format!("field `{field}`")), "{stderr}");
        assert!(stderr.contains(fragment), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// Runs `puzzlesat ARGS FILE`, expects exit code 2 with nothing on stdout and
/// one line on stderr holding `fragment`.
pub fn assert_one_line_error(args: &[&str], file: &Path, fragment: &str) {
    let out = puzzlesat().args(args).arg(file).assert().code(2);
    let output = out.get_output();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(output.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(fragment), "{stderr}");
}

/// The shares' JSON files of `count --part i/n ARGS` for i = 1..n, written
/// into `dir` (made if need be).
pub fn part_files(model: &Path, n: usize, extra: &[&str], dir: &Path) -> Vec<PathBuf> {
    std::fs::create_dir_all(dir).unwrap();
    (1..=n)
        .map(|i| {
            let part = format!("{i}/{n}");
            let mut args = vec!["count", "--quiet", "--format", "json", "--part", &part];
            args.extend_from_slice(extra);
            let out = stdout_of(&args, model, 0);
            let file = dir.join(format!("part-{i}.json"));
            std::fs::write(&file, out).unwrap();
            file
        })
        .collect()
}

/// `merge --format json` on the shares, expecting exit code `code`.
pub fn merge(files: &[PathBuf], code: i32) -> std::process::Output {
    let output = puzzlesat()
        .arg("merge")
        .args(["--format", "json"])
        .args(files)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(code), "{output:?}");
    output
}
