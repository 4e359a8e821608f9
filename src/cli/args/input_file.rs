//! Input files named on the command line (`--theme-file`, `--path-file`), read as the library reads
//! a font: only a regular file, at most a limit; a pipe, a device or a folder is refused at once.

use std::path::Path;

use chessviz::files::{read_regular_file, Unreadable};
use chessviz::{Error, Result};

/// The bytes of `path`, given to `option` as `what` ("a theme file"), at most `max_bytes`.
pub fn read_input_file(option: &str, path: &Path, what: &str, max_bytes: u64) -> Result<Vec<u8>> {
    let shown = format!("{option} {}", path.display());
    read_regular_file(path, max_bytes).map_err(|e| match e {
        Unreadable::Io(e) => Error::usage(format!("{shown}: {e}")),
        Unreadable::TooLarge(_) => Error::usage(format!(
            "{shown} is over {}, more than {what} may hold",
            size_words(max_bytes)
        )),
        other => Error::usage(format!(
            "{shown} is {}, not {what}; give a regular file",
            other.what().unwrap_or("not a regular file")
        )),
    })
}

/// "1 MiB", "64 MiB", "512 KiB".
fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes.div_ceil(1 << 10))
    }
}
