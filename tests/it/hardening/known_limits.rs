//! Limits known before any work: a solution number past the known count of solutions (OEIS
//! A000170 and A002562, up to n = 27) is refused at once with the count, and a storyboard whose
//! sheet is too large is refused from the board's size before the tour is searched.

use crate::common::{refused_before_work, tempdir};

#[test]
fn a_solution_past_the_known_count_is_refused_at_once_with_the_count() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    let gif = dir.path().join("q.gif");
    let (png, gif) = (png.to_str().unwrap(), gif.to_str().unwrap());
    // Walking the solutions of 17 (or 20) queens to find the number out of range takes minutes or
    // hours: the guard of `refused_before_work` ends such a run and fails the test.
    for (args, words) in [
        (
            vec!["queens", "-n", "17", "--solution", "999999999"],
            &[
                "--solution 999999999 is out of range",
                "n = 17 has 95,815,104 solutions",
            ][..],
        ),
        (
            vec!["queens", "-n", "17", "--solution", "999999999", "-o", png],
            &["n = 17 has 95,815,104 solutions"][..],
        ),
        (
            vec!["queens", "-n", "20", "--solution", "39029188885", "-o", png],
            &["n = 20 has 39,029,188,884 solutions"][..],
        ),
        (
            vec!["queens", "-n", "27", "--solution", "18446744073709551615"],
            &["n = 27 has 234,907,967,154,122,528 solutions"][..],
        ),
        (
            vec![
                "queens",
                "-n",
                "18",
                "--until-solution",
                "666090625",
                "-o",
                gif,
            ],
            &[
                "--until-solution 666090625 is out of range",
                "n = 18 has 666,090,624 solutions",
            ][..],
        ),
        (
            vec!["queens", "-n", "17", "--unique", "--solution", "11977940"],
            &["n = 17 has 11,977,939 fundamental solutions"][..],
        ),
    ] {
        let err = refused_before_work(&args);
        for w in words {
            assert!(err.contains(w), "{args:?}: {err}");
        }
    }
    // The last solution is still drawn, and small boards are told their count the same way.
    let last = crate::common::ok(&["queens", "-n", "6", "--solution", "4"]);
    assert_eq!(last.trim(), "531642");
    let e = crate::common::fails(&["queens", "-n", "6", "--solution", "5"], b"");
    assert!(e.contains("n = 6 has 4 solutions"), "{e}");
    assert!(crate::common::entries(dir.path()).is_empty());
}

#[test]
fn a_storyboard_too_large_is_refused_before_the_tour_is_searched() {
    let dir = tempdir();
    let png = dir.path().join("sb.png");
    // Searching a tour of 10^8 squares and making its boards needs GiBs: under the 64 MiB of
    // `refused_before_work` the old order died of a failed allocation.
    let err = refused_before_work(&[
        "knight",
        "-n",
        "10000",
        "--storyboard",
        "0,1,2",
        "--cell",
        "1",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(
        err.contains("a sheet of 3 boards") && err.contains("268435456 pixels"),
        "{err}"
    );
    // A storyboard within the limit is drawn.
    crate::common::ok(&[
        "knight",
        "-n",
        "6",
        "--storyboard",
        "0,5,10",
        "--cell",
        "20",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(png.is_file());
}

/// A listing or a solution number whose search would take hours is refused before it starts,
/// with the number of solutions walked and the time; one that takes seconds still runs.
#[test]
fn a_listing_out_of_reach_is_refused_with_the_count_and_the_time() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    for (args, words) in [
        (
            vec!["queens", "-n", "32", "--list"],
            "more than 234,907,967,154,122,528 solutions, about 2.3 billion years",
        ),
        (
            vec!["queens", "-n", "18", "--list"],
            "666,090,624 solutions, about 7 hours",
        ),
        (
            vec!["queens", "-n", "27", "--solution", "1000000"],
            "1,000,000 solutions, about 4 hours",
        ),
        (
            vec![
                "queens",
                "-n",
                "27",
                "--solution",
                "1000000",
                "-o",
                png.to_str().unwrap(),
            ],
            "1,000,000 solutions",
        ),
    ] {
        let err = refused_before_work(&args);
        assert!(err.contains(words), "{args:?}: {err}");
    }
    assert!(!png.exists());
    let listed = crate::common::ok(&["queens", "-n", "10", "--list"]);
    assert_eq!(listed.lines().count(), 724);
}

/// A video picture smaller than H.264 encodes (16 pixels a side) is refused in one line before
/// the first frame, with the cell that is large enough; that cell then works.
#[test]
fn a_video_too_small_for_h264_is_refused_with_the_cell_that_fits() {
    let dir = tempdir();
    let mp4 = dir.path().join("v.mp4");
    let mp4 = mp4.to_str().unwrap();
    let err = refused_before_work(&[
        "queens", "-n", "4", "--cell", "1", "--margin", "0", "-o", mp4,
    ]);
    assert!(
        err.contains("at least 16 x 16 pixels")
            && err.contains("4 x 4")
            && err.ends_with("use --cell 4 or more\n"),
        "{err}"
    );
    crate::common::ok(&[
        "queens", "-n", "4", "--cell", "4", "--margin", "0", "-q", "-o", mp4,
    ]);
    assert!(std::fs::metadata(mp4).unwrap().len() > 0);
}

/// A WebP or APNG of a long search on a large figure would take tens of minutes: refused before
/// the first frame with the work and the frames that fit.
#[test]
fn an_animation_over_its_work_limit_is_refused_before_the_first_frame() {
    let dir = tempdir();
    // At --cell 1024 a WebP is refused for its memory first; at 300 it fits, and the work does not.
    for (ext, cell) in [("webp", "300"), ("apng", "1024")] {
        let path = dir.path().join(format!("a.{ext}"));
        let err = refused_before_work(&[
            "queens",
            "-n",
            "8",
            "--cell",
            cell,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(
            err.contains("4205 frames of")
                && err.contains("gigapixels to encode")
                && err.contains("--max-frames"),
            "{ext}: {err}"
        );
        assert!(!path.exists());
    }
}

/// `--frames --counter` counts every step first, whatever `--max-frames` keeps: a search longer
/// than a run may count is refused before the count, and a short one is counted whole.
#[test]
fn frames_with_a_counter_are_refused_before_counting_a_search_too_long() {
    let dir = tempdir();
    let frames = dir.path().join("fr");
    let f = frames.to_str().unwrap();
    let err = refused_before_work(&[
        "queens",
        "-n",
        "16",
        "--frames",
        f,
        "--counter",
        "--max-frames",
        "5",
    ]);
    assert!(
        err.contains("16 queens") && err.contains("--counter cannot count them"),
        "{err}"
    );
    assert!(!frames.exists());
    crate::common::ok(&[
        "queens",
        "-n",
        "6",
        "--frames",
        f,
        "--counter",
        "--max-frames",
        "5",
        "-q",
    ]);
    let listed = std::fs::read_to_string(frames.join("frames.txt")).unwrap();
    assert_eq!(listed.lines().count(), 5);
}
