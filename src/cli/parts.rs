//! Split counts on the command line: what `count --part I/N` prints for its
//! share, and `merge`, which reads every share's JSON, checks that they are the
//! shares of one count, and prints what the whole count prints.

use super::args::{EnumerationArgs, Format};
use super::counted::{CountReport, print_count};
use super::output::seconds;
use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::split::{FixedShare, NotOneCount, Part, SharedOrbit, Shares, Sum, add_up};
use puzzlesat::tasks::{Disassembled, Taken};
use puzzlesat::types::Engine;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A name for the count a share belongs to: the program's version, the model
/// file's bytes and the problem read from it, and the options that change the
/// shares or what they hold (engine and its core, symmetry breaking, classes:
/// each core cuts its search tree into other units). Threads are
/// left out: they change neither. `disassembly` is `--max-states` when the
/// assemblies are taken apart.
pub fn fingerprint(
    model: &PuzzleModel,
    args: &EnumerationArgs,
    engine: Engine,
    disassembly: Option<usize>,
) -> String {
    let bytes = std::fs::read(&model.file).unwrap_or_default();
    let mut options = format!(
        "{}|{}|{}|{:?}|{:?}|{}|{}",
        env!("CARGO_PKG_VERSION"),
        model.title(),
        model.source.as_deref().unwrap_or(""),
        engine,
        args.core(),
        args.symmetry_breaking(),
        args.unique || model.recorded.is_some(),
    );
    if let Some(max_states) = disassembly {
        options.push_str(&format!("|disassemble {max_states}"));
    }
    let hash = fnv1a(fnv1a(FNV_OFFSET, &bytes), options.as_bytes());
    format!("{hash:016x}")
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: the same on every machine and build, which the standard
/// library's hasher does not promise.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Prints one share's result: for `merge` as JSON, or for a person. `taken`
/// is what came of each class met, when the assemblies were taken apart.
pub fn print_part(
    report: &CountReport,
    part: Part,
    shares: &Shares,
    taken: Option<&BTreeMap<String, Taken>>,
    fingerprint: &str,
    format: Format,
) {
    match format {
        Format::Json => outln!(
            "{}",
            Value::Object(part_json(report, part, shares, taken, fingerprint))
        ),
        Format::Text => {
            out!("{}", report.header);
            let bound = if report.complete { "" } else { "at least " };
            outln!(
                "part {part}: {bound}{} solutions in this share, {} of them in orbits other shares may meet too",
                report.solutions,
                report.solutions - shares.met_once
            );
            if let Some(classes) = &shares.classes {
                outln!(
                    "classes up to symmetry met in this share: {bound}{}",
                    classes.len()
                );
            }
            if let Some(fixed) = &shares.fixed {
                outln!(
                    "classes up to symmetry: by Burnside's lemma over the {} symmetries, once the parts are merged",
                    fixed.symmetries
                );
            }
            if let Some(taken) = taken {
                let apart = taken
                    .values()
                    .filter(|t| matches!(t, Taken::Apart(_)))
                    .count();
                outln!(
                    "of them taken apart: {}, {apart} of which come apart",
                    taken.len()
                );
            }
            outln!(
                "(the whole count: `puzzlesat merge` on the --format json outputs of all {} parts)",
                part.count
            );
            outln!("time: {}", seconds(report.elapsed));
        }
    }
}

fn part_json(
    report: &CountReport,
    part: Part,
    shares: &Shares,
    taken: Option<&BTreeMap<String, Taken>>,
    fingerprint: &str,
) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("part".into(), json!(part.index + 1));
    out.insert("parts".into(), json!(part.count));
    out.insert("fingerprint".into(), json!(fingerprint));
    out.insert("solutions".into(), json!(report.solutions));
    out.insert("complete".into(), json!(report.complete));
    if report.interrupted {
        out.insert("interrupted".into(), json!(true));
    }
    out.insert("met_once".into(), json!(shares.met_once));
    let shared: Vec<Value> = shares
        .shared
        .iter()
        .map(|(key, orbit)| json!({"key": key, "solutions": orbit.solutions, "tally": orbit.tally}))
        .collect();
    out.insert("shared_orbits".into(), Value::Array(shared));
    if let Some(classes) = &shares.classes {
        out.insert("classes".into(), json!(classes));
    }
    if let Some(fixed) = &shares.fixed {
        out.insert(
            "fixed_by_symmetries".into(),
            json!({
                "symmetries": fixed.symmetries,
                "fixing_all": fixed.fixing_all,
                "fixed": fixed.fixed,
            }),
        );
    }
    if let Some((name, _)) = &report.tally {
        out.insert("tally_name".into(), json!(name));
        let per_value: Map<String, Value> = shares
            .met_once_tally
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect();
        out.insert("met_once_tally".into(), Value::Object(per_value));
    }
    if let Some(taken) = taken {
        // The classes that stay stuck are those of `classes` not listed.
        let listed: Map<String, Value> = taken
            .iter()
            .filter_map(|(key, t)| match t {
                Taken::Apart(level) => Some((key.clone(), json!(level))),
                Taken::Undecided => Some((key.clone(), json!(UNDECIDED))),
                Taken::Stuck => None,
            })
            .collect();
        out.insert("taken_apart".into(), Value::Object(listed));
        if let Some((_, Some(n))) = &report.disassembled {
            out.insert("recorded_solutions".into(), json!(n));
        }
    }
    out.insert("header".into(), json!(report.header));
    if let Some(recorded) = report.recorded {
        out.insert("recorded_assemblies".into(), json!(recorded));
    }
    out.insert("seconds".into(), json!(report.elapsed.as_secs_f64()));
    out
}

/// One share as read back from its file.
struct PartFile {
    file: PathBuf,
    part: usize,
    parts: usize,
    fingerprint: String,
    complete: bool,
    interrupted: bool,
    seconds: f64,
    header: String,
    /// For a BurrTools file: the assemblies it records, if any.
    recorded: Option<Option<u64>>,
    tally_name: Option<String>,
    shares: Shares,
    /// With --disassemble: what came of each class that did not stay stuck,
    /// and the solutions the BurrTools file records.
    taken_apart: Option<(BTreeMap<String, Taken>, Option<u64>)>,
}

/// What a share writes for a class whose search passed --max-states.
const UNDECIDED: &str = "undecided";

/// `merge`: adds up the shares and prints what the whole count prints.
pub fn merge(files: &[PathBuf], format: Format) -> Result<u8, Error> {
    let parts = files
        .iter()
        .map(|f| read_part(f))
        .collect::<Result<Vec<_>, _>>()?;
    check_parts_belong_together(&parts)?;
    let too_large = |what: &str| {
        Error::input(
            &files[0],
            what,
            format!(
                "shares of one count: the {} files' {what} add up past the largest count",
                files.len()
            ),
        )
    };
    let complete = parts.iter().all(|p| p.complete);
    let sum = add_up(parts.iter().map(|p| &p.shares), complete).map_err(|e| match e {
        NotOneCount::Overflow => too_large("solutions"),
        NotOneCount::Symmetries(expected) => Error::input(
            &files[0],
            "fixed_by_symmetries",
            format!("shares of one count: {expected}"),
        ),
    })?;
    let elapsed = Duration::try_from_secs_f64(parts.iter().map(|p| p.seconds).sum())
        .map_err(|_| too_large("seconds"))?;
    let first = &parts[0];
    let disassembled = first
        .taken_apart
        .as_ref()
        .map(|(_, recorded)| (taken_apart(&parts, &sum), *recorded));
    let report = CountReport {
        header: first.header.clone(),
        solutions: sum.solutions,
        unique: sum.unique,
        complete,
        interrupted: parts.iter().any(|p| p.interrupted),
        recorded: first.recorded,
        tally: first.tally_name.clone().map(|name| (name, sum.tally)),
        disassembled,
        elapsed,
        time_note: Some("the parts' times added up"),
    };
    print_count(&report, format);
    Ok(report.exit_code())
}

/// What taking the assemblies apart found over all shares: each class met
/// (in some share) counted once, stuck unless a share says otherwise.
fn taken_apart(parts: &[PartFile], sum: &Sum) -> Disassembled {
    let mut found = Disassembled {
        solutions: sum.solutions,
        assemblies: sum.unique.unwrap_or(0),
        complete: parts.iter().all(|p| p.complete),
        ..Disassembled::default()
    };
    let classes: BTreeSet<&String> = parts
        .iter()
        .filter_map(|p| p.shares.classes.as_ref())
        .flatten()
        .collect();
    for key in classes {
        let taken = parts
            .iter()
            .find_map(|p| p.taken_apart.as_ref()?.0.get(key))
            .unwrap_or(&Taken::Stuck);
        found.record(taken);
    }
    found
}

/// Every share has the same fingerprint and number of parts, and each part from
/// 1 to that number is given exactly once.
fn check_parts_belong_together(parts: &[PartFile]) -> Result<(), Error> {
    let first = &parts[0];
    for p in &parts[1..] {
        if p.fingerprint != first.fingerprint {
            return Err(Error::input(
                &p.file,
                "fingerprint",
                format!(
                    "a part of the same count as {} (fingerprint {}), but this is a part of another model or other options (fingerprint {})",
                    first.file.display(),
                    first.fingerprint,
                    p.fingerprint
                ),
            ));
        }
        if p.parts != first.parts {
            return Err(Error::input(
                &p.file,
                "parts",
                format!(
                    "{} parts, as {} says, got {}",
                    first.parts,
                    first.file.display(),
                    p.parts
                ),
            ));
        }
    }
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    for p in parts {
        if let Some(other) = seen.insert(p.part, &p.file) {
            return Err(Error::input(
                &p.file,
                "part",
                format!(
                    "each part once, but part {} of {} is also {}",
                    p.part,
                    first.parts,
                    other.display()
                ),
            ));
        }
    }
    let missing: Vec<String> = (1..=first.parts)
        .filter(|i| !seen.contains_key(i))
        .take(20)
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        let more = first.parts - seen.len() - missing.len();
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        return Err(Error::input(
            &first.file,
            "parts",
            format!(
                "all {} parts of the count, but part{} {}{tail} {} missing",
                first.parts,
                if missing.len() + more > 1 { "s" } else { "" },
                missing.join(", "),
                if missing.len() + more > 1 {
                    "are"
                } else {
                    "is"
                },
            ),
        ));
    }
    Ok(())
}

fn read_part(file: &Path) -> Result<PartFile, Error> {
    let text = std::fs::read_to_string(file).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: e.to_string(),
    })?;
    let bad = |field: &str, expected: &str| Error::input(file, field, expected);
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        bad(
            "(file)",
            &format!(
                "the JSON `count --part I/N --format json` prints, but it does not parse: {e}"
            ),
        )
    })?;
    let object = value
        .as_object()
        .ok_or_else(|| bad("(file)", "one JSON object, as `count --part` prints"))?;
    let get = |key: &str| object.get(key);
    let number = |key: &str| {
        get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| bad(key, "a whole number from 0"))
    };
    let text_of = |key: &str| {
        get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| bad(key, "a string"))
    };
    let flag = |key: &str| match get(key) {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| bad(key, "true or false")),
    };
    let parts = number("parts")? as usize;
    let part = number("part")? as usize;
    if parts == 0 || part == 0 || part > parts {
        return Err(bad(
            "part",
            &format!("a part from 1 to parts ({parts}), got {part}"),
        ));
    }
    let tally_of = |key: &str| -> Result<BTreeMap<u64, u64>, Error> {
        let Some(map) = get(key) else {
            return Ok(BTreeMap::new());
        };
        let expected = "an object of tally values to numbers of solutions";
        map.as_object()
            .ok_or_else(|| bad(key, expected))?
            .iter()
            .map(|(k, v)| match (k.parse::<u64>(), v.as_u64()) {
                (Ok(k), Some(v)) => Ok((k, v)),
                _ => Err(bad(key, expected)),
            })
            .collect()
    };
    let shared_expected = "a list of {\"key\": ..., \"solutions\": ..., \"tally\": ...}";
    let mut shared = BTreeMap::new();
    for orbit in get("shared_orbits")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("shared_orbits", shared_expected))?
    {
        let key = orbit.get("key").and_then(Value::as_str);
        let solutions = orbit.get("solutions").and_then(Value::as_u64);
        let tally = match orbit.get("tally") {
            None | Some(Value::Null) => Some(None),
            Some(v) => v.as_u64().map(Some),
        };
        match (key, solutions, tally) {
            (Some(key), Some(solutions), Some(tally)) => {
                shared.insert(key.to_string(), SharedOrbit { solutions, tally });
            }
            _ => return Err(bad("shared_orbits", shared_expected)),
        }
    }
    let classes = match get("classes") {
        None => None,
        Some(list) => Some(
            list.as_array()
                .and_then(|l| {
                    l.iter()
                        .map(|c| c.as_str().map(str::to_string))
                        .collect::<Option<BTreeSet<String>>>()
                })
                .ok_or_else(|| bad("classes", "a list of strings"))?,
        ),
    };
    let fixed = match get("fixed_by_symmetries") {
        None => None,
        Some(terms) => {
            let expected =
                "{\"symmetries\": ..., \"fixing_all\": ..., \"fixed\": ...}, whole numbers";
            let field = |key: &str| terms.get(key).and_then(Value::as_u64);
            match (field("symmetries"), field("fixing_all"), field("fixed")) {
                (Some(symmetries), Some(fixing_all), Some(fixed)) => Some(FixedShare {
                    symmetries,
                    fixing_all,
                    fixed,
                }),
                _ => return Err(bad("fixed_by_symmetries", expected)),
            }
        }
    };
    let recorded = match get("recorded_assemblies") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => {
            Some(Some(v.as_u64().ok_or_else(|| {
                bad("recorded_assemblies", "a whole number or null")
            })?))
        }
    };
    let taken_apart = match get("taken_apart") {
        None => None,
        Some(map) => {
            let expected = "an object of class keys to levels (or \"undecided\")";
            let taken = map
                .as_object()
                .ok_or_else(|| bad("taken_apart", expected))?
                .iter()
                .map(|(key, v)| match v.as_str() {
                    Some(UNDECIDED) => Ok((key.clone(), Taken::Undecided)),
                    Some(level) if is_level(level) => {
                        Ok((key.clone(), Taken::Apart(level.to_string())))
                    }
                    _ => Err(bad("taken_apart", expected)),
                })
                .collect::<Result<BTreeMap<_, _>, _>>()?;
            let recorded = match get("recorded_solutions") {
                None => None,
                Some(v) => Some(
                    v.as_u64()
                        .ok_or_else(|| bad("recorded_solutions", "a whole number"))?,
                ),
            };
            Some((taken, recorded))
        }
    };
    let seconds = get("seconds")
        .and_then(Value::as_f64)
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| bad("seconds", "a number of seconds from 0"))?;
    Ok(PartFile {
        file: file.to_path_buf(),
        part,
        parts,
        fingerprint: text_of("fingerprint")?,
        complete: flag("complete")?,
        interrupted: flag("interrupted")?,
        seconds,
        header: text_of("header")?,
        recorded,
        tally_name: match get("tally_name") {
            None => None,
            Some(_) => Some(text_of("tally_name")?),
        },
        shares: Shares {
            met_once: number("met_once")?,
            met_once_tally: tally_of("met_once_tally")?,
            shared,
            classes,
            fixed,
        },
        taken_apart,
    })
}

/// Whether `text` is a level: whole numbers joined by dots.
fn is_level(text: &str) -> bool {
    text.split('.')
        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
