//! Stopping a render from elsewhere: a token the caller owns and passes in, never process-wide state.
//!
//! A [`Cancel`] is shared by cloning. Whoever holds a clone may [`cancel`](Cancel::cancel) it (another
//! thread, a signal handler); the work that was given the token notices at its next step and fails
//! with [`Error::Interrupted`], its temporary files removed. A fresh token (or the default one that no
//! one cancels) serves the next render: cancelling one render never poisons the library.
//!
//! For a program that must end at once (a second Ctrl-C, a render that does not stop in time), the
//! token also knows the temporary files being written with it: [`Cancel::abandon_pending_writes`]
//! removes them and keeps them from ever being renamed into place.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::{Error, Result};

/// A cancellation token: cheap to clone, all clones share one state.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    shared: Arc<Shared>,
}

#[derive(Debug, Default)]
struct Shared {
    stop: AtomicBool,
    /// Temporary files being written under this token. Renames into place happen under this lock.
    pending: Mutex<Vec<PathBuf>>,
}

impl Cancel {
    /// A token no one has cancelled yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the work holding this token to stop.
    pub fn cancel(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
    }

    /// True once [`Cancel::cancel`] was called on any clone.
    pub fn is_cancelled(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// `Err(Error::Interrupted)` once cancelled; long loops call this between steps.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// Cancels, removes every temporary file still being written under this token, and keeps any of
    /// them from being renamed into place: a later rename waits forever on the lock this keeps. For a
    /// process about to end without unwinding; the caller is expected to exit at once.
    pub fn abandon_pending_writes(&self) {
        self.cancel();
        let list = self.pending();
        for path in list.iter() {
            let _ = fs::remove_file(path);
        }
        std::mem::forget(list);
    }

    /// [`Cancel::abandon_pending_writes`] for a process whose memory ran out: if the list is locked
    /// (the failing thread may hold it), nothing is removed rather than waiting forever. Allocates
    /// nothing for paths of a few hundred bytes.
    pub fn try_abandon_pending_writes(&self) {
        self.cancel();
        if let Ok(list) = self.shared.pending.try_lock() {
            for path in list.iter() {
                let _ = fs::remove_file(path);
            }
            std::mem::forget(list);
        }
    }

    pub(crate) fn pending(&self) -> MutexGuard<'_, Vec<PathBuf>> {
        // A panic while holding the lock leaves the list intact; keep using it.
        self.shared
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `path` on the token's list of temporary files for as long as the guard lives.
    pub(crate) fn register(&self, path: &Path) -> Registered<'_> {
        self.pending().push(path.to_path_buf());
        Registered {
            cancel: self,
            path: path.to_path_buf(),
        }
    }
}

/// How far a long piece of work that draws nothing has come (a count of solutions, a walk through
/// millions of steps), told as its parts finish; the answer says whether to go on. A caller shows
/// it (a progress bar with the time left) or stops the work, which then fails with
/// [`Error::Interrupted`]. Given to the work as a value, like [`Cancel`], which is one.
pub trait WorkProgress {
    /// `done` of the work's `total` parts are finished (`done` only grows; `total` is known before
    /// the first part). Returning `false` stops the work.
    fn increase(&mut self, done: u64, total: u64) -> bool;
}

/// A token as work progress: the work stops once the token is cancelled.
impl WorkProgress for Cancel {
    fn increase(&mut self, _: u64, _: u64) -> bool {
        !self.is_cancelled()
    }
}

/// A temporary file on a token's list; taken off when dropped.
pub(crate) struct Registered<'a> {
    cancel: &'a Cancel,
    path: PathBuf,
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        let mut list = self.cancel.pending();
        if let Some(i) = list.iter().position(|p| *p == self.path) {
            list.swap_remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_one_state_and_a_new_token_starts_clear() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(a.check().is_ok());
        b.cancel();
        assert!(a.is_cancelled());
        assert!(matches!(a.check(), Err(Error::Interrupted)));
        assert!(Cancel::new().check().is_ok());
    }

    #[test]
    fn registration_lasts_as_long_as_the_guard() {
        let c = Cancel::new();
        {
            let _g = c.register(Path::new("x.tmp"));
            assert_eq!(c.pending().len(), 1);
        }
        assert!(c.pending().is_empty());
    }
}
