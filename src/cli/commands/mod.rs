//! The commands, one module each: its arguments and what it does with them.

pub mod all;
pub mod catalogue;
pub mod check;
pub mod cnf;
pub mod count;
pub mod design;
pub mod design_packing;
pub mod disassemble;
pub mod merge;
pub mod proofs;
pub mod shell;
pub mod show;
pub mod solve;
pub mod stl;
pub mod verify;
