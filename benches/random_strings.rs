//! How long `solve` takes on random solvable snake-cube strings of a box: each
//! string is read off a random Hamiltonian path (the library's seeded backbite
//! generator), so a folding exists, and solved by the release binary (start-up
//! included), which is stopped at a time limit.
//!
//! `cargo bench --bench random_strings -- 4x4x4 [COUNT [SEED [LIMIT_SECONDS]]]`
//! (defaults: 20 strings, seed 1, 60 s). Prints one line per string and the
//! median, the form BENCHMARKS.md keeps. Without a box it runs nothing, so that
//! a plain `cargo bench` stays short.

use puzzlesat::geometry::BoxDims;
use puzzlesat::geometry::hamiltonian::{Seeded, random_path};
use puzzlesat::puzzles::snake_cube::SnakeCube;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    // `cargo bench` passes `--bench`; the rest are ours.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    // Plain `cargo bench` (or a filter meant for the models' bench) runs
    // nothing here: these solves take minutes.
    let Some(sides) = args.first().and_then(|a| box_sides(a)) else {
        println!("random_strings: give a box, as in `cargo bench --bench random_strings -- 4x4x4`");
        return;
    };
    let count: usize = args.get(1).map_or(20, |s| s.parse().expect("a count"));
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
    let limit = Duration::from_secs(args.get(3).map_or(60, |s| s.parse().expect("seconds")));
    let dims = BoxDims::new(sides[0], sides[1], sides[2]);
    let mut rng = Seeded::new(seed);
    let dir = std::env::temp_dir().join(format!("puzzlesat-random-strings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let mut times = Vec::new();
    let mut unsolved = 0;
    println!("| string | segments | solve | |\n|---|---|---|---|");
    for k in 1..=count {
        let path = random_path(&dims, 100 * dims.volume(), &mut rng);
        let p = SnakeCube::from_path(dims, &path).expect("a Hamiltonian path");
        let model = dir.join(format!("string-{k}.toml"));
        let toml = format!(
            "family = \"snake-cube\"\nname = \"random {k}\"\nsize = [{}, {}, {}]\nblocks = \"{}\"\n",
            sides[0],
            sides[1],
            sides[2],
            p.letters()
        );
        std::fs::write(&model, toml).expect("a model file");
        // A process of its own, so that a solve past the limit is stopped at
        // once and leaves nothing running.
        let started = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlesat"))
            .arg("solve")
            .arg(&model)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the puzzlesat binary");
        let verdict = loop {
            if let Some(status) = child.try_wait().expect("a child to wait for") {
                assert_eq!(
                    status.code(),
                    Some(0),
                    "a string read off a path has a folding"
                );
                break "solved";
            }
            if started.elapsed() >= limit {
                let _ = child.kill();
                let _ = child.wait();
                unsolved += 1;
                break "cut off";
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let took = started.elapsed();
        times.push(took);
        println!(
            "| {k} | {} | {:.3} s | {verdict} |",
            p.segments().len(),
            took.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    println!(
        "\n{}x{}x{}, {count} strings (seed {seed}): median {:.3} s, {unsolved} cut off at {} s",
        sides[0],
        sides[1],
        sides[2],
        median.as_secs_f64(),
        limit.as_secs()
    );
}

/// `AxBxC` as three sides from 1.
fn box_sides(text: &str) -> Option<Vec<i32>> {
    let sides: Vec<i32> = text
        .split('x')
        .map(|s| s.parse().ok().filter(|&n| n >= 1))
        .collect::<Option<_>>()?;
    (sides.len() == 3).then_some(sides)
}
