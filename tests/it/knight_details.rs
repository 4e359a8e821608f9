//! Knight figures looked at closely: start, end and ordinary rings apart in greyscale print; at
//! cells too small for ringed nodes the path reaches the numbers; at cells too small for numbers the
//! end square shows its knight as large as a piece, on a ground the path does not cross.

use chessviz::colour::lightness;
use chessviz::Theme;

use crate::annotate_cli::still;

/// A knight path on 6 x 6 whose end, 0,4, is far from its other squares.
const PATH: &str = "0,0 1,2 2,0 3,2 4,4 2,5 0,4";
const SQUARES: [(u32, u32); 7] = [(0, 0), (1, 2), (2, 0), (3, 2), (4, 4), (2, 5), (0, 4)];

fn knight(dir: &std::path::Path, cell: u32, theme: &str) -> image::RgbaImage {
    let cell = cell.to_string();
    let args = [
        "knight", "-n", "6", "--path", PATH, "--cell", &cell, "--margin", "0", "--theme", theme,
    ];
    still(dir, &format!("k{cell}-{theme}.png"), &args)
}

/// True when `c` is closer to the path's colour than to either square's or the piece's: a thin line
/// is rarely a whole pixel.
fn on_path(c: [u8; 3], t: &Theme) -> bool {
    let d = |a: [u8; 3]| (0..3).map(|i| c[i].abs_diff(a[i]) as u32).sum::<u32>();
    let piece = Some(t.piece).filter(|&p| p != t.path);
    [t.light, t.dark]
        .iter()
        .chain(&piece)
        .all(|&o| d(t.path) < d(o))
}

/// The pixels of cell (row, col) at distance `from..to` (shares of the cell) from its centre.
fn annulus(cell: u32, sq: (u32, u32), from: f32, to: f32) -> Vec<(u32, u32)> {
    let c = cell as f32;
    let (cx, cy) = ((sq.1 as f32 + 0.5) * c, (sq.0 as f32 + 0.5) * c);
    let mut out = Vec::new();
    for y in sq.0 * cell..(sq.0 + 1) * cell {
        for x in sq.1 * cell..(sq.1 + 1) * cell {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let d = (dx * dx + dy * dy).sqrt() / c;
            if d >= from && d < to {
                out.push((x, y));
            }
        }
    }
    out
}

fn rgb(img: &image::RgbaImage, (x, y): (u32, u32)) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

#[test]
fn print_start_end_and_ordinary_rings_differ_in_greyscale() {
    let t = Theme::by_name("print").unwrap();
    let rings = [("start", t.start), ("end", t.end), ("ordinary", t.path)];
    for (i, &(a, ca)) in rings.iter().enumerate() {
        for &(b, cb) in &rings[i + 1..] {
            let d = (lightness(ca) - lightness(cb)).abs();
            assert!(d >= 15.0, "print: {a} and {b} rings are {d:.1} L* apart");
        }
    }
    // And so they are drawn: each ring's colour is in the figure, around its node, and the end's
    // (where the knight stands) around the number's tag in the square's top-right corner.
    let dir = tempfile::tempdir().unwrap();
    let img = knight(dir.path(), 48, "print");
    for (name, colour, sq) in [
        ("start", t.start, SQUARES[0]),
        ("ordinary", t.path, SQUARES[3]),
    ] {
        let ring = annulus(48, sq, 0.31, 0.36);
        let hits = ring.iter().filter(|&&p| rgb(&img, p) == colour).count();
        assert!(
            hits * 3 > ring.len(),
            "{name} ring: {hits} of {}",
            ring.len()
        );
    }
    let (row, col) = SQUARES[6];
    let corner = (row * 48..row * 48 + 24)
        .flat_map(|y| (col * 48 + 24..(col + 1) * 48).map(move |x| (x, y)));
    let hits = corner.filter(|&p| rgb(&img, p) == t.end).count();
    assert!(hits >= 40, "end ring around the tag: {hits} pixels");
}

#[test]
fn below_ringed_nodes_the_path_reaches_the_numbers() {
    let dir = tempfile::tempdir().unwrap();
    for theme in ["default", "print", "classic", "slate"] {
        let t = Theme::by_name(theme).unwrap();
        for cell in 25..=29 {
            let img = knight(dir.path(), cell, theme);
            // The squares between the ends, whose numbers have no ring: the path shows between the
            // number and 0.4 of the cell from the centre (a disc of that size hid it before).
            for &sq in &SQUARES[1..6] {
                let ring = annulus(cell, sq, 0.34, 0.39);
                assert!(
                    ring.iter().any(|&p| on_path(rgb(&img, p), &t)),
                    "{theme}, cell {cell}: the path stops short of the number at {sq:?}"
                );
            }
        }
    }
}

#[test]
fn at_small_cells_the_knight_stands_as_large_as_a_piece_clear_of_the_path() {
    let dir = tempfile::tempdir().unwrap();
    for theme in ["default", "print", "classic", "slate"] {
        let t = Theme::by_name(theme).unwrap();
        for cell in [16, 20, 24] {
            let img = knight(dir.path(), cell, theme);
            let end = SQUARES[6];
            // No path on the end square but at its very edge (print draws its knight in the
            // path's black: the piece's size below tells them apart there). A pixel of the path is
            // near its colour, not only nearer to it than to the others (as the knight's edges,
            // blended into the square, can be).
            if t.piece != t.path {
                let inside = annulus(cell, end, 0.0, 0.45);
                let d = |c: [u8; 3]| (0..3).map(|i| c[i].abs_diff(t.path[i]) as u32).sum::<u32>();
                assert!(
                    inside.iter().all(|&p| {
                        let c = rgb(&img, p);
                        !on_path(c, &t) || d(c) > 100
                    }),
                    "{theme}, cell {cell}: the path crosses the end square"
                );
            }
            // The knight as tall as a piece: four fifths of the square, of which the rows with a
            // whole pixel of it are 0.6 or more (it stood inside the end ring at half the square
            // before).
            let rows = (end.0 * cell..(end.0 + 1) * cell)
                .filter(|&y| {
                    (end.1 * cell..(end.1 + 1) * cell).any(|x| rgb(&img, (x, y)) == t.piece)
                })
                .count() as f32;
            assert!(
                rows >= 0.6 * cell as f32,
                "{theme}, cell {cell}: the knight is {rows} px tall"
            );
        }
    }
}

/// Step captions and labels follow the coordinates: under `--coords chess` the caption names the
/// knight's square as the margin does ("knight to h5"), and a start written in chess notation makes
/// chess labels the default.
#[test]
fn step_captions_and_labels_follow_the_coordinates() {
    use chessviz::knight::{KnightAdapter, KnightEvent};
    use chessviz::{Adapter, Axes, Square};
    let mut adapter = KnightAdapter::new(8, 8);
    let to_3_7 = KnightEvent::Move {
        step: 5,
        square: Square::new(3, 7),
    };
    assert_eq!(adapter.describe(&to_3_7).as_deref(), Some("knight to 3,7"));
    adapter.name_squares(Axes::Chess);
    assert_eq!(adapter.describe(&to_3_7).as_deref(), Some("knight to h5"));

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let step = ["knight", "--step", "3", "--cell", "40"];
    let chess_start = still(d, "a1.png", &[&step[..], &["--start", "a1"]].concat());
    let chess_coords = still(
        d,
        "70c.png",
        &[&step[..], &["--start", "7,0", "--coords", "chess"]].concat(),
    );
    let index = still(d, "70.png", &[&step[..], &["--start", "7,0"]].concat());
    assert!(
        chess_start == chess_coords,
        "--start a1 should draw what --start 7,0 --coords chess draws"
    );
    assert!(
        chess_start != index,
        "a chess start should not keep the index labels and ROW,COL captions"
    );
}
