//! Checks of the figure's geometry read from the display list: numbers clear of the path and inside
//! their nodes at every cell size.

use crate::display::figure::{Figure, RenderOptions};
use crate::display::list::{DisplayList, Layer, RecordedShape, SymbolShape};
use crate::geom::Square;
use crate::problem::knight::KnightAdapter;
use crate::scene::adapter::scene_after;
use crate::solve::knight::KnightProblem;

/// Options for a board without margin or caption, numbers up to `max_label`.
fn bare(cell: u32, max_label: u32) -> RenderOptions {
    RenderOptions {
        cell,
        margin: 0,
        max_label,
        ..RenderOptions::default()
    }
}

fn knight_list(n: u32, cell: u32) -> (DisplayList, Figure) {
    let tour = KnightProblem::new(n, n, Square::new(0, 0))
        .unwrap()
        .solve()
        .unwrap();
    let mut adapter = KnightAdapter::new(n, n);
    let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(&tour), None).unwrap();
    let mut figure = Figure::new(n, n, bare(cell, n * n)).unwrap();
    let list = figure.display_list(&scene).unwrap();
    (list, figure)
}

/// Every number's ink box, as (cell, distance of its farthest corner from the cell's centre).
/// Also checks that each number is drawn after the path and on a disc (or, in cells without ringed
/// nodes, a box) of its cell that was drawn after the path, large enough to hold it with a pixel to
/// spare, and inside any ring of its cell.
fn check_numbers(list: &DisplayList, cell: u32, what: &str) -> usize {
    let c = cell as f32;
    let path_at = list
        .items
        .iter()
        .position(|i| i.layer == Layer::Path)
        .expect("a path");
    let mut numbers = 0;
    for (at, item) in list.items.iter().enumerate() {
        let RecordedShape::Symbol { id, dx, dy } = item.shape else {
            continue;
        };
        if item.layer != Layer::Numbers {
            continue;
        }
        let SymbolShape::Fill { path, .. } = &list.symbols.get(id).shape else {
            panic!("{what}: a number is a filled outline");
        };
        let (x0, y0, x1, y1) = path.bounds();
        let (x0, y0, x1, y1) = (
            x0 + dx as f32,
            y0 + dy as f32,
            x1 + dx as f32,
            y1 + dy as f32,
        );
        let (col, row) = (((x0 + x1) / 2.0 / c) as u32, ((y0 + y1) / 2.0 / c) as u32);
        let (cx, cy) = ((col as f32 + 0.5) * c, (row as f32 + 0.5) * c);
        let reach = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
            .iter()
            .map(|(x, y)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt())
            .fold(0.0f32, f32::max);
        assert!(at > path_at, "{what}: number drawn before the path");
        let in_cell = |i: &crate::display::list::RecordedItem| {
            i.clip.x == col * cell && i.clip.y == row * cell
        };
        if list.symbols.get(id).name.starts_with("tag-n") {
            check_tagged(list, (at, in_cell), (x0, y0, x1, y1), what);
            numbers += 1;
            continue;
        }
        let mut disc = None;
        for other in list.items[path_at + 1..at].iter().filter(|i| in_cell(i)) {
            let RecordedShape::Symbol { id, dx, dy } = other.shape else {
                continue;
            };
            let symbol = list.symbols.get(id);
            match &symbol.shape {
                SymbolShape::Fill { path, .. }
                    if other.layer == Layer::Marks && symbol.name.starts_with('b') =>
                {
                    // The box around the digits: it holds the ink box with a pixel to spare.
                    let (a0, b0, a1, b1) = path.bounds();
                    let (a0, b0) = (a0 + dx as f32, b0 + dy as f32);
                    let (a1, b1) = (a1 + dx as f32, b1 + dy as f32);
                    assert!(
                        a0 + 1.0 <= x0 && b0 + 1.0 <= y0 && x1 + 1.0 <= a1 && y1 + 1.0 <= b1,
                        "{what}: number in cell {row},{col} outside its box"
                    );
                    disc = Some(reach + 1.0);
                }
                SymbolShape::Fill { path, .. } if other.layer == Layer::Marks => {
                    let (a, _, b, _) = path.bounds();
                    disc = Some((b - a) / 2.0);
                }
                SymbolShape::Ring { r, width, .. } if other.layer == Layer::Marks => {
                    let inner = r - width / 2.0;
                    assert!(
                        reach + 1.0 <= inner,
                        "{what}: number in cell {row},{col} reaches {reach:.1} px, its ring starts at {inner:.1}"
                    );
                }
                _ => {}
            }
        }
        let disc =
            disc.unwrap_or_else(|| panic!("{what}: no disc under the number in {row},{col}"));
        assert!(
            reach + 1.0 <= disc,
            "{what}: number in cell {row},{col} reaches {reach:.1} px, its disc {disc:.1}"
        );
        numbers += 1;
    }
    numbers
}

/// The number of the knight's square, at `at` among the items, with the ink box `ink`: inside its
/// tag's fill with a pixel to spare, the tag drawn before it in the same cell.
fn check_tagged(
    list: &DisplayList,
    (at, in_cell): (usize, impl Fn(&crate::display::list::RecordedItem) -> bool),
    (x0, y0, x1, y1): (f32, f32, f32, f32),
    what: &str,
) {
    let fill = list.items[..at]
        .iter()
        .filter(|i| in_cell(i) && i.layer == Layer::Badges)
        .find_map(|i| {
            let RecordedShape::Symbol { id, dx, dy } = i.shape else {
                return None;
            };
            let symbol = list.symbols.get(id);
            let name = symbol.name.trim_end_matches("-marked");
            let SymbolShape::Fill { path, .. } = &symbol.shape else {
                return None;
            };
            (name.starts_with("tag") && name[3..].chars().all(|c| c.is_ascii_digit()))
                .then(|| path.transformed(1.0, dx as f32, dy as f32).bounds())
        })
        .unwrap_or_else(|| panic!("{what}: no tag under the knight's number"));
    let (a0, b0, a1, b1) = fill;
    assert!(
        a0 + 1.0 <= x0 && b0 + 1.0 <= y0 && x1 + 1.0 <= a1 && y1 + 1.0 <= b1,
        "{what}: the knight's number {:?} outside its tag {fill:?}",
        (x0, y0, x1, y1)
    );
}

#[test]
fn knight_numbers_clear_the_path_and_fit_their_nodes_at_every_size() {
    for (n, cells) in [
        (
            8u32,
            &[12u32, 16, 20, 24, 28, 32, 36, 40, 48, 64, 120, 200][..],
        ),
        (12, &[24, 32, 48, 120][..]),
        (32, &[32, 48, 60][..]),
    ] {
        for &cell in cells {
            let what = format!("{n} x {n} at cell {cell}");
            let (list, figure) = knight_list(n, cell);
            let numbers = check_numbers(&list, cell, &what);
            let min = figure.min_cell_for_numbers(true).expect("a legible size");
            if cell >= min {
                assert_eq!(numbers as u32, n * n, "{what}: every number drawn");
                assert!(!figure.omitted().numbers, "{what}");
            } else {
                assert_eq!(numbers, 0, "{what}: illegible numbers are left out");
                assert!(figure.omitted().numbers, "{what}: the omission is reported");
            }
        }
    }
}

#[test]
fn the_smallest_legible_cell_is_where_numbers_start() {
    for n in [5u32, 8, 12, 32] {
        let (_, figure) = knight_list(n, 48);
        let min = figure.min_cell_for_numbers(true).unwrap();
        let (below, r_below) = knight_list(n, min - 1);
        let (at, r_at) = knight_list(n, min);
        assert_eq!(
            check_numbers(&below, min - 1, "below"),
            0,
            "{n}: cell {}",
            min - 1
        );
        assert!(r_below.omitted().numbers);
        assert_eq!(
            check_numbers(&at, min, "at") as u32,
            n * n,
            "{n}: cell {min}"
        );
        assert!(!r_at.omitted().numbers);
    }
}

/// A piece's frame coming and going is repainted as the frame's strips alone, and the picture is
/// the one drawn whole: the queen unframed is left untouched, its frame gone without a trace.
#[test]
fn a_frame_coming_and_going_repaints_its_strips_exactly() {
    // Painted by the raster painter: the repaint of a cell in part is checked in pixels.
    use crate::raster::board::BoardRenderer;
    use crate::scene::{Cell, Emphasis, Piece, Scene};
    for cell in [12, 32, 60] {
        let mut renderer = BoardRenderer::new(4, 4, bare(cell, 0)).unwrap();
        let mut scene = Scene::checkerboard(4, 4);
        let (a, b) = (Square::new(1, 2), Square::new(2, 0));
        let queen = |scene: &mut Scene, sq: Square, emphasis: Emphasis| {
            scene.update_cell(sq, |c: &mut Cell| {
                c.piece = Some(Piece::Crown);
                c.emphasis = emphasis;
            });
        };
        queen(&mut scene, a, Emphasis::Placed);
        let mut canvas = renderer.render(&mut scene).unwrap();
        // The next queen placed: the first loses its frame, the second has one.
        queen(&mut scene, a, Emphasis::None);
        queen(&mut scene, b, Emphasis::Placed);
        let (old, new) = (scene.cell_before(a).copied(), scene.cell(a));
        let parts = old.and_then(|old| renderer.items().changed_parts(&old, new, a));
        assert!(
            parts.is_some(),
            "cell {cell}: unframing is a change of the frame alone"
        );
        let mut regions = Vec::new();
        renderer
            .update_regions(&mut scene, &mut canvas, &mut regions)
            .unwrap();
        let whole = renderer.render_once(&scene).unwrap();
        assert!(
            canvas.pixels() == whole.pixels(),
            "cell {cell}: the repainted frame differs from the figure drawn whole"
        );
        // Anything else about the cell is a whole repaint.
        queen(&mut scene, a, Emphasis::Ghost);
        let old = scene.cell_before(a).copied().unwrap();
        assert!(renderer
            .items()
            .changed_parts(&old, scene.cell(a), a)
            .is_none());
    }
}
