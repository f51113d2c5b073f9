//! Proofs: `solve --proof` and `count --proof` on small puzzles, checked by
//! `verify` (which needs no other program), and tampered certificates refused.
//! With DRAT_TRIM set to a drat-trim binary, every proof written is also checked
//! by drat-trim:
//!
//!     cc -O2 -o /tmp/drat-trim drat-trim.c
//!     DRAT_TRIM=/tmp/drat-trim cargo test --release --test proofs

use crate::common::bundled as model;

use crate::common::cli::{puzzlesat, stdout_of};
use std::path::Path;

/// A directory of its own for a test, removed when it is dropped, whatever
/// the test's outcome.
fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// `verify` with its arguments: the exit code and what it printed.
fn verify(args: &[&Path], extra: &[&str]) -> (i32, String) {
    let output = puzzlesat()
        .arg("verify")
        .args(args)
        .args(extra)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// drat-trim's verdict on a formula and its proof, when DRAT_TRIM names it.
fn drat_trim(cnf: &Path, proof: &Path) {
    let Ok(binary) = std::env::var("DRAT_TRIM") else {
        return;
    };
    let output = std::process::Command::new(binary)
        .arg(cnf)
        .arg(proof)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("s VERIFIED"),
        "drat-trim on {}: {text}",
        proof.display()
    );
}

#[test]
fn a_proof_that_a_puzzle_has_no_solution() {
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let misprinted = model("snake-cube", "red-misprinted.toml");
    let proof = dir.join("no-solution.drat");
    puzzlesat()
        .args(["solve", "--proof"])
        .arg(&proof)
        .arg(&misprinted)
        .assert()
        .code(1);
    let (code, said) = verify(&[&misprinted, &proof], &[]);
    assert_eq!(code, 0, "{said}");
    let cnf = dir.join("formula.cnf");
    std::fs::write(&cnf, stdout_of(&["cnf"], &misprinted, 0)).unwrap();
    drat_trim(&cnf, &proof);
    // Without its lemmas, or with a lemma that does not follow, it is refused.
    let text = std::fs::read_to_string(&proof).unwrap();
    let bare: String = text
        .lines()
        .filter(|l| l.starts_with('d'))
        .map(|l| format!("{l}\n"))
        .collect();
    let tampered = dir.join("tampered.drat");
    std::fs::write(&tampered, format!("{bare}0\n")).unwrap();
    assert_eq!(verify(&[&misprinted, &tampered], &[]).0, 1);
    std::fs::write(&tampered, format!("1 0\n-1 0\n{text}")).unwrap();
    assert_eq!(verify(&[&misprinted, &tampered], &[]).0, 1);
    // A literal far beyond the formula's variables is refused, not allocated for.
    std::fs::write(&tampered, format!("99999999999 0\n{text}")).unwrap();
    let (code, said) = verify(&[&misprinted, &tampered], &[]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("beyond the formula's"), "{said}");
    // A proof for another puzzle does not prove this one.
    let green = model("snake-cube", "green.toml");
    assert_eq!(verify(&[&green, &proof], &[]).0, 1);
    // A solvable puzzle writes no proof.
    let none = dir.join("solvable.drat");
    puzzlesat()
        .args(["solve", "--proof"])
        .arg(&none)
        .arg(&green)
        .assert()
        .code(0);
    assert!(!none.exists());
}

/// Runs the `puzzlesat verify ...` command that the note after a proof names
/// (between backticks in `text`): its exit code and what it printed.
fn run_the_noted_command(text: &str) -> (i32, String) {
    let line = text
        .lines()
        .find(|l| l.starts_with("Proof written to "))
        .unwrap_or_else(|| panic!("a note naming the proof: {text}"));
    let command = line.split('`').nth(1).expect("a command between backticks");
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[..2], ["puzzlesat", "verify"], "{line}");
    let output = puzzlesat().args(&words[1..]).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// A BurrTools file whose second problem has no assembly: a straight tromino
/// cannot fill an L-tromino.
const TWO_PROBLEMS: &str = r#"<?xml version="1.0"?>
<puzzle version="2">
  <gridType type="0"/>
  <colors/>
  <shapes>
    <voxel x="3" y="1" z="1" type="0" name="straight">###</voxel>
    <voxel x="2" y="2" z="1" type="0" name="ell">###_</voxel>
  </shapes>
  <problems>
    <problem name="ell in ell">
      <shapes><shape id="1" count="1"/></shapes>
      <result id="1"/>
    </problem>
    <problem name="straight in ell">
      <shapes><shape id="0" count="1"/></shapes>
      <result id="1"/>
    </problem>
  </problems>
</puzzle>
"#;

/// A 4x4x4 string with no folding (the brown cube with block 11 made
/// straight): the path search, the default, finds none and says it is not
/// certified; with `--proof` the answer comes with a SAT refutation that
/// `verify` (and drat-trim, when given) accepts, whichever engine answered.
#[test]
fn a_4x4x4_string_without_folding_is_refuted_with_a_proof() {
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let file = dir.join("brown-misprinted.toml");
    std::fs::write(
        &file,
        "family = \"snake-cube\"\nsize = [4, 4, 4]\n\
         blocks = \"CSCCSCCCSSSCSCCSCCSCCCCCCCCCSCSCCCCCCSCSSCCCCSSCCSCCCCCCCCCCSSCC\"\n",
    )
    .unwrap();
    let plain = String::from_utf8(stdout_of(&["solve"], &file, 1)).unwrap();
    assert!(plain.contains("not certified"), "{plain}");
    for engine in ["path", "sat"] {
        let proof = dir.join(format!("{engine}.drat"));
        let out = stdout_of(
            &[
                "solve",
                "--engine",
                engine,
                "--proof",
                proof.to_str().unwrap(),
            ],
            &file,
            1,
        );
        let out = String::from_utf8(out).unwrap();
        assert!(!out.contains("not certified"), "{out}");
        let (code, said) = verify(&[&file, &proof], &[]);
        assert_eq!(code, 0, "{said}");
        let cnf = dir.join("formula.cnf");
        std::fs::write(&cnf, stdout_of(&["cnf"], &file, 0)).unwrap();
        drat_trim(&cnf, &proof);
    }
}

#[test]
fn the_note_after_a_proof_names_the_command_that_checks_it() {
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let misprinted = model("snake-cube", "red-misprinted.toml");
    let proof = dir.join("no-solution.drat");
    let out = stdout_of(
        &["solve", "--proof", proof.to_str().unwrap()],
        &misprinted,
        1,
    );
    let (code, said) = run_the_noted_command(&String::from_utf8_lossy(&out));
    assert_eq!(code, 0, "{said}");
    // A BurrTools file's note names the problem the proof is of.
    let file = dir.join("two.xmpuzzle");
    std::fs::write(&file, TWO_PROBLEMS).unwrap();
    let proof = dir.join("straight.drat");
    let out = stdout_of(
        &[
            "solve",
            "--problem",
            "straight in ell",
            "--proof",
            proof.to_str().unwrap(),
        ],
        &file,
        1,
    );
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("--problem 2`"), "{text}");
    let (code, said) = run_the_noted_command(&text);
    assert_eq!(code, 0, "{said}");
    // The first problem has an assembly: the proof does not hold for it.
    assert_eq!(verify(&[&file, &proof], &["--problem", "1"]).0, 1);
}

#[test]
fn a_proof_of_the_fewest_broken_links() {
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let corners = model("board-snakes", "six-snakes-corners.toml");
    let proof = dir.join("optimum.drat");
    puzzlesat()
        .args(["solve", "--relax", "--proof"])
        .arg(&proof)
        .arg(&corners)
        .assert()
        .code(0);
    // The optimum is 1: no placement has 0 broken links, and 2 is not proved.
    assert_eq!(verify(&[&corners, &proof], &["--relax", "1"]).0, 0);
    assert_eq!(verify(&[&corners, &proof], &["--relax", "2"]).0, 1);
    let cnf = dir.join("relaxed.cnf");
    std::fs::write(&cnf, stdout_of(&["cnf", "--relax"], &corners, 0)).unwrap();
    drat_trim(&cnf, &proof);
}

/// A 4x4 sudoku snake whose snakes have 4, 6 or 7 cells (its boxes are rows).
const ROWS_AS_BOXES: &str = "family = \"sudoku-snake\"\nsize = 4\nbox = [1, 4]\neven = 2\n";

#[test]
fn proofs_of_the_shortest_and_longest_sudoku_snake() {
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let file = dir.join("rows-as-boxes.toml");
    std::fs::write(&file, ROWS_AS_BOXES).unwrap();
    for (flag, optimum, beaten) in [("--minimize", "4", "5"), ("--maximize", "7", "6")] {
        let proof = dir.join(format!("{flag}.drat"));
        let out = crate::common::cli::json_of(&stdout_of(
            &[
                "solve",
                flag,
                "length",
                "--format",
                "json",
                "--proof",
                proof.to_str().unwrap(),
            ],
            &file,
            0,
        ));
        assert_eq!(out["snake"].as_array().map(Vec::len), optimum.parse().ok());
        let (code, said) = verify(&[&file, &proof], &[flag, optimum]);
        assert_eq!(code, 0, "{flag}: {said}");
        // The proof is of the optimum, not of a length it does not reach.
        assert_eq!(verify(&[&file, &proof], &[flag, beaten]).0, 1, "{flag}");
        let cnf = dir.join(format!("{flag}.cnf"));
        std::fs::write(&cnf, stdout_of(&["cnf", flag, "length"], &file, 0)).unwrap();
        drat_trim(&cnf, &proof);
    }
    // With no snake at all, the proof refutes the formula `cnf` prints.
    let none = dir.join("none.toml");
    std::fs::write(
        &none,
        "family = \"sudoku-snake\"\nsize = 4\nbox = [2, 2]\neven = 2\n",
    )
    .unwrap();
    let proof = dir.join("none.drat");
    puzzlesat()
        .args(["solve", "--minimize", "length", "--proof"])
        .arg(&proof)
        .arg(&none)
        .assert()
        .code(1);
    let (code, said) = verify(&[&none, &proof], &[]);
    assert_eq!(code, 0, "{said}");
    // The flag names the family it is for.
    let green = model("snake-cube", "green.toml");
    let refused = puzzlesat()
        .args(["verify", "--maximize", "8"])
        .arg(&green)
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("sudoku-snake"));
}

/// `count --proof` into a fresh directory; the count it printed.
fn certify(model: &Path, dir: &Path, extra: &[&str]) -> u64 {
    let mut args = vec!["count", "--format", "json", "--quiet", "--proof"];
    let dir_text = dir.to_str().unwrap();
    args.push(dir_text);
    args.extend_from_slice(extra);
    let out = crate::common::cli::json_of(&stdout_of(&args, model, 0));
    out["solutions"].as_u64().unwrap()
}

#[test]
fn count_certificates_verify_and_match_the_count() {
    let cases = [
        ("snake-cube", "green.toml", &[][..]),
        (
            "snake-cube",
            "tiny-2x2x2.toml",
            &["--no-symmetry-breaking"][..],
        ),
        ("packing", "megaron.toml", &[][..]),
        ("board-snakes", "square-4x4.toml", &[][..]),
    ];
    let loops_scratch = scratch();
    let loops = loops_scratch.path();
    // A sudoku snake whose rules without the no-loop rule admit separate loops.
    let rows = loops.join("rows-6x6.toml");
    std::fs::write(
        &rows,
        "family = \"sudoku-snake\"\nsize = 6\nbox = [1, 6]\neven = 3\n",
    )
    .unwrap();
    let files = cases
        .into_iter()
        .map(|(family, name, extra)| (model(family, name), extra))
        .chain([(rows, &[][..])]);
    for (file, extra) in files {
        let name = file.file_name().unwrap().to_str().unwrap().to_string();
        let dir_scratch = scratch();
        let dir = dir_scratch.path();
        let cert = dir.join("certificate");
        let certified = certify(&file, &cert, extra);
        let mut args = vec!["count", "--format", "json", "--quiet", "--engine", "sat"];
        args.extend_from_slice(extra);
        let whole = crate::common::cli::json_of(&stdout_of(&args, &file, 0));
        assert_eq!(Some(certified), whole["solutions"].as_u64(), "{name}");
        let (code, said) = verify(&[&cert], &[]);
        assert_eq!(code, 0, "{name}: {said}");
        for entry in std::fs::read_dir(&cert).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "drat") {
                drat_trim(&path.with_extension("cnf"), &path);
            }
        }
    }
}

#[test]
fn tampered_certificates_are_refused() {
    let file = model("packing", "megaron.toml");
    let dir_scratch = scratch();
    let dir = dir_scratch.path();
    let cert = dir.join("certificate");
    certify(&file, &cert, &[]);
    let edit = |name: &str, change: &dyn Fn(&str) -> String| {
        let copy = dir.join(format!("copy-{name}"));
        let _ = std::fs::remove_dir_all(&copy);
        std::fs::create_dir_all(&copy).unwrap();
        for entry in std::fs::read_dir(&cert).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
        }
        let target = copy.join(name);
        let text = std::fs::read_to_string(&target).unwrap();
        std::fs::write(&target, change(&text)).unwrap();
        let (code, said) = verify(&[&copy], &[]);
        assert_eq!(code, 1, "{name} tampered, yet: {said}");
    };
    // A model dropped.
    edit("models.txt", &|t| {
        t.lines().skip(1).map(|l| format!("{l}\n")).collect()
    });
    // A model listed twice.
    edit("models.txt", &|t| {
        format!("{t}{}\n", t.lines().next().unwrap())
    });
    // A lemma deleted: all of cube 0's lemmas but the empty clause.
    edit("cube-0.drat", &|t| {
        t.lines()
            .filter(|l| l.starts_with('d'))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            + "0\n"
    });
    // A blocking clause changed (its first literal flipped).
    edit("cube-0.cnf", &|t| {
        let mut lines: Vec<String> = t.lines().map(str::to_string).collect();
        let last = lines.len() - 1;
        let flipped: Vec<String> = lines[last]
            .split_whitespace()
            .enumerate()
            .map(|(i, w)| {
                if i == 0 {
                    (-w.parse::<i64>().unwrap()).to_string()
                } else {
                    w.to_string()
                }
            })
            .collect();
        lines[last] = flipped.join(" ");
        lines.join("\n") + "\n"
    });
    // The claimed count changed.
    edit("manifest.json", &|t| {
        t.replace("\"solutions\": 24", "\"solutions\": 25")
    });
}
