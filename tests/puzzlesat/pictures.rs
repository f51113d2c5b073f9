//! Pictures on the command line: `--picture` writes an SVG or a page by the
//! file's extension, with every solution printed; a name this tool draws no
//! picture for, or a file that cannot be written, is one line and exit 2.

use crate::common::cli::puzzlesat;
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
