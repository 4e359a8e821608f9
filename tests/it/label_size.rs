//! Coordinate labels about a quarter of a square tall, read from the pixels: at least 11 px of ink
//! at the default cell of 48 (they were 8, file letters 6), scaling with the cell, in English and in
//! Chinese, on the chess axes of the queens (file letters below, ranks beside) and the index axes
//! of a tiling (numbers above and beside).

use crate::common::{decode_png, ok, tempdir};

/// The ink rows of a label: pixels at least half as far from the margin's colour as the darkest
/// pixel of the label is (anti-aliased fringes of a row count only when half inked).
fn ink_height(img: &image::RgbImage, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> u32 {
    let bg = img.get_pixel(1, 1).0;
    let dist = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0;
        (0..3)
            .map(|i| (i32::from(p[i]) - i32::from(bg[i])).abs())
            .sum::<i32>()
    };
    let strongest = ys
        .clone()
        .flat_map(|y| xs.clone().map(move |x| (x, y)))
        .map(|(x, y)| dist(x, y))
        .max()
        .unwrap_or(0);
    let rows: Vec<u32> = ys
        .filter(|&y| {
            xs.clone()
                .any(|x| 2 * dist(x, y) >= strongest && strongest > 0)
        })
        .collect();
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    }
}

/// The least ink height of the rank labels (left margin, beside each row) and of the labels along
/// the columns (below the board for chess axes, above it for index axes) of an 8 x 8 figure.
fn label_heights(img: &image::RgbImage, cell: u32, margin: u32, below: bool) -> (u32, u32) {
    let rank = (0..8)
        .map(|r| {
            let y0 = margin + r * cell;
            // Clear of the frame (an outline's width, a sixteenth of the cell, outside the board).
            ink_height(img, 1..margin - cell / 16 - 2, y0 + 1..y0 + cell - 1)
        })
        .min()
        .expect("eight rows");
    let (y0, y1) = if below {
        (
            margin + 8 * cell + cell / 16 + 2,
            margin + 8 * cell + margin - 1,
        )
    } else {
        (1, margin - cell / 16 - 2)
    };
    let file = (0..8)
        .map(|c| {
            let x0 = margin + c * cell;
            ink_height(img, x0 + 2..x0 + cell - 2, y0..y1)
        })
        .min()
        .expect("eight columns");
    (rank, file)
}

#[test]
fn labels_are_a_quarter_of_a_square_at_every_cell_and_in_chinese() {
    let dir = tempdir();
    for (problem, below) in [("queens", true), ("tromino", false)] {
        for lang in ["en", "zh"] {
            for cell in [24u32, 48, 96] {
                let out = dir.path().join(format!("{problem}-{lang}-{cell}.png"));
                let c = cell.to_string();
                let mut args = vec![problem, "--cell", &c, "--lang", lang];
                args.extend(["-o", out.to_str().expect("utf-8 path")]);
                if problem == "queens" {
                    args.extend(["-n", "8", "--caption", "none"]);
                } else {
                    args.extend(["-k", "3"]);
                }
                ok(&args);
                let img = decode_png(&out);
                let margin = (cell / 2).clamp(16, 96);
                let (rank, file) = label_heights(&img, cell, margin, below);
                // 11 px at 48: 0.23 of the cell, never under the 7 px floor of legible text.
                let want = ((cell * 23) / 100).max(7);
                println!(
                    "{problem} {lang} cell {cell}: ranks {rank} px, files {file} px (want {want})"
                );
                assert!(
                    rank >= want && file >= want,
                    "{problem} {lang} cell {cell}: labels {rank} and {file} px tall, under {want}"
                );
                // Not larger than the margin can hold.
                assert!(rank < margin && file < margin, "{problem} {lang} {cell}");
            }
        }
    }
}
