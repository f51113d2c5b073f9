//! Reading a model: TOML text dispatched to the family its `family` field
//! names, or a problem of a BurrTools file read as a packing. Every model a
//! puzzle is made of comes in here.

use super::{PuzzleKind, family, family_names, parse_family};
use crate::error::Error;
use crate::model::Fields;
use crate::model::burrtools::{self, Recorded};
use std::path::{Path, PathBuf};

/// A model read: its puzzle, and what the file says beside it.
#[derive(Clone, Debug)]
pub struct PuzzleModel {
    pub file: PathBuf,
    pub name: Option<String>,
    pub source: Option<String>,
    pub puzzle: PuzzleKind,
    /// What the file records of the puzzle's counts (BurrTools files do).
    pub recorded: Option<Recorded>,
}

/// Reads and parses a model file, for the crate's tests.
#[cfg(test)]
pub fn load(file: &Path) -> Result<PuzzleModel, Error> {
    let bytes = crate::files::read_regular(file, "the model", crate::files::MAX_MODEL_BYTES)?;
    load_bytes(file, &bytes, None)
}

/// Reads a model file's bytes: TOML, or a BurrTools file (by its name or
/// content), of which `problem` (a number from 1 or a name) picks the
/// problem.
pub fn load_bytes(file: &Path, bytes: &[u8], problem: Option<&str>) -> Result<PuzzleModel, Error> {
    if burrtools::is_burrtools(file, bytes) {
        return load_burrtools(file, bytes, problem);
    }
    if problem.is_some() {
        return Err(Error::Problem {
            file: file.to_path_buf(),
            expected: "a BurrTools file to choose a problem from (a TOML model holds one puzzle)"
                .into(),
        });
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::input(file, "(TOML syntax)", "a model file in UTF-8 text"))?;
    parse(text, file)
}

/// A problem of a BurrTools file, as a packing.
fn load_burrtools(file: &Path, bytes: &[u8], problem: Option<&str>) -> Result<PuzzleModel, Error> {
    let chosen = burrtools::read(file, bytes, problem)?;
    let packing = crate::puzzles::packing::burrtools::packing(&chosen.doc, chosen.problem())
        .map_err(|(field, expected)| Error::input(file, field, expected))?;
    Ok(PuzzleModel {
        file: file.to_path_buf(),
        name: Some(chosen.title),
        source: Some(chosen.source),
        puzzle: PuzzleKind::Packing(packing),
        recorded: Some(chosen.recorded),
    })
}

/// Parses the text of a model file; `file` is only used in error messages.
pub fn parse(text: &str, file: &Path) -> Result<PuzzleModel, Error> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let field = e
            .span()
            .map(|span| format!("(TOML syntax, {})", line_of(text, span.start)))
            .unwrap_or_else(|| "(TOML syntax)".to_string());
        Error::input(file, field, format!("valid TOML: {}", e.message()))
    })?;
    let fields = Fields::new(file, &table);
    let name = fields.required_str("family", "the puzzle family")?;
    let title = fields.optional_str("name")?;
    if title.is_some_and(|n| n.trim().is_empty()) {
        return Err(fields.error("name", "a title with at least one visible character, or no `name` at all (the file name is shown then)"));
    }
    let source = fields.optional_str("source")?;
    let common = ["family", "name", "source"];
    let Some(info) = family(name) else {
        return Err(fields.error("family", format!("one of {}, got {name:?}", family_names())));
    };
    fields.reject_unknown_of(&[&common[..], info.fields].concat(), "for this family")?;
    let puzzle = parse_family(name, &fields).expect("the registry knows the family")?;
    fields.reject_unknown()?;
    Ok(PuzzleModel {
        file: file.to_path_buf(),
        name: title.map(str::to_string),
        source: source.map(str::to_string),
        puzzle,
        recorded: None,
    })
}

fn line_of(text: &str, offset: usize) -> String {
    let line = text[..offset.min(text.len())].matches('\n').count() + 1;
    format!("line {line}")
}
