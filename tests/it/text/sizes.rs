//! Sizes: labels on one baseline, sizes in points shared across boards, labels never larger than
//! the numbers.

use chessviz::display_list::{Layer, RecordedShape};
use chessviz::tromino::{TrominoProblem, TrominoStyle};
use chessviz::{Square, Style};

use super::{ink, svg_pixels};
use crate::common::{decode_png, ok, tempdir};

/// The lowest row of each file label a..h of an 8 x 8 queens figure at `cell` (chess files under
/// the board), counting pixels darker than the middle of the margin and its ink.
fn label_bottoms(img: &image::RgbImage, cell: u32, margin: u32) -> Vec<u32> {
    let top = margin + 8 * cell + 2;
    let bg = *img.get_pixel(0, top);
    let lum = |p: &image::Rgb<u8>| p.0.iter().map(|&c| u32::from(c)).sum::<u32>();
    let darkest = (top..top + margin - 2)
        .flat_map(|y| (margin..margin + 8 * cell).map(move |x| (x, y)))
        .map(|(x, y)| lum(img.get_pixel(x, y)))
        .min()
        .unwrap();
    // Three quarters of the way from the background to the ink: the faint row a round letter's
    // overshoot leaves below the baseline does not count.
    let ink_at = lum(&bg) - (lum(&bg) - darkest) * 3 / 4;
    (0..8)
        .map(|c| {
            let (x0, x1) = (margin + c * cell, margin + (c + 1) * cell);
            (top..top + margin - 2)
                .filter(|&y| (x0..x1).any(|x| lum(img.get_pixel(x, y)) <= ink_at))
                .max()
                .unwrap_or(0)
        })
        .collect()
}

#[test]
fn file_labels_stand_on_one_baseline_in_png_and_svg() {
    let dir = tempdir();
    let png = dir.path().join("q.png");
    let svg = dir.path().join("q.svg");
    for p in [&png, &svg] {
        ok(&[
            "queens",
            "--cell",
            "96",
            "--theme",
            "print",
            "-o",
            p.to_str().unwrap(),
        ]);
    }
    let img = decode_png(&png);
    let from_svg = svg_pixels(svg.as_ref(), img.width(), img.height());
    for (what, img) in [("PNG", &img), ("SVG", &from_svg)] {
        let bottoms = label_bottoms(img, 96, 48);
        // g descends below the baseline; every other file letter ends on it.
        let mut on_line: Vec<u32> = bottoms
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 6)
            .map(|(_, b)| *b)
            .collect();
        on_line.dedup();
        assert_eq!(on_line.len(), 1, "{what}: ink bottoms of a..h {bottoms:?}");
        assert!(bottoms[6] > on_line[0], "{what}: g descends: {bottoms:?}");
    }
}

/// The height of the caption's ink of a queens figure of `n` at `cell` with `--font-size`.
fn caption_height(n: &str, cell: u32, size: &str) -> u32 {
    let dir = tempdir();
    let p = dir.path().join("q.png");
    let c = cell.to_string();
    let args = [
        "queens",
        "-n",
        n,
        "--cell",
        &c,
        "--font-size",
        size,
        "--caption",
        "Figure 12",
    ];
    ok(&[&args[..], &["-o", p.to_str().unwrap()]].concat());
    let img = decode_png(&p);
    let n: u32 = n.parse().unwrap();
    let margin = (cell / 2).clamp(16, 96);
    let ink = ink(&img, 2 * margin + n * cell, img.height());
    let rows: std::collections::BTreeSet<u32> = ink.iter().map(|p| p.1).collect();
    rows.last().unwrap() - rows.first().unwrap() + 1
}

#[test]
fn a_size_in_points_is_the_same_on_boards_of_any_size() {
    let small = caption_height("4", 40, "11");
    let large = caption_height("8", 96, "11");
    assert!(small.abs_diff(large) <= 1, "{small} vs {large}");
    // And it is the size asked for: twice the points, about twice the ink.
    let double = caption_height("8", 96, "22");
    assert!((2 * large).abs_diff(double) <= 2, "{large} vs {double}");
}

#[test]
fn at_16_pixel_cells_labels_are_no_larger_than_the_tile_numbers() {
    let problem = TrominoProblem::new(3, Square::new(0, 0)).unwrap();
    let look = TrominoStyle {
        numbers: true,
        ..TrominoStyle::default()
    };
    let (scene, hints) = chessviz::tromino::scene(&problem, look).unwrap();
    let figure = chessviz::draw_vector(&scene, hints, &Style::new(16)).unwrap();
    let list = figure.list();
    let em_of = |layer: Layer| -> Vec<f32> {
        list.items
            .iter()
            .filter(|i| i.layer == layer)
            .filter_map(|i| match i.shape {
                RecordedShape::Symbol { id, .. } => list.symbols.text(id).map(|t| t.em),
                _ => None,
            })
            .collect()
    };
    let (labels, numbers) = (em_of(Layer::Labels), em_of(Layer::Numbers));
    assert!(!labels.is_empty() && !numbers.is_empty());
    let largest_label = labels.iter().cloned().fold(0.0, f32::max);
    let smallest_number = numbers.iter().cloned().fold(f32::MAX, f32::min);
    assert!(
        largest_label <= smallest_number,
        "labels {largest_label}, numbers {smallest_number}"
    );
}
