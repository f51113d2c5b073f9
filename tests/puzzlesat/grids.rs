//! BurrTools files on the other four grids (triangular prisms, spheres,
//! rhombic dodecahedra, tetrahedra-octahedra), on the real binary: counts as
//! BurrTools' own solver (`burrTxt`) gave them when these fixtures were
//! written, the import to TOML that keeps the grid, TOML models naming a
//! grid, pictures drawn as solids, and one clear line where a grid cannot be
//! served. The fixtures are this project's own, written here as cells.

use crate::burrtools::count;
use crate::common::cli::{puzzlesat, stdout_of};
use std::path::{Path, PathBuf};

type Cell = [i32; 3];

/// Whether a position is a cell of BurrTools' grid `grid`.
fn is_cell(grid: u8, c: Cell) -> bool {
    match grid {
        2 => (c[0] + c[1] + c[2]) % 2 == 0,
        3 => {
            let mut kinds = c.map(|v| [0, 1, 2, 1, 0][(v % 5) as usize]);
            kinds.sort();
            kinds == [0, 1, 2]
        }
        4 => {
            let l = c.map(|v| v % 3);
            let block: i32 = c.iter().map(|v| v / 3).sum();
            let far = l.iter().filter(|&&v| v == 2).count() as i32;
            l == [1, 1, 1] || (!l.contains(&1) && (block + far) % 2 == 1)
        }
        _ => true,
    }
}

/// A `<voxel>` element holding `cells` (`#`) and `variable` ones (`+`).
fn voxel(cells: &[Cell], variable: &[Cell]) -> String {
    let all = cells.iter().chain(variable);
    let sides: [i32; 3] = std::array::from_fn(|a| all.clone().map(|c| c[a]).max().unwrap() + 1);
    let mut text = String::new();
    for z in 0..sides[2] {
        for y in 0..sides[1] {
            for x in 0..sides[0] {
                text.push(if cells.contains(&[x, y, z]) {
                    '#'
                } else if variable.contains(&[x, y, z]) {
                    '+'
                } else {
                    '_'
                });
            }
        }
    }
    format!(
        "<voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\">{text}</voxel>",
        sides[0], sides[1], sides[2]
    )
}

/// A file of grid `grid` whose result is every cell in a box of `sides`
/// and whose pieces are `pieces`, one of each.
fn boxed_puzzle(grid: u8, sides: Cell, pieces: &[&[Cell]]) -> String {
    let mut target = Vec::new();
    for x in 0..sides[0] {
        for y in 0..sides[1] {
            for z in 0..sides[2] {
                if is_cell(grid, [x, y, z]) {
                    target.push([x, y, z]);
                }
            }
        }
    }
    let shapes: String = std::iter::once(voxel(&target, &[]))
        .chain(pieces.iter().map(|p| voxel(p, &[])))
        .collect();
    let uses: String = (1..=pieces.len())
        .map(|k| format!("<shape id=\"{k}\" count=\"1\"/>"))
        .collect();
    format!(
        "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"{grid}\"/><colors/>\
         <shapes>{shapes}</shapes><problems><problem><shapes>{uses}</shapes>\
         <result id=\"0\"/></problem></problems></puzzle>"
    )
}

/// Random cuts of boxes on each grid, with the assemblies `burrTxt` counted.
#[allow(clippy::type_complexity)]
const FIXTURES: [(&str, u8, Cell, &[&[Cell]], u64); 5] = [
    (
        "prisms",
        1,
        [4, 3, 2],
        &[
            &[
                [0, 0, 0],
                [1, 0, 0],
                [2, 0, 0],
                [2, 0, 1],
                [3, 0, 1],
                [3, 0, 0],
            ],
            &[[1, 0, 0], [0, 0, 0], [0, 0, 1], [1, 0, 1]],
            &[[1, 0, 0]],
            &[
                [1, 1, 0],
                [1, 1, 1],
                [1, 0, 1],
                [2, 1, 0],
                [2, 1, 1],
                [3, 1, 0],
                [0, 0, 1],
                [1, 0, 0],
                [3, 1, 1],
                [0, 0, 0],
            ],
            &[[1, 0, 0], [1, 1, 0], [2, 1, 0]],
        ],
        6,
    ),
    (
        "spheres",
        2,
        [4, 4, 2],
        &[
            &[[0, 1, 1], [0, 0, 0]],
            &[[2, 0, 0], [1, 0, 1]],
            &[[2, 1, 1], [1, 1, 0], [2, 0, 0]],
            &[[1, 1, 0], [2, 1, 1], [1, 0, 1], [2, 0, 0], [3, 0, 1]],
            &[[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]],
        ],
        56,
    ),
    (
        "spheres-layers",
        2,
        [4, 3, 3],
        &[
            &[[0, 0, 0]],
            &[[1, 1, 2], [1, 0, 1], [2, 1, 1], [1, 1, 0]],
            &[[0, 0, 0]],
            &[[2, 0, 0], [2, 1, 1], [1, 0, 1]],
            &[
                [2, 0, 0],
                [3, 1, 0],
                [1, 1, 0],
                [1, 0, 1],
                [0, 0, 0],
                [0, 0, 2],
            ],
            &[[1, 0, 1], [0, 0, 2], [0, 0, 0]],
        ],
        86,
    ),
    (
        "rhombic",
        3,
        [10, 5, 5],
        &[
            &[
                [2, 4, 3],
                [3, 4, 2],
                [2, 3, 4],
                [1, 2, 4],
                [2, 4, 1],
                [1, 4, 2],
                [0, 2, 3],
                [0, 3, 2],
                [0, 1, 2],
            ],
            &[[2, 3, 4], [2, 4, 3], [3, 2, 4], [4, 2, 3]],
            &[[2, 1, 0]],
            &[[2, 0, 1], [1, 0, 2], [3, 0, 2], [2, 0, 3], [2, 1, 0]],
            &[[4, 3, 2], [4, 2, 3], [3, 2, 4], [4, 1, 2], [2, 1, 4]],
            &[
                [2, 4, 1],
                [2, 3, 0],
                [3, 4, 2],
                [3, 2, 0],
                [4, 3, 2],
                [4, 2, 1],
            ],
            &[
                [6, 2, 4],
                [5, 2, 3],
                [5, 3, 2],
                [6, 4, 2],
                [5, 2, 1],
                [6, 2, 0],
                [4, 2, 1],
                [3, 2, 0],
                [2, 3, 0],
                [1, 2, 0],
                [0, 2, 1],
            ],
            &[
                [3, 0, 2],
                [2, 0, 3],
                [2, 1, 4],
                [1, 0, 2],
                [4, 1, 2],
                [0, 1, 2],
                [2, 0, 1],
            ],
        ],
        8,
    ),
    (
        "tetra-octa",
        4,
        [6, 6, 6],
        &[
            &[[0, 2, 5], [1, 1, 4], [2, 2, 3], [0, 0, 3], [0, 0, 2]],
            &[[0, 0, 2]],
            &[[5, 5, 2], [5, 5, 3], [4, 4, 4], [5, 3, 5], [5, 2, 5]],
            &[[3, 2, 3], [3, 2, 2], [2, 2, 2]],
            &[
                [1, 4, 1],
                [0, 3, 0],
                [0, 2, 0],
                [1, 1, 1],
                [2, 5, 0],
                [2, 0, 0],
            ],
            &[[5, 2, 5], [6, 2, 5], [4, 1, 4], [3, 2, 3], [3, 2, 2]],
            &[
                [5, 0, 2],
                [6, 0, 2],
                [7, 1, 1],
                [6, 0, 3],
                [5, 0, 3],
                [8, 0, 0],
                [6, 2, 0],
            ],
            &[
                [2, 0, 5],
                [3, 0, 5],
                [4, 1, 4],
                [5, 0, 3],
                [5, 0, 2],
                [4, 1, 1],
                [5, 2, 0],
                [3, 0, 0],
            ],
        ],
        6,
    ),
];

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn every_grid_counts_as_burrtools_and_the_import_keeps_the_grid() {
    let dir = tempfile::tempdir().unwrap();
    for (name, grid, sides, pieces, assemblies) in FIXTURES {
        let file = write(
            dir.path(),
            &format!("{name}.xmpuzzle"),
            &boxed_puzzle(grid, sides, pieces),
        );
        for engine in ["exact-cover", "sat"] {
            let found = count(&file, &["--engine", engine]);
            assert_eq!(found["assemblies"], assemblies, "{name} {engine}");
        }
        let plain = count(&file, &["--no-symmetry-breaking"]);
        assert_eq!(plain["assemblies"], assemblies, "{name}");
        let toml = stdout_of(&["import"], &file, 0);
        let text = String::from_utf8(toml).unwrap();
        let grid_name = ["cubes", "prisms", "spheres", "rhombic", "tetra-octa"][grid as usize];
        assert!(
            text.contains(&format!("grid = \"{grid_name}\"")),
            "{name}: {text}"
        );
        let model = write(dir.path(), &format!("{name}.toml"), &text);
        let from_toml = count(&model, &["--unique"]);
        assert_eq!(from_toml["unique"], assemblies, "{name}");
        assert_eq!(from_toml["solutions"], plain["solutions"], "{name}");
        // Every solution printed passed the check; `solve` prints one.
        stdout_of(&["solve"], &file, 0);
    }
}

#[test]
fn pictures_draw_every_grid_as_solids() {
    let dir = tempfile::tempdir().unwrap();
    for (name, grid, sides, pieces, _) in FIXTURES {
        let file = write(
            dir.path(),
            &format!("{name}.xmpuzzle"),
            &boxed_puzzle(grid, sides, pieces),
        );
        let svg = dir.path().join(format!("{name}.svg"));
        puzzlesat()
            .args(["solve", "--picture"])
            .arg(&svg)
            .arg(&file)
            .assert()
            .code(0);
        let text = std::fs::read_to_string(&svg).unwrap();
        let kind = if grid == 2 {
            "class=\"ball\""
        } else {
            "class=\"face\""
        };
        for piece in 0..pieces.len() {
            assert!(
                text.contains(&format!("{kind} data-piece=\"{piece}\"")),
                "{name}: piece {piece} is not drawn"
            );
        }
        let html = dir.path().join(format!("{name}.html"));
        puzzlesat()
            .args(["solve", "--picture"])
            .arg(&html)
            .arg(&file)
            .assert()
            .code(0);
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(
            page.contains("\"centre\""),
            "{name}: the viewer has no solids"
        );
    }
}

#[test]
fn toml_models_name_their_grid_and_bad_grids_get_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let model = |grid: &str, target: &str| {
        format!(
            "family = \"packing\"\ngrid = \"{grid}\"\n{target}\n[[pieces]]\nname = \"pair\"\ncells = [[0, 0, 0], [1, 1, 0]]\ncount = 2\n"
        )
    };
    let spheres = write(
        dir.path(),
        "spheres.toml",
        &model("spheres", "size = [2, 2, 2]"),
    );
    let found = count(&spheres, &["--unique"]);
    assert_eq!(
        (found["solutions"].as_u64(), found["unique"].as_u64()),
        (Some(3), Some(1))
    );
    let one_line = |file: &Path, args: &[&str], fragment: &str| {
        let out = puzzlesat().args(args).arg(file).assert().code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(fragment), "{fragment}: {err}");
    };
    let unknown = write(
        dir.path(),
        "hex.toml",
        &model("hexagons", "size = [2, 2, 2]"),
    );
    one_line(
        &unknown,
        &["count"],
        "field `grid`: one of \"cubes\", \"prisms\"",
    );
    let off = write(
        dir.path(),
        "off.toml",
        &model("spheres", "target = [[0, 0, 0], [1, 0, 0]]"),
    );
    one_line(&off, &["count"], "[1, 0, 0] is not one of its cells");
    // Taking apart: not on spheres, rhombic or tetra-octa (nor BurrTools).
    for (name, grid, sides, pieces, _) in FIXTURES {
        if grid == 1 {
            continue;
        }
        let file = write(
            dir.path(),
            &format!("{name}.xmpuzzle"),
            &boxed_puzzle(grid, sides, pieces),
        );
        one_line(&file, &["count", "--disassemble"], "cannot be taken apart");
    }
    let seven = write(
        dir.path(),
        "seven.xmpuzzle",
        &boxed_puzzle(2, [2, 2, 2], &[&[[0, 0, 0], [1, 1, 0]]]).replace("type=\"2\"", "type=\"7\""),
    );
    one_line(&seven, &["count"], "grid types 0 to 4");
    let off_grid = write(
        dir.path(),
        "offgrid.xmpuzzle",
        &boxed_puzzle(2, [2, 2, 2], &[&[[0, 0, 0], [1, 0, 0]]]),
    );
    one_line(&off_grid, &["count"], "is not one of its cells");
}

/// Prisms are taken apart as BurrTools takes them apart: up and down and
/// along the triangles' three edge directions. Separable counts and levels
/// as `burrTxt -d` gave them: a random cut comes apart piece by piece; in a
/// frame with a lip, a piece slides along before it comes out.
#[test]
fn prisms_come_apart_with_burrtools_levels() {
    let dir = tempfile::tempdir().unwrap();
    let (name, grid, sides, pieces, _) = FIXTURES[0];
    let cut = write(
        dir.path(),
        &format!("{name}.xmpuzzle"),
        &boxed_puzzle(grid, sides, pieces),
    );
    let found = count(&cut, &["--disassemble"]);
    assert_eq!(found["separable"], 6);
    assert_eq!(found["levels"], serde_json::json!({"1": 6}));
    let frame = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools/grid-prisms-frame.xmpuzzle");
    let found = count(&frame, &["--disassemble"]);
    assert_eq!(found["separable"], 1);
    assert_eq!(found["levels"], serde_json::json!({"1.2.2": 1}));
    let text = String::from_utf8(stdout_of(&["solve", "--disassemble"], &frame, 0)).unwrap();
    assert!(
        text.contains("moves +x by 1") && text.contains("removed along +z"),
        "{text}"
    );
}
