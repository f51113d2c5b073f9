//! Running the real binary.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

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
