//! What an output path names right now, and so how it is written: replaced atomically (a new or
//! regular file, a symbolic link followed to its target), or written directly (a named pipe, a
//! character device, an already open descriptor such as `/dev/stdout`), or refused (a folder, a block
//! device, a socket, a link to nothing).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::error::{Error, InvalidKind, Result};

/// How a destination gets its bytes.
#[derive(Debug)]
pub(super) enum Destination {
    /// Opened and written as it is (appending, so `-o /dev/stdout >> log` keeps the log): there is
    /// nothing to replace, and a reader may be waiting on the other end.
    Direct,
    /// A temporary file renamed over `real` (the path itself, or the file a symbolic link leads
    /// to), taking over the permissions and owner of `existing` when there was a file.
    Replace {
        real: PathBuf,
        existing: Option<fs::Metadata>,
    },
}

/// Names that stand for a descriptor the process already holds (`/dev/stdout` is a link to
/// `/proc/self/fd/1`). Following them to a path and replacing that would cut the file away from
/// whoever redirected it; they are written like standard output instead.
fn names_open_descriptor(path: &Path) -> bool {
    ["/dev/stdout", "/dev/stderr"]
        .iter()
        .any(|name| path == Path::new(name))
        || ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"]
            .iter()
            .any(|dir| path.parent() == Some(Path::new(dir)))
}

/// True for the special files an output is written into directly: named pipes and character devices
/// (`/dev/null`, a terminal), and the names of open descriptors.
pub(super) fn is_written_directly(path: &Path) -> bool {
    if names_open_descriptor(path) {
        return true;
    }
    fs::metadata(path).is_ok_and(|m| is_stream(&m.file_type()))
}

#[cfg(unix)]
fn is_stream(t: &fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    t.is_fifo() || t.is_char_device()
}

#[cfg(not(unix))]
fn is_stream(_: &fs::FileType) -> bool {
    false
}

/// The kind of a file that cannot be an output, for the message refusing it.
#[cfg(unix)]
fn unwritable_kind(t: &fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        Some("a folder")
    } else if t.is_block_device() {
        Some("a block device")
    } else if t.is_socket() {
        Some("a socket")
    } else {
        None
    }
}

#[cfg(not(unix))]
fn unwritable_kind(t: &fs::FileType) -> Option<&'static str> {
    t.is_dir().then_some("a folder")
}

fn cannot_write(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::invalid(
        InvalidKind::Output,
        format!("cannot write '{}': {why}", path.display()),
    )
}

/// Decides how `path` (in folder `dir`) is written, refusing what cannot be, before any work.
pub(super) fn check_destination(path: &Path, dir: &Path) -> Result<Destination> {
    if names_open_descriptor(path) {
        return Ok(Destination::Direct);
    }
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(cannot_write(
                path,
                format_args!("'{}' is not a folder", dir.display()),
            ))
        }
        Err(_) => {
            return Err(cannot_write(
                path,
                format_args!("folder '{}' does not exist", dir.display()),
            ))
        }
    }
    let link = match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Destination::Replace {
                real: path.to_path_buf(),
                existing: None,
            })
        }
        // A name too long, a loop of links...: said with the usual lead, not as a bare OS error.
        Err(e) => return Err(cannot_write(path, e)),
        Ok(m) => m,
    };
    if !link.file_type().is_symlink() {
        return classify(path, path.to_path_buf(), link, "it is");
    }
    // A symbolic link is written through to its target, as cp and compilers do: the link stays.
    let target = fs::read_link(path).unwrap_or_default();
    match fs::metadata(path) {
        Ok(m) => {
            let real = if is_stream(&m.file_type()) {
                path.to_path_buf()
            } else {
                fs::canonicalize(path).map_err(|e| cannot_write(path, e))?
            };
            classify(path, real, m, "it is a symbolic link to")
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(cannot_write(
            path,
            format_args!(
                "it is a symbolic link to '{}', which does not exist",
                target.display()
            ),
        )),
        Err(e) => Err(cannot_write(path, e)),
    }
}

/// The destination for an existing file `real` (reached through `path`) of metadata `m`.
fn classify(path: &Path, real: PathBuf, m: fs::Metadata, lead: &str) -> Result<Destination> {
    let t = m.file_type();
    if let Some(kind) = unwritable_kind(&t) {
        return Err(cannot_write(path, format_args!("{lead} {kind}")));
    }
    if is_stream(&t) {
        return Ok(Destination::Direct);
    }
    // Replacing goes through a rename, which the folder's permissions allow even for a file the user
    // may not write: refuse it as `cp` does, rather than replace a read-only file in silence.
    match may_write(&real) {
        Writable::Yes => {}
        Writable::ReadOnlyFileSystem => {
            return Err(cannot_write(
                path,
                "the file system that holds it is mounted read-only: write it somewhere else (another folder or disk)",
            ))
        }
        Writable::NotForYou => {
            return Err(cannot_write(
                path,
                "you may not write this file (it is read-only for you): change its permissions or choose another name",
            ))
        }
    }
    Ok(Destination::Replace {
        real,
        existing: Some(m),
    })
}

/// Whether the real user may write `path` (access(2) with W_OK: root may write any file, as with `cp`).
/// Whether a file may be written, and if not, why: the advice differs (permissions cannot be
/// changed on a read-only file system).
enum Writable {
    Yes,
    NotForYou,
    ReadOnlyFileSystem,
}

#[cfg(unix)]
fn may_write(path: &Path) -> Writable {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c_path) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return Writable::Yes;
    };
    // SAFETY: `c_path` is a valid NUL-terminated string that outlives the call.
    if unsafe { libc::access(c_path.as_ptr(), libc::W_OK) } == 0 {
        return Writable::Yes;
    }
    match io::Error::last_os_error().raw_os_error() {
        Some(libc::EROFS) => Writable::ReadOnlyFileSystem,
        _ => Writable::NotForYou,
    }
}

#[cfg(not(unix))]
fn may_write(path: &Path) -> Writable {
    if fs::metadata(path).is_ok_and(|m| !m.permissions().readonly()) {
        Writable::Yes
    } else {
        Writable::NotForYou
    }
}

/// Gives the finished temporary file the permissions of the file it replaces (a private file stays
/// private) and, where allowed, its owner and group: root rewriting a user's file leaves it the
/// user's. Set-user-ID and set-group-ID bits are not carried over to new contents.
#[cfg(unix)]
pub(super) fn keep_mode_and_owner(tmp: &fs::File, existing: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mine = tmp.metadata()?;
    if (mine.uid(), mine.gid()) != (existing.uid(), existing.gid())
        && std::os::unix::fs::fchown(tmp, Some(existing.uid()), Some(existing.gid())).is_err()
    {
        // Not allowed to give the file away: keep at least the group when we belong to it.
        let _ = std::os::unix::fs::fchown(tmp, None, Some(existing.gid()));
    }
    // After the change of owner, which may clear mode bits; fchmod is not subject to the umask.
    tmp.set_permissions(fs::Permissions::from_mode(existing.mode() & 0o1777))
}

#[cfg(not(unix))]
pub(super) fn keep_mode_and_owner(tmp: &fs::File, existing: &fs::Metadata) -> io::Result<()> {
    tmp.set_permissions(existing.permissions())
}
