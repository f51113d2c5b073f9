//! Pictures: every family's SVG is well-formed XML and holds what it must (the
//! snake's path with a point per block, one group per piece with its cells, a
//! mark per snake cell), and the HTML page is self-contained.

use super::picture::{Shown, picture};
use crate::disassembly::{DEFAULT_MAX_STATES, Separation};
use crate::family::Draw;
use crate::registry::PuzzleKind;
use crate::render::picture::{Disassembly, PictureFormat};
use crate::tasks::{self, SearchOptions};
use crate::testing::models::load;
use crate::testing::svg::{elements, with_class};
use crate::types::Goal;
use std::path::Path;

fn one<D: Draw>(p: &D) -> D::Solution {
    tasks::solve_one(p, &SearchOptions::default())
        .unwrap()
        .expect("solvable")
}

fn svg_of<D: Draw>(
    p: &D,
    s: &D::Solution,
    extension: Option<&D::Extension>,
    disassembly: Option<&Disassembly>,
) -> String {
    let shown = Shown {
        caption: "one",
        solution: s,
        extension,
        disassembly,
    };
    picture(p, PictureFormat::Svg, "test", &[shown], None)
}

#[test]
fn the_snake_cube_is_one_path_through_every_block() {
    let PuzzleKind::SnakeCube(p) = load("snake-cube", "red.toml") else {
        panic!("a snake cube")
    };
    let path = one(&p);
    let svg = svg_of(&p, &path, None, None);
    let all = elements(&svg);
    let lines = with_class(&all, "path");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["points"].split_whitespace().count(), path.len());
    assert_eq!(with_class(&all, "block").len(), path.len());
    let scene = p.scene(&path).expect("a 3D scene");
    assert_eq!(scene.cubes.len(), path.len());
    assert_eq!(scene.steps.len(), p.segments().len());
}

#[test]
fn a_packing_has_one_group_per_piece_with_its_cells() {
    let PuzzleKind::Packing(p) = load("packing", "soma.toml") else {
        panic!("a packing")
    };
    let arrangement = one(&p);
    let svg = svg_of(&p, &arrangement, None, None);
    let all = elements(&svg);
    let pieces = with_class(&all, "piece");
    assert_eq!(pieces.len(), arrangement.len());
    for (group, (t, cells, _)) in pieces.iter().zip(&arrangement) {
        assert_eq!(group["data-name"], p.pieces()[*t].name);
        let listed: Vec<[i32; 3]> = group["data-cells"]
            .split_whitespace()
            .map(|c| {
                let v: Vec<i32> = c.split(',').map(|x| x.parse().unwrap()).collect();
                [v[0], v[1], v[2]]
            })
            .collect();
        assert_eq!(&listed, cells);
    }
    // Every outer face of the 3x3x3 is drawn: 9 on each of the three sides seen.
    assert_eq!(with_class(&all, "face").len(), 27);
}

#[test]
fn board_snakes_mark_every_pellet_and_the_cut_links() {
    let PuzzleKind::BoardSnakes(p) = load("board-snakes", "six-snakes-corners.toml") else {
        panic!("board snakes")
    };
    let relaxed = tasks::optimum::optimise(&p, Goal::Relax, &mut |_| {})
        .unwrap()
        .expect("a relaxed placement");
    let svg = svg_of(&p, &relaxed.solution, None, None);
    let all = elements(&svg);
    let cells: usize = relaxed.solution.iter().map(Vec::len).sum();
    assert_eq!(with_class(&all, "pellet").len(), cells);
    assert_eq!(with_class(&all, "snake").len(), relaxed.solution.len());
    assert_eq!(with_class(&all, "cut").len(), relaxed.value);
    assert_eq!(with_class(&all, "notch").len(), p.board().len());
}

#[test]
fn the_sudoku_snake_marks_every_cell_and_shows_the_digits() {
    let PuzzleKind::SudokuSnake(p) = load("sudoku-snake", "mini-6x6.toml") else {
        panic!("a sudoku snake")
    };
    let s = one(&p);
    let digits = p.extend_to_sudoku(&s.even).unwrap();
    let svg = svg_of(&p, &s, digits.as_ref(), None);
    let all = elements(&svg);
    assert_eq!(with_class(&all, "snake-cell").len(), s.snake.len());
    assert_eq!(with_class(&all, "snake").len(), 1);
    let n = p.rules().size;
    let cells = with_class(&all, "cell");
    assert_eq!(cells.len(), n * n);
    let even = cells.iter().filter(|c| c["data-even"] == "true").count();
    assert_eq!(even, n * p.rules().even_per_unit);
    if let Some(d) = digits {
        assert!(svg.contains(&format!(">{}</text>", d[0][0])));
    }
}

#[test]
fn the_page_is_self_contained_and_reports_that_it_drew() {
    let PuzzleKind::Packing(p) = load("packing", "megaron.toml") else {
        panic!("a packing")
    };
    let s = one(&p);
    let shown = |caption| Shown {
        caption,
        solution: &s,
        extension: None,
        disassembly: None,
    };
    let page = picture(
        &p,
        PictureFormat::Html,
        "Megaron <test>",
        &[shown("one"), shown("two")],
        Some("a note"),
    );
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("data-status"));
    assert!(page.contains("Megaron &lt;test&gt;"));
    for external in ["http://", "https://", "src=\"", "<link"] {
        assert!(!page.contains(external), "the page refers to {external}");
    }
    // The data is one script, whose text never closes the script early.
    assert_eq!(page.matches("</script>").count(), 1);
}

/// The first assembly of the fixture that comes apart, with its tree.
fn first_separable(
    file: &str,
) -> (
    crate::puzzles::packing::Packing,
    crate::puzzles::packing::Arrangement,
    Separation,
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/burrtools")
        .join(file);
    let PuzzleKind::Packing(p) = crate::registry::load(&path).unwrap().puzzle else {
        panic!("a packing")
    };
    let mut first = None;
    tasks::for_each_separable(
        &p,
        &SearchOptions::default(),
        DEFAULT_MAX_STATES,
        &mut |assembly, tree| {
            first = Some((assembly.clone(), tree.clone()));
            false
        },
        &mut |_| {},
    )
    .unwrap();
    let (assembly, tree) = first.expect("an assembly that comes apart");
    (p, assembly, tree)
}

fn disassembly_of(
    p: &crate::puzzles::packing::Packing,
    assembly: &crate::puzzles::packing::Arrangement,
    tree: &Separation,
) -> Disassembly {
    use crate::family::Family;
    Disassembly {
        tree: tree.clone(),
        labels: p.piece_labels(assembly),
    }
}

#[test]
fn the_svg_of_a_disassembly_shows_each_separation_with_its_pieces() {
    let (p, assembly, tree) = first_separable("random-shell-merges.xmpuzzle");
    let taken = disassembly_of(&p, &assembly, &tree);
    let svg = svg_of(&p, &assembly, None, Some(&taken));
    elements(&svg);
    let separations = tree.in_order();
    assert!(separations.len() > 1);
    let drawn: Vec<&str> = svg.split(">Separation ").skip(1).collect();
    assert_eq!(drawn.len(), separations.len());
    for (k, (part, separation)) in drawn.iter().zip(&separations).enumerate() {
        assert!(
            part.starts_with(&format!("{}: before move ", k + 1)),
            "{part}"
        );
        // One group per piece of the separation, listing its cells where it
        // stands; no two share a cell.
        let part = format!(
            "<g>{}",
            &part[..part.find("</g>\n</g>").unwrap_or(part.len())]
        );
        let groups: Vec<(usize, String)> = part
            .split("<g class=\"piece\" ")
            .skip(1)
            .map(|g| {
                let attribute = |key: &str| {
                    let rest = &g[g.find(&format!("{key}=\"")).unwrap() + key.len() + 2..];
                    rest[..rest.find('"').unwrap()].to_string()
                };
                (
                    attribute("data-piece").parse().unwrap(),
                    attribute("data-cells"),
                )
            })
            .collect();
        let pieces: Vec<usize> = groups.iter().map(|(p, _)| *p).collect();
        assert_eq!(pieces, separation.pieces, "separation {}", k + 1);
        let mut cells = std::collections::HashSet::new();
        for (piece, list) in &groups {
            for cell in list.split(' ') {
                assert!(cells.insert(cell.to_string()), "piece {piece} on {cell}");
            }
        }
    }
}

#[test]
fn the_page_plays_every_move_without_pieces_running_into_each_other() {
    let (p, assembly, tree) = first_separable("random-shell-merges.xmpuzzle");
    let taken = disassembly_of(&p, &assembly, &tree);
    let shown = Shown {
        caption: "one",
        solution: &assembly,
        extension: None,
        disassembly: Some(&taken),
    };
    let page = picture(&p, PictureFormat::Html, "test", &[shown], None);
    let data = page.split("const DATA = ").nth(1).unwrap();
    let data: serde_json::Value =
        serde_json::from_str(&data[..data.find(";\n").unwrap()].replace("<\\/", "</")).unwrap();
    let scene = &data["scenes"][0];
    let moves = scene["moves"].as_array().unwrap();
    let steps = scene["steps"].as_array().unwrap();
    let total: usize = tree.in_order().iter().map(|s| s.moves.len()).sum();
    assert_eq!(moves.len(), total);
    assert_eq!(steps.len(), total);
    let cubes: Vec<([i64; 3], usize)> = scene["cubes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let at = c["at"].as_array().unwrap();
            (
                [0, 1, 2].map(|a| at[a].as_i64().unwrap()),
                c["piece"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let pieces = assembly.len();
    let mut offsets = vec![[0i64; 3]; pieces];
    let mut faded = vec![false; pieces];
    for m in moves {
        let delta = m["delta"].as_array().unwrap();
        for piece in m["pieces"].as_array().unwrap() {
            let piece = piece.as_u64().unwrap() as usize;
            for a in 0..3 {
                offsets[piece][a] += delta[a].as_i64().unwrap();
            }
        }
        for piece in m["fade"].as_array().unwrap() {
            faded[piece.as_u64().unwrap() as usize] = true;
        }
        // Pieces still being taken apart never share a cell.
        let mut seen = std::collections::HashMap::new();
        for (at, piece) in &cubes {
            if faded[*piece] {
                continue;
            }
            let at = [0, 1, 2].map(|a| at[a] + offsets[*piece][a]);
            if let Some(other) = seen.insert(at, *piece) {
                panic!("pieces {other} and {piece} share {at:?} after {m}");
            }
        }
    }
    assert!(faded.iter().all(|&f| f), "every piece ends taken apart");
}
