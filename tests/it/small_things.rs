//! Small things: the tiling has one border, not two; a knight figure of numbers alone that could
//! show none is refused with the smallest cell that shows them.

use chessviz::Theme;

use crate::annotate_cli::still;
use crate::common::{fails, run};

#[test]
fn the_tiling_has_one_border_in_the_outline_colour() {
    let dir = tempfile::tempdir().unwrap();
    for theme in ["default", "print", "classic", "slate"] {
        let outline = Theme::by_name(theme).unwrap().outline;
        let img = still(
            dir.path(),
            &format!("t-{theme}.png"),
            &["tromino", "-k", "3", "--cell", "48", "--theme", theme],
        );
        // The margin is 24: from the frame's outer pixel, through the frame, into the edge cell's
        // outline strip, one colour on every side.
        let (w, h) = img.dimensions();
        // A row and a column in the middle of a cell, away from any boundary between tiles.
        let mid = 24 + 2 * 48 + 20;
        let run_from = |xs: &mut dyn Iterator<Item = (u32, u32)>| {
            xs.take_while(|&(x, y)| {
                let p = img.get_pixel(x, y).0;
                [p[0], p[1], p[2]] == outline
            })
            .count()
        };
        let frame_start = (0..24)
            .find(|&x| {
                let p = img.get_pixel(x, mid).0;
                [p[0], p[1], p[2]] == outline
            })
            .unwrap_or_else(|| panic!("{theme}: a border on the left"));
        let left = run_from(&mut (frame_start..w).map(|x| (x, mid)));
        assert!(
            frame_start + left as u32 > 24 + 1,
            "{theme}: the border runs from {frame_start} for {left} px, into the board at 24"
        );
        let top = run_from(&mut (frame_start..h).map(|y| (mid, y)));
        assert_eq!(top, left, "{theme}: the same border at the top");
    }
}

#[test]
fn numbers_alone_that_cannot_be_read_are_refused_with_the_cell_that_shows_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.png");
    let o = out.to_str().unwrap();
    let err = fails(
        &["knight", "--show", "numbers", "--cell", "12", "-o", o],
        b"",
    );
    assert!(!out.exists(), "nothing written");
    let need: u32 = err
        .split("--cell ")
        .nth(2)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("names the cell that works: {err}"));
    assert!(need > 12, "{err}");
    // That cell works, without a note; one less does not.
    let at = |cell: u32| {
        let c = cell.to_string();
        run(&["knight", "--show", "numbers", "--cell", &c, "-o", o], b"")
    };
    let ok = at(need);
    assert!(ok.status.success(), "--cell {need}");
    assert!(
        !String::from_utf8_lossy(&ok.stderr).contains("left out"),
        "--cell {need} shows the numbers"
    );
    assert_eq!(at(need - 1).status.code(), Some(2), "--cell {}", need - 1);
}
