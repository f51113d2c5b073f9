//! Split counts: what one share of a count writes (a [`Share`], the JSON
//! `count --part I/N --format json` prints), and [`merge`], which checks that
//! shares are the shares of one count and adds them up to what the whole
//! count gives.

use super::counting::{Counted, Separable, Tally};
use super::puzzle::{Puzzle, Recorded};
use crate::error::Error;
use crate::split::{FixedShare, NotOneCount, Part, SharedOrbit, Shares, Sum, add_up};
use crate::tasks::{Disassembled, SearchOptions, Taken};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What one share of a split count found, in the form the shares add up in.
/// Its JSON is the contract between `count --part` and `merge`, which may run
/// on different machines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// This share's number, from 1.
    pub part: usize,
    /// The number of shares.
    pub parts: usize,
    /// Names the count: the version, the model's bytes and problem, and the
    /// options that change the shares.
    pub fingerprint: String,
    /// The solutions this share found.
    pub solutions: u64,
    pub complete: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub interrupted: bool,
    /// Solutions of orbits that no other share can meet.
    pub met_once: u64,
    /// Orbits that another share may meet too, named.
    pub shared_orbits: Vec<NamedOrbit>,
    /// With classes counted: the canonical form of each class met, as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<BTreeSet<String>>,
    /// With classes counted by Burnside's lemma: this share's terms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_by_symmetries: Option<FixedTerms>,
    /// The family's statistic, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally_name: Option<String>,
    /// The solutions met once, per value of the statistic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub met_once_tally: Option<BTreeMap<u64, u64>>,
    /// With assemblies taken apart: the level of each class met that comes
    /// apart, or `"undecided"`; the classes not listed stay stuck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken_apart: Option<BTreeMap<String, String>>,
    /// With assemblies taken apart: the solutions the BurrTools file records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recorded_solutions: Option<u64>,
    /// The model's name, summary and source.
    pub header: String,
    /// For a count in BurrTools' sense: the assemblies the file records
    /// (`null` when it records none).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    pub recorded_assemblies: Option<Option<u64>>,
    pub seconds: f64,
}

/// An orbit that more than one share may meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedOrbit {
    /// The orbit's name: the same text in every share that meets it.
    pub key: String,
    pub solutions: u64,
    /// The statistic's value its solutions share, if the family has one.
    pub tally: Option<u64>,
}

/// A share's terms of Burnside's sum (see [`crate::split`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedTerms {
    pub symmetries: u64,
    pub fixing_all: u64,
    pub fixed: u64,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// A key that is present: `null` is `Some(None)`, where an absent key is
/// `None`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u64>>, D::Error> {
    Option::<u64>::deserialize(d).map(Some)
}

/// What a share writes for a class whose search passed the most states.
const UNDECIDED: &str = "undecided";

impl Share {
    /// The share of `counted`, a count of `puzzle` split into shares.
    pub(crate) fn of(
        puzzle: &Puzzle,
        counted: &Counted,
        part: Part,
        shares: &Shares,
        taken: Option<&BTreeMap<String, Taken>>,
        fingerprint: String,
    ) -> Share {
        Share {
            part: part.index + 1,
            parts: part.count,
            fingerprint,
            solutions: counted.solutions,
            complete: counted.complete,
            interrupted: counted.interrupted,
            met_once: shares.met_once,
            shared_orbits: shares
                .shared
                .iter()
                .map(|(key, orbit)| NamedOrbit {
                    key: key.clone(),
                    solutions: orbit.solutions,
                    tally: orbit.tally,
                })
                .collect(),
            classes: shares.classes.clone(),
            fixed_by_symmetries: shares.fixed.map(|f| FixedTerms {
                symmetries: f.symmetries,
                fixing_all: f.fixing_all,
                fixed: f.fixed,
            }),
            tally_name: counted.tally.as_ref().map(|t| t.name.clone()),
            met_once_tally: counted
                .tally
                .as_ref()
                .map(|_| shares.met_once_tally.clone()),
            taken_apart: taken.map(|taken| {
                // The classes that stay stuck are those of `classes` not listed.
                taken
                    .iter()
                    .filter_map(|(key, t)| match t {
                        Taken::Apart(level) => Some((key.clone(), level.clone())),
                        Taken::Undecided => Some((key.clone(), UNDECIDED.to_string())),
                        Taken::Stuck => None,
                    })
                    .collect()
            }),
            recorded_solutions: taken
                .and(counted.recorded)
                .and_then(|r| r.solutions),
            header: puzzle.header(),
            recorded_assemblies: counted.recorded.map(|r| r.assemblies),
            seconds: counted.seconds,
        }
    }

    /// The share as `count --part I/N --format json` prints it.
    pub fn to_json(&self) -> Value {
        // Through a value, so that the keys come out in the one order every
        // JSON answer of the library has.
        serde_json::to_value(self).expect("a share is plain data")
    }

    /// Reads a share's JSON; `file` is named in errors.
    pub fn from_json(text: &str, file: &Path) -> Result<Share, Error> {
        let what = "the JSON of one share of a split count";
        let mut reader = serde_json::Deserializer::from_str(text);
        let share: Share = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            let field = match e.path().to_string().as_str() {
                "." => "(file)".to_string(),
                path => path.to_string(),
            };
            Error::input(file, field, format!("{what}: {}", e.inner()))
        })?;
        reader
            .end()
            .map_err(|e| Error::input(file, "(file)", format!("{what}: {e}")))?;
        share.validate(file)?;
        Ok(share)
    }

    /// Reads a share's file.
    pub fn read(file: impl AsRef<Path>) -> Result<Share, Error> {
        let file = file.as_ref();
        let text = std::fs::read_to_string(file).map_err(|e| Error::Io {
            file: file.to_path_buf(),
            message: e.to_string(),
        })?;
        Share::from_json(&text, file)
    }

    /// What the types alone do not say: the part within the parts, the
    /// seconds a time, each class's outcome a level.
    fn validate(&self, file: &Path) -> Result<(), Error> {
        let bad = |field: &str, expected: String| Error::input(file, field, expected);
        if self.parts == 0 || self.part == 0 || self.part > self.parts {
            return Err(bad(
                "part",
                format!("a part from 1 to parts ({}), got {}", self.parts, self.part),
            ));
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(bad("seconds", "a number of seconds from 0".into()));
        }
        for level in self.taken_apart.iter().flat_map(|t| t.values()) {
            if level != UNDECIDED && !is_level(level) {
                return Err(bad(
                    "taken_apart",
                    format!(
                        "an object of class keys to levels (or \"{UNDECIDED}\"), got {level:?}"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The share in the form [`add_up`] takes.
    fn shares(&self) -> Shares {
        Shares {
            met_once: self.met_once,
            met_once_tally: self.met_once_tally.clone().unwrap_or_default(),
            shared: self
                .shared_orbits
                .iter()
                .map(|o| {
                    let orbit = SharedOrbit {
                        solutions: o.solutions,
                        tally: o.tally,
                    };
                    (o.key.clone(), orbit)
                })
                .collect(),
            classes: self.classes.clone(),
            fixed: self.fixed_by_symmetries.map(|f| FixedShare {
                symmetries: f.symmetries,
                fixing_all: f.fixing_all,
                fixed: f.fixed,
            }),
        }
    }

    /// What came of each class taken apart that did not stay stuck.
    fn taken(&self) -> Option<BTreeMap<&str, Taken>> {
        self.taken_apart.as_ref().map(|t| {
            t.iter()
                .map(|(key, level)| {
                    let taken = if level == UNDECIDED {
                        Taken::Undecided
                    } else {
                        Taken::Apart(level.clone())
                    };
                    (key.as_str(), taken)
                })
                .collect()
        })
    }
}

/// Whether `text` is a level: whole numbers joined by dots.
fn is_level(text: &str) -> bool {
    text.split('.')
        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A share read from a file, for [`merge`]'s errors to name.
#[derive(Clone, Debug)]
pub struct ShareFile {
    pub file: PathBuf,
    pub share: Share,
}

impl ShareFile {
    /// Reads a share's file.
    pub fn read(file: impl AsRef<Path>) -> Result<ShareFile, Error> {
        Ok(ShareFile {
            file: file.as_ref().to_path_buf(),
            share: Share::read(file)?,
        })
    }
}

/// Adds up the shares of a split count (every share 1..N once, of the same
/// count) to what the whole count gives; the time is the shares' times added
/// up.
pub fn merge(files: &[ShareFile]) -> Result<Counted, Error> {
    let Some(first) = files.first() else {
        return Err(Error::Unsupported("merge: no shares to add up".into()));
    };
    check_shares_belong_together(files)?;
    let too_large = |what: &str| {
        Error::input(
            &first.file,
            what,
            format!(
                "shares of one count: the {} files' {what} add up past the largest count",
                files.len()
            ),
        )
    };
    let complete = files.iter().all(|f| f.share.complete);
    let shares: Vec<Shares> = files.iter().map(|f| f.share.shares()).collect();
    let sum = add_up(&shares, complete).map_err(|e| match e {
        NotOneCount::Overflow => too_large("solutions"),
        NotOneCount::Symmetries(expected) => Error::input(
            &first.file,
            "fixed_by_symmetries",
            format!("shares of one count: {expected}"),
        ),
    })?;
    let seconds: f64 = files.iter().map(|f| f.share.seconds).sum();
    if std::time::Duration::try_from_secs_f64(seconds).is_err() {
        return Err(too_large("seconds"));
    }
    let share = &first.share;
    let separable = share
        .taken_apart
        .as_ref()
        .map(|_| Separable::of(&taken_apart(files, &sum)));
    let recorded = match (share.recorded_assemblies, &share.taken_apart) {
        (None, None) => None,
        (assemblies, _) => Some(Recorded {
            assemblies: assemblies.flatten(),
            solutions: share.recorded_solutions,
        }),
    };
    Ok(Counted {
        solutions: sum.solutions,
        unique: sum.unique,
        complete,
        interrupted: files.iter().any(|f| f.share.interrupted),
        recorded,
        tally: share.tally_name.clone().map(|name| Tally {
            name,
            counts: sum.tally,
        }),
        separable,
        seconds,
        share: None,
    })
}

/// What taking the assemblies apart found over all shares: each class met
/// (in some share) counted once, stuck unless a share says otherwise.
fn taken_apart(files: &[ShareFile], sum: &Sum) -> Disassembled {
    let mut found = Disassembled {
        solutions: sum.solutions,
        assemblies: sum.unique.unwrap_or(0),
        complete: files.iter().all(|f| f.share.complete),
        ..Disassembled::default()
    };
    let taken: Vec<BTreeMap<&str, Taken>> = files.iter().filter_map(|f| f.share.taken()).collect();
    let classes: BTreeSet<&String> = files
        .iter()
        .filter_map(|f| f.share.classes.as_ref())
        .flatten()
        .collect();
    for key in classes {
        let outcome = taken
            .iter()
            .find_map(|t| t.get(key.as_str()))
            .unwrap_or(&Taken::Stuck);
        found.record(outcome);
    }
    found
}

/// Every share has the same fingerprint and number of parts, and each part
/// from 1 to that number is given exactly once.
fn check_shares_belong_together(files: &[ShareFile]) -> Result<(), Error> {
    let first = &files[0];
    for f in &files[1..] {
        if f.share.fingerprint != first.share.fingerprint {
            return Err(Error::input(
                &f.file,
                "fingerprint",
                format!(
                    "a part of the same count as {} (fingerprint {}), but this is a part of another model or other options (fingerprint {})",
                    first.file.display(),
                    first.share.fingerprint,
                    f.share.fingerprint
                ),
            ));
        }
        if f.share.parts != first.share.parts {
            return Err(Error::input(
                &f.file,
                "parts",
                format!(
                    "{} parts, as {} says, got {}",
                    first.share.parts,
                    first.file.display(),
                    f.share.parts
                ),
            ));
        }
    }
    let parts = first.share.parts;
    let mut seen: BTreeMap<usize, &Path> = BTreeMap::new();
    for f in files {
        if let Some(other) = seen.insert(f.share.part, &f.file) {
            return Err(Error::input(
                &f.file,
                "part",
                format!(
                    "each part once, but part {} of {parts} is also {}",
                    f.share.part,
                    other.display()
                ),
            ));
        }
    }
    let missing: Vec<String> = (1..=parts)
        .filter(|i| !seen.contains_key(i))
        .take(20)
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        let more = parts - seen.len() - missing.len();
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        let several = missing.len() + more > 1;
        return Err(Error::input(
            &first.file,
            "parts",
            format!(
                "all {parts} parts of the count, but part{} {}{tail} {} missing",
                if several { "s" } else { "" },
                missing.join(", "),
                if several { "are" } else { "is" },
            ),
        ));
    }
    Ok(())
}

/// A name for the count a share belongs to: the library's version, the
/// model's bytes and the problem read from it, and the options that change
/// the shares or what they hold (engine and its core, symmetry breaking,
/// classes: each core cuts its search tree into other units). Threads are
/// left out: they change neither. `disassembly` is the most states one
/// search keeps when the assemblies are taken apart.
pub(crate) fn fingerprint(
    puzzle: &Puzzle,
    search: &SearchOptions,
    unique: bool,
    disassembly: Option<usize>,
) -> String {
    let mut options = format!(
        "{}|{}|{}|{:?}|{:?}|{}|{}",
        env!("CARGO_PKG_VERSION"),
        puzzle.name(),
        puzzle.source().unwrap_or(""),
        search.engine,
        search.core,
        search.symmetry_breaking,
        unique,
    );
    if let Some(max_states) = disassembly {
        options.push_str(&format!("|disassemble {max_states}"));
    }
    let hash = fnv1a(fnv1a(FNV_OFFSET, puzzle.model_bytes()), options.as_bytes());
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
