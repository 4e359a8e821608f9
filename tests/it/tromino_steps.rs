//! The tromino recursion made visible (issue 20, point 3): every step of `--frames` shades the
//! sub-board of the call at work, so no picture repeats the one before, and the divisions are
//! continuous crosses centred on the quadrant boundaries that leave the central L whole.

use std::path::Path;

use chessviz::Theme;
use image::RgbImage;

use crate::common::{decode_png, ok};

const RECIPE: [&str; 8] = [
    "tromino",
    "-k",
    "3",
    "--special",
    "2,2",
    "--show-splits",
    "--cell",
    "24",
];

fn frames(dir: &Path) -> Vec<RgbImage> {
    let dir_s = dir.display().to_string();
    let mut args = RECIPE.to_vec();
    args.extend(["--frames", &dir_s, "-q"]);
    ok(&args);
    let text = std::fs::read_to_string(dir.join("frames.txt")).expect("frames.txt");
    text.lines()
        .map(|l| decode_png(&dir.join(l.split(' ').next().unwrap())))
        .collect()
}

/// The pixel columns (x) and rows (y) holding `rgb`, each sorted.
fn where_is(img: &RgbImage, rgb: [u8; 3]) -> Vec<(u32, u32)> {
    img.enumerate_pixels()
        .filter(|(_, _, p)| p.0 == rgb)
        .map(|(x, y, _)| (x, y))
        .collect()
}

/// Maximal runs of consecutive numbers in a sorted list, as (first, length).
fn runs(mut v: Vec<u32>) -> Vec<(u32, u32)> {
    v.sort_unstable();
    v.dedup();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for x in v {
        match out.last_mut() {
            Some((s, n)) if *s + *n == x => *n += 1,
            _ => out.push((x, 1)),
        }
    }
    out
}

#[test]
fn no_frame_of_the_recursion_repeats_the_one_before_and_each_is_its_step_still() {
    let tmp = tempfile::tempdir().unwrap();
    let pictures = frames(&tmp.path().join("frames"));
    // The start, 1 + 4 + 16 divisions and 21 tiles.
    assert_eq!(pictures.len(), 1 + 21 + 21);
    for (i, pair) in pictures.windows(2).enumerate() {
        assert_ne!(pair[0], pair[1], "step {} looks like step {i}", i + 1);
    }
    for (i, frame) in pictures.iter().enumerate() {
        let still = tmp.path().join(format!("step-{i}.png"));
        let (step, still_s) = (i.to_string(), still.display().to_string());
        let mut args = RECIPE.to_vec();
        args.extend(["--step", &step, "-o", &still_s, "-q"]);
        ok(&args);
        assert!(
            decode_png(&still) == *frame,
            "frame {i} is not the --step {i} still"
        );
    }
}

#[test]
fn the_focus_follows_the_call_and_the_division_is_one_centred_cross_that_spares_the_l() {
    let theme = Theme::by_name("default").unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let pictures = frames(&tmp.path().join("frames"));
    let focus = |i: usize| where_is(&pictures[i], theme.focus()).len();
    // Nothing is shaded at the start; the whole board after the first division (less the special
    // square), a quarter of it after the first 4 x 4 division, a 2 x 2 block at the first 2 x 2.
    assert_eq!(focus(0), 0);
    assert!(focus(3) * 3 < focus(1) && focus(5) * 3 < focus(3) && focus(5) > 0);
    // Step 1: the first division alone: a vertical and a horizontal line, each one unbroken band
    // of the split colour (cased in the outline colour) across the whole board.
    let split = where_is(&pictures[1], theme.split);
    let cols = runs(split.iter().map(|p| p.0).collect());
    let rows = runs(split.iter().map(|p| p.1).collect());
    assert_eq!(cols.len(), 1, "the horizontal line is unbroken: {cols:?}");
    assert_eq!(rows.len(), 1, "the vertical line is unbroken: {rows:?}");
    let ((x0, wide), (y0, high)) = (cols[0], rows[0]);
    assert_eq!(
        (wide, high),
        (8 * 24, 8 * 24),
        "both lines cross the whole board"
    );
    // The vertical line: the columns where a split pixel lies outside the horizontal line's rows.
    let v: Vec<(u32, u32)> = split
        .iter()
        .copied()
        .filter(|&(_, y)| y < y0 + high / 2 - 8 || y > y0 + high / 2 + 8)
        .collect();
    let band = runs(v.iter().map(|p| p.0).collect());
    assert_eq!(band.len(), 1, "{band:?}");
    let (bx, bw) = band[0];
    assert!(bw >= 2 && bw % 2 == 0, "width {bw}");
    assert_eq!(2 * bx + bw, 2 * x0 + wide, "centred on the middle boundary");
    let column = |i: usize| -> Vec<u32> {
        where_is(&pictures[i], theme.split)
            .into_iter()
            .filter(|&(x, _)| x == bx)
            .map(|p| p.1)
            .collect()
    };
    // Step 2 places the central L over the middle: the line runs on over it, unbroken.
    assert_eq!(
        runs(column(2)),
        vec![(y0, high)],
        "the line over the central L"
    );
}
