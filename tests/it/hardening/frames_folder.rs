//! `--frames DIR` into a folder that is not fresh: the pictures of an earlier run that this run did
//! not write are removed (other files stay), a folder in use by another run is refused, and `-` or a
//! symbolic link to nothing is refused without making anything.

use std::fs;

use crate::common::{entries, fails, ok, tempdir};

/// The picture names `frames.txt` in `dir` lists.
fn listed(dir: &std::path::Path) -> Vec<String> {
    let list = fs::read_to_string(dir.join("frames.txt")).unwrap();
    list.lines()
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn a_shorter_run_leaves_only_its_own_pictures() {
    let tmp = tempdir();
    let dir = tmp.path().join("d");
    let d = dir.to_str().unwrap();
    ok(&["knight", "-n", "6", "--frames", d, "-q"]);
    let long = listed(&dir);
    // Files a run never writes stay, even when their names look alike.
    for keep in ["notes.txt", "frame-x.png", "frame-0001.gif"] {
        fs::write(dir.join(keep), b"mine").unwrap();
    }
    ok(&["knight", "-n", "5", "--frames", d, "-q"]);
    let short = listed(&dir);
    assert!(short.len() < long.len(), "{} {}", short.len(), long.len());
    let mut expected = short.clone();
    let others = [
        "animate.tex",
        "frames.txt",
        "notes.txt",
        "frame-x.png",
        "frame-0001.gif",
    ];
    expected.extend(others.map(String::from));
    expected.sort();
    assert_eq!(entries(&dir), expected);
    // Another format replaces the pictures of the first, too.
    ok(&["knight", "-n", "5", "--frames", d, "-q", "--format", "svg"]);
    assert!(entries(&dir)
        .iter()
        .all(|n| !n.ends_with(".png") || n == "frame-x.png"));
}

#[cfg(unix)]
#[test]
fn a_folder_in_use_is_refused() {
    use std::os::unix::io::AsRawFd;
    let tmp = tempdir();
    let dir = tmp.path().join("d");
    fs::create_dir(&dir).unwrap();
    let d = dir.to_str().unwrap();
    // Another run holds the folder's lock.
    let held = fs::File::open(&dir).unwrap();
    // SAFETY: flock on a descriptor this test owns.
    assert_eq!(
        unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
        0
    );
    let err = fails(&["knight", "-n", "5", "--frames", d, "-q"], b"");
    assert!(
        err.contains("in use by another chessviz run") && err.contains(d),
        "{err}"
    );
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
    drop(held);
    ok(&["knight", "-n", "5", "--frames", d, "-q"]);
    assert!(entries(&dir).contains(&"frames.txt".to_string()));
}

#[test]
fn dash_and_a_dangling_link_are_refused() {
    let tmp = tempdir();
    let err = crate::common::run_shell(&format!(
        "cd '{}' && \"$0\" knight -n 5 --frames -",
        tmp.path().display()
    ));
    let msg = String::from_utf8_lossy(&err.stderr);
    assert_eq!(err.status.code(), Some(2), "{msg}");
    assert!(
        msg.starts_with("error: --frames") && msg.contains("standard output"),
        "{msg}"
    );
    assert!(entries(tmp.path()).is_empty());
    let link = tmp.path().join("gone");
    std::os::unix::fs::symlink(tmp.path().join("nowhere"), &link).unwrap();
    let err = fails(
        &["knight", "-n", "5", "--frames", link.to_str().unwrap()],
        b"",
    );
    assert!(
        err.contains("symbolic link") && err.contains("does not exist"),
        "{err}"
    );
    assert_eq!(entries(tmp.path()), ["gone"]);
}
