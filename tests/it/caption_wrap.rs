//! Step captions wrap to a second line before a word is left out (issue 42, item 6): the words a
//! narrow figure used to drop are found in its caption band by their pixels, compared with the same
//! words drawn alone as a `--caption` of a figure of the same size; a caption that still loses words
//! is said once on standard error.

use std::path::Path;

use image::RgbImage;

use crate::common::{decode_gif, decode_png, ok, run, tempdir};

/// The ink of one line of caption text: a mask (dark pixels) cut to its bounding box.
#[derive(Debug, PartialEq)]
struct Ink {
    width: u32,
    height: u32,
    dark: Vec<bool>,
}

/// A caption pixel is ink when it is clearly darker than the band (the band is light in the
/// default theme; anti-aliased edges below half way are left out on both sides alike).
fn is_ink(p: &image::Rgb<u8>, band: &image::Rgb<u8>) -> bool {
    let luma = |c: &image::Rgb<u8>| u32::from(c[0]) * 3 + u32::from(c[1]) * 6 + u32::from(c[2]);
    luma(p) + 10 * 128 < luma(band)
}

/// The lines of ink below row `top` of `img`, top to bottom, each cut to its bounding box.
fn ink_lines(img: &RgbImage, top: u32) -> Vec<Ink> {
    let band = *img.get_pixel(1, img.height() - 1);
    let row_has_ink = |y: u32| (0..img.width()).any(|x| is_ink(img.get_pixel(x, y), &band));
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for y in top..img.height() {
        if !row_has_ink(y) {
            continue;
        }
        match runs.last_mut() {
            // Rows of one line touch; a run too short to be a line (the dots of i and j) joins
            // the one below it.
            Some((start, end)) if y == *end + 1 || *end - *start < 3 => *end = y,
            _ => runs.push((y, y)),
        }
    }
    runs.into_iter()
        .map(|(y0, y1)| {
            let xs: Vec<u32> = (0..img.width())
                .filter(|&x| (y0..=y1).any(|y| is_ink(img.get_pixel(x, y), &band)))
                .collect();
            let (x0, x1) = (xs[0], *xs.last().unwrap());
            let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
            let dark = (y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
                .map(|(x, y)| is_ink(img.get_pixel(x, y), &band))
                .collect();
            Ink {
                width,
                height,
                dark,
            }
        })
        .collect()
}

/// How much of two masks' ink agrees (intersection over union), aligned at their top-left; 0 for
/// lines of different sizes.
fn agreement(a: &Ink, b: &Ink) -> f64 {
    if a.width.abs_diff(b.width) > 1 || a.height.abs_diff(b.height) > 1 {
        return 0.0;
    }
    let (w, h) = (a.width.min(b.width), a.height.min(b.height));
    let at = |i: &Ink, x: u32, y: u32| i.dark[(y * i.width + x) as usize];
    let (mut both, mut either) = (0u32, 0u32);
    for y in 0..h {
        for x in 0..w {
            let (p, q) = (at(a, x, y), at(b, x, y));
            both += u32::from(p && q);
            either += u32::from(p || q);
        }
    }
    f64::from(both) / f64::from(either.max(1))
}

/// The caption lines of the PNG at `path`, below the board (`rows` squares of `cell` pixels after
/// the top margin, which is `margin` pixels).
fn caption_lines(path: &Path, rows: u32, cell: u32, margin: u32) -> (RgbImage, Vec<Ink>) {
    let img = decode_png(path);
    // A few pixels past the board's edge: its frame.
    let lines = ink_lines(&img, margin + rows * cell + 4);
    (img, lines)
}

/// Asserts that the last caption line of `step_args`' still shows `words`, as a `--caption` of
/// those words alone draws them on the same board at the same size.
fn last_line_says(
    problem: &[&str],
    step_args: &[&str],
    words: &str,
    (rows, cell, margin): (u32, u32, u32),
) {
    let tmp = tempdir();
    let step = tmp.path().join("step.png");
    let alone = tmp.path().join("alone.png");
    let mut args = problem.to_vec();
    args.extend(step_args);
    args.extend(["-q", "-o", step.to_str().unwrap()]);
    ok(&args);
    let mut args = problem.to_vec();
    args.extend(["--caption", words, "-q", "-o", alone.to_str().unwrap()]);
    ok(&args);
    let (step_img, step_lines) = caption_lines(&step, rows, cell, margin);
    let (_, alone_lines) = caption_lines(&alone, rows, cell, margin);
    // The lines below the board: the file letters where the board has them, then the caption.
    let kept = std::env::temp_dir().join(format!("caption-wrap-{}.png", words.len()));
    assert_eq!(
        step_lines.len(),
        alone_lines.len() + 1,
        "the step's caption wraps to two lines (picture: {})",
        {
            step_img.save(&kept).unwrap();
            kept.display()
        }
    );
    let (last, alone) = (step_lines.last().unwrap(), alone_lines.last().unwrap());
    let score = agreement(last, alone);
    assert!(
        score > 0.85,
        "the second line is not {words:?}: {score:.2} of its ink agrees \
         ({}x{} against {}x{}; picture: {})",
        last.width,
        last.height,
        alone.width,
        alone.height,
        {
            step_img.save(&kept).unwrap();
            kept.display()
        }
    );
}

/// A 6 x 6 tour at the default cell (48 px, margin 24): the last step's caption keeps "tour
/// complete" on its second line, where one line dropped it.
#[test]
fn a_six_by_six_tours_last_step_says_tour_complete() {
    last_line_says(
        &["knight", "-n", "6"],
        &["--step", "36"],
        "tour complete: 36 squares, 0 retreats",
        (6, 48, 24),
    );
}

/// Eight queens at `--cell 24` (margin 16): "solutions found" is kept on the second line.
#[test]
fn queens_at_cell_24_keep_solutions_found() {
    last_line_says(
        &["queens", "--cell", "24"],
        &["--step", "40"],
        "solutions found: 0",
        (8, 24, 16),
    );
}

/// The tour's GIF ends on the same picture as the still of its last step, caption and all.
#[test]
fn the_tours_last_frame_is_its_last_still() {
    let tmp = tempdir();
    let gif = tmp.path().join("tour.gif");
    let still = tmp.path().join("36.png");
    ok(&["knight", "-n", "6", "-q", "-o", gif.to_str().unwrap()]);
    ok(&[
        "knight",
        "-n",
        "6",
        "--step",
        "36",
        "-q",
        "-o",
        still.to_str().unwrap(),
    ]);
    let gif = decode_gif(&gif);
    let last = gif.rgb(gif.frames.len() - 1);
    let still = decode_png(&still);
    if let Some((count, first, diff)) = crate::common::pixel_diff(&still, &last) {
        let out = std::env::temp_dir().join("caption-wrap-last-frame");
        std::fs::create_dir_all(&out).unwrap();
        still.save(out.join("expected.png")).unwrap();
        last.save(out.join("actual.png")).unwrap();
        diff.save(out.join("diff.png")).unwrap();
        panic!(
            "{count} pixels differ, first at {first:?} (see {})",
            out.display()
        );
    }
}

/// A figure too narrow even for two lines leaves words out: the command says so once, naming the
/// caption as it would have read; a figure wide enough says nothing.
#[test]
fn a_caption_that_loses_words_is_said_once() {
    let tmp = tempdir();
    let narrow = tmp.path().join("narrow.png");
    let out = run(
        &[
            "queens",
            "--cell",
            "8",
            "--step",
            "40",
            "-o",
            narrow.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said = stderr
        .lines()
        .filter(|l| l.contains("the caption left out words"))
        .collect::<Vec<_>>();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(
        said[0].contains("\"step 40: queen placed on f4 \u{b7} solutions found: 0\""),
        "{}",
        said[0]
    );
    let wide = tmp.path().join("wide.png");
    let out = run(
        &[
            "queens",
            "--cell",
            "24",
            "--step",
            "40",
            "-o",
            wide.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("left out words"), "{stderr}");
    // An animation says it once for the whole run, however many of its frames lost words.
    let gif = tmp.path().join("narrow.gif");
    let out = run(
        &[
            "queens",
            "-n",
            "5",
            "--cell",
            "8",
            "-o",
            gif.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("left out words").count(), 1, "{stderr}");
}
