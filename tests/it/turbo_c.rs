//! `queens --preset turbo-c`: the Turbo C program's screen. White one-pixel lines on black at the
//! program's 50 x 35 pitch, its outline crown (lines, no fill), the number of the last solution in a
//! red box under the board, and its timing (500 ms a step, 3000 ms on a solution and at the end),
//! in every format; refused for the other problems.

use image::GenericImageView;

use crate::common::{decode_gif, decode_png, fails, frame_fields, ok, px, tempdir, Rgb};

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const RED: Rgb = [170, 0, 0];

/// At the program's 50 x 35 cells: a margin of 15, the board from (15, 15), 400 x 280.
const M: u32 = 15;
const CW: u32 = 50;
const CH: u32 = 35;

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
fn whites(img: &image::RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| px(img, x, y) == WHITE)
        .count()
}

/// The counter box's pixels: 2.6 cells wide centred under the board, 40/35 of a cell high, one
/// margin below the board.
fn counter_box() -> (u32, u32, u32, u32) {
    let (w, h) = (130, 40);
    let x0 = M + 4 * CW - w / 2;
    let y0 = M + 8 * CH + M;
    (x0, y0, x0 + w, y0 + h)
}

/// Runs of white pixels along row `y` of the rectangle (each glyph of the counter crosses the
/// middle row at least once).
fn white_runs(img: &image::RgbImage, (x0, _, x1, _): (u32, u32, u32, u32), y: u32) -> usize {
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

#[test]
fn the_screen_is_black_with_white_lines_at_the_programs_pitch() {
    let dir = tempdir();
    // Solution 5: 24683175, the row (from the bottom) of the queen in each column.
    let img = still(&["--solution", "5"], dir.path(), "s5.png");
    assert_eq!(img.dimensions(), (2 * M + 8 * CW, 2 * M + 8 * CH + 40 + M));
    for (x, y) in [(0, 0), (img.width() - 1, img.height() - 1), (5, 200)] {
        assert_eq!(px(&img, x, y), BLACK, "the screen at {x},{y}");
    }
    // Nine vertical lines 50 apart and nine horizontal lines 35 apart, whole and one pixel wide.
    for i in 0..=8 {
        let x = M - 1 + i * CW;
        for y in M..M + 8 * CH {
            assert_eq!(px(&img, x, y), WHITE, "vertical line {i} at {x},{y}");
            if i < 8 && !(y + 1 - M).is_multiple_of(CH) {
                assert_eq!(px(&img, x + 1, y), BLACK, "one pixel wide at {x},{y}");
            }
        }
        let y = M - 1 + i * CH;
        for x in M..M + 8 * CW {
            assert_eq!(px(&img, x, y), WHITE, "horizontal line {i} at {x},{y}");
        }
    }
    // Inside the lines a cell is black but for a queen's crown: outline only, the band hollow.
    let rows = [2, 4, 6, 8, 3, 1, 7, 5];
    for c in 0..8u32 {
        for r in 0..8u32 {
            let (x0, y0) = (M + c * CW, M + r * CH);
            let inner = (x0 + 1, y0 + 1, x0 + CW - 2, y0 + CH - 2);
            let white = whites(&img, inner);
            let queen = rows[c as usize] == 8 - r;
            if queen {
                assert!(
                    white > 80,
                    "the crown in column {c} has {white} white pixels"
                );
                // The band (the program's 60..90 x 25..33 in its 50 x 35 cell at (50, 5)) is
                // outlined and hollow: its top line, its midline and its bottom line are white, the
                // rows between them black.
                let x = x0 + 25;
                for (dy, colour) in [
                    (20, WHITE),
                    (21, BLACK),
                    (23, WHITE),
                    (25, BLACK),
                    (28, WHITE),
                ] {
                    assert_eq!(
                        px(&img, x, y0 + dy),
                        colour,
                        "crown band row {dy}, column {c}"
                    );
                }
                // No balls on the spikes: the tip of a middle spike is one line.
                assert_eq!(px(&img, x0 + 18, y0 + 5), WHITE);
                assert_eq!(px(&img, x0 + 21, y0 + 5), BLACK);
            } else {
                assert_eq!(white, 0, "an empty cell ({r}, {c}) is black");
            }
        }
    }
    // The red box with the number in white: two digits, "05".
    let b = counter_box();
    for (x, y) in [(b.0, b.1), (b.2 - 1, b.3 - 1), (b.0 + 3, b.1 + 20)] {
        assert_eq!(px(&img, x, y), RED, "the counter box at {x},{y}");
    }
    assert_eq!(
        px(&img, b.0 - 1, b.1 + 20),
        BLACK,
        "the box ends at its edge"
    );
    let mid = (b.1 + b.3) / 2;
    assert!(whites(&img, b) > 100, "digits in the box");
    // Two glyphs side by side: the 0 crosses the middle row twice, the 5 at least once.
    assert_eq!(
        white_runs(&img, b, mid),
        3,
        "\"05\" across the box's middle row"
    );
    // Another solution shows another number in the same place.
    let img12 = still(&["--solution", "12"], dir.path(), "s12.png");
    assert_ne!(
        img.view(b.0, b.1, 130, 40).to_image(),
        img12.view(b.0, b.1, 130, 40).to_image()
    );
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
    // The start, then every placement and removal at 500 ms, each solution held 3000 ms.
    let held: Vec<usize> = (0..times.len()).filter(|&i| times[i].1 == 3000).collect();
    assert_eq!(held.len(), 2, "two solutions held: {held:?}");
    assert_eq!(
        held[1],
        times.len() - 1,
        "the cut ends on the second solution"
    );
    assert!(times.iter().all(|(_, ms)| *ms == 500 || *ms == 3000));
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
    assert_eq!(d.len(), 1 + 2056 + 2056 + 92);
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
    let last = decoded.frames.len() - 1;
    let step = still(&["--step", &last.to_string()], dir.path(), "step.png");
    assert!(
        decoded.rgb(last) == step,
        "--step {last} is the GIF's last frame"
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
    assert!(!std::path::Path::new(out).exists());
}
