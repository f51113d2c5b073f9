//! `stl` on the real binary: one file per kind of piece, or per piece of an
//! assembled solution; each file read back here as a slicer reads it and
//! checked closed, turned outward, of the right size; an assembly's pieces
//! in cells of their own; bad requests one line and exit 2.

use crate::common::cli::{assert_one_line_error, json_of, puzzlesat};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

type Point = [f32; 3];

/// The triangles of a binary STL file.
fn read_stl(path: &Path) -> Vec<[Point; 3]> {
    let bytes = std::fs::read(path).unwrap();
    let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * count, "{}", path.display());
    (0..count)
        .map(|i| {
            let at = 84 + 50 * i + 12;
            let f = |k: usize| {
                f32::from_le_bytes(bytes[at + 4 * k..at + 4 * k + 4].try_into().unwrap())
            };
            [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]]
        })
        .collect()
}

/// Every edge met once each way, and the volume (positive when the faces
/// are turned outward).
fn closed_volume(triangles: &[[Point; 3]]) -> f64 {
    let key = |p: Point| p.map(f32::to_bits);
    let mut edges: HashMap<([u32; 3], [u32; 3]), usize> = HashMap::new();
    for t in triangles {
        for k in 0..3 {
            *edges.entry((key(t[k]), key(t[(k + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1);
        assert_eq!(edges.get(&(b, a)), Some(&1));
    }
    triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|p| p.map(f64::from));
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

#[test]
fn every_kind_of_piece_is_a_closed_solid_of_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let model = crate::common::bundled("packing", "megaron.toml");
    let out = puzzlesat()
        .args(["stl", "--format", "json", "--unit", "10", "--out"])
        .arg(dir.path())
        .arg(&model)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let report = json_of(&out);
    let files = report["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["piece"].as_str().unwrap()).collect();
    assert_eq!(names, ["a", "b", "c", "d", "e", "f"]);
    // Piece a: four cells, three long; b: five.
    for (file, cells, long) in [("a.stl", 4.0, 3.0), ("b.stl", 5.0, 3.0)] {
        let t = read_stl(&dir.path().join(file));
        assert_eq!(
            t.len() as u64,
            files.iter().find(|f| f["file"] == file).unwrap()["triangles"]
                .as_u64()
                .unwrap()
        );
        let v = closed_volume(&t);
        // Shrunk by 0.07 mm and bevelled by 0.5 mm: a little less than the cells.
        assert!(
            v < cells * 1000.0 && v > cells * 1000.0 * 0.9,
            "{file}: {v}"
        );
        let hi = (0..3).map(|a| t.iter().flatten().map(|p| p[a]).fold(f32::MIN, f32::max));
        let lo = (0..3).map(|a| t.iter().flatten().map(|p| p[a]).fold(f32::MAX, f32::min));
        assert!(lo.clone().all(|x| (x - 0.07).abs() < 1e-4), "{file}");
        assert!((hi.clone().fold(0.0, f32::max) - (long as f32 * 10.0 - 0.07)).abs() < 1e-3);
    }
}

/// The files `stl --assembled 1` writes for `model` into `out` with cells
/// of 10 mm and this inset, in order of name.
fn assembled(model: &Path, out: &Path, inset: &str) -> Vec<std::path::PathBuf> {
    puzzlesat()
        .args([
            "stl",
            "--assembled",
            "1",
            "--unit",
            "10",
            "--inset",
            inset,
            "--out",
        ])
        .arg(out)
        .arg(model)
        .assert()
        .code(0);
    let mut files: Vec<_> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn an_assembled_solution_fills_the_box_with_pieces_apart() {
    let dir = tempfile::tempdir().unwrap();
    let model = crate::common::bundled("packing", "megaron.toml");
    let files = assembled(&model, dir.path(), "0.2");
    let mut seen: BTreeSet<[i32; 3]> = BTreeSet::new();
    assert_eq!(files.len(), 6);
    for file in &files {
        let t = read_stl(file);
        assert!(closed_volume(&t) > 0.0);
        // Each corner lies at least the inset inside a cell of its own piece,
        // and no cell holds corners of two pieces.
        let mut mine = BTreeSet::new();
        for p in t.iter().flatten() {
            let cell = p.map(|x| (x / 10.0).floor() as i32);
            for a in 0..3 {
                let inside = p[a] - cell[a] as f32 * 10.0;
                assert!((0.0..10.0).contains(&inside));
            }
            mine.insert(cell);
        }
        assert!(mine.is_disjoint(&seen), "{}", file.display());
        seen.extend(mine);
    }
    let cube: BTreeSet<[i32; 3]> = (0..27).map(|i| [i % 3, i / 3 % 3, i / 9]).collect();
    assert_eq!(seen, cube);
}

#[test]
fn bad_requests_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let megaron = crate::common::bundled("packing", "megaron.toml");
    for (flags, fragment) in [
        ("--bevel 4", "--bevel: expected"),
        ("--inset 0", "--inset: expected"),
        ("--unit=-1", "--unit: expected"),
        ("--assembled 0", "--assembled"),
        // Megaron has one solution up to symmetry.
        ("--assembled 2", "from 1 to 1"),
    ] {
        let mut args = vec!["stl", "--out", out];
        args.extend(flags.split(' '));
        assert_one_line_error(&args, &megaron, fragment);
    }
    let snake = crate::common::bundled("snake-cube", "blue.toml");
    assert_one_line_error(&["stl", "--out", out], &snake, "no pieces to print");
    assert!(!Path::new(out).exists(), "nothing written after an error");
}

/// A piece of triangular prisms whose cells meet along an edge alone (two
/// prisms of one layer, joined through the layer below): one closed solid.
#[test]
fn prisms_that_meet_along_an_edge_make_one_solid() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("prisms.toml");
    let cells = "[[0, 1, 0], [0, 1, 1], [1, 0, 0], [1, 1, 0], [2, 1, 0], [2, 1, 1]]";
    std::fs::write(
        &model,
        format!("family = \"packing\"\ngrid = \"prisms\"\ntarget = {cells}\n[[pieces]]\nname = \"T\"\ncells = {cells}\n"),
    )
    .unwrap();
    puzzlesat()
        .args(["stl", "--out"])
        .arg(dir.path())
        .arg(&model)
        .assert()
        .code(0);
    let t = read_stl(&dir.path().join("T.stl"));
    assert!(closed_volume(&t) > 0.0);
}

#[test]
fn file_names_are_safe_and_distinct() {
    let model = "family = \"packing\"\nsize = [3, 1, 1]\n[[pieces]]\nname = \"R Frame\"\nletter = \"R\"\ncells = [[0, 0, 0]]\n[[pieces]]\nname = \"R_Frame\"\nletter = \"S\"\ncells = [[0, 0, 0]]\n[[pieces]]\nname = \"a/b\"\nletter = \"T\"\ncells = [[0, 0, 0]]\n";
    let puzzle = puzzlesat::Puzzle::from_toml(model).unwrap();
    let files = puzzle.stl(&puzzlesat::Finish::default(), None).unwrap();
    let names: Vec<&str> = files.iter().map(|f| f.file_name.as_str()).collect();
    assert_eq!(names, ["R_Frame.stl", "R_Frame_2.stl", "a_b.stl"]);
}

/// Nine spheres (a 3x3x2 box of the close packing) filled by three pieces
/// of three balls.
const SPHERES: &str = "family = \"packing\"\ngrid = \"spheres\"\nsize = [3, 3, 2]\n[[pieces]]\nname = \"bar\"\ncells = [[0, 0, 0], [1, 1, 0], [2, 2, 0]]\n[[pieces]]\nname = \"vee\"\nletter = \"V\"\ncells = [[0, 2, 0], [0, 1, 1], [1, 2, 1]]\n[[pieces]]\nname = \"wing\"\nletter = \"W\"\ncells = [[2, 0, 0], [1, 0, 1], [2, 1, 1]]\n";

/// An assembled solution of spheres: each piece closed, every corner on
/// the shrunk sphere of one of its own balls, each ball's place in one
/// piece alone, and the pieces filling the box.
#[test]
fn an_assembled_solution_of_spheres_is_balls_apart() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("spheres.toml");
    std::fs::write(&model, SPHERES).unwrap();
    let files = assembled(&model, &dir.path().join("out"), "0.3");
    assert_eq!(files.len(), 3);
    // The box's lowest ball touches the origin's planes: centres lie half
    // a diameter in, one step along an axis is a diameter over root 2.
    let centre = |c: [i32; 3]| c.map(|v| (f64::from(v) / 2f64.sqrt() + 0.5) * 10.0);
    let balls: Vec<[i32; 3]> = (0..18)
        .map(|i| [i % 3, i / 3 % 3, i / 9])
        .filter(|c| (c[0] + c[1] + c[2]) % 2 == 0)
        .collect();
    let mut seen: BTreeSet<[i32; 3]> = BTreeSet::new();
    for file in &files {
        let t = read_stl(file);
        assert!(closed_volume(&t) > 0.0);
        let mut mine = BTreeSet::new();
        for p in t.iter().flatten() {
            let p = p.map(f64::from);
            let (ball, d) = balls
                .iter()
                .map(|&b| {
                    let c = centre(b);
                    (b, (0..3).map(|a| (p[a] - c[a]).powi(2)).sum::<f64>().sqrt())
                })
                .min_by(|x, y| x.1.total_cmp(&y.1))
                .unwrap();
            assert!((d - 4.7).abs() < 1e-3, "{}: {p:?} at {d}", file.display());
            mine.insert(ball);
        }
        assert_eq!(mine.len(), 3);
        assert!(mine.is_disjoint(&seen), "{}", file.display());
        seen.extend(mine);
    }
    assert_eq!(seen.len(), balls.len());
}
