//! What the crate's tests share: reference implementations written from the
//! rules alone, the bundled models loaded as the families' own types, and
//! the solutions a search or a formula gives.

pub mod models;
pub mod reference;
pub mod search;
pub mod svg;
