//! Input files that are not regular files are refused at once: a named pipe (opening it would wait
//! for a writer, forever) or a device such as `/dev/zero` (read without end) given as a theme file
//! or a path file. A picture for a closed standard output is refused, as text is. A caption of one
//! endless word is refused without setting it at every cell size.

use std::fs;
use std::process::Command;

use crate::common::{entries, fails, run_guarded, run_shell, tempdir};

#[test]
fn pipes_and_devices_are_refused_as_theme_and_path_files() {
    let dir = tempdir();
    let fifo = dir.path().join("pipe.toml");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let fifo = fifo.to_str().unwrap();
    let png = dir.path().join("q.png");
    let png = png.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["queens", "--theme-file", fifo, "-o", png],
            &["--theme-file", "pipe.toml", "special file"],
        ),
        (
            &["queens", "--theme-file", "/dev/zero", "-o", png],
            &["--theme-file /dev/zero", "special file"],
        ),
        (
            &["queens", "--theme-file", folder, "-o", png],
            &["--theme-file", "a folder"],
        ),
        (
            &["knight", "--path-file", fifo],
            &["--path-file", "pipe.toml", "special file"],
        ),
        (
            &["knight", "--path-file", "/dev/zero", "-o", png],
            &["--path-file /dev/zero", "special file"],
        ),
        (
            &["tromino", "--theme-file", "/dev/urandom", "-o", png],
            &["special file"],
        ),
    ];
    for (args, words) in cases {
        // Opening the pipe or reading the device would never end: the guard turns that into a
        // failure instead of a hang.
        let out = run_guarded(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        for w in *words {
            assert!(err.contains(w), "{args:?}: {err}");
        }
    }
    assert_eq!(entries(dir.path()), ["pipe.toml"]);
}

#[test]
fn a_theme_file_over_its_limit_is_refused_before_it_is_read() {
    let dir = tempdir();
    // Sparse: 2 MiB of nothing, without taking the space.
    let big = dir.path().join("big.toml");
    fs::File::create(&big).unwrap().set_len(2 << 20).unwrap();
    let png = dir.path().join("q.png");
    let e = fails(
        &[
            "queens",
            "--theme-file",
            big.to_str().unwrap(),
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert!(e.contains("over 1 MiB"), "{e}");
    // A regular theme file is still read.
    let ok = dir.path().join("ok.toml");
    fs::write(&ok, "base = \"classic\"\nlight = \"#f0d9b5\"\n").unwrap();
    crate::common::ok(&[
        "queens",
        "--theme-file",
        ok.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(png.is_file());
}

#[test]
fn a_picture_for_a_closed_standard_output_is_refused() {
    for format in ["png", "svg", "gif", "pdf"] {
        let out = run_shell(&format!("exec \"$0\" queens -n 5 --format {format} >&-"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--format {format}: {err}");
        assert!(
            err.starts_with("error: standard output: it is closed") && err.lines().count() == 1,
            "--format {format}: {err}"
        );
    }
    // Open, the picture is written.
    let out = run_shell("exec \"$0\" queens -n 5 --format png | head -c 8");
    assert_eq!(out.stdout, b"\x89PNG\r\n\x1a\n");
}

/// Runs chessviz with `args` under a limit of `seconds` of processor time (a guard against the
/// work, not a measurement: a run over it is killed by SIGXCPU and the test fails saying so).
fn run_with_cpu_limit(args: &[&str], seconds: u64) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command.args(args).stdin(std::process::Stdio::null());
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let l = libc::rlimit {
                rlim_cur: seconds as libc::rlim_t,
                rlim_max: seconds as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_CPU, &l) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    command.output().unwrap()
}

#[test]
fn a_caption_of_one_endless_word_is_refused_at_once_in_a_short_line() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    let word = "a".repeat(100_000);
    // Setting the caption at each of the 1024 cells took over a minute of processor time in a
    // debug build; measuring the widest word once takes well under a second.
    let out = run_with_cpu_limit(
        &["queens", "--caption", &word, "-o", png.to_str().unwrap()],
        20,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{:?}", out.status);
    assert!(
        err.starts_with(&format!(
            "error: the caption's word \"{}... (100000 characters)\"",
            "a".repeat(32)
        )),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(
        err.len() < 300,
        "the word is shown whole: {} bytes",
        err.len()
    );
    assert!(!png.exists());
    // A long word that some cell holds is still told the cell.
    let long = "Supercalifragilisticexpialidocious".repeat(3);
    let e = fails(
        &[
            "queens",
            "-n",
            "4",
            "--caption",
            &long,
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    let cell: u32 = e
        .split("--cell ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no cell in: {e}"));
    crate::common::ok(&[
        "queens",
        "-n",
        "4",
        "--caption",
        &long,
        "--cell",
        &cell.to_string(),
        "-o",
        png.to_str().unwrap(),
    ]);
    let smaller = (cell - 1).to_string();
    fails(
        &[
            "queens",
            "-n",
            "4",
            "--caption",
            &long,
            "--cell",
            &smaller,
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
}
