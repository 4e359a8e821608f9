//! How the process meets its surroundings: the signals that end a run cleanly, and whether standard
//! output can take what is printed.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};

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

/// The ending signal that interrupted the run (0: none seen), for its exit status.
static LAST_SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The interruption handler's own entry for SIGINT, SIGTERM and SIGHUP, in that order (0: none),
/// which [`record_and_forward`] calls after noting the signal.
#[cfg(unix)]
static FORWARD_TO: [AtomicUsize; 3] = [
    AtomicUsize::new(0),
    AtomicUsize::new(0),
    AtomicUsize::new(0),
];

#[cfg(unix)]
const ENDING: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Makes the interruption handler's signals note which signal came, so that the run can exit as
/// programs ended by a signal do (128 + its number). Called after the handler is installed: each
/// signal that reaches it gets a thin front that stores the number and calls it (both are
/// async-signal-safe: an atomic store and a call).
pub(super) fn note_which_signal() {
    #[cfg(unix)]
    for (i, &sig) in ENDING.iter().enumerate() {
        // SAFETY: reading the current action (a null new action) touches only `old`.
        let old = unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 {
                continue;
            }
            old
        };
        // An ignored or default signal is left as it is (nohup's SIGHUP stays ignored); a handler
        // taking siginfo is not the interruption handler's.
        if old.sa_sigaction == libc::SIG_IGN
            || old.sa_sigaction == libc::SIG_DFL
            || old.sa_flags & libc::SA_SIGINFO != 0
        {
            continue;
        }
        FORWARD_TO[i].store(old.sa_sigaction, Ordering::SeqCst);
        let mut front = old;
        front.sa_sigaction = record_and_forward as extern "C" fn(libc::c_int) as usize;
        // SAFETY: the new action keeps the old flags and mask; the handler only stores an atomic
        // and calls the handler that was there.
        unsafe {
            libc::sigaction(sig, &front, std::ptr::null_mut());
        }
    }
}

#[cfg(unix)]
extern "C" fn record_and_forward(sig: libc::c_int) {
    LAST_SIGNAL.store(sig, Ordering::SeqCst);
    if let Some(i) = ENDING.iter().position(|&s| s == sig) {
        let handler = FORWARD_TO[i].load(Ordering::SeqCst);
        if handler != 0 {
            // SAFETY: the address was read from sigaction as a plain handler (no SA_SIGINFO).
            let forward: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(handler) };
            forward(sig);
        }
    }
}

/// The exit status of a run ended by an interruption: 128 + the signal's number, as a shell
/// reports a program its signal ended (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP); 130 when
/// no signal was noted (an interruption is Ctrl-C's).
pub fn interrupted_exit_status() -> u8 {
    let sig = LAST_SIGNAL.load(Ordering::SeqCst);
    if (1..=127).contains(&sig) {
        (128 + sig) as u8
    } else {
        130
    }
}
