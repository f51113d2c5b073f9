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
