//! Streamed PNGs of plain-cell boards: pixels decoded back and checked against the cell data, the
//! tromino row source, the size limits, and (ignored by default) timings and peak memory of huge boards.

use std::cell::Cell as Counter;

use crate::compose::streamed_png::write_cells_png;
use crate::display::palette::{Palette, PaletteBuilder};
use crate::display::{Rgb, Theme};
use crate::problem::tromino::stream::TrominoRows;
use crate::raster::stream::{MAX_PIXELS, MAX_SIDE};
use crate::solve::tromino::rows::{tile_color_at, COLORS, SPECIAL_COLOR};
use crate::tromino::TrominoProblem;
use crate::{Error, Square};

/// The palette of a streamed tiling and the indices of its colours.
struct TilingColors {
    palette: Palette,
    tiles: [u8; COLORS],
    special: u8,
    outline: u8,
}

fn tiling_colors(theme: &Theme) -> TilingColors {
    let mut b = PaletteBuilder::new();
    let tiles = [
        b.color(theme.tiles[0]),
        b.color(theme.tiles[1]),
        b.color(theme.tiles[2]),
    ];
    let special = b.color(theme.special);
    let outline = b.color(theme.outline);
    TilingColors {
        palette: b.build().unwrap(),
        tiles,
        special,
        outline,
    }
}

/// Streams `problem`'s tiling at `cell` pixels and decodes it to RGB.
fn stream_tiling(
    problem: &TrominoProblem,
    cell: u32,
    outlined: bool,
) -> (image::RgbImage, TilingColors) {
    let colors = tiling_colors(&Theme::default());
    let rows = TrominoRows::new(problem, colors.tiles, colors.special);
    let side = problem.side();
    let mut png = Vec::new();
    write_cells_png(
        &mut png,
        side,
        side,
        cell,
        &colors.palette,
        |r, fills, regions| {
            rows.fill_row(r, fills, regions);
            Ok(())
        },
        outlined.then_some(colors.outline),
    )
    .unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    (img, colors)
}

fn px(img: &image::RgbImage, x: u32, y: u32) -> Rgb {
    img.get_pixel(x, y).0
}

#[test]
fn tiling_at_cell_6_shows_colours_special_and_outlines() {
    let p = TrominoProblem::new(4, Square::new(5, 10)).unwrap();
    let cell = 6;
    let (img, colors) = stream_tiling(&p, cell, true);
    let side = p.side();
    assert_eq!(img.dimensions(), (side * cell, side * cell));
    let pal = &colors.palette;
    let outline = pal.rgb(colors.outline);
    let expected_fill = |sq: Square| {
        let c = tile_color_at(&p, sq);
        if c == SPECIAL_COLOR {
            pal.rgb(colors.special)
        } else {
            pal.rgb(colors.tiles[usize::from(c)])
        }
    };
    let centre = |sq: Square| px(&img, sq.col * cell + cell / 2, sq.row * cell + cell / 2);
    for r in 0..side {
        for c in 0..side {
            let sq = Square::new(r, c);
            assert_eq!(centre(sq), expected_fill(sq), "centre of {sq}");
            // The middle half of every cell shows only its fill.
            for y in r * cell + cell / 4..(r + 1) * cell - cell / 4 {
                for x in c * cell + cell / 4..(c + 1) * cell - cell / 4 {
                    assert_eq!(px(&img, x, y), expected_fill(sq), "pixel {x},{y} of {sq}");
                }
            }
        }
    }
    assert_eq!(centre(p.special()), pal.rgb(colors.special));
    // Across every vertical cell edge: outline on both sides between tiles, fill within a tile.
    for r in 0..side {
        let y = r * cell + cell / 2;
        for c in 0..side - 1 {
            let (a, b) = (Square::new(r, c), Square::new(r, c + 1));
            let (left, right) = (px(&img, (c + 1) * cell - 1, y), px(&img, (c + 1) * cell, y));
            if p.tile_at(a) != p.tile_at(b) {
                assert_ne!(centre(a), centre(b), "{a} and {b} are different tiles");
                assert_eq!(
                    (left, right),
                    (outline, outline),
                    "edge between {a} and {b}"
                );
            } else {
                assert_eq!((left, right), (expected_fill(a), expected_fill(b)));
            }
        }
    }
    // Across every horizontal cell edge.
    for c in 0..side {
        let x = c * cell + cell / 2;
        for r in 0..side - 1 {
            let (a, b) = (Square::new(r, c), Square::new(r + 1, c));
            let (top, bottom) = (px(&img, x, (r + 1) * cell - 1), px(&img, x, (r + 1) * cell));
            if p.tile_at(a) != p.tile_at(b) {
                assert_ne!(centre(a), centre(b), "{a} and {b} are different tiles");
                assert_eq!(
                    (top, bottom),
                    (outline, outline),
                    "edge between {a} and {b}"
                );
            } else {
                assert_eq!((top, bottom), (expected_fill(a), expected_fill(b)));
            }
        }
    }
    // The board's own edge is outlined.
    let last = side * cell - 1;
    for i in 0..side * cell {
        for (x, y) in [(i, 0), (i, last), (0, i), (last, i)] {
            assert_eq!(px(&img, x, y), outline, "border pixel {x},{y}");
        }
    }
}

#[test]
fn one_pixel_cells_are_the_colour_map() {
    let p = TrominoProblem::new(6, Square::new(40, 3)).unwrap();
    let (img, colors) = stream_tiling(&p, 1, true);
    assert_eq!(img.dimensions(), (64, 64));
    for r in 0..64 {
        for c in 0..64 {
            let class = tile_color_at(&p, Square::new(r, c));
            let index = if class == SPECIAL_COLOR {
                colors.special
            } else {
                colors.tiles[usize::from(class)]
            };
            assert_eq!(px(&img, c, r), colors.palette.rgb(index), "cell {r},{c}");
        }
    }
}

#[test]
fn cells_below_four_pixels_have_no_outline() {
    let p = TrominoProblem::new(3, Square::new(0, 7)).unwrap();
    let (img, colors) = stream_tiling(&p, 3, true);
    assert_eq!(img.dimensions(), (24, 24));
    let outline = colors.palette.rgb(colors.outline);
    assert!(img.pixels().all(|p| p.0 != outline));
    for (x, y, pixel) in img.enumerate_pixels() {
        let sq = Square::new(y / 3, x / 3);
        let centre = px(&img, sq.col * 3 + 1, sq.row * 3 + 1);
        assert_eq!(pixel.0, centre, "cell {sq} is one colour");
    }
}

/// A generic board (no trominoes): regions are vertical stripes two columns wide, and a block of
/// rows 2..4 is its own region, so outlines above and below rows come from the neighbouring rows.
#[test]
fn outlines_follow_regions_of_neighbouring_rows() {
    let palette = Palette::new(vec![[255, 255, 255], [200, 0, 0], [0, 0, 0]]).unwrap();
    let (rows, cols, cell) = (6u32, 5u32, 8u32);
    let region = |r: u32, c: u32| if (2..4).contains(&r) { 100 } else { c / 2 };
    let calls = Counter::new(0u32);
    let mut png = Vec::new();
    write_cells_png(
        &mut png,
        rows,
        cols,
        cell,
        &palette,
        |r, fills, regions| {
            assert_eq!(r, calls.get(), "rows are asked for in order, once each");
            calls.set(r + 1);
            for c in 0..cols {
                fills[c as usize] = (c % 2) as u8;
                regions[c as usize] = region(r, c);
            }
            Ok(())
        },
        Some(2),
    )
    .unwrap();
    assert_eq!(calls.get(), rows);
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(img.dimensions(), (cols * cell, rows * cell));
    let ink = [0, 0, 0];
    for r in 0..rows {
        for c in 0..cols {
            let (x0, y0, mid) = (c * cell, r * cell, cell / 2);
            let fill = palette.rgb((c % 2) as u8);
            assert_eq!(px(&img, x0 + mid, y0 + mid), fill);
            let top_edge = r == 0 || region(r - 1, c) != region(r, c);
            let bottom_edge = r + 1 == rows || region(r + 1, c) != region(r, c);
            let left_edge = c == 0 || region(r, c - 1) != region(r, c);
            let right_edge = c + 1 == cols || region(r, c + 1) != region(r, c);
            let expect = |edge: bool| if edge { ink } else { fill };
            assert_eq!(px(&img, x0 + mid, y0), expect(top_edge), "top of {r},{c}");
            assert_eq!(
                px(&img, x0 + mid, y0 + cell - 1),
                expect(bottom_edge),
                "bottom of {r},{c}"
            );
            assert_eq!(px(&img, x0, y0 + mid), expect(left_edge), "left of {r},{c}");
            assert_eq!(
                px(&img, x0 + cell - 1, y0 + mid),
                expect(right_edge),
                "right of {r},{c}"
            );
        }
    }
}

#[test]
fn too_large_images_are_refused_before_any_work() {
    let colors = tiling_colors(&Theme::default());
    let side = 1u32 << 15;
    for (rows, cols, cell) in [(side, side, 2), (1, MAX_SIDE + 1, 1), (MAX_SIDE / 2, 1, 3)] {
        let mut out = Vec::new();
        let mut asked = false;
        let result = write_cells_png(
            &mut out,
            rows,
            cols,
            cell,
            &colors.palette,
            |_, _, _| {
                asked = true;
                Ok(())
            },
            None,
        );
        assert!(
            matches!(result, Err(Error::TooLarge(_))),
            "{rows} x {cols} at {cell}: {result:?}"
        );
        assert!(!asked && out.is_empty());
    }
    assert!(u64::from(side) * u64::from(side) <= MAX_PIXELS);
}

#[test]
fn bad_arguments_and_source_errors_are_reported() {
    let colors = tiling_colors(&Theme::default());
    let ok = |_: u32, _: &mut [u8], _: &mut [u32]| Ok(());
    let mut out = Vec::new();
    let zero = write_cells_png(&mut out, 0, 4, 4, &colors.palette, ok, None);
    assert!(matches!(zero, Err(Error::Invalid { .. })));
    let bad_outline = write_cells_png(&mut out, 4, 4, 4, &colors.palette, ok, Some(200));
    assert!(matches!(bad_outline, Err(Error::Invalid { .. })));
    let bad_fill = write_cells_png(
        &mut out,
        4,
        4,
        4,
        &colors.palette,
        |_, fills, _| {
            fills.fill(99);
            Ok(())
        },
        None,
    );
    assert!(matches!(bad_fill, Err(Error::Invalid { .. })));
    let stopped = write_cells_png(
        &mut out,
        8,
        8,
        2,
        &colors.palette,
        |r, _, _| {
            if r == 5 {
                Err(Error::Interrupted)
            } else {
                Ok(())
            }
        },
        None,
    );
    assert!(matches!(stopped, Err(Error::Interrupted)));
}
