//! The legend of the four L-tromino shapes as a finished figure: a contact sheet of the
//! [`ShapeLegend`] adapter's four boards, laid out 2 x 2, each where its empty corner points (the shape
//! missing its top-left cell sits top left), titled and labelled. Cells too small for legible labels are
//! refused, with the smallest cell that works.

use crate::cancel::Cancel;
use crate::compose::figure::Still;
use crate::compose::sheet::render::draw_sheet;
use crate::compose::sheet::sizing::{sheet_layout, SheetBoard};
use crate::compose::sheet::text::sheet_texts;
use crate::compose::sheet::vector::vector_sheet;
use crate::compose::sheet::{Label, SheetOptions};
use crate::compose::style::Style;
use crate::compose::vector_still::VectorFigure;
use crate::display::list::Layer;
use crate::error::{Error, InvalidKind, Result};
use crate::problem::tromino::shapes::{empty_corner, ShapeLegend, SHAPES_TITLE};
use crate::solve::tromino::LShape;
use crate::text::{Lang, Phrase};

/// The largest cell tried when looking for one that makes the labels legible.
const MAX_LEGEND_CELL: u32 = 1024;

/// The legend's boards: the four shapes in the order of [`LShape::ALL`], each labelled "missing"
/// and its empty corner.
pub fn shape_legend_boards() -> Vec<SheetBoard<LShape>> {
    shape_legend_boards_in(Lang::En)
}

/// [`shape_legend_boards`] labelled in `lang`.
pub fn shape_legend_boards_in(lang: Lang) -> Vec<SheetBoard<LShape>> {
    LShape::ALL
        .iter()
        .map(|&shape| SheetBoard {
            events: vec![shape],
            label: Label {
                head: lang.say(Phrase::Missing, &[]),
                body: match lang {
                    Lang::En => empty_corner(shape).to_string(),
                    _ => lang.say(corner_phrase(shape), &[]),
                },
            },
        })
        .collect()
}

/// The phrase naming the corner `shape` leaves empty.
fn corner_phrase(shape: LShape) -> Phrase {
    match shape {
        LShape::MissingTopLeft => Phrase::TopLeft,
        LShape::MissingTopRight => Phrase::TopRight,
        LShape::MissingBottomLeft => Phrase::BottomLeft,
        LShape::MissingBottomRight => Phrase::BottomRight,
    }
}

/// Two columns, so each shape sits in the corner it leaves empty; the title on top.
fn legend_options(lang: Lang) -> SheetOptions {
    SheetOptions {
        columns: Some(2),
        title: Some(match lang {
            Lang::En => SHAPES_TITLE.to_string(),
            _ => lang.say(Phrase::ShapesTitle, &[]),
        }),
        width: None,
        fit: None,
    }
}

/// Whether every label of the legend is set in full (both words) at `style`'s cell.
fn labels_legible(style: &Style, boards: &[SheetBoard<LShape>]) -> Result<bool> {
    let options = legend_options(style.lang);
    let layout = sheet_layout(&ShapeLegend, boards.len(), style, &options)?;
    let labels: Vec<Label> = boards.iter().map(|b| b.label.clone()).collect();
    let runs = sheet_texts(&layout, &labels, &style.font, &options);
    let shown = runs.iter().filter(|r| r.layer == Layer::Labels).count();
    Ok(shown == 2 * labels.len())
}

/// The smallest cell (in pixels) at which the legend's labels are legible with `style`'s font;
/// `None` when no cell up to 1024 pixels makes them so.
pub fn shapes_min_cell(style: &Style) -> Result<Option<u32>> {
    let boards = shape_legend_boards_in(style.lang);
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
    Err(Error::invalid(InvalidKind::Options, match shapes_min_cell(style)? {
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
    let boards = shape_legend_boards_in(style.lang);
    check_legible(style, &boards)?;
    draw_sheet(
        &ShapeLegend,
        &boards,
        style,
        &legend_options(style.lang),
        cancel,
    )
}

/// The legend of [`shapes`] as vector shapes, for SVG or PDF.
pub fn shapes_vector(style: &Style, cancel: &Cancel) -> Result<VectorFigure> {
    let boards = shape_legend_boards_in(style.lang);
    check_legible(style, &boards)?;
    vector_sheet(
        &ShapeLegend,
        &boards,
        style,
        &legend_options(style.lang),
        cancel,
    )
}
