//! `--picture FILE`: the solutions shown as an SVG or an HTML page, by the
//! file's extension, written once the answer is known.

use puzzlesat::Error;
use puzzlesat::model::PuzzleModel;
use puzzlesat::render::picture::{Disassembly, Draw, Extras, MAX_PICTURED, PictureFormat, picture};
use puzzlesat::tasks::Separation;
use std::path::{Path, PathBuf};

/// The format `file` asks for, or exit code 2 before any search.
pub fn format_of(file: &Path) -> Result<PictureFormat, Error> {
    PictureFormat::of(file).ok_or_else(|| {
        Error::input(
            file,
            "--picture",
            "a file name ending in .svg (a static picture) or .html (a page to open in a browser)",
        )
    })
}

/// Solutions gathered for a picture: at most [`MAX_PICTURED`], and how many more
/// there were.
pub struct Gallery<S> {
    pub file: PathBuf,
    pub format: PictureFormat,
    pub solutions: Vec<(String, S, Extras)>,
    pub left_out: u64,
}

impl<S> Gallery<S> {
    pub fn new(file: &Path) -> Result<Gallery<S>, Error> {
        Ok(Gallery {
            file: file.to_path_buf(),
            format: format_of(file)?,
            solutions: Vec::new(),
            left_out: 0,
        })
    }

    pub fn add(&mut self, caption: String, solution: S, extras: Extras) {
        if self.solutions.len() < MAX_PICTURED {
            self.solutions.push((caption, solution, extras));
        } else {
            self.left_out += 1;
        }
    }

    /// Writes the picture; an unwritable file is exit code 2.
    pub fn write<D: Draw<Solution = S>>(
        &self,
        model: &PuzzleModel,
        puzzle: &D,
    ) -> Result<(), Error> {
        let note = (self.left_out > 0).then(|| {
            format!(
                "The first {MAX_PICTURED} solutions printed are shown; {} more are not.",
                self.left_out
            )
        });
        let document = picture(
            puzzle,
            self.format,
            &model.title(),
            &self.solutions,
            note.as_deref(),
        );
        std::fs::write(&self.file, document).map_err(|e| Error::Io {
            file: self.file.clone(),
            message: format!("cannot write the picture: {e}"),
        })
    }
}

/// What a picture adds to an assembly: the tree that takes it apart, with the
/// pieces' names.
pub fn disassembly_extras(tree: &Separation, labels: &[String]) -> Extras {
    Extras {
        disassembly: Some(Disassembly {
            tree: tree.clone(),
            labels: labels.to_vec(),
        }),
        ..Extras::default()
    }
}
