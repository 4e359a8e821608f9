//! Reading an input file (a font, a theme, a knight's path) safely: only a regular file is read, and
//! never more than a limit.
//!
//! A named pipe would block the run until some writer came (forever, most often), a device such as
//! `/dev/zero` would be read without end, and a folder cannot be read at all: each is refused at once,
//! from its metadata, before it is opened. The file is opened without waiting (should it be swapped
//! for a pipe after the check), looked at again, and read through a bound, should it grow.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Why an input file was not read; the caller words it for what the file was meant to be.
#[derive(Debug)]
pub enum Unreadable {
    /// The path names a folder.
    Folder,
    /// The path names a named pipe, a device or a socket.
    Special,
    /// The file holds more than the limit: its size in bytes (or the limit and one, when it grew
    /// while it was read).
    TooLarge(u64),
    /// The system refused to look at or read it.
    Io(io::Error),
}

impl Unreadable {
    /// "a folder", "a special file (a pipe, a device or a socket)", for "PATH is ..., not a ...".
    pub fn what(&self) -> Option<&'static str> {
        match self {
            Unreadable::Folder => Some("a folder"),
            Unreadable::Special => Some("a special file (a pipe, a device or a socket)"),
            _ => None,
        }
    }
}

/// The kind of file `meta` describes, refused unless it is a regular file.
fn regular(meta: &fs::Metadata) -> Result<(), Unreadable> {
    if meta.is_file() {
        Ok(())
    } else if meta.is_dir() {
        Err(Unreadable::Folder)
    } else {
        Err(Unreadable::Special)
    }
}

/// The bytes of the regular file at `path`, at most `max_bytes` of them: a folder, a named pipe or
/// a device is refused before it is opened, a larger file before it is read (and one that grows
/// while it is read, at the limit).
pub fn read_regular_file(path: &Path, max_bytes: u64) -> Result<Vec<u8>, Unreadable> {
    // Looked at before opening: opening a named pipe already blocks.
    let meta = fs::metadata(path).map_err(Unreadable::Io)?;
    regular(&meta)?;
    if meta.len() > max_bytes {
        return Err(Unreadable::TooLarge(meta.len()));
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path).map_err(Unreadable::Io)?;
    regular(&file.metadata().map_err(Unreadable::Io)?)?;
    let mut data = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max_bytes + 1)
        .read_to_end(&mut data)
        .map_err(Unreadable::Io)?;
    if data.len() as u64 > max_bytes {
        return Err(Unreadable::TooLarge(data.len() as u64));
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.txt");
        fs::write(&file, b"hello").unwrap();
        assert_eq!(read_regular_file(&file, 5).unwrap(), b"hello");
        assert!(matches!(
            read_regular_file(&file, 4),
            Err(Unreadable::TooLarge(5))
        ));
        assert!(matches!(
            read_regular_file(dir.path(), 100),
            Err(Unreadable::Folder)
        ));
        #[cfg(unix)]
        assert!(matches!(
            read_regular_file(Path::new("/dev/zero"), 100),
            Err(Unreadable::Special)
        ));
        assert!(matches!(
            read_regular_file(&dir.path().join("none"), 100),
            Err(Unreadable::Io(_))
        ));
    }
}
