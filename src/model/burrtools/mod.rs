//! BurrTools puzzle files (`.xmpuzzle`, gzip-compressed or plain XML): the
//! document read into plain data, the problem chosen by number or name, what
//! the file records of it, and its saved solutions placed. What a problem
//! means as a puzzle is the packing family's to say
//! (`puzzles/packing/burrtools.rs`). All five of BurrTools' grids are read.

mod document;
mod placement;
mod prism_turns;
mod solutions;
mod writer;

use crate::error::Error;
use crate::geometry::grid::Grid;
use std::path::Path;

pub use document::{Document, Problem, Saved, Shape};
pub use placement::{PlacedPiece, SavedAssembly};
pub use writer::{Kind, Solved, xmpuzzle};

/// What BurrTools recorded for a problem: its assemblies (placements of the pieces
/// that fill the result, counted up to the result's symmetries) and solutions
/// (assemblies that can also be taken apart).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    pub assemblies: Option<u64>,
    pub solutions: Option<u64>,
    /// The problem read, numbered from 1.
    pub problem: usize,
    /// How many solutions the file saves with the problem (read, and their
    /// pieces placed, by [`saved_assemblies`]).
    pub saved: usize,
}

/// Whether a file is to be read as a BurrTools file: by its name, or by its first
/// bytes (gzip, or XML rather than TOML).
pub fn is_burrtools(file: &Path, bytes: &[u8]) -> bool {
    let named = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xmpuzzle"));
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(64)]);
    named || bytes.starts_with(&[0x1f, 0x8b]) || text.trim_start().starts_with('<')
}

/// A problem of a BurrTools file, chosen: the document, which problem, and
/// what the file records of it.
pub struct Chosen {
    pub doc: Document,
    /// The problem's place in the file, from 0.
    pub index: usize,
    pub recorded: Recorded,
    /// The name to show: the file's name, and the problem's if it has one.
    pub title: String,
    /// Where the puzzle comes from: the file and the problem's number.
    pub source: String,
}

impl Chosen {
    pub fn problem(&self) -> &Problem {
        &self.doc.problems[self.index]
    }
}

/// The solutions a BurrTools file saves with problem `index` (from 0), read
/// and their pieces placed; `file` is named in errors.
pub fn saved_assemblies(
    file: &Path,
    bytes: &[u8],
    index: usize,
) -> Result<Vec<SavedAssembly>, Error> {
    let bad = |field: &str, expected: String| Error::input(file, field, expected);
    let doc = document::read(bytes, Saved::Read).map_err(|e| bad("(BurrTools file)", e))?;
    let problem = doc
        .problems
        .get(index)
        .ok_or_else(|| bad("(BurrTools file)", format!("a problem {}", index + 1)))?;
    placement::place(&doc.shapes, problem, doc.grid == Some(1)).map_err(|e| bad("solution", e))
}

/// Reads a BurrTools file's bytes and chooses problem `problem` (a number
/// from 1 or a name; the first when `None`). Its saved solutions are left
/// unread: [`saved_assemblies`] reads them for the commands that need them.
pub fn read(file: &Path, bytes: &[u8], problem: Option<&str>) -> Result<Chosen, Error> {
    let bad = |field: &str, expected: String| Error::input(file, field, expected);
    let doc = document::read(bytes, Saved::Skip).map_err(|e| bad("(BurrTools file)", e))?;
    if let Some(grid) = doc.grid.filter(|&g| Grid::of_burrtools_type(g).is_none()) {
        return Err(bad(
            "gridType",
            format!(
                "one of BurrTools' grid types 0 to 4 ({}), got {grid}",
                Grid::ALL.map(|g| g.describe()).join(", ")
            ),
        ));
    }
    let index = choose(&doc, problem).map_err(|expected| Error::Problem {
        file: file.to_path_buf(),
        expected,
    })?;
    let chosen = &doc.problems[index];
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = match &chosen.name {
        Some(name) => format!("{stem}: {name}"),
        None => stem.clone(),
    };
    let source = format!(
        "BurrTools file {}, problem {} of {}",
        file.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default(),
        index + 1,
        doc.problems.len()
    );
    let recorded = Recorded {
        assemblies: chosen.assemblies,
        solutions: chosen.solutions,
        problem: index + 1,
        saved: chosen.saved_count,
    };
    Ok(Chosen {
        doc,
        index,
        recorded,
        title,
        source,
    })
}

/// The place (from 0) of the problem asked for.
fn choose(doc: &Document, problem: Option<&str>) -> Result<usize, String> {
    // A few problems by name, then how many more: a file may hold thousands.
    const LISTED: usize = 10;
    let list = || {
        let mut names: Vec<String> = doc
            .problems
            .iter()
            .take(LISTED)
            .enumerate()
            .map(|(i, p)| match &p.name {
                Some(name) => format!("{} ({name:?})", i + 1),
                None => format!("{}", i + 1),
            })
            .collect();
        if doc.problems.len() > LISTED {
            names.push(format!("and {} more", doc.problems.len() - LISTED));
        }
        names.join(", ")
    };
    if doc.problems.is_empty() {
        return Err("a file with at least one problem, but it has none".into());
    }
    let Some(wanted) = problem else {
        return Ok(0);
    };
    let by_number = wanted
        .parse::<usize>()
        .ok()
        .filter(|&n| (1..=doc.problems.len()).contains(&n));
    let found = by_number.or_else(|| {
        doc.problems
            .iter()
            .position(|p| p.name.as_deref() == Some(wanted))
            .map(|i| i + 1)
    });
    match found {
        Some(n) => Ok(n - 1),
        None => Err(format!(
            "a number from 1 or a name; the problems are {}; got {wanted:?}",
            list()
        )),
    }
}
