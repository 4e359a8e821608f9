//! The README's install step puts the manual pages where `man` finds them for a cargo user: its
//! `chessviz man --dir` line, run with `HOME` in a fresh folder, writes the pages under
//! `~/.cargo/share/man/man1`, and man-db's `man -w`, with `~/.cargo/bin` on the `PATH` and no
//! `MANPATH`, names them (skipped with a line where `man` is not installed).

use std::path::Path;
use std::process::Command;

#[test]
fn the_readmes_man_pages_are_where_man_finds_them() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("chessviz man --dir "))
        .expect("the README's install step writes the man pages with `chessviz man --dir`");
    let dir = line
        .split_whitespace()
        .nth(3)
        .expect("the folder of `chessviz man --dir`");
    let home = tempfile::tempdir().unwrap();
    let pages = match dir.strip_prefix("~/") {
        Some(rest) => home.path().join(rest),
        None => panic!("the README's man pages go to a folder of the user's, not {dir}"),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_chessviz"))
        .args(["man", "--dir", pages.to_str().unwrap()])
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(pages.join("chessviz-queens.1").is_file());
    if Command::new("man").arg("--version").output().is_err() {
        crate::common::skipped("skipped: man is not installed (apt-get install man-db; .ci/run installs it), so where it looks is not checked");
        return;
    }
    // `cargo install` puts the command in ~/.cargo/bin, which is on a cargo user's PATH.
    let bin = home.path().join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    for page in ["chessviz", "chessviz-queens"] {
        let found = Command::new("man")
            .args(["-w", page])
            .env("HOME", home.path())
            .env(
                "PATH",
                format!("{}:/usr/local/bin:/usr/bin:/bin", bin.display()),
            )
            .env_remove("MANPATH")
            .output()
            .unwrap();
        let path = String::from_utf8_lossy(&found.stdout);
        assert!(
            found.status.success() && Path::new(path.trim()).starts_with(&pages),
            "man -w {page} found {path:?} ({}), not the page in {}",
            String::from_utf8_lossy(&found.stderr).trim(),
            pages.display()
        );
    }
}
