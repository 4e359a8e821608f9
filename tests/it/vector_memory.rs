//! Vector output and memory: a run whose memory runs out ends with one `error:` line and exit 2 and
//! leaves no temporary file (never an abort with a backtrace), and the vector sheet is either
//! refused or drawn within an address-space limit.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::{entries, tempdir, wait_guarded};

/// Runs `chessviz` in `dir` under an address-space limit of `limit` bytes.
fn run_limited(dir: &Path, args: &[&str], limit: u64) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let l = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &l) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    wait_guarded(
        command.spawn().expect("spawn chessviz"),
        &format!("chessviz {args:?}"),
    )
}

/// The run either wrote `file` and nothing else, or failed with one `error:` line, exit 2 and an
/// empty folder; never a crash.
fn refused_or_written(dir: &Path, args: &[&str], limit: u64, file: &str) -> Option<String> {
    let out = run_limited(dir, args, limit);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !err.contains("backtrace") && !err.contains("panicked"),
        "{err}"
    );
    match out.status.code() {
        Some(0) => {
            assert_eq!(entries(dir), vec![file.to_string()], "{args:?}");
            None
        }
        Some(2) => {
            assert!(err.starts_with("error: "), "{args:?}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
            assert!(entries(dir).is_empty(), "left behind: {:?}", entries(dir));
            Some(err)
        }
        other => panic!("{args:?} ended with {other:?} ({:?}): {err}", out.status),
    }
}

#[test]
fn running_out_of_memory_is_one_line_and_leaves_no_file() {
    // The tour of 2800 x 2800 squares holds a display list of about 800 MiB: under 300 MiB of
    // address space an allocation fails partway, after the output's temporary file exists.
    for name in ["k.svg", "k.pdf"] {
        let dir = tempdir();
        let args = ["knight", "-n", "2800", "--cell", "1", "-o", name];
        let err = refused_or_written(dir.path(), &args, 300 << 20, name).expect("a failure");
        assert!(err.contains("out of memory"), "{err}");
    }
}

#[test]
fn a_vector_sheet_is_refused_or_drawn_within_the_limit() {
    // 14,200 boards of 12 queens: a display list of about 170 MiB. Under 1.5 GiB of address space
    // (threads reserve some) it is drawn; under 128 MiB it fails cleanly.
    for name in ["s.svg", "s.pdf"] {
        let dir = tempdir();
        let args = ["queens", "-n", "12", "--sheet", name];
        assert_eq!(refused_or_written(dir.path(), &args, 3 << 29, name), None);
        let dir = tempdir();
        assert!(refused_or_written(dir.path(), &args, 128 << 20, name).is_some());
    }
}
