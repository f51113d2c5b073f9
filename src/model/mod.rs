//! The file formats models come in, read into plain data the families take:
//! the fields of a TOML model (each error naming the field), sets of cells
//! written as lists or layers, and BurrTools files. Which family a model is
//! of is the registry's to say.

pub mod burrtools;
mod fields;
pub mod shapes;

pub use fields::Fields;

/// Items quoted and joined for a message: `"a", "b"`.
pub(crate) fn quoted_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
