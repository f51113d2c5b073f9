//! The public API called as a program calls it.
