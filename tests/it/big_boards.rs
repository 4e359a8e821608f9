//! Big boards stay figures: markers keep a visible size, `knight --path-colour step` colours the
//! path by step number with a legend, and `--squares plain` drops the checkerboard. Checked by
//! the pixels of the files written (and the SVG's and PDF's colours), in every theme.

use crate::common::{decode_png, fails, ok, px, tempdir, Rgb};

const THEMES: [&str; 4] = ["default", "print", "classic", "slate"];

/// A proxy for lightness (Rec. 601 luma), enough to order colours of one gradient.
fn luma(c: Rgb) -> f64 {
    0.299 * f64::from(c[0]) + 0.587 * f64::from(c[1]) + 0.114 * f64::from(c[2])
}

/// The extent (first to last pixel, inclusive) along row `y` of pixels of colour `ink`
/// within `reach` pixels of `x`.
fn extent(img: &image::RgbImage, x: u32, y: u32, reach: u32, ink: Rgb) -> u32 {
    let xs: Vec<u32> = (x.saturating_sub(reach)..(x + reach).min(img.width()))
        .filter(|&i| px(img, i, y) == ink)
        .collect();
    match (xs.first(), xs.last()) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    }
}

#[test]
fn knight_start_ring_keeps_a_visible_size_on_100_by_100() {
    let dir = tempdir();
    let file = dir.path().join("k.png");
    let f = file.to_str().unwrap();
    // 10-pixel cells: the cell's own ring would be under 8 pixels across.
    ok(&[
        "knight", "-n", "100", "--start", "50,50", "--cell", "10", "--margin", "0", "-o", f,
    ]);
    let img = decode_png(&file);
    let start: Rgb = [1, 89, 139]; // the default theme's start colour
    let across = extent(&img, 505, 505, 40, start);
    assert!(across >= 12, "start ring {across} px across");
    // Centred on its square, and not a blot over half the board.
    assert!(across <= 30, "start ring {across} px across");
    let left = (465..505).find(|&x| px(&img, x, 505) == start).unwrap();
    let right = (505..545)
        .rev()
        .find(|&x| px(&img, x, 505) == start)
        .unwrap();
    assert!(
        (left + right) / 2 >= 503 && (left + right) / 2 <= 506,
        "{left}..{right}"
    );
}

/// In the corner (the default start 0,0) the large ring moves in to show whole: its colour spans
/// as much across as down, and at least the minimum, instead of a quarter ring cut by the edge.
#[test]
fn a_corner_start_ring_shows_whole() {
    let dir = tempdir();
    let file = dir.path().join("k.png");
    let f = file.to_str().unwrap();
    ok(&[
        "knight", "-n", "100", "--cell", "10", "--margin", "0", "-o", f,
    ]);
    let img = decode_png(&file);
    let start: Rgb = [1, 89, 139];
    let inked: Vec<(u32, u32)> = (0..40)
        .flat_map(|y| (0..40).map(move |x| (x, y)))
        .filter(|&(x, y)| px(&img, x, y) == start)
        .collect();
    let span = |pick: fn(&(u32, u32)) -> u32| {
        let v: Vec<u32> = inked.iter().map(pick).collect();
        v.iter().max().unwrap() - v.iter().min().unwrap() + 1
    };
    assert!(!inked.is_empty(), "no start ring in the corner");
    let (across, down) = (span(|p| p.0), span(|p| p.1));
    assert!(across >= 12 && down >= 12, "{across} x {down} px");
    // A whole ring: its left and top edges are on the board, not cut at 0.
    let left = inked.iter().map(|p| p.0).min().unwrap();
    let top = inked.iter().map(|p| p.1).min().unwrap();
    assert!(
        left > 0 && top > 0,
        "cut at the edge: starts at {left},{top}"
    );
}

#[test]
fn tromino_special_square_keeps_a_visible_size_at_k_7() {
    let dir = tempdir();
    let file = dir.path().join("t.png");
    let f = file.to_str().unwrap();
    ok(&[
        "tromino",
        "-k",
        "7",
        "--special",
        "64,64",
        "--cell",
        "4",
        "--margin",
        "0",
        "-o",
        f,
    ]);
    let img = decode_png(&file);
    let special: Rgb = [52, 56, 66]; // the default theme's special square
    let centre = 64 * 4 + 2;
    let across = extent(&img, centre, centre, 30, special);
    assert!(across >= 10, "special square {across} px across (cell 4)");
}

/// The tour of a `n` x `n` board from its text output: the square of each step, in order.
fn tour(n: u32) -> Vec<(u32, u32)> {
    let text = ok(&["knight", "-n", &n.to_string()]);
    let mut steps = vec![(0, 0); (n * n) as usize];
    for (r, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (c, v) in line.split_whitespace().enumerate() {
            let k: usize = v.parse().unwrap();
            steps[k - 1] = (r as u32, c as u32);
        }
    }
    steps
}

#[test]
fn step_colours_grow_lighter_along_the_tour_in_every_theme() {
    let n = 12;
    let cell = 40;
    let steps = tour(n);
    let mid =
        |a: (u32, u32), b: (u32, u32)| ((a.1 + b.1 + 1) * cell / 2, (a.0 + b.0 + 1) * cell / 2);
    // Midpoints two moves share would show whichever is drawn last.
    let mids: Vec<(u32, u32)> = steps.windows(2).map(|w| mid(w[0], w[1])).collect();
    let dir = tempdir();
    for theme in THEMES {
        let file = dir.path().join(format!("{theme}.png"));
        let f = file.to_str().unwrap();
        ok(&[
            "knight",
            "-n",
            "12",
            "--cell",
            "40",
            "--margin",
            "0",
            "--show",
            "path",
            "--piece",
            "none",
            "--squares",
            "plain",
            "--path-colour",
            "step",
            "--theme",
            theme,
            "-o",
            f,
        ]);
        let img = decode_png(&file);
        let ground = px(&img, 3, 3);
        let mut quarters = [(0.0, 0u32); 4];
        for (i, &(x, y)) in mids.iter().enumerate() {
            if mids.iter().filter(|&&m| m == (x, y)).count() > 1 {
                continue;
            }
            // The pixel of the 3 x 3 around the midpoint least like the board: the line's core.
            let c = (x - 1..=x + 1)
                .flat_map(|x| (y - 1..=y + 1).map(move |y| (x, y)))
                .map(|(x, y)| px(&img, x, y))
                .max_by_key(|c| (luma(*c) - luma(ground)).abs() as u32)
                .unwrap();
            let q = &mut quarters[i * 4 / mids.len()];
            q.0 += luma(c);
            q.1 += 1;
        }
        let means: Vec<f64> = quarters.iter().map(|(s, k)| s / f64::from(*k)).collect();
        for w in means.windows(2) {
            assert!(w[1] > w[0] + 5.0, "{theme}: lightness by quarter {means:?}");
        }
    }
}

#[test]
fn plain_squares_have_one_tone() {
    let dir = tempdir();
    for (squares, tones) in [("plain", 1), ("checkered", 2)] {
        let file = dir.path().join(format!("{squares}.png"));
        let f = file.to_str().unwrap();
        ok(&[
            "knight",
            "-n",
            "8",
            "--show",
            "numbers",
            "--piece",
            "none",
            "--cell",
            "40",
            "--margin",
            "0",
            "--squares",
            squares,
            "-o",
            f,
        ]);
        let img = decode_png(&file);
        let mut seen: Vec<Rgb> = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .map(|(r, c)| px(&img, c * 40 + 3, r * 40 + 3))
            .collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), tones, "--squares {squares}: {seen:?}");
    }
}

#[test]
fn step_colours_refused_where_no_path_is_drawn() {
    let dir = tempdir();
    let f = dir.path().join("k.png");
    let f = f.to_str().unwrap();
    for show in ["numbers", "degrees"] {
        let err = fails(
            &["knight", "--show", show, "--path-colour", "step", "-o", f],
            b"",
        );
        assert!(
            err.contains("--path-colour step") && err.contains(show),
            "{err}"
        );
    }
}

#[test]
fn svg_and_pdf_draw_the_same_stops_and_legend() {
    let dir = tempdir();
    let svg = dir.path().join("k.svg");
    ok(&[
        "knight",
        "-n",
        "8",
        "--path-colour",
        "step",
        "-o",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    // The default theme's first and last stops (the dark part of the inferno map).
    for colour in ["#090419", "#f37819"] {
        assert!(text.contains(colour), "{colour} not in the SVG");
    }
    let stroke_colours = |args: &[&str]| {
        let pdf = dir.path().join("k.pdf");
        let mut all = vec!["knight", "-n", "8", "-o", pdf.to_str().unwrap()];
        all.extend_from_slice(args);
        ok(&all);
        let doc = lopdf::Document::load(&pdf).unwrap();
        let page = *doc.get_pages().values().next().unwrap();
        let content = String::from_utf8_lossy(&doc.get_page_content(page)).to_string();
        let mut ops: Vec<&str> = content
            .lines()
            .filter(|l| l.ends_with(" RG") || l.ends_with(" rg"))
            .collect();
        ops.sort();
        ops.dedup();
        ops.len()
    };
    let plain = stroke_colours(&[]);
    let stepped = stroke_colours(&["--path-colour", "step"]);
    assert!(stepped >= plain + 20, "{plain} colours, {stepped} by step");
}

#[test]
fn same_arguments_same_bytes() {
    let dir = tempdir();
    let mut files = Vec::new();
    for i in 0..2 {
        let file = dir.path().join(format!("k{i}.png"));
        ok(&[
            "knight",
            "-n",
            "30",
            "--cell",
            "8",
            "--path-colour",
            "step",
            "--squares",
            "plain",
            "-o",
            file.to_str().unwrap(),
        ]);
        files.push(std::fs::read(&file).unwrap());
    }
    assert_eq!(files[0], files[1]);
}
