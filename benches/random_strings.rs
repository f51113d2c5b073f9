//! How long `solve` takes on random solvable snake-cube strings of a box: each
//! string is read off a random Hamiltonian path (the library's seeded backbite
//! generator), so a folding exists, and solved by the release binary (start-up
//! included), which is stopped at a time limit.
//!
//! `cargo bench --bench random_strings -- 4x4x4 [COUNT [SEED [LIMIT_SECONDS [ENGINES]]]]`
//! (defaults: 20 strings, seed 1, 60 s, the default engine). ENGINES is a
//! comma-separated list of `--engine` values (`path,sat`): each string is then
//! solved by each engine in turn, side by side. Prints one line per string and
//! the median per engine, the form BENCHMARKS.md keeps. Without a box it runs
//! nothing, so that a plain `cargo bench` stays short.

use puzzlesat::snake_cube::random_strings;
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
    let engines: Vec<Option<String>> = match args.get(4) {
        None => vec![None],
        Some(list) => list.split(',').map(|e| Some(e.to_string())).collect(),
    };
    let mut strings = random_strings([sides[0], sides[1], sides[2]], seed).expect("a box");
    let dir = std::env::temp_dir().join(format!("puzzlesat-random-strings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let mut times = vec![Vec::new(); engines.len()];
    let mut unsolved = vec![0; engines.len()];
    let names: Vec<&str> = engines
        .iter()
        .map(|e| e.as_deref().unwrap_or("default"))
        .collect();
    println!(
        "| string | segments | {} |\n|---|---|{}",
        names.join(" | "),
        "---|".repeat(engines.len())
    );
    for k in 1..=count {
        let letters = strings.next().expect("strings without end");
        let model = dir.join(format!("string-{k}.toml"));
        let toml = format!(
            "family = \"snake-cube\"\nname = \"random {k}\"\nsize = [{}, {}, {}]\nblocks = \"{}\"\n",
            sides[0], sides[1], sides[2], letters
        );
        std::fs::write(&model, toml).expect("a model file");
        let mut cells = Vec::new();
        for (e, engine) in engines.iter().enumerate() {
            let (took, solved) = timed_solve(&model, engine.as_deref(), limit);
            times[e].push(took);
            if !solved {
                unsolved[e] += 1;
            }
            cells.push(format!(
                "{:.3} s{}",
                took.as_secs_f64(),
                if solved { "" } else { " (cut off)" }
            ));
        }
        let segments = letters[1..letters.len() - 1].matches('C').count() + 1;
        println!("| {k} | {segments} | {} |", cells.join(" | "));
    }
    let _ = std::fs::remove_dir_all(&dir);
    for (e, name) in names.iter().enumerate() {
        let mut sorted = times[e].clone();
        sorted.sort();
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
        let slowest = sorted.last().copied().unwrap_or_default();
        println!(
            "\n{}x{}x{}, {count} strings (seed {seed}), engine {name}: median {:.3} s, slowest {:.3} s, {} cut off at {} s",
            sides[0],
            sides[1],
            sides[2],
            median.as_secs_f64(),
            slowest.as_secs_f64(),
            unsolved[e],
            limit.as_secs()
        );
    }
}

/// `solve MODEL [--engine ENGINE]` in a process of its own, so that a solve
/// past the limit is stopped at once and leaves nothing running: the time
/// taken, and whether it finished.
fn timed_solve(model: &std::path::Path, engine: Option<&str>, limit: Duration) -> (Duration, bool) {
    let started = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlesat"));
    command.arg("solve").arg(model);
    if let Some(engine) = engine {
        command.arg("--engine").arg(engine);
    }
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the puzzlesat binary");
    loop {
        if let Some(status) = child.try_wait().expect("a child to wait for") {
            assert_eq!(
                status.code(),
                Some(0),
                "a string read off a path has a folding"
            );
            return (started.elapsed(), true);
        }
        if started.elapsed() >= limit {
            let _ = child.kill();
            let _ = child.wait();
            return (started.elapsed(), false);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `AxBxC` as three sides from 1.
fn box_sides(text: &str) -> Option<Vec<i32>> {
    let sides: Vec<i32> = text
        .split('x')
        .map(|s| s.parse().ok().filter(|&n| n >= 1))
        .collect::<Option<_>>()?;
    (sides.len() == 3).then_some(sides)
}
