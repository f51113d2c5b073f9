//! Release-build timings of the bundled models: `cargo bench` (all cases) or
//! `cargo bench -- brown` (cases whose name contains "brown"). Prints a Markdown
//! table of medians over several runs, the form BENCHMARKS.md keeps.

use puzzlesat::model::{self, PuzzleKind};
use puzzlesat::puzzles::snake_cube::SnakeCube;
use puzzlesat::tasks::{self, CountOptions, SearchOptions};
use std::path::Path;
use std::time::{Duration, Instant};

struct Case {
    name: &'static str,
    model: &'static str,
    runs: usize,
    job: fn(&SnakeCube, usize) -> String,
}

fn count(p: &SnakeCube, threads: usize) -> String {
    let options = CountOptions {
        unique: true,
        limit: None,
        search: SearchOptions {
            symmetry_breaking: true,
            threads,
        },
    };
    let c = tasks::count(p, options, &mut |_| {}).expect("counts");
    format!(
        "{} solutions, {} unique",
        c.solutions,
        c.unique.unwrap_or(0)
    )
}

fn solve(p: &SnakeCube, _threads: usize) -> String {
    match tasks::solve_one(p, SearchOptions::default()).expect("solves") {
        Some(_) => "solved".into(),
        None => "unsolvable".into(),
    }
}

const CASES: &[Case] = &[
    Case {
        name: "red 3x3x3 count + unique",
        model: "red.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "blue 3x3x3 count + unique",
        model: "blue.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "green 3x3x3 count + unique",
        model: "green.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "orange 3x3x3 count + unique",
        model: "orange.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "minizinc segments count + unique",
        model: "minizinc-segments.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "2x3x4 box count + unique",
        model: "box-2x3x4.toml",
        runs: 15,
        job: count,
    },
    Case {
        name: "red misprinted: prove unsolvable",
        model: "red-misprinted.toml",
        runs: 15,
        job: solve,
    },
    Case {
        name: "brown 4x4x4 solve",
        model: "brown-4x4x4.toml",
        runs: 3,
        job: solve,
    },
    Case {
        name: "brown 4x4x4 count + unique",
        model: "brown-4x4x4.toml",
        runs: 3,
        job: count,
    },
];

fn load(name: &str) -> SnakeCube {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/snake-cube")
        .join(name);
    match model::load(&file).expect("bundled model").puzzle {
        PuzzleKind::SnakeCube(p) => p,
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let threads = tasks::SearchOptions::default().threads;
    println!("| case | result | runs | median | min | max |");
    println!("|---|---|---|---|---|---|");
    for case in CASES {
        if filter
            .as_ref()
            .is_some_and(|f| !case.name.contains(f.as_str()))
        {
            continue;
        }
        let puzzle = load(case.model);
        let mut times = Vec::new();
        let mut result = String::new();
        for _ in 0..case.runs {
            let started = Instant::now();
            result = (case.job)(&puzzle, threads);
            times.push(started.elapsed());
        }
        let (min, max) = (*times.iter().min().unwrap(), *times.iter().max().unwrap());
        println!(
            "| {} | {} | {} | {:.3} s | {:.3} s | {:.3} s |",
            case.name,
            result,
            case.runs,
            median(times).as_secs_f64(),
            min.as_secs_f64(),
            max.as_secs_f64()
        );
    }
}
