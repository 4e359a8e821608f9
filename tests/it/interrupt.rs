//! Ctrl-C (SIGINT, sent with `kill -INT`), SIGTERM and SIGHUP in the middle of a run: exit status
//! 128 + the signal's number (130, 143, 129, as a shell reports a program its signal ended),
//! one line `error: interrupted...`, nothing at the destination (or the old file unchanged) and no
//! temporary file left in the folder. A signal ignored when the run started (`nohup`) stays ignored.
//!
//! Two paths lead there. Loops that look at the interruption flag (the GIF frame loop, text writers)
//! unwind at once and their temporary file is dropped; work that does not look (a PNG being encoded,
//! a long count) is ended by the Ctrl-C handler after a one-second grace, which removes the pending
//! temporary files itself.

use std::fs;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{default_signals, entries as names, wait_guarded, HANG_GUARD};

/// The handler's grace period (`INTERRUPT_GRACE` in src/cli/mod.rs).
const GRACE: Duration = Duration::from_millis(1000);

/// Starts chessviz with the signals these tests send at their default actions
/// ([`default_signals`]).
fn spawn(args: &[&str]) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    default_signals(&mut command, false);
    command.spawn().expect("spawn chessviz")
}

fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".chessviz-") && n.ends_with(".tmp"))
        .collect()
}

/// Waits until the run has its temporary file open in `dir` (it is then writing the output).
fn wait_for_temporary(child: &mut Child, dir: &Path) {
    let start = Instant::now();
    while temporaries(dir).is_empty() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("chessviz ended ({status}) before writing");
        }
        // A guard against a hang, not a measurement.
        assert!(start.elapsed() < HANG_GUARD, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The exit status of a run the signal `name` ended: 128 + its number.
fn exit_status_of(name: &str) -> i32 {
    128 + match name {
        "HUP" => libc::SIGHUP,
        "INT" => libc::SIGINT,
        "TERM" => libc::SIGTERM,
        _ => panic!("no exit status known for SIG{name}"),
    }
}

/// Waits until `child` has installed its handler for SIGTERM (`SigCgt` of `/proc/PID/status`): a
/// signal sent before that would kill it the default way, which says nothing of chessviz (a busy
/// machine can take longer than any fixed pause to start a process).
fn wait_for_handler(child: &mut Child) {
    let start = Instant::now();
    loop {
        let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok());
        match caught {
            Some(mask) if mask & (1 << (libc::SIGTERM - 1)) != 0 => return,
            // Without /proc the pause below is all there is.
            None if !Path::new("/proc/self/status").exists() => return,
            _ => {}
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("chessviz ended ({status}) before its handler was installed");
        }
        assert!(start.elapsed() < HANG_GUARD, "no handler was installed");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn interrupt(child: &Child) {
    signal(child, "INT");
}

/// Sends `kill -NAME` to `child`.
fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
}

/// Interrupts `child` once its temporary file exists; returns its standard error.
fn interrupt_while_writing(child: Child, dir: &Path) -> String {
    signal_while_writing(child, dir, "INT")
}

/// Sends `kill -NAME` to `child` once its temporary file exists, and checks that it ended as from
/// Ctrl-C; returns its standard error.
fn signal_while_writing(mut child: Child, dir: &Path, name: &str) -> String {
    wait_for_temporary(&mut child, dir);
    signal(&child, name);
    let output = wait_guarded(child, &format!("chessviz after SIG{name}"));
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(exit_status_of(name)), "{err}");
    assert!(err.starts_with("error: interrupted"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn interrupted_gif_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.gif");
    let child = spawn(&[
        "queens",
        "-n",
        "9",
        "-q",
        "--delay",
        "20",
        "-o",
        out.to_str().unwrap(),
    ]);
    interrupt_while_writing(child, dir.path());
    // Whether the frame loop stops at once is checked in-process (`library`: a cancelled token or
    // progress stops the animation); from outside, both ends leave exactly this.
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn interrupted_gif_keeps_the_previous_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.gif");
    fs::write(&out, b"the previous animation").unwrap();
    let child = spawn(&[
        "queens",
        "-n",
        "9",
        "-q",
        "--delay",
        "20",
        "-o",
        out.to_str().unwrap(),
    ]);
    interrupt_while_writing(child, dir.path());
    assert_eq!(fs::read(&out).unwrap(), b"the previous animation");
    assert_eq!(names(dir.path()), ["x.gif"]);
}

#[test]
fn interrupted_png_encode_is_ended_by_the_handler_and_cleaned_up() {
    // A 15552 x 15648 figure: its PNG encoding does not look at the flag. Where it outlasts the
    // grace period (an unoptimised build) the handler ends the process and removes the temporary
    // file itself; where it finishes first, the writer sees the flag before the rename. Either way
    // the run ends as interrupted and the previous file stays.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.png");
    fs::write(&out, b"the previous figure").unwrap();
    let child = spawn(&[
        "queens",
        "-n",
        "15",
        "--cell",
        "1024",
        "-o",
        out.to_str().unwrap(),
    ]);
    interrupt_while_writing(child, dir.path());
    assert_eq!(fs::read(&out).unwrap(), b"the previous figure");
    assert_eq!(names(dir.path()), ["q.png"]);
}

#[test]
fn interrupted_long_count_ends_after_the_grace_period() {
    // Counting 18 queens takes minutes in a debug build and never looks at the flag.
    let mut child = spawn(&["queens", "-n", "18", "--count"]);
    wait_for_handler(&mut child);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the count ended too soon"
    );
    interrupt(&child);
    // The count never looks at the flag and would run for minutes: only the handler can end it, and
    // the guard fails the test if it does not. Without a handler, SIGINT would kill the process
    // (no exit status, no message).
    let output = wait_guarded(child, "a count after Ctrl-C");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: interrupted; no file was left half-written"
    );
}

#[test]
fn sigterm_and_sighup_end_a_run_like_ctrl_c() {
    for name in ["TERM", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("x.gif");
        fs::write(&out, b"the previous animation").unwrap();
        let child = spawn(&[
            "queens",
            "-n",
            "9",
            "-q",
            "--delay",
            "20",
            "-o",
            out.to_str().unwrap(),
        ]);
        signal_while_writing(child, dir.path(), name);
        assert_eq!(fs::read(&out).unwrap(), b"the previous animation");
        assert_eq!(names(dir.path()), ["x.gif"], "SIG{name}");
    }
}

#[test]
fn sigterm_during_a_long_count_ends_after_the_grace_period() {
    let mut child = spawn(&["queens", "-n", "18", "--count"]);
    wait_for_handler(&mut child);
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "ended too soon");
    signal(&child, "TERM");
    let output = wait_guarded(child, "a count after SIGTERM");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(143), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: interrupted; no file was left half-written"
    );
}

#[test]
fn sigterm_during_all_stills_leaves_no_temporary_file_of_any_worker() {
    // 724 stills of 10 queens written in parallel: every worker has a temporary file open.
    let dir = tempfile::tempdir().unwrap();
    let child = spawn(&[
        "queens",
        "-n",
        "10",
        "--all",
        "--cell",
        "64",
        "-o",
        dir.path().to_str().unwrap(),
    ]);
    signal_while_writing(child, dir.path(), "TERM");
    assert!(
        temporaries(dir.path()).is_empty(),
        "{:?}",
        names(dir.path())
    );
    // All or nothing: the stills are made in a temporary folder, moved in only when all are made.
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn a_hangup_ignored_at_start_stays_ignored() {
    // As under nohup: SIGHUP is ignored before chessviz starts, so it must not end the run.
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("trap '' HUP; exec \"$0\" queens -n 18 --count")
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // The shell ignores the hangup itself; Ctrl-C must still reach chessviz.
    default_signals(&mut command, true);
    let mut child = command.spawn().unwrap();
    // Until the shell has become chessviz, a hangup would hit the shell.
    let start = Instant::now();
    while !fs::read_link(format!("/proc/{}/exe", child.id()))
        .is_ok_and(|exe| exe.to_string_lossy().contains("chessviz"))
    {
        assert!(start.elapsed() < HANG_GUARD, "no exec");
        std::thread::sleep(Duration::from_millis(5));
    }
    wait_for_handler(&mut child);
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, "HUP");
    std::thread::sleep(GRACE + Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "an ignored SIGHUP ended the run"
    );
    interrupt(&child);
    let output = wait_guarded(child, "a count after Ctrl-C");
    assert_eq!(output.status.code(), Some(130));
}

/// Every file of `dir` with its bytes: what a reader of the folder sees.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = names(dir)
        .into_iter()
        .map(|n| {
            let bytes = fs::read(dir.join(&n)).unwrap_or_default();
            (n, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn an_all_rerun_interrupted_leaves_the_old_folder_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let first = spawn(&["queens", "-n", "10", "--all", "--cell", "8", "-q", "-o", d]);
    assert!(wait_guarded(first, "the first --all").status.success());
    let before = contents(dir.path());
    assert_eq!(before.len(), 724);
    // The rerun draws other pictures (a larger cell) into its temporary folder in the same place.
    let mut rerun = spawn(&["queens", "-n", "10", "--all", "--cell", "64", "-q", "-o", d]);
    let start = Instant::now();
    while !names(dir.path())
        .iter()
        .any(|n| n.starts_with(".chessviz-"))
    {
        assert!(
            rerun.try_wait().unwrap().is_none(),
            "the rerun ended before writing"
        );
        assert!(start.elapsed() < HANG_GUARD, "no temporary folder appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&rerun);
    let output = wait_guarded(rerun, "--all after Ctrl-C");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert_eq!(contents(dir.path()), before, "the old folder changed");
}

#[test]
fn a_frames_rerun_interrupted_leaves_the_old_folder_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("frames");
    let d = d.to_str().unwrap();
    let first = spawn(&["queens", "-n", "6", "--frames", d, "--cell", "8", "-q"]);
    assert!(wait_guarded(first, "the first --frames").status.success());
    let before = contents(Path::new(d));
    assert!(before.len() > 100, "{}", before.len());
    // The rerun draws more and larger pictures (another board) into its temporary folder.
    let mut rerun = spawn(&["queens", "-n", "8", "--frames", d, "--cell", "32", "-q"]);
    let start = Instant::now();
    while !names(Path::new(d))
        .iter()
        .any(|n| n.starts_with(".chessviz-"))
    {
        assert!(
            rerun.try_wait().unwrap().is_none(),
            "the rerun ended before writing"
        );
        assert!(start.elapsed() < HANG_GUARD, "no temporary folder appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(300));
    interrupt(&rerun);
    let output = wait_guarded(rerun, "--frames after Ctrl-C");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert_eq!(contents(Path::new(d)), before, "the old folder changed");
}
