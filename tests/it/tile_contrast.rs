//! Every tile colour of every colouring and theme stands apart from a square not tiled yet and from
//! the special square, read from the pixels the command paints: CIEDE2000 of at least
//! [`TELL_APART`] for normal vision, in a greyscale copy (L* alone) and under simulated
//! deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1). The `--shapes` legend's empty
//! corner is "no square": the untiled colour, not the special square's.
//!
//! On failure the pictures are kept and the worst pair is named.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::{decode_png, ok, plain_cell_color, px, tempdir, Rgb};
use chessviz::colour::{delta_e2000, Lab, Vision};
use chessviz::Theme;

/// The least CIEDE2000 difference between a tile and an untiled or special square: colours that
/// far apart read as different at a glance (about 1 is just noticeable). The white fourth tile of
/// the colouring by shape stood 0 to 3 from untiled squares.
const TELL_APART: f64 = 10.0;

const THEMES: [&str; 4] = ["default", "print", "classic", "slate"];
const COLOURINGS: [&str; 3] = ["proper", "orientation", "tile"];
const CELL: u32 = 20;
/// The special square of the tiling drawn: not a corner, so that every shape occurs near it.
const SPECIAL: (u32, u32) = (2, 5);

/// A way of seeing a colour: its name and the CIELAB coordinates seen.
type View = (&'static str, fn(Rgb) -> Lab);

/// The three ways a figure is seen: in colour, as a greyscale copy, by a deuteranope.
fn views() -> [View; 3] {
    [
        ("colour", |c| Vision::Normal.lab(c)),
        ("greyscale", |c| Lab {
            l: Vision::Normal.lab(c).l,
            a: 0.0,
            b: 0.0,
        }),
        ("deuteranopia", |c| Vision::Deuteranopia.lab(c)),
    ]
}

/// The smallest difference of `a` and `b` over the three views, and the view.
fn worst(a: Rgb, b: Rgb) -> (f64, &'static str) {
    views()
        .into_iter()
        .map(|(name, f)| (delta_e2000(f(a), f(b)), name))
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .expect("three views")
}

/// The plain colour of every cell of an 8 x 8 board drawn without margin; the special square's is
/// read beside its diamond (a quarter cell in from its corner).
fn cell_colours(path: &Path) -> Vec<Vec<Rgb>> {
    let img = decode_png(path);
    (0..8)
        .map(|r| {
            (0..8)
                .map(|c| {
                    if (r, c) == SPECIAL {
                        return px(&img, c * CELL + CELL / 4, r * CELL + CELL / 4);
                    }
                    plain_cell_color(&img, 0, CELL, r, c)
                        .unwrap_or_else(|| panic!("{}: cell {r},{c} not plain", path.display()))
                })
                .collect()
        })
        .collect()
}

fn draw(dir: &Path, name: &str, theme: &str, colouring: &str, step: Option<&str>) -> Vec<Vec<Rgb>> {
    let out = dir.join(name);
    let special = format!("{},{}", SPECIAL.0, SPECIAL.1);
    let cell = CELL.to_string();
    let mut args = vec![
        "tromino",
        "-k",
        "3",
        "--special",
        &special,
        "--color-by",
        colouring,
        "--theme",
        theme,
        "--cell",
        &cell,
        "--margin",
        "0",
        "-o",
        out.to_str().expect("utf-8 path"),
    ];
    if let Some(s) = step {
        args.extend(["--step", s]);
    }
    ok(&args);
    cell_colours(&out)
}

#[test]
fn every_tile_colour_stands_apart_from_untiled_and_special_squares() {
    let dir = tempdir();
    let mut failures = Vec::new();
    for theme in THEMES {
        for colouring in COLOURINGS {
            let done = draw(
                dir.path(),
                &format!("{theme}-{colouring}.png"),
                theme,
                colouring,
                None,
            );
            // Half way: the cells that change by the end were untiled.
            let half = format!("{theme}-{colouring}-half.png");
            let step = draw(dir.path(), &half, theme, colouring, Some("20"));
            let special = done[SPECIAL.0 as usize][SPECIAL.1 as usize];
            let mut untiled = BTreeSet::new();
            let mut tiles = BTreeSet::new();
            for r in 0..8 {
                for c in 0..8 {
                    if (r, c) == (SPECIAL.0 as usize, SPECIAL.1 as usize) {
                        continue;
                    }
                    tiles.insert(done[r][c]);
                    if step[r][c] != done[r][c] {
                        untiled.insert(step[r][c]);
                    }
                }
            }
            assert_eq!(untiled.len(), 1, "{theme} {colouring}: one untiled colour");
            let untiled = *untiled.first().expect("one");
            let want = match colouring {
                "proper" => 3,
                "orientation" => 4,
                _ => 21,
            };
            // Print's per-tile colours are its three greys.
            let want = if theme == "print" && colouring == "tile" {
                3
            } else {
                want
            };
            assert_eq!(
                tiles.len(),
                want,
                "{theme} {colouring}: tile colours {tiles:?}"
            );
            let mut least = (f64::MAX, String::new());
            for &tile in &tiles {
                for (what, other) in [("untiled", untiled), ("special", special)] {
                    let (de, view) = worst(tile, other);
                    if de < least.0 {
                        least = (de, format!("{tile:?} vs {what} {other:?} ({view})"));
                    }
                    if de < TELL_APART {
                        failures.push(format!(
                            "{theme} {colouring}: tile {tile:?} vs {what} {other:?}: dE00 {de:.1} ({view})"
                        ));
                    }
                }
            }
            println!(
                "{theme:8} {colouring:12} least dE00 {:5.1}: {}",
                least.0, least.1
            );
        }
    }
    if !failures.is_empty() {
        let kept = dir.keep();
        panic!("pictures in {}\n{}", kept.display(), failures.join("\n"));
    }
}

#[test]
fn the_shapes_legend_draws_the_empty_corner_as_no_square() {
    let dir = tempdir();
    for theme in THEMES {
        let t = Theme::by_name(theme).expect("a theme");
        // The special square's colour as the tiling paints it; untiled squares in the theme's.
        let figure = draw(
            dir.path(),
            &format!("{theme}.png"),
            theme,
            "orientation",
            None,
        );
        let special = figure[SPECIAL.0 as usize][SPECIAL.1 as usize];
        let untiled = t.blank();
        let out = dir.path().join(format!("shapes-{theme}.png"));
        let path = out.to_str().expect("utf-8 path");
        ok(&[
            "tromino", "--shapes", "--cell", "40", "--theme", theme, "-o", path,
        ]);
        let img = decode_png(&out);
        for (shape, &colour) in t.tiles.iter().enumerate() {
            // The board of this shape: where its colour fills 4 x 4 blocks (text is thinner).
            let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
            let (w, h) = img.dimensions();
            let solid = |x: u32, y: u32| {
                x + 4 <= w
                    && y + 4 <= h
                    && (0..16).all(|i| px(&img, x + i % 4, y + i / 4) == colour)
            };
            for (x, y, _) in img.enumerate_pixels() {
                if solid(x, y) {
                    let (x, y) = (x + 3, y + 3);
                    (x0, y0, x1, y1) = (x0.min(x - 3), y0.min(y - 3), x1.max(x), y1.max(y));
                }
            }
            assert!(x1 > x0, "{theme}: no board in shape colour {shape}");
            // Each quadrant's middle half: three in the shape's colour, one empty corner.
            let (cx, cy) = ((x0 + x1).div_ceil(2), (y0 + y1).div_ceil(2));
            let mut empty = Vec::new();
            for (qx, qy) in [(cx - 40, cy - 40), (cx, cy - 40), (cx - 40, cy), (cx, cy)] {
                let mut seen = BTreeSet::new();
                for y in qy + 10..qy + 30 {
                    for x in qx + 10..qx + 30 {
                        seen.insert(px(&img, x, y));
                    }
                }
                if !seen.contains(&colour) {
                    empty.push(seen);
                }
            }
            assert_eq!(empty.len(), 1, "{theme} shape {shape}: one empty corner");
            let want = BTreeSet::from([untiled]);
            assert_eq!(
                empty[0], want,
                "{theme} shape {shape}: the empty corner in the untiled colour only"
            );
            assert_ne!(
                untiled, special,
                "{theme}: untiled and special squares alike"
            );
        }
    }
}
