//! Limits decided before the work, with advice that can be followed: numbers no cell can show on a
//! board are refused as such, at once; a step past the end of a trace, or past the step budget, is
//! refused before any step is played.

use crate::common::{ok, refused_before_work, tempdir};

#[test]
fn numbers_no_cell_can_show_are_refused_at_once() {
    let dir = tempdir();
    let png = dir.path().join("t.png");
    let png = png.to_str().unwrap();
    // k = 10: numbers need --cell 42, the picture limit allows --cell 15: no cell works, whichever
    // is asked for, and neither "use --cell 42 or more" nor "use --cell 15 or less" may be advised.
    for cell in ["15", "41", "42"] {
        let err = refused_before_work(&[
            "tromino",
            "-k",
            "10",
            "--cell",
            cell,
            "--numbers",
            "-o",
            "t.png",
        ]);
        assert!(
            err.contains("--numbers cannot be shown on a 1024 x 1024 board"),
            "--cell {cell}: {err}"
        );
    }
    // Where a cell works, the advice names it, and the cell it names works.
    let err = refused_before_work(&[
        "tromino",
        "-k",
        "3",
        "--cell",
        "4",
        "--numbers",
        "-o",
        "t.png",
    ]);
    assert!(err.contains("use --cell 15 or more"), "{err}");
    ok(&[
        "tromino",
        "-k",
        "3",
        "--cell",
        "15",
        "--numbers",
        "-q",
        "-o",
        png,
    ]);
}

#[test]
fn a_step_past_the_end_is_refused_before_it_is_played() {
    let dir = tempdir();
    let png = dir.path().join("k.png");
    let png = png.to_str().unwrap();
    // The trace is counted (cheap) before any step is played into a picture (not cheap).
    let err = refused_before_work(&[
        "knight", "-n", "200", "--step", "40001", "--cell", "1", "-o", png,
    ]);
    assert!(
        err.contains("--step 40001 is past the end") && err.contains("40000 steps"),
        "{err}"
    );
    // Past the documented step budget: refused before the trace of 32 queens is even begun.
    for args in [
        &[
            "queens",
            "-n",
            "32",
            "--step",
            "18446744073709551615",
            "-o",
            png,
        ][..],
        &[
            "queens",
            "-n",
            "32",
            "--storyboard",
            "0,18446744073709551615",
            "-o",
            png,
        ][..],
        &["queens", "-n", "32", "--step", "120000001", "-o", png][..],
    ] {
        let err = refused_before_work(args);
        assert!(
            err.contains("120000000 steps a run may play through"),
            "{args:?}: {err}"
        );
    }
}

/// The full search's length is known from n, so these are refused without running through the
/// trace (which took minutes to reach the step budget): the hang guard of `refused_before_work`
/// would catch a run that counted.
#[test]
fn an_animation_whose_frames_cannot_be_counted_is_refused() {
    let dir = tempdir();
    let gif = dir.path().join("q.gif");
    let err = refused_before_work(&[
        "queens",
        "-n",
        "16",
        "--cell",
        "4",
        "--every",
        "1000000",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert!(
        err.contains("120000000 steps a run may play through"),
        "{err}"
    );
    // A step or a storyboard board past the known end of the 14-queens search (55082700 steps).
    let png = dir.path().join("q.png");
    for option in ["--step", "--storyboard"] {
        let err = refused_before_work(&[
            "queens",
            "-n",
            "14",
            "--cell",
            "4",
            option,
            "60000000",
            "-o",
            png.to_str().unwrap(),
        ]);
        assert!(err.contains("has 55082700 steps"), "{err}");
    }
}
