//! Budgets and limits: the retreat budget, `--max-frames` and `--every`, the frame cap, and a gallery
//! too large refused before its first file.

use std::fs;
use std::path::Path;

use crate::common::{entries, fails, ok, run};

#[test]
fn retreat_budget_stops_the_search_and_a_larger_one_finishes_it() {
    // 7 x 7 from 1,1 needs backtracking; the trace says how much.
    let board = ["knight", "--size", "7", "--start", "1,1"];
    let needed = ok(&[&board[..], &["--trace"]].concat())
        .lines()
        .filter(|l| l.contains(": retreat "))
        .count();
    assert!(needed > 5, "the test needs a start square that backtracks");
    let short = (needed - 1).to_string();
    let e = fails(&[&board[..], &["--max-retreats", &short]].concat(), b"");
    assert!(
        e.contains(&format!("within {short} retreats")) && e.contains("retreat budget"),
        "{e}"
    );
    let enough = needed.to_string();
    let text = ok(&[&board[..], &["--max-retreats", &enough]].concat());
    let mut steps: Vec<u32> = text
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    steps.sort_unstable();
    assert_eq!(steps, (1..=49).collect::<Vec<_>>());
    // The trace stops at the budget too, with the error after the events it made.
    let out = run(
        &[
            "knight",
            "--size",
            "7",
            "--start",
            "1,1",
            "--max-retreats",
            "5",
            "--trace",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let trace = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        trace.lines().filter(|l| l.contains(": retreat ")).count(),
        5
    );
}

fn gif_frames(path: &Path) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(fs::File::open(path).unwrap()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    frames
}

#[test]
fn max_frames_and_every_bound_the_animation() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    ok(&["queens", "-n", "6", "--cell", "8", "-o", &path("all.gif")]);
    ok(&[
        "queens",
        "-n",
        "6",
        "--cell",
        "8",
        "--max-frames",
        "7",
        "-o",
        &path("cut.gif"),
    ]);
    ok(&[
        "queens",
        "-n",
        "6",
        "--cell",
        "8",
        "--every",
        "10",
        "-o",
        &path("every.gif"),
    ]);
    let all = gif_frames(Path::new(&path("all.gif")));
    let cut = gif_frames(Path::new(&path("cut.gif")));
    let every = gif_frames(Path::new(&path("every.gif")));
    // 6 queens: 149 placements, 149 removals, 4 solutions, plus the empty board.
    assert!(all > 250, "{all}");
    assert!((1..=7).contains(&cut), "{cut}");
    assert!(every < all / 5 && every >= 4, "{every} of {all}");
}

/// The frame cap itself (200 000 frames) takes about 12 s in a debug build, so it is checked on a
/// lowered cap by the unit tests of `animate` and here only on request.
#[test]
#[ignore = "slow in debug builds (about 12 s): cargo test --test it hardening::limits:: -- --ignored"]
fn frame_limit_stops_a_huge_animation() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.gif");
    let e = fails(
        &[
            "queens",
            "-n",
            "11",
            "--cell",
            "1",
            "--margin",
            "0",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(e.contains("200000 frames") && e.contains("--every"), "{e}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_gallery_too_large_is_refused_before_any_file_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gallery");
    let e = fails(&["gallery", dir.to_str().unwrap(), "--cell", "1024"], b"");
    assert!(e.contains("sheet of 92 boards"), "{e}");
    assert!(!dir.exists(), "the folder was created");
    // An existing folder stays empty.
    fs::create_dir(&dir).unwrap();
    fails(&["gallery", dir.to_str().unwrap(), "--cell", "300"], b"");
    assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
}
