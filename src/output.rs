//! Where results go: the output format chosen from `-o`, and atomic file writes.
//!
//! A file is never written in place. Bytes go to a temporary file in the destination's folder, which is
//! renamed over the destination only once complete; a failed or interrupted run removes the temporary
//! file and leaves whatever was at the destination untouched. The new file keeps the permissions and
//! (where allowed) the owner of the one it replaces. A symbolic link is written through: its target is
//! replaced, the link stays (a link to nothing is refused). Named pipes, character devices and the
//! names of open descriptors (`/dev/stdout`) are written directly, as there is nothing to replace.

use crate::cancel::Cancel;
use crate::error::{Error, InvalidKind, Result};
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub mod batch;
mod destination;
mod save;

/// The name under which standard output is opened for pictures.
const STANDARD_OUTPUT: &str = "/dev/stdout";

use destination::{check_destination, keep_mode_and_owner, Destination};

pub use crate::compose::formats::Format;
use crate::compose::formats::{FormatRow, FORMATS};

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
            Some("txt") => Format::Text,
            Some(ext) if FormatRow::by_extension(ext).is_some() => {
                FormatRow::by_extension(ext).map_or(Format::Text, FormatRow::format)
            }
            // `-o /dev/stdout`, a named pipe: text, as for `-`, unless the name says otherwise.
            _ if destination::is_written_directly(path) => Format::Text,
            _ => {
                let names: Vec<String> = FORMATS.iter().map(|f| format!(".{}", f.name)).collect();
                return Err(Error::invalid(InvalidKind::Output, format!(
                    "cannot tell the format of '{}': use a {} or .txt file name, or - for standard output",
                    path.display(),
                    names.join(", ")
                )));
            }
        };
        Ok(Target::File(path.to_path_buf(), format))
    }

    /// Standard output carrying `format`: text as [`Target::Stdout`], a picture (PNG, GIF, SVG, PDF)
    /// through the name of the open descriptor (`/dev/stdout`), which is written directly, without a
    /// temporary file, as a pipe is.
    pub fn standard_output(format: Format) -> Result<Target> {
        if format == Format::Text {
            return Ok(Target::Stdout);
        }
        if cfg!(unix) {
            Ok(Target::File(PathBuf::from(STANDARD_OUTPUT), format))
        } else {
            Err(Error::invalid(
                InvalidKind::Output,
                "pictures on standard output need a system with /dev/stdout; write a file instead",
            ))
        }
    }

    /// True for a picture going to standard output ([`Target::standard_output`]).
    pub fn is_standard_output(&self) -> bool {
        match self {
            Target::Stdout => true,
            Target::File(path, _) => path == Path::new(STANDARD_OUTPUT),
        }
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
/// replaces `path` (or the target of the symbolic link `path`). On any error (or interruption) the
/// temporary file is removed and `path` is left as it was. A named pipe, a character device or an
/// open descriptor's name (`/dev/stdout`) is written directly instead.
pub fn write_atomic<T>(
    path: impl AsRef<Path>,
    write: impl FnOnce(&mut BufWriter<&mut fs::File>) -> Result<T>,
) -> Result<T> {
    write_atomic_with(path.as_ref(), &Cancel::new(), write)
}

/// [`write_atomic`] under `cancel`: the temporary file is on the token's list while it is written
/// (so [`Cancel::abandon_pending_writes`] can remove it), and a cancelled token stops the rename.
pub fn write_atomic_with<T>(
    path: &Path,
    cancel: &Cancel,
    write: impl FnOnce(&mut BufWriter<&mut fs::File>) -> Result<T>,
) -> Result<T> {
    let dir = parent_dir(path);
    let (real, existing) = match check_destination(path, &dir)? {
        Destination::Direct => return write_direct(path, write),
        Destination::Replace { real, existing } => (real, existing),
    };
    let dir = parent_dir(&real);
    let mut builder = tempfile::Builder::new();
    // The process's id in the name: a file left by a process that was killed outright (SIGKILL, a
    // power cut) is known as stale by the next run ([`remove_stale_temporaries`]).
    let prefix = temporary_prefix();
    builder.prefix(&prefix).suffix(TEMPORARY_SUFFIX);
    // Temporary files are private (0600) until they take over the mode of the file they replace; a
    // new file gets the usual permissions.
    #[cfg(unix)]
    if existing.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o644));
    }
    let mut tmp = builder
        .tempfile_in(&dir)
        .map_err(|e| cannot_create_in(path, &dir, e))?;
    let _registered = cancel.register(tmp.path());
    if let Some(existing) = &existing {
        keep_mode_and_owner(tmp.as_file(), existing).map_err(|e| Error::io(path, e))?;
    }
    let value = {
        let mut buf = BufWriter::with_capacity(1 << 16, tmp.as_file_mut());
        let value = write(&mut buf).map_err(|e| naming(path, e))?;
        buf.flush().map_err(|e| Error::io(path, e))?;
        value
    };
    // Checked under the lock so that an interruption either stops the rename or comes after it.
    let list = cancel.pending();
    cancel.check()?;
    tmp.persist(&real).map_err(|e| Error::io(path, e.error))?;
    drop(list);
    Ok(value)
}

/// How a temporary file of [`write_atomic`] is named: `.chessviz-PID-RANDOM.tmp`.
const TEMPORARY_PREFIX: &str = ".chessviz-";
const TEMPORARY_SUFFIX: &str = ".tmp";

/// The name of a temporary file or folder of this process: `.chessviz-PID-` + `random` + `.tmp`
/// (the folders that folder outputs are made in are named so too, see [`temporary_dir_in`]).
fn temporary_prefix() -> String {
    format!("{TEMPORARY_PREFIX}{}-", std::process::id())
}

/// A temporary folder in `dir`, named as this process's temporary files are: a folder output is
/// made in it and moved into place at the end, and one that a killed run left is removed by
/// [`remove_stale_temporaries`].
pub fn temporary_dir_in(dir: &Path) -> io::Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix(&temporary_prefix())
        .suffix(TEMPORARY_SUFFIX)
        .tempdir_in(dir)
}

/// Removes from `dir` the temporary files (and folders) of [`write_atomic`] and
/// [`temporary_dir_in`] whose process is gone (killed before it could remove them: SIGKILL, a
/// crash of the machine). Those of a live process, of another user's process, or named otherwise
/// are left alone. Returns how many were removed; a folder that cannot be read removes none (the
/// write that follows reports the real problem).
pub fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_owner) else {
            continue;
        };
        if process_alive(pid) {
            continue;
        }
        let gone = match entry.file_type() {
            Ok(t) if t.is_file() => fs::remove_file(entry.path()).is_ok(),
            Ok(t) if t.is_dir() => fs::remove_dir_all(entry.path()).is_ok(),
            _ => false,
        };
        if gone {
            removed += 1;
        }
    }
    removed
}

/// The process id in a temporary file's name (`.chessviz-4242-a1B2c3.tmp`), or `None` for any
/// other name.
fn temporary_owner(name: &str) -> Option<u32> {
    let rest = name
        .strip_prefix(TEMPORARY_PREFIX)?
        .strip_suffix(TEMPORARY_SUFFIX)?;
    let (pid, random) = rest.split_once('-')?;
    if random.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process with this id exists (one of another user's counts: it may be writing).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    if pid <= 0 {
        return true;
    }
    // SAFETY: signal 0 sends nothing; kill only checks that the process exists.
    let sent = unsafe { libc::kill(pid, 0) };
    sent == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// Without a way to ask, every owner is taken to be alive and nothing is removed.
#[cfg(not(unix))]
fn process_alive(_: u32) -> bool {
    true
}

/// Writes into a named pipe, a device or an open descriptor as it is. Appending: a descriptor
/// redirected with `>>` keeps what it holds, and pipes and devices do not care.
fn write_direct<T>(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&mut fs::File>) -> Result<T>,
) -> Result<T> {
    let mut file = fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| Error::io(path, e))?;
    let value = {
        let mut buf = BufWriter::with_capacity(1 << 16, &mut file);
        let value = write(&mut buf);
        value.and_then(|v| buf.flush().map(|()| v).map_err(|e| Error::io(path, e)))
    };
    value.map_err(|e| match e {
        // An encoder words its write errors as its own; a pipe whose reader has gone is told apart
        // here so that the caller can end quietly, as `| head` expects.
        Error::Encode(_) if reader_gone(&file) => {
            Error::io(path, io::Error::from(io::ErrorKind::BrokenPipe))
        }
        other => naming(path, other),
    })
}

/// An encoder's failure (a full disk, a file-size limit) as a failure to write `path`: the encoder
/// does not know which file it writes, and the message must name it.
fn naming(path: &Path, e: Error) -> Error {
    match e {
        Error::Encode(msg) => Error::io(path, io::Error::other(msg)),
        other => other,
    }
}

/// Whether `file` is a pipe (or socket) whose reading end is closed: poll(2) reports POLLERR on the
/// writing end of a pipe with no reader.
#[cfg(unix)]
fn reader_gone(file: &fs::File) -> bool {
    use std::os::unix::io::AsRawFd;
    let mut fd = libc::pollfd {
        fd: file.as_raw_fd(),
        events: libc::POLLOUT,
        revents: 0,
    };
    // SAFETY: one valid pollfd for the duration of the call; a zero timeout does not block.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready == 1 && fd.revents & libc::POLLERR != 0
}

#[cfg(not(unix))]
fn reader_gone(_: &fs::File) -> bool {
    false
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
        Ok(_) => Err(Error::invalid(
            InvalidKind::Output,
            format!("'{}' exists and is not a folder", dir.display()),
        )),
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
    fn temporary_names_carry_their_owner() {
        assert_eq!(temporary_owner(".chessviz-4242-a1B2c3.tmp"), Some(4242));
        assert_eq!(temporary_owner(".chessviz-a1B2c3.tmp"), None);
        assert_eq!(temporary_owner(".chessviz-4242-.tmp"), None);
        assert_eq!(temporary_owner(".chessviz-gallery-x.tmp"), None);
        assert_eq!(temporary_owner("chessviz-4242-a.tmp"), None);
        assert_eq!(temporary_owner(".chessviz-4242-a.png"), None);
    }

    #[cfg(unix)]
    #[test]
    fn stale_temporaries_of_dead_processes_are_removed_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        // A process that has ended (and been waited for) is gone.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = dir.path().join(format!(".chessviz-{dead}-abc123.tmp"));
        let live = dir
            .path()
            .join(format!(".chessviz-{}-def456.tmp", std::process::id()));
        let unnamed = dir.path().join(".chessviz-ghi789.tmp");
        let other = dir.path().join("x.png");
        for path in [&stale, &live, &unnamed, &other] {
            fs::write(path, b"x").unwrap();
        }
        // A folder output's temporary folder, with what it held.
        let stale_dir = dir.path().join(format!(".chessviz-{dead}-jkl012.tmp"));
        fs::create_dir(&stale_dir).unwrap();
        fs::write(stale_dir.join("1.png"), b"x").unwrap();
        assert_eq!(remove_stale_temporaries(dir.path()), 2);
        assert!(!stale.exists() && !stale_dir.exists());
        assert!(live.exists() && unnamed.exists() && other.exists());
        // The next atomic write names its own temporary file after this process.
        write_atomic(dir.path().join("y.txt"), |w| {
            let names: Vec<String> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            let own = format!(".chessviz-{}-", std::process::id());
            assert_eq!(names.iter().filter(|n| n.starts_with(&own)).count(), 2);
            w.write_all(b"y").map_err(|e| Error::io("y", e))
        })
        .unwrap();
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
            Err::<(), _>(Error::invalid(InvalidKind::Usage, "boom"))
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
    fn symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        write_atomic(&link, |w| {
            w.write_all(b"new").map_err(|e| Error::io("x", e))
        })
        .unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 2, "temporary file left behind");
        // A link to nothing is refused, and left alone.
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink("nowhere/x.txt", &dangling).unwrap();
        let err = write_atomic(&dangling, |_| Ok(())).unwrap_err().to_string();
        assert!(err.contains("symbolic link to 'nowhere/x.txt'"), "{err}");
        assert!(fs::symlink_metadata(&dangling).is_ok());
    }
}
