//! The progress spinner on stderr, drawn only when a person is watching.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puzzlesat::{Progress, TAKEN_APART};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner on stderr, only when a person is watching it.
pub fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .expect("a valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// The spinner's message for a count or a listing, short enough that the
/// line fits 80 columns for most searches: "5120 found, 2033/s; 40/353
/// subtrees 11%, ~3 min left".
pub fn report(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    |p: &Progress| {
        // Called after every solution: a hidden bar (--quiet, or no terminal)
        // is spared the formatting.
        if bar.is_hidden() {
            return;
        }
        bar.set_message(count_message(p))
    }
}

fn count_message(p: &Progress) -> String {
    let left = time_left(p);
    if p.part_name == TAKEN_APART {
        return format!(
            "{}, {} come apart{left}",
            parts_done(p).unwrap_or_else(|| "taking assemblies apart".into()),
            p.found,
        );
    }
    let parts = parts_done(p).map(|d| format!("; {d}")).unwrap_or_default();
    format!("{} found, {:.0}/s{parts}{left}", p.found, p.rate())
}

/// "40/353 subtrees 11%"; `None` while the parts are not yet known (a
/// search that has not yet cut its tree says nothing of "0 of 0").
fn parts_done(p: &Progress) -> Option<String> {
    (p.cubes > 0).then(|| {
        format!(
            "{}/{} {} {:.0}%",
            p.cubes_done,
            p.cubes,
            p.part_name,
            100.0 * p.fraction_done()
        )
    })
}

/// ", ~3 min left" (or under a second) while parts of the search remain
/// and their time is estimated; empty otherwise.
pub fn time_left(p: &Progress) -> String {
    match p.remaining {
        Some(left) if p.cubes_done < p.cubes && left.as_secs() == 0 => {
            ", under a second left".to_string()
        }
        Some(left) if p.cubes_done < p.cubes => format!(", {} left", about(left)),
        _ => String::new(),
    }
}

/// The spinner's message for a search that stops at its first solution: how much
/// of the search is done and, when estimated, how long the rest of it would
/// take (a solution may end it at any moment, so this is no time left).
pub fn report_solve(bar: &ProgressBar) -> impl FnMut(&Progress) + '_ {
    |p: &Progress| {
        if bar.is_hidden() {
            return;
        }
        let rest = match p.remaining {
            Some(left) if p.cubes_done < p.cubes && left.as_secs() > 0 => {
                format!("; all of it {}", about(left))
            }
            _ => String::new(),
        };
        let parts = parts_done(p).map(|d| format!(": {d}")).unwrap_or_default();
        bar.set_message(format!("solution or proof of none{parts}{rest}"))
    }
}

const DAY: u64 = 24 * 3600;
const YEAR: u64 = 365 * DAY;

/// An estimated duration as a person reads it: "~3 min 20 s", or "over 30
/// years" where the estimates are capped (at about 31 years).
fn about(d: Duration) -> String {
    if d.as_secs() >= 30 * YEAR {
        "over 30 years".to_string()
    } else {
        format!("~{}", duration(d))
    }
}

/// A duration as a person reads it: "42 s", "3 min 20 s", "2 h 05 min",
/// "3 days 4 h", "12 years".
fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        3600..DAY => format!("{} h {:02} min", s / 3600, s / 60 % 60),
        DAY..YEAR => {
            let days = s / DAY;
            let plural = if days == 1 { "" } else { "s" };
            format!("{days} day{plural} {} h", s / 3600 % 24)
        }
        _ => format!("{} years", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_from_seconds_to_years() {
        let read = |s: u64| about(Duration::from_secs(s));
        assert_eq!(read(42), "~42 s");
        assert_eq!(read(200), "~3 min 20 s");
        assert_eq!(read(2 * 3600 + 5 * 60), "~2 h 05 min");
        assert_eq!(read(DAY + 3600), "~1 day 1 h");
        assert_eq!(read(119 * DAY + 23 * 3600), "~119 days 23 h");
        assert_eq!(read(12 * YEAR + DAY), "~12 years");
        assert_eq!(read(1_000_000_000), "over 30 years");
    }

    /// A count's line stays within 80 columns with the spinner and the
    /// elapsed time, and says nothing of its parts before it has cut them.
    #[test]
    fn the_count_message_fits_80_columns_and_skips_unknown_parts() {
        let message = |cubes: usize, done: usize| {
            let mut p = Progress::new(cubes, "subtrees");
            p.found = 1_234_567;
            p.cubes_done = done;
            p.elapsed = Duration::from_secs(100);
            p.remaining = Some(Duration::from_secs(3 * 3600 + 59 * 60));
            count_message(&p)
        };
        let busy = message(22_111, 2_345);
        assert!(2 + busy.len() + 11 <= 80, "{busy}");
        let fresh = message(0, 0);
        assert!(
            !fresh.contains("0/0") && !fresh.contains("0 of 0"),
            "{fresh}"
        );
    }
}
