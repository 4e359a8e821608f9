//! Panels set in a monospace face (the bundled DejaVu Sans Mono), read back from the pixels: two
//! spaces of a code line's indent are as wide as a digit and a space of the arrays' index row (in
//! a proportional face a space is half a digit), and every entry of the queens' arrays `a`, `b`,
//! `c` stands under its index, the wrapped lines too.

use image::RgbImage;

use crate::common::{decode_png, ok, tempdir};

/// The left edge of the panel at the default cell: the 8 x 8 board part's width.
const PANEL_X: u32 = 8 * 48 + 2 * 24;

fn inked(img: &RgbImage, x: u32, y: u32) -> bool {
    let background = img.get_pixel(img.width() - 1, img.height() - 1).0;
    let p = img.get_pixel(x, y).0;
    (0..3)
        .map(|i| p[i].abs_diff(background[i]) as u32)
        .sum::<u32>()
        > 150
}

/// The bands of rows holding text right of `PANEL_X` (a rule, one pixel tall, is not one).
fn text_bands(img: &RgbImage) -> Vec<(u32, u32)> {
    let mut bands = Vec::new();
    let mut start = None;
    for y in 0..=img.height() {
        let ink = y < img.height() && (PANEL_X..img.width()).any(|x| inked(img, x, y));
        match (ink, start) {
            (true, None) => start = Some(y),
            (false, Some(s)) => {
                if y - s >= 4 {
                    bands.push((s, y));
                }
                start = None;
            }
            _ => {}
        }
    }
    bands
}

/// The runs of inked columns of a band: each glyph (or glyphs touching), left to right, as the
/// centre of its ink.
fn glyph_centres(img: &RgbImage, (y0, y1): (u32, u32)) -> Vec<f32> {
    let mut centres = Vec::new();
    let mut start = None;
    for x in PANEL_X..=img.width() {
        let ink = x < img.width() && (y0..y1).any(|y| inked(img, x, y));
        match (ink, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                centres.push((s + x - 1) as f32 / 2.0);
                start = None;
            }
            _ => {}
        }
    }
    centres
}

fn left_ink(img: &RgbImage, (y0, y1): (u32, u32)) -> u32 {
    (PANEL_X..img.width())
        .find(|&x| (y0..y1).any(|y| inked(img, x, y)))
        .expect("a band has ink")
}

fn still(dir: &std::path::Path, panel: &str) -> RgbImage {
    let file = dir.join(format!("{panel}.png"));
    // Step 0: no line highlighted, no column placed yet.
    ok(&[
        "queens",
        "--step",
        "0",
        "--panel",
        panel,
        "-q",
        "-o",
        &file.display().to_string(),
    ]);
    decode_png(&file)
}

#[test]
fn code_is_monospace_and_arrays_stand_under_their_indices() {
    let t = tempdir();
    let stack = still(t.path(), "stack");
    let bands = text_bands(&stack);
    // The title, then (no column placed) the index row, a, b and its wrapped line, c and its.
    assert_eq!(bands.len(), 7, "{bands:?}");
    let index = glyph_centres(&stack, bands[1]);
    assert!(index.len() >= 8, "{index:?}");
    let digits = &index[index.len() - 8..];
    let pitch = (digits[7] - digits[0]) / 7.0;
    for (band, entries) in [(2, 8), (3, 8), (4, 7), (5, 8), (6, 7)] {
        let row = glyph_centres(&stack, bands[band]);
        let row = &row[row.len() - entries..];
        for (i, (x, under)) in row.iter().zip(digits).enumerate() {
            assert!(
                (x - under).abs() <= 1.0,
                "line {band}, entry {i}: at {x}, its index at {under}"
            );
        }
    }

    let code = still(t.path(), "code");
    let bands = text_bands(&code);
    assert_eq!(bands.len(), 8, "the title and seven lines: {bands:?}");
    // "  for ...", "    if ...", "      place ...": each two spaces further in ("try(i):", the
    // line of the start, is on the highlight bar).
    let lefts: Vec<f32> = bands[2..5]
        .iter()
        .map(|&b| left_ink(&code, b) as f32)
        .collect();
    for step in lefts.windows(2) {
        let indent = step[1] - step[0];
        assert!(
            (indent - pitch).abs() <= 1.5,
            "two spaces {indent} px wide, a digit and a space {pitch} px"
        );
    }
}
