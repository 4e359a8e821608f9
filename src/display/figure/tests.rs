//! The margin's items follow the board wherever the layout puts it.

use super::scene_colours::SceneColours;
use super::{Figure, RenderOptions};
use crate::display::layout::{Layout, ScreenMargins};
use crate::display::list::{Layer, RecordedShape, SymbolShape};
use crate::scene::{Axes, Scene};

/// Coordinate labels stand half a margin off the board's edges, however far from the picture's
/// edges the layout puts the board (they once stood half a margin from the picture's edges, so a
/// band added around the board moved the board and left its labels behind).
#[test]
fn labels_follow_the_board() {
    let (cell, margin) = (20, 20);
    let opts = RenderOptions {
        cell,
        margin,
        ..RenderOptions::default()
    };
    let away = ScreenMargins {
        left: 70,
        top: 50,
        right: 20,
        bottom: 20,
    };
    let layout = Layout::new(4, 4, cell, margin, false)
        .unwrap()
        .on_screen(away)
        .unwrap();
    let mut figure =
        Figure::with_colours_in(layout, opts, &SceneColours::default(), &[], None).unwrap();
    let mut scene = Scene::checkerboard(4, 4);
    scene.set_axes(Axes::Indices);
    let board = figure.layout().board_rect();
    let list = figure.display_list(&scene).unwrap();
    let (left, top) = (
        board.x as f32 - margin as f32 / 2.0,
        board.y as f32 - margin as f32 / 2.0,
    );
    let (mut beside, mut above) = (0, 0);
    for item in list.items.iter().filter(|i| i.layer == Layer::Labels) {
        let RecordedShape::Symbol { id, dx, dy } = item.shape else {
            panic!("a label is a symbol");
        };
        let SymbolShape::Text(run) = &list.symbols.get(id).shape else {
            panic!("a label is text");
        };
        let (x0, y0, x1, y1) = run.outline().bounds();
        let x = (x0 + x1) / 2.0 + dx as f32;
        let y = (y0 + y1) / 2.0 + dy as f32;
        if (x - left).abs() <= 1.0 && y > board.y as f32 {
            beside += 1;
        } else if (y - top).abs() <= 1.0 && x > board.x as f32 {
            above += 1;
        } else {
            panic!("a label centred at ({x}, {y}), not beside the board at {board:?}");
        }
    }
    assert_eq!((beside, above), (4, 4));
}
