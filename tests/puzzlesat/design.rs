//! `design snake-cube`: every design printed is re-counted by a plain
//! enumeration of its foldings, is the same for the same seed, and with
//! `--proof` comes with a model file and a certificate that `verify` checks.

use crate::common::cli::puzzlesat;
use crate::common::reference::{brute_force_snake, burnside_classes};
use serde_json::Value;

fn json_lines(args: &[&str], code: i32) -> Vec<Value> {
    let out = puzzlesat().args(args).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn sides_of(size: &str) -> [i32; 3] {
    let v: Vec<i32> = size.split('x').map(|s| s.parse().unwrap()).collect();
    [v[0], v[1], v[2]]
}

#[test]
fn each_design_has_the_foldings_a_plain_enumeration_finds() {
    for (size, seed, unique) in [
        ("3x3x3", "4", true),
        ("2x3x4", "2", true),
        ("2x2x4", "8", false),
    ] {
        let mut args = vec![
            "design",
            "snake-cube",
            size,
            "--count",
            "3",
            "--seed",
            seed,
            "--format",
            "json",
        ];
        if unique {
            args.push("--unique");
        }
        let lines = json_lines(&args, 0);
        let (summary, designs) = lines.split_last().unwrap();
        assert_eq!(designs.len(), 3);
        assert_eq!(summary["summary"]["designs"], 3);
        for d in designs {
            let letters = d["blocks"].as_str().unwrap();
            let foldings = brute_force_snake(sides_of(size), letters);
            let palindrome = d["palindrome"].as_bool().unwrap();
            assert!(!palindrome, "palindromes are left out by default");
            assert_eq!(d["solutions"], foldings.len() as u64, "{letters}");
            let classes = burnside_classes(sides_of(size), &foldings, palindrome);
            assert_eq!(d["unique"], classes, "{letters}");
            if unique {
                assert_eq!(classes, 1, "{letters}");
            }
            let path: Vec<[i32; 3]> = serde_json::from_value(d["path"].clone()).unwrap();
            assert!(foldings.contains(&path.to_vec()), "{letters}");
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_designs() {
    let designs = |seed: &str| -> Vec<Value> {
        let mut lines = json_lines(
            &[
                "design",
                "snake-cube",
                "3x3x3",
                "--unique",
                "--count",
                "3",
                "--seed",
                seed,
                "--format",
                "json",
            ],
            0,
        );
        lines.pop();
        lines
    };
    assert_eq!(designs("21"), designs("21"));
    assert_ne!(designs("21"), designs("22"));
}

#[test]
fn filters_and_hardness_order() {
    let lines = json_lines(
        &[
            "design",
            "snake-cube",
            "3x3x3",
            "--unique",
            "--count",
            "4",
            "--max-straight",
            "1",
            "--min-segments",
            "18",
            "--sort",
            "hardness",
            "--format",
            "json",
        ],
        0,
    );
    let (summary, designs) = lines.split_last().unwrap();
    assert!(summary["summary"]["filtered"].as_u64().unwrap() > 0);
    for d in designs {
        assert!(d["longest_straight"].as_u64().unwrap() <= 1);
        assert!(d["segments"].as_array().unwrap().len() >= 18);
        assert_eq!(d["hardness_exact"], true);
    }
    let hardness: Vec<u64> = designs
        .iter()
        .map(|d| d["hardness"].as_u64().unwrap())
        .collect();
    assert!(hardness.windows(2).all(|w| w[0] >= w[1]), "{hardness:?}");
    let numbers: Vec<u64> = designs
        .iter()
        .map(|d| d["design"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn designs_come_with_model_files_and_certificates_that_check() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("out");
    let out = puzzlesat()
        .args(["design", "snake-cube", "3x3x3", "--unique", "--count", "2"])
        .args(["--seed", "3", "--proof"])
        .arg(&dir)
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("one folding up to symmetry"), "{text}");
    for k in 1..=2 {
        let model = dir.join(format!("design-{k}.toml"));
        let certificate = dir.join(format!("design-{k}"));
        assert!(text.contains(&format!("puzzlesat verify {}", certificate.display())));
        let verified = puzzlesat().arg("verify").arg(&certificate).assert().code(0);
        let said = String::from_utf8(verified.get_output().stdout.clone()).unwrap();
        assert!(said.contains("exactly 1 models"), "{said}");
        let counted = puzzlesat()
            .args(["count", "--unique", "--engine", "sat"])
            .arg(&model)
            .assert()
            .code(0);
        let said = String::from_utf8(counted.get_output().stdout.clone()).unwrap();
        assert!(said.contains("unique up to symmetry: 1"), "{said}");
    }
    // A directory that holds something is not written into.
    puzzlesat()
        .args(["design", "snake-cube", "3x3x3", "--proof"])
        .arg(&dir)
        .assert()
        .code(2);
}

#[test]
fn bad_requests_and_runs_that_run_out() {
    for args in [
        vec!["design", "snake-cube", "1x1x2"],
        vec!["design", "snake-cube", "20x20x20", "--unique"],
        vec!["design", "snake-cube", "3x3x3", "--count", "0"],
        vec!["design", "snake-cube", "3x3"],
        vec!["design", "packing", "3x3x3"],
    ] {
        let out = puzzlesat().args(&args).assert().code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // No 3x3x3 string has 27 segments: the draws run out, exit 1.
    let out = puzzlesat()
        .args(["design", "snake-cube", "3x3x3", "--min-segments", "27"])
        .args(["--max-draws", "20"])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("Stopped at --max-draws 20"), "{text}");
}
