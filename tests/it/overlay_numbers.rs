//! Overlays never hide what they mark: a number under a mark or an arrow keeps every pixel of its
//! digits (a halo of the number's own background lies between the overlay and the digits), in every
//! theme.

use std::path::Path;

use crate::annotate_cli::still;

const THEMES: [&str; 4] = ["default", "print", "classic", "slate"];
const CELL: u32 = 48;
const MARGIN: u32 = 24;

/// The pixels of cell (row, col).
fn cell_pixels(row: u32, col: u32) -> impl Iterator<Item = (u32, u32)> {
    let (x0, y0) = (MARGIN + col * CELL, MARGIN + row * CELL);
    (y0..y0 + CELL).flat_map(move |y| (x0..x0 + CELL).map(move |x| (x, y)))
}

/// Asserts that every pixel of `digits` is the same in `plain` and `marked`.
fn digits_unchanged(
    what: &str,
    digits: &[(u32, u32)],
    plain: &image::RgbaImage,
    marked: &image::RgbaImage,
) {
    assert!(digits.len() > 20, "{what}: {} digit pixels", digits.len());
    for &(x, y) in digits {
        assert_eq!(
            plain.get_pixel(x, y),
            marked.get_pixel(x, y),
            "{what}: digit pixel {x},{y} changed by the overlay"
        );
    }
}

fn draw(dir: &Path, name: &str, args: &[&str], theme: &str) -> image::RgbaImage {
    let cell = CELL.to_string();
    let look = ["--cell", cell.as_str(), "--theme", theme];
    still(dir, name, &[args, &look[..]].concat())
}

#[test]
fn tile_numbers_under_a_cross_and_an_arrow_keep_their_digits() {
    let dir = tempfile::tempdir().unwrap();
    let base = ["tromino", "-k", "3", "--special", "2,2"];
    let overlays = ["--mark", "4,3:cross", "--arrow", "2,2-4,4"];
    for theme in THEMES {
        let bare = draw(dir.path(), "bare.png", &base, theme);
        let numbered = [&base[..], &["--numbers"]].concat();
        let plain = draw(dir.path(), "plain.png", &numbered, theme);
        let marked = draw(
            dir.path(),
            "marked.png",
            &[&numbered[..], &overlays[..]].concat(),
            theme,
        );
        // Tile "1" under the cross, "6" and "1" on the arrow's way.
        for (row, col) in [(4, 3), (3, 3), (4, 4)] {
            let digits: Vec<(u32, u32)> = cell_pixels(row, col)
                .filter(|&(x, y)| bare.get_pixel(x, y) != plain.get_pixel(x, y))
                .collect();
            let what = format!("{theme}: cell {row},{col}");
            digits_unchanged(&what, &digits, &plain, &marked);
        }
    }
}

#[test]
fn tour_numbers_under_a_dot_and_an_arrow_keep_their_digits() {
    let dir = tempfile::tempdir().unwrap();
    let overlays = ["--mark", "5,5:dot", "--arrow", "0,0-7,7"];
    for theme in THEMES {
        let plain = draw(dir.path(), "plain.png", &["knight"], theme);
        let marked = draw(
            dir.path(),
            "marked.png",
            &[&["knight"][..], &overlays[..]].concat(),
            theme,
        );
        for (row, col) in [(5, 5), (3, 3), (6, 6)] {
            // The node's disc: a point inside its ring, above the digits.
            let (x0, y0) = (MARGIN + col * CELL, MARGIN + row * CELL);
            let disc = *plain.get_pixel(x0 + CELL / 2, y0 + CELL / 4);
            let r = CELL as f32 * 0.25;
            let digits: Vec<(u32, u32)> = cell_pixels(row, col)
                .filter(|&(x, y)| {
                    let (dx, dy) = (
                        x as f32 + 0.5 - (x0 + CELL / 2) as f32,
                        y as f32 + 0.5 - (y0 + CELL / 2) as f32,
                    );
                    dx * dx + dy * dy < r * r && *plain.get_pixel(x, y) != disc
                })
                .collect();
            let what = format!("{theme}: cell {row},{col}");
            digits_unchanged(&what, &digits, &plain, &marked);
        }
    }
}
