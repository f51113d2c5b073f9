//! The public API as a program uses it: every family loaded, parsed and built
//! from code, solved, counted and listed with the figures and JSON the
//! command line gives; errors as values; a cancelled search stopping; proofs,
//! certificates and shares round-tripped; pictures of a puzzle's own solutions
//! only.

use crate::common::bundled;
use crate::common::cli::{json_of, stdout_of};
use puzzlesat::snake_cube::random_strings;
use puzzlesat::{
    Cancel, CountRequest, Engine, Error, Goal, ListRequest, PackingSpec, Part, PictureFormat,
    Pictured, PieceSpec, ProofOf, Puzzle, Request, Search, ShareFile, SolveRequest, Target, merge,
    verify_certificate,
};
use serde_json::Value;

/// One bundled model of each family.
const MODELS: [(&str, &str); 4] = [
    ("snake-cube", "red.toml"),
    ("packing", "soma.toml"),
    ("board-snakes", "six-snakes.toml"),
    ("sudoku-snake", "mini-6x6.toml"),
];

fn counted(puzzle: &Puzzle, unique: bool) -> (u64, Option<u64>) {
    let request = CountRequest {
        unique,
        ..CountRequest::default()
    };
    let c = puzzle.count(&request, &mut |_| {}).expect("a count");
    assert!(c.complete);
    (c.solutions, c.unique)
}

/// A JSON answer without its time, which differs from run to run.
fn timeless(mut v: Value) -> Value {
    v.as_object_mut().expect("an object").remove("seconds");
    v
}

#[test]
fn every_family_answers_as_the_command_line_does() {
    for (family, name) in MODELS {
        let file = bundled(family, name);
        let puzzle = Puzzle::load(&file).unwrap();
        assert_eq!(puzzle.family(), family);
        assert!(puzzle.header().starts_with(&puzzle.name()));
        let solved = puzzle.solve(&SolveRequest::default(), &mut |_| {}).unwrap();
        let solution = solved.solution.clone().expect("solvable");
        assert_eq!(solution.check(), Ok(()), "{name}");
        assert_eq!(puzzle.check_json(&solved.to_json()).unwrap(), Ok(()));
        let cli = json_of(&stdout_of(&["solve", "--format", "json"], &file, 0));
        assert_eq!(timeless(solved.to_json()), timeless(cli), "{name}");
        let c = puzzle
            .count(
                &CountRequest {
                    unique: true,
                    ..CountRequest::default()
                },
                &mut |_| {},
            )
            .unwrap();
        let cli = json_of(&stdout_of(
            &["count", "--unique", "--quiet", "--format", "json"],
            &file,
            0,
        ));
        assert_eq!(timeless(c.to_json()), timeless(cli), "{name}");
        assert_eq!(serde_json::to_value(&c).unwrap(), c.to_json());
        assert_eq!(serde_json::to_value(&solved).unwrap(), solved.to_json());
        // Every solution listed is one of the count, each once.
        let mut listed = Vec::new();
        let end = puzzle
            .solutions(
                &ListRequest::default(),
                &mut |s| {
                    listed.push(s.to_json());
                    true
                },
                &mut |_| {},
            )
            .unwrap();
        assert!(end.complete);
        assert_eq!(listed.len() as u64, c.solutions, "{name}");
        listed.sort_by_key(|v| Value::Object(v.clone()).to_string());
        listed.dedup();
        assert_eq!(listed.len() as u64, c.solutions, "{name}: a solution twice");
    }
}

#[test]
fn a_packing_built_from_lists_is_its_toml_twin() {
    let toml = bundled("packing", "soma.toml");
    let twin = Puzzle::load(&toml).unwrap();
    // The Soma pieces, read back from the solution the twin prints.
    let solved = twin.solve(&SolveRequest::default(), &mut |_| {}).unwrap();
    let pieces: Vec<PieceSpec> = solved.to_json()["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cells: Vec<[i32; 3]> = serde_json::from_value(p["cells"].clone()).unwrap();
            PieceSpec::new(p["name"].as_str().unwrap(), cells)
        })
        .collect();
    let boxed = PackingSpec {
        name: Some("Soma from code".into()),
        pieces: pieces.clone(),
        target: Target::Box([3, 3, 3]),
        mirror: false,
    };
    let built = Puzzle::packing(&boxed).unwrap();
    assert_eq!(built.name(), "Soma from code");
    assert_eq!(counted(&built, true), counted(&twin, true));
    // The same target given cell by cell, and the model written back.
    let cells: Vec<[i32; 3]> = (0..27).map(|i| [i % 3, i / 3 % 3, i / 9]).collect();
    let listed = Puzzle::packing(&PackingSpec {
        target: Target::Cells(cells),
        ..boxed
    })
    .unwrap();
    assert_eq!(counted(&listed, true), (11520, Some(240)));
    let again = Puzzle::from_toml(&built.to_toml().unwrap()).unwrap();
    assert_eq!(counted(&again, true), (11520, Some(240)));
    // A piece that is no piece is an error naming its field.
    let broken = PackingSpec {
        name: None,
        pieces: vec![PieceSpec::new("split", vec![[0, 0, 0], [2, 0, 0]])],
        target: Target::Box([3, 1, 1]),
        mirror: false,
    };
    match Puzzle::packing(&broken) {
        Err(Error::Input { field, .. }) => assert_eq!(field, "pieces[0].cells"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn snake_cubes_from_letters_segments_and_text_agree() {
    let letters = Puzzle::snake_cube("SSCCCCCCSCCSCCCCCSCCSCCCCSS", [3, 3, 3]).unwrap();
    let file = Puzzle::load(bundled("snake-cube", "red.toml")).unwrap();
    assert_eq!(counted(&letters, true), counted(&file, true));
    let segments = Puzzle::snake_cube_segments(
        &[3, 3, 3, 3, 2, 2, 2, 3, 3, 2, 2, 3, 2, 3, 2, 2, 3],
        [3, 3, 3],
    )
    .unwrap();
    assert_eq!(counted(&segments, true), (48, Some(1)));
    match Puzzle::snake_cube("SSX", [3, 1, 1]) {
        Err(Error::Input { field, .. }) => assert_eq!(field, "blocks"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn requests_a_family_does_not_serve_are_refused_with_the_families_that_do() {
    let snake = Puzzle::load(bundled("snake-cube", "red.toml")).unwrap();
    let search = Search {
        engine: Some(Engine::ExactCover),
        ..Search::default()
    };
    let request = SolveRequest {
        search,
        ..SolveRequest::default()
    };
    match snake.solve(&request, &mut |_| {}) {
        Err(Error::Refused {
            request, serving, ..
        }) => {
            assert_eq!(request, Request::Engine(Engine::ExactCover));
            assert_eq!(serving, vec!["packing"]);
        }
        other => panic!("{other:?}"),
    }
    let goal = SolveRequest {
        goal: Some(Goal::Relax),
        ..SolveRequest::default()
    };
    assert!(matches!(
        snake.solve(&goal, &mut |_| {}),
        Err(Error::Refused { .. })
    ));
    let apart = CountRequest {
        disassemble: true,
        ..CountRequest::default()
    };
    assert!(matches!(
        snake.count(&apart, &mut |_| {}),
        Err(Error::Refused { .. })
    ));
    assert!(matches!(
        Puzzle::from_toml("family = \"origami\""),
        Err(Error::Input { .. })
    ));
}

#[test]
fn a_cancelled_count_stops_and_says_so() {
    let puzzle = Puzzle::load(bundled("packing", "pentominoes-6x10.toml")).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let request = CountRequest {
        search: Search {
            cancel: cancel.clone(),
            ..Search::default()
        },
        unique: true,
        ..CountRequest::default()
    };
    let c = puzzle.count(&request, &mut |_| {}).unwrap();
    assert!(!c.complete && c.interrupted);
    assert!(c.solutions < 9356);
    // Cancelled from the progress callback, part of the way.
    let cancel = Cancel::new();
    let request = CountRequest {
        search: Search {
            cancel: cancel.clone(),
            threads: Some(1),
            ..Search::default()
        },
        ..CountRequest::default()
    };
    let c = puzzle
        .count(&request, &mut |p| {
            if p.found > 0 {
                cancel.cancel()
            }
        })
        .unwrap();
    assert!(c.interrupted && !c.complete, "{c:?}");
}

#[test]
fn proofs_and_certificates_check_and_tampering_is_caught() {
    let stuck = Puzzle::load(bundled("snake-cube", "red-misprinted.toml")).unwrap();
    let request = SolveRequest {
        proof: true,
        ..SolveRequest::default()
    };
    let solved = stuck.solve(&request, &mut |_| {}).unwrap();
    assert!(solved.solution.is_none());
    let proof = String::from_utf8(solved.proof.unwrap()).unwrap();
    assert!(
        stuck
            .verify_proof(&proof, ProofOf::NoSolution)
            .unwrap()
            .is_ok()
    );
    // Its deletions alone, without a lemma, refute nothing.
    let deletions: String = proof
        .lines()
        .filter(|l| l.starts_with('d'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        stuck
            .verify_proof(&deletions, ProofOf::NoSolution)
            .unwrap()
            .is_err()
    );
    let cnf = stuck.cnf(true).unwrap();
    assert!(
        cnf.to_string()
            .contains(&format!("p cnf {} {}", cnf.variables(), cnf.clauses()))
    );

    let megaron = Puzzle::load(bundled("packing", "megaron.toml")).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("certificate");
    let made = megaron
        .certify_count(&dir, true, None, &mut |_, _| {})
        .unwrap();
    assert_eq!(made.solutions, 24);
    assert!(
        verify_certificate(&dir, None, &mut |_, _| {})
            .unwrap()
            .is_ok()
    );
    let manifest = dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("\"solutions\": 24", "\"solutions\": 25"),
    )
    .unwrap();
    assert!(
        verify_certificate(&dir, None, &mut |_, _| {})
            .unwrap()
            .is_err()
    );
    // A directory that holds something is not written into.
    assert!(
        megaron
            .certify_count(&dir, true, None, &mut |_, _| {})
            .is_err()
    );
}

#[test]
fn shares_written_read_and_merged_give_the_whole_count() {
    let soma = Puzzle::load(bundled("packing", "soma.toml")).unwrap();
    let whole = counted(&soma, true);
    let scratch = tempfile::tempdir().unwrap();
    let files: Vec<ShareFile> = (0..3)
        .map(|index| {
            let request = CountRequest {
                unique: true,
                search: Search {
                    part: Some(Part { index, count: 3 }),
                    ..Search::default()
                },
                ..CountRequest::default()
            };
            let share = soma.count(&request, &mut |_| {}).unwrap().share.unwrap();
            let file = scratch.path().join(format!("part-{index}.json"));
            std::fs::write(&file, share.to_json().to_string()).unwrap();
            ShareFile::read(&file).unwrap()
        })
        .collect();
    let merged = merge(&files).unwrap();
    assert_eq!((merged.solutions, merged.unique), (whole.0, whole.1));
    assert!(merge(&files[..2]).is_err());
}

#[test]
fn pictures_show_a_puzzles_own_solutions_only() {
    let soma = Puzzle::load(bundled("packing", "soma.toml")).unwrap();
    let red = Puzzle::load(bundled("snake-cube", "red.toml")).unwrap();
    let mine = soma.solve(&SolveRequest::default(), &mut |_| {}).unwrap();
    let theirs = red.solve(&SolveRequest::default(), &mut |_| {}).unwrap();
    let shown = |s| Pictured {
        caption: "one",
        solution: s,
        extension: None,
    };
    let page = soma
        .picture(
            PictureFormat::Html,
            &[shown(mine.solution.as_ref().unwrap())],
            None,
        )
        .unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(
        soma.picture(
            PictureFormat::Svg,
            &[shown(theirs.solution.as_ref().unwrap())],
            None
        )
        .is_err()
    );
}

#[test]
fn streams_stop_at_their_limit_or_when_told() {
    let megaron = Puzzle::load(bundled("packing", "megaron.toml")).unwrap();
    let request = ListRequest {
        limit: Some(5),
        ..ListRequest::default()
    };
    let mut seen = 0;
    let end = megaron
        .solutions(
            &request,
            &mut |_| {
                seen += 1;
                true
            },
            &mut |_| {},
        )
        .unwrap();
    assert_eq!((seen, end.listed, end.complete), (5, 5, false));
    let mut seen = 0;
    let end = megaron
        .solutions(
            &ListRequest::default(),
            &mut |_| {
                seen += 1;
                seen < 2
            },
            &mut |_| {},
        )
        .unwrap();
    assert_eq!((seen, end.complete), (2, false));
}

#[test]
fn random_strings_fold_and_repeat_with_their_seed() {
    let drawn: Vec<String> = random_strings([2, 3, 4], 7).unwrap().take(3).collect();
    assert_eq!(
        drawn,
        random_strings([2, 3, 4], 7)
            .unwrap()
            .take(3)
            .collect::<Vec<_>>()
    );
    for letters in drawn {
        let cube = Puzzle::snake_cube(&letters, [2, 3, 4]).unwrap();
        let solved = cube.solve(&SolveRequest::default(), &mut |_| {}).unwrap();
        assert!(solved.solution.is_some(), "{letters}");
    }
    assert!(random_strings([1, 1, 1], 1).is_err());
}
