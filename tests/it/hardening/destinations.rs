//! What `-o` names besides a plain file: named pipes, devices and `/dev/stdout` are written directly;
//! standard output that cannot be written is an error; places where no file can be created (`/proc`,
//! `/sys`, a missing folder, a folder where a file is expected) and names too long are refused without
//! leftovers.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{entries, fails, ok, run, run_shell};

#[test]
fn named_pipes_and_devices_are_written_directly() {
    let dir = tempfile::tempdir().unwrap();
    // A named pipe: its reader gets the output, and it stays a pipe.
    for (name, extra) in [
        ("pipe", &["--list"][..]),
        ("pipe.png", &["--cell", "8"][..]),
    ] {
        let fifo = dir.path().join(name);
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        let p = fifo.to_str().unwrap();
        let out = run(&[&["queens", "-n", "6", "-o", p][..], extra].concat(), b"");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = reader.join().unwrap();
        if name == "pipe" {
            // No extension: text, as for standard output.
            assert_eq!(got, b"246135\n362514\n415263\n531642\n");
        } else {
            let img = image::load_from_memory(&got).unwrap();
            assert_eq!(img.width() % 8, 0);
        }
        use std::os::unix::fs::FileTypeExt;
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
    // /dev/null: written, never replaced by a regular file.
    ok(&["queens", "-n", "6", "--list", "-o", "/dev/null"]);
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert_eq!(entries(dir.path()), ["pipe", "pipe.png"]);
}

#[test]
fn dev_stdout_as_output_is_standard_output() {
    // Piped.
    assert_eq!(
        ok(&["queens", "-n", "6", "--list", "-o", "/dev/stdout"]),
        "246135\n362514\n415263\n531642\n"
    );
    // Redirected with >> to a file: appended, the file's earlier contents kept (replacing the file
    // that /dev/stdout leads to would throw them away).
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    fs::write(&log, b"earlier\n").unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "4", "--list", "-o", "/dev/stdout"])
        .stdin(Stdio::null())
        .stdout(fs::OpenOptions::new().append(true).open(&log).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(fs::read_to_string(&log).unwrap(), "earlier\n2413\n3142\n");
    assert_eq!(entries(dir.path()), ["log.txt"]);
}

#[test]
fn standard_output_that_cannot_be_written_is_an_error() {
    for script in [
        "\"$0\" --help > /dev/full",
        "\"$0\" --version > /dev/full",
        "\"$0\" --help >&-",
        "\"$0\" queens --count >&-",
        "\"$0\" queens -n 4 --list >&-",
    ] {
        let out = run_shell(script);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{script}: {err}");
        assert!(
            err.starts_with("error: standard output: ") && err.trim_end().lines().count() == 1,
            "{script}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // Standard output redirected to /dev/null is fine.
    let out = run_shell("\"$0\" queens --count > /dev/null");
    assert_eq!(out.status.code(), Some(0));
    // Files need no standard output: their summary goes to standard error.
    let dir = tempfile::tempdir().unwrap();
    let all = format!(
        "\"$0\" queens -n 4 --all -o '{}' > /dev/full",
        dir.path().display()
    );
    let out = run_shell(&all);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && err.starts_with("wrote 2 solutions"),
        "{err}"
    );
}

#[test]
fn a_file_name_too_long_keeps_the_usual_lead() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{}.png", "a".repeat(252)));
    let e = fails(&["queens", "-o", path.to_str().unwrap()], b"");
    assert!(
        e.starts_with(&format!("error: cannot write '{}': ", path.display())),
        "{e}"
    );
    assert!(entries(dir.path()).is_empty());
}

#[test]
fn unwritable_places_are_refused_without_leftovers() {
    // /proc and /sys refuse new files even to root.
    for (path, words) in [
        ("/proc/chessviz-test.txt", ["/proc", "cannot create a file"]),
        (
            "/sys/chessviz-test.txt",
            ["/sys/chessviz-test.txt: ", "cannot create a file in '/sys'"],
        ),
    ] {
        let e = fails(&["queens", "-n", "4", "--list", "-o", path], b"");
        for w in words {
            assert!(e.contains(w), "{e}");
        }
        assert!(!Path::new(path).exists());
    }
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| -> PathBuf { dir.path().join(n) };
    fs::create_dir(d("taken.png")).unwrap();
    let e = fails(&["queens", "-o", d("taken.png").to_str().unwrap()], b"");
    assert!(e.contains("is a folder"), "{e}");
    let e = fails(&["queens", "-o", d("missing/q.png").to_str().unwrap()], b"");
    assert!(e.contains("does not exist"), "{e}");
    assert_eq!(entries(dir.path()), ["taken.png"]);
    assert!(entries(&d("taken.png")).is_empty());
}

/// A file on a read-only file system is refused with advice that can work: permissions cannot be
/// changed there. (A tmpfs remounted read-only, in a mount namespace of the test's own: root only.)
#[test]
fn a_file_on_a_read_only_file_system_is_not_told_to_change_its_permissions() {
    let dir = crate::common::tempdir();
    let script = r#"mount -t tmpfs tmpfs "$1" && touch "$1/x.png" && mount -o remount,ro "$1" && exec "$2" queens -n 4 -o "$1/x.png""#;
    let probe = std::process::Command::new("unshare")
        .args(["-m", "true"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: no tmpfs can be mounted here (unshare -m needs root)");
        return;
    }
    let out = std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", script, "sh"])
        .arg(dir.path())
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("mounted read-only") && !err.contains("permissions"),
        "{err}"
    );
}
