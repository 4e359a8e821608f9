//! Messages that say what is wrong and where: a value with line breaks keeps its option and reason,
//! numbers out of range say how things are numbered, files are named, invisible characters are
//! shown, and a bare `chessviz` or `-V` with more is a one-line mistake (exit 2).

use std::fs;

use crate::common::{fails, ok, run, tempdir};

#[test]
fn a_value_holding_a_blank_line_keeps_option_and_reason() {
    for (args, option) in [
        (&["tromino", "--caption", "a\n\nb"][..], "--caption"),
        (&["tromino", "--special", "1\n\n2"][..], "--special"),
        (&["knight", "--start", "1\n\n2"][..], "--start"),
        (&["knight", "--storyboard", "1\n\n2"][..], "--storyboard"),
        (&["queens", "--theme", "a\n\nb"][..], "--theme"),
    ] {
        let err = fails(args, b"");
        assert!(err.contains(option), "{args:?}: {err}");
        assert!(err.contains("\\n\\n"), "{args:?}: {err}");
    }
}

#[test]
fn numbers_say_how_they_count() {
    let err = fails(&["knight", "--step", "-1"], b"");
    assert!(
        err.contains("--step") && err.contains("counted from 0"),
        "{err}"
    );
    assert!(!err.contains("invalid digit"), "{err}");
    for option in ["--solution", "--until-solution"] {
        let err = fails(&["queens", option, "0"], b"");
        assert!(
            err.contains(option) && err.contains("numbered from 1"),
            "{err}"
        );
    }
}

#[test]
fn files_are_named() {
    let err = fails(&["knight", "--path-file", "/nonexistent/p.txt"], b"");
    assert!(
        err.starts_with("error: --path-file /nonexistent/p.txt: "),
        "{err}"
    );
    // A write that fails half-way names the file (PNG here; the GIF in `files`).
    let dir = tempdir();
    let png = dir.path().join("k.png");
    let out = crate::common::run_shell(&format!(
        "ulimit -f 20; exec \"$0\" knight -n 30 -o '{}'",
        png.display()
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(&format!("error: {}: ", png.display())) && err.contains("File too large"),
        "{err}"
    );
}

#[test]
fn a_path_file_may_start_with_a_byte_order_mark() {
    let dir = tempdir();
    let file = dir.path().join("p.txt");
    fs::write(&file, "\u{feff}a1 b3 c5").unwrap();
    let text = ok(&["knight", "--path-file", file.to_str().unwrap()]);
    assert!(text.contains('1') && text.contains('3'), "{text}");
    // An invisible character inside is shown, not hidden.
    fs::write(&file, "a1 b\u{200b}3").unwrap();
    let err = fails(&["knight", "--path-file", file.to_str().unwrap()], b"");
    assert!(err.contains("\\u{200b}"), "{err}");
}

#[test]
fn bare_command_and_version_with_more() {
    let err = fails(&[], b"");
    for name in ["tromino", "queens", "knight", "gallery"] {
        assert!(err.contains(name), "{err}");
    }
    fails(&["-V", "x"], b"");
    let out = run(&["-V"], b"");
    assert!(out.status.success());
}
