//! `--engine` and `--core` on the real binary: both engines, and each core of
//! the exact-cover one, give the same JSON answers for packings, and only
//! packings take the exact-cover engine; the path search for snakes.

use crate::common::bundled as model;

use crate::common::cli::{json_of, puzzlesat, stdout_of};

#[test]
fn both_engines_count_a_packing_alike() {
    let soma = model("packing", "soma.toml");
    let mut answers = Vec::new();
    for engine in [
        &[][..],
        &["--engine", "sat"],
        &["--engine", "exact-cover"],
        &["--core", "general"],
        &["--core", "first-empty"],
        &["--engine", "exact-cover", "--core", "auto"],
    ] {
        for threads in ["1", "2"] {
            let mut args = vec![
                "count",
                "--unique",
                "--format",
                "json",
                "--threads",
                threads,
            ];
            args.extend_from_slice(engine);
            let v = json_of(&stdout_of(&args, &soma, 0));
            answers.push((
                v["solutions"].clone(),
                v["unique"].clone(),
                v["complete"].clone(),
            ));
        }
    }
    for answer in &answers {
        assert_eq!(
            answer,
            &(11520.into(), 240.into(), true.into()),
            "{answers:?}"
        );
    }
}

#[test]
fn both_engines_solve_a_packing_and_prove_an_impossible_one() {
    for engine in ["sat", "exact-cover"] {
        let v = json_of(&stdout_of(
            &["solve", "--format", "json", "--engine", engine],
            &model("packing", "megaron.toml"),
            0,
        ));
        assert_eq!(v["status"], "solved", "{engine}");
        assert_eq!(v["pieces"].as_array().unwrap().len(), 6);
    }
    let dir = tempfile::tempdir().unwrap();
    // Two straight trominoes cannot fill an L-shaped target of six cells.
    let file = dir.path().join("impossible.toml");
    std::fs::write(
        &file,
        "family = \"packing\"\nshape = [\"###.\", \"#...\", \"##..\"]\n\
         [[pieces]]\nname = \"i\"\nlayers = [\"###\"]\ncount = 2\n",
    )
    .unwrap();
    for engine in ["sat", "exact-cover"] {
        let v = json_of(&stdout_of(
            &["solve", "--format", "json", "--engine", engine],
            &file,
            1,
        ));
        assert_eq!(v["status"], "unsolvable", "{engine}");
    }
}

#[test]
fn all_and_limit_work_on_the_exact_cover_engine() {
    let out = stdout_of(
        &[
            "all",
            "--unique",
            "--format",
            "json",
            "--engine",
            "exact-cover",
        ],
        &model("packing", "pentominoes-3x20.toml"),
        0,
    );
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
    let v = json_of(&stdout_of(
        &[
            "count",
            "--limit",
            "5",
            "--format",
            "json",
            "--engine",
            "exact-cover",
        ],
        &model("packing", "soma.toml"),
        0,
    ));
    assert_eq!(v["complete"], false);
    assert!(v["solutions"].as_u64().unwrap() >= 5);
}

#[test]
fn other_families_refuse_the_exact_cover_engine_with_exit_2() {
    for (family, name) in [
        ("snake-cube", "red.toml"),
        ("board-snakes", "six-snakes.toml"),
        ("sudoku-snake", "mini-6x6.toml"),
    ] {
        for command in ["solve", "count", "all"] {
            let out = puzzlesat()
                .args([command, "--engine", "exact-cover"])
                .arg(model(family, name))
                .assert()
                .code(2);
            let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains("--engine exact-cover"), "{err}");
            assert!(err.contains("--engine sat"), "{err}");
        }
        // The SAT engine stays available by name.
        puzzlesat()
            .args(["solve", "--engine", "sat"])
            .arg(model(family, name))
            .assert()
            .code(0);
    }
    puzzlesat()
        .args(["count", "--engine", "dancing"])
        .arg(model("packing", "soma.toml"))
        .assert()
        .code(2);
}

#[test]
fn an_unknown_core_is_refused_with_exit_2() {
    let soma = model("packing", "soma.toml");
    let out = puzzlesat()
        .args(["count", "--core", "fastest"])
        .arg(&soma)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--core") && err.contains("first-empty"),
        "{err}"
    );
}

/// The path search: the default for snake cubes and for a board one snake
/// fills (the same answers as SAT), refused with one line for several snakes
/// and for packings.
#[test]
fn the_path_engine_answers_snakes_and_refuses_the_rest() {
    for engine in ["path", "sat"] {
        let out = puzzlesat()
            .args(["count", "--format", "json", "--unique", "--engine", engine])
            .arg(model("snake-cube", "blue.toml"))
            .assert()
            .code(0);
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(
            (v["solutions"].as_u64(), v["unique"].as_u64()),
            (Some(576), Some(6))
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.toml");
    std::fs::write(
        &one,
        "family = \"board-snakes\"\nboard = { grid = \"square\", width = 12, height = 12 }\nheads = [1]\nlength = 144\n",
    )
    .unwrap();
    let out = puzzlesat()
        .args(["solve", "--format", "json"])
        .arg(&one)
        .assert()
        .code(0);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["snakes"][0].as_array().unwrap().len(), 144);
    for (family, name, field) in [
        ("board-snakes", "six-snakes.toml", "heads"),
        ("packing", "soma.toml", "family"),
    ] {
        let out = puzzlesat()
            .args(["solve", "--engine", "path"])
            .arg(model(family, name))
            .assert()
            .code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("field `{field}`")) && err.contains("--engine"),
            "{err}"
        );
    }
}
