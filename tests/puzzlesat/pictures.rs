//! Pictures on the command line: `--picture` writes an SVG or a page by the
//! file's extension, with every solution printed; a name this tool draws no
//! picture for, or a file that cannot be written, is one line and exit 2.

use crate::common::cli::{json_of, puzzlesat, stdout_of};
use crate::common::svg::{elements, with_class};
use std::path::Path;

#[test]
fn picture_files_on_the_command_line() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let model = crate::common::bundled("packing", "megaron.toml");
    let run = |args: &[&str], picture: &Path, code: i32| {
        puzzlesat()
            .args(args)
            .arg(&model)
            .arg("--picture")
            .arg(picture)
            .assert()
            .code(code)
            .get_output()
            .stderr
            .clone()
    };
    let svg = dir.join("megaron.svg");
    run(&["solve"], &svg, 0);
    assert_eq!(
        with_class(&elements(&std::fs::read_to_string(&svg).unwrap()), "piece").len(),
        6
    );
    // `all` draws every solution printed: Megaron, 6 pieces, has 24.
    let all = dir.join("all.svg");
    run(&["all", "--quiet"], &all, 0);
    let text = std::fs::read_to_string(&all).unwrap();
    assert_eq!(with_class(&elements(&text), "solution").len(), 24);
    let page = dir.join("all.html");
    run(&["all", "--quiet", "--unique"], &page, 0);
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("\"class 1\"")
    );
    // Another extension, or a file that cannot be written: exit 2, one line.
    for bad in [dir.join("megaron.png"), dir.join("no/such/dir/megaron.svg")] {
        let error = String::from_utf8(run(&["solve"], &bad, 2)).unwrap();
        assert_eq!(error.lines().count(), 1, "{error}");
    }
}

/// `--picture .svg` names what is missing rather than asking for the ending
/// it has; a page's help says what one step of its slider is for the family.
#[test]
fn a_bare_extension_is_refused_and_the_slider_says_its_step() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let soma = crate::common::bundled("packing", "soma.toml");
    let out = puzzlesat()
        .args(["solve", "--picture"])
        .arg(dir.join(".svg"))
        .arg(&soma)
        .assert()
        .code(2);
    let error = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(error.contains("a name before the .svg"), "{error}");
    let cases = [
        (
            crate::common::bundled("packing", "soma.toml"),
            "one piece placed",
        ),
        (
            crate::common::bundled("snake-cube", "red.toml"),
            "one segment of the string",
        ),
    ];
    for (model, step) in cases {
        let page = dir.join("page.html");
        puzzlesat()
            .args(["solve", "--picture"])
            .arg(&page)
            .arg(&model)
            .assert()
            .code(0);
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains(step), "{model:?}");
    }
}

/// Copies of one piece type are named as the moves name them (`R1`, `R2`)
/// in the layers, the pieces list, the JSON and the pictures, and drawn in
/// colours that tell them apart; a BurrTools shape with no name gets a
/// letter, not a digit.
#[test]
fn copies_are_named_alike_everywhere_and_coloured_apart() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/saved/CubeInCage.xmpuzzle");
    let text = String::from_utf8(stdout_of(&["solve", "--disassemble"], &file, 0)).unwrap();
    let (layers, rest) = text.split_once("Pieces:\n").unwrap();
    let (pieces, moves) = rest.split_once("Disassembly:\n").unwrap();
    let listed: Vec<&str> = pieces
        .lines()
        .map(|line| line.trim().split([' ', ':']).next().unwrap())
        .collect();
    assert_eq!(listed, ["F", "R1", "R2", "S", "A", "B"], "{pieces}");
    for label in &listed {
        assert!(
            layers.split_whitespace().any(|cell| cell == *label),
            "{label} in the layers:\n{layers}"
        );
        assert!(
            label.starts_with(|c: char| c.is_ascii_uppercase()),
            "{label}"
        );
    }
    // Every piece a move names is one of the pieces listed.
    for line in moves.lines().filter(|l| l.contains(" move")) {
        let (_, named) = line.split_once(". ").unwrap();
        let named = named.split(" move").next().unwrap();
        for piece in named.split(", ") {
            assert!(listed.contains(&piece), "{piece} in {line:?}");
        }
    }
    let json = json_of(&stdout_of(&["solve", "--format", "json"], &file, 0));
    let labels: Vec<&str> = json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, listed);
    // In the picture, the two copies (pieces 1 and 2) have no fill in common.
    let scratch = tempfile::tempdir().unwrap();
    let svg = scratch.path().join("cage.svg");
    puzzlesat()
        .arg("solve")
        .arg(&file)
        .arg("--picture")
        .arg(&svg)
        .assert()
        .code(0);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let fills = |piece: &str| -> std::collections::BTreeSet<String> {
        drawn
            .lines()
            .filter(|l| l.contains(&format!("data-piece=\"{piece}\"")))
            .filter_map(|l| {
                l.split("fill=\"")
                    .nth(1)?
                    .split('"')
                    .next()
                    .map(String::from)
            })
            .collect()
    };
    let (one, two) = (fills("1"), fills("2"));
    assert!(!one.is_empty() && !two.is_empty());
    assert!(one.is_disjoint(&two), "{one:?} {two:?}");
}
