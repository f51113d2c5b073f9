//! `disassemble FILE`: the solutions a BurrTools file saves, taken apart again
//! and held against the levels of the separations saved with them.
//!
//! The fixtures under `saved/` are copies of five BurrTools designs (shapes,
//! problems and the solutions BurrTools saved, comments left out): their saved
//! separations are BurrTools' own, with turned pieces, groups, colours, pieces
//! left out, nested `<separation>` trees and the older `<separationInfo>`.

use crate::common::bundled;
use crate::common::cli::{assert_one_line_error, json_of, stdout_of};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn saved(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/saved")
        .join(name)
}

fn retaken(file: &Path, code: i32) -> Value {
    json_of(&stdout_of(&["disassemble", "--format", "json"], file, code))
}

#[test]
fn every_saved_solution_gets_its_saved_level_back() {
    for (name, level) in [
        ("PelikanBurr.xmpuzzle", "98.2.4.2"),
        ("CubeInCage.xmpuzzle", "4.9.3"),
        ("DraculasDentalDesaster.xmpuzzle", "3.5.16.6.4"),
        ("AlPackino.xmpuzzle", "1.1.1.1.1.2.1.3.1.2.1.2"),
    ] {
        let found = retaken(&saved(name), 0);
        assert_eq!(found["saved"], json!(1), "{name}");
        assert_eq!(found["agree"], json!(1), "{name}");
        let solution = &found["solutions"][0];
        assert_eq!(solution["level"], json!(level), "{name}");
        assert_eq!(solution["saved_level"], json!(level), "{name}");
        assert_eq!(solution["agrees"], json!(true), "{name}");
        // The moves end with a removal in each separation.
        let steps = solution["disassembly"].as_array().unwrap();
        assert!(steps.last().unwrap()["removes"] == json!(true), "{name}");
    }
    let found = retaken(&saved("SolidSixPieceBurrs.xmpuzzle"), 0);
    assert_eq!(found["saved"], json!(314));
    assert_eq!(found["agree"], json!(314));
    assert_eq!(found["differ"], json!(0));
    assert_eq!(found["solutions"][0]["assembly_number"], json!(222));
}

#[test]
fn the_report_is_the_same_whatever_the_threads() {
    let file = saved("SolidSixPieceBurrs.xmpuzzle");
    let on = |threads: &str| {
        stdout_of(
            &[
                "disassemble",
                "--format",
                "json",
                "--moves",
                "--threads",
                threads,
            ],
            &file,
            0,
        )
    };
    let one = on("1");
    assert_eq!(json_of(&one)["agree"], json!(314));
    assert_eq!(one, on("2"));
    assert_eq!(one, on("3"));
}

#[test]
fn the_text_names_each_solution_and_the_verdict() {
    let out = stdout_of(
        &["disassemble", "--moves"],
        &saved("PelikanBurr.xmpuzzle"),
        0,
    );
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("Saved solution 1 (assembly 9): level 98.2.4.2, saved 98.2.4.2: they agree"),
        "{text}"
    );
    assert!(text.contains("  separation 1 of "), "{text}");
    assert!(text.contains("    106. "), "{text}");
    assert!(
        text.ends_with(
            "1 saved solution taken apart again: 1 of 1 with a saved separation agree.\n"
        )
    );
}

/// A 2x2x1 result filled by an L of three cubes and one cube; the saved
/// solution's assembly and separation are put in by each test.
fn tiny(solution: &str) -> String {
    format!(
        r#"<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="2" y="2" z="1" type="0">##_#</voxel>
<voxel x="1" y="1" z="1" type="0">#</voxel>
<voxel x="2" y="2" z="1" name="Result" type="0">####</voxel>
</shapes><problems><problem name="p" state="2" assemblies="1" solutions="1"><shapes>
<shape id="0" count="1"/>
<shape id="1" count="1"/>
</shapes><result id="2"/><bitmap/><solutions><solution asmNum="0">{solution}</solution></solutions>
</problem></problems></puzzle>"#
    )
}

fn tiny_file(dir: &tempfile::TempDir, solution: &str) -> PathBuf {
    let file = dir.path().join("tiny.xmpuzzle");
    std::fs::write(&file, tiny(solution)).unwrap();
    file
}

#[test]
fn a_turned_piece_is_placed_by_burrtools_turn_numbers() {
    // Turn 2 is a half turn about x: the L's cells (0,0), (1,0), (1,1) go to
    // (0,0), (1,0), (1,-1), moved by (0,1,0) to (0,1), (1,1), (1,0); the cube
    // fills (0,0). One move takes it apart.
    let dir = tempfile::tempdir().unwrap();
    let assembly = "<assembly>0 1 0 2 0 0 0 0</assembly>";
    for separation in [
        "<separationInfo>2 0 0</separationInfo>",
        "<separation><pieces count=\"2\">0 1</pieces><state><dx>0 0</dx><dy>1 0</dy><dz>0 0</dz></state><state><dx>0 0</dx><dy>1 0</dy><dz>0 20000</dz></state></separation>",
    ] {
        let found = retaken(&tiny_file(&dir, &format!("{assembly}{separation}")), 0);
        assert_eq!(found["solutions"][0]["level"], json!("1"));
        assert_eq!(found["agree"], json!(1));
    }
    // With no saved separation there is nothing to hold the level against.
    let found = retaken(&tiny_file(&dir, assembly), 0);
    assert_eq!(found["solutions"][0]["agrees"], Value::Null);
    assert_eq!(found["solutions"][0]["saved_level"], Value::Null);
    assert_eq!(found["solutions"][0]["level"], json!("1"));
}

#[test]
fn a_saved_level_that_differs_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = tiny_file(
        &dir,
        "<assembly>0 1 0 2 0 0 0 0</assembly><separationInfo>3 0 0</separationInfo>",
    );
    let found = retaken(&file, 1);
    assert_eq!(found["differ"], json!(1));
    assert_eq!(found["solutions"][0]["saved_level"], json!("2"));
    assert_eq!(found["solutions"][0]["agrees"], json!(false));
    let text = String::from_utf8(stdout_of(&["disassemble"], &file, 1)).unwrap();
    assert!(text.contains("level 1, saved 2: they DIFFER"), "{text}");
    assert!(text.contains("1 differ"), "{text}");
}

#[test]
fn malformed_saved_solutions_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    for (solution, fragment) in [
        (
            "<assembly>0 0 0 0</assembly>",
            "for each of the problem's 2 pieces",
        ),
        (
            "<assembly>0 1 0 48 0 0 0 0</assembly>",
            "turns are numbers from 0 to 47",
        ),
        (
            "<assembly>0 1 0 2 0 0</assembly>",
            "saved solution 1: an <assembly> of \"x y z turn\" per piece",
        ),
        // Both pieces on the same cells: no assembly of the problem.
        (
            "<assembly>0 0 0 0 0 0 0 0</assembly>",
            "saved solution 1 to be an assembly",
        ),
        (
            "<assembly>0 1 0 2 0 0 0 0</assembly><separationInfo>2 0</separationInfo>",
            "saved solution 1: a <separationInfo>",
        ),
        (
            "<assembly>0 1 0 2 0 0 0 0</assembly><separation><state/></separation>",
            "at least 2 states",
        ),
    ] {
        assert_one_line_error(&["disassemble"], &tiny_file(&dir, solution), fragment);
    }
}

#[test]
fn only_burrtools_files_save_solutions() {
    assert_one_line_error(
        &["disassemble"],
        &bundled("packing", "soma.toml"),
        "a BurrTools file (.xmpuzzle) with saved solutions",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("none.xmpuzzle");
    std::fs::write(
        &file,
        tiny("").replace(
            "<solutions><solution asmNum=\"0\"></solution></solutions>",
            "",
        ),
    )
    .unwrap();
    let text = String::from_utf8(stdout_of(&["disassemble"], &file, 0)).unwrap();
    assert!(text.contains("The problem saves no solutions"), "{text}");
}

/// The prism frame of `grid-prisms-frame.xmpuzzle` with its pieces drawn
/// turned (by BurrTools' prism turns 2, 3, 7 and 9) and its one assembly
/// saved as BurrTools saves it: turns 4, 3, 7 and 4 of the prism grid, one
/// of them turning the layers over. BurrTools re-disassembles that saved
/// assembly to 1.2.2, as it solves the file; so must `disassemble`. A turn
/// that does not give the piece's cells, or one the grid does not have, is
/// one line and exit 2.
#[test]
fn a_saved_solution_on_prisms_places_its_turned_pieces() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/grid-prisms-turned-saved.xmpuzzle");
    let found = retaken(&file, 0);
    assert_eq!(found["solutions"][0]["level"], json!("1.2.2"));
    let text = std::fs::read_to_string(&file).unwrap();
    let saved_assembly = "<assembly>1 5 0 4 8 3 1 3 5 2 2 7 3 3 1 4</assembly>";
    assert!(text.contains(saved_assembly));
    let dir = tempfile::tempdir().unwrap();
    for (assembly, fragment) in [
        (
            "<assembly>1 5 0 5 8 3 1 3 5 2 2 7 3 3 1 4</assembly>",
            "are not the piece rotated",
        ),
        (
            "<assembly>1 5 0 30 8 3 1 3 5 2 2 7 3 3 1 4</assembly>",
            "a turn of the prism grid (0 to 23), got 30",
        ),
    ] {
        let bad = dir.path().join("bad.xmpuzzle");
        std::fs::write(&bad, text.replace(saved_assembly, assembly)).unwrap();
        assert_one_line_error(&["disassemble"], &bad, fragment);
    }
}
