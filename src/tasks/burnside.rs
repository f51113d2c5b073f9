//! Counting classes up to symmetry by Burnside's lemma: the number of orbits
//! of a group acting on the solutions is the mean, over the group, of the
//! number of solutions each symmetry fixes. For a family whose classes are
//! the orbits of a group acting on the covers of its exact-cover form (see
//! [`Puzzle::symmetric_covers`]), that takes one count of every cover, which
//! builds no solution, and a small count per other symmetry; the folding way
//! decodes, checks and names every solution on the one thread that receives
//! them, which bounded designs with hundreds of thousands of classes.

use super::count::{Count, count_covers};
use super::search::SearchOptions;
use crate::error::Error;
use crate::family::{Puzzle, SymmetricCovers};
use crate::solve::Progress;
use crate::solve::exact_cover::count_weighted;
use crate::split::{FixedShare, NotOneCount, classes_by_symmetries};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The solutions and the classes among them, from the covers and the covers
/// each symmetry fixes. When the count is stopped before its end, the classes
/// given are the least number the solutions counted so far could fall into
/// (each class holds at most one solution per symmetry). A share of a split
/// count ([`SearchOptions::part`]) counts its share of the covers and the
/// covers fixed by its share of the classes of conjugate symmetries (dealt out
/// like the pieces of the search), and names no class: the classes are known
/// once the shares are added up.
pub(super) fn count_by_symmetries<P: Puzzle>(
    puzzle: &P,
    symmetric: &SymmetricCovers<'_>,
    search: &SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let unbroken = SearchOptions {
        symmetry_breaking: false,
        ..search.clone()
    };
    let mut count = count_covers(puzzle, &unbroken, on_progress)?;
    let order = symmetric
        .classes
        .iter()
        .map(|(n, _)| *n as u64)
        .sum::<u64>()
        .max(1);
    let stop = search.cancel.flag();
    let taken: Vec<usize> = (0..symmetric.classes.len())
        .filter(|&k| search.part.is_none_or(|part| part.holds(k)))
        .collect();
    let terms = if count.complete {
        fixed_terms(symmetric, &taken, search.threads, stop)
    } else {
        None
    };
    if terms.is_none() {
        count.complete = false;
    }
    let (fixing_all, fixed) = terms.unwrap_or_default();
    let past = |_| Error::Internal(format!("the covers fixed add up past {}", u64::MAX));
    let terms = FixedShare {
        symmetries: order,
        fixing_all: u64::try_from(fixing_all).map_err(past)?,
        fixed: u64::try_from(fixed).map_err(past)?,
    };
    if let Some(shares) = count.shares.as_mut() {
        shares.fixed = Some(terms);
        return Ok(count);
    }
    // The whole count is its one share.
    let unique =
        classes_by_symmetries(&[terms], count.solutions, count.complete).map_err(|e| match e {
            NotOneCount::Symmetries(wrong) => Error::Internal(format!("the covers fixed: {wrong}")),
            NotOneCount::Overflow => Error::Internal("the classes pass the largest count".into()),
        })?;
    count.unique = Some(unique);
    Ok(count)
}

/// Over the classes of conjugate symmetries `taken` (their places in the
/// list): how many symmetries fix every cover, and the covers the others fix,
/// added up. Each symmetry's matrix is built and counted on one of `threads`
/// threads; `None` if `stop` was set first.
fn fixed_terms(
    symmetric: &SymmetricCovers<'_>,
    taken: &[usize],
    threads: usize,
    stop: &AtomicBool,
) -> Option<(u128, u128)> {
    let next = AtomicUsize::new(0);
    let sum = Mutex::new(Some((0u128, 0u128)));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, taken.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let Some(&k) = taken.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let (members, build) = &symmetric.classes[k];
                    let members = *members as u128;
                    let term = match build() {
                        None => Some((members, 0)),
                        Some(matrix) => {
                            count_weighted(&matrix, stop).map(|n| (0, members * u128::from(n)))
                        }
                    };
                    let mut sum = sum.lock().expect("no thread panics holding the sum");
                    *sum = sum.zip(term).map(|(a, b)| (a.0 + b.0, a.1 + b.1));
                    if sum.is_none() {
                        return;
                    }
                }
            });
        }
    });
    sum.into_inner().expect("no thread panics holding the sum")
}
