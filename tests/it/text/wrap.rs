//! A caption wraps onto as many lines as it needs within the figure's width, in every format, and
//! one that cannot fit even so is refused with the size that would hold it.

use super::{ink, inked_rows, svg_pixels};
use crate::common::{decode_gif, decode_png, fails, ok, tempdir};

const LONG: &str =
    "Figure 7.3: a knight's tour of the five by five board, found by Warnsdorff's rule";

/// The board's bottom edge in pixels: 5 rows of 32 plus two 16-pixel margins.
const BAND_TOP: u32 = 5 * 32 + 2 * 16;

/// The caption lines of a TikZ figure, in order: the texts of the nodes after `% caption`.
fn tikz_caption(tex: &str) -> Vec<String> {
    let after = tex.split("% caption").nth(1).expect("a caption layer");
    after
        .lines()
        .filter(|l| l.starts_with("\\node"))
        .filter_map(|l| l.rsplit_once(") {"))
        .map(|(_, t)| t.trim_end_matches("};").to_string())
        .collect()
}

#[test]
fn a_long_caption_wraps_onto_two_lines_with_no_word_dropped() {
    let dir = tempdir();
    let tex = dir.path().join("k.tex");
    let t = tex.to_str().unwrap();
    ok(&[
        "knight",
        "-n",
        "5",
        "--cell",
        "32",
        "--caption",
        LONG,
        "-o",
        t,
    ]);
    let lines = tikz_caption(&std::fs::read_to_string(&tex).unwrap());
    assert!(lines.len() >= 2, "{lines:?}");
    assert_eq!(lines.join(" "), LONG);
}

#[test]
fn the_band_grows_for_the_lines_and_holds_their_ink_in_png_gif_svg() {
    let dir = tempdir();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let (short, long, gif, svg) = (path("s.png"), path("l.png"), path("l.gif"), path("l.svg"));
    let base = ["knight", "-n", "5", "--cell", "32", "--caption"];
    ok(&[&base[..], &["Figure 7.3", "-o", &short]].concat());
    ok(&[&base[..], &[LONG, "-o", &long]].concat());
    ok(&[&base[..], &[LONG, "--every", "8", "-o", &gif]].concat());
    ok(&[&base[..], &[LONG, "-o", &svg]].concat());
    let (s, l) = (decode_png(short.as_ref()), decode_png(long.as_ref()));
    assert_eq!(
        s.height(),
        BAND_TOP + 16,
        "a short caption keeps the one-line band"
    );
    assert!(
        l.height() >= s.height() + 10,
        "{} vs {}",
        l.height(),
        s.height()
    );
    let gif = decode_gif(gif.as_ref());
    let last = gif.rgb(gif.frames.len() - 1);
    let from_svg = svg_pixels(svg.as_ref(), l.width(), l.height());
    // Every GIF frame is a captioned step whose band holds the step's words and the whole title:
    // at least the still's lines.
    assert_eq!(last.width(), l.width(), "GIF");
    assert!(last.height() >= l.height(), "GIF: {} rows", last.height());
    for (what, img) in [("PNG", &l), ("GIF", &last)] {
        let rows = inked_rows(img, BAND_TOP, img.height());
        // Ink below where a one-line band ends: the second line.
        assert!(rows.iter().any(|&y| y >= BAND_TOP + 16), "{what}: {rows:?}");
        let xs: Vec<u32> = ink(img, BAND_TOP, img.height())
            .iter()
            .map(|p| p.0)
            .collect();
        let (x0, x1) = (*xs.iter().min().unwrap(), *xs.iter().max().unwrap());
        assert!(
            x0 >= 2 && x1 + 3 <= img.width(),
            "{what}: ink from {x0} to {x1}"
        );
    }
    // The SVG (drawn by resvg, white where it has no background) has ink in the same rows.
    let svg_rows: Vec<u32> = (BAND_TOP + 16..l.height())
        .filter(|&y| (0..l.width()).any(|x| from_svg.get_pixel(x, y).0.iter().any(|&c| c < 128)))
        .collect();
    assert!(!svg_rows.is_empty(), "SVG: no second line");
}

#[test]
fn the_textbook_first_division_keeps_its_caption() {
    let dir = tempdir();
    let png = dir.path().join("t.png");
    let p = png.to_str().unwrap();
    let out = ok(&[
        "tromino",
        "-k",
        "2",
        "--special",
        "0,3",
        "--depth",
        "1",
        "--cell",
        "40",
        "-o",
        p,
    ]);
    let img = decode_png(&png);
    // 4 cells of 40 and two margins of 20: the band starts at 200.
    assert!(ink(&img, 200, img.height()).len() > 100, "{out}");
    assert!(
        img.height() > 220,
        "the caption takes two lines: {}",
        img.height()
    );
}

#[test]
fn a_word_too_wide_for_the_figure_is_refused_with_the_cell_that_holds_it() {
    let dir = tempdir();
    let p = dir.path().join("k.png");
    let word = "Pneumonoultramicroscopicsilicovolcanoconiosis";
    let caption = format!("Figure 1: {word}");
    let args = ["knight", "-n", "5", "--cell", "32", "--caption", &caption];
    let e = fails(&[&args[..], &["-o", p.to_str().unwrap()]].concat(), b"");
    assert!(e.contains(word) && e.contains("--cell "), "{e}");
    assert!(!p.exists());
    let cell: String = e
        .split("--cell ")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let mut wider = args.to_vec();
    wider[4] = &cell;
    ok(&[&wider[..], &["-o", p.to_str().unwrap()]].concat());
}
