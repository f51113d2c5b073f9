//! Cells, directions, boxes and the symmetry group of a box.
//!
//! Everything here is plain integer geometry with no knowledge of SAT, so the
//! families and their independent checks can share it without sharing encodings.

mod board;
mod cell;
pub mod grid;
pub mod hamiltonian;
mod polycube;
mod symmetry;
pub mod turns;

pub use board::Board;
pub use cell::{BoxDims, Cell, Dir};
pub use polycube::least_corner;
pub use symmetry::{SignedPermutation, box_group, canonical_sequence};
