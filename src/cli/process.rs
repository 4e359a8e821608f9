//! How the process meets its surroundings: the signals that end a run cleanly, and whether standard
//! output can take what is printed.

use std::sync::atomic::{AtomicBool, Ordering};

/// The one static besides the signal handler's: set before `main` (the only time the closed
/// descriptor can be seen) when the process started with standard output closed (`chessviz ... >&-`).
/// The Rust runtime then opens `/dev/null` in its place, so writes would succeed into nothing and
/// the run would report success for output nobody got; this remembers to refuse instead.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs from the ELF initialisation array, before the Rust runtime replaces a closed descriptor.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

#[cfg(target_os = "linux")]
extern "C" fn note_closed_stdout() {
    // SAFETY: F_GETFD only asks about descriptor 1; it fails with EBADF when none is open.
    let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

/// Whether standard output was closed when the process started (read once, into the run's
/// context).
pub fn stdout_closed_at_start() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Signals whose default action would end the run without cleanup. SIGINT, SIGTERM and SIGHUP
/// reach the interruption handler (ctrlc's `termination` feature); this makes a file-size limit
/// (`ulimit -f`) fail the write with "File too large" instead of killing the process, so that the
/// temporary file is removed and the error reported.
pub(super) fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal to SIG_IGN installs no handler code and touches no memory of ours.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The ending signals that were ignored when the process started (`nohup` ignores SIGHUP, a shell
/// ignores SIGINT in background jobs). Installing the handler would undo that; they are ignored
/// again afterwards with [`ignore_again`].
pub(super) fn ignored_ending_signals() -> Vec<i32> {
    #[cfg(unix)]
    {
        [libc::SIGINT, libc::SIGTERM, libc::SIGHUP]
            .into_iter()
            .filter(|&sig| {
                // SAFETY: with a null new action, sigaction only reads the current one into `old`.
                unsafe {
                    let mut old: libc::sigaction = std::mem::zeroed();
                    libc::sigaction(sig, std::ptr::null(), &mut old) == 0
                        && old.sa_sigaction == libc::SIG_IGN
                }
            })
            .collect()
    }
    #[cfg(not(unix))]
    Vec::new()
}

/// Ignores `signals` again (see [`ignored_ending_signals`]).
pub(super) fn ignore_again(signals: &[i32]) {
    #[cfg(unix)]
    for &sig in signals {
        // SAFETY: as in `ignore_file_size_signal`.
        unsafe {
            libc::signal(sig, libc::SIG_IGN);
        }
    }
    #[cfg(not(unix))]
    let _ = signals;
}
