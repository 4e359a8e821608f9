//! Progress of long work that draws nothing for minutes: `queens -n 20 --count` (an hour of
//! counting) and a `--step` far into the search of 32 queens show a bar with the time left on a
//! terminal, and Ctrl-C stops them like any long run. Standard error is a pseudo-terminal here, as
//! in a shell; the bar appears once the run has gone on for a second (no time is asserted).
//!
//! The library's side (the subtrees reported in order, up to the total, and a progress that stops
//! the count) is tested in-process.

use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chessviz::queens::{count_classes, count_classes_with, known_count};
use chessviz::{Error, WorkProgress};

use crate::common::{default_signals, entries, wait_guarded, HANG_GUARD};

/// A pseudo-terminal: the master end to read, the slave end for the child's standard error.
fn pty() -> (File, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 40,
        ws_col: 160,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors into the integers given; no name buffer, default modes.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by nothing else.
    unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// A run of chessviz whose standard error is a terminal, and what it has written there so far.
struct OnTerminal {
    child: Child,
    seen: Arc<Mutex<Vec<u8>>>,
}

impl OnTerminal {
    fn start(args: &[&str]) -> OnTerminal {
        let (mut master, slave) = pty();
        let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(slave));
        default_signals(&mut command, false);
        // The slave end is closed here once the child has its copy: the reader then ends (EIO)
        // when the child does.
        let child = command.spawn().expect("spawn chessviz");
        drop(command);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let into = Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = master.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        OnTerminal { child, seen }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned()
    }

    /// Waits until the terminal shows every one of `needles` (the run still going).
    fn wait_for(&mut self, needles: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if needles.iter().all(|n| text.contains(n)) {
                return text;
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("chessviz ended ({status}) before showing {needles:?}: {text:?}");
            }
            if start.elapsed() > HANG_GUARD {
                let _ = self.child.kill();
                panic!("no {needles:?} on the terminal after {HANG_GUARD:?}: {text:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Ctrl-C, and the terminal's text once the run has ended: it must end as interrupted.
    fn interrupt(self) -> String {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(status.success());
        let seen = Arc::clone(&self.seen);
        let output = wait_guarded(self.child, "chessviz after Ctrl-C");
        assert_eq!(output.status.code(), Some(130));
        // The reader may still be taking in the last bytes: give it until the error line shows.
        let start = Instant::now();
        loop {
            let text = String::from_utf8_lossy(&seen.lock().unwrap()).into_owned();
            if text.contains("error: interrupted") || start.elapsed() > Duration::from_secs(5) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn counting_twenty_queens_shows_its_subtrees_and_the_time_left_and_stops_on_ctrl_c() {
    let mut run = OnTerminal::start(&["queens", "-n", "20", "--count"]);
    let bar = run.wait_for(&["subtrees of the search", "elapsed", " left"]);
    // "12/5174 subtrees": a count of a total known before the first.
    let total: u64 = bar
        .split(" subtrees of the search")
        .next()
        .and_then(|s| s.rsplit('/').next())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("no total of subtrees in {bar:?}"));
    assert!(total > 1000, "{bar:?}");
    let text = run.interrupt();
    assert!(text.contains("error: interrupted"), "{text:?}");
}

#[test]
fn a_step_far_into_the_search_of_32_queens_shows_its_steps_and_stops_on_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("far.png");
    let mut run = OnTerminal::start(&[
        "queens",
        "-n",
        "32",
        "--step",
        "100000000",
        "-o",
        out.to_str().unwrap(),
    ]);
    // The search of 32 queens is known to be longer than the step: no counting stage, the steps
    // played at once.
    let bar = run.wait_for(&["playing the steps: ", "/100000000 steps", " left"]);
    assert!(bar.contains("elapsed"), "{bar:?}");
    let text = run.interrupt();
    assert!(text.contains("error: interrupted"), "{text:?}");
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

#[test]
fn a_piped_run_shows_no_bar() {
    // Standard error not a terminal: a count that outlasts the bar's second prints its number only.
    let output = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "12", "--count"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "14200\n");
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
}

/// Every report the count makes, and a point to stop at.
struct Reports {
    seen: Vec<(u64, u64)>,
    stop_after: Option<u64>,
}

impl WorkProgress for Reports {
    fn increase(&mut self, done: u64, total: u64) -> bool {
        self.seen.push((done, total));
        self.stop_after.is_none_or(|k| done < k)
    }
}

#[test]
fn a_count_reports_its_subtrees_in_order_up_to_the_total() {
    let mut reports = Reports {
        seen: Vec::new(),
        stop_after: None,
    };
    let classes = count_classes_with(11, &mut reports).unwrap();
    assert_eq!(classes, count_classes(11).unwrap());
    assert_eq!(Some(classes.total()), known_count(11).ok());
    let total = reports.seen[0].1;
    assert!(total > 10, "{:?}", reports.seen);
    assert_eq!(reports.seen[0], (0, total));
    let done: Vec<u64> = reports.seen.iter().map(|&(d, _)| d).collect();
    assert_eq!(done, (0..=total).collect::<Vec<_>>());
    assert!(reports.seen.iter().all(|&(_, t)| t == total));
}

#[test]
fn a_progress_that_says_stop_stops_the_count() {
    let mut reports = Reports {
        seen: Vec::new(),
        stop_after: Some(3),
    };
    let e = count_classes_with(12, &mut reports).unwrap_err();
    assert!(matches!(e, Error::Interrupted), "{e}");
    let total = reports.seen[0].1;
    // Stopped: subtrees already being searched finish, no new one starts.
    assert!(reports.seen.len() < total as usize, "{:?}", reports.seen);
    // A cancelled token stops it before the first subtree.
    let cancel = chessviz::Cancel::new();
    cancel.cancel();
    let e = count_classes_with(12, &mut cancel.clone()).unwrap_err();
    assert!(matches!(e, Error::Interrupted), "{e}");
}
