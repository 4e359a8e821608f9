//! The disk space of a batch is estimated before its first file and refused past the free space of
//! its folder or the documented ceiling (8 GiB), with the figures. The comparison with the free
//! space itself is tested in `cli::run::disk`, and against a small tmpfs where one can be mounted
//! (as root, in a mount namespace of the test's own).

use crate::common::{entries, fails, ok, tempdir};

#[test]
fn a_batch_over_the_ceiling_is_refused_before_the_first_file() {
    let tmp = tempdir();
    let dir = tmp.path().join("d");
    // 73,712 files of about 0.2 MiB each: over 8 GiB.
    let e = fails(
        &[
            "queens",
            "-n",
            "13",
            "--all",
            "--cell",
            "512",
            "-o",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        e.contains("would write 73712 files of about") && e.contains("over the limit of 8 GiB"),
        "{e}"
    );
    assert!(!dir.exists(), "the folder was created");
    // A batch that fits is written as before.
    ok(&[
        "queens",
        "-n",
        "6",
        "--all",
        "-q",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(entries(&dir).len(), 4);
}

/// The space the pictures of `dir` take on disk: their blocks (`st_blocks`, in 512-byte units).
fn blocks_of_pictures(dir: &std::path::Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    entries(dir)
        .iter()
        .filter(|n| n.starts_with("frame-"))
        .map(|n| std::fs::metadata(dir.join(n)).unwrap().blocks() * 512)
        .sum()
}

/// Runs chessviz with `args` and `--frames MOUNT/d` where MOUNT is a fresh tmpfs of `bytes` bytes
/// (its free space), in a mount namespace of its own; `None` where one cannot be made (not root).
fn frames_in_tmpfs(bytes: u64, args: &[&str]) -> Option<std::process::Output> {
    let probe = std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        return None;
    }
    let mount = tempdir();
    let out = std::process::Command::new("unshare")
        .args(["-m", "sh", "-c"])
        .arg(r#"mount -t tmpfs -o size="$1" tmpfs "$2" && shift 2 && exec "$@""#)
        .arg("sh")
        .arg(bytes.to_string())
        .arg(mount.path())
        .arg(env!("CARGO_BIN_EXE_chessviz"))
        .args(args)
        .args(["-q", "--frames"])
        .arg(mount.path().join("d"))
        .output()
        .expect("run unshare");
    Some(out)
}

/// The disk estimate of `--frames` is the pictures' blocks within 0.8x-1.5x: a free space of 0.8
/// times what they take refuses the run before its first picture, one of 1.5 times lets it through.
/// Runs whose pictures grow (a knight's path), stay alike (tromino), change back and forth (queens).
#[test]
fn the_frames_disk_estimate_is_within_its_bounds_of_the_written_blocks() {
    const PAGE: u64 = 4096;
    for args in [
        &["knight", "-n", "8"][..],
        &["queens", "-n", "6", "--cell", "16"],
        &["tromino", "-k", "4", "--cell", "12"],
        &["knight", "-n", "6", "--format", "svg"],
    ] {
        let tmp = tempdir();
        let dir = tmp.path().join("d");
        let mut written = args.to_vec();
        written.extend(["-q", "--frames", dir.to_str().unwrap()]);
        ok(&written);
        let taken = blocks_of_pictures(&dir);
        let Some(low) = frames_in_tmpfs(taken * 8 / 10 / PAGE * PAGE, args) else {
            eprintln!("skipped: no tmpfs can be mounted here (unshare -m needs root)");
            return;
        };
        let err = String::from_utf8_lossy(&low.stderr);
        assert_eq!(low.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--frames would write"), "{args:?}: {err}");
        let high = frames_in_tmpfs((taken * 3 / 2).div_ceil(PAGE) * PAGE, args).unwrap();
        let err = String::from_utf8_lossy(&high.stderr);
        assert!(high.status.success(), "{args:?} ({taken} bytes): {err}");
    }
}
