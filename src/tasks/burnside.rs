//! Counting classes up to symmetry by Burnside's lemma: the number of orbits
//! of a group acting on the solutions is the mean, over the group, of the
//! number of solutions each symmetry fixes. For a family whose classes are
//! the orbits of a group acting on the covers of its exact-cover form (see
//! [`Puzzle::symmetric_covers`]), that takes one count of every cover, which
//! builds no solution, and a small count per other symmetry; the folding way
//! decodes, checks and names every solution on the one thread that receives
//! them, which bounded designs with hundreds of thousands of classes.

use super::{Count, SearchOptions, count_covers};
use crate::error::Error;
use crate::puzzles::{Puzzle, SymmetricCovers};
use crate::solve::Progress;
use crate::solve::exact_cover::count_weighted;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The solutions and the classes among them, from the covers and the covers
/// each symmetry fixes. When the count is stopped before its end, the classes
/// given are the least number the solutions counted so far could fall into
/// (each class holds at most one solution per symmetry).
pub(super) fn count_by_symmetries<P: Puzzle>(
    puzzle: &P,
    symmetric: &SymmetricCovers<'_>,
    search: SearchOptions,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Count, Error> {
    let unbroken = SearchOptions {
        symmetry_breaking: false,
        ..search
    };
    let mut count = count_covers(puzzle, unbroken, on_progress)?;
    let order = symmetric
        .classes
        .iter()
        .map(|(n, _)| *n)
        .sum::<usize>()
        .max(1) as u128;
    let never = AtomicBool::new(false);
    let stop = search.interrupt.unwrap_or(&never);
    let fixed = if count.complete {
        fixed_covers(symmetric, u128::from(count.solutions), search.threads, stop)
    } else {
        None
    };
    let unique = match fixed {
        Some(fixed) if fixed % order != 0 => {
            return Err(Error::Internal(format!(
                "the covers the {order} symmetries fix add up to {fixed}, not a multiple of {order}"
            )));
        }
        Some(fixed) => (fixed / order) as u64,
        None => {
            count.complete = false;
            count.solutions.div_ceil(order as u64)
        }
    };
    count.unique = Some(unique);
    Ok(count)
}

/// The covers each symmetry fixes, added up (`all` for those fixing every
/// cover), each symmetry's matrix built and counted on one of `threads`
/// threads; `None` if `stop` was set first.
fn fixed_covers(
    symmetric: &SymmetricCovers<'_>,
    all: u128,
    threads: usize,
    stop: &AtomicBool,
) -> Option<u128> {
    let next = AtomicUsize::new(0);
    let sum = Mutex::new(Some(0u128));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, symmetric.classes.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((members, build)) = symmetric.classes.get(k) else {
                        return;
                    };
                    let fixed = match build() {
                        None => Some(all),
                        Some(matrix) => count_weighted(&matrix, stop).map(u128::from),
                    }
                    .map(|n| n * *members as u128);
                    let mut sum = sum.lock().expect("no thread panics holding the sum");
                    *sum = sum.zip(fixed).map(|(a, b)| a + b);
                    if sum.is_none() {
                        return;
                    }
                }
            });
        }
    });
    sum.into_inner().expect("no thread panics holding the sum")
}
