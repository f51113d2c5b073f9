//! [`merge`]: checks that shares are the shares of one count and adds them
//! up to what the whole count gives.

use super::counting::{Counted, Separable, Tally};
use super::puzzle::Recorded;
use super::shares::Share;
use crate::error::Error;
use crate::split::{NotOneCount, Shares, Sum, add_up};
use crate::tasks::{Disassembled, Taken};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A share read from a file, for [`merge`]'s errors to name.
#[derive(Clone, Debug)]
pub struct ShareFile {
    /// The file read.
    pub file: PathBuf,
    /// The share it holds.
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
        family: share.family.clone(),
        name: share.name.clone(),
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
