//! `knight --explain`, `--show degrees` and `--method backtrack` from the command line: the badges
//! drawn are the trace's counts, the degree matrix is the library's, a plain backtracking animation
//! too long to draw is refused before any work, and the explained pictures are the steps.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use image::RgbImage;

use crate::common::{decode_gif, decode_png, ok, refused_before_work};
use chessviz::knight::KnightDegrees;
use chessviz::Square;

/// Cell size of the pictures compared (no margin: cell (r, c) is at (c * CELL, r * CELL)).
const CELL: u32 = 48;

/// One move line of `--trace --explain`: its candidates (square, onward moves) in try order and
/// the index of the one taken.
#[derive(Debug)]
struct Line {
    candidates: Vec<(Square, u8)>,
    chosen: usize,
}

/// Parses `12: move 12 3,4 (candidates 3,4:2 5,2:3; choice 2)`; `None` for a line without
/// candidates.
fn parse_line(line: &str) -> Option<Line> {
    let inner = line.split_once("(candidates ")?.1.trim_end_matches(')');
    let (list, choice) = match inner.split_once("; choice ") {
        Some((list, k)) => (list, k.parse::<usize>().unwrap() - 1),
        None => (inner, 0),
    };
    let candidates = list
        .split(' ')
        .map(|c| {
            let (sq, n) = c.split_once(':').unwrap();
            let (r, col) = sq.split_once(',').unwrap();
            // A closed tour's "+1" is not drawn: the badge shows the onward moves.
            let n = n.split('+').next().unwrap();
            (
                Square::new(r.parse().unwrap(), col.parse().unwrap()),
                n.parse().unwrap(),
            )
        })
        .collect();
    Some(Line {
        candidates,
        chosen: choice,
    })
}

/// The lines of `--trace --explain` for `args`, by step number.
fn explained_trace(args: &[&str]) -> Vec<Option<Line>> {
    let mut full = args.to_vec();
    full.extend(["--trace", "--explain"]);
    ok(&full).lines().map(parse_line).collect()
}

/// The `--step n` picture of `args` (explained or not), without margin.
fn step_png(dir: &Path, args: &[&str], n: u64, explain: bool) -> RgbImage {
    let out = dir.join(format!("s{n}-{explain}.png"));
    let n = n.to_string();
    let mut full = args.to_vec();
    let cell = CELL.to_string();
    full.extend(["--step", &n, "--cell", &cell, "--margin", "0"]);
    full.extend(["-o", out.to_str().unwrap()]);
    if explain {
        full.push("--explain");
    }
    ok(&full);
    decode_png(&out)
}

/// The pixels of cell `sq`, row by row.
fn cell_pixels(img: &RgbImage, sq: Square) -> Vec<[u8; 3]> {
    let (x0, y0) = (sq.col * CELL, sq.row * CELL);
    (y0..y0 + CELL)
        .flat_map(|y| (x0..x0 + CELL).map(move |x| img.get_pixel(x, y).0))
        .collect()
}

/// The pixels of the middle of the badge of `sq` (at 48-pixel cells its disc, radius 10.6, is
/// centred 34.6 pixels from the cell's corner): opaque, so they show the digit alone, whatever the
/// path draws under the badge.
fn badge_pixels(img: &RgbImage, sq: Square) -> Vec<[u8; 3]> {
    let (x0, y0) = (sq.col * CELL, sq.row * CELL);
    (y0 + 28..y0 + 41)
        .flat_map(|y| (x0 + 28..x0 + 41).map(move |x| img.get_pixel(x, y).0))
        .collect()
}

/// The squares whose pixels differ between two pictures of a `rows` x `cols` board.
fn differing(a: &RgbImage, b: &RgbImage, rows: u32, cols: u32) -> BTreeSet<Square> {
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| Square::new(r, c)))
        .filter(|&sq| cell_pixels(a, sq) != cell_pixels(b, sq))
        .collect()
}

/// What a badge looks like, minus the square under it: (count, chosen, square colour).
type BadgeKey = (u8, bool, bool);

#[test]
fn badges_drawn_are_the_trace_counts_on_exactly_the_candidates() {
    let dir = crate::common::tempdir();
    // Warnsdorff on 6 x 6, and plain backtracking on 5 x 5 (with choices after dead ends).
    let runs: [&[&str]; 2] = [
        &["knight", "-n", "6"],
        &["knight", "-n", "5", "--method", "backtrack"],
    ];
    // Every badge of one count, choice and square colour is drawn alike, and different counts
    // differently: so the digit drawn is the trace's count.
    let mut looks: BTreeMap<BadgeKey, Vec<[u8; 3]>> = BTreeMap::new();
    let mut choices_after_dead_ends = 0;
    for args in runs {
        let n: u32 = args[2].parse().unwrap();
        let trace = explained_trace(args);
        // Steps whose next line has candidates: six spread over the run, and the first three
        // choices made after dead ends.
        let with: Vec<usize> = (0..trace.len()).filter(|&k| trace[k].is_some()).collect();
        let mut steps: BTreeSet<usize> = (0..6).map(|i| with[i * (with.len() - 1) / 5]).collect();
        steps.extend(
            with.iter()
                .filter(|&&k| trace[k].as_ref().unwrap().chosen > 0)
                .take(3),
        );
        for k in steps {
            let k = k as u64;
            // The picture of step k shows the choice that line k + 1 lists.
            let line = trace[k as usize].as_ref().expect("a move with candidates");
            if line.chosen > 0 {
                choices_after_dead_ends += 1;
            }
            let plain = step_png(dir.path(), args, k, false);
            let explained = step_png(dir.path(), args, k, true);
            let expected: BTreeSet<Square> = line.candidates.iter().map(|c| c.0).collect();
            assert_eq!(
                differing(&plain, &explained, n, n),
                expected,
                "{args:?} step {k}: badges on exactly the candidates {line:?}"
            );
            for (i, &(sq, count)) in line.candidates.iter().enumerate() {
                let light = (sq.row + sq.col) % 2 == 0;
                let pixels = badge_pixels(&explained, sq);
                let key = (count, i == line.chosen, light);
                match looks.get(&key) {
                    Some(seen) => assert!(seen == &pixels, "{key:?} drawn two ways"),
                    None => {
                        looks.insert(key, pixels);
                    }
                }
            }
        }
    }
    assert!(choices_after_dead_ends > 0, "a choice after dead ends seen");
    let kinds: Vec<&BadgeKey> = looks.keys().collect();
    for (i, a) in kinds.iter().enumerate() {
        for b in &kinds[i + 1..] {
            if (a.1, a.2) == (b.1, b.2) {
                assert!(looks[*a] != looks[*b], "counts {} and {} alike", a.0, b.0);
            }
        }
    }
    assert!(
        looks.keys().map(|k| k.0).collect::<BTreeSet<_>>().len() >= 3,
        "several counts compared: {:?}",
        looks.keys()
    );
}

#[test]
fn show_degrees_text_is_the_degree_matrix() {
    for (rows, cols) in [(5, 5), (8, 8), (12, 12), (3, 7), (1, 4)] {
        let (r, c) = (rows.to_string(), cols.to_string());
        let text = ok(&["knight", "--rows", &r, "--cols", &c, "--show", "degrees"]);
        let degrees = KnightDegrees::new(rows, cols).unwrap();
        let printed: Vec<Vec<u32>> = text
            .lines()
            .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
            .collect();
        let expected: Vec<Vec<u32>> = (0..rows).map(|r| degrees.row(r).collect()).collect();
        assert_eq!(printed, expected, "{rows} x {cols}");
    }
    let first = ok(&["knight", "--show", "degrees"]);
    assert_eq!(first.lines().next(), Some("2 3 4 4 4 4 3 2"));
}

#[test]
fn show_degrees_figure_numbers_every_square() {
    let dir = crate::common::tempdir();
    let out = dir.path().join("d.png");
    let plain = dir.path().join("p.png");
    let cell = CELL.to_string();
    let base = ["knight", "-n", "5", "--cell", &cell, "--margin", "0"];
    ok(&[
        &base[..],
        &["--show", "degrees", "-o", out.to_str().unwrap()],
    ]
    .concat());
    ok(&[&base[..], &["--step", "0", "-o", plain.to_str().unwrap()]].concat());
    let (d, p) = (decode_png(&out), decode_png(&plain));
    assert_eq!(
        differing(&d, &p, 5, 5).len(),
        25,
        "a number on every square"
    );
    // Squares of one degree and colour look alike (the same number drawn).
    let degrees = KnightDegrees::new(5, 5).unwrap();
    let mut seen: BTreeMap<(u32, bool), Vec<[u8; 3]>> = BTreeMap::new();
    for r in 0..5 {
        for c in 0..5 {
            let sq = Square::new(r, c);
            let key = (degrees.at(sq), (r + c) % 2 == 0);
            let pixels = cell_pixels(&d, sq);
            assert_eq!(seen.entry(key).or_insert_with(|| pixels.clone()), &pixels);
        }
    }
}

/// Plain backtracking from a start that takes over a billion steps.
const BACKTRACK_8X8: [&str; 7] = [
    "knight",
    "-n",
    "8",
    "--start",
    "2,2",
    "--method",
    "backtrack",
];

#[test]
fn backtracking_too_long_to_animate_is_refused_before_any_work() {
    let dir = crate::common::tempdir();
    let gif = dir.path().join("b.gif");
    let frames = dir.path().join("frames");
    for target in [
        vec!["-o", gif.to_str().unwrap()],
        vec!["--frames", frames.to_str().unwrap()],
    ] {
        let mut args = BACKTRACK_8X8.to_vec();
        args.extend(target);
        let err = refused_before_work(&args);
        for advice in ["smaller board", "another start", "--max-frames"] {
            assert!(err.contains(advice), "{err}");
        }
    }
    assert!(!gif.exists());
    // With a frame limit of its own, the first frames are drawn.
    let out = ok(&[
        &BACKTRACK_8X8[..],
        &[
            "--max-frames",
            "30",
            "--cell",
            "12",
            "-q",
            "-o",
            gif.to_str().unwrap(),
        ],
    ]
    .concat());
    assert!(out.is_empty(), "{out}");
    assert_eq!(decode_gif(&gif).frames.len(), 30);
    let err = crate::common::fails(
        &["knight", "--method", "backtrack", "--max-retreats", "5"],
        b"",
    );
    assert!(
        err.contains("does not apply to --method backtrack"),
        "{err}"
    );
}

#[test]
fn explained_frames_are_the_steps_and_retreats_are_held() {
    let dir = crate::common::tempdir();
    let args = ["knight", "-n", "5", "--method", "backtrack", "--cell", "24"];
    let steps = explained_trace(&args[..5]).len() as u64;
    let folder = dir.path().join("frames");
    ok(&[
        &args[..],
        &["--explain", "--frames", folder.to_str().unwrap(), "-q"],
    ]
    .concat());
    let mut names = crate::common::entries(&folder);
    names.retain(|n| n.ends_with(".png"));
    assert_eq!(names.len() as u64, steps + 1, "step 0 and one per event");
    for k in [0, 7, steps / 2, steps] {
        let out = dir.path().join(format!("step{k}.png"));
        let n = k.to_string();
        ok(&[
            &args[..],
            &["--explain", "--step", &n, "-o", out.to_str().unwrap()],
        ]
        .concat());
        let name = names
            .iter()
            .find(|f| f.trim_end_matches(".png").ends_with(&format!("-{k:03}")))
            .or_else(|| names.iter().find(|f| f.contains(&format!("{k:03}"))))
            .unwrap_or_else(|| panic!("frame {k} in {names:?}"));
        assert_eq!(
            decode_png(&folder.join(name)),
            decode_png(&out),
            "frame {k} is --step {k}"
        );
    }
    // The GIF: the start and one frame per event, retreats held three times a move by default.
    let gif = dir.path().join("b.gif");
    ok(&[&args[..], &["--explain", "-q", "-o", gif.to_str().unwrap()]].concat());
    let decoded = decode_gif(&gif);
    assert_eq!(decoded.frames.len() as u64, steps + 1);
    let delays: BTreeSet<u16> = decoded.delays().into_iter().collect();
    assert!(delays.contains(&15) && delays.contains(&45), "{delays:?}");
    ok(&[
        &args[..],
        &["--retreat-delay", "700", "-q", "-o", gif.to_str().unwrap()],
    ]
    .concat());
    assert!(decode_gif(&gif).delays().contains(&70));
}

#[test]
fn explain_refuses_what_it_cannot_show() {
    let err = crate::common::fails(&["knight", "--explain"], b"");
    assert!(err.contains("--explain shows why"), "{err}");
    let err = crate::common::fails(&["knight", "--show", "path"], b"");
    assert!(err.contains("--show path applies to"), "{err}");
    let err = crate::common::fails(&["knight", "--show", "degrees", "--trace"], b"");
    assert!(err.contains("--show degrees"), "{err}");
}

/// How wide the label under the only board of a one-step storyboard is inked: the span of columns
/// with ink in the rows below the board's frame (found upwards from the bottom as the first row
/// inked across most of the width).
fn label_span(img: &RgbImage) -> u32 {
    let bg = img.get_pixel(0, img.height() - 1).0;
    let inked = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0;
        (0..3).any(|i| p[i].abs_diff(bg[i]) > 40)
    };
    let (mut left, mut right) = (u32::MAX, 0);
    for y in (0..img.height()).rev() {
        let columns: Vec<u32> = (0..img.width()).filter(|&x| inked(x, y)).collect();
        if columns.len() as u32 > img.width() * 4 / 5 {
            break;
        }
        if let (Some(&l), Some(&r)) = (columns.first(), columns.last()) {
            left = left.min(l);
            right = right.max(r);
        }
    }
    right.saturating_sub(left)
}

/// A storyboard of the explained search labels each board with the reason (the scene's caption)
/// after its step, as a storyboard of the plain search labels it with the move: its label spans
/// wider than the plain "step 5  knight to 4,4" (the step alone would be narrower), in Chinese too.
#[test]
fn explained_storyboards_say_why_under_each_step() {
    let dir = tempfile::tempdir().unwrap();
    let board = |name: &str, extra: &[&str]| {
        let path = dir.path().join(name);
        let mut args = vec!["knight", "-n", "6", "--storyboard", "5", "--cell", "40"];
        args.extend_from_slice(extra);
        args.extend(["-o", path.to_str().unwrap()]);
        ok(&args);
        decode_png(&path)
    };
    let plain = label_span(&board("plain.png", &[]));
    let explained = label_span(&board("explained.png", &["--explain"]));
    let chinese = label_span(&board("zh.png", &["--explain", "--lang", "zh"]));
    assert!(
        explained > plain,
        "the explained label ({explained} px wide) should say more than the plain one ({plain} px)"
    );
    assert!(chinese > plain, "the Chinese label is {chinese} px wide");
}
