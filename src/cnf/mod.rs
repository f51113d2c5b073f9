//! The formula builder and reusable clause encodings.
//!
//! Families write into a [`Formula`]; every variable carries a human-readable name so
//! that a DIMACS export can be read back by a person learning the encoding.

mod amo;
mod cardinality;
mod dimacs;
mod formula;
mod precedence;
#[cfg(test)]
mod tests;

pub use amo::{AmoEncoding, at_most_one, at_most_one_with, exactly_one, exactly_one_with};
pub use cardinality::Totalizer;
pub use dimacs::write_dimacs;
pub use formula::Formula;
pub use precedence::{value_precedes, value_precedes_chain};
pub use varisat::{Lit, Var};
