//! What the integration tests share: running the binary, the bundled models
//! and fixtures by name, and the reference implementations the crate's own
//! tests use too.

pub mod cli;
#[path = "../../../src/testing/reference/mod.rs"]
pub mod reference;
#[path = "../../../src/testing/svg.rs"]
pub mod svg;

use std::path::{Path, PathBuf};

/// A bundled model: `models/FAMILY/NAME`.
pub fn bundled(family: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(family)
        .join(name)
}
