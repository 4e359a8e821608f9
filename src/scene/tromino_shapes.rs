//! The legend of the four L-tromino shapes: one 2 x 2 board per shape, its three cells in the colour
//! the tiling gives that shape when coloured by orientation ([`ColorBy::Orientation`]), each board
//! labelled with the corner the shape leaves empty (as the trace names the shapes:
//! `missing-top-left`, ...).
//!
//! The empty corner is drawn as the special square: each shape is exactly the tile that covers a
//! 2 x 2 board whose special square lies in that corner, as the recursion lays it. A blank cell would
//! not do: in the print theme blank cells are as white as the first shape's colour.
//!
//! The legend is a contact sheet ([`crate::draw_sheet`], [`crate::vector_sheet`]) whose adapter,
//! [`ShapeLegend`], draws one shape per board; the boards are laid out 2 x 2, each where its empty
//! corner points (the shape missing its top-left cell sits top left).
//!
//! [`ColorBy::Orientation`]: crate::scene::tromino::ColorBy::Orientation

use crate::adapter::{Adapter, Beat, RenderHints};
use crate::cancel::Cancel;
use crate::draw::Layer;
use crate::error::{Error, Result};
use crate::figure::{Still, Style, VectorFigure};
use crate::scene::tromino::{shape_color, ORIENTATION_COLORS};
use crate::scene::{Cell, Fill, Scene};
use crate::sheet::{Label, SheetOptions};
use crate::sheet_render::{draw_sheet, sheet_layout, SheetBoard};
use crate::sheet_text::sheet_texts;
use crate::sheet_vector::vector_sheet;
use crate::solve::tromino::LShape;
use crate::solve::Square;

/// The legend's title.
pub const SHAPES_TITLE: &str = "The four L-tromino shapes";

/// The largest cell tried when looking for one that makes the labels legible.
const MAX_LEGEND_CELL: u32 = 1024;

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

    fn apply(&mut self, scene: &mut Scene, shape: &LShape) -> Beat {
        for sq in shape_cells(*shape) {
            scene.set_region(sq, SHAPE_REGION);
            scene.set_cell(sq, Cell::plain(Fill::Tile(shape_color(*shape))));
        }
        scene.set_cell(empty_cell(*shape), Cell::plain(Fill::Special));
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

/// The legend's boards: the four shapes in the order of [`LShape::ALL`], each labelled "missing"
/// and its empty corner.
pub fn shape_legend_boards() -> Vec<SheetBoard<LShape>> {
    LShape::ALL
        .iter()
        .map(|&shape| SheetBoard {
            events: vec![shape],
            label: Label {
                head: "missing".to_string(),
                body: empty_corner(shape).to_string(),
            },
        })
        .collect()
}

/// Two columns, so each shape sits in the corner it leaves empty; the title on top.
fn legend_options() -> SheetOptions {
    SheetOptions {
        columns: Some(2),
        title: Some(SHAPES_TITLE.to_string()),
        width: None,
    }
}

/// Whether every label of the legend is set in full (both words) at `style`'s cell.
fn labels_legible(style: &Style, boards: &[SheetBoard<LShape>]) -> Result<bool> {
    let options = legend_options();
    let layout = sheet_layout(&ShapeLegend, boards.len(), style, &options)?;
    let labels: Vec<Label> = boards.iter().map(|b| b.label.clone()).collect();
    let runs = sheet_texts(&layout, &labels, &style.font, &options);
    let shown = runs.iter().filter(|r| r.layer == Layer::Labels).count();
    Ok(shown == 2 * labels.len())
}

/// The smallest cell (in pixels) at which the legend's labels are legible with `style`'s font;
/// `None` when no cell up to 1024 pixels makes them so.
pub fn shapes_min_cell(style: &Style) -> Result<Option<u32>> {
    let boards = shape_legend_boards();
    let legible = |cell: u32| {
        let mut s = style.clone();
        s.cell = cell;
        labels_legible(&s, &boards)
    };
    if !legible(MAX_LEGEND_CELL)? {
        return Ok(None);
    }
    // Larger cells give the labels more room and larger type: legibility only grows with the cell.
    let (mut lo, mut hi) = (1, MAX_LEGEND_CELL);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if legible(mid)? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(Some(lo))
}

/// Refuses a cell too small for the labels to be legible, saying which cell would do.
fn check_legible(style: &Style, boards: &[SheetBoard<LShape>]) -> Result<()> {
    if labels_legible(style, boards)? {
        return Ok(());
    }
    Err(Error::invalid(match shapes_min_cell(style)? {
        Some(min) => format!(
            "the shape names would be too small to read under boards of {} pixel cells; cells of {min} pixels or more show them",
            style.cell
        ),
        None => "the shape names cannot be legible with this font at any cell size".to_string(),
    }))
}

/// The legend of the four L-tromino shapes as a picture, at `style`'s cell and theme. Cells too small
/// for legible labels are refused ([`shapes_min_cell`] says the smallest that works).
pub fn shapes(style: &Style, cancel: &Cancel) -> Result<Still> {
    let boards = shape_legend_boards();
    check_legible(style, &boards)?;
    draw_sheet(&ShapeLegend, &boards, style, &legend_options(), cancel)
}

/// The legend of [`shapes`] as vector shapes, for SVG or PDF.
pub fn shapes_vector(style: &Style, cancel: &Cancel) -> Result<VectorFigure> {
    let boards = shape_legend_boards();
    check_legible(style, &boards)?;
    vector_sheet(&ShapeLegend, &boards, style, &legend_options(), cancel)
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
