//! `tromino --shapes`: the legend of the four L shapes, each board in the colour the orientation
//! colouring gives its shape in a real tiling, leaving the corner its label names empty.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::textbook::{empty_corner, textbook, tile_cells, write, Cell};
use crate::common::tempdir;
use crate::common::{decode_png, fails, plain_cell_color, px, Rgb};
use chessviz::tromino;
use chessviz::Style;

/// The colour the orientation colouring gives each empty corner, read from a tiling the CLI draws
/// (at cell centres), with every tile's shape from the textbook recursion.
fn orientation_colours(dir: &Path, theme: &str) -> BTreeMap<Cell, Rgb> {
    let cell = 20;
    let (board, _) = textbook(3, (2, 2));
    let img = decode_png(&write(
        dir,
        &format!("tiling-{theme}.png"),
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,2",
            "--color-by",
            "orientation",
            "--margin",
            "0",
            "--cell",
            "20",
            "--theme",
            theme,
        ],
    ));
    let mut colours: BTreeMap<Cell, Rgb> = BTreeMap::new();
    for cells in tile_cells(&board).values() {
        let corner = empty_corner(cells);
        for &(r, c) in cells {
            let got = plain_cell_color(&img, 0, cell, r, c).expect("a plain tile cell");
            let known = *colours.entry(corner).or_insert(got);
            assert_eq!(known, got, "one colour per shape ({theme})");
        }
    }
    assert_eq!(colours.len(), 4, "the 8 x 8 tiling uses all four shapes");
    let distinct: BTreeSet<Rgb> = colours.values().copied().collect();
    assert_eq!(distinct.len(), 4, "four shape colours ({theme})");
    colours
}

/// Where `colour` is in `img`: the bounding box (x0, y0, x1, y1), inclusive.
fn bounding_box(img: &image::RgbImage, colour: Rgb) -> Option<(u32, u32, u32, u32)> {
    let mut bb: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in img.enumerate_pixels() {
        if p.0 == colour {
            bb = Some(match bb {
                None => (x, y, x, y),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
            });
        }
    }
    bb
}

#[test]
fn shapes_legend_shows_the_four_l_orientations_in_their_tiling_colours() {
    let dir = tempdir();
    for theme in ["default", "classic", "slate"] {
        let colours = orientation_colours(dir.path(), theme);
        let cell = 40u32;
        let img = decode_png(&write(
            dir.path(),
            &format!("shapes-{theme}.png"),
            &["tromino", "--shapes", "--cell", "40", "--theme", theme],
        ));
        let mut boxes = Vec::new();
        for (&corner, &colour) in &colours {
            // The shape's colour covers one 2 x 2 block (less its outline): one board.
            let (x0, y0, x1, y1) = bounding_box(&img, colour)
                .unwrap_or_else(|| panic!("{theme}: no board in the colour of {corner:?}"));
            let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
            assert!(
                (2 * cell * 3 / 4..=2 * cell).contains(&w)
                    && (2 * cell * 3 / 4..=2 * cell).contains(&h),
                "{theme}: the colour of {corner:?} spans {w} x {h}, not one 2 x 2 board"
            );
            // Cell centres of that block: three in the shape's colour, the empty corner not.
            let (cx, cy) = ((x0 + x1).div_ceil(2), (y0 + y1).div_ceil(2));
            let mut empty = Vec::new();
            for r in 0..2u32 {
                for c in 0..2u32 {
                    let x = cx + c * cell - cell / 2;
                    let y = cy + r * cell - cell / 2;
                    if px(&img, x, y) != colour {
                        empty.push((r, c));
                    }
                }
            }
            assert_eq!(
                empty,
                vec![corner],
                "{theme}: the board in the colour of the shape missing {corner:?}"
            );
            boxes.push((x0, y0, x1, y1));
        }
        // Four separate boards.
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[..i] {
                let apart = a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1;
                assert!(apart, "{theme}: boards overlap: {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn shapes_legend_lays_out_four_labelled_boards_in_every_format() {
    let boards = tromino::shape_legend_boards();
    assert_eq!(boards.len(), 4);
    let labels: BTreeSet<String> = boards
        .iter()
        .map(|b| format!("{} {}", b.label.head, b.label.body))
        .collect();
    let expected: BTreeSet<String> = ["top-left", "top-right", "bottom-left", "bottom-right"]
        .iter()
        .map(|c| format!("missing {c}"))
        .collect();
    assert_eq!(labels, expected);
    let dir = tempdir();
    let svg =
        std::fs::read_to_string(write(dir.path(), "s.svg", &["tromino", "--shapes"])).expect("svg");
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..40]
    );
    let pdf = std::fs::read(write(dir.path(), "s.pdf", &["tromino", "--shapes"])).expect("pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    // The smallest cell with legible names is accepted; one pixel less is refused, nothing written.
    let min = tromino::shapes_min_cell(&Style::new(48))
        .expect("min cell")
        .expect("legible at some cell");
    assert!(min <= 48, "legible at the default cell: {min}");
    let at = |c: u32| c.to_string();
    write(
        dir.path(),
        "min.png",
        &["tromino", "--shapes", "--cell", &at(min)],
    );
    let small = dir.path().join("small.png");
    let err = fails(
        &[
            "tromino",
            "--shapes",
            "--cell",
            &at(min - 1),
            "-o",
            small.to_str().unwrap(),
        ],
        b"",
    );
    assert!(err.contains(&format!("--cell {min}")), "{err}");
    assert!(!small.exists());
}
