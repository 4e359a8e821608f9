//! `--caption` on an animation: `none` removes the step caption with its band, TEXT stands in its
//! place on every frame. The frames are decoded and compared by their pixels.

use crate::common::{decode_gif, ok, tempdir};

/// The screens of frames 5 and 40 of `queens -n 5` written with `extra`, and the picture's size.
fn frames(extra: &[&str]) -> (u32, u32, Vec<u8>, Vec<u8>) {
    let tmp = tempdir();
    let path = tmp.path().join("q.gif");
    let mut args = vec!["queens", "-n", "5", "-q", "-o", path.to_str().unwrap()];
    args.extend(extra);
    ok(&args);
    let gif = decode_gif(&path);
    assert!(gif.frames.len() > 40, "{}", gif.frames.len());
    // In colours, not palette indices: the three files may order their palettes apart.
    let rgb = |i: usize| -> Vec<u8> {
        gif.frames[i]
            .screen
            .iter()
            .flat_map(|&p| gif.palette[p as usize])
            .collect()
    };
    (gif.width, gif.height, rgb(5), rgb(40))
}

/// The rows from `top` down of a screen `width` pixels wide (3 bytes a pixel).
fn rows_from(screen: &[u8], width: u32, top: u32) -> &[u8] {
    &screen[(top * width * 3) as usize..]
}

#[test]
fn caption_none_and_text_replace_the_step_caption_of_an_animation() {
    let (w, h, early, late) = frames(&[]);
    let (wn, hn, _, late_none) = frames(&["--caption", "none"]);
    let (wt, ht, early_text, late_text) = frames(&["--caption", "Five queens"]);
    assert_eq!((wn, wt), (w, w));
    // The step captions differ from frame to frame; none takes the band away.
    assert!(hn < h, "--caption none kept the band: {hn} of {h} rows");
    let board_rows = hn;
    assert_ne!(
        rows_from(&early, w, board_rows),
        rows_from(&late, w, board_rows)
    );
    // The given text is the same on every frame: the band below the board does not change.
    // (The step captions of five queens on a 288-pixel figure take a second line: "step 53: queen
    // removed from e5 · solutions found: 5"; the given text keeps the one-line band.)
    assert!(
        ht <= h,
        "--caption TEXT took a band of {ht} rows, the steps' {h}"
    );
    assert_eq!(
        rows_from(&early_text, w, board_rows),
        rows_from(&late_text, w, board_rows),
        "the band of --caption TEXT changed between frames"
    );
    assert_ne!(
        rows_from(&early_text, w, board_rows),
        rows_from(&early, w, board_rows)
    );
    // The board itself is drawn alike in all three.
    let board = |s: &[u8]| s[..(board_rows * w * 3) as usize].to_vec();
    assert_eq!(board(&late_none), board(&late));
    assert_eq!(board(&late_text), board(&late));
}
