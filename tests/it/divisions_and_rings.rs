//! Read from the pixels: the knight's start and end rings differ in shape (a double ring against a
//! single one, or the knight itself), not only in grey; the tiling's divisions run unbroken over tiles, outlines and the
//! centre tile, cased in the outline colour; a split step shows its division without
//! `--show-splits`.

use crate::common::{decode_png, ok, px, tempdir, Rgb};

const CELL: u32 = 48;

fn draw(dir: &std::path::Path, name: &str, args: &[&str]) -> image::RgbImage {
    let out = dir.join(name);
    let mut all = args.to_vec();
    all.extend([
        "--cell",
        "48",
        "--margin",
        "0",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    ok(&all);
    decode_png(&out)
}

/// How many separate bands of `colour` a ray from the centre of cell (`r`, `c`) to its right edge
/// crosses.
fn bands_to_the_right(img: &image::RgbImage, r: u32, c: u32, colour: Rgb) -> usize {
    let (x0, y) = (c * CELL + CELL / 2, r * CELL + CELL / 2);
    let mut bands = 0;
    let mut inside = false;
    for x in x0..(c + 1) * CELL {
        let on = px(img, x, y) == colour;
        if on && !inside {
            bands += 1;
        }
        inside = on;
    }
    bands
}

#[test]
fn start_and_end_rings_differ_in_shape_in_print() {
    let dir = tempdir();
    let theme = chessviz::Theme::by_name("print").expect("print");
    // The 6 x 6 tour from 0,0 ends on 3,2 (its matrix's 36).
    let matrix = ok(&["knight", "--size", "6"]);
    let row = matrix
        .lines()
        .position(|l| l.split_whitespace().any(|n| n == "36"));
    let end_row = row.expect("36 in the matrix") as u32;
    let end_col = matrix
        .lines()
        .nth(end_row as usize)
        .expect("row")
        .split_whitespace()
        .position(|n| n == "36")
        .expect("36") as u32;
    for show in ["path", "both"] {
        let args = ["knight", "--size", "6", "--theme", "print", "--show", show];
        let bare = [&args[..], &["--piece", "none"]].concat();
        let img = draw(dir.path(), &format!("{show}.png"), &bare);
        let start = bands_to_the_right(&img, 0, 0, theme.start);
        let end = bands_to_the_right(&img, end_row, end_col, theme.end);
        assert_eq!(start, 2, "--show {show}: the start is a double ring");
        assert_eq!(end, 1, "--show {show}: the end is a single ring");
        // With its knight the end is the knight's own shape, as large as a piece (its number, if
        // shown, in a tag in the corner), and the start keeps its double ring.
        let img = draw(dir.path(), &format!("{show}-knight.png"), &args);
        assert_eq!(
            bands_to_the_right(&img, 0, 0, theme.start),
            2,
            "--show {show}"
        );
        let rows = (end_row * CELL..(end_row + 1) * CELL)
            .filter(|&y| {
                (end_col * CELL..(end_col + 1) * CELL).any(|x| px(&img, x, y) == theme.piece)
            })
            .count() as u32;
        assert!(
            rows * 4 >= CELL * 3,
            "--show {show}: the knight fills {rows} of the end square's {CELL} rows"
        );
    }
}

#[test]
fn divisions_run_unbroken_over_tiles_outlines_and_the_centre_tile() {
    let dir = tempdir();
    for theme_name in ["print", "default"] {
        let theme = chessviz::Theme::by_name(theme_name).expect("theme");
        let args = [
            "tromino",
            "-k",
            "3",
            "--special",
            "2,5",
            "--show-splits",
            "--theme",
            theme_name,
        ];
        let img = draw(dir.path(), &format!("splits-{theme_name}.png"), &args);
        let mid = 4 * CELL;
        // The board's middle column and row of pixels: the division's core, the whole way (the
        // centre tile covers the cells 3,3 3,4 and 4,3 or so, which the old lines skipped).
        let mut broken = Vec::new();
        for t in 0..8 * CELL {
            for (x, y) in [(mid - 1, t), (mid, t), (t, mid - 1), (t, mid)] {
                if px(&img, x, y) != theme.split {
                    broken.push((x, y));
                }
            }
        }
        assert!(
            broken.is_empty(),
            "{theme_name}: the central division misses {} pixels, first {:?}",
            broken.len(),
            broken.first()
        );
        // Cased: the outline colour on both sides of the core, the whole way (away from the
        // crossing and the frame).
        let core = (0..CELL)
            .take_while(|&d| px(&img, mid + d, 10) == theme.split)
            .count() as u32;
        // (away from the crossing, the frame and where the 4 x 4 divisions end on it)
        let away = |y: u32| (0..=8).all(|i| y.abs_diff(i * CELL) > CELL / 4);
        for y in (0..8 * CELL).filter(|&y| away(y)) {
            for x in [mid - core - 1, mid + core] {
                assert_eq!(
                    px(&img, x, y),
                    theme.outline,
                    "{theme_name}: casing at {x},{y}"
                );
            }
        }
    }
}

#[test]
fn a_split_step_shows_its_division_without_show_splits() {
    let dir = tempdir();
    let theme = chessviz::Theme::default();
    let step = |name: &str, extra: &[&str]| {
        let mut args = vec!["tromino", "-k", "3", "--step", "1"];
        args.extend(extra);
        draw(dir.path(), name, &args)
    };
    let plain = step("plain.png", &[]);
    let with = step("with.png", &["--show-splits"]);
    assert_eq!(plain.dimensions(), with.dimensions());
    let differ = plain
        .pixels()
        .zip(with.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differ, 0, "step 1 alike with and without --show-splits");
    let mid = 4 * CELL;
    assert_eq!(px(&plain, mid, CELL), theme.split, "the division drawn");
    // The next step (the centre tile placed) takes it back.
    let next = {
        let out = dir.path().join("two.png");
        let path = out.to_str().expect("utf-8");
        ok(&[
            "tromino", "-k", "3", "--step", "2", "--cell", "48", "--margin", "0", "-o", path,
        ]);
        decode_png(&out)
    };
    assert!(
        !next.pixels().any(|p| p.0 == theme.split),
        "the division stays on the step after the split"
    );
}
