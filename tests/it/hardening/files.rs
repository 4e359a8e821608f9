//! Every file is written atomically: a failed run (a write failing half-way under a file-size limit,
//! `/dev/full`) leaves the old file and no temporary; a symbolic link is written through; a rewritten
//! file keeps its mode and owner.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{entries, fails, ok, run_shell};

#[test]
fn a_failed_run_leaves_the_existing_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.png");
    let good_s = good.to_str().unwrap();
    ok(&["queens", "-n", "8", "--cell", "12", "-o", good_s]);
    let before = fs::read(&good).unwrap();
    // Fails after parsing, when the solution is looked up.
    let e = fails(
        &["queens", "-n", "8", "--solution", "999", "-o", good_s],
        b"",
    );
    assert!(e.contains("92"), "{e}");
    // Fails on a bad font.
    fails(&["queens", "-n", "8", "--font", good_s, "-o", good_s], b"");
    assert_eq!(fs::read(&good).unwrap(), before);
    assert_eq!(entries(dir.path()), ["good.png"]);
}

/// Runs chessviz with a 512-byte file-size limit (SIGXFSZ ignored, so the write fails with EFBIG
/// instead of killing the process): the write breaks off half-way.
fn run_with_file_size_limit(args: &[&str]) -> std::process::Output {
    let mut script = String::from("trap '' XFSZ; ulimit -f 1; exec \"$0\"");
    for i in 0..args.len() {
        script.push_str(&format!(" \"${}\"", i + 1));
    }
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_write_failing_half_way_keeps_the_old_file_and_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    // What each message says of its own (the reason after it is the system's wording).
    for (name, extra, ours) in [
        ("good.gif", &["--cell", "12"][..], "cannot write the GIF"),
        ("good.png", &["--cell", "12"][..], "writing the PNG failed"),
        ("good.txt", &["--list"][..], "good.txt: "),
    ] {
        let path = dir.path().join(name);
        let p = path.to_str().unwrap();
        let mut args = vec!["queens", "-n", "8", "-o", p];
        args.extend_from_slice(extra);
        ok(&args);
        let before = fs::read(&path).unwrap();
        assert!(before.len() > 512, "{name} must outgrow the limit");
        let out = run_with_file_size_limit(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.starts_with("error: ") && err.trim_end().lines().count() == 1,
            "{err}"
        );
        assert!(err.contains(ours), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before, "{name} changed");
    }
    assert_eq!(entries(dir.path()), ["good.gif", "good.png", "good.txt"]);
}

#[test]
fn full_standard_output_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["queens", "-n", "8", "--list"])
        .stdin(Stdio::null())
        .stdout(
            fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: standard output: "), "{err}");
}

#[test]
fn a_symlink_at_the_destination_is_written_through_to_its_target() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| -> PathBuf { dir.path().join(n) };
    fs::create_dir(d("real")).unwrap();
    fs::write(d("real/target.txt"), b"old").unwrap();
    symlink("real/target.txt", d("link.txt")).unwrap();
    ok(&[
        "queens",
        "-n",
        "6",
        "--list",
        "-o",
        d("link.txt").to_str().unwrap(),
    ]);
    // The link stays a link; the file it leads to has the new contents.
    assert!(fs::symlink_metadata(d("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(d("real/target.txt")).unwrap(),
        "246135\n362514\n415263\n531642\n"
    );
    assert_eq!(entries(dir.path()), ["link.txt", "real"]);
    assert_eq!(entries(&d("real")), ["target.txt"]);
    // A link to /dev/full is written through, so the run fails, and the link is not replaced.
    symlink("/dev/full", d("full.txt")).unwrap();
    let e = fails(
        &[
            "queens",
            "-n",
            "4",
            "--list",
            "-o",
            d("full.txt").to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.starts_with(&format!("error: {}: ", d("full.txt").display())),
        "{e}"
    );
    assert_eq!(
        fs::read_link(d("full.txt")).unwrap(),
        Path::new("/dev/full")
    );
    // A link to nothing is refused and left as it is.
    symlink("nowhere/q.txt", d("dangling.txt")).unwrap();
    let e = fails(
        &[
            "queens",
            "--list",
            "-o",
            d("dangling.txt").to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.contains("cannot write")
            && e.contains("symbolic link to 'nowhere/q.txt', which does not exist"),
        "{e}"
    );
    assert_eq!(
        fs::read_link(d("dangling.txt")).unwrap(),
        Path::new("nowhere/q.txt")
    );
    assert_eq!(
        entries(dir.path()),
        ["dangling.txt", "full.txt", "link.txt", "real"]
    );
}

#[test]
fn a_rewritten_file_keeps_its_mode_and_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    for (name, extra) in [("q.txt", &["--list"][..]), ("q.png", &["--cell", "8"][..])] {
        let path = dir.path().join(name);
        fs::write(&path, b"private").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let p = path.to_str().unwrap();
        ok(&[&["queens", "-n", "6", "-o", p][..], extra].concat());
        let m = fs::metadata(&path).unwrap();
        assert_eq!(m.permissions().mode() & 0o7777, 0o600, "{name}");
        assert_ne!(fs::read(&path).unwrap(), b"private");
    }
    // A group-writable file stays so (the umask does not apply to a mode taken over).
    let shared = dir.path().join("shared.txt");
    fs::write(&shared, b"x").unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o664)).unwrap();
    ok(&[
        "queens",
        "-n",
        "6",
        "--list",
        "-o",
        shared.to_str().unwrap(),
    ]);
    assert_eq!(fs::metadata(&shared).unwrap().mode() & 0o7777, 0o664);
    // A new file is readable by others, as usual (not the temporary file's 0600).
    let new = dir.path().join("new.txt");
    ok(&["queens", "-n", "6", "--list", "-o", new.to_str().unwrap()]);
    assert_eq!(fs::metadata(&new).unwrap().mode() & 0o077, 0o044 & !umask());
    // The owner and group are kept where the run may give the file away (as root, as the tests run).
    let owned = dir.path().join("owned.txt");
    fs::write(&owned, b"x").unwrap();
    if std::os::unix::fs::chown(&owned, Some(4321), Some(4322)).is_ok() {
        ok(&["queens", "-n", "6", "--list", "-o", owned.to_str().unwrap()]);
        let m = fs::metadata(&owned).unwrap();
        assert_eq!((m.uid(), m.gid()), (4321, 4322));
    }
    assert_eq!(
        entries(dir.path()),
        ["new.txt", "owned.txt", "q.png", "q.txt", "shared.txt"]
    );
}

/// The process's umask (read from /proc, without changing it).
fn umask() -> u32 {
    let status = fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .map(|m| u32::from_str_radix(m.trim(), 8).unwrap())
        .unwrap_or(0o022)
}

#[test]
fn a_file_size_limit_fails_the_write_with_a_message() {
    // Without SIGXFSZ ignored by the caller: chessviz ignores it itself, so the write fails with
    // EFBIG, the temporary file is removed and the old file kept.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.gif");
    fs::write(&path, b"the previous animation").unwrap();
    let out = run_shell(&format!(
        "ulimit -f 50; exec \"$0\" queens -n 8 -q -o '{}'",
        path.display()
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    // The message names the file, not only the format.
    assert!(
        err.starts_with(&format!(
            "error: {}: cannot write the GIF: ",
            path.display()
        )) && err.contains("File too large"),
        "{err}"
    );
    assert_eq!(fs::read(&path).unwrap(), b"the previous animation");
    assert_eq!(entries(dir.path()), ["q.gif"]);
}

/// A file the user may not write is refused as `cp` refuses it, even in a folder where the rename
/// that replaces files would be allowed. As root the run is made as the unprivileged user `nobody`
/// (uid 65534) over a root-owned file; otherwise over the user's own mode-0444 file.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    // World-writable, without the sticky bit: the folder itself allows the rename.
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
    let file = dir.path().join("ro.png");
    fs::write(&file, b"keep me").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_chessviz"));
    command
        .args(["knight", "-n", "5", "--cell", "12", "-o"])
        .arg(&file);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                if libc::setgid(65534) != 0 || libc::setuid(65534) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let out = command.stdin(Stdio::null()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: cannot write '"), "{err}");
    assert!(err.contains("read-only for you"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(fs::read(&file).unwrap(), b"keep me");
    assert_eq!(entries(dir.path()), ["ro.png"]);
}
