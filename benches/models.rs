//! Release-build timings of the bundled models: `cargo bench` (all cases) or
//! `cargo bench -- brown` (cases whose name contains "brown"). Prints a Markdown
//! table of medians over several runs, the form BENCHMARKS.md keeps.

use puzzlesat::{CountRequest, Engine, Goal, Puzzle, Search, SolveRequest};
use std::path::Path;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Job {
    Count,
    Solve,
    /// An optimum with its proof: board snakes relax, the sudoku snake's
    /// shortest and longest.
    Optimum(Goal),
}

struct Case {
    name: &'static str,
    /// Path under `models/`.
    model: &'static str,
    runs: usize,
    job: Job,
    engine: Engine,
}

/// One run of a case on its puzzle: what it found.
fn run(puzzle: &Puzzle, job: Job, engine: Engine) -> String {
    let search = Search {
        engine: Some(engine),
        ..Search::default()
    };
    match job {
        Job::Count => {
            let request = CountRequest {
                unique: true,
                search,
                ..CountRequest::default()
            };
            let c = puzzle.count(&request, &mut |_| {}).expect("counts");
            format!(
                "{} solutions, {} unique",
                c.solutions,
                c.unique.unwrap_or(0)
            )
        }
        Job::Solve => {
            let request = SolveRequest {
                search,
                ..SolveRequest::default()
            };
            match puzzle
                .solve(&request, &mut |_| {})
                .expect("solves")
                .solution
            {
                Some(_) => "solved".into(),
                None => "unsolvable".into(),
            }
        }
        Job::Optimum(goal) => {
            let request = SolveRequest {
                goal: Some(goal),
                ..SolveRequest::default()
            };
            let best = puzzle.solve(&request, &mut |_| {}).expect("optimises");
            format!("optimum {}", best.value_words().expect("has a solution"))
        }
    }
}

const CASES: &[Case] = &[
    Case {
        name: "red 3x3x3 count + unique",
        model: "snake-cube/red.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "blue 3x3x3 count + unique",
        model: "snake-cube/blue.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "green 3x3x3 count + unique",
        model: "snake-cube/green.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "orange 3x3x3 count + unique",
        model: "snake-cube/orange.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "minizinc segments count + unique",
        model: "snake-cube/minizinc-segments.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "2x3x4 box count + unique",
        model: "snake-cube/box-2x3x4.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "red misprinted: prove unsolvable",
        model: "snake-cube/red-misprinted.toml",
        runs: 15,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "brown 4x4x4 solve",
        model: "snake-cube/brown-4x4x4.toml",
        runs: 3,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "brown 4x4x4 count + unique",
        model: "snake-cube/brown-4x4x4.toml",
        runs: 3,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "megaron count + unique",
        model: "packing/megaron.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "soma count + unique",
        model: "packing/soma.toml",
        runs: 5,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "pentominoes 3x20 count + unique",
        model: "packing/pentominoes-3x20.toml",
        runs: 3,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "pentominoes 6x10 solve",
        model: "packing/pentominoes-6x10.toml",
        runs: 3,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "megaron count + unique, exact cover",
        model: "packing/megaron.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::ExactCover,
    },
    Case {
        name: "soma count + unique, exact cover",
        model: "packing/soma.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::ExactCover,
    },
    Case {
        name: "pentominoes 3x20 count + unique, exact cover",
        model: "packing/pentominoes-3x20.toml",
        runs: 5,
        job: Job::Count,
        engine: Engine::ExactCover,
    },
    Case {
        name: "pentominoes 6x10 solve, exact cover",
        model: "packing/pentominoes-6x10.toml",
        runs: 5,
        job: Job::Solve,
        engine: Engine::ExactCover,
    },
    Case {
        name: "pentominoes 6x10 count + unique, exact cover",
        model: "packing/pentominoes-6x10.toml",
        runs: 5,
        job: Job::Count,
        engine: Engine::ExactCover,
    },
    Case {
        name: "bedlam solve, exact cover",
        model: "packing/bedlam.toml",
        runs: 3,
        job: Job::Solve,
        engine: Engine::ExactCover,
    },
    Case {
        name: "bedlam count + unique, exact cover",
        model: "packing/bedlam.toml",
        runs: 3,
        job: Job::Count,
        engine: Engine::ExactCover,
    },
    Case {
        name: "six snakes solve",
        model: "board-snakes/six-snakes.toml",
        runs: 15,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "six snakes count",
        model: "board-snakes/six-snakes.toml",
        runs: 15,
        job: Job::Count,
        engine: Engine::Sat,
    },
    Case {
        name: "six snakes corners: prove unsolvable",
        model: "board-snakes/six-snakes-corners.toml",
        runs: 15,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "six snakes corners: relax (optimum proved)",
        model: "board-snakes/six-snakes-corners.toml",
        runs: 5,
        job: Job::Optimum(Goal::Relax),
        engine: Engine::Sat,
    },
    Case {
        name: "sudoku snake solve",
        model: "sudoku-snake/parity-snake.toml",
        runs: 5,
        job: Job::Solve,
        engine: Engine::Sat,
    },
    Case {
        name: "sudoku snake shortest (proved)",
        model: "sudoku-snake/parity-snake.toml",
        runs: 3,
        job: Job::Optimum(Goal::Minimise),
        engine: Engine::Sat,
    },
    Case {
        name: "sudoku snake longest (proved)",
        model: "sudoku-snake/parity-snake.toml",
        runs: 3,
        job: Job::Optimum(Goal::Maximise),
        engine: Engine::Sat,
    },
];

fn load(name: &str) -> Puzzle {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(name);
    Puzzle::load(file).expect("bundled model")
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
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
            result = run(&puzzle, case.job, case.engine);
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
