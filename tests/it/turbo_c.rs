//! `queens --preset turbo-c`: the Turbo C program's whole 640 x 480 screen. White one-pixel lines on
//! black at x = 125 + 50i and y = 5 + 35j, its crown's own pixels (lines, no fill, no smoothing), the
//! number of the last solution on its red bar from (275, 300), and its timing (the first queen from
//! the start, 500 ms a step, 3000 ms on a solution and at the end), in every format; refused for the
//! other problems.

use image::GenericImageView;

use crate::common::{
    decode_gif, decode_png, fails, frame_fields, have, ok, pixel_diff, px, tempdir, Rgb,
};

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [170, 0, 0];

/// The program's screen: 640 x 480, its board's lines at x = 125 + 50i and y = 5 + 35j.
const SCREEN: (u32, u32) = (640, 480);
const X0: u32 = 125;
const Y0: u32 = 5;
const CW: u32 = 50;
const CH: u32 = 35;
/// `bar(260,300,390,340)`: both corners filled.
const BAR: (u32, u32, u32, u32) = (260, 300, 390, 340);

/// The crown as the program draws it before `getimage(52,7,98,38)`: `rectangle(60,25,90,33)` and
/// its nine `line` calls, in its screen's pixels, its cell's corner at (50, 5).
const CROWN: [((f32, f32), (f32, f32)); 13] = [
    ((60., 25.), (90., 25.)),
    ((90., 25.), (90., 33.)),
    ((90., 33.), (60., 33.)),
    ((60., 33.), (60., 25.)),
    ((60., 28.), (90., 28.)),
    ((60., 25.), (55., 15.)),
    ((55., 15.), (68., 25.)),
    ((68., 25.), (68., 10.)),
    ((68., 10.), (75., 25.)),
    ((75., 25.), (82., 10.)),
    ((82., 10.), (82., 25.)),
    ((82., 25.), (95., 15.)),
    ((95., 15.), (90., 25.)),
];

fn still(args: &[&str], dir: &std::path::Path, name: &str) -> image::RgbImage {
    let path = dir.join(name);
    let mut all = vec![
        "queens",
        "--preset",
        "turbo-c",
        "-o",
        path.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    ok(&all);
    decode_png(&path)
}

/// The white pixels of the rectangle `x0..x1` x `y0..y1`.
fn whites(img: &image::RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> Vec<(u32, u32)> {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| px(img, x, y) == WHITE)
        .collect()
}

/// Runs of white pixels along row `y` from `x0` to `x1`.
fn white_runs(img: &image::RgbImage, (x0, x1): (u32, u32), y: u32) -> usize {
    let mut runs = 0;
    let mut inside = false;
    for x in x0..x1 {
        let white = px(img, x, y) == WHITE;
        if white && !inside {
            runs += 1;
        }
        inside = white;
    }
    runs
}

/// The distance from `p` to the segment `a`-`b`.
fn to_segment(p: (f32, f32), (a, b): ((f32, f32), (f32, f32))) -> f32 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let t = (((p.0 - a.0) * vx + (p.1 - a.1) * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
    let (qx, qy) = (a.0 + t * vx - p.0, a.1 + t * vy - p.1);
    (qx * qx + qy * qy).sqrt()
}

/// The corner (left and top lines' crossing) of the square of column `i` and row `j` (both from
/// 1, row 1 at the bottom): where the program's `putimage(h[i-1], l[j-1])` puts the crown's
/// (52, 7), less (2, 2).
fn corner(i: u32, j: u32) -> (u32, u32) {
    let h = [127, 177, 227, 277, 327, 377, 427, 477];
    let l = [252, 217, 182, 147, 112, 77, 42, 7];
    (h[i as usize - 1] - 2, l[j as usize - 1] - 2)
}

/// Checks that the crown in the square at `(cx, cy)` is the program's: every white pixel inside
/// the square's lines on one of its segments (within half a pixel of the exact line), and every
/// segment lit along its whole length.
fn assert_programs_crown(img: &image::RgbImage, (cx, cy): (u32, u32), what: &str) {
    let (dx, dy) = (cx as f32 - 50.0, cy as f32 - 5.0);
    let segments: Vec<_> = CROWN
        .iter()
        .map(|&((ax, ay), (bx, by))| ((ax + dx, ay + dy), (bx + dx, by + dy)))
        .collect();
    let lit = whites(img, (cx + 1, cy + 1, cx + CW, cy + CH));
    for &(x, y) in &lit {
        let near = segments
            .iter()
            .map(|&s| to_segment((x as f32, y as f32), s))
            .fold(f32::INFINITY, f32::min);
        assert!(
            near <= 0.5,
            "{what}: pixel {x},{y} is {near} px off the crown's lines"
        );
    }
    for &(a, b) in &segments {
        let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()) as u32;
        for k in 0..=steps {
            let t = k as f32 / steps as f32;
            let (x, y) = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            let hit = lit
                .iter()
                .any(|&(px, py)| (px as f32 - x).abs() <= 0.5 && (py as f32 - y).abs() <= 0.5);
            assert!(hit, "{what}: the line {a:?}-{b:?} is dark at {x},{y}");
        }
    }
}

#[test]
fn the_whole_screen_with_the_programs_lines_crowns_and_bar() {
    let dir = tempdir();
    // Solution 5: 24683175, the row (from the bottom) of the queen in each column.
    let img = still(&["--solution", "5"], dir.path(), "s5.png");
    assert_eq!(img.dimensions(), SCREEN);
    // Nothing but the program's three colours: no anti-aliased edge anywhere.
    for p in img.pixels() {
        assert!([BLACK, WHITE, RED].contains(&p.0), "a pixel {:?}", p.0);
    }
    for (x, y) in [
        (0, 0),
        (639, 479),
        (5, 200),
        (600, 100),
        (124, 100),
        (300, 4),
    ] {
        assert_eq!(px(&img, x, y), BLACK, "the screen at {x},{y}");
    }
    // The columns lit from top to bottom of the board are exactly x = 125 + 50i, and the rows lit
    // across it exactly y = 5 + 35j: one pixel each, the last ones too.
    let lit_columns: Vec<u32> = (0..SCREEN.0)
        .filter(|&x| (Y0..=Y0 + 8 * CH).all(|y| px(&img, x, y) == WHITE))
        .collect();
    let lit_rows: Vec<u32> = (0..SCREEN.1)
        .filter(|&y| (X0..=X0 + 8 * CW).all(|x| px(&img, x, y) == WHITE))
        .collect();
    assert_eq!(
        lit_columns,
        (0..=8).map(|i| X0 + CW * i).collect::<Vec<_>>()
    );
    assert_eq!(lit_rows, (0..=8).map(|j| Y0 + CH * j).collect::<Vec<_>>());
    // The lines end where the program's do: (125, 5) to (525, 285).
    assert_eq!(px(&img, X0 - 1, Y0), BLACK);
    assert_eq!(px(&img, X0 + 8 * CW + 1, Y0 + 8 * CH), BLACK);
    assert_eq!(px(&img, X0, Y0 + 8 * CH + 1), BLACK);
    // Each queen's crown on its segments, the other squares black.
    let rows = [2, 4, 6, 8, 3, 1, 7, 5];
    for i in 1..=8u32 {
        for j in 1..=8u32 {
            let c = corner(i, j);
            let inner = (c.0 + 1, c.1 + 1, c.0 + CW, c.1 + CH);
            if rows[i as usize - 1] == j {
                assert_programs_crown(&img, c, &format!("column {i} row {j}"));
            } else {
                assert!(whites(&img, inner).is_empty(), "an empty square ({i}, {j})");
            }
        }
    }
    // The red bar, both corners included, and nothing red outside it.
    let (x0, y0, x1, y1) = BAR;
    for (x, y) in [(x0, y0), (x1, y1), (x0, y1), (x1, y0), (x0 + 3, y0 + 20)] {
        assert_eq!(px(&img, x, y), RED, "the bar at {x},{y}");
    }
    for (x, y) in [(x0 - 1, y0), (x1 + 1, y1), (x0, y0 - 1), (x1, y1 + 1)] {
        assert_eq!(px(&img, x, y), BLACK, "outside the bar at {x},{y}");
    }
    let reds = img.pixels().filter(|p| p.0 == RED).count();
    let digits = whites(&img, (x0, y0, x1 + 1, y1 + 1));
    assert_eq!(reds + digits.len(), 131 * 41, "the bar is 131 x 41");
    // "05" written from (275, 300): its leftmost and topmost pixels there, in the bar's left part.
    let left = digits.iter().map(|p| p.0).min().unwrap();
    let top = digits.iter().map(|p| p.1).min().unwrap();
    let right = digits.iter().map(|p| p.0).max().unwrap();
    let bottom = digits.iter().map(|p| p.1).max().unwrap();
    assert_eq!((left, top), (275, 300));
    assert!(
        right < 320 && (320..y1).contains(&bottom),
        "{right} {bottom}"
    );
    // Two glyphs side by side: three quarters down, the 0 crosses the row twice, the 5's bowl once.
    assert_eq!(
        white_runs(&img, (x0, x1), (top + 3 * bottom) / 4),
        3,
        "\"05\""
    );
    // Another solution shows another number in the same place.
    let img12 = still(&["--solution", "12"], dir.path(), "s12.png");
    assert_ne!(
        img.view(x0, y0, 131, 41).to_image(),
        img12.view(x0, y0, 131, 41).to_image()
    );
}

#[test]
fn other_cells_scale_the_screen_and_keep_lines_one_pixel() {
    let dir = tempdir();
    // Cells 100 x 70: the screen 1280 x 960, lines at 250 + 100i and 10 + 70j.
    let img = still(&["--solution", "1", "--cell", "100"], dir.path(), "big.png");
    assert_eq!(img.dimensions(), (1280, 960));
    let lit_columns: Vec<u32> = (0..1280)
        .filter(|&x| (10..=570).all(|y| px(&img, x, y) == WHITE))
        .collect();
    assert_eq!(
        lit_columns,
        (0..=8).map(|i| 250 + 100 * i).collect::<Vec<_>>()
    );
    for p in img.pixels() {
        assert!([BLACK, WHITE, RED].contains(&p.0), "a pixel {:?}", p.0);
    }
    assert_eq!(px(&img, 520, 600), RED, "the bar at (260, 300) x 2");
    assert_eq!(px(&img, 519, 600), BLACK);
    // Cells 10 x 7: every line still drawn (lines at 25 + 10i and 1 + 7j), the border one pixel.
    let img = still(
        &["--solution", "1", "--cell", "10"],
        dir.path(),
        "small.png",
    );
    assert_eq!(img.dimensions(), (128, 96));
    let lit_columns: Vec<u32> = (0..128)
        .filter(|&x| (1..=57).all(|y| px(&img, x, y) == WHITE))
        .collect();
    let lit_rows: Vec<u32> = (0..96)
        .filter(|&y| (25..=105).all(|x| px(&img, x, y) == WHITE))
        .collect();
    assert_eq!(
        lit_columns,
        (0..=8).map(|i| 25 + 10 * i).collect::<Vec<_>>()
    );
    assert_eq!(lit_rows, (0..=8).map(|j| 1 + 7 * j).collect::<Vec<_>>());
}

#[test]
fn a_caption_of_other_characters_is_set_in_the_font_on_the_programs_bar() {
    let dir = tempdir();
    let img = still(
        &["--solution", "3", "--caption", "No. 3"],
        dir.path(),
        "c.png",
    );
    let (x0, y0, x1, y1) = BAR;
    for (x, y) in [(x0, y0), (x1, y1)] {
        assert_eq!(px(&img, x, y), RED, "the bar at {x},{y}");
    }
    assert_eq!(px(&img, x0 - 1, y0), BLACK);
    // The text is in it, wider than the two digits of a counter.
    let text: Vec<u32> = (x0..=x1)
        .filter(|&x| (y0..=y1).any(|y| px(&img, x, y) != RED))
        .collect();
    assert!(text.last().unwrap() - text[0] > 50, "{text:?}");
}

#[test]
fn before_the_first_solution_there_is_no_counter() {
    let dir = tempdir();
    let img = still(&["--step", "20"], dir.path(), "st.png");
    let reds = img.pixels().filter(|p| p.0 == RED).count();
    assert_eq!(reds, 0, "the program draws its box at the first solution");
}

/// `(file, ms)` of frames.txt.
fn frame_times(dir: &std::path::Path) -> Vec<(String, u32)> {
    std::fs::read_to_string(dir.join("frames.txt"))
        .expect("frames.txt")
        .lines()
        .map(|l| {
            let (f, ms) = frame_fields(l).expect("file and time");
            (f.to_string(), ms.parse().expect("ms"))
        })
        .collect()
}

#[test]
fn the_programs_timing_in_frames_and_gif_and_the_gif_is_the_frames() {
    let dir = tempdir();
    let frames = dir.path().join("frames");
    let gif = dir.path().join("search.gif");
    let common = [
        "queens",
        "--preset",
        "turbo-c",
        "--cell",
        "20",
        "--until-solution",
        "2",
    ];
    ok(&[&common[..], &["--frames", frames.to_str().unwrap()]].concat());
    ok(&[&common[..], &["-o", gif.to_str().unwrap()]].concat());
    let times = frame_times(&frames);
    // Every placement and removal at 500 ms from the first, each solution held 3000 ms.
    let held: Vec<usize> = (0..times.len()).filter(|&i| times[i].1 == 3000).collect();
    assert_eq!(held.len(), 2, "two solutions held: {held:?}");
    assert_eq!(
        held[1],
        times.len() - 1,
        "the cut ends on the second solution"
    );
    assert!(times.iter().all(|(_, ms)| *ms == 500 || *ms == 3000));
    // The first frame is the first queen (the program draws it before its first delay): one
    // crown, in the bottom-left square, shown 500 ms; no empty board before it.
    assert_eq!(times[0].1, 500);
    let decoded = decode_gif(&gif);
    let delays: Vec<u32> = decoded
        .delays()
        .iter()
        .map(|&d| u32::from(d) * 10)
        .collect();
    let listed: Vec<u32> = times.iter().map(|(_, ms)| *ms).collect();
    assert_eq!(delays, listed, "the GIF's delays are frames.txt's");
    for (i, (file, _)) in times.iter().enumerate() {
        let picture = decode_png(&frames.join(file));
        assert!(
            decoded.rgb(i) == picture,
            "GIF frame {i} differs from {file}"
        );
    }
    // The counter: none before the first solution, "01" from it until the second, "02" then.
    let reds = |img: &image::RgbImage| img.pixels().filter(|p| p.0 == RED).count();
    assert_eq!(reds(&decoded.rgb(held[0] - 1)), 0);
    assert!(reds(&decoded.rgb(held[0])) > 0);
    assert!(decoded.rgb(held[0] + 1) != decoded.rgb(held[1]));
    let first = decoded.rgb(0);
    let cell = 20;
    let (x0, y0) = (50, 2);
    let whites_in = |c: u32, r: u32| {
        (y0 + 1 + r * 14..y0 + (r + 1) * 14)
            .flat_map(|y| (x0 + 1 + c * cell..x0 + (c + 1) * cell).map(move |x| (x, y)))
            .filter(|&(x, y)| px(&first, x, y) == WHITE)
            .count()
    };
    assert!(whites_in(0, 7) > 10, "the first queen in the first frame");
    assert!(
        (0..8).all(|r| (1..8).all(|c| whites_in(c, r) == 0))
            && (0..7).all(|r| whites_in(0, r) == 0)
    );
    // The whole search ends with 3000 ms on the empty board after the last removal's 500.
    let full = dir.path().join("full.gif");
    ok(&[
        "queens",
        "--preset",
        "turbo-c",
        "--cell",
        "20",
        "-o",
        full.to_str().unwrap(),
    ]);
    let d = decode_gif(&full).delays();
    assert_eq!(d.len(), 2056 + 2056 + 92);
    assert_eq!(d.iter().filter(|&&c| c == 300).count(), 92);
    assert_eq!(*d.last().unwrap(), 350);
}

#[test]
fn a_step_is_its_gif_frame_and_the_vector_figures_match() {
    let dir = tempdir();
    let gif = dir.path().join("s.gif");
    ok(&[
        "queens",
        "--preset",
        "turbo-c",
        "--until-solution",
        "1",
        "-o",
        gif.to_str().unwrap(),
    ]);
    let decoded = decode_gif(&gif);
    // The GIF opens on step 1 (the first queen), so frame i is step i + 1.
    let last = decoded.frames.len() - 1;
    let first = still(&["--step", "1"], dir.path(), "first.png");
    assert!(decoded.rgb(0) == first, "--step 1 is the GIF's first frame");
    let step = still(&["--step", &(last + 1).to_string()], dir.path(), "step.png");
    assert!(
        decoded.rgb(last) == step,
        "--step {} is the GIF's last frame",
        last + 1
    );
    // The still of solution 1 is that screen too.
    let s1 = still(&["--solution", "1"], dir.path(), "s1.png");
    assert!(
        s1 == step,
        "--solution 1 is the screen on the first solution"
    );
    // SVG and PDF draw the same lines, box and crowns.
    let svg = dir.path().join("s1.svg");
    ok(&[
        "queens",
        "--preset",
        "turbo-c",
        "--solution",
        "1",
        "-o",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("#aa0000"), "the red box in the SVG");
    // Every pixel whole: rsvg-convert's picture of the SVG is the PNG's, pixel for pixel.
    if have("rsvg-convert") {
        let drawn = dir.path().join("s1-svg.png");
        let out = std::process::Command::new("rsvg-convert")
            .args([svg.to_str().unwrap(), "-o", drawn.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success(), "rsvg-convert failed");
        let read = decode_png(&drawn);
        if let Some((count, first, diff)) = pixel_diff(&s1, &read) {
            let kept = std::env::temp_dir().join("turbo-c-svg-diff.png");
            diff.save(&kept).ok();
            read.save(std::env::temp_dir().join("turbo-c-svg-actual.png"))
                .ok();
            panic!("the SVG differs from the PNG in {count} pixels, first {first:?}: {kept:?}");
        }
    } else {
        eprintln!("rsvg-convert not found: the SVG's pixels are not compared");
    }
    for ext in ["apng", "webp", "html"] {
        let out = dir.path().join(format!("s.{ext}"));
        ok(&[
            "queens",
            "--preset",
            "turbo-c",
            "--until-solution",
            "1",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(std::fs::metadata(&out).unwrap().len() > 1000, "{ext}");
    }
}

#[test]
fn other_problems_refuse_it_in_one_line() {
    let dir = tempdir();
    let out = dir.path().join("x.png");
    let out = out.to_str().unwrap();
    for args in [
        vec!["tromino", "-k", "3", "--preset", "turbo-c", "-o", out],
        vec!["knight", "--preset", "turbo-c", "-o", out],
        vec!["board", "--preset", "turbo-c", "-o", out],
    ] {
        let err = fails(&args, b"");
        assert!(err.contains("queens"), "{err}");
    }
    let err = fails(
        &[
            "queens", "--preset", "turbo-c", "--fit", "800x600", "-o", out,
        ],
        b"",
    );
    assert!(err.contains("--cell"), "{err}");
    // The screen's margins are the program's: --margin would change nothing, so it is refused.
    let err = fails(
        &["queens", "--preset", "turbo-c", "--margin", "5", "-o", out],
        b"",
    );
    assert!(
        err.contains("--margin") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!std::path::Path::new(out).exists());
}
