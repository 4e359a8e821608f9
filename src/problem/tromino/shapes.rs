//! The legend of the four L-tromino shapes: one 2 x 2 board per shape, its three cells in the colour
//! the tiling gives that shape when coloured by orientation ([`ColorBy::Orientation`]), each board
//! labelled with the corner the shape leaves empty (as the trace names the shapes:
//! `missing-top-left`, ...).
//!
//! The empty corner is drawn as no square at all: an outlined cell in the colour of a square not
//! tiled yet, which every tile colour of every theme stands apart from. (It was drawn as the special
//! square, which read as if the shape came with a special square.)
//!
//! [`ShapeLegend`] draws one shape per board; the legend as a figure (a contact sheet of the four) is
//! made in the composition stage.
//!
//! [`ColorBy::Orientation`]: crate::problem::tromino::ColorBy::Orientation

use crate::geom::Square;
use crate::problem::tromino::{shape_color, ORIENTATION_COLORS};
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Cell, Fill, Scene};
use crate::solve::tromino::LShape;

/// The legend's title.
pub const SHAPES_TITLE: &str = "The four L-tromino shapes";

/// Region id of the shape's three cells; blank cells have ids above it, one each.
const SHAPE_REGION: u32 = 0;

/// Draws one L shape on a blank 2 x 2 board: the event is the shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShapeLegend;

/// The corner of its 2 x 2 block that `shape` leaves empty, in words: "top-left", ...
pub fn empty_corner(shape: LShape) -> &'static str {
    match shape {
        LShape::MissingTopLeft => "top-left",
        LShape::MissingTopRight => "top-right",
        LShape::MissingBottomLeft => "bottom-left",
        LShape::MissingBottomRight => "bottom-right",
    }
}

/// The cell of a 2 x 2 block whose top-left cell is 0,0 that `shape` leaves empty.
pub fn empty_cell(shape: LShape) -> Square {
    let q = shape.index() as u32;
    Square::new(q / 2, q % 2)
}

/// The three cells `shape` covers in a 2 x 2 block whose top-left cell is 0,0, row-major.
pub fn shape_cells(shape: LShape) -> [Square; 3] {
    // `LShape::index` numbers the empty corner as the quadrants are numbered: top-left, top-right,
    // bottom-left, bottom-right, i.e. row * 2 + col.
    let empty = shape.index() as u32;
    let mut cells = [Square::new(0, 0); 3];
    for (slot, q) in (0..4).filter(|&q| q != empty).enumerate() {
        cells[slot] = Square::new(q / 2, q % 2);
    }
    cells
}

impl Adapter for ShapeLegend {
    type Event = LShape;

    /// A blank 2 x 2 board, each cell outlined on its own (the event fills all four).
    fn first_scene(&mut self) -> Scene {
        let mut scene = Scene::new(2, 2, Cell::plain(Fill::Blank));
        scene.set_regions((0..4).map(|i| SHAPE_REGION + 1 + i).collect());
        scene
    }

    /// The three cells of the shape filled; the empty corner stays a blank cell of its own region,
    /// outlined on its own.
    fn apply(&mut self, scene: &mut Scene, shape: &LShape) -> Beat {
        for sq in shape_cells(*shape) {
            scene.set_region(sq, SHAPE_REGION);
            scene.set_cell(sq, Cell::plain(Fill::Tile(shape_color(*shape))));
        }
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            // The orientation colouring's palette, so each shape gets the tiling's colour for it.
            tile_colors: ORIENTATION_COLORS,
            max_label: 0,
            caption: false,
        }
    }

    fn describe(&self, shape: &LShape) -> Option<String> {
        Some(format!("L missing its {} cell", empty_corner(*shape)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_leave_the_named_corner_empty() {
        for shape in LShape::ALL {
            let cells = shape_cells(shape);
            let empty = Square::new(shape.index() as u32 / 2, shape.index() as u32 % 2);
            assert!(!cells.contains(&empty), "{shape:?}");
            let mut all: Vec<Square> = cells.to_vec();
            all.push(empty);
            all.sort_by_key(|s| (s.row, s.col));
            all.dedup();
            assert_eq!(all.len(), 4, "{shape:?}");
        }
        assert_eq!(
            shape_cells(LShape::MissingBottomRight),
            [Square::new(0, 0), Square::new(0, 1), Square::new(1, 0)]
        );
    }
}
