//! Folder outputs are all or nothing (the gallery, `queens --all`): their files are made in a
//! temporary folder and moved into the output's folder only once every one of them is made. A run
//! that fails (a limit found late, a full disk, Ctrl-C) leaves the folder as it was: the temporary
//! folder is removed when dropped.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chessviz::files::{ensure_dir, temporary_dir_in};
use chessviz::{Error, Result};

/// Where the files are made before they are moved in.
pub struct Staging {
    /// The output's folder.
    dir: PathBuf,
    /// The temporary folder: inside `dir` when it exists (the same file system, so that the moves
    /// are renames), else beside it, becoming `dir` itself at the end.
    temp: tempfile::TempDir,
    /// Whether `dir` existed before the run.
    existed: bool,
}

impl Staging {
    /// Creates the temporary folder for the files of `dir`. Refuses a `dir` that is not a folder.
    pub fn new(dir: &Path) -> Result<Staging> {
        let existed = match fs::metadata(dir) {
            Ok(m) if m.is_dir() => true,
            Ok(_) => {
                return Err(Error::invalid(
                    chessviz::InvalidKind::Output,
                    format!("'{}' exists and is not a folder", dir.display()),
                ))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            Err(e) => return Err(Error::io(dir, e)),
        };
        let place = if existed {
            dir.to_path_buf()
        } else {
            let parent = match dir.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            ensure_dir(&parent)?;
            parent
        };
        // Named as the run's temporary files are, so that one a killed run left is removed by the
        // next run into the folder.
        chessviz::files::remove_stale_temporaries(&place);
        let temp = temporary_dir_in(&place).map_err(|e| Error::io(&place, e))?;
        Ok(Staging {
            dir: dir.to_path_buf(),
            temp,
            existed,
        })
    }

    /// The folder the files are written into.
    pub fn path(&self) -> &Path {
        self.temp.path()
    }

    /// Moves the files into the output's folder: the temporary folder becomes it when it did not
    /// exist; else each file replaces the one of its name (a folder item's files one by one, so
    /// that other files in it stay, as a run writing in place would leave them).
    pub fn finish(self) -> Result<()> {
        if !self.existed {
            let temp = self.temp.keep();
            return fs::rename(&temp, &self.dir).map_err(|e| {
                let _ = fs::remove_dir_all(&temp);
                Error::io(&self.dir, e)
            });
        }
        move_into(self.temp.path(), &self.dir)
        // The emptied temporary folder is removed as `self.temp` drops.
    }

    /// The error of a failed run, saying that the folder was left as it was; a file named in it
    /// is named by the place it was going to (the temporary folder means nothing to the reader).
    pub fn failed(&self, e: Error) -> Error {
        if matches!(e, Error::Interrupted) {
            return e;
        }
        let message = crate::cli::report::errors::message(&e).replace(
            &self.temp.path().display().to_string(),
            &self.dir.display().to_string(),
        );
        let left = if self.existed {
            format!(
                "'{}' was left as it was (its files are made in a temporary folder and moved in at the end)",
                self.dir.display()
            )
        } else {
            format!(
                "'{}' was not created (its files are made in a temporary folder and moved in at the end)",
                self.dir.display()
            )
        };
        Error::TooLarge(format!("{message}; {left}"))
    }
}

/// Renames every entry of `from` into `to`, folders entry by entry.
fn move_into(from: &Path, to: &Path) -> Result<()> {
    let mut entries: Vec<_> = fs::read_dir(from)
        .map_err(|e| Error::io(from, e))?
        .collect::<io::Result<_>>()
        .map_err(|e| Error::io(from, e))?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let source = entry.path();
        let target = to.join(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) && target.is_dir() {
            move_into(&source, &target)?;
        } else {
            fs::rename(&source, &target).map_err(|e| Error::io(&target, e))?;
        }
    }
    Ok(())
}
