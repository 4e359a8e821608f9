//! The figure `--check FILE -o FIGURE` draws: the answer as printed (the student's numbers where
//! they were printed, every valid tile coloured whatever its number), its mistakes in the theme's
//! conflict colour over the numbers, a caption naming the mistake shown and a key of the marks; for
//! a list of queens solutions, the board of the offending line. Squares are compared as pixels.

use std::path::{Path, PathBuf};

use chessviz::check::{check_knight, check_queens, check_scene, check_tromino};
use chessviz::check::{KnightCheck, QueensCheck, TrominoCheck};
use chessviz::text::Lang;
use chessviz::Theme;

use super::{glued_tour, solutions, tabbed, textbook_rows, write};
use crate::common::{decode_png, ok, pixel_diff, px, queen_cells, run, tempdir};

/// Cells of 40 pixels and no margin: cell (r, c) starts at (40 c, 40 r).
const CELL: u32 = 40;

/// Draws the check of `text` (a file `name` in `dir`) as a PNG at [`CELL`] with `extra` options.
fn figure(dir: &Path, problem: &str, name: &str, text: &str, extra: &[&str]) -> PathBuf {
    let file = write(dir, name, text);
    let png = dir.join(format!("{name}.png"));
    let png_arg = png.to_str().unwrap().to_string();
    let cell = CELL.to_string();
    let mut args = vec![problem, "--check", &file, "-o", &png_arg, "-q"];
    args.extend(["--margin", "0", "--cell", &cell]);
    args.extend(extra);
    run(&args, b"");
    assert!(png.exists(), "{name}: no figure");
    png
}

/// Pixels of `colour` in cell (`r`, `c`).
fn count_in_cell(img: &image::RgbImage, r: u32, c: u32, colour: [u8; 3]) -> usize {
    (r * CELL..(r + 1) * CELL)
        .flat_map(|y| (c * CELL..(c + 1) * CELL).map(move |x| (x, y)))
        .filter(|&(x, y)| px(img, x, y) == colour)
        .count()
}

/// The middle third of cell (`r`, `c`): inside a knight's node, where only its number is drawn.
fn middle(img: &image::RgbImage, (r, c): (u32, u32)) -> image::RgbImage {
    let third = CELL / 3;
    image::imageops::crop_imm(
        img,
        c * CELL + third,
        r * CELL + third,
        third + 1,
        third + 1,
    )
    .to_image()
}

/// Whether the middles of two cells agree pixel for pixel; where they do not and `expect` says
/// they should, the two crops and their difference are written under the target folder.
fn same_middle(
    name: &str,
    (a, at): (&image::RgbImage, (u32, u32)),
    (b, bt): (&image::RgbImage, (u32, u32)),
    expect: bool,
) -> bool {
    let (actual, expected) = (middle(a, at), middle(b, bt));
    let Some((n, _, diff)) = pixel_diff(&expected, &actual) else {
        return true;
    };
    if expect {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check-figures");
        std::fs::create_dir_all(&dir).unwrap();
        for (kind, img) in [
            ("actual", &actual),
            ("expected", &expected),
            ("diff", &diff),
        ] {
            img.save(dir.join(format!("{name}-{kind}.png"))).unwrap();
        }
        eprintln!("{name}: {n} pixels differ; see {}", dir.display());
    }
    false
}

#[test]
fn the_mistakes_are_marked_in_the_conflict_colour() {
    let theme = Theme::by_name("default").unwrap();
    let dir = tempdir();
    let dir = dir.path();
    let look = ["--theme", "default"];
    // Tromino: the squares of tile 12 are ringed, the textbook figure has no ring there.
    let mut rows = textbook_rows();
    let right = decode_png(&figure(dir, "tromino", "t-right", &tabbed(&rows), &look));
    rows[5].swap(0, 1);
    let wrong = decode_png(&figure(dir, "tromino", "t-wrong", &tabbed(&rows), &look));
    assert_eq!(count_in_cell(&right, 5, 0, theme.conflict), 0);
    for (r, c) in [(5, 0), (6, 1), (6, 2)] {
        assert!(
            count_in_cell(&wrong, r, c, theme.conflict) > 20,
            "no ring on {r},{c}"
        );
    }
    assert_eq!(count_in_cell(&wrong, 0, 0, theme.conflict), 0);
    // Knight: the bad step's square is boxed, its number left legible inside the box.
    let (_, glued) = glued_tour();
    let right = decode_png(&figure(dir, "knight", "k-right", &glued, &look));
    let swapped = glued.replacen("2722", "2227", 1);
    let wrong = decode_png(&figure(dir, "knight", "k-wrong", &swapped, &look));
    assert_eq!(count_in_cell(&right, 0, 2, theme.conflict), 0);
    assert!(count_in_cell(&wrong, 0, 2, theme.conflict) > 4 * CELL as usize);
    // Step 22 now printed at 0,2 stands inside its box as 22 stands at 0,3 of the right tour.
    assert!(same_middle(
        "k-boxed-22",
        (&wrong, (0, 2)),
        (&right, (0, 3)),
        true
    ));
    // Queens: the first wrong line is drawn, its attacking queens ringed in the conflict colour.
    let mut list = solutions();
    list[10] = "12345678".to_string();
    let coords = ["--coords", "none", "--theme", "default"];
    let wrong = decode_png(&figure(dir, "queens", "q-wrong", &list.join("\n"), &coords));
    let right = decode_png(&figure(
        dir,
        "queens",
        "q-right",
        &solutions().join("\n"),
        &coords,
    ));
    // a1 is the bottom-left square: row 7 from the top.
    assert!(count_in_cell(&wrong, 7, 0, theme.conflict) > 20);
    assert_eq!(count_in_cell(&right, 7, 0, theme.conflict), 0);
}

#[test]
fn mistakes_stay_apart_in_print() {
    // The print theme is grey: a mistake's ring is black on a white edge, on every tile tone.
    let theme = Theme::by_name("print").unwrap();
    let dir = tempdir();
    let mut rows = textbook_rows();
    rows[5].swap(0, 1);
    let png = figure(
        dir.path(),
        "tromino",
        "t-print",
        &tabbed(&rows),
        &["--theme", "print"],
    );
    let img = decode_png(&png);
    for (r, c) in [(5, 0), (6, 1), (6, 2)] {
        assert!(count_in_cell(&img, r, c, theme.conflict) > 20, "{r},{c}");
        assert!(
            count_in_cell(&img, r, c, theme.overlay_edge) > 20,
            "{r},{c}: no edge"
        );
    }
}

#[test]
fn a_tour_is_drawn_with_the_numbers_as_printed() {
    // 56 printed as a second 55: the figure shows 55 twice and 57 where 57 was printed, not the
    // path renumbered (56 where the student printed 57).
    let (rows, _) = glued_tour();
    let spaced = |rows: &[Vec<u32>]| -> String {
        rows.iter()
            .map(|r| r.iter().map(|n| format!("{n} ")).collect::<String>() + "\n")
            .collect()
    };
    let at = |n: u32| -> (u32, u32) {
        let i = rows.iter().flatten().position(|&v| v == n).unwrap() as u32;
        (i / 8, i % 8)
    };
    let doubled: Vec<Vec<u32>> = rows
        .iter()
        .map(|r| r.iter().map(|&n| if n == 56 { 55 } else { n }).collect())
        .collect();
    let dir = tempdir();
    let look = ["--theme", "default"];
    let right = decode_png(&figure(
        dir.path(),
        "knight",
        "right",
        &spaced(&rows),
        &look,
    ));
    let wrong = decode_png(&figure(
        dir.path(),
        "knight",
        "doubled",
        &spaced(&doubled),
        &look,
    ));
    assert!(same_middle(
        "57-where-printed",
        (&wrong, at(57)),
        (&right, at(57)),
        true
    ));
    assert!(same_middle(
        "55-twice",
        (&wrong, at(56)),
        (&right, at(55)),
        true
    ));
    // The comparison sees numbers: 57 is not 56.
    assert!(!same_middle(
        "57-not-56",
        (&wrong, at(57)),
        (&right, at(56)),
        false
    ));
    // The second 55 is ringed as a square visited twice.
    let theme = Theme::by_name("default").unwrap();
    let (r, c) = at(56);
    assert!(count_in_cell(&wrong, r, c, theme.conflict) > 20);
}

#[test]
fn every_valid_tile_is_coloured_whatever_its_number() {
    let theme = Theme::by_name("default").unwrap();
    let dir = tempdir();
    // Numbered backwards (valid, not the textbook numbering), and the same with one mistake.
    let backwards: Vec<Vec<u32>> = textbook_rows()
        .iter()
        .map(|r| r.iter().map(|&n| if n == 0 { 0 } else { 22 - n }).collect())
        .collect();
    let mut spoiled = backwards.clone();
    spoiled[5].swap(0, 1);
    // A 32 x 32 board with two squares swapped: its two bad tiles once left no three-colouring,
    // and a valid tile beside them took the fourth tone, the theme's white.
    let mut large: Vec<Vec<u32>> = ok(&["tromino", "-k", "5", "--special", "7,9"])
        .lines()
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    large[10].swap(3, 4);
    for (name, rows) in [
        ("backwards", &backwards),
        ("spoiled", &spoiled),
        ("large", &large),
    ] {
        let png = figure(
            dir.path(),
            "tromino",
            name,
            &tabbed(rows),
            &["--theme", "default"],
        );
        let img = decode_png(&png);
        for (r, row) in rows.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                // In the top-left corner: inside the outline, outside a mistake's ring, clear of
                // the number.
                let colour = px(&img, c as u32 * CELL + 6, r as u32 * CELL + 6);
                if n == 0 {
                    assert_eq!(colour, theme.special, "{name}: special square {r},{c}");
                } else {
                    assert!(
                        theme.tiles[..3].contains(&colour),
                        "{name}: square {r},{c} (tile {n}) is {colour:?}, not a tile colour"
                    );
                }
            }
        }
    }
}

#[test]
fn the_caption_names_the_mistake_shown_and_keys_the_marks() {
    let mut rows = textbook_rows();
    rows[5].swap(0, 1);
    let report = check_tromino(tabbed(&rows).as_bytes(), &TrominoCheck::default()).unwrap();
    let (scene, hints) = check_scene(&report, Lang::En).unwrap().unwrap();
    assert!(hints.caption);
    assert_eq!(
        scene.caption(),
        Some("line 6, column 1: tile 12 covers 5,0 6,1 6,2, which do not form an L\n○ a tile that is not an L, or a second 0")
    );
    let (scene, _) = check_scene(&report, Lang::Zh).unwrap().unwrap();
    assert_eq!(
        scene.caption(),
        Some(
            "第 6 行第 1 列: 骨牌 12 覆盖的 5,0 6,1 6,2 不构成 L 型\n○ 不构成 L 型的骨牌或多余的 0"
        )
    );
    // A right answer has no caption of mistakes.
    let report = check_tromino(
        tabbed(&textbook_rows()).as_bytes(),
        &TrominoCheck::default(),
    )
    .unwrap();
    let (scene, _) = check_scene(&report, Lang::En).unwrap().unwrap();
    assert!(scene.mistakes().is_empty());
    // A tour: the first of its mistakes, how many there are, and a key line per kind of mark.
    let (_, glued) = glued_tour();
    let swapped = glued.replacen("2722", "2227", 1);
    let report = check_knight(swapped.as_bytes(), &KnightCheck::default()).unwrap();
    let (scene, _) = check_scene(&report, Lang::En).unwrap().unwrap();
    let caption = scene.caption().unwrap();
    assert_eq!(
        caption.lines().collect::<Vec<_>>(),
        vec![
            "line 1, column 5: step 22 at 0,2 is not a knight's move from step 21 at 2,4 (4 mistakes in all)",
            "□ a step that is not a knight's move"
        ]
    );
}

#[test]
fn the_queens_figure_is_the_offending_lines_board() {
    // Line 21 repeats line 6: the board drawn is line 21's, captioned with it, not solution 1.
    let mut list = solutions();
    list[20] = list[5].clone();
    let text = list.join("\n");
    let report = check_queens(text.as_bytes(), &QueensCheck::default()).unwrap();
    let (scene, _) = check_scene(&report, Lang::En).unwrap().unwrap();
    let caption = scene.caption().unwrap();
    assert!(
        caption.starts_with(&format!("line 21: {} repeats line 6", list[5])),
        "{caption}"
    );
    let theme = Theme::by_name("default").unwrap();
    let dir = tempdir();
    let png = figure(
        dir.path(),
        "queens",
        "repeated",
        &text,
        &["--coords", "none", "--theme", "default"],
    );
    let img = decode_png(&png);
    let queens = queen_cells(&list[20]);
    for r in 0..8 {
        for c in 0..8 {
            let crown = count_in_cell(&img, r, c, theme.piece);
            assert_eq!(
                crown > 20,
                queens.contains(&(r, c)),
                "square {r},{c}: {crown} pixels of the crown"
            );
        }
    }
    assert_ne!(list[20], list[0]);
}
