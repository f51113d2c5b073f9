//! The command-line contract: JSON keys, exit codes and error messages, run on the
//! real binary.

mod common;

use common::cli::{json_of, puzzlesat, stdout_of};
use std::path::{Path, PathBuf};

fn model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/snake-cube")
        .join(name)
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

/// Writes `text` as a model and expects one error line naming the file and `field`.
fn assert_bad_model(text: &str, field: &str, fragment: &str) {
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

fn packing_model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/packing")
        .join(name)
}

#[test]
fn packing_solve_and_count_json() {
    let v = json_of(&stdout_of(
        &["solve", "--format", "json"],
        &packing_model("megaron.toml"),
        0,
    ));
    assert_eq!(v["status"], "solved");
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 6);
    let cells: usize = pieces
        .iter()
        .map(|p| p["cells"].as_array().unwrap().len())
        .sum();
    assert_eq!(cells, 27);
    let v = json_of(&stdout_of(
        &["count", "--unique", "--format", "json"],
        &packing_model("megaron.toml"),
        0,
    ));
    assert_eq!(
        (v["solutions"].as_u64(), v["unique"].as_u64()),
        (Some(24), Some(1))
    );
}

#[test]
fn packing_check_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout_of(
        &["solve", "--format", "json"],
        &packing_model("soma.toml"),
        0,
    );
    let file = dir.path().join("soma.json");
    std::fs::write(&file, &out).unwrap();
    puzzlesat()
        .arg("check")
        .arg(packing_model("soma.toml"))
        .arg(&file)
        .assert()
        .code(0);
    let mut v = json_of(&out);
    let first = v["pieces"][0]["cells"][0].as_array_mut().unwrap();
    first[0] = serde_json::json!(first[0].as_i64().unwrap() + 5);
    std::fs::write(&file, v.to_string()).unwrap();
    puzzlesat()
        .arg("check")
        .arg(packing_model("soma.toml"))
        .arg(&file)
        .assert()
        .code(1);
}

#[test]
fn packing_that_cannot_fill_its_box_is_unsolvable() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bars.toml");
    // A T tetromino and a domino have the right volume for a 3x1x2 box, but the T
    // always leaves two cells that do not touch.
    std::fs::write(
        &file,
        "family = \"packing\"\nsize = [3, 1, 2]\n[[pieces]]\nname = \"T\"\nlayers = [\"###\", \".#.\"]\n[[pieces]]\nname = \"o\"\ncells = [[0, 0, 0], [1, 0, 0]]\n",
    )
    .unwrap();
    let v = json_of(&stdout_of(&["solve", "--format", "json"], &file, 1));
    assert_eq!(v["status"], "unsolvable");
}

#[test]
fn malformed_packing_models_give_one_clear_error_and_exit_2() {
    let head = "family = \"packing\"\nsize = [2, 2, 1]\n";
    let piece = |body: &str| format!("{head}[[pieces]]\nname = \"p\"\n{body}\n");
    assert_bad_model(
        &piece("cells = [[0, 0, 0], [1, 1, 0]]"),
        "pieces[0].cells",
        "connected",
    );
    assert_bad_model(&piece("cells = []"), "pieces[0].cells", "at least one cell");
    assert_bad_model(
        &piece("cells = [[0, 0, 0], [0, 0, 0]]"),
        "pieces[0].cells",
        "repeated",
    );
    assert_bad_model(&piece("cells = [[0, 0]]"), "pieces[0].cells", "[x, y, z]");
    assert_bad_model(
        &piece("layers = [\"#x\"]"),
        "pieces[0].layers",
        "'x' in layer 1 row 1 column 2",
    );
    assert_bad_model(
        &piece("layers = [\"##\"]"),
        "pieces",
        "add up to the target's 4 cells, but they add up to 2",
    );
    assert_bad_model(
        &piece("layers = [\"##\"]\ncount = 0"),
        "pieces[0].count",
        "from 1 to 4096",
    );
    assert_bad_model(
        &piece("layers = [\"##\"]\ncells = [[0, 0, 0]]"),
        "pieces[0].layers",
        "not both",
    );
    assert_bad_model(
        &piece("layers = [\"##\"]\nletter = \"pq\""),
        "pieces[0].letter",
        "one letter",
    );
    assert_bad_model(
        &piece("layers = [\"##\"]\ncolour = 1"),
        "pieces[0].colour",
        "no such field",
    );
    assert_bad_model(&piece("count = 2"), "pieces[0].cells", "neither is given");
    assert_bad_model(
        &format!(
            "{head}[[pieces]]\nname = \"p\"\nlayers = [\"##\"]\n[[pieces]]\nname = \"p\"\nlayers = [\"##\"]\n"
        ),
        "pieces[1].name",
        "no other piece has",
    );
    assert_bad_model(
        &format!("{head}mirror = \"yes\"\n"),
        "mirror",
        "true or false",
    );
    assert_bad_model(
        &format!("{head}mirror = false\n"),
        "pieces",
        "at least one piece",
    );
    assert_bad_model(
        "family = \"packing\"\nshape = [\"#?\"]\n[[pieces]]\nname = \"p\"\nlayers = [\"#\"]\n",
        "shape",
        "'?'",
    );
    assert_bad_model(
        "family = \"packing\"\nsize = [1, 1, 1]\nshape = [\"#\"]\n[[pieces]]\nname = \"p\"\nlayers = [\"#\"]\n",
        "shape",
        "not both",
    );
}

fn board_model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/board-snakes")
        .join(name)
}

#[test]
fn board_snakes_solve_relax_and_count_json() {
    let v = json_of(&stdout_of(
        &["solve", "--format", "json"],
        &board_model("six-snakes.toml"),
        0,
    ));
    assert_eq!(v["status"], "solved");
    let snakes = v["snakes"].as_array().unwrap();
    assert_eq!(snakes.len(), 6);
    assert_eq!(snakes[0][0], 1);
    assert_eq!(snakes[5][0], 50);

    let v = json_of(&stdout_of(
        &["solve", "--format", "json"],
        &board_model("six-snakes-corners.toml"),
        1,
    ));
    assert_eq!(v["status"], "unsolvable");

    let v = json_of(&stdout_of(
        &["solve", "--relax", "--format", "json"],
        &board_model("six-snakes-corners.toml"),
        0,
    ));
    assert_eq!(v["broken_links"], 1);
    assert_eq!(v["snakes"].as_array().unwrap().len(), 6);

    let v = json_of(&stdout_of(
        &["count", "--format", "json"],
        &board_model("square-4x4.toml"),
        0,
    ));
    assert_eq!(v["solutions"], 6);

    let text = stdout_of(&["solve"], &board_model("six-snakes.toml"), 0);
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("A1 "), "{text}");
    assert!(text.contains("A (head 1): 1 "), "{text}");
}

#[test]
fn relax_needs_a_board_snakes_model() {
    let out = puzzlesat()
        .args(["solve", "--relax"])
        .arg(model("red.toml"))
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("--relax"), "{stderr}");
}

#[test]
fn malformed_board_models_give_one_clear_error_and_exit_2() {
    let hex = "family = \"board-snakes\"\nboard = \"hex72\"\n";
    assert_bad_model(
        &format!("{hex}heads = [1, 73]\nlength = 36"),
        "heads",
        "from 1 to 72",
    );
    assert_bad_model(
        &format!("{hex}heads = [5, 5]\nlength = 36"),
        "heads",
        "notch 5 is the head of two snakes",
    );
    assert_bad_model(
        &format!("{hex}heads = [1, 2]\nlength = 12"),
        "length",
        "add up to 24",
    );
    assert_bad_model(
        &format!("{hex}heads = [1, 2]\nlengths = [36]"),
        "lengths",
        "one length per snake",
    );
    assert_bad_model(
        &format!("{hex}heads = [1, 2]\nlength = 36\nlengths = [36, 36]"),
        "lengths",
        "not both",
    );
    assert_bad_model(
        &format!("{hex}heads = [1, 2]"),
        "length",
        "neither is given",
    );
    assert_bad_model(&format!("{hex}length = 12"), "heads", "missing");
    assert_bad_model(
        "family = \"board-snakes\"\nboard = \"hex73\"\nheads = [1]\nlength = 1",
        "board",
        "\"hex72\"",
    );
    assert_bad_model(
        "family = \"board-snakes\"\nboard = { grid = \"hexagonal\", width = 3, height = 3 }\nheads = [1]\nlength = 9",
        "board.grid",
        "\"square\", \"triangular\" or \"honeycomb\"",
    );
    assert_bad_model(
        "family = \"board-snakes\"\nboard = { nodes = 4, edges = [[1, 2], [3, 4]] }\nheads = [1, 3]\nlength = 2",
        "board",
        "connected",
    );
    assert_bad_model(
        "family = \"board-snakes\"\nboard = { nodes = 3, edges = [[1, 2], [2, 5]] }\nheads = [1]\nlength = 3",
        "board.edges",
        "edge 2 is [2, 5]",
    );
}

fn sudoku_model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/sudoku-snake")
        .join(name)
}

#[test]
fn sudoku_snake_json_contract() {
    let v = json_of(&stdout_of(
        &["solve", "--format", "json"],
        &sudoku_model("mini-6x6.toml"),
        0,
    ));
    assert_eq!(v["status"], "solved");
    let snake = v["snake"].as_array().unwrap();
    assert_eq!(v["length"].as_u64(), Some(snake.len() as u64));
    assert_eq!(snake[0].as_array().unwrap().len(), 2);
    let parity = v["parity"].as_array().unwrap();
    assert_eq!(parity.len(), 6);
    assert!(
        parity
            .iter()
            .all(|row| row.as_str().unwrap().chars().all(|c| c == 'E' || c == 'O'))
    );

    let v = json_of(&stdout_of(
        &["count", "--unique", "--format", "json"],
        &sudoku_model("mini-6x6.toml"),
        0,
    ));
    assert_eq!(
        (v["solutions"].as_u64(), v["unique"].as_u64()),
        (Some(10), Some(3))
    );
    assert_eq!(v["lengths"]["14"], 10);

    let args = [
        "solve",
        "--minimize",
        "length",
        "--sudoku",
        "--format",
        "json",
    ];
    let v = json_of(&stdout_of(&args, &sudoku_model("mini-6x6.toml"), 0));
    assert_eq!(v["optimum"], "shortest");
    assert_eq!(v["length"], 14);
    assert_eq!(v["sudoku"].as_array().unwrap().len(), 6);

    // The solution file round-trips through `check`.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("snake.json");
    std::fs::write(&file, v.to_string()).unwrap();
    puzzlesat()
        .arg("check")
        .arg(sudoku_model("mini-6x6.toml"))
        .arg(&file)
        .assert()
        .code(0);
}

#[test]
fn optimising_needs_a_sudoku_snake_model() {
    puzzlesat()
        .args(["solve", "--maximize", "length"])
        .arg(model("red.toml"))
        .assert()
        .code(2);
}

#[test]
fn malformed_sudoku_models_give_one_clear_error_and_exit_2() {
    let head = "family = \"sudoku-snake\"\n";
    assert_bad_model(&format!("{head}size = 20"), "size", "from 2 to 16");
    assert_bad_model(&format!("{head}size = 6"), "box", "no square boxes");
    assert_bad_model(
        &format!("{head}size = 6\nbox = [4, 3]"),
        "box",
        "tile the 6x6 grid",
    );
    assert_bad_model(&format!("{head}even = 10"), "even", "at most 9");
    assert_bad_model(&format!("{head}head = [9, 0]"), "head", "from 0 to 8");
    assert_bad_model(&format!("{head}head = [1, 2, 3]"), "head", "[row, column]");
    assert_bad_model(
        &format!("{head}head_parity = \"red\""),
        "head_parity",
        "\"even\" or \"odd\"",
    );
    assert_bad_model(
        &format!("{head}min_length = 30\nmax_length = 20"),
        "max_length",
        "at least min_length = 30",
    );
    assert_bad_model(
        &format!("{head}visit_every_box = 1"),
        "visit_every_box",
        "true or false",
    );
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
