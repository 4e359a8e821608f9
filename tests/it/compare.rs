//! `knight --compare A,B`: two searches side by side. Each half of a step's picture is the picture
//! of that method alone at the same step (after all its steps once it has ended), pixel for pixel
//! above the title band; every sink of the step stream shows the same pictures; the counters the
//! titles and the text show are the traces'; `--max-frames` cuts the pair and says so.

use image::{GenericImageView, RgbImage};

use crate::common::{decode_gif, decode_png, fails, ok};
use crate::decode_anim::FULL_COLOUR;
use crate::sequence::{differs, frame_list};

/// The layout the tests read: 6 x 6 boards of 32-pixel cells, 20-pixel margins.
const LOOK: [&str; 4] = ["--cell", "32", "--margin", "20"];
/// A board with its margins (labels included): 2 * 20 + 6 * 32.
const SIDE: u32 = 232;
/// Where the right board's figure starts: one margin after the left one.
const RIGHT_X: u32 = SIDE + 20;
/// Warnsdorff's search on 6 x 6 from a8 (0,0): one move a square, no retreat.
const WARNSDORFF_STEPS: u64 = 36;

fn knight<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["knight", "-n", "6"];
    args.extend(LOOK);
    args.extend(more);
    args
}

fn crop(img: &RgbImage, x: u32) -> RgbImage {
    img.view(x, 0, SIDE, SIDE).to_image()
}

#[test]
fn each_half_is_its_method_alone_at_the_same_step() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    for step in [0u64, 1, 12, 40, 300] {
        let s = step.to_string();
        let pair = t.join(format!("pair-{step}.png"));
        let pair_s = pair.display().to_string();
        ok(&knight(&[
            "--compare",
            "warnsdorff,backtrack",
            "--step",
            &s,
            "-o",
            &pair_s,
            "-q",
        ]));
        let pair = decode_png(&pair);
        assert_eq!(pair.width(), RIGHT_X + SIDE, "two boards and the gap");
        for (method, x, at) in [
            ("warnsdorff", 0, step.min(WARNSDORFF_STEPS)),
            ("backtrack", RIGHT_X, step),
        ] {
            let alone = t.join(format!("{method}-{step}.png"));
            let alone_s = alone.display().to_string();
            let at = at.to_string();
            ok(&knight(&[
                "--method", method, "--step", &at, "-o", &alone_s, "-q",
            ]));
            let what = format!("{method} at step {step} (its step {at})");
            let half = crop(&pair, x);
            if let Some(d) = differs(&what, t, &crop(&decode_png(&alone), 0), &half) {
                panic!("{d}");
            }
        }
    }
}

#[test]
fn the_boards_stand_apart_on_the_background() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("c.png");
    let file_s = file.display().to_string();
    ok(&knight(&[
        "--compare",
        "warnsdorff,backtrack",
        "--step",
        "5",
        "-o",
        &file_s,
        "-q",
    ]));
    let img = decode_png(&file);
    // The gap between the two figures is the margin's colour beside the boards (the caption under
    // both may cross it), and both boards are checkered: two grids, not one wide board.
    let ground = *img.get_pixel(2, 2);
    for y in 0..SIDE {
        for x in SIDE..RIGHT_X {
            assert_eq!(*img.get_pixel(x, y), ground, "gap at {x},{y}");
        }
    }
    for x0 in [20, RIGHT_X + 20] {
        // The middle of squares (5,1) and (5,2): a light and a dark square of each board.
        let a = *img.get_pixel(x0 + 32 + 4, 20 + 5 * 32 + 4);
        let b = *img.get_pixel(x0 + 64 + 4, 20 + 5 * 32 + 4);
        assert_ne!(a, b, "board at x {x0} is checkered");
        assert_ne!(a, ground);
        assert_ne!(b, ground);
    }
}

#[test]
fn a_compare_animation_is_its_frames_and_its_stills() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let dir = t.join("frames");
    let dir_s = dir.display().to_string();
    let base = ["--compare", "backtrack,warnsdorff", "--max-frames", "45"];
    fn with_base(base: &[&str], more: &[&str]) -> Vec<String> {
        knight(base)
            .into_iter()
            .chain(more.iter().copied())
            .map(str::to_string)
            .collect()
    }
    let with = |more: &[&str]| with_base(&base, more);
    let run = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&args)
    };
    run(with(&["-q", "--frames"])
        .into_iter()
        .chain([dir_s.clone()])
        .collect());
    let list = frame_list(&dir);
    assert_eq!(list.len(), 45, "--max-frames bounds the pictures");
    let gif = t.join("c.gif");
    run(with(&["-q", "-o"])
        .into_iter()
        .chain([gif.display().to_string()])
        .collect());
    let decoded = decode_gif(&gif);
    // Every step changes a board (a title's counters at least), so no two pictures merge: one
    // frame per picture, each for its picture's time (the last one with the final hold).
    assert_eq!(
        decoded.frames.len(),
        list.len(),
        "one GIF frame per picture"
    );
    let delays = decoded.delays();
    for (i, (name, ms)) in list.iter().enumerate() {
        let picture = decode_png(&dir.join(name));
        if let Some(d) = differs(&format!("GIF frame {i}"), t, &picture, &decoded.rgb(i)) {
            panic!("{d}");
        }
        assert_eq!(u32::from(delays[i]) * 10, *ms, "GIF frame {i}'s time");
    }
    // APNG and WebP: the same pictures for the same times.
    for (ext, decode) in FULL_COLOUR {
        let file = t.join(format!("c.{ext}"));
        run(with(&["-q", "-o"])
            .into_iter()
            .chain([file.display().to_string()])
            .collect());
        let decoded = decode(&file);
        assert_eq!(decoded.frames.len(), list.len(), "{ext} frames");
        for (i, ((name, ms), frame)) in list.iter().zip(&decoded.frames).enumerate() {
            let rgb = image::DynamicImage::ImageRgba8(frame.clone()).to_rgb8();
            let picture = decode_png(&dir.join(name));
            if let Some(d) = differs(&format!("{ext} frame {i}"), t, &picture, &rgb) {
                panic!("{d}");
            }
            assert_eq!(decoded.ms[i], f64::from(*ms), "{ext} frame {i}'s time");
        }
    }
    // The stills of a few steps are their pictures; the last one (cut there) is not the still
    // of its step without the cut: its caption says the pair was stopped, and only the caption.
    // (--max-frames is for animations: a still of a step is drawn without it.)
    for step in [0usize, 7, 30] {
        let still = t.join(format!("s{step}.png"));
        let still_s = still.display().to_string();
        let s = step.to_string();
        ok(&knight(&[
            "--compare",
            "backtrack,warnsdorff",
            "--step",
            &s,
            "-q",
            "-o",
            &still_s,
        ]));
        let picture = decode_png(&dir.join(&list[step].0));
        if let Some(d) = differs(&format!("still {step}"), t, &decode_png(&still), &picture) {
            panic!("{d}");
        }
    }
    let last = decode_png(&dir.join(&list[44].0));
    let uncut = t.join("uncut.png");
    let uncut_s = uncut.display().to_string();
    ok(&knight(&[
        "--compare",
        "backtrack,warnsdorff",
        "--step",
        "44",
        "-q",
        "-o",
        &uncut_s,
    ]));
    let uncut = decode_png(&uncut);
    assert_eq!(uncut.dimensions(), last.dimensions());
    let mut first_differing_row = None;
    for (x, y, p) in uncut.enumerate_pixels() {
        if last.get_pixel(x, y) != p {
            first_differing_row = Some(first_differing_row.map_or(y, |r: u32| r.min(y)));
        }
    }
    let row = first_differing_row.expect("the cut is said in the last picture's caption");
    assert!(
        row > SIDE,
        "only the band under both boards differs, from row {row}"
    );
}

#[test]
fn vector_formats_and_the_player_take_the_pair() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let png = t.join("c.png");
    let png_s = png.display().to_string();
    let pair = ["--compare", "warnsdorff,backtrack", "--step", "40", "-q"];
    ok(&knight(&[&pair[..], &["-o", &png_s]].concat()));
    let width = decode_png(&png).width();
    let svg = t.join("c.svg");
    let svg_s = svg.display().to_string();
    ok(&knight(&[&pair[..], &["-o", &svg_s]].concat()));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains(&format!("viewBox=\"0 0 {width} ")),
        "the SVG is the pair's width"
    );
    // Both boards' squares: each board draws its 36 squares (light and dark alike) in its own
    // place, the right one moved by whole pixels.
    match std::process::Command::new("rsvg-convert")
        .arg(&svg)
        .arg("-o")
        .arg(t.join("svg.png"))
        .status()
    {
        Ok(status) if status.success() => {
            let drawn = decode_png(&t.join("svg.png"));
            let still = decode_png(&png);
            // Square centres of both boards agree with the raster.
            for x0 in [20, RIGHT_X + 20] {
                for (r, c) in [(0, 0), (2, 3), (5, 5), (4, 1)] {
                    let (x, y) = (x0 + c * 32 + 3, 20 + r * 32 + 3);
                    let (a, b) = (still.get_pixel(x, y), drawn.get_pixel(x, y));
                    let close = a.0.iter().zip(b.0).all(|(p, q)| p.abs_diff(q) < 8);
                    assert!(close, "square {r},{c} at x {x0}: {a:?} vs {b:?}");
                }
            }
        }
        _ => crate::common::skipped("skipped: rsvg-convert not found"),
    }
    let pdf = t.join("c.pdf");
    let pdf_s = pdf.display().to_string();
    ok(&knight(&[&pair[..], &["-o", &pdf_s]].concat()));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let tex = t.join("c.tex");
    let tex_s = tex.display().to_string();
    ok(&knight(&[&pair[..], &["-o", &tex_s]].concat()));
    let tikz = std::fs::read_to_string(&tex).unwrap();
    assert!(tikz.contains("tikzpicture"), "TikZ source");
    let page = t.join("c.html");
    let page_s = page.display().to_string();
    ok(&knight(&[
        "--compare",
        "warnsdorff,backtrack",
        "--max-frames",
        "20",
        "-q",
        "-o",
        &page_s,
    ]));
    let html = std::fs::read_to_string(&page).unwrap();
    let start = html.find("\"ms\":[").expect("the page lists its times") + 6;
    let times = html[start..].split(']').next().unwrap().split(',').count();
    assert_eq!(times, 20, "the page plays 20 pictures");
}

/// Moves and retreats of `method`'s trace on 6 x 6.
fn trace_counts(method: &str) -> (usize, usize, usize) {
    let trace = ok(&["knight", "-n", "6", "--method", method, "--trace"]);
    let moves = trace.lines().filter(|l| l.contains(": move ")).count();
    let retreats = trace.lines().filter(|l| l.contains(": retreat ")).count();
    (moves, retreats, trace.lines().count())
}

#[test]
fn the_counters_are_the_traces() {
    let text = ok(&["knight", "-n", "6", "--compare", "warnsdorff,backtrack"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let longest = trace_counts("backtrack")
        .2
        .max(trace_counts("warnsdorff").2);
    for (line, method) in lines.iter().zip(["warnsdorff", "backtrack"]) {
        let (moves, retreats, steps) = trace_counts(method);
        assert!(
            line.contains(&format!(
                "{method}: {moves} moves, {retreats} retreats, finished at step {steps}"
            )),
            "{line}"
        );
        assert!(steps <= longest);
    }
    assert!(trace_counts("backtrack").1 > 1000, "backtracking retreats");
}

#[test]
fn the_library_pair_counts_what_each_trace_holds() {
    use chessviz::knight::{KnightAdapter, KnightEvent, KnightProblem, Method};
    use chessviz::pair::{pair_steps, Ending, SideBySide, Stride, StrideWords};
    use chessviz::{scene_after, Square};
    let problem = |m| {
        KnightProblem::new(5, 5, Square::new(0, 0))
            .unwrap()
            .method(m)
    };
    let (w, b) = (problem(Method::Warnsdorff), problem(Method::Backtrack));
    let count = |p: &KnightProblem| {
        p.trace()
            .unwrap()
            .fold((0u64, 0u64, 0u64), |(m, r, n), e| match e.unwrap() {
                KnightEvent::Move { .. } => (m + 1, r, n + 1),
                KnightEvent::Retreat { .. } => (m, r + 1, n + 1),
            })
    };
    let stride = |e: &KnightEvent| match e {
        KnightEvent::Move { .. } => Stride::Forward,
        KnightEvent::Retreat { .. } => Stride::Back,
    };
    let style = chessviz::Style::new(24);
    let sides = [KnightAdapter::new(5, 5), KnightAdapter::new(5, 5)];
    let names = ["W".to_string(), "B".to_string()];
    let mut pair = SideBySide::new(sides, names, stride, StrideWords::KNIGHT, &style);
    let steps = pair_steps(w.trace().unwrap(), b.trace().unwrap());
    let (scene, played) = scene_after(&mut pair, steps, None).unwrap();
    let (cw, cb) = (count(&w), count(&b));
    assert_eq!(
        played,
        cw.2.max(cb.2),
        "the pair ends with the longer search"
    );
    assert_eq!(pair.counts(), [(cw.0, cw.1), (cb.0, cb.1)]);
    assert_eq!(
        pair.endings(),
        [
            Some((Ending::Finished, cw.2)),
            Some((Ending::Finished, cb.2))
        ]
    );
    let (left, right) = scene.pair().expect("a pair of boards");
    assert!(left.caption().unwrap().contains(&format!("{} moves", cw.0)));
    assert!(right
        .caption()
        .unwrap()
        .contains(&format!("{} retreats", cb.1)));
    // A budget that runs out ends that search only: "gave up", the other goes on.
    let short = problem(Method::Backtrack).max_retreats(10);
    let mut pair = SideBySide::new(
        [KnightAdapter::new(5, 5), KnightAdapter::new(5, 5)],
        ["W".to_string(), "B".to_string()],
        stride,
        StrideWords::KNIGHT,
        &style,
    );
    let steps = pair_steps(w.trace().unwrap(), short.trace().unwrap());
    let (_, played) = scene_after(&mut pair, steps, None).unwrap();
    assert!(played >= cw.2, "{played}");
    let [_, ended] = pair.endings();
    assert!(matches!(ended, Some((Ending::GaveUp, _))), "{ended:?}");
    assert_eq!(pair.counts()[1].1, 10);
}

#[test]
fn max_frames_bounds_an_enormous_search_and_the_frame_limit_guards_it() {
    let tmp = tempfile::tempdir().unwrap();
    let gif = tmp.path().join("c.gif");
    let gif_s = gif.display().to_string();
    // Plain backtracking on 8 x 8 runs for hours; 30 frames of it take 30 steps.
    let out = ok(&[
        "knight",
        "--compare",
        "warnsdorff,backtrack",
        "--max-frames",
        "30",
        "-o",
        &gif_s,
    ]);
    assert!(out.is_empty() || out.contains("30 frames"), "{out}");
    let frames = decode_gif(&gif).frames.len();
    assert!(
        frames == 30 || frames == 31,
        "{frames} blocks for 30 pictures and the hold"
    );
    // Without a limit the frames are counted (lazily, up to the limit) and refused before the
    // first frame.
    let err = fails(
        &["knight", "--compare", "warnsdorff,backtrack", "-o", &gif_s],
        b"",
    );
    assert!(err.contains("frames"), "{err}");
}

#[test]
fn what_cannot_apply_to_a_pair_is_refused() {
    for (args, says) in [
        (&["--compare", "warnsdorff,warnsdorff"][..], "twice"),
        (&["--compare", "warnsdorff"][..], "two methods"),
        (&["--compare", "warnsdorff,zigzag"][..], "zigzag"),
        (
            &["--compare", "warnsdorff,backtrack", "--method", "auto"][..],
            "--method",
        ),
        (
            &["--compare", "warnsdorff,backtrack", "--show", "degrees"][..],
            "degrees",
        ),
        (
            &["--compare", "warnsdorff,backtrack", "--explain"][..],
            "--explain",
        ),
        (
            &["--compare", "construct,backtrack", "--max-retreats", "5"][..],
            "--max-retreats",
        ),
        (
            &["--compare", "warnsdorff,backtrack", "--fit", "400x400"][..],
            "--fit",
        ),
    ] {
        let all: Vec<&str> = ["knight", "-n", "6"]
            .into_iter()
            .chain(args.iter().copied())
            .chain(["-o", "/nonexistent-dir/x.png"])
            .collect();
        let err = fails(&all, b"");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
