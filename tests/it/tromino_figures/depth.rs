//! `tromino --depth D`: exactly the divisions of levels 1..D and the centre tiles of the calls above
//! level D, checked against the textbook recursion; its refusals; and `describe()` of tromino
//! events as step captions.

use std::collections::{BTreeMap, BTreeSet};

use super::textbook::{textbook, write, Call, Cell};
use crate::common::tempdir;
use crate::common::{decode_png, fails, middle_half_colors, plain_cell_color};
use chessviz::tromino::{self, TrominoAdapter, TrominoProblem, TrominoStyle};
use chessviz::{draw, Adapter, Fill, RenderHints, Square, Style};

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
        let still = draw(&scene, hints, &Style::new(cell)).unwrap();
        assert!(!still.omitted().caption, "'{caption}' at cell {cell}");
    }
}
