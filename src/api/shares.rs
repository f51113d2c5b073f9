//! What one share of a split count writes (a [`Share`], the JSON
//! `count --part I/N --format json` prints, read back with every field
//! checked), and the fingerprint that names the count it belongs to.

use super::puzzle::Puzzle;
use crate::error::Error;
use crate::files;
use crate::split::{FixedShare, SharedOrbit, Shares};
use crate::tasks::{SearchOptions, Taken};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What one share of a split count found, in the form the shares add up in.
/// Its JSON is the contract between `count --part` and `merge`, which may run
/// on different machines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// The puzzle's family (absent from shares of earlier versions).
    #[serde(default)]
    pub family: String,
    /// The puzzle's name (absent from shares of earlier versions).
    #[serde(default)]
    pub name: String,
    /// This share's number, from 1.
    pub part: usize,
    /// The number of shares.
    pub parts: usize,
    /// Names the count: the version, the model's bytes and problem, and the
    /// options that change the shares.
    pub fingerprint: String,
    /// The solutions this share found.
    pub solutions: u64,
    /// Whether the share's search ran to its end.
    pub complete: bool,
    /// Whether the share's search was cancelled.
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
    /// The share's time.
    pub seconds: f64,
}

/// An orbit that more than one share may meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedOrbit {
    /// The orbit's name: the same text in every share that meets it.
    pub key: String,
    /// Its solutions.
    pub solutions: u64,
    /// The statistic's value its solutions share, if the family has one.
    pub tally: Option<u64>,
}

/// A share's terms of Burnside's sum, when a count's classes are counted by
/// Burnside's lemma: the classes are the mean, over the group, of the
/// solutions each symmetry fixes, and the symmetries are dealt out among the
/// shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedTerms {
    /// The group's order: the same in every share.
    pub symmetries: u64,
    /// This share's symmetries that fix every solution (the identity among them).
    pub fixing_all: u64,
    /// The solutions this share's other symmetries fix, added up.
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
pub(super) const UNDECIDED: &str = "undecided";

impl Share {
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
        let text = files::read_text(file, "the share", files::MAX_PROOF_BYTES)?;
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
        self.agrees_with_itself(file)?;
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

    /// Whether the share's figures agree with each other as a share's always
    /// do: its solutions are those met once and those of its shared orbits,
    /// each orbit named once; its tally adds up to those met once; it met no
    /// more classes than solutions, and took apart only classes it met. A
    /// share edited by hand or cut short is refused rather than added up.
    fn agrees_with_itself(&self, file: &Path) -> Result<(), Error> {
        let bad = |field: &str, expected: String| Err(Error::input(file, field, expected));
        let shared = self
            .shared_orbits
            .iter()
            .try_fold(0u64, |sum, o| sum.checked_add(o.solutions));
        let found = shared.and_then(|s| s.checked_add(self.met_once));
        if found != Some(self.solutions) {
            return bad(
                "solutions",
                format!(
                    "met_once plus the solutions of shared_orbits ({}), got {}",
                    found.map_or("more than a count holds".into(), |f| f.to_string()),
                    self.solutions
                ),
            );
        }
        let mut keys = BTreeSet::new();
        if let Some(o) = self.shared_orbits.iter().find(|o| !keys.insert(&o.key)) {
            return bad(
                "shared_orbits",
                format!("each orbit named once, got {:?} twice", o.key),
            );
        }
        if let Some(tally) = &self.met_once_tally {
            let sum = tally.values().try_fold(0u64, |sum, &n| sum.checked_add(n));
            if sum != Some(self.met_once) {
                return bad(
                    "met_once_tally",
                    format!("counts adding up to met_once ({})", self.met_once),
                );
            }
        }
        if let Some(classes) = self
            .classes
            .as_ref()
            .filter(|c| c.len() as u64 > self.solutions)
        {
            return bad(
                "classes",
                format!(
                    "at most as many classes as solutions ({}), got {}",
                    self.solutions,
                    classes.len()
                ),
            );
        }
        if let Some(taken) = &self.taken_apart {
            let classes = self.classes.as_ref();
            if let Some(key) = taken
                .keys()
                .find(|k| !classes.is_some_and(|c| c.contains(*k)))
            {
                return bad(
                    "taken_apart",
                    format!("only classes listed in classes, got {key:?}"),
                );
            }
        }
        if let Some(f) = self
            .fixed_by_symmetries
            .filter(|f| f.fixing_all > f.symmetries)
        {
            return bad(
                "fixed_by_symmetries",
                format!(
                    "fixing_all at most symmetries ({}), got {}",
                    f.symmetries, f.fixing_all
                ),
            );
        }
        Ok(())
    }

    /// The share in the form [`add_up`] takes.
    pub(super) fn shares(&self) -> Shares {
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
    pub(super) fn taken(&self) -> Option<BTreeMap<&str, Taken>> {
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

/// A name for the count a share belongs to: the library's version and the
/// way it cuts a tree into units ([`CUT_SCHEME`]), the model's bytes and the
/// problem read from it, and the options that change the shares or what they
/// hold (engine and its core, symmetry breaking, classes: each core cuts its
/// search tree into other units). Threads are left out: they change neither.
/// `disassembly` is the most states one search keeps when the assemblies are
/// taken apart.
pub(crate) fn fingerprint(
    puzzle: &Puzzle,
    search: &SearchOptions,
    unique: bool,
    disassembly: Option<usize>,
) -> String {
    let mut options = format!(
        "{}|cut {CUT_SCHEME}|{}|{}|{:?}|{:?}|{}|{}",
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

/// Which way a search is cut into the units its shares divide, in the
/// fingerprint: a build that cuts a tree into other units deals them out
/// otherwise, and its shares must not be added to those of another. Raised
/// with each such change (2: a tree estimated small is cut into fewer units).
const CUT_SCHEME: u32 = 2;

/// FNV-1a, 64 bits: the same on every machine and build, which the standard
/// library's hasher does not promise.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
