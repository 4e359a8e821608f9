//! The folder of a `--frames` run: refused when it cannot be one, locked against a concurrent run,
//! and left holding only this run's pictures.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::Path;

use chessviz::{Error, Result};

use crate::cli::formats::FORMATS;

/// Refuses a `--frames` folder that cannot be one, before any work: `-` (standard output holds one
/// stream, not a folder of pictures), a file, a symbolic link to nothing.
pub fn check_folder(dir: &Path) -> Result<()> {
    if dir.as_os_str() == "-" {
        return Err(Error::usage(
            "--frames names a folder for the pictures; standard output (-) cannot hold them: name a folder, or write one animation with -o - --format gif",
        ));
    }
    let Ok(link) = fs::symlink_metadata(dir) else {
        return Ok(());
    };
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::usage(format!(
            "--frames '{}' exists and is not a folder",
            dir.display()
        ))),
        Err(_) if link.file_type().is_symlink() => Err(Error::usage(format!(
            "--frames '{}' is a symbolic link to '{}', which does not exist",
            dir.display(),
            fs::read_link(dir).unwrap_or_default().display()
        ))),
        Err(e) => Err(Error::usage(format!("--frames '{}': {e}", dir.display()))),
    }
}

/// An exclusive advisory lock on the folder itself (flock(2) on the folder's descriptor), held
/// while the value lives and released when the process ends: two runs writing frames into one
/// folder would mix their pictures and lists. Locking the folder leaves no lock file behind.
pub struct FolderLock(#[allow(dead_code)] fs::File);

impl FolderLock {
    /// Takes the lock on `dir`, refusing at once when another run holds it.
    pub fn take(dir: &Path) -> Result<FolderLock> {
        let folder = fs::File::open(dir).map_err(|e| Error::io(dir, e))?;
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            // SAFETY: flock on a descriptor we own; non-blocking, so it returns at once.
            if unsafe { libc::flock(folder.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::WouldBlock {
                    return Err(Error::usage(format!(
                        "--frames '{}' is in use by another chessviz run; wait for it to end or choose another folder",
                        dir.display()
                    )));
                }
                return Err(Error::io(dir, e));
            }
        }
        Ok(FolderLock(folder))
    }
}

/// Whether `name` is a picture name `--frames` writes: `frame-` digits and the extension of a
/// still format of the format table (`.png`, `.svg`, `.pdf`, `.tex`, and any added later).
fn is_frame_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("frame-") else {
        return false;
    };
    let Some((digits, ext)) = rest.rsplit_once('.') else {
        return false;
    };
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && FORMATS
            .iter()
            .filter_map(|f| f.still)
            .any(|still| still.extension() == ext)
}

/// Removes the pictures of an earlier run that this run did not write (a longer run, another
/// `--every`, another format), so that the folder and `frames.txt` agree. Only files named as
/// pictures are touched; anything else in the folder stays.
pub fn remove_stale_frames(dir: &Path, written: &HashSet<String>) -> Result<()> {
    let listing = fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    for entry in listing {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| !t.is_dir());
        if is_file && is_frame_name(name) && !written.contains(name) {
            let path = entry.path();
            match fs::remove_file(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(Error::io(path, e)),
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::is_frame_name;

    #[test]
    fn only_picture_names_are_frames() {
        for name in [
            "frame-0000.png",
            "frame-123456.svg",
            "frame-0001.pdf",
            "frame-0002.tex",
        ] {
            assert!(is_frame_name(name), "{name}");
        }
        for name in [
            "frames.txt",
            "frame-.png",
            "frame-00a1.png",
            "frame-0001.gif",
            "frame-0001.png.bak",
            "my-frame-0001.png",
        ] {
            assert!(!is_frame_name(name), "{name}");
        }
    }
}
