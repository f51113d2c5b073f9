//! The README's commands, run as written: every command line in its code
//! blocks (those typed at a shell prompt, `$ `, where a block shows output
//! too) runs in a scratch directory that sees the repository's `models/`,
//! `tests/` and `docs/`, with the built `puzzlesat` first on `PATH` and a
//! scratch home. `cargo run --release -- ` is the same binary. Each must exit
//! 0 or 1 (no solution is an answer), never 2 or a panic.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Commands not run here, each with why; every one must still be in the
/// README, so that the list never outlives what it excuses.
const NOT_RUN: &[(&str, &str)] = &[
    ("cargo test --release", "this very test run"),
    ("cargo install --path .", "installs into the real home"),
    ("--sshloginfile", "needs machines to log in to"),
    ("SLURM_ARRAY_TASK_ID", "needs a Slurm scheduler"),
    ("/data/bedlam.toml", "a path on a cluster's shared volume"),
    (
        "SolidSixPieceBurrs.xmpuzzle",
        "a BurrTools file the repository does not hold",
    ),
    (
        "PelikanBurr.xmpuzzle",
        "a BurrTools file the repository does not hold",
    ),
];

/// Commands that take from tens of seconds to minutes on two cores, each
/// with those that read what it writes: run by the ignored test
/// (`cargo test --release -- --ignored readme_slow`).
const SLOW: &[&str] = &[
    "design snake-cube 4x4x4 --unique --count 10",
    "parity-snake.toml --minimize length",
    "shortest.drat",
    "--proof cert",
    "verify cert",
];

/// Every command line in the README's code blocks, continuation lines
/// joined, in order.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(repository().join("README.md")).unwrap();
    let mut commands = Vec::new();
    for block in readme.split("```").skip(1).step_by(2) {
        // The synopsis writes placeholders, and options in brackets.
        if block.contains("MODEL [--") {
            continue;
        }
        let lines: Vec<&str> = block.lines().skip(1).collect();
        let prompted = lines.iter().any(|l| l.starts_with("$ "));
        let mut pending = String::new();
        for line in lines {
            let line = if prompted {
                match line.strip_prefix("$ ") {
                    Some(l) => l,
                    None if !pending.is_empty() => line,
                    None => continue,
                }
            } else {
                line
            };
            pending.push_str(line.trim_end_matches('\\'));
            if line.ends_with('\\') {
                continue;
            }
            let command = std::mem::take(&mut pending);
            let runs = ["puzzlesat ", "cargo ", "mkdir ", "parallel "]
                .iter()
                .any(|p| command.starts_with(p));
            if runs {
                commands.push(command);
            }
        }
    }
    commands
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `commands` in order in one scratch directory, each through `sh -c`.
fn run_as_written(commands: &[String]) {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    for name in ["models", "tests", "docs"] {
        std::os::unix::fs::symlink(repository().join(name), dir.join(name)).unwrap();
    }
    let home = dir.join("home");
    std::fs::create_dir(&home).unwrap();
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_puzzlesat"));
    let bin_dir = binary.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let has_parallel = on_path("parallel");
    for command in commands {
        // The shares GNU parallel writes, and their merge.
        let needs_parallel = command.starts_with("parallel ") || command.contains("part-*.json");
        if needs_parallel && !has_parallel {
            eprintln!("not run, GNU parallel is not installed: {command}");
            continue;
        }
        let started = std::time::Instant::now();
        let written = command.replace("cargo run --release -- ", "puzzlesat ");
        let out = Command::new("sh")
            .arg("-c")
            .arg(&written)
            .current_dir(dir)
            .env("PATH", &path)
            .env("HOME", &home)
            .output()
            .unwrap();
        eprintln!("{:6.1} s  {command}", started.elapsed().as_secs_f64());
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0 | 1)) && !stderr.contains("panicked"),
            "{command}\nexit {code:?}\n{stderr}"
        );
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|p| Path::new(&p).join(program).is_file())
    })
}

#[test]
fn readme_commands_run_as_written() {
    let commands = readme_commands();
    let excused = NOT_RUN.iter().map(|(p, _)| *p).chain(SLOW.iter().copied());
    for pattern in excused.clone() {
        assert!(
            commands.iter().any(|c| c.contains(pattern)),
            "`{pattern}` is excused but no longer in the README"
        );
    }
    let run: Vec<String> = commands
        .into_iter()
        .filter(|c| !excused.clone().any(|p| c.contains(p)))
        .collect();
    assert!(run.len() > 20, "{run:#?}");
    run_as_written(&run);
}

/// The README's commands that take minutes:
/// `cargo test --release -- --ignored readme_slow`.
#[test]
#[ignore]
fn readme_slow_commands_run_as_written() {
    let slow: Vec<String> = readme_commands()
        .into_iter()
        .filter(|c| SLOW.iter().any(|p| c.contains(p)))
        .collect();
    run_as_written(&slow);
}
