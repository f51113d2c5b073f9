//! Regression tests for what a new user and hostile inputs found, one per bug, on
//! the real binary.

use crate::common::bundled as model;

use crate::common::cli::{json_of, puzzlesat, stdout_of};
use serde_json::Value;
use std::path::Path;

/// Runs `check MODEL FILE` on `solution` written to a file; returns the exit code
/// and stderr.
fn check(model: &Path, solution: &Value) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solution.json");
    std::fs::write(&file, solution.to_string()).unwrap();
    let out = puzzlesat()
        .arg("check")
        .arg(model)
        .arg(&file)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn solved(args: &[&str], model: &Path) -> Value {
    json_of(&stdout_of(args, model, 0))
}

fn stderr_of(args: &[&str], code: i32) -> String {
    let out = puzzlesat().args(args).assert().code(code);
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

#[test]
fn all_with_limit_0_prints_nothing() {
    for engine in ["sat", "exact-cover"] {
        let out = stdout_of(
            &["all", "--limit", "0", "--engine", engine],
            &model("packing", "soma.toml"),
            0,
        );
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
    }
    let v = solved(
        &["count", "--limit", "0", "--format", "json"],
        &model("packing", "soma.toml"),
    );
    assert_eq!(
        (v["solutions"].as_u64(), v["complete"].as_bool()),
        (Some(0), Some(false))
    );
}

#[test]
fn all_to_a_full_device_exits_2() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // No such device here: nothing to test.
    };
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzlesat"))
        .arg("all")
        .arg(model("packing", "soma.toml"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("<stdout>"), "{err}");
}

#[test]
fn check_refuses_a_packing_cell_with_a_non_integer() {
    let soma = model("packing", "soma.toml");
    let mut v = solved(&["solve", "--format", "json"], &soma);
    v["pieces"][0]["cells"][0] = serde_json::json!([0, "x", 2, 0]);
    let (code, err) = check(&soma, &v);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("pieces") && err.contains("[0,\"x\",2,0]"),
        "{err}"
    );
}

#[test]
fn check_refuses_keys_it_does_not_know_and_claims_that_do_not_hold() {
    let red = model("snake-cube", "red.toml");
    let good = solved(&["solve", "--format", "json"], &red);
    assert_eq!(check(&red, &good).0, 0);
    let mut folding = good.clone();
    folding["folding"][0]["blocks"] = 9.into();
    let (code, err) = check(&red, &folding);
    assert_eq!(code, 2);
    assert!(err.contains("folding[0].blocks"), "{err}");
    let mut unsolvable = good.clone();
    unsolvable["status"] = "unsolvable".into();
    assert_eq!(check(&red, &unsolvable).0, 2);
    let mut extra = good.clone();
    extra["optimum"] = "longest".into();
    let (code, err) = check(&red, &extra);
    assert_eq!(code, 2);
    assert!(err.contains("`optimum`"), "{err}");

    let mini = model("sudoku-snake", "mini-6x6.toml");
    let good = solved(
        &[
            "solve",
            "--format",
            "json",
            "--sudoku",
            "--maximize",
            "length",
        ],
        &mini,
    );
    assert_eq!(check(&mini, &good).0, 0);
    let mut length = good.clone();
    length["length"] = 99.into();
    assert_eq!(check(&mini, &length).0, 2);
    let mut ones = good.clone();
    for row in ones["sudoku"].as_array_mut().unwrap() {
        for d in row.as_array_mut().unwrap() {
            *d = 1.into();
        }
    }
    assert_eq!(check(&mini, &ones).0, 1);
    let mut optimum = good.clone();
    optimum["optimum"] = "best".into();
    assert_eq!(check(&mini, &optimum).0, 2);
}

#[test]
fn check_verifies_a_relaxed_answer_and_its_number_of_broken_links() {
    let corners = model("board-snakes", "six-snakes-corners.toml");
    let relaxed = solved(&["solve", "--relax", "--format", "json"], &corners);
    assert_eq!(check(&corners, &relaxed).0, 0);
    let mut wrong = relaxed.clone();
    wrong["broken_links"] = 2.into();
    let (code, _) = check(&corners, &wrong);
    assert_eq!(code, 1);
}

#[test]
fn flags_for_another_family_exit_2() {
    let board = model("board-snakes", "six-snakes.toml");
    let board = board.to_str().unwrap();
    for args in [
        vec!["solve", board, "--relax", "--maximize", "length"],
        vec!["solve", board, "--sudoku"],
        vec![
            "solve",
            model("packing", "soma.toml").to_str().unwrap(),
            "--relax",
        ],
    ] {
        let err = stderr_of(&args, 2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("field `family`"), "{err}");
    }
}

#[test]
fn threads_0_is_refused_and_many_threads_are_capped() {
    let soma = model("packing", "soma.toml");
    let err = stderr_of(&["count", soma.to_str().unwrap(), "--threads", "0"], 2);
    assert!(err.contains("a number of threads from 1"), "{err}");
    for engine in ["sat", "exact-cover"] {
        let v = solved(
            &[
                "count",
                "--threads",
                "20000",
                "--format",
                "json",
                "--engine",
                engine,
            ],
            &soma,
        );
        assert_eq!(v["solutions"], 11520);
    }
}

#[test]
fn errors_name_the_field_as_written_and_empty_names_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        file
    };
    let board = write(
        "board.toml",
        "family = \"board-snakes\"\nboard = { grid = \"square\", width = 3, height = 3 }\nheads = [1]\nlength = 8\n",
    );
    let err = stderr_of(&["solve", board.to_str().unwrap()], 2);
    assert!(err.contains("field `length`"), "{err}");
    let unnamed = write(
        "unnamed.toml",
        "family = \"snake-cube\"\nname = \"  \"\nsize = [2, 2, 2]\nblocks = \"SCCCCCCS\"\n",
    );
    let err = stderr_of(&["solve", unnamed.to_str().unwrap()], 2);
    assert!(err.contains("field `name`"), "{err}");
    let piece = write(
        "piece.toml",
        "family = \"packing\"\nsize = [1, 1, 1]\n[[pieces]]\nname = \"\"\ncells = [[0, 0, 0]]\n",
    );
    let err = stderr_of(&["solve", piece.to_str().unwrap()], 2);
    assert!(err.contains("field `pieces[0].name`"), "{err}");
}

#[test]
fn argument_errors_are_one_line_and_a_tip() {
    let soma = model("packing", "soma.toml");
    for args in [
        vec!["count"],
        vec!["count", soma.to_str().unwrap(), "--bogus"],
        vec!["frobnicate"],
        vec!["solve", soma.to_str().unwrap(), "--minimize"],
    ] {
        let err = stderr_of(&args, 2);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(lines[0].starts_with("error: "), "{err}");
        assert!(lines[1].contains("--help"), "{err}");
    }
}

#[test]
fn models_too_large_for_memory_are_refused_before_anything_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: String| {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        file
    };
    // A 10x10x10 snake (any string of the right length: the size alone decides).
    let snake = write(
        "snake.toml",
        format!(
            "family = \"snake-cube\"\nsize = [10, 10, 10]\nblocks = \"{}\"\n",
            "S".repeat(1000)
        ),
    );
    let board = write(
        "board.toml",
        "family = \"board-snakes\"\nboard = { grid = \"square\", width = 40, height = 50 }\nheads = [1]\nlength = 2000\n".into(),
    );
    for (file, field) in [(&snake, "size"), (&board, "board")] {
        for command in ["solve", "count", "cnf"] {
            let args: &[&str] = match command {
                "cnf" => &[],
                _ => &["--engine", "sat"],
            };
            let err = stderr_of(&[&[command, file.to_str().unwrap()], args].concat(), 2);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(&format!("field `{field}`")), "{err}");
            assert!(
                err.contains("million clauses") && err.contains("limit of 5 million"),
                "{err}"
            );
        }
    }
    // The path search, the default for snake cubes, builds no formula (its
    // memory grows with the box, at most 1,000 cells): one segment of a
    // thousand blocks cannot fold, and that is found at once.
    let v = json_of(&stdout_of(&["solve", "--format", "json"], &snake, 1));
    assert_eq!(v["status"], "unsolvable");
    // Two kinds of many copies: one count is implied by volume, the other needs a
    // totalizer of placements times copies, too large for SAT; a quick exact cover.
    let tiles = write(
        "tiles.toml",
        "family = \"packing\"\nsize = [64, 64, 1]\n\
         [[pieces]]\nname = \"m\"\ncells = [[0, 0, 0]]\ncount = 2048\n\
         [[pieces]]\nname = \"d\"\ncells = [[0, 0, 0], [1, 0, 0]]\ncount = 1024\n"
            .into(),
    );
    let err = stderr_of(&["solve", tiles.to_str().unwrap(), "--engine", "sat"], 2);
    assert!(err.contains("exact-cover engine"), "{err}");
    let v = solved(&["solve", "--format", "json"], &tiles);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 3072);
    // One kind alone: its count is implied, and SAT needs no totalizer.
    let monominoes = write(
        "monominoes.toml",
        "family = \"packing\"\nsize = [64, 64, 1]\n[[pieces]]\nname = \"m\"\ncells = [[0, 0, 0]]\ncount = 4096\n".into(),
    );
    let v = solved(
        &["solve", "--format", "json", "--engine", "sat"],
        &monominoes,
    );
    assert_eq!(v["pieces"].as_array().unwrap().len(), 4096);
}

#[test]
fn ctrl_c_prints_the_partial_count_as_a_lower_bound_and_exits_130() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("puzzlesat"))
        .arg("count")
        .arg(model("packing", "bedlam.toml"))
        .args(["--unique", "--format", "json"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    if !sent.is_ok_and(|s| s.success()) {
        let _ = child.kill();
        let _ = child.wait();
        return; // No `kill` command here: nothing to test.
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let v = json_of(&out.stdout);
    assert_eq!(v["complete"], false);
    assert_eq!(v["interrupted"], true);
    assert!(v["solutions"].as_u64().unwrap() < 460_464);
}

/// `solve` prints the same solution on every run, whatever its threads do
/// (Bedlam's packing once differed in one run of twelve; with SAT, Soma's did
/// in about one of three).
#[test]
fn solve_gives_the_same_solution_every_run() {
    let cases: [(&[&str], &str); 4] = [
        (&[], "bedlam.toml"),
        (&["--engine", "sat"], "soma.toml"),
        (&["--engine", "exact-cover"], "soma.toml"),
        (&["--engine", "sat"], "pentominoes-3x20.toml"),
    ];
    for (engine, file) in cases {
        let runs: Vec<Value> = (0..if file == "soma.toml" { 12 } else { 3 })
            .map(|_| {
                let mut args = vec!["solve", "--format", "json"];
                args.extend_from_slice(engine);
                let mut v = solved(&args, &model("packing", file));
                v.as_object_mut().unwrap().remove("seconds");
                v
            })
            .collect();
        assert!(
            runs.iter().all(|v| v == &runs[0]),
            "{file} {engine:?}: {runs:#?}"
        );
        assert_eq!(runs[0]["status"], "solved");
    }
}

/// An assembly of more pieces than the take-apart holds is refused before the
/// search, naming that limit rather than `--max-states`.
#[test]
fn taking_apart_more_than_64_pieces_names_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cubes.toml");
    std::fs::write(
        &file,
        "family = \"packing\"\nname = \"81 cubes\"\nsize = [9, 9, 1]\n\n\
         [[pieces]]\nname = \"cube\"\nlayers = [\"#\"]\ncount = 81\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    for args in [
        &["count", "--disassemble", path][..],
        &["solve", "--disassemble", path],
        &["all", "--disassemble", path],
    ] {
        let err = stderr_of(args, 2);
        assert!(err.contains("at most 64 pieces"), "{args:?}: {err}");
        assert!(!err.contains("max-states"), "{args:?}: {err}");
    }
}

/// `solve --proof FILE` on a puzzle with a solution says there is no
/// refutation to write, rather than nothing.
#[test]
fn solve_with_a_proof_of_a_solvable_puzzle_says_none_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("x.drat");
    let out = puzzlesat()
        .args(["solve", "--proof", proof.to_str().unwrap()])
        .arg(model("packing", "soma.toml"))
        .assert()
        .code(0);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("solved: no refutation to write"), "{err}");
    assert!(!proof.exists());
}

/// A designer's model with no solution says why when the reason is plain (a
/// piece that fits nowhere, a straight run longer than the box), in text and
/// JSON, and a snake cube points to the strings that do fold in its box.
#[test]
fn no_solution_says_why_when_it_is_plain() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "family = \"packing\"\nsize = [2, 2, 1]\n[[pieces]]\nname = \"I\"\nlayers = [\"###\"]\n[[pieces]]\nname = \"D\"\nlayers = [\"#\"]\n",
            "piece I fits nowhere in the target",
        ),
        (
            "family = \"snake-cube\"\nsize = [2, 2, 2]\nsegments = [3, 2, 2, 2, 2, 2]\n",
            "segment 1 is 3 blocks in a straight line, longer than the box's longest side (2)",
        ),
    ];
    for (i, (text, why)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("model-{i}.toml"));
        std::fs::write(&file, text).unwrap();
        let out = String::from_utf8(stdout_of(&["solve"], &file, 1)).unwrap();
        assert!(out.contains(&format!("Why: {why}.")), "{out}");
        let json = solved_json(&["solve", "--format", "json"], &file, 1);
        assert_eq!(json["why_no_solution"], *why);
        let counted = String::from_utf8(stdout_of(&["count"], &file, 1)).unwrap();
        assert!(counted.contains(why), "{counted}");
    }
    let misprinted = String::from_utf8(stdout_of(
        &["solve"],
        &model("snake-cube", "red-misprinted.toml"),
        1,
    ))
    .unwrap();
    assert!(
        misprinted.contains("puzzlesat catalogue snake-cube 3x3x3 --list"),
        "{misprinted}"
    );
    assert!(!misprinted.contains("Why:"), "{misprinted}");
}

fn solved_json(args: &[&str], model: &Path, code: i32) -> Value {
    json_of(&stdout_of(args, model, code))
}

/// Every JSON answer names its family and puzzle, as `solve`'s does.
#[test]
fn every_json_answer_names_its_family_and_puzzle() {
    let soma = model("packing", "soma.toml");
    let counted = solved(&["count", "--format", "json"], &soma);
    assert_eq!(
        (&counted["family"], &counted["name"]),
        (&"packing".into(), &"Soma cube".into())
    );
    let listed = stdout_of(&["all", "--limit", "1", "--format", "json"], &soma, 0);
    let first = json_of(listed.split(|&b| b == b'\n').next().unwrap());
    assert_eq!(
        (&first["family"], &first["name"]),
        (&"packing".into(), &"Soma cube".into())
    );
    let dir = tempfile::tempdir().unwrap();
    let files = crate::common::cli::part_files(&soma, 2, &[], dir.path());
    let merged = json_of(&crate::common::cli::merge(&files, 0).stdout);
    assert_eq!(
        (&merged["family"], &merged["name"]),
        (&"packing".into(), &"Soma cube".into())
    );
    let out = puzzlesat()
        .args([
            "catalogue",
            "snake-cube",
            "2x3x4",
            "--format",
            "json",
            "--quiet",
        ])
        .assert()
        .code(0);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let summary_line = text.lines().last().unwrap();
    let summary: Value = serde_json::from_str(summary_line).unwrap();
    assert_eq!(summary["family"], "snake-cube");
    assert!(
        summary["name"].as_str().unwrap().contains("2x3x4"),
        "{summary}"
    );
    // The strings per number of foldings come in numeric order.
    let by_unique = &summary_line[summary_line.find("\"strings_by_unique\"").unwrap()..];
    let by_unique = &by_unique[..by_unique.find('}').unwrap()];
    let keys: Vec<u64> = by_unique
        .split('"')
        .filter_map(|k| k.parse().ok())
        .collect();
    assert!(keys.len() > 2 && keys.is_sorted(), "{by_unique}");
    let out = puzzlesat()
        .args([
            "design",
            "snake-cube",
            "3x3x3",
            "--count",
            "1",
            "--format",
            "json",
            "--quiet",
        ])
        .assert()
        .code(0);
    for line in String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
    {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["family"], "snake-cube", "{line}");
        assert!(v["name"].as_str().unwrap().contains("3x3x3"), "{line}");
    }
}

/// `all` in text opens with the puzzle's title and closes with how many it
/// printed; a packing's pieces are named once ("L", not "L L").
#[test]
fn all_in_text_has_a_title_and_a_closing_count() {
    let soma = model("packing", "soma.toml");
    let out = String::from_utf8(stdout_of(&["all", "--limit", "2"], &soma, 0)).unwrap();
    assert!(out.starts_with("Soma cube\n"), "{out}");
    assert!(
        out.trim_end()
            .ends_with("2 solutions printed; --limit stopped the search."),
        "{out}"
    );
    assert!(out.contains("\n  L: ") && !out.contains("L L:"), "{out}");
    let tiny = model("snake-cube", "tiny-2x2x2.toml");
    let out = String::from_utf8(stdout_of(&["all", "--unique"], &tiny, 0)).unwrap();
    assert!(
        out.trim_end().ends_with("solutions up to symmetry in all."),
        "{out}"
    );
}

/// `show` and `verify` answer in JSON too.
#[test]
fn show_and_verify_answer_in_json() {
    let soma = model("packing", "soma.toml");
    let shown = solved(&["show", "--format", "json"], &soma);
    assert_eq!(
        (&shown["family"], &shown["name"]),
        (&"packing".into(), &"Soma cube".into())
    );
    assert!(
        shown["description"]
            .as_str()
            .unwrap()
            .contains("placements"),
        "{shown}"
    );
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("none.drat");
    let misprinted = model("snake-cube", "red-misprinted.toml");
    puzzlesat()
        .args([
            "solve",
            "--engine",
            "sat",
            "--proof",
            proof.to_str().unwrap(),
        ])
        .arg(&misprinted)
        .assert()
        .code(1);
    let out = puzzlesat()
        .args(["verify", "--format", "json"])
        .arg(&misprinted)
        .arg(&proof)
        .assert()
        .code(0);
    let verdict = json_of(&out.get_output().stdout);
    assert_eq!(verdict["valid"], true, "{verdict}");
    std::fs::write(&proof, "1 0\n0\n").unwrap();
    let out = puzzlesat()
        .args(["verify", "--format", "json"])
        .arg(&misprinted)
        .arg(&proof)
        .assert()
        .code(1);
    let verdict = json_of(&out.get_output().stdout);
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert!(verdict["reason"].is_string(), "{verdict}");
}
