//! `--picture FILE`: the solutions shown as an SVG or an HTML page, by the
//! file's extension (checked before any search), written once the answer is
//! known.

use puzzlesat::{Error, Extension, MAX_PICTURED, PictureFormat, Pictured, Puzzle, Solution};
use std::path::{Path, PathBuf};

/// Solutions gathered for a picture: at most [`MAX_PICTURED`], and how many more
/// there were.
pub struct Gallery {
    file: PathBuf,
    format: PictureFormat,
    shown: Vec<(String, Solution, Option<Extension>)>,
    left_out: u64,
}

impl Gallery {
    /// A gallery for `--picture FILE`, or exit code 2 before any search for
    /// a name that asks for no picture this tool draws.
    pub fn new(file: &Path) -> Result<Gallery, Error> {
        let format = PictureFormat::of(file).ok_or_else(|| {
            let name = file.file_name().map(|n| n.to_string_lossy().to_string());
            // ".svg" alone is a hidden file with no extension, not a picture.
            let bare = name.filter(|n| PictureFormat::of(Path::new(&format!("x{n}"))).is_some());
            let expected = match bare {
                Some(n) => format!("a name before the {n} (\"{n}\" alone names a hidden file with no extension)"),
                None => "a file name ending in .svg (a static picture) or .html (a page to open in a browser)".into(),
            };
            Error::input(file, "--picture", expected)
        })?;
        Ok(Gallery {
            file: file.to_path_buf(),
            format,
            shown: Vec::new(),
            left_out: 0,
        })
    }

    /// A gallery when `--picture` is given.
    pub fn of(file: Option<&Path>) -> Result<Option<Gallery>, Error> {
        file.map(Gallery::new).transpose()
    }

    pub fn add(&mut self, caption: String, solution: &Solution, extension: Option<&Extension>) {
        if self.shown.len() < MAX_PICTURED {
            self.shown
                .push((caption, solution.clone(), extension.cloned()));
        } else {
            self.left_out += 1;
        }
    }

    /// Writes the picture; an unwritable file is exit code 2.
    pub fn write(&self, puzzle: &Puzzle) -> Result<(), Error> {
        let note = (self.left_out > 0).then(|| {
            format!(
                "The first {MAX_PICTURED} solutions printed are shown; {} more are not.",
                self.left_out
            )
        });
        let pictured: Vec<Pictured<'_>> = self
            .shown
            .iter()
            .map(|(caption, solution, extension)| Pictured {
                caption,
                solution,
                extension: extension.as_ref(),
            })
            .collect();
        let document = puzzle.picture(self.format, &pictured, note.as_deref())?;
        std::fs::write(&self.file, document).map_err(|e| Error::Io {
            file: self.file.clone(),
            message: format!("cannot write the picture: {e}"),
        })
    }
}
