//! Model files: TOML, one puzzle each, or a problem of a BurrTools file. Parsing
//! turns them into a typed puzzle or into one error naming the file, the field and
//! what was expected.

pub(crate) mod board_snakes;
pub mod burrtools;
mod fields;
pub(crate) mod packing;
mod shapes;
pub(crate) mod snake_cube;
pub(crate) mod sudoku_snake;

pub use crate::registry::PuzzleKind;
pub use fields::Fields;

use crate::error::Error;
use crate::registry::{self, parse_family};
use std::path::{Path, PathBuf};

/// A parsed model file.
#[derive(Clone, Debug)]
pub struct PuzzleModel {
    pub file: PathBuf,
    pub family: String,
    pub name: Option<String>,
    pub source: Option<String>,
    pub puzzle: PuzzleKind,
    /// What the file records of the puzzle's counts (BurrTools files do).
    pub recorded: Option<burrtools::Recorded>,
}

impl PuzzleModel {
    /// The name to show: the model's own, or the file name.
    pub fn title(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            self.file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
    }
}

/// Reads and parses a model file.
pub fn load(file: &Path) -> Result<PuzzleModel, Error> {
    load_problem(file, None)
}

/// Reads a model file: TOML, or a BurrTools file (by its name or content), of
/// which `problem` (a number from 1 or a name) picks the problem.
pub fn load_problem(file: &Path, problem: Option<&str>) -> Result<PuzzleModel, Error> {
    let bytes = std::fs::read(file).map_err(|e| Error::Io {
        file: file.to_path_buf(),
        message: format!("cannot read the model: {e}"),
    })?;
    if burrtools::is_burrtools(file, &bytes) {
        return burrtools::load(file, &bytes, problem);
    }
    if problem.is_some() {
        return Err(Error::Problem {
            file: file.to_path_buf(),
            expected: "a BurrTools file to choose a problem from (a TOML model holds one puzzle)"
                .into(),
        });
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::input(file, "(TOML syntax)", "a model file in UTF-8 text"))?;
    parse(&text, file)
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
    let family = fields.required_str("family", "the puzzle family")?;
    let name = fields.optional_str("name")?;
    if name.is_some_and(|n| n.trim().is_empty()) {
        return Err(fields.error("name", "a title with at least one visible character, or no `name` at all (the file name is shown then)"));
    }
    let source = fields.optional_str("source")?;
    let common = ["family", "name", "source"];
    let Some(info) = registry::family(family) else {
        return Err(fields.error(
            "family",
            format!("one of {}, got {family:?}", registry::family_names()),
        ));
    };
    fields.reject_unknown_of(&[&common[..], info.fields].concat(), "for this family")?;
    let puzzle = parse_family(family, &fields).expect("the registry knows the family")?;
    fields.reject_unknown()?;
    Ok(PuzzleModel {
        file: file.to_path_buf(),
        family: family.to_string(),
        name: name.map(str::to_string),
        source: source.map(str::to_string),
        puzzle,
        recorded: None,
    })
}

fn line_of(text: &str, offset: usize) -> String {
    let line = text[..offset.min(text.len())].matches('\n').count() + 1;
    format!("line {line}")
}

pub(crate) fn quoted_list(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}
