//! Reading the files a caller names: regular files only, up to a size, so
//! that a path to a device (`/dev/zero`), a named pipe or a file larger than
//! any the library makes is refused at once rather than read for ever or into
//! gigabytes of memory.

use crate::error::Error;
use std::io::Read;
use std::path::Path;

/// The largest model file read: BurrTools files of thousands of saved
/// solutions are a few megabytes.
pub const MAX_MODEL_BYTES: u64 = 256 << 20;

/// The largest proof, certificate file, share or solution file read.
pub const MAX_PROOF_BYTES: u64 = 4 << 30;

/// The bytes of `file`, read as `what` (named in errors), when it is a
/// regular file of at most `limit` bytes.
pub fn read_regular(file: &Path, what: &str, limit: u64) -> Result<Vec<u8>, Error> {
    let io = |message: String| Error::Io {
        file: file.to_path_buf(),
        message,
    };
    let meta = std::fs::metadata(file).map_err(|e| io(format!("cannot read {what}: {e}")))?;
    if !meta.is_file() {
        return Err(io(format!(
            "cannot read {what}: not a regular file (a directory, a device or a pipe)"
        )));
    }
    if meta.len() > limit {
        return Err(io(format!(
            "cannot read {what}: {} bytes, more than the {} MiB the library reads",
            meta.len(),
            limit >> 20
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| io(format!("cannot read {what}: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(io(format!(
            "cannot read {what}: it grew past the {} MiB the library reads",
            limit >> 20
        )));
    }
    Ok(bytes)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_text(file: &Path, what: &str, limit: u64) -> Result<String, Error> {
    String::from_utf8(read_regular(file, what, limit)?).map_err(|_| Error::Io {
        file: file.to_path_buf(),
        message: format!("cannot read {what}: not UTF-8 text"),
    })
}
