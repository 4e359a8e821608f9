//! A run that fails prints its one `error:` line and nothing before it: the warnings its arguments
//! earned (colours with too little contrast) are held until the run is
//! known to go on, and a run that succeeds still prints them.

use crate::common::{fails, run, tempdir};

#[test]
fn a_failing_run_prints_only_its_error_line() {
    let dir = tempdir();
    let d = dir.path().to_str().unwrap();
    // Each would warn (a mark's or a theme's colour of too little contrast) before failing, or
    // fails after its options were checked (a missing folder).
    let cases: &[&[&str]] = &[
        &[
            "queens",
            "-n",
            "7",
            "--mark",
            "8,11:dot:#ffd966",
            "-o",
            "{d}/out.tex",
        ],
        &[
            "queens",
            "-n",
            "7",
            "--colours",
            "light=#ffffff,dark=#fefefe",
            "--mark",
            "9,9",
            "-o",
            "{d}/q.png",
        ],
        &[
            "queens",
            "-n",
            "8",
            "--delay",
            "25",
            "--until-solution",
            "1",
            "-o",
            "{d}/missing/q.gif",
        ],
        &[
            "knight",
            "-n",
            "5",
            "--colours",
            "path=#eee4ce",
            "--start",
            "7,7",
            "-o",
            "{d}/k.png",
        ],
        &[
            "tromino",
            "-k",
            "2",
            "--colours",
            "light=#ffffff,dark=#fefefe",
            "--special",
            "9,9",
            "-o",
            "{d}/t.png",
        ],
        &[
            "board",
            "--mark",
            "a1:dot:#ffd966",
            "--arrow",
            "a1-a1",
            "-o",
            "{d}/b.png",
        ],
    ];
    for args in cases {
        let args: Vec<String> = args.iter().map(|a| a.replace("{d}", d)).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = fails(&args, b"");
        assert!(!err.contains("warning"), "{args:?}: {err}");
    }
    assert!(crate::common::entries(dir.path()).is_empty());
}

#[test]
fn a_run_that_goes_on_still_warns() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    let out = run(
        &[
            "queens",
            "-n",
            "7",
            "--mark",
            "2,3:dot:#ffd966",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    // The two warnings, then the summary line.
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.len() == 3
            && lines[..2]
                .iter()
                .all(|l| l.starts_with("warning: the --mark 2,3:dot:#ffd966 colour"))
            && lines[2].starts_with("wrote "),
        "{err}"
    );
    assert!(png.is_file());
    // -q silences them, as before.
    let out = run(
        &[
            "queens",
            "-n",
            "7",
            "--mark",
            "2,3:dot:#ffd966",
            "-q",
            "-o",
            png.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success() && out.stderr.is_empty());
}
