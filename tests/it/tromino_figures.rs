//! `tromino --shapes` (the legend of the four L shapes), `tromino --depth D` (the divide and conquer
//! down to level D) and the captions `describe()` gives tromino events, checked against the
//! textbook's `ChessBoard` recursion written again here, independently of the library.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{decode_png, fails, middle_half_colors, ok, plain_cell_color, px, Rgb};
use chessviz::tromino::{self, TrominoAdapter, TrominoProblem, TrominoStyle};
use chessviz::{draw, Adapter, Fill, RenderHints, Square, Style};

type Cell = (u32, u32);

/// One call of the textbook's `ChessBoard(tr, tc, dr, dc, size)` on a board larger than 1 x 1.
#[derive(Clone, Debug)]
struct Call {
    origin: Cell,
    size: u32,
    depth: u32,
    tile: u32,
}

/// The textbook's recursion, transcribed from its C code: fills `board` with tile numbers and
/// records every call (in call order, which is the tile order).
#[allow(clippy::too_many_arguments)]
fn chess_board(
    board: &mut Vec<Vec<u32>>,
    calls: &mut Vec<Call>,
    next: &mut u32,
    (tr, tc): Cell,
    (dr, dc): Cell,
    size: u32,
    depth: u32,
) {
    if size == 1 {
        return;
    }
    let t = *next;
    *next += 1;
    let s = size / 2;
    calls.push(Call {
        origin: (tr, tc),
        size,
        depth,
        tile: t,
    });
    // Top-left quadrant: the tile covers its bottom-right cell unless the special square is there.
    if dr < tr + s && dc < tc + s {
        chess_board(board, calls, next, (tr, tc), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s - 1) as usize][(tc + s - 1) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr, tc),
            (tr + s - 1, tc + s - 1),
            s,
            depth + 1,
        );
    }
    // Top-right: its bottom-left cell.
    if dr < tr + s && dc >= tc + s {
        chess_board(board, calls, next, (tr, tc + s), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s - 1) as usize][(tc + s) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr, tc + s),
            (tr + s - 1, tc + s),
            s,
            depth + 1,
        );
    }
    // Bottom-left: its top-right cell.
    if dr >= tr + s && dc < tc + s {
        chess_board(board, calls, next, (tr + s, tc), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s) as usize][(tc + s - 1) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr + s, tc),
            (tr + s, tc + s - 1),
            s,
            depth + 1,
        );
    }
    // Bottom-right: its top-left cell.
    if dr >= tr + s && dc >= tc + s {
        chess_board(board, calls, next, (tr + s, tc + s), (dr, dc), s, depth + 1);
    } else {
        board[(tr + s) as usize][(tc + s) as usize] = t;
        chess_board(
            board,
            calls,
            next,
            (tr + s, tc + s),
            (tr + s, tc + s),
            s,
            depth + 1,
        );
    }
}

/// The textbook's board (tile numbers, special square 0) and its calls, for a `2^k` board.
fn textbook(k: u32, special: Cell) -> (Vec<Vec<u32>>, Vec<Call>) {
    let side = 1u32 << k;
    let mut board = vec![vec![0u32; side as usize]; side as usize];
    let mut calls = Vec::new();
    let mut next = 1;
    chess_board(&mut board, &mut calls, &mut next, (0, 0), special, side, 0);
    (board, calls)
}

/// The cells of each tile, by number.
fn tile_cells(board: &[Vec<u32>]) -> BTreeMap<u32, BTreeSet<Cell>> {
    let mut tiles: BTreeMap<u32, BTreeSet<Cell>> = BTreeMap::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &t) in row.iter().enumerate() {
            if t != 0 {
                tiles.entry(t).or_default().insert((r as u32, c as u32));
            }
        }
    }
    tiles
}

/// The corner of its 2 x 2 bounding block that a tile leaves empty: (row, col) within the block.
fn empty_corner(cells: &BTreeSet<Cell>) -> Cell {
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    let block: Vec<Cell> = (0..2)
        .flat_map(|r| (0..2).map(move |c| (r, c)))
        .filter(|&(r, c)| !cells.contains(&(r0 + r, c0 + c)))
        .collect();
    assert_eq!(
        block.len(),
        1,
        "an L covers three cells of a 2 x 2 block: {cells:?}"
    );
    block[0]
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// Runs `chessviz` with `args` plus `-o <dir>/<name>` and returns the file's path.
fn write(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", path.to_str().expect("utf-8 temp path")]);
    ok(&all);
    path
}

/// The colour the orientation colouring gives each empty corner, read from a tiling the CLI draws
/// (at cell centres), with every tile's shape from the textbook recursion.
fn orientation_colours(dir: &Path, theme: &str) -> BTreeMap<Cell, Rgb> {
    let cell = 20;
    let (board, _) = textbook(3, (2, 2));
    let img = decode_png(&write(
        dir,
        &format!("tiling-{theme}.png"),
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "2,2",
            "--color-by",
            "orientation",
            "--margin",
            "0",
            "--cell",
            "20",
            "--theme",
            theme,
        ],
    ));
    let mut colours: BTreeMap<Cell, Rgb> = BTreeMap::new();
    for cells in tile_cells(&board).values() {
        let corner = empty_corner(cells);
        for &(r, c) in cells {
            let got = plain_cell_color(&img, 0, cell, r, c).expect("a plain tile cell");
            let known = *colours.entry(corner).or_insert(got);
            assert_eq!(known, got, "one colour per shape ({theme})");
        }
    }
    assert_eq!(colours.len(), 4, "the 8 x 8 tiling uses all four shapes");
    let distinct: BTreeSet<Rgb> = colours.values().copied().collect();
    assert_eq!(distinct.len(), 4, "four shape colours ({theme})");
    colours
}

/// Where `colour` is in `img`: the bounding box (x0, y0, x1, y1), inclusive.
fn bounding_box(img: &image::RgbImage, colour: Rgb) -> Option<(u32, u32, u32, u32)> {
    let mut bb: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in img.enumerate_pixels() {
        if p.0 == colour {
            bb = Some(match bb {
                None => (x, y, x, y),
                Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x), d.max(y)),
            });
        }
    }
    bb
}

#[test]
fn shapes_legend_shows_the_four_l_orientations_in_their_tiling_colours() {
    let dir = tempdir();
    for theme in ["default", "classic", "slate"] {
        let colours = orientation_colours(dir.path(), theme);
        let cell = 40u32;
        let img = decode_png(&write(
            dir.path(),
            &format!("shapes-{theme}.png"),
            &["tromino", "--shapes", "--cell", "40", "--theme", theme],
        ));
        let mut boxes = Vec::new();
        for (&corner, &colour) in &colours {
            // The shape's colour covers one 2 x 2 block (less its outline): one board.
            let (x0, y0, x1, y1) = bounding_box(&img, colour)
                .unwrap_or_else(|| panic!("{theme}: no board in the colour of {corner:?}"));
            let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
            assert!(
                (2 * cell * 3 / 4..=2 * cell).contains(&w)
                    && (2 * cell * 3 / 4..=2 * cell).contains(&h),
                "{theme}: the colour of {corner:?} spans {w} x {h}, not one 2 x 2 board"
            );
            // Cell centres of that block: three in the shape's colour, the empty corner not.
            let (cx, cy) = ((x0 + x1).div_ceil(2), (y0 + y1).div_ceil(2));
            let mut empty = Vec::new();
            for r in 0..2u32 {
                for c in 0..2u32 {
                    let x = cx + c * cell - cell / 2;
                    let y = cy + r * cell - cell / 2;
                    if px(&img, x, y) != colour {
                        empty.push((r, c));
                    }
                }
            }
            assert_eq!(
                empty,
                vec![corner],
                "{theme}: the board in the colour of the shape missing {corner:?}"
            );
            boxes.push((x0, y0, x1, y1));
        }
        // Four separate boards.
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[..i] {
                let apart = a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1;
                assert!(apart, "{theme}: boards overlap: {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn shapes_legend_lays_out_four_labelled_boards_in_every_format() {
    let boards = tromino::shape_legend_boards();
    assert_eq!(boards.len(), 4);
    let labels: BTreeSet<String> = boards
        .iter()
        .map(|b| format!("{} {}", b.label.head, b.label.body))
        .collect();
    let expected: BTreeSet<String> = ["top-left", "top-right", "bottom-left", "bottom-right"]
        .iter()
        .map(|c| format!("missing {c}"))
        .collect();
    assert_eq!(labels, expected);
    let dir = tempdir();
    let svg =
        std::fs::read_to_string(write(dir.path(), "s.svg", &["tromino", "--shapes"])).expect("svg");
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..40]
    );
    let pdf = std::fs::read(write(dir.path(), "s.pdf", &["tromino", "--shapes"])).expect("pdf");
    assert!(pdf.starts_with(b"%PDF-"));
    // The smallest cell with legible names is accepted; one pixel less is refused, nothing written.
    let min = tromino::shapes_min_cell(&Style::new(48))
        .expect("min cell")
        .expect("legible at some cell");
    assert!(min <= 48, "legible at the default cell: {min}");
    let at = |c: u32| c.to_string();
    write(
        dir.path(),
        "min.png",
        &["tromino", "--shapes", "--cell", &at(min)],
    );
    let small = dir.path().join("small.png");
    let err = fails(
        &[
            "tromino",
            "--shapes",
            "--cell",
            &at(min - 1),
            "-o",
            small.to_str().unwrap(),
        ],
        b"",
    );
    assert!(err.contains(&format!("--cell {min}")), "{err}");
    assert!(!small.exists());
}

/// What the view down to `depth` must show, from the textbook recursion: the divisions drawn (those
/// of sub-boards larger than 2 x 2: a 2 x 2 board's division is the cell grid) and each tiled cell
/// with its tile number.
fn expected_depth(
    k: u32,
    special: Cell,
    depth: u32,
) -> (BTreeSet<(Cell, u32)>, BTreeMap<Cell, u32>) {
    let (board, calls) = textbook(k, special);
    let above: Vec<&Call> = calls.iter().filter(|c| c.depth < depth).collect();
    let splits = above
        .iter()
        .filter(|c| c.size > 2)
        .map(|c| (c.origin, c.size))
        .collect();
    let numbers: BTreeSet<u32> = above.iter().map(|c| c.tile).collect();
    let mut cells = BTreeMap::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &t) in row.iter().enumerate() {
            if numbers.contains(&t) && (r as u32, c as u32) != special {
                cells.insert((r as u32, c as u32), t);
            }
        }
    }
    (splits, cells)
}

fn depth_scene(k: u32, special: Cell, depth: u32) -> chessviz::Scene {
    let problem = TrominoProblem::new(k, Square::new(special.0, special.1)).unwrap();
    let look = TrominoStyle {
        numbers: true,
        ..TrominoStyle::default()
    };
    let (scene, hints) = tromino::depth_scene(&problem, look, depth).unwrap();
    assert!(hints.caption);
    scene
}

#[test]
fn depth_shows_exactly_the_divisions_and_centre_tiles_above_the_level() {
    let cases = [
        (1, (0, 1)),
        (2, (3, 0)),
        (3, (2, 2)),
        (3, (7, 7)),
        (4, (5, 9)),
        (5, (17, 30)),
    ];
    for (k, special) in cases {
        for depth in 1..=k {
            let scene = depth_scene(k, special, depth);
            let what = format!("k = {k}, special {special:?}, depth {depth}");
            let (splits, tiles) = expected_depth(k, special, depth);
            let got_splits: BTreeSet<(Cell, u32)> = scene
                .splits()
                .iter()
                .map(|s| ((s.origin.row, s.origin.col), s.size))
                .collect();
            assert_eq!(got_splits, splits, "{what}: divisions");
            assert_eq!(scene.splits().len(), splits.len(), "{what}: each once");
            let side = 1u32 << k;
            for r in 0..side {
                for c in 0..side {
                    let cell = scene.cell(Square::new(r, c));
                    match tiles.get(&(r, c)) {
                        Some(&t) => {
                            assert!(matches!(cell.fill, Fill::Tile(_)), "{what}: {r},{c}");
                            assert_eq!(cell.label, Some(t), "{what}: number at {r},{c}");
                        }
                        None if (r, c) == special => {
                            assert_eq!(cell.fill, Fill::Special, "{what}")
                        }
                        None => assert_eq!(cell.fill, Fill::Blank, "{what}: {r},{c}"),
                    }
                }
            }
            // Level k lays every tile: the full tiling.
            if depth == k {
                assert_eq!(tiles.len() as u32 + 1, side * side, "{what}");
            }
            let caption = scene.caption().expect("a caption");
            assert!(
                caption.to_lowercase().contains("division"),
                "{what}: {caption}"
            );
        }
    }
}

#[test]
fn depth_one_is_the_first_division_with_the_junction_tile() {
    for k in 1..=4u32 {
        let side = 1u32 << k;
        let h = side / 2;
        for special in [
            (0, 0),
            (0, side - 1),
            (side - 1, 0),
            (side - 1, side - 1),
            (h, h - 1),
        ] {
            let scene = depth_scene(k, special, 1);
            // The four cells at the junction, one per quadrant; the tile covers the three not in
            // the special square's quadrant.
            let quadrant = |(r, c): Cell| (r >= h, c >= h);
            let junction = [(h - 1, h - 1), (h - 1, h), (h, h - 1), (h, h)];
            let tiled: BTreeSet<Cell> = (0..side)
                .flat_map(|r| (0..side).map(move |c| (r, c)))
                .filter(|&(r, c)| matches!(scene.cell(Square::new(r, c)).fill, Fill::Tile(_)))
                .collect();
            let expected: BTreeSet<Cell> = junction
                .into_iter()
                .filter(|&j| quadrant(j) != quadrant(special))
                .collect();
            assert_eq!(tiled, expected, "k = {k}, special {special:?}");
            for &j in &expected {
                assert_eq!(scene.cell(Square::new(j.0, j.1)).label, Some(1));
            }
            let first: Vec<(Cell, u32)> = scene
                .splits()
                .iter()
                .map(|s| ((s.origin.row, s.origin.col), s.size))
                .collect();
            let whole = if side > 2 {
                vec![((0, 0), side)]
            } else {
                vec![]
            };
            assert_eq!(first, whole, "k = {k}: only the first division");
            assert_eq!(
                scene.caption(),
                Some("The first division and its central L-tromino")
            );
        }
    }
}

#[test]
fn depth_one_through_the_cli_in_pixels() {
    let dir = tempdir();
    let cell = 24;
    let img = decode_png(&write(
        dir.path(),
        "d1.png",
        &[
            "tromino",
            "-k",
            "3",
            "--special",
            "5,1",
            "--depth",
            "1",
            "--margin",
            "0",
            "--cell",
            "24",
        ],
    ));
    assert_eq!(img.dimensions(), (8 * cell, 8 * cell));
    let tile = [(3, 3), (3, 4), (4, 4)];
    let colour =
        |r, c| plain_cell_color(&img, 0, cell, r, c).unwrap_or_else(|| panic!("{r},{c} is plain"));
    let tile_colour = colour(3, 3);
    let blank = colour(0, 0);
    assert_ne!(tile_colour, blank);
    for r in 0..8 {
        for c in 0..8 {
            if (r, c) == (5, 1) {
                // The special square: its fill and its mark, neither blank nor tile.
                let shown = middle_half_colors(&img, 0, cell, r, c);
                assert!(
                    !shown.contains(&blank) && !shown.contains(&tile_colour),
                    "the special square"
                );
                continue;
            }
            let want = if tile.contains(&(r, c)) {
                tile_colour
            } else {
                blank
            };
            assert_eq!(colour(r, c), want, "{r},{c}");
        }
    }
    // Vector formats and numbers too.
    for name in ["d2.svg", "d2.pdf", "d2.png"] {
        let path = write(
            dir.path(),
            name,
            &[
                "tromino",
                "-k",
                "3",
                "--special",
                "5,1",
                "--depth",
                "2",
                "--numbers",
            ],
        );
        assert!(std::fs::metadata(path).unwrap().len() > 0);
    }
}

#[test]
fn bad_depths_are_refused_naming_k_and_nothing_is_written() {
    let dir = tempdir();
    let out = dir.path().join("x.png");
    let o = out.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["tromino", "-k", "3", "--depth", "4", "-o", o], "1 to 3"),
        (&["tromino", "-k", "3", "--depth", "0", "-o", o], "1 to 3"),
        (&["tromino", "-k", "0", "--depth", "1", "-o", o], "k >= 1"),
        (&["tromino", "-k", "3", "--depth", "1"], "--depth"),
        (
            &["tromino", "-k", "3", "--depth", "1", "-o", "x.gif"],
            "--depth",
        ),
        (
            &[
                "tromino",
                "-k",
                "3",
                "--depth",
                "1",
                "--show-splits",
                "-o",
                o,
            ],
            "--depth",
        ),
    ];
    for (args, needle) in cases {
        let err = fails(args, b"");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote a file");
    }
    let err = fails(&["tromino", "--shapes", "-k", "3", "-o", o], b"");
    assert!(err.contains("--shapes"), "{err}");
    let err = fails(&["tromino", "--shapes"], b"");
    assert!(err.contains("--shapes"), "{err}");
    assert!(!out.exists());
}

#[test]
fn describe_says_what_each_event_did_in_a_caption_that_fits() {
    let problem = TrominoProblem::new(3, Square::new(2, 2)).unwrap();
    let adapter = TrominoAdapter::new(&problem, TrominoStyle::default()).unwrap();
    let (_, calls) = textbook(3, (2, 2));
    let mut places = 0;
    let mut splits = 0;
    let mut longest = String::new();
    for event in problem.trace() {
        let text = adapter.describe(&event).expect("every event is described");
        match event {
            tromino::TrominoEvent::Split {
                origin,
                size,
                depth,
            } => {
                let call = &calls[splits];
                assert_eq!(((origin.row, origin.col), size), (call.origin, call.size));
                let want = if depth == 0 {
                    "board split into quadrants".to_string()
                } else {
                    format!(
                        "{size} x {size} sub-board at {},{} split",
                        origin.row, origin.col
                    )
                };
                assert_eq!(text, want);
                splits += 1;
            }
            tromino::TrominoEvent::Place(t) => {
                places += 1;
                assert_eq!(text, format!("tile {places} placed"));
                assert_eq!(t.number, places);
            }
        }
        if text.len() > longest.len() {
            longest = text;
        }
    }
    assert_eq!((places, splits), (21, 21));
    // The longest, as a step caption, is legible under an 8-cell board at a small cell.
    let caption = format!("step 41: {longest}");
    for cell in [24, 48] {
        let mut scene = chessviz::Scene::checkerboard(8, 8);
        scene.set_caption(Some(caption.clone()));
        let hints = RenderHints {
            caption: true,
            ..RenderHints::default()
        };
        let still = draw(&mut scene, hints, &Style::new(cell)).unwrap();
        assert!(!still.omitted.caption, "'{caption}' at cell {cell}");
    }
}
