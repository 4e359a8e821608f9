//! Where results go: the output format chosen from `-o`, and atomic file writes.
//!
//! A file is never written in place. Bytes go to a temporary file in the destination's folder, which is
//! renamed over the destination only once complete; a failed or interrupted run removes the temporary
//! file and leaves whatever was at the destination untouched. Renaming replaces a symlink at the
//! destination instead of writing through it.

use crate::cancel::Cancel;
use crate::error::{Error, Result};
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// What an output path asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Plain text (`.txt`, `-` or no `-o`).
    Text,
    /// A PNG still.
    Png,
    /// An animated GIF.
    Gif,
}

/// Where an output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard output (no `-o`, or `-o -`): text only.
    Stdout,
    /// A file, written atomically.
    File(PathBuf, Format),
}

impl Target {
    /// The target for an optional `-o` argument, its format taken from the extension.
    pub fn from_arg(path: Option<&Path>) -> Result<Target> {
        let Some(path) = path else {
            return Ok(Target::Stdout);
        };
        if path.as_os_str() == "-" {
            return Ok(Target::Stdout);
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let format = match ext.as_deref() {
            Some("png") => Format::Png,
            Some("gif") => Format::Gif,
            Some("txt") => Format::Text,
            _ => {
                return Err(Error::invalid(format!(
                    "cannot tell the format of '{}': use a .png, .gif or .txt file name, or - for standard output",
                    path.display()
                )))
            }
        };
        Ok(Target::File(path.to_path_buf(), format))
    }

    /// The format this target gets.
    pub fn format(&self) -> Format {
        match self {
            Target::Stdout => Format::Text,
            Target::File(_, f) => *f,
        }
    }
}

/// Writes `path` atomically: `write` fills a buffered temporary file in the same folder, which then
/// replaces `path`. On any error the temporary file is removed and `path` is left as it was.
pub fn write_atomic<T>(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut fs::File>) -> Result<T>,
) -> Result<T> {
    write_atomic_with(path, &Cancel::new(), write)
}

/// [`write_atomic`] under `cancel`: the temporary file is on the token's list while it is written
/// (so [`Cancel::abandon_pending_writes`] can remove it), and a cancelled token stops the rename.
pub fn write_atomic_with<T>(
    path: &Path,
    cancel: &Cancel,
    write: impl FnOnce(&mut BufWriter<&mut fs::File>) -> Result<T>,
) -> Result<T> {
    let dir = parent_dir(path);
    check_destination(path, &dir)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".chessviz-").suffix(".tmp");
    // Temporary files are private (0600); the finished file gets the usual permissions.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o644));
    }
    let mut tmp = builder
        .tempfile_in(&dir)
        .map_err(|e| cannot_create_in(path, &dir, e))?;
    let _registered = cancel.register(tmp.path());
    let value = {
        let mut buf = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        let value = write(&mut buf)?;
        buf.flush().map_err(|e| Error::io(path, e))?;
        value
    };
    // Checked under the lock so that an interruption either stops the rename or comes after it.
    let list = cancel.pending();
    cancel.check()?;
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    drop(list);
    Ok(value)
}

/// The error for a temporary file that could not be created: it names the destination and the folder,
/// not the random temporary name (which `tempfile` appends as "at path ...").
fn cannot_create_in(path: &Path, dir: &Path, e: io::Error) -> Error {
    let reason = e.to_string();
    let reason = reason
        .rsplit_once(" at path ")
        .map_or(reason.as_str(), |(r, _)| r)
        .to_string();
    Error::io(
        path,
        io::Error::new(
            e.kind(),
            format!("cannot create a file in '{}': {reason}", dir.display()),
        ),
    )
}

/// Makes sure `dir` exists as a folder, creating it (and its parents) when missing.
pub fn ensure_dir(dir: &Path) -> Result<()> {
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::invalid(format!(
            "'{}' exists and is not a folder",
            dir.display()
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))
        }
        Err(e) => Err(Error::io(dir, e)),
    }
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn check_destination(path: &Path, dir: &Path) -> Result<()> {
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(Error::invalid(format!(
                "cannot write '{}': '{}' is not a folder",
                path.display(),
                dir.display()
            )))
        }
        Err(_) => {
            return Err(Error::invalid(format!(
                "cannot write '{}': folder '{}' does not exist",
                path.display(),
                dir.display()
            )))
        }
    }
    if let Ok(m) = fs::symlink_metadata(path) {
        if m.is_dir() {
            return Err(Error::invalid(format!(
                "cannot write '{}': it is a folder",
                path.display()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_follows_extension() {
        assert_eq!(Target::from_arg(None).unwrap(), Target::Stdout);
        assert_eq!(
            Target::from_arg(Some(Path::new("-"))).unwrap(),
            Target::Stdout
        );
        assert_eq!(
            Target::from_arg(Some(Path::new("a/B.PNG")))
                .unwrap()
                .format(),
            Format::Png
        );
        assert_eq!(
            Target::from_arg(Some(Path::new("x.gif"))).unwrap().format(),
            Format::Gif
        );
        assert_eq!(
            Target::from_arg(Some(Path::new("x.txt"))).unwrap().format(),
            Format::Text
        );
        assert!(Target::from_arg(Some(Path::new("x.jpg"))).is_err());
        assert!(Target::from_arg(Some(Path::new("noext"))).is_err());
    }

    #[test]
    fn failed_write_keeps_old_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        write_atomic(&path, |w| {
            w.write_all(b"good").map_err(|e| Error::io("x", e))?;
            Ok(())
        })
        .unwrap();
        let err = write_atomic(&path, |w| {
            w.write_all(b"partial").map_err(|e| Error::io("x", e))?;
            Err::<(), _>(Error::invalid("boom"))
        });
        assert!(err.is_err());
        assert_eq!(fs::read(&path).unwrap(), b"good");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "temporary file left behind");
    }

    #[test]
    fn missing_folder_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nope/out.txt");
        let err = write_atomic(&path, |_| Ok(())).unwrap_err().to_string();
        assert!(err.contains("does not exist"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn symlink_is_replaced_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        fs::write(&target, b"keep").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, |w| {
            w.write_all(b"new").map_err(|e| Error::io("x", e))
        })
        .unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"keep");
        assert!(!fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&link).unwrap(), b"new");
    }
}
