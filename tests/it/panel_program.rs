//! The panels as the C programs run: the tiling's call writes the three squares of its L in the
//! branches of the three quadrants without the special square (shown at the step that lays it, its
//! three lines lit at once), and counts its calls as the program does, the calls on single
//! squares included (85 at k = 3); the knight's stack holds the design report's `{a, b, di}`.

use std::collections::HashMap;

use image::RgbImage;

use crate::common::{decode_png, ok, tempdir};

/// The bands of rows right of `x0` that the highlight bar crosses (the commonest colour there but
/// the background, in more than 100 pixels of a row), as runs of consecutive rows.
fn bars(img: &RgbImage, x0: u32) -> usize {
    let background = img.get_pixel(img.width() - 1, img.height() - 1).0;
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for y in 0..img.height() {
        for x in x0..img.width() {
            let p = img.get_pixel(x, y).0;
            if p != background {
                *counts.entry(p).or_default() += 1;
            }
        }
    }
    let bar = counts.into_iter().max_by_key(|(_, n)| *n).unwrap().0;
    let lit: Vec<bool> = (0..img.height())
        .map(|y| {
            (x0..img.width())
                .filter(|&x| img.get_pixel(x, y).0 == bar)
                .count()
                > 100
        })
        .collect();
    lit.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(lit[0])
}

#[test]
fn the_tiling_writes_its_l_in_three_branches_and_counts_every_call() {
    let t = tempdir();
    let code_at = |step: &str| {
        let file = t.path().join(format!("s{step}.png"));
        ok(&[
            "tromino",
            "-k",
            "3",
            "--special",
            "5,5",
            "--step",
            step,
            "--panel",
            "code",
            "-q",
            "-o",
            &file.display().to_string(),
        ]);
        bars(&decode_png(&file), 8 * 48 + 2 * 24)
    };
    // Step 30 lays tile 15 in ChessBoard(6, 0, 6, 1, 2): three branches write a square each.
    // Step 31 is the call on its top-left quadrant: one branch. Step 1 is the first call.
    assert_eq!(code_at("30"), 3);
    assert_eq!(code_at("31"), 1);
    assert_eq!(code_at("1"), 1);

    let trace = ok(&[
        "tromino",
        "-k",
        "3",
        "--special",
        "5,5",
        "--trace",
        "--panel",
        "counts",
    ]);
    let lines: Vec<&str> = trace.lines().collect();
    // The 2 x 2 call of step 30 makes its four calls on single squares before the next event.
    assert!(
        lines[29].contains("tiles 15 of 21, calls 59"),
        "{}",
        lines[29]
    );
    let last = lines.last().unwrap();
    assert!(last.contains("tiles 21 of 21, calls 85"), "{last}");
}

#[test]
fn the_knight_stack_holds_a_b_di() {
    let stills = tempdir();
    let tex = stills.path().join("k.tex");
    ok(&[
        "knight",
        "-n",
        "6",
        "--step",
        "30",
        "--panel",
        "stack",
        "-q",
        "-o",
        &tex.display().to_string(),
    ]);
    let source = std::fs::read_to_string(&tex).unwrap();
    assert!(source.contains("stack S of \\{a, b, di\\}"), "no title");
    // The top entry has tried nothing yet; the knight stands on 4,1 at step 30.
    assert!(source.contains("\\{4, 1, 0\\}"), "no top entry");
    let trace = ok(&["knight", "-n", "6", "--trace", "--panel", "stack"]);
    let line = trace.lines().nth(29).unwrap();
    assert!(line.contains("depth 30 top 4,1/0"), "{line}");
}
