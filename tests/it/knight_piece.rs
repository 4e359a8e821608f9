//! The knight at the size of the other pieces (issue 42, item 7): on its square the knight is as
//! large as a queen at every cell size, with or without the square's number, and a numbered
//! square's number stays legible in its tag in the corner, not hidden by the piece, in PNG, SVG and
//! PDF alike.
//!
//! Pictures are drawn on plain white squares with the piece in magenta and the start and end
//! colours green, so that the piece's ink, the tag's ring and the digits (the theme's dark ink) are
//! told apart by colour alone.

use std::path::Path;
use std::process::Command;

use image::RgbImage;

use crate::common::{decode_png, status, tempdir};

/// The colours and the bare board every picture here is drawn with.
const LOOK: &[&str] = &[
    "--margin",
    "0",
    "--squares",
    "plain",
    "--colours",
    "light=#ffffff,piece=#ff00ff,start=#00a000,end=#00a000",
    "-q",
];

/// How far a pixel of an SVG or PDF drawn by another reader may be from the PNG's and still agree.
const EDGE_LEVELS: u8 = 64;

/// A box of pixels: left, top, right, bottom (inclusive).
type Box = (u32, u32, u32, u32);

fn width(b: Box) -> u32 {
    b.2 - b.0 + 1
}

fn height(b: Box) -> u32 {
    b.3 - b.1 + 1
}

/// The picture `args` draws at `cell` (with [`LOOK`]) as PNG.
fn png(dir: &Path, name: &str, args: &[&str], cell: u32) -> RgbImage {
    let file = dir.join(format!("{name}-{cell}.png"));
    let cell = cell.to_string();
    let mut all = args.to_vec();
    all.extend(["--cell", &cell]);
    all.extend(LOOK);
    all.extend(["-o", file.to_str().unwrap()]);
    status(&all);
    decode_png(&file)
}

/// Whether a pixel is at least half covered by the magenta piece (over white, or over the tag's
/// white rim).
fn is_piece(p: &image::Rgb<u8>) -> bool {
    p[0] >= 200 && p[2] >= 200 && p[1] <= 127
}

/// Whether a pixel is touched by the piece at all.
fn touched_by_piece(p: &image::Rgb<u8>) -> bool {
    p[0] >= 160 && p[2] >= 160 && u16::from(p[1]) + 24 < u16::from(p[0].min(p[2]))
}

/// Whether a pixel is at least half covered by the digits' dark ink (not the green ring, not the
/// red path, whose mixes with white are lighter).
fn is_digit(p: &image::Rgb<u8>) -> bool {
    p[0].max(p[1]).max(p[2]) < 128
}

/// Whether a pixel is at least half covered by the tag's green ring.
fn is_ring(p: &image::Rgb<u8>) -> bool {
    p[1] >= 100 && u16::from(p[1]) >= u16::from(p[0].max(p[2])) + 60
}

/// Whether a pixel is touched by the digits' grey ink at all (thin strokes of small digits are
/// under half covered in places); the ring's green and the path's red are not grey.
fn touched_by_digit(p: &image::Rgb<u8>) -> bool {
    let (lo, hi) = (p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]));
    hi < 200 && hi - lo <= 40
}

/// The box of the pixels in `region` that `keep` keeps.
fn ink_box(img: &RgbImage, region: Box, keep: impl Fn(&image::Rgb<u8>) -> bool) -> Option<Box> {
    let mut found: Option<Box> = None;
    for y in region.1..=region.3.min(img.height() - 1) {
        for x in region.0..=region.2.min(img.width() - 1) {
            if keep(img.get_pixel(x, y)) {
                let b = found.get_or_insert((x, y, x, y));
                *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
            }
        }
    }
    found
}

fn whole(img: &RgbImage) -> Box {
    (0, 0, img.width() - 1, img.height() - 1)
}

/// The only piece of the picture: its ink box.
fn piece_box(img: &RgbImage, what: &str) -> Box {
    ink_box(img, whole(img), is_piece).unwrap_or_else(|| panic!("{what}: no piece drawn"))
}

/// The square of `cell` pixels that holds the piece whose ink box is `piece`.
fn square_of(piece: Box, cell: u32) -> Box {
    let (cx, cy) = ((piece.0 + piece.2) / 2, (piece.1 + piece.3) / 2);
    let (x, y) = (cx / cell * cell, cy / cell * cell);
    (x, y, x + cell - 1, y + cell - 1)
}

/// The 8-connected groups of pixels in `b` that `keep` keeps: one per digit.
fn groups(img: &RgbImage, b: Box, keep: impl Fn(&image::Rgb<u8>) -> bool) -> usize {
    let (w, h) = (width(b) as usize, height(b) as usize);
    let mut seen = vec![false; w * h];
    let mut count = 0;
    for start in 0..w * h {
        let at = |i: usize| img.get_pixel(b.0 + (i % w) as u32, b.1 + (i / w) as u32);
        if seen[start] || !keep(at(start)) {
            continue;
        }
        count += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if !seen[j] && keep(at(j)) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    count
}

/// The tours drawn at each cell size with a number on the knight's square: the number's digits.
/// At 24 px the numbers of an 8 x 8 tour are too small to read (the knight stands alone there,
/// checked below), so a three-square path on 3 x 3 shows its single digits.
fn numbered(cell: u32) -> (Vec<&'static str>, usize) {
    if cell < 28 {
        (vec!["knight", "-n", "3", "--path", "0,0 1,2 2,0"], 1)
    } else {
        (vec!["knight", "-n", "8", "--step", "30"], 2)
    }
}

#[test]
fn the_knight_is_as_large_as_a_queen_at_every_cell_size() {
    let dir = tempdir();
    for cell in [24u32, 48, 96] {
        let crown = piece_box(
            &png(dir.path(), "crown", &["queens", "--queens", "1"], cell),
            "crown",
        );
        let glyph_args = ["queens", "--queens", "1", "--piece", "glyph"];
        let glyph = piece_box(&png(dir.path(), "glyph", &glyph_args, cell), "glyph queen");
        let (args, _) = numbered(cell);
        let tagged = piece_box(&png(dir.path(), "tagged", &args, cell), "knight");
        let path_args = ["knight", "-n", "8", "--step", "30", "--show", "path"];
        let alone = piece_box(&png(dir.path(), "alone", &path_args, cell), "knight");
        for (what, knight) in [("beside its number", tagged), ("alone", alone)] {
            let what = format!("cell {cell}, the knight {what}");
            // The same font and share of the cell as the glyph queen: the same height.
            assert!(
                height(knight).abs_diff(height(glyph)) <= 1,
                "{what}: {knight:?} against the glyph queen's {glyph:?}"
            );
            // As large as the crown (the queens' own piece): the longer sides within a tenth.
            let (k, q) = (
                width(knight).max(height(knight)) as f32,
                width(crown).max(height(crown)) as f32,
            );
            assert!(
                (k / q - 1.0).abs() <= 0.1,
                "{what}: {k} px against the crown's {q} px"
            );
            // Four fifths of the square tall (the old corner badge's knight was a quarter).
            assert!(
                height(knight) as f32 >= 0.78 * cell as f32,
                "{what}: {knight:?}"
            );
        }
        // Moved aside for the number, not cut by its square's edges.
        assert_eq!(
            width(tagged),
            width(alone),
            "cell {cell}: {tagged:?} {alone:?}"
        );
        let square = square_of(tagged, cell);
        assert!(
            tagged.0 > square.0 && tagged.3 < square.3,
            "cell {cell}: the knight {tagged:?} touches its square's edge {square:?}"
        );
    }
}

/// The digits of the knight's square in `img` drawn at `cell`: their ink box (in the square's top
/// right, where the tag is), checked to be legible, whole and clear of the piece.
fn tag_digits(img: &RgbImage, cell: u32, digits: usize, what: &str) -> Box {
    let piece = piece_box(img, what);
    let square = square_of(piece, cell);
    let corner = (
        square.0 + cell * 2 / 5,
        square.1,
        square.2,
        square.1 + cell / 2,
    );
    let ring =
        ink_box(img, corner, is_ring).unwrap_or_else(|| panic!("{what}: no tag beside the knight"));
    let inside = (ring.0 + 1, ring.1 + 1, ring.2 - 1, ring.3 - 1);
    let number = ink_box(img, inside, touched_by_digit)
        .unwrap_or_else(|| panic!("{what}: no number in the tag {ring:?}"));
    // 11 px at the default cell of 48, scaling with the cell, never under the 7 px floor.
    let tall = (0.23 * cell as f32).max(7.0).floor() as u32;
    assert!(
        height(number) >= tall,
        "{what}: digits {} px tall, want {tall}",
        height(number)
    );
    // Dark: at least half covered in most of their height (not a faint smear).
    let dark = ink_box(img, number, is_digit).map_or(0, height);
    assert!(dark + 1 >= tall, "{what}: digits dark over {dark} px");
    assert_eq!(
        groups(img, number, touched_by_digit),
        digits,
        "{what}: the digits {number:?} are not {digits} whole glyphs"
    );
    // Nothing of the piece on the digits or the pixel around them.
    let around = (
        number.0 - 1,
        number.1.max(1) - 1,
        number.2 + 1,
        number.3 + 1,
    );
    assert!(
        ink_box(img, around, touched_by_piece).is_none(),
        "{what}: the piece reaches the number at {around:?}"
    );
    number
}

#[test]
fn the_number_beside_the_knight_is_legible_and_not_hidden() {
    let dir = tempdir();
    for cell in [24u32, 48, 96] {
        let (args, digits) = numbered(cell);
        let img = png(dir.path(), "numbered", &args, cell);
        tag_digits(&img, cell, digits, &format!("cell {cell}"));
    }
    // Three digits (a 10 x 10 tour's 100) keep the size at the default cell and above.
    for cell in [48u32, 96] {
        let img = png(
            dir.path(),
            "hundred",
            &["knight", "-n", "10", "--step", "100"],
            cell,
        );
        tag_digits(&img, cell, 3, &format!("100 at cell {cell}"));
    }
}

/// `file` drawn with an outside program as a PNG (`rsvg-convert` for SVG, `pdftoppm` at 96 dpi,
/// one pixel a pixel, for PDF).
fn outside_png(file: &Path) -> RgbImage {
    let out = file.with_extension("out.png");
    let status = if file.extension().is_some_and(|e| e == "svg") {
        Command::new("rsvg-convert")
            .arg(file)
            .arg("-o")
            .arg(&out)
            .status()
    } else {
        let stem = file.with_extension("out");
        Command::new("pdftoppm")
            .args(["-png", "-r", "96", "-singlefile"])
            .arg(file)
            .arg(&stem)
            .status()
    };
    assert!(
        status.expect("run the outside reader").success(),
        "{file:?}"
    );
    decode_png(&out)
}

#[test]
#[cfg_attr(
    any(no_rsvg, no_pdftoppm),
    ignore = "rsvg-convert or pdftoppm not found (apt-get install librsvg2-bin poppler-utils)"
)]
fn png_svg_and_pdf_draw_the_knight_and_its_number_alike() {
    let dir = tempdir();
    for cell in [24u32, 48] {
        let (args, digits) = numbered(cell);
        let png = png(dir.path(), "k", &args, cell);
        let knight = piece_box(&png, "png");
        let number = tag_digits(&png, cell, digits, &format!("png at {cell}"));
        let square = square_of(knight, cell);
        for ext in ["svg", "pdf"] {
            let file = dir.path().join(format!("k-{cell}.{ext}"));
            let cell_arg = cell.to_string();
            let mut all = args.clone();
            all.extend(["--cell", &cell_arg]);
            all.extend(LOOK);
            all.extend(["-o", file.to_str().unwrap()]);
            status(&all);
            let drawn = outside_png(&file);
            let what = format!("{ext} at {cell}");
            assert_eq!(drawn.dimensions(), png.dimensions(), "{what}");
            let near = |a: Box, b: Box| {
                [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)]
                    .iter()
                    .all(|&(p, q)| p.abs_diff(q) <= 1)
            };
            let k = piece_box(&drawn, &what);
            assert!(
                near(k, knight),
                "{what}: knight {k:?}, the PNG's {knight:?}"
            );
            let n = tag_digits(&drawn, cell, digits, &what);
            assert!(
                near(n, number),
                "{what}: number {n:?}, the PNG's {number:?}"
            );
            // The whole square alike, pixel by pixel, but for the edges each reader smooths its
            // own way (poppler's edges of 7 px digits differ by up to 60 levels).
            let crop = |img: &RgbImage| {
                image::imageops::crop_imm(img, square.0, square.1, cell, cell).to_image()
            };
            let (actual, expected) = (crop(&drawn), crop(&png));
            let close = actual
                .pixels()
                .zip(expected.pixels())
                .filter(|(p, q)| (0..3).all(|i| p[i].abs_diff(q[i]) <= EDGE_LEVELS))
                .count() as f64
                / f64::from(cell * cell);
            if close < 0.97 {
                let (_, diff) = crate::vector::agreement(&actual, &expected);
                let name = format!("knight-piece-{ext}-{cell}");
                let files = crate::vector::save_failure(&name, &actual, &expected, &diff);
                panic!(
                    "{what}: {:.1} % of the square agrees; see {files}",
                    close * 100.0
                );
            }
        }
    }
}

/// An animation's frames are its stills: the knight as large, its number in the same tag, at every
/// step looked at (the first, a move, the last).
#[test]
fn every_frame_of_the_search_draws_the_knight_as_its_still_does() {
    let dir = tempdir();
    let args = ["knight", "-n", "5"];
    let gif = dir.path().join("tour.gif");
    let mut all = args.to_vec();
    all.extend(["--cell", "48"]);
    all.extend(LOOK);
    all.extend(["-o", gif.to_str().unwrap()]);
    status(&all);
    let frames = crate::common::decode_gif(&gif);
    for step in [1usize, 6, 12, 25] {
        let step_arg = step.to_string();
        let still_args = [&args[..], &["--step", &step_arg]].concat();
        let still = png(dir.path(), &format!("step{step}"), &still_args, 48);
        let frame = frames.rgb(step);
        let what = format!("frame {step}");
        assert_eq!(frame.dimensions(), still.dimensions(), "{what}");
        assert_eq!(
            piece_box(&frame, &what),
            piece_box(&still, "still"),
            "{what}"
        );
        let digits = step.to_string().len();
        let number = tag_digits(&frame, 48, digits, &what);
        assert_eq!(number, tag_digits(&still, 48, digits, "still"), "{what}");
    }
}

/// What clears the path around the knight and the tag's rim are the square's own colour: on a plain
/// board they leave the square's grid lines (its last column and row) whole.
#[test]
fn the_grid_lines_of_a_plain_board_stay_whole_around_the_knight() {
    let dir = tempdir();
    for cell in [24u32, 48, 96] {
        let (numbered_args, _) = numbered(cell);
        let path_args = ["knight", "-n", "8", "--step", "30", "--show", "path"];
        for (name, args) in [("numbered", numbered_args), ("path", path_args.to_vec())] {
            let img = png(dir.path(), &format!("grid-{name}"), &args, cell);
            let square = square_of(piece_box(&img, name), cell);
            let right = (square.2, square.1, square.2, square.3 - 1);
            let bottom = (square.0, square.3, square.2 - 1, square.3);
            for line in [right, bottom] {
                let white = ink_box(&img, line, |p| p.0 == [255, 255, 255]);
                assert!(
                    white.is_none(),
                    "cell {cell}, {name}: the grid line {line:?} is broken at {white:?}"
                );
            }
        }
    }
}
