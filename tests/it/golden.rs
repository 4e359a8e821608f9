//! Golden images: every problem in every theme at two cell sizes, and composed GIF frames, compared
//! pixel by pixel with the PNG files under `tests/golden/`.
//!
//! A failure writes the actual image and a diff image (changed pixels red over a faded copy of the
//! expected one) under `target/golden-failures/` and names them. When a change is meant to alter a
//! figure, look at the new images, then run the tests with `CHESSVIZ_BLESS=1` to rewrite the goldens
//! and say why in the commit message.

use std::path::{Path, PathBuf};

use image::RgbImage;

use crate::common::{decode_gif, decode_png, ok, pixel_diff};

const THEMES: [&str; 4] = ["default", "print", "classic", "slate"];
const CELLS: [&str; 2] = ["16", "40"];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn failure_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/golden-failures")
}

/// Compares `actual` with the golden image `name`; returns a description of the difference, after
/// writing the actual and diff images, or `None` when they agree pixel for pixel.
fn check(name: &str, actual: &RgbImage) -> Option<String> {
    let golden = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("CHESSVIZ_BLESS").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        actual.save(&golden).unwrap();
        return None;
    }
    if !golden.exists() {
        return Some(format!(
            "{name}: no golden image {} (run with CHESSVIZ_BLESS=1 to create it)",
            golden.display()
        ));
    }
    let expected = decode_png(&golden);
    let problem = if expected.dimensions() != actual.dimensions() {
        format!(
            "size {:?}, expected {:?}",
            actual.dimensions(),
            expected.dimensions()
        )
    } else {
        let (n, _, diff) = pixel_diff(&expected, actual)?;
        std::fs::create_dir_all(failure_dir()).unwrap();
        let diff_path = failure_dir().join(format!("{name}.diff.png"));
        diff.save(&diff_path).unwrap();
        format!(
            "{n} of {} pixels differ (diff: {})",
            expected.width() * expected.height(),
            diff_path.display()
        )
    };
    std::fs::create_dir_all(failure_dir()).unwrap();
    let actual_path = failure_dir().join(format!("{name}.actual.png"));
    actual.save(&actual_path).unwrap();
    Some(format!(
        "{name}: {problem}; actual image: {}",
        actual_path.display()
    ))
}

fn assert_all(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} golden image(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The figure of each problem, with what its figure shows beyond the default.
const FIGURES: [(&str, &[&str]); 4] = [
    (
        "tromino",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,5",
            "--numbers",
            "--show-splits",
        ],
    ),
    ("queens", &["queens", "-n", "8", "--solution", "7"]),
    ("knight", &["knight", "--size", "6", "--start", "0,0"]),
    (
        "board",
        &[
            "board",
            "--fen",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR",
            "--arrow",
            "h5-f7",
            "--fill",
            "f7=#f4a6a6",
        ],
    ),
];

#[test]
fn figures_in_every_theme_at_two_cell_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (problem, args) in FIGURES {
        for theme in THEMES {
            for cell in CELLS {
                let name = format!("{problem}-{theme}-{cell}");
                let out = dir.path().join(format!("{name}.png"));
                let mut full = args.to_vec();
                full.extend([
                    "--theme",
                    theme,
                    "--cell",
                    cell,
                    "-o",
                    out.to_str().unwrap(),
                ]);
                ok(&full);
                failures.extend(check(&name, &decode_png(&out)));
            }
        }
    }
    assert_all(failures);
}

/// Animations, and which of their composed frames are pinned.
const ANIMATIONS: [(&str, &[&str], &[usize]); 3] = [
    (
        "tromino-gif",
        &[
            "tromino",
            "-k",
            "2",
            "--special",
            "0,3",
            "--cell",
            "24",
            "--show-splits",
        ],
        &[0, 2, 5],
    ),
    (
        "queens-gif",
        &[
            "queens",
            "-n",
            "4",
            "--cell",
            "24",
            "--attacks",
            "--until-solution",
            "1",
        ],
        &[0, 3, 9],
    ),
    (
        "knight-gif",
        &["knight", "--size", "5", "--start", "0,0", "--cell", "24"],
        &[0, 7, 24],
    ),
];

#[test]
fn composed_gif_frames() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (name, args, frames) in ANIMATIONS {
        let out = dir.path().join(format!("{name}.gif"));
        let mut full = args.to_vec();
        full.extend(["-o", out.to_str().unwrap()]);
        ok(&full);
        let gif = decode_gif(&out);
        for &i in frames {
            assert!(
                i < gif.frames.len(),
                "{name}: frame {i} of {}",
                gif.frames.len()
            );
            failures.extend(check(&format!("{name}-{i}"), &gif.rgb(i)));
        }
    }
    assert_all(failures);
}

/// `knight --explain` steps (the next move's candidates as count badges, the chosen one filled, the
/// reason as the caption) in every theme: the first choice, a choice after dead ends of plain
/// backtracking, and the finished tour's caption.
const EXPLAIN_STEPS: [(&str, &[&str]); 3] = [
    ("first", &["knight", "-n", "6", "--step", "1"]),
    (
        "backtrack",
        &["knight", "-n", "5", "--method", "backtrack", "--step", "26"],
    ),
    ("end", &["knight", "-n", "6", "--step", "36"]),
];

/// Figures `cases` (name, arguments) with `extra` arguments in every theme, each compared with the
/// golden `{prefix}-{name}-{theme}`.
fn in_every_theme(prefix: &str, cases: &[(&str, &[&str])], extra: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (what, args) in cases {
        for theme in THEMES {
            let name = format!("{prefix}-{what}-{theme}");
            let out = dir.path().join(format!("{name}.png"));
            let mut full = args.to_vec();
            full.extend(extra);
            full.extend(["--theme", theme, "-o", out.to_str().unwrap()]);
            ok(&full);
            failures.extend(check(&name, &decode_png(&out)));
        }
    }
    failures
}

#[test]
fn knight_explain_steps_in_every_theme() {
    let extra = ["--explain", "--cell", "40"];
    assert_all(in_every_theme("knight-explain", &EXPLAIN_STEPS, &extra));
}

/// The queens' teaching figures in every theme: a search step with its attacked squares dotted,
/// a placement's attacking pairs alone (`--conflicts`), one queen's lines of attack on a placement
/// (one of them ending on the queen it attacks) and on a search step.
const QUEENS_TEACH: [(&str, &[&str]); 4] = [
    ("attacks", &["queens", "--step", "38", "--attacks"]),
    (
        "conflicts",
        &["queens", "--queens", "1.8..5", "--conflicts"],
    ),
    (
        "attacks-of",
        &["queens", "--queens", "1.8..5", "--attacks-of", "c8"],
    ),
    (
        "attacks-of-step",
        &["queens", "--step", "38", "--attacks", "--attacks-of", "d8"],
    ),
];

#[test]
fn queens_teaching_figures_in_every_theme() {
    assert_all(in_every_theme(
        "queens-teach",
        &QUEENS_TEACH,
        &["--cell", "32"],
    ));
}
