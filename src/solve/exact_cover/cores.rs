//! The choice between the search cores, and the core built for one search.

use super::bits::Bits;
use super::board::{Board, Order, words_needed};
use super::matrix::{Matrix, MatrixError};

/// Which core searches a matrix. All find the same solutions; they differ in the
/// tree they walk and what a node costs (BENCHMARKS.md compares them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CoreChoice {
    /// The bitboard core, branching on the item with the fewest options, when
    /// the matrix fits it; else the general one.
    #[default]
    Auto,
    /// Option bitsets with per-item counters, branching on the item with the
    /// fewest options: any matrix.
    General,
    /// The bitboard core branching on the first required item not yet
    /// covered (no counting, a larger tree); the general core when the matrix
    /// does not fit.
    FirstEmpty,
}

/// A core built for one matrix.
pub(super) enum Cores {
    General(Bits),
    Board1(Board<1>),
    Board2(Board<2>),
    Board3(Board<3>),
    Board4(Board<4>),
    Board6(Board<6>),
    Board8(Board<8>),
}

/// Runs `$body` with `$core` bound to the core inside `$cores`, whatever its type.
macro_rules! on_core {
    ($cores:expr, $core:ident => $body:expr) => {
        match $cores {
            Cores::General($core) => $body,
            Cores::Board1($core) => $body,
            Cores::Board2($core) => $body,
            Cores::Board3($core) => $body,
            Cores::Board4($core) => $body,
            Cores::Board6($core) => $body,
            Cores::Board8($core) => $body,
        }
    };
}
pub(super) use on_core;

impl Cores {
    /// The core `choice` asks for, on the options of `matrix` that clash with
    /// no option every solution holds and that `reduce` (when set) does not
    /// take out of play; the bitboard leaves out the items those options
    /// settle (see `Bits::settle_forced`).
    pub(super) fn new(
        matrix: &Matrix,
        choice: CoreChoice,
        reduce: bool,
    ) -> Result<Cores, MatrixError> {
        let mut bits = Bits::new(matrix)?;
        let settled = bits.settle_forced();
        if reduce {
            bits.reduce();
        }
        let (words, order) = match choice {
            CoreChoice::General => (None, Order::Fewest),
            CoreChoice::Auto => (words_needed(matrix, &settled), Order::Fewest),
            CoreChoice::FirstEmpty => (words_needed(matrix, &settled), Order::FirstEmpty),
        };
        let keep = |o| bits.is_live(o);
        let board = match words {
            None => None,
            Some(1) => Board::new(matrix, &keep, &settled, order).map(Cores::Board1),
            Some(2) => Board::new(matrix, &keep, &settled, order).map(Cores::Board2),
            Some(3) => Board::new(matrix, &keep, &settled, order).map(Cores::Board3),
            Some(4) => Board::new(matrix, &keep, &settled, order).map(Cores::Board4),
            Some(5 | 6) => Board::new(matrix, &keep, &settled, order).map(Cores::Board6),
            Some(_) => Board::new(matrix, &keep, &settled, order).map(Cores::Board8),
        };
        Ok(board.unwrap_or(Cores::General(bits)))
    }
}
