//! PNG figures as the CLI writes them, decoded and checked against the layout contract of DESIGN.md:
//! sizes, what the middle half of each cell shows, where pieces sit, tile colourings, themes,
//! determinism, golden checksums and error messages.
//!
//! Cell (r, c) covers x in `[margin + c*cell, margin + (c+1)*cell)` and y in
//! `[margin + r*cell, ...)`; most checks use `--margin 0` so the board starts at (0, 0).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::common::{decode_png, fails, middle_half_colors, ok, px, queen_cells, tempdir, Rgb};
use chessviz::knight::{self, KnightProblem};
use chessviz::queens::{self, QueensStyle};
use chessviz::tromino::{self, ColorBy, LShape, TrominoEvent, TrominoProblem, TrominoStyle};
use chessviz::{Square, Style, Theme};

/// Runs `chessviz` with `args` plus `-o <dir>/<name>` and decodes the PNG it writes.
fn png(dir: &Path, name: &str, args: &[&str]) -> image::RgbImage {
    let path = write(dir, name, args);
    decode_png(&path)
}

/// Runs `chessviz` with `args` plus `-o <dir>/<name>` and returns the file's path.
fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    let out = path.to_str().expect("utf-8 temp path");
    all.extend(["-o", out]);
    ok(&all);
    path
}

#[test]
fn sizes_follow_the_layout_contract() {
    let dir = tempdir();
    let d = dir.path();
    // (args, cols, rows, has caption). Knight on 5 rows x 6 columns tells width from height.
    let figures: [(&[&str], u32, u32, bool); 3] = [
        (&["tromino", "-k", "2", "--special", "1,2"], 4, 4, false),
        (&["queens", "-n", "5"], 5, 5, true),
        (
            &["knight", "--rows", "5", "--cols", "6", "--start", "2,3"],
            6,
            5,
            false,
        ),
    ];
    for (i, (args, cols, rows, caption)) in figures.into_iter().enumerate() {
        let cell = 20;
        // --margin 0: exactly the board.
        let mut a = args.to_vec();
        a.extend(["--cell", "20", "--margin", "0"]);
        let img = png(d, &format!("m0-{i}.png"), &a);
        assert_eq!(img.dimensions(), (cols * cell, rows * cell), "{args:?}");
        // --margin 10: a margin each side, and a caption band of one margin below for queens.
        let mut a = args.to_vec();
        a.extend(["--cell", "20", "--margin", "10"]);
        let img = png(d, &format!("m10-{i}.png"), &a);
        let band = if caption { 10 } else { 0 };
        assert_eq!(
            img.dimensions(),
            (cols * cell + 20, rows * cell + 20 + band),
            "{args:?}"
        );
        // The default margin is half a cell, at least 16 px: 16 at cell 20, 30 at cell 60.
        for (cell, margin) in [(20u32, 16u32), (60, 30)] {
            let mut a = args.to_vec();
            let cell_arg = cell.to_string();
            a.extend(["--cell", &cell_arg]);
            let img = png(d, &format!("md-{i}-{cell}.png"), &a);
            let band = if caption { margin } else { 0 };
            assert_eq!(
                img.dimensions(),
                (cols * cell + 2 * margin, rows * cell + 2 * margin + band),
                "{args:?} --cell {cell}"
            );
        }
    }
}

/// Checks a queens figure against a solution: empty cells show only the light or dark fill (light
/// where row + col is even), queen cells show a piece. Returns the queen cells' colour sets.
fn check_queens_board(
    img: &image::RgbImage,
    margin: u32,
    cell: u32,
    solution: &str,
    theme: &Theme,
) {
    let queens = queen_cells(solution);
    let n = queens.len() as u32;
    assert_ne!(theme.light, theme.dark);
    for r in 0..n {
        for c in 0..n {
            let colors = middle_half_colors(img, margin, cell, r, c);
            if queens.contains(&(r, c)) {
                assert!(
                    colors.len() > 1,
                    "queen on ({r},{c}) of {solution} shows only {colors:?}"
                );
            } else {
                let expected = if (r + c) % 2 == 0 {
                    theme.light
                } else {
                    theme.dark
                };
                assert_eq!(
                    colors,
                    BTreeSet::from([expected]),
                    "empty cell ({r},{c}) of {solution}, theme {}",
                    theme.name
                );
            }
        }
    }
}

#[test]
fn queens_sit_where_the_solution_says_and_empty_cells_show_their_fill() {
    let dir = tempdir();
    let solution = ok(&["queens", "-n", "8", "--solution", "5"]);
    let solution = solution.trim();
    assert_eq!(solution, "24683175");
    for piece in ["crown", "glyph"] {
        for margin in [0u32, 13] {
            let m = margin.to_string();
            let img = png(
                dir.path(),
                &format!("q-{piece}-{margin}.png"),
                &[
                    "queens",
                    "-n",
                    "8",
                    "--solution",
                    "5",
                    "--cell",
                    "24",
                    "--margin",
                    &m,
                    "--piece",
                    piece,
                ],
            );
            check_queens_board(&img, margin, 24, solution, &Theme::default());
        }
    }
    // A board of more than nine columns writes rows separated by spaces.
    let solution = ok(&["queens", "-n", "10", "--solution", "3"]);
    let img = png(
        dir.path(),
        "q10.png",
        &[
            "queens",
            "-n",
            "10",
            "--solution",
            "3",
            "--cell",
            "16",
            "--margin",
            "0",
        ],
    );
    check_queens_board(&img, 0, 16, solution.trim(), &Theme::default());
}

#[test]
fn queens_attacks_are_refused_for_a_solution_still() {
    // A still is a complete solution, where every empty square is attacked: shading would tell
    // nothing, so the option is refused there (it shades the squares of the search's frames).
    let dir = tempdir();
    let out = dir.path().join("q.png");
    let args = ["queens", "-n", "6", "--solution", "2", "--attacks", "-o"];
    let err = fails(&[&args[..], &[out.to_str().unwrap()]].concat(), b"");
    assert!(
        err.contains("--attacks applies to a placement (--queens POS) or to the search (GIF, APNG"),
        "{err}"
    );
    assert!(!out.exists());
}

#[test]
fn knight_cells_all_carry_ink() {
    let dir = tempdir();
    // Numbers sit on discs that clear the path: ringed nodes where they fit, plain discs below.
    for cell in [16u32, 24, 40] {
        let c = cell.to_string();
        let img = png(
            dir.path(),
            &format!("k{cell}.png"),
            &[
                "knight", "--size", "6", "--start", "0,0", "--cell", &c, "--margin", "0",
            ],
        );
        assert_eq!(img.dimensions(), (6 * cell, 6 * cell));
        for r in 0..6 {
            for col in 0..6 {
                let colors = middle_half_colors(&img, 0, cell, r, col);
                assert!(
                    colors.len() > 1,
                    "cell ({r},{col}) at --cell {cell} shows only {colors:?}"
                );
            }
        }
    }
}

/// Parses the tile matrix the CLI prints.
fn parse_matrix(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .map(|l| l.split_whitespace().map(|s| s.parse().unwrap()).collect())
        .collect()
}

/// Checks a tiling's colours given each cell's tile number and each cell's sampled colour: one
/// colour per tile, neighbouring tiles differ, the special square's colour on no tile. Returns the
/// number of tile colours.
fn check_proper(tiles: &[Vec<u32>], colors: &[Vec<Rgb>], what: &str) -> usize {
    let side = tiles.len();
    let mut tile_color: HashMap<u32, Rgb> = HashMap::new();
    let mut special = None;
    for r in 0..side {
        for c in 0..side {
            let (t, color) = (tiles[r][c], colors[r][c]);
            if t == 0 {
                special = Some(color);
                continue;
            }
            let first = *tile_color.entry(t).or_insert(color);
            assert_eq!(first, color, "{what}: tile {t} has one colour");
            for (dr, dc) in [(0usize, 1usize), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < side && c2 < side && tiles[r2][c2] != t && tiles[r2][c2] != 0 {
                    assert_ne!(
                        color, colors[r2][c2],
                        "{what}: tiles {t} and {} touch at ({r},{c})",
                        tiles[r2][c2]
                    );
                }
            }
        }
    }
    let special = special.expect("a special square");
    let used: BTreeSet<Rgb> = tile_color.values().copied().collect();
    assert!(
        !used.contains(&special),
        "{what}: the special square's colour {special:?} is on a tile"
    );
    assert_eq!(
        tile_color.len(),
        (side * side - 1) / 3,
        "{what}: tile count"
    );
    used.len()
}

/// The colour of every cell, sampled inside the middle half but off the centre, clear of the
/// special square's diamond mark (which reaches 0.22 of a cell from the centre).
fn sample_cells(img: &image::RgbImage, side: usize, cell: u32) -> Vec<Vec<Rgb>> {
    let off = (cell as f32 * 0.3) as u32;
    (0..side as u32)
        .map(|r| {
            (0..side as u32)
                .map(|c| px(img, c * cell + off, r * cell + off))
                .collect()
        })
        .collect()
}

#[test]
fn tromino_proper_colouring_through_the_cli_for_every_special_square_up_to_k3() {
    let dir = tempdir();
    let cell = 10u32;
    for k in 1..=3u32 {
        let side = 1usize << k;
        let kk = k.to_string();
        for r in 0..side {
            for c in 0..side {
                let special = format!("{r},{c}");
                let tiles = parse_matrix(&ok(&["tromino", "-k", &kk, "--special", &special]));
                assert_eq!(tiles[r][c], 0);
                let img = png(
                    dir.path(),
                    "t.png",
                    &[
                        "tromino",
                        "-k",
                        &kk,
                        "--special",
                        &special,
                        "--cell",
                        "10",
                        "--margin",
                        "0",
                    ],
                );
                assert_eq!(img.dimensions(), (side as u32 * cell, side as u32 * cell));
                let colors = sample_cells(&img, side, cell);
                let used = check_proper(&tiles, &colors, &format!("k={k} special {special}"));
                assert!(used <= 3, "k={k} special {special}: {used} colours");
            }
        }
    }
}

#[test]
fn tromino_orientation_colours_one_per_shape() {
    let problem = TrominoProblem::new(3, Square::new(2, 2)).unwrap();
    let dir = tempdir();
    let img = png(
        dir.path(),
        "o.png",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,2",
            "--color-by",
            "orientation",
            "--cell",
            "12",
            "--margin",
            "0",
        ],
    );
    let colors = sample_cells(&img, 8, 12);
    let mut by_shape: BTreeMap<usize, BTreeSet<Rgb>> = BTreeMap::new();
    for event in problem.trace() {
        if let TrominoEvent::Place(t) = event {
            for sq in t.cells {
                by_shape
                    .entry(t.shape.index())
                    .or_default()
                    .insert(colors[sq.row as usize][sq.col as usize]);
            }
        }
    }
    assert_eq!(by_shape.len(), LShape::ALL.len(), "all four shapes occur");
    let mut all = BTreeSet::new();
    for (shape, set) in &by_shape {
        assert_eq!(set.len(), 1, "shape {shape} has one colour: {set:?}");
        all.extend(set.iter().copied());
    }
    assert_eq!(all.len(), 4, "four shapes, four colours");
    assert!(!all.contains(&colors[2][2]), "special square's colour");
}

#[test]
fn tromino_colour_by_tile_gives_every_tile_its_own_colour() {
    let dir = tempdir();
    let args = [
        "tromino",
        "-k",
        "2",
        "--special",
        "3,0",
        "--color-by",
        "tile",
        "--cell",
        "16",
        "--margin",
        "0",
    ];
    let tiles = parse_matrix(&ok(&args[..5]));
    let img = png(dir.path(), "t.png", &args);
    let colors = sample_cells(&img, 4, 16);
    let used = check_proper(&tiles, &colors, "color-by tile");
    assert_eq!(used, 5, "five tiles, five colours");
    // Beyond k = 4 a colour per tile is refused with a pointer to --color-by proper.
    let err = fails(
        &[
            "tromino",
            "-k",
            "5",
            "--color-by",
            "tile",
            "-o",
            "/nonexistent/x.png",
        ],
        b"",
    );
    assert!(err.contains("proper"), "{err}");
}

#[test]
fn every_theme_renders_every_figure_and_print_is_grey() {
    let dir = tempdir();
    let figures: [&[&str]; 3] = [
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "5,6",
            "--numbers",
            "--show-splits",
        ],
        &["queens", "-n", "6", "--solution", "3"],
        &["knight", "--size", "6"],
    ];
    for name in Theme::NAMES {
        let theme = Theme::by_name(name).unwrap();
        for (i, args) in figures.iter().enumerate() {
            let mut a = args.to_vec();
            a.extend(["--theme", name, "--cell", "32"]);
            let img = png(dir.path(), &format!("{name}-{i}.png"), &a);
            assert!(img.width() > 6 * 32, "{name} {args:?}");
            let colors: BTreeSet<Rgb> = img.pixels().map(|p| p.0).collect();
            assert!(
                colors.len() > 4,
                "{name} {args:?}: {} colours",
                colors.len()
            );
            if name == "print" {
                assert!(
                    colors.iter().all(|c| c[0] == c[1] && c[1] == c[2]),
                    "print theme {args:?} uses colour: {:?}",
                    colors.iter().find(|c| !(c[0] == c[1] && c[1] == c[2]))
                );
            }
        }
        // The board's squares are the theme's own colours.
        let img = png(
            dir.path(),
            &format!("{name}-q.png"),
            &[
                "queens",
                "-n",
                "8",
                "--solution",
                "5",
                "--theme",
                name,
                "--cell",
                "24",
                "--margin",
                "0",
            ],
        );
        check_queens_board(&img, 0, 24, "24683175", &theme);
    }
    // In process: every palette entry of the print theme is grey, whatever the figure.
    let mut style = Style::new(32);
    style.theme = Theme::by_name("print").unwrap();
    let tromino = TrominoProblem::new(4, Square::new(3, 9)).unwrap();
    let tour = KnightProblem::new(6, 6, Square::new(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let solution = queens::solutions(6).unwrap().next().unwrap();
    let stills = [
        tromino::still(
            &tromino,
            TrominoStyle {
                color_by: ColorBy::Orientation,
                numbers: true,
                show_splits: true,
                ..TrominoStyle::default()
            },
            &style,
        )
        .unwrap(),
        tromino::still(
            &TrominoProblem::new(3, Square::new(0, 0)).unwrap(),
            TrominoStyle {
                color_by: ColorBy::Tile,
                numbers: true,
                show_splits: false,
                ..TrominoStyle::default()
            },
            &style,
        )
        .unwrap(),
        queens::still(
            &solution,
            QueensStyle {
                attacks: true,
                ..QueensStyle::default()
            },
            &style,
        )
        .unwrap(),
        knight::still(&tour, knight::KnightStyle::default(), &style).unwrap(),
    ];
    for still in &stills {
        for c in still.palette().colors() {
            assert!(c[0] == c[1] && c[1] == c[2], "print palette has {c:?}");
        }
    }
}

/// Fixed commands for the determinism and golden checks, one per figure type.
const GOLDEN: [(&str, &[&str]); 3] = [
    (
        "tromino",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,2",
            "--numbers",
            "--cell",
            "24",
        ],
    ),
    (
        "queens",
        &["queens", "-n", "8", "--solution", "5", "--cell", "24"],
    ),
    ("knight", &["knight", "--cell", "24"]),
];

#[test]
fn two_runs_write_identical_files() {
    let dir = tempdir();
    for (name, args) in GOLDEN {
        let a = std::fs::read(write(dir.path(), &format!("{name}-a.png"), args)).unwrap();
        let b = std::fs::read(write(dir.path(), &format!("{name}-b.png"), args)).unwrap();
        assert!(a == b, "{name}: two runs differ");
    }
}

#[test]
fn errors_name_the_problem() {
    let dir = tempdir();
    let out = dir.path().join("x.png");
    let out = out.to_str().unwrap();
    let err = fails(&["queens", "-n", "8", "--solution", "93", "-o", out], b"");
    assert!(err.contains("92"), "{err}");
    let err = fails(&["queens", "-n", "8", "--solution", "93"], b"");
    assert!(err.contains("92"), "{err}");
    // 100 x 100 squares of 1024 px is over 10^10 pixels: refused from the size alone, quickly.
    let err = fails(
        &["knight", "--size", "100", "--cell", "1024", "-o", out],
        b"",
    );
    assert!(err.contains("268435456") || err.contains("limit"), "{err}");
    assert!(!Path::new(out).exists(), "no file for a refused figure");
    // A file that is not a font.
    let bad = dir.path().join("not-a-font.ttf");
    std::fs::write(&bad, b"this is not a font\n").unwrap();
    let err = fails(&["queens", "--font", bad.to_str().unwrap(), "-o", out], b"");
    assert!(err.contains("font"), "{err}");
    let missing = dir.path().join("missing.ttf");
    let err = fails(
        &["knight", "--font", missing.to_str().unwrap(), "-o", out],
        b"",
    );
    assert!(err.contains("missing.ttf"), "{err}");
}

/// Runs a command that must be refused as too large before any work (see `refused_before_work`).
fn refused_quickly(args: &[&str], word: &str) {
    let err = crate::common::refused_before_work(args);
    assert!(err.contains(word), "{args:?}: {err}");
}

/// An impossible picture size is refused at once, before any search: solving first took minutes
/// or hundreds of MB only to be refused at the end.
#[test]
fn oversized_pngs_are_refused_before_solving() {
    let dir = tempdir();
    let out = dir.path().join("x.png");
    let out = out.to_str().unwrap();
    // Walking to the billionth solution of 32 queens would take years of backtracking.
    refused_quickly(
        &[
            "queens",
            "-n",
            "32",
            "--solution",
            "1000000000",
            "--cell",
            "1024",
            "-o",
            out,
        ],
        "limit",
    );
    // A 4000 x 4000 tour holds 16 million squares: more than the refusal's memory.
    refused_quickly(
        &["knight", "--size", "4000", "--cell", "1024", "-o", out],
        "limit",
    );
    // k = 15 has 10^9 squares to tile and colour.
    refused_quickly(
        &["tromino", "-k", "15", "--cell", "1024", "-o", out],
        "too large",
    );
    assert!(!Path::new(out).exists());
}
