//! BurrTools files on the real binary: counts as BurrTools defines them (checked
//! against BurrTools' own solver when the fixtures were written), problems chosen
//! by number or name, the TOML import reading back the same, and one clear error
//! for every kind of bad file. The fixtures are this project's own.

use crate::common::cli::{json_of, puzzlesat, stdout_of};
use std::io::Write;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools")
        .join(name)
}

pub(crate) fn count(file: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["count", "--quiet", "--format", "json"];
    args.extend_from_slice(extra);
    json_of(&stdout_of(&args, file, 0))
}

#[test]
fn soma_as_a_gzipped_and_a_plain_file() {
    for name in ["soma.xmpuzzle", "soma-plain.xmpuzzle"] {
        let v = count(&fixture(name), &[]);
        assert_eq!(v["solutions"], 11520, "{name}");
        assert_eq!(v["assemblies"], 240, "{name}");
        assert!(v.get("recorded_assemblies").is_none());
    }
}

/// The variable-voxel fixture: a 2x2 floor under a 2x2 layer of variable cells;
/// problem 1 ("dominoes") places 2 to 4 dominoes, problem 2 ("with an ell") 1 to 3
/// dominoes and at most one L-tromino. BurrTools' solver counts 8 and 12
/// assemblies; the file records 8 for problem 1.
#[test]
fn variable_cells_and_ranges_count_as_burrtools_counts() {
    let file = fixture("variable.xmpuzzle");
    for (problem, solutions, assemblies) in [("1", 23, 8), ("dominoes", 23, 8), ("2", 74, 12)] {
        for engine in ["sat", "exact-cover"] {
            let v = count(&file, &["--problem", problem, "--engine", engine]);
            assert_eq!(v["solutions"], solutions, "problem {problem}, {engine}");
            assert_eq!(v["assemblies"], assemblies, "problem {problem}, {engine}");
        }
    }
    let v = count(&file, &[]);
    assert_eq!(v["recorded_assemblies"], 8);
    let text = String::from_utf8(stdout_of(&["count", "--quiet"], &file, 0)).unwrap();
    assert!(text.contains("BurrTools recorded 8: they agree"), "{text}");
    assert!(
        text.contains("assemblies that can also be taken apart: count --disassemble"),
        "{text}"
    );
}

/// The colour fixture: a 2x2x2 cube coloured like a checkerboard filled by four
/// dominoes of colours 1 and 2, with like colours meeting ("dominoes") or unlike
/// ones ("crossed"); and a 3x2 checkerboard filled by a coloured L-tromino, a
/// coloured domino and an uncoloured cube ("board"). BurrTools' solver counts 2,
/// 2 and 3 assemblies; the file records 2 for the first.
#[test]
fn colour_constraints_count_as_burrtools_counts() {
    let file = fixture("coloured.xmpuzzle");
    for (problem, solutions, assemblies) in [("dominoes", 9, 2), ("crossed", 9, 2), ("board", 6, 3)]
    {
        for engine in ["sat", "exact-cover"] {
            let v = count(&file, &["--problem", problem, "--engine", engine]);
            assert_eq!(v["solutions"], solutions, "problem {problem}, {engine}");
            assert_eq!(v["assemblies"], assemblies, "problem {problem}, {engine}");
        }
    }
    assert_eq!(count(&file, &[])["recorded_assemblies"], 2);
    // The imported model counts the same.
    let toml = stdout_of(&["import", "--problem", "board"], &file, 0);
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let model = dir.join("board.toml");
    std::fs::write(&model, &toml).unwrap();
    let v = count(&model, &["--unique"]);
    assert_eq!(
        (v["solutions"].clone(), v["unique"].clone()),
        (6.into(), 3.into())
    );
}

#[test]
fn import_prints_a_toml_model_with_the_same_counts() {
    let dir = tempfile::tempdir().unwrap();
    for (name, problem) in [("variable.xmpuzzle", "2"), ("soma.xmpuzzle", "1")] {
        let file = fixture(name);
        let toml = stdout_of(&["import", "--problem", problem], &file, 0);
        let model = dir.path().join("imported.toml");
        std::fs::write(&model, &toml).unwrap();
        let from_file = count(&file, &["--problem", problem]);
        let from_toml = json_of(&stdout_of(
            &["count", "--quiet", "--unique", "--format", "json"],
            &model,
            0,
        ));
        assert_eq!(from_toml["solutions"], from_file["solutions"], "{name}");
        assert_eq!(from_toml["unique"], from_file["assemblies"], "{name}");
    }
    // A TOML model is no BurrTools file to import.
    let soma = crate::common::bundled("packing", "soma.toml");
    puzzlesat().arg("import").arg(&soma).assert().code(2);
}

/// Writes `bytes` as a `.xmpuzzle` file and expects exit code 2 with one line
/// naming the file and containing `fragment`.
fn assert_bad_file(bytes: &[u8], args: &[&str], fragment: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.xmpuzzle");
    std::fs::write(&file, bytes).unwrap();
    let out = puzzlesat()
        .arg("count")
        .arg(&file)
        .args(args)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.xmpuzzle") && err.contains(fragment),
        "{fragment}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

fn gzip(text: &str) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text.as_bytes()).unwrap();
    e.finish().unwrap()
}

/// A one-problem file: `shapes` (voxel elements) and the problem's body.
fn puzzle(grid: u32, shapes: &str, problem: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"{grid}\"/><colors/>\
         <shapes>{shapes}</shapes><problems><problem>{problem}</problem></problems></puzzle>"
    )
}

/// A target larger than a TOML model may have is refused the same way from a
/// BurrTools file, on either engine, before any placement is built.
#[test]
fn a_target_past_the_packing_size_limit_is_refused_from_either_format() {
    let (x, y, z) = (64, 64, 2);
    let big = format!(
        "<voxel x=\"{x}\" y=\"{y}\" z=\"{z}\" type=\"0\">{}</voxel>",
        "#".repeat(x * y * z)
    );
    let domino = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>";
    let problem = format!(
        "<shapes><shape id=\"1\" count=\"{}\"/></shapes><result id=\"0\"/>",
        x * y * z / 2
    );
    let file = gzip(&puzzle(0, &format!("{big}{domino}"), &problem));
    for engine in ["sat", "exact-cover"] {
        assert_bad_file(&file, &["--engine", engine], "at most 4096 cells");
    }
    let dir = tempfile::tempdir().unwrap();
    let toml = dir.path().join("big.toml");
    std::fs::write(
        &toml,
        format!(
            "family = \"packing\"\nsize = [{x}, {y}, {z}]\n[[pieces]]\nname = \"d\"\ncells = [[0, 0, 0], [1, 0, 0]]\ncount = 2500\n"
        ),
    )
    .unwrap();
    let out = puzzlesat().arg("count").arg(&toml).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("at most 4096 cells"), "{err}");
}

#[test]
fn bad_files_give_one_clear_error_and_exit_2() {
    let cube = "<voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>";
    let two = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>";
    let ok_problem = "<shapes><shape id=\"0\" count=\"2\"/></shapes><result id=\"1\"/>";
    // The well-formed file these are variations of counts 1 way.
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.xmpuzzle");
    std::fs::write(&good, gzip(&puzzle(0, &format!("{cube}{two}"), ok_problem))).unwrap();
    assert_eq!(count(&good, &[])["solutions"], 1);

    assert_bad_file(&[0x00, 0xff, 0x13, 0x37], &[], "neither");
    assert_bad_file(&[0x1f, 0x8b, 0x08, 0x00, 0x01], &[], "does not unpack");
    assert_bad_file(b"<puzzle><shapes></puzzle>", &[], "well-formed XML");
    assert_bad_file(b"<notapuzzle/>", &[], "<puzzle>");
    let short = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#</voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{short}"), ok_problem)),
        &[],
        "2 cells (2 x 1 x 1), got 1",
    );
    let long = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">###</voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{long}"), ok_problem)),
        &[],
        "got 3",
    );
    let letters = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#x</voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{letters}"), ok_problem)),
        &[],
        "'x'",
    );
    let missing = "<shapes><shape id=\"7\" count=\"2\"/></shapes><result id=\"1\"/>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{two}"), missing)),
        &[],
        "got 7",
    );
    let no_result = "<shapes><shape id=\"0\" count=\"2\"/></shapes>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{two}"), no_result)),
        &[],
        "field `result`",
    );
    let negative = "<voxel x=\"-2\" y=\"1\" z=\"1\" type=\"0\">##</voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{negative}"), ok_problem)),
        &[],
        "sides 0 to",
    );
    let absurd = "<voxel x=\"1000\" y=\"1000\" z=\"1000\" type=\"0\"></voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{absurd}"), ok_problem)),
        &[],
        "at most",
    );
    let not_a_number = "<shapes><shape id=\"zero\" count=\"2\"/></shapes><result id=\"1\"/>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{two}"), not_a_number)),
        &[],
        "a whole number",
    );
    assert_bad_file(
        &gzip(&puzzle(3, &format!("{cube}{two}"), ok_problem)),
        &[],
        "rhombic",
    );
    // A colour the file's <colors> does not define.
    let coloured = "<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#1#1</voxel>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{coloured}"), ok_problem)),
        &[],
        "up to the 0 colours defined",
    );
    let volume = "<shapes><shape id=\"0\" count=\"3\"/></shapes><result id=\"1\"/>";
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{two}"), volume)),
        &[],
        "field `problem`",
    );
    let negative_count = puzzle(0, &format!("{cube}{two}"), ok_problem)
        .replace("<problem>", "<problem assemblies=\"-5\">");
    assert_bad_file(&gzip(&negative_count), &[], "a count from 0");
    let none = "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><shapes/><problems/></puzzle>";
    assert_bad_file(none.as_bytes(), &[], "none");
    assert_bad_file(
        &gzip(&puzzle(0, &format!("{cube}{two}"), ok_problem)),
        &["--problem", "2"],
        "the problems are 1",
    );
    // --problem on a TOML model.
    let soma = crate::common::bundled("packing", "soma.toml");
    let out = puzzlesat()
        .args(["count", "--problem", "1"])
        .arg(&soma)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--problem"), "{err}");
}

/// Files in the encoding their XML declaration names: Latin-1 names read as
/// BurrTools writes them (declared, or undeclared and not UTF-8); bytes that
/// are not the declared UTF-8, or an encoding this reader does not know, are
/// one line and exit 2.
#[test]
fn files_are_read_in_the_encoding_they_declare() {
    let soma = std::fs::read_to_string(fixture("soma-plain.xmpuzzle")).unwrap();
    let body = soma.trim_start_matches("<?xml version=\"1.0\"?>");
    // A piece named "Würfel" in Latin-1: ü is the one byte 0xFC.
    let named = body.replacen("<voxel ", "<voxel name=\"W\u{fc}rfel\" ", 1);
    let latin1: Vec<u8> = named
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let with = |declaration: &str| [declaration.as_bytes(), &latin1].concat();
    let dir = tempfile::tempdir().unwrap();
    for declaration in [
        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
        "<?xml version=\"1.0\"?>",
    ] {
        let file = dir.path().join("latin1.xmpuzzle");
        std::fs::write(&file, with(declaration)).unwrap();
        let shown = String::from_utf8(stdout_of(&["show"], &file, 0)).unwrap();
        assert!(shown.contains("Würfel"), "{declaration}: {shown}");
        assert_eq!(count(&file, &[])["solutions"], 11520, "{declaration}");
    }
    assert_bad_file(
        &with("<?xml version='1.0' encoding='UTF-8'?>"),
        &[],
        "UTF-8",
    );
    assert_bad_file(
        &with("<?xml version=\"1.0\" encoding=\"UTF-16\"?>"),
        &[],
        "\"utf-16\"",
    );
}

/// Pieces whose volume is exactly the cells that must be covered never take a
/// cell that may stay empty, so the exact-cover engine leaves such placements
/// out: a 3x4 floor of `#` under a layer of `+` cells, filled by four L
/// trominoes, counts as the floor alone does, with both engines.
#[test]
fn pieces_that_just_fill_the_required_cells_leave_the_others_empty() {
    let dir = tempfile::tempdir().unwrap();
    let pieces = "[[pieces]]\nname = \"L\"\ncells = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]\ncount = 4\n";
    let with_plus = dir.path().join("plus.toml");
    std::fs::write(
        &with_plus,
        format!("family = \"packing\"\nshape = [[\"####\", \"####\", \"####\"], [\"++++\", \"++++\", \"++++\"]]\n{pieces}"),
    )
    .unwrap();
    let floor = dir.path().join("floor.toml");
    std::fs::write(
        &floor,
        format!("family = \"packing\"\nshape = [[\"####\", \"####\", \"####\"]]\n{pieces}"),
    )
    .unwrap();
    let alone = count(&floor, &["--no-symmetry-breaking"]);
    assert!(alone["solutions"].as_u64().unwrap() > 0);
    for engine in ["sat", "exact-cover"] {
        let v = count(&with_plus, &["--engine", engine, "--no-symmetry-breaking"]);
        assert_eq!(v["solutions"], alone["solutions"], "{engine}");
    }
}
