//! `design packing` on the real binary: every design printed is counted
//! again by the other engine (SAT) and has exactly one assembly, which comes
//! apart at the level printed; its BurrTools file reads back as the same
//! puzzle; the same seed gives the same designs; bad requests are one line
//! and exit 2.

use crate::common::cli::{json_of, puzzlesat};
use serde_json::Value;
use std::path::Path;

/// The JSON lines of `design packing ARGS`, the designs and the summary.
fn designs(args: &[&str], code: i32) -> (Vec<Value>, Value) {
    let out = puzzlesat()
        .args(["design", "packing"])
        .args(args)
        .args(["--format", "json", "--quiet"])
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    let mut lines: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = lines.pop().unwrap();
    (lines, summary)
}

/// `count` of a model file with `args`, as JSON.
fn count(model: &Path, args: &[&str]) -> Value {
    let out = puzzlesat()
        .arg("count")
        .arg(model)
        .args(args)
        .args(["--format", "json", "--quiet"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    json_of(&out)
}

#[test]
fn each_design_has_one_assembly_counted_again_and_taken_apart_again() {
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("xml");
    let args = [
        "3x3x3",
        "--pieces",
        "6",
        "--min-size",
        "3",
        "--unique",
        "--count",
        "4",
        "--seed",
        "5",
        "--climb",
        "0.5",
    ];
    let mut with_files = args.to_vec();
    with_files.extend(["--xmpuzzle", xml.to_str().unwrap()]);
    let (found, summary) = designs(&with_files, 0);
    assert_eq!(found.len(), 4);
    assert_eq!(summary["summary"]["designs"], 4);
    for design in &found {
        let k = design["design"].as_u64().unwrap();
        let model = dir.path().join(format!("design-{k}.toml"));
        std::fs::write(&model, design["model"].as_str().unwrap()).unwrap();
        // The other engine finds the one assembly up to symmetry.
        let sat = count(&model, &["--engine", "sat", "--unique"]);
        assert_eq!(sat["unique"], 1, "{}", design["model"]);
        assert_eq!(design["assemblies"], 1);
        let sizes: u64 = design["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .sum();
        assert_eq!(sizes, 27);
        // Taken apart again, from the model and from the BurrTools file.
        for file in [model.clone(), xml.join(format!("design-{k}.xmpuzzle"))] {
            let apart = count(&file, &["--disassemble"]);
            assert_eq!(apart["assemblies"], 1, "{}", file.display());
            assert_eq!(apart["separable"], 1, "{apart}");
            let level = design["moves_to_first"].as_u64().unwrap();
            assert_eq!(apart["levels"][level.to_string()], 1, "{apart}");
        }
        // The BurrTools file saves the assembly with its separation:
        // `disassemble` takes it apart again to the same level.
        let saved = puzzlesat()
            .args(["disassemble", "--format", "json"])
            .arg(xml.join(format!("design-{k}.xmpuzzle")))
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let saved = json_of(&saved);
        assert_eq!(
            (saved["saved"].as_u64(), saved["agree"].as_u64()),
            (Some(1), Some(1)),
            "{saved}"
        );
        assert_eq!(
            saved["solutions"][0]["saved_level"], design["level"],
            "{saved}"
        );
    }
    // The same seed, the same designs (the climb, bounded by time, is left
    // out: how far it gets depends on the machine).
    let plain = &args[..args.len() - 2];
    let models = |run: &(Vec<Value>, Value)| -> Vec<String> {
        run.0
            .iter()
            .map(|d| d["model"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(models(&designs(plain, 0)), models(&designs(plain, 0)));
}

#[test]
fn bad_requests_are_one_line_and_exit_2() {
    let snake = crate::common::bundled("snake-cube", "blue.toml");
    let snake = snake.to_str().unwrap();
    for (args, fragment) in [
        ("packing 3x3x3", "--pieces"),
        ("packing 3x3x3 --pieces 1", "--pieces"),
        ("packing 3x3x3 --pieces 6 --min-size 5", "--min-size"),
        ("packing 3x3x3 --pieces 6 --max-size 2", "--max-size"),
        ("packing 3x3x3 --pieces 6 --palindromes", "--palindromes"),
        ("packing 3x3x3 --pieces 6 --climb 0", "--climb"),
        ("packing SNAKE --pieces 6", "fills no shape"),
        ("packing no-such-file.toml --pieces 6", "no-such-file.toml"),
        ("snake-cube 3x3x3 --pieces 6", "--pieces"),
        ("snake-cube 3x3", "AxBxC"),
    ] {
        let args: Vec<&str> = args
            .split(' ')
            .map(|a| if a == "SNAKE" { snake } else { a })
            .collect();
        let out = puzzlesat().arg("design").args(&args).assert().code(2);
        let output = out.get_output();
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(fragment), "{args:?}: {stderr}");
    }
}

#[test]
fn a_model_files_target_is_cut() {
    let dir = tempfile::tempdir().unwrap();
    let model = crate::common::bundled("packing", "megaron.toml");
    let (found, _) = designs(
        &[
            model.to_str().unwrap(),
            "--pieces",
            "5",
            "--min-size",
            "3",
            "--unique",
            "--seed",
            "2",
        ],
        0,
    );
    let text = found[0]["model"].as_str().unwrap();
    assert!(text.contains("size = [3, 3, 3]"), "{text}");
    let file = dir.path().join("d.toml");
    std::fs::write(&file, text).unwrap();
    assert_eq!(count(&file, &["--unique"])["unique"], 1);
}

/// A target of triangular prisms (the other grid whose assemblies come
/// apart) is cut on its grid: each design counted again by the SAT engine,
/// and its BurrTools file read back as the same puzzle.
#[test]
fn a_target_of_prisms_is_cut_into_prisms() {
    let dir = tempfile::tempdir().unwrap();
    let target: Vec<String> = (0..3)
        .flat_map(|z| (0..2).flat_map(move |y| (0..4).map(move |x| format!("[{x}, {y}, {z}]"))))
        .collect();
    let model = dir.path().join("block.toml");
    std::fs::write(
        &model,
        format!(
            "family = \"packing\"\ngrid = \"prisms\"\ntarget = [{}]\n[[pieces]]\nname = \"p\"\ncells = [[0, 0, 0]]\ncount = 24\n",
            target.join(", ")
        ),
    )
    .unwrap();
    let xml = dir.path().join("xml");
    let (found, _) = designs(
        &[
            model.to_str().unwrap(),
            "--pieces",
            "5",
            "--min-size",
            "3",
            "--unique",
            "--count",
            "2",
            "--xmpuzzle",
            xml.to_str().unwrap(),
        ],
        0,
    );
    for design in &found {
        let k = design["design"].as_u64().unwrap();
        let text = design["model"].as_str().unwrap();
        assert!(text.contains("grid = \"prisms\""), "{text}");
        let file = dir.path().join(format!("design-{k}.toml"));
        std::fs::write(&file, text).unwrap();
        assert_eq!(count(&file, &["--engine", "sat", "--unique"])["unique"], 1);
        let apart = count(
            &xml.join(format!("design-{k}.xmpuzzle")),
            &["--disassemble"],
        );
        assert_eq!(
            (apart["assemblies"].as_u64(), apart["separable"].as_u64()),
            (Some(1), Some(1))
        );
    }
}

/// Without --unique a design may have many assemblies: their number is the
/// one the SAT engine counts.
#[test]
fn without_unique_the_assemblies_are_counted_in_full() {
    let dir = tempfile::tempdir().unwrap();
    let (found, _) = designs(&["2x3x3", "--pieces", "5", "--seed", "1"], 0);
    let assemblies = found[0]["assemblies"].as_u64().unwrap();
    assert!(assemblies > 1, "{}", found[0]["model"]);
    let file = dir.path().join("d.toml");
    std::fs::write(&file, found[0]["model"].as_str().unwrap()).unwrap();
    let sat = count(&file, &["--engine", "sat", "--unique"]);
    assert_eq!(sat["unique"].as_u64(), Some(assemblies));
}
