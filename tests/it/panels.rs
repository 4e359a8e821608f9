//! `--panel`: the program beside the board. A step's picture carries its panel (code with the
//! step's line highlighted, stack, counters, the tromino call tree) in every format; the GIF's
//! frames are the `--frames` pictures with their panels; `--trace` appends counters and the stack.

use std::collections::HashMap;
use std::path::Path;

use image::RgbImage;

use crate::common::{decode_gif, decode_png, fails, have, ok, tempdir};
use crate::sequence::{differs, frame_list};

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// The default margin at `--cell 24` (half the cell, at least 16).
const MARGIN: u32 = 16;

/// The width of the board part of an 8 x 8 figure at `--cell 24`: the panel starts right of it.
const BOARD_W: u32 = 8 * 24 + 2 * MARGIN;

/// The bar behind a highlighted line: the commonest colour of the panel but its background, and
/// the rows it spans (a bar is wider than any glyph, so its colour beats the text's antialiasing).
fn highlight_rows(img: &RgbImage, from_x: u32) -> (image::Rgb<u8>, Vec<u32>) {
    let background = *img.get_pixel(img.width() - 1, img.height() - 1);
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for y in 0..img.height() {
        for x in from_x..img.width() {
            let p = img.get_pixel(x, y);
            if *p != background {
                *counts.entry(p.0).or_default() += 1;
            }
        }
    }
    let bar = counts
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map(|(c, _)| image::Rgb(c))
        .expect("the panel draws something");
    let rows = (0..img.height())
        .filter(|&y| {
            (from_x..img.width())
                .filter(|&x| *img.get_pixel(x, y) == bar)
                .count()
                > 100
        })
        .collect();
    (bar, rows)
}

#[test]
fn a_placement_and_a_removal_highlight_different_lines() {
    let t = tempdir();
    // Steps 40 and 41 of the 8-queens search are a placement and a removal.
    let trace = ok(&["queens", "-n", "8", "--trace"]);
    let line = |n: usize| trace.lines().nth(n - 1).unwrap().to_string();
    assert!(line(40).contains("place"), "{}", line(40));
    assert!(line(41).contains("remove"), "{}", line(41));
    let mut bars = Vec::new();
    for step in ["40", "41"] {
        let file = t.path().join(format!("q{step}.png"));
        ok(&[
            "queens",
            "-n",
            "8",
            "--step",
            step,
            "--panel",
            "code",
            "--cell",
            "24",
            "-o",
            &s(&file),
            "-q",
        ]);
        let img = decode_png(&file);
        // The panel stands beside the board.
        assert!(img.width() > BOARD_W + 150, "{step}: {} wide", img.width());
        let (colour, rows) = highlight_rows(&img, BOARD_W);
        assert!(
            rows.len() >= 10,
            "step {step}: a bar of {} rows",
            rows.len()
        );
        bars.push((colour, rows));
    }
    assert_eq!(bars[0].0, bars[1].0, "one bar colour");
    let (a, b) = (&bars[0].1, &bars[1].1);
    assert!(
        a.iter().all(|y| !b.contains(y)),
        "the bars overlap: {a:?} and {b:?}"
    );
    // The removal is the last line of the code, below the placement.
    assert!(b[0] > a[a.len() - 1], "{a:?} then {b:?}");
    // Without the panel the picture is the board alone.
    let bare = t.path().join("bare.png");
    ok(&[
        "queens",
        "-n",
        "8",
        "--step",
        "40",
        "--cell",
        "24",
        "-o",
        &s(&bare),
        "-q",
    ]);
    assert_eq!(decode_png(&bare).width(), BOARD_W);
}

/// Consecutive identical pictures as one, with their times added: what a GIF may merge.
fn runs(pictures: Vec<(RgbImage, u32)>) -> Vec<(RgbImage, u32)> {
    let mut out: Vec<(RgbImage, u32)> = Vec::new();
    for (picture, ms) in pictures {
        match out.last_mut() {
            Some((last, total)) if *last == picture => *total += ms,
            _ => out.push((picture, ms)),
        }
    }
    out
}

#[test]
fn a_gif_with_panels_is_its_frames_pictures() {
    let cases: [&[&str]; 3] = [
        &["tromino", "-k", "3", "--special", "1,2", "--cell", "24"],
        &["queens", "-n", "5", "--cell", "24"],
        &["knight", "-n", "5", "--method", "backtrack", "--cell", "24"],
    ];
    for base in cases {
        let t = tempdir();
        let with = |more: &[&str]| -> Vec<String> {
            let mut v: Vec<String> = base.iter().map(|a| a.to_string()).collect();
            // The tiling's tree too: its nodes are repainted as they change.
            let panels = if base[0] == "tromino" {
                "all"
            } else {
                "code,stack,counts"
            };
            v.extend(["--panel", panels, "-q"].map(String::from));
            v.extend(more.iter().map(|a| a.to_string()));
            v
        };
        let dir = t.path().join("frames");
        let args = with(&["--frames", &s(&dir)]);
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let list = frame_list(&dir);
        let pictures: Vec<(RgbImage, u32)> = list
            .iter()
            .map(|(name, ms)| (decode_png(&dir.join(name)), *ms))
            .collect();
        // Every step changes the panel (its counters at least): no two pictures alike.
        assert_eq!(runs(pictures.clone()).len(), pictures.len(), "{base:?}");
        // A step still is its picture.
        let (name, _) = &list[list.len() / 2];
        let step = name.trim_start_matches("frame-").trim_end_matches(".png");
        let step = step.trim_start_matches('0');
        let step = if step.is_empty() { "0" } else { step };
        let still = t.path().join("still.png");
        let args = with(&["--step", step, "-o", &s(&still)]);
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let middle = &pictures[list.len() / 2].0;
        if let Some(d) = differs("step still", t.path(), middle, &decode_png(&still)) {
            panic!("{base:?}: {d}");
        }
        let gif = t.path().join("a.gif");
        let args = with(&["-o", &s(&gif)]);
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let decoded = decode_gif(&gif);
        assert_eq!(decoded.frames.len(), pictures.len(), "{base:?}");
        for (i, (picture, _)) in pictures.iter().enumerate() {
            if let Some(d) = differs(
                &format!("gif frame {i}"),
                t.path(),
                picture,
                &decoded.rgb(i),
            ) {
                panic!("{base:?}: {d}");
            }
        }
    }
}

#[test]
fn every_vector_format_and_the_player_carry_every_panel() {
    let t = tempdir();
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &[
                "tromino",
                "-k",
                "3",
                "--special",
                "2,2",
                "--step",
                "20",
                "--panel",
                "all",
            ],
            "else Board[tr+s-1][tc+s-1] = t;",
            "tiles 10 of 21",
        ),
        (
            &["queens", "-n", "8", "--step", "40", "--panel", "all"],
            "place the queen at (i, j); set all 0",
            "placements 23",
        ),
        (
            &["knight", "-n", "6", "--step", "30", "--panel", "all"],
            "the one with the fewest onward moves, num()",
            "moves 30",
        ),
    ];
    for (base, code, counts) in cases {
        let out = |ext: &str| t.path().join(format!("{}.{ext}", base[0]));
        let run = |ext: &str| {
            let mut args = base.to_vec();
            let file = s(&out(ext));
            args.extend(["--cell", "24", "-q", "-o", &file]);
            ok(&args);
        };
        for ext in ["png", "svg", "pdf", "tex"] {
            run(ext);
        }
        let png = decode_png(&out("png"));
        // SVG: the panel is a layer of its own.
        let svg = std::fs::read_to_string(out("svg")).unwrap();
        assert!(
            svg.contains("id=\"panel\""),
            "{}: no panel layer in the SVG",
            base[0]
        );
        // TikZ sets the panel's lines as text, from their left edges.
        let tex = std::fs::read_to_string(out("tex")).unwrap();
        for text in [code, counts, "code", "counts"] {
            assert!(
                tex.contains(text),
                "{}: {text:?} not in the TikZ source",
                base[0]
            );
        }
        assert!(tex.contains("anchor=west"), "{}", base[0]);
        // Drawn back to pixels, the SVG and the PDF show the highlight where the PNG does.
        let (_, png_rows) = highlight_rows(&png, BOARD_W);
        if have("rsvg-convert") {
            let drawn = t.path().join("svg.png");
            let status = std::process::Command::new("rsvg-convert")
                .args([&s(&out("svg")), "-o", &s(&drawn)])
                .status()
                .unwrap();
            assert!(status.success());
            let img = decode_png(&drawn);
            assert_eq!(img.dimensions(), png.dimensions());
            let (_, rows) = highlight_rows(&img, BOARD_W);
            assert!(
                rows.len() >= png_rows.len().saturating_sub(4),
                "{}: {rows:?}",
                base[0]
            );
            assert!(rows.iter().filter(|y| png_rows.contains(y)).count() * 10 >= rows.len() * 8);
        }
        if have("pdftoppm") {
            let stem = t.path().join("pdf");
            let status = std::process::Command::new("pdftoppm")
                .args([
                    "-png",
                    "-r",
                    "72",
                    "-singlefile",
                    &s(&out("pdf")),
                    &s(&stem),
                ])
                .status()
                .unwrap();
            assert!(status.success());
            let img = decode_png(&t.path().join("pdf.png"));
            // 72 dpi is 0.75 of the figure's 96 pixels an inch.
            let (_, rows) = highlight_rows(&img, BOARD_W * 3 / 4);
            assert!(!rows.is_empty(), "{}: no highlight in the PDF", base[0]);
        }
        // The player's pictures carry the panel too: a wider page, with the panel's glyphs.
        let page = |panel: bool| {
            let file = t.path().join(format!("p{panel}.html"));
            let mut args: Vec<&str> = base[..base.len() - 4].to_vec();
            if panel {
                args.extend(["--panel", "all"]);
            }
            let f = s(&file);
            args.extend(["--max-frames", "12", "-q", "-o", &f]);
            ok(&args);
            let html = std::fs::read_to_string(&file).unwrap();
            let view = html
                .split("viewBox=\"0 0 ")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string();
            let width: u32 = view.split(' ').next().unwrap().parse().unwrap();
            (width, html.matches("id=\"glyph").count())
        };
        let (with, without) = (page(true), page(false));
        assert!(
            with.0 > without.0 + 100,
            "{}: {with:?} against {without:?}",
            base[0]
        );
        assert!(
            with.1 > without.1,
            "{}: {with:?} against {without:?}",
            base[0]
        );
    }
}

#[test]
fn panels_speak_chinese() {
    let t = tempdir();
    let file = t.path().join("q.tex");
    ok(&[
        "queens",
        "-n",
        "8",
        "--step",
        "40",
        "--panel",
        "all",
        "--lang",
        "zh",
        "-q",
        "-o",
        &s(&file),
    ]);
    let tex = std::fs::read_to_string(&file).unwrap();
    for text in ["代码", "放置皇后", "计数", "放置 23"] {
        assert!(tex.contains(text), "{text:?} not in the Chinese panel");
    }
    for (problem, more) in [
        ("tromino", ["--panel", "all"]),
        ("knight", ["--panel", "all"]),
    ] {
        let file = t.path().join(format!("{problem}.tex"));
        let mut args = vec![problem, "--step", "12", "--lang", "zh", "-q", "-o"];
        let f = s(&file);
        args.push(&f);
        args.extend(more);
        ok(&args);
        let tex = std::fs::read_to_string(&file).unwrap();
        assert!(tex.contains("代码") && tex.contains("计数"), "{problem}");
        let png = t.path().join(format!("{problem}.png"));
        let p = s(&png);
        let mut args = vec![problem, "--step", "12", "--lang", "zh", "-q", "-o", &p];
        args.extend(more);
        ok(&args);
    }
}

#[test]
fn the_trace_carries_the_counters_and_the_stack() {
    let trace = ok(&["queens", "-n", "8", "--trace", "--panel", "counts"]);
    let last = trace.lines().last().unwrap();
    assert!(
        last.ends_with("| placements 2056, removals 2056, solutions 92"),
        "{last}"
    );
    assert_eq!(trace.lines().count(), 4204);
    let with_stack = ok(&["queens", "-n", "4", "--trace", "--panel", "stack"]);
    let first = with_stack.lines().next().unwrap();
    assert_eq!(
        first,
        "1: place col 1 row 1 | rows [1] a 0111 b 0111111 c 1110111"
    );

    // The knight's retreats, counted from the trace's own lines, are its counters'.
    let trace = ok(&[
        "knight",
        "-n",
        "5",
        "--method",
        "backtrack",
        "--trace",
        "--panel",
        "counts,stack",
    ]);
    let retreats = trace.lines().filter(|l| l.contains(": retreat")).count();
    let moves = trace.lines().filter(|l| l.contains(": move")).count();
    assert!(retreats > 10, "{retreats}");
    let last = trace.lines().last().unwrap();
    assert!(
        last.contains(&format!("| moves {moves}, retreats {retreats} |")),
        "{last}"
    );
    assert!(last.contains("depth 25 top"), "{last}");

    let tiling = ok(&[
        "tromino",
        "-k",
        "2",
        "--special",
        "1,2",
        "--trace",
        "--panel",
        "counts,stack",
    ]);
    let third = tiling.lines().nth(2).unwrap();
    assert!(
        third.ends_with(
            "| tiles 1 of 5, calls 2 | ChessBoard(0, 0, 1, 2, 4) > ChessBoard(0, 0, 1, 1, 2)"
        ),
        "{third}"
    );
}

#[test]
fn the_tiling_draws_its_call_tree() {
    let t = tempdir();
    let tex = t.path().join("t.tex");
    // The end of the tiling of 8 x 8: its 21 calls, each numbered by its tile.
    ok(&[
        "tromino",
        "-k",
        "3",
        "--special",
        "2,2",
        "--step",
        "42",
        "--panel",
        "tree",
        "-q",
        "-o",
        &s(&tex),
    ]);
    let source = std::fs::read_to_string(&tex).unwrap();
    let panel_texts: Vec<&str> = source
        .lines()
        .filter(|l| l.contains("anchor=west") || l.contains("cv text"))
        .collect();
    for n in 8..=21 {
        assert!(
            panel_texts
                .iter()
                .any(|l| l.ends_with(&format!("{{{n}}};"))),
            "node {n} not numbered"
        );
    }
    // Pictures at the start and the end: the tree's nodes fill as calls finish (at the default
    // cell, where the tree's three levels fit side by side; the panel starts right of the board).
    let board_w = 8 * 48 + 2 * 24;
    let pixels = |step: &str| {
        let file = t.path().join(format!("t{step}.png"));
        ok(&[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,2",
            "--step",
            step,
            "--panel",
            "tree",
            "-o",
            &s(&file),
            "-q",
        ]);
        decode_png(&file)
    };
    let (start, end) = (pixels("1"), pixels("42"));
    assert_eq!(start.dimensions(), end.dimensions());
    let background = *end.get_pixel(end.width() - 1, end.height() - 1);
    let inked = |img: &RgbImage| {
        (0..img.height())
            .flat_map(|y| (board_w..img.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| *img.get_pixel(x, y) != background)
            .count()
    };
    assert!(
        inked(&end) * 2 > inked(&start) * 3,
        "{} against {}",
        inked(&end),
        inked(&start)
    );
    // k = 5: four levels drawn, the fifth summed up.
    let deep = t.path().join("deep.tex");
    ok(&[
        "tromino",
        "-k",
        "5",
        "--step",
        "3",
        "--panel",
        "tree",
        "-q",
        "-o",
        &s(&deep),
    ]);
    let source = std::fs::read_to_string(&deep).unwrap();
    assert!(
        source.contains("level 4 (2 x 2): 0 of 256 done"),
        "no summary line"
    );
}

#[test]
fn panels_are_refused_where_they_cannot_apply() {
    let t = tempdir();
    let png = s(&t.path().join("x.png"));
    for (args, says) in [
        (
            vec!["queens", "--panel", "tree", "--step", "3", "-o", &png],
            "tree",
        ),
        (
            vec!["knight", "--panel", "tree", "--step", "3", "-o", &png],
            "tree",
        ),
        (vec!["tromino", "--panel", "code", "-o", &png], "--step"),
        (vec!["queens", "--panel", "code"], "--trace"),
        (vec!["queens", "--trace", "--panel", "code"], "code"),
        (
            vec![
                "tromino",
                "--panel",
                "code",
                "--storyboard",
                "0,3",
                "-o",
                &png,
            ],
            "storyboard",
        ),
        (
            vec!["tromino", "-k", "11", "--panel", "code", "-o", &png],
            "--panel",
        ),
        (
            vec!["queens", "--panel", "code", "--all", "-o", &png],
            "--all",
        ),
        (
            vec!["queens", "--panel", "bogus", "--step", "2", "-o", &png],
            "bogus",
        ),
    ] {
        let err = fails(&args, b"");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!t.path().join("x.png").exists());
}
