//! The flags several commands share, and the values flags take.

pub mod groups;
pub mod values;
