//! The questions a user asks of any puzzle — one solution, how many, every one,
//! an optimum, a proof, an assembly taken apart — answered generically over the
//! family traits with any engine: the SAT driver, the exact-cover search for
//! families that offer a matrix, the path search for those that are paths.
//! Every solution passes the family's independent check before it is handed
//! on; a failure is reported as an internal error, never returned as an answer.

mod burnside;
pub mod certificate;
mod check_file;
mod collector;
mod count;
pub mod design;
pub mod design_packing;
mod disassemble;
pub mod optimum;
pub mod picture;
#[cfg(test)]
mod picture_tests;
mod saved_solutions;
mod search;
pub mod solve;
#[cfg(test)]
mod split_tests;

pub use crate::solve::Progress;
pub use check_file::check_solution_file;
pub use collector::Found;
pub use count::{Count, CountOptions, count, count_observed};
pub use disassemble::{Disassembled, TAKEN_APART, Taken, disassemble_all, for_each_separable};
pub use saved_solutions::take_apart_saved;
#[cfg(test)]
pub use search::solve_one;
pub use search::{SearchOptions, solve_one_reporting};

use crate::error::Error;
use crate::family::Puzzle;
use crate::solve::exact_cover::Wanted;
use collector::collect;

/// Streams solutions: each one of the total count (expanded from its orbit when
/// symmetry breaking is on) and each new class up to symmetry. The callback returns
/// `false` to stop. Progress is reported after every solution and every part of the
/// search. Returns whether the enumeration ran to completion.
pub fn for_each_solution<P: Puzzle>(
    puzzle: &P,
    options: &SearchOptions,
    on_found: &mut dyn FnMut(Found<'_, P::Solution>) -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<bool, Error> {
    collect(puzzle, options, false, Wanted::Each, on_found, on_progress)
}
