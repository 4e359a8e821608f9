//! Status on standard error, standard output for what was asked: a run that writes a file needs no
//! standard output at all (`>&-`, `> /dev/full`); a script nobody can receive (completions, a manual
//! page) is a failure; a listing into a pipe comes line by line; temporary files that a killed run
//! left are removed by the next run into that folder; words people reach for get the name they
//! have here.

use std::io::Read;
use std::os::fd::AsRawFd;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{entries, fails, run, run_shell, tempdir, HANG_GUARD};

#[test]
fn a_file_output_needs_no_standard_output() {
    let dir = tempdir();
    let d = dir.path().to_str().unwrap();
    for (redirect, name) in [(">&-", "closed.png"), ("> /dev/full", "full.png")] {
        let script = format!("\"$0\" queens -n 8 -o {d}/{name} {redirect}");
        let out = run_shell(&script);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{redirect}: {err}");
        assert!(err.starts_with(&format!("wrote {d}/{name} (")), "{err}");
        assert!(image::open(dir.path().join(name)).is_ok(), "{redirect}");
    }
    // And nothing on standard output when a file is written, whatever the output.
    for name in ["q.png", "q.gif", "q.txt", "frames"] {
        let path = format!("{d}/{name}");
        let args: Vec<&str> = if name == "frames" {
            vec!["queens", "-n", "4", "--frames", &path]
        } else {
            vec!["queens", "-n", "4", "-o", &path]
        };
        let out = run(&args, b"");
        assert!(out.status.success(), "{name}");
        assert!(
            out.stdout.is_empty(),
            "{name}: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("wrote "),
            "{name}"
        );
    }
}

#[test]
fn scripts_for_a_closed_standard_output_fail() {
    for args in ["completions bash", "man", "man queens"] {
        let out = run_shell(&format!("\"$0\" {args} >&-"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args}: {err}");
        assert!(err.starts_with("error: standard output"), "{args}: {err}");
    }
}

/// The write calls a process has made so far (`syscw` of `/proc/PID/io`).
fn write_calls(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines()
        .find_map(|l| l.strip_prefix("syscw: "))
        .and_then(|n| n.trim().parse().ok())
}

#[test]
fn a_listing_into_a_pipe_comes_line_by_line() {
    if write_calls(std::process::id()).is_none() {
        eprintln!("skipped: /proc/PID/io is not readable here");
        return;
    }
    // 14,200 lines (about 340 KB) into a pipe nobody reads yet: by the time 48 KiB wait in it, the
    // run has made one write per line (about 2,000), not one per 8 KiB block (six).
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "12", "--list"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until 48 KiB wait in the pipe (it holds about 64 KiB, a little less when the lines are
    // written one by one): about 2,000 lines.
    let stdout = child.stdout.take().unwrap();
    let start = Instant::now();
    loop {
        let mut waiting: libc::c_int = 0;
        // SAFETY: FIONREAD writes the count of bytes waiting into `waiting`.
        let asked = unsafe { libc::ioctl(stdout.as_raw_fd(), libc::FIONREAD, &mut waiting) };
        assert_eq!(asked, 0, "FIONREAD on the pipe");
        if waiting >= 49_152 {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the listing ended before filling the pipe"
        );
        assert!(
            start.elapsed() < HANG_GUARD,
            "the listing never filled the pipe"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let writes = write_calls(child.id()).expect("the run's write calls");
    let mut listing = String::new();
    let mut stdout = stdout;
    stdout.read_to_string(&mut listing).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(listing.lines().count(), 14_200);
    assert!(
        writes > 1_000,
        "{writes} writes filled the pipe: the lines were held back in blocks"
    );
}

#[cfg(unix)]
#[test]
fn temporary_files_of_killed_runs_are_removed_by_the_next_run() {
    let dir = tempdir();
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = format!(".chessviz-{dead}-XyZ123.tmp");
    std::fs::write(dir.path().join(&stale), b"half a picture").unwrap();
    // Someone else's file of the same shape, and a live process's, stay.
    let live = format!(".chessviz-{}-AbC456.tmp", std::process::id());
    std::fs::write(dir.path().join(&live), b"being written").unwrap();
    let out = dir.path().join("q.png");
    let status = run(
        &["queens", "-n", "4", "-q", "-o", out.to_str().unwrap()],
        b"",
    );
    assert!(status.status.success());
    assert_eq!(entries(dir.path()), [live.as_str(), "q.png"]);
    // In a --frames folder too.
    let frames = dir.path().join("frames");
    std::fs::create_dir(&frames).unwrap();
    std::fs::write(frames.join(&stale), b"half a frame").unwrap();
    let status = run(
        &[
            "queens",
            "-n",
            "4",
            "-q",
            "--frames",
            frames.to_str().unwrap(),
        ],
        b"",
    );
    assert!(status.status.success());
    assert!(!frames.join(&stale).exists());
}

#[test]
fn words_people_reach_for_are_named_as_here() {
    let cases: &[(&[&str], &str)] = &[
        (&["tromino", "8"], "give -n 8 (or -k 3"),
        (&["queens", "--speed", "3"], "--delay MS"),
        (&["knight", "--fps", "3"], "--delay MS"),
        (&["queens", "--png"], "-o FILE.png"),
        (&["queens", "--gif"], "-o FILE.gif"),
    ];
    for (args, hint) in cases {
        let err = fails(args, b"");
        assert!(err.contains(hint), "{args:?}: {err}");
        // Our hint replaces clap's guess ("a similar argument exists: '--piece'").
        assert!(
            !err.contains("similar argument") && !err.contains("'-- "),
            "{args:?}: {err}"
        );
    }
    // A huge value is shown by its start and its length.
    let huge = "1".repeat(5_000);
    let err = fails(&["tromino", "--special", &huge], b"");
    assert!(
        err.len() < 400 && err.contains("(5000 characters)"),
        "{err}"
    );
}

#[test]
fn rows_after_queens_are_not_taken_for_the_board() {
    let dir = tempdir();
    let out = dir.path().join("x.png");
    let err = fails(
        &["queens", "--queens", "1", "5", "-o", out.to_str().unwrap()],
        b"",
    );
    assert!(err.contains("--queens takes the rows as one word"), "{err}");
    assert!(!out.exists());
    // Commas separate rows; `queens 8 --queens ...` still gives the side first.
    let out = run(
        &[
            "queens",
            "8",
            "--queens",
            "1,5,8,6,3,7,2,4",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
