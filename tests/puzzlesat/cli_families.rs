//! The command-line contract of the packing, board-snakes and sudoku-snake
//! families: their JSON keys, exit codes and error messages, run on the real binary.

use crate::common::bundled;
use crate::common::cli::{assert_bad_model, json_of, puzzlesat, stdout_of};
use std::path::PathBuf;

fn packing_model(name: &str) -> PathBuf {
    bundled("packing", name)
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
    bundled("board-snakes", name)
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
        .arg(bundled("snake-cube", "red.toml"))
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
    bundled("sudoku-snake", name)
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
        .arg(bundled("snake-cube", "red.toml"))
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
