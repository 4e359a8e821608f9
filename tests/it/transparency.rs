//! Real transparency: with `--background transparent` the margin of a PNG is see-through and the
//! anti-aliased edges of its text are partly opaque, not the theme's margin colour blended in; the
//! text carries a halo of the other lightness, so that it reads on a dark slide as on a light one,
//! and composited on a coloured slide it has no fringe of a third colour.

use crate::annotate_cli::still;

const THEMES: [&str; 4] = ["default", "print", "classic", "slate"];

/// Relative luminance (sRGB weights, 0..255 scale; enough to tell a light fringe from a dark one).
fn luma(p: [u8; 3]) -> f64 {
    0.2126 * f64::from(p[0]) + 0.7152 * f64::from(p[1]) + 0.0722 * f64::from(p[2])
}

/// `img` over an opaque `bg`, as a slide shows it.
fn over(p: [u8; 4], bg: [u8; 3]) -> [u8; 3] {
    let a = u32::from(p[3]);
    let ch = |i: usize| ((u32::from(p[i]) * a + u32::from(bg[i]) * (255 - a) + 127) / 255) as u8;
    [ch(0), ch(1), ch(2)]
}

#[test]
fn text_edges_are_partly_opaque_ink_and_leave_no_fringe_on_red() {
    let dir = tempfile::tempdir().unwrap();
    let red = [200, 30, 30];
    for theme in THEMES {
        let name = format!("k-{theme}.png");
        let args = [
            "knight",
            "-n",
            "5",
            "--cell",
            "40",
            "--theme",
            theme,
            "--background",
            "transparent",
            "--caption",
            "Knight's tour",
        ];
        let img = still(dir.path(), &name, &args);
        let (w, h) = img.dimensions();
        // The margin is 20 px; the caption band lies below the board and its frame.
        let (board_end, frame) = (20 + 5 * 40, 3);
        let caption = |y: u32| y >= board_end + frame;
        // The caption's ink and its halo, one light and one dark.
        let mut counts = std::collections::HashMap::new();
        for y in board_end + frame..h {
            for x in 0..w {
                let p = img.get_pixel(x, y).0;
                if p[3] == 255 {
                    *counts.entry([p[0], p[1], p[2]]).or_insert(0u32) += 1;
                }
            }
        }
        // The darkest and the lightest opaque colour (of more than two pixels).
        let mut common: Vec<[u8; 3]> = counts
            .into_iter()
            .filter(|&(_, n)| n > 2)
            .map(|(c, _)| c)
            .collect();
        common.sort_by(|a, b| luma(*a).total_cmp(&luma(*b)).then(a.cmp(b)));
        assert!(common.len() >= 2, "{name}: the caption has ink and a halo");
        let (ink, halo) = (common[0], common[common.len() - 1]);
        assert!(
            (luma(ink) - luma(halo)).abs() > 120.0,
            "{name}: ink {ink:?} and halo {halo:?} are of the other lightness"
        );
        let lumas = [luma(red), luma(ink), luma(halo)];
        let lo = lumas.iter().copied().fold(f64::MAX, f64::min);
        let hi = lumas.iter().copied().fold(f64::MIN, f64::max);
        let mut partial = 0;
        for y in 0..h {
            for x in 0..w {
                let p = img.get_pixel(x, y).0;
                let on_board = (20..board_end).contains(&x) && (20..board_end).contains(&y);
                if on_board {
                    assert_eq!(p[3], 255, "{name}: board pixel {x},{y} is opaque");
                    continue;
                }
                if p[3] > 0 && p[3] < 255 {
                    partial += 1;
                }
                if caption(y) && p[3] > 0 {
                    // Between the slide and the ink: neither a lighter nor a darker rim.
                    let l = luma(over(p, red));
                    assert!(
                        l >= lo - 2.0 && l <= hi + 2.0,
                        "{name}: caption pixel {x},{y} {p:?} on red has luma {l:.0}, outside {lo:.0}..{hi:.0}"
                    );
                }
            }
        }
        assert!(
            partial > 50,
            "{name}: {partial} pixels of text edges are partly opaque"
        );
    }
}

#[test]
fn the_png_of_a_transparent_margin_stays_indexed_with_partial_alpha_in_trns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.png");
    crate::annotate_cli::make(&[
        "queens",
        "-n",
        "5",
        "--background",
        "transparent",
        "-o",
        path.to_str().unwrap(),
    ]);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    let trns = info.trns.as_deref().expect("a tRNS chunk");
    assert_eq!(trns.iter().filter(|&&a| a == 0).count(), 1, "{trns:?}");
    assert!(
        trns.iter().filter(|&&a| a > 0 && a < 255).count() >= 4,
        "ramp steps toward transparent: {trns:?}"
    );
}
