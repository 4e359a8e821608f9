//! `queens --attacks-of SQ` and `--conflicts` through the command: a square without a queen is
//! refused before any work, with one line; the lines show on PNG, SVG and PDF alike, and a GIF's
//! frame is the `--step` still of its state.

use crate::common::{decode_gif, decode_png, ok, refused_before_work, tempdir};
use crate::vector::{agreement, render_svg};

/// Runs `args` with `-o DIR/file`, expecting a refusal before any work that contains `expect`.
fn refused(args: &[&str], file: &str, expect: &str) {
    let dir = tempdir();
    let out = dir.path().join(file);
    let mut all = args.to_vec();
    all.extend(["-q", "-o", out.to_str().unwrap()]);
    let err = refused_before_work(&all);
    assert!(err.contains(expect), "{all:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!out.exists(), "{all:?} wrote {out:?}");
}

/// (arguments after `queens`, output file, what the refusal says).
const REFUSALS: [(&[&str], &str, &str); 8] = [
    (
        &["--queens", "1.8..5", "--attacks-of", "d4"],
        "p.png",
        "--attacks-of d4: no queen on d4",
    ),
    // ROW,COL is named in chess notation: 2,2 is c6 on 8 x 8.
    (
        &["--queens", "1.8..5", "--attacks-of", "2,2"],
        "p.svg",
        "no queen on c6",
    ),
    (
        &["--step", "38", "--attacks-of", "e5"],
        "s.png",
        "no queen stands on e5 at step 38",
    ),
    (
        &["--storyboard", "1,2", "--attacks-of", "e5"],
        "b.png",
        "at any step of the storyboard",
    ),
    (
        &["--until-solution", "1", "--attacks-of", "d4"],
        "a.gif",
        "the search up to solution 1 never puts a queen on d4",
    ),
    (
        &["--queens", "1", "--attacks-of", "z9"],
        "p.png",
        "off the 8 x 8 board",
    ),
    // Where no queen's lines can be drawn: a solution's still, the slideshow of solutions.
    (
        &["--solution", "3", "--attacks-of", "a1"],
        "s.png",
        "--attacks-of applies to a placement",
    ),
    (
        &["--solutions-only", "--attacks-of", "a1"],
        "s.gif",
        "--attacks-of applies to a placement",
    ),
];

#[test]
fn a_square_without_a_queen_is_refused_before_any_work() {
    for (args, file, expect) in REFUSALS {
        let mut all = vec!["queens"];
        all.extend(args);
        refused(&all, file, expect);
    }
}

#[test]
fn the_lines_agree_in_png_svg_and_pdf() {
    let dir = tempdir();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let base = [
        "queens",
        "--queens",
        "1.8..5",
        "--attacks-of",
        "c8",
        "--cell",
        "24",
    ];
    let (png, svg, pdf) = (path("p.png"), path("p.svg"), path("p.pdf"));
    for out in [&png, &svg, &pdf] {
        let mut args = base.to_vec();
        args.extend(["-q", "-o", out]);
        ok(&args);
    }
    let still = decode_png(std::path::Path::new(&png));
    let text = std::fs::read_to_string(&svg).unwrap();
    let (share, _) = agreement(&render_svg(&text), &still);
    assert!(
        share > 0.98,
        "SVG agrees with the PNG on {:.2} %",
        share * 100.0
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    // The lines are drawn: the figure differs from the placement without them.
    let plain = path("plain.png");
    ok(&[
        "queens", "--queens", "1.8..5", "--cell", "24", "-q", "-o", &plain,
    ]);
    assert_ne!(decode_png(std::path::Path::new(&plain)), still);
}

#[test]
fn a_gif_frame_with_lines_of_attack_is_the_step_still_of_its_state() {
    let dir = tempdir();
    let gif = dir.path().join("a.gif");
    let base = [
        "queens",
        "-n",
        "5",
        "--attacks-of",
        "a1",
        "--until-solution",
        "1",
    ];
    let look = ["--cell", "16", "--margin", "0", "-q", "-o"];
    let mut args = base.to_vec();
    args.extend(look);
    args.push(gif.to_str().unwrap());
    ok(&args);
    let g = decode_gif(&gif);
    // The 5-queens search reaches its first solution, 13524 (a queen on a1), after 5 placements:
    // the last frame is the still after the 6 events (5 placements, the solution).
    let png = dir.path().join("s.png");
    let mut args = vec!["queens", "-n", "5", "--attacks-of", "a1", "--step", "6"];
    args.extend(look);
    args.push(png.to_str().unwrap());
    ok(&args);
    let still = decode_png(&png);
    assert_eq!(g.rgb(g.frames.len() - 1), still, "the last frame is step 6");
    let trace = ok(&["queens", "-n", "5", "--trace"]);
    assert!(trace
        .lines()
        .nth(5)
        .unwrap()
        .starts_with("6: solution 1 13524"));
}
