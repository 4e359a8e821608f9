//! Limits decided before the work, with advice that can be followed: numbers no cell can show on a
//! board are refused as such, at once.

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
