//! The integration tests: the command line run as a person runs it, and the
//! library's public API called as a program calls it. One binary, so the
//! library is built and linked into it once.

mod common;

mod api;
mod burrtools;
mod catalogue;
mod cli;
mod cli_engines;
mod cli_families;
mod cli_hardening;
mod design;
mod design_packing;
mod disassembly;
mod grids;
mod pictures;
mod printing;
mod proofs;
mod readme;
mod saved_solutions;
mod split;
