//! First tries of a new user that work, or hint at what works: the board side after the command
//! (`queens 8`), a board written `8x8`, a solution asked of an animation, `-q` on text, and help
//! cut short by `head`.

use crate::common::{fails, ok, run, run_shell, tempdir};

#[test]
fn the_board_side_may_follow_the_command() {
    assert_eq!(ok(&["queens", "8", "--count"]), "92\n");
    assert_eq!(
        ok(&["queens", "6", "--list"]),
        ok(&["queens", "-n", "6", "--list"])
    );
    assert_eq!(ok(&["knight", "5"]), ok(&["knight", "-n", "5"]));
    // Given twice alike is no mistake; differently, it is.
    assert_eq!(ok(&["queens", "6", "-n", "6", "--count"]), "4\n");
    let e = fails(&["queens", "6", "-n", "7", "--count"], b"");
    assert!(e.contains("given twice, as 6 and as -n 7"), "{e}");
    let e = fails(&["knight", "6", "--size", "5"], b"");
    assert!(e.contains("given twice"), "{e}");
    // Checked as -n is.
    let e = fails(&["queens", "40"], b"");
    assert!(e.contains("40 is not in 1..=32"), "{e}");
    fails(&["knight", "5", "--rows", "5", "--cols", "6"], b"");
    // A figure of the positional board.
    let dir = tempdir();
    let a = dir.path().join("a.png");
    let b = dir.path().join("b.png");
    ok(&["queens", "5", "--cell", "10", "-o", a.to_str().unwrap()]);
    ok(&[
        "queens",
        "-n",
        "5",
        "--cell",
        "10",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn a_board_written_rows_by_columns_is_told_the_options() {
    let e = fails(&["queens", "--size", "8x8"], b"");
    assert!(e.contains("-n 8") && !e.contains("invalid digit"), "{e}");
    let e = fails(&["knight", "--size", "8x8"], b"");
    assert!(e.contains("-n 8 (or --rows 8 --cols 8)"), "{e}");
    let e = fails(&["knight", "-n", "5x6"], b"");
    assert!(e.contains("--rows 5 --cols 6"), "{e}");
}

#[test]
fn a_solution_asked_of_an_animation_points_to_the_search_options() {
    let dir = tempdir();
    let gif = dir.path().join("q.gif");
    let e = fails(
        &["queens", "--solution", "3", "-o", gif.to_str().unwrap()],
        b"",
    );
    assert!(
        e.contains("--until-solution 3") && e.contains("--step"),
        "{e}"
    );
    assert!(!gif.exists());
}

#[test]
fn quiet_is_accepted_with_text_output() {
    assert_eq!(ok(&["queens", "-n", "6", "--count", "-q"]), "4\n");
    assert_eq!(ok(&["knight", "-n", "5", "-q"]), ok(&["knight", "-n", "5"]));
    assert_eq!(
        ok(&["tromino", "-k", "2", "-q"]),
        ok(&["tromino", "-k", "2"])
    );
    let out = run(&["board", "-q"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn help_cut_short_by_its_reader_ends_quietly() {
    // The reader is gone before anything is written (`--help | head -c 10` when head has read its
    // bytes from the first write, or ends first): every write fails with EPIPE, not only when
    // the help happened to fit in the pipe.
    for args in [
        &["--help"][..],
        &["queens", "--help"],
        &["knight", "-h"],
        &["--version"],
        &["queens", "-n", "8", "--list"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessviz"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    // A shell pipeline, as typed.
    let out = run_shell("\"$0\" --help | head -c 10");
    assert_eq!(out.stdout.len(), 10);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
