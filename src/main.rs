//! The `puzzlesat` command: parses arguments, runs the command through the
//! library's public API and maps the outcome to an exit code (0 solved or
//! counted, 1 proved no solution, 2 bad input, 3 internal failure, 130
//! interrupted).

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::parser::parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // One line saying what is wrong, and where to read more, rather than
            // the whole usage.
            let text = e.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{}\nFor more information, try '--help'.", first.join(" "));
            return ExitCode::from(2);
        }
        Err(e) => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    match cli::run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {}", cli::message(&e));
            ExitCode::from(cli::exit_code(&e))
        }
    }
}
