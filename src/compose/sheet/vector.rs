//! Contact sheets as vector shapes, for SVG and PDF: the raster sheet's layout ([`SheetLayout`]),
//! each board's display list moved to its slot, frames as rectangles, labels and title as glyph
//! outlines placed where the raster sheet blits them ([`crate::compose::sheet::text`]).
//!
//! Every board is laid out by one [`Figure`], whose symbol table only grows: the table it holds
//! after the last board defines every symbol any board placed, once, with the ids the boards used. So
//! a crown or a digit shared by all the boards is defined once in the file, not once per board.

use std::collections::HashMap;

use crate::cancel::Cancel;
use crate::compose::budget::{vector_sheet_boards_within, vector_sheet_bytes, MEMORY_CEILING};
use crate::compose::sheet::sizing::{board_layout, fitted, SheetBoard};
use crate::compose::sheet::text::{sheet_description, sheet_palette, sheet_texts, Label};
use crate::compose::sheet::SheetOptions;
use crate::compose::style::Style;
use crate::compose::vector_still::VectorFigure;
use crate::display::figure::Figure;
use crate::display::list::{
    DisplayList, FillRule, Layer, RecordedItem, RecordedShape, Symbol, SymbolId, SymbolShape,
    SymbolText,
};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::describe::describe_board;

/// Lays `boards` out on one contact sheet as vector shapes: the sheet [`draw_sheet`](crate::sheet::draw_sheet) paints,
/// in the same places and colours. The sheet's size is checked before any board is laid out; a
/// cancelled `cancel` stops between boards.
pub fn vector_sheet<A>(
    adapter: &A,
    boards: &[SheetBoard<A::Event>],
    style: &Style,
    options: &SheetOptions,
    cancel: &Cancel,
) -> Result<VectorFigure>
where
    A: Adapter + Clone,
    A::Event: Clone,
{
    let style = &fitted(adapter, boards.len(), style, options)?;
    let mut bare = style.clone();
    bare.margin = Some(0);
    let hints = RenderHints {
        caption: false,
        ..adapter.hints()
    };
    let mut adapter = adapter.clone();
    let first = adapter.first_scene();
    check_memory(first.rows(), first.cols(), boards.len())?;
    let opts = bare.options(hints.caption, hints.tile_colors, hints.max_label);
    let mut figure = Figure::for_scene(&first, opts)?;
    let layout = board_layout(figure.layout(), boards.len(), style, options)?;
    let (palette, inks) = sheet_palette(figure.palette(), style);
    let mut sheet = DisplayList::new(layout.width(), layout.height());
    let whole = Rect::new(0, 0, layout.width(), layout.height());
    // The first item, covering the sheet: the writers take it as the background.
    sheet
        .items
        .push(rect_item(Layer::Frame, whole, inks.background));
    let mut about = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        cancel.check()?;
        let events = board.events.iter().cloned().map(Ok);
        let (mut scene, _) = scene_after(&mut adapter, events, None)?;
        scene.set_caption(None);
        about.push(
            scene
                .description()
                .cloned()
                .unwrap_or_else(|| describe_board(&scene, style.lang)),
        );
        let list = figure.display_list(&scene)?;
        let slot = layout.board_rect(i);
        if (list.width, list.height) != (slot.width, slot.height) {
            return Err(Error::invalid(
                InvalidKind::Sheet,
                format!(
                    "a sheet of {} x {} boards got one of {} x {}",
                    slot.width, slot.height, list.width, list.height
                ),
            ));
        }
        sheet
            .items
            .push(rect_item(Layer::Frame, layout.frame_rect(i), inks.frame));
        sheet.items.extend(
            list.items
                .into_iter()
                .map(|item| moved(item, slot.x as i32, slot.y as i32)),
        );
        // The table only grows, so the last board's copy holds every board's symbols.
        sheet.symbols = list.symbols;
    }
    let labels: Vec<Label> = boards.iter().map(|b| b.label.clone()).collect();
    let mut outlines: HashMap<(String, u32), SymbolId> = HashMap::new();
    for run in sheet_texts(&layout, &labels, &style.font, options) {
        let key = (run.text.clone(), run.px.to_bits());
        let id = *outlines.entry(key).or_insert_with(|| {
            let id = sheet.symbols.add(Symbol {
                name: match run.layer {
                    Layer::Caption => "title",
                    _ => "label",
                }
                .to_string(),
                shape: SymbolShape::Fill {
                    path: style.font.text_path(&run.text, run.px),
                    rule: FillRule::NonZero,
                },
            });
            let em = style.font.em_px(run.px);
            let text = run.text.clone();
            sheet.symbols.set_text(id, SymbolText { text, em });
            id
        });
        sheet.items.push(RecordedItem {
            layer: run.layer,
            shape: RecordedShape::Symbol {
                id,
                dx: run.x,
                dy: run.y,
            },
            ink: inks.of(run.ink),
            alpha: 255,
            clip: run.clip,
        });
    }
    Ok(VectorFigure {
        list: sheet,
        palette,
        omitted: figure.omitted(),
        svg: style.svg_options(),
        tikz: style.tikz_options(),
        pdf: style.pdf_options(),
        description: sheet_description(style, options.title.as_deref(), &labels, about),
    })
}

/// Refuses a sheet whose display list would not fit in [`MEMORY_CEILING`], before any board is
/// laid out: the whole sheet is held, since the writers group items by layer across boards.
fn check_memory(rows: u32, cols: u32, boards: usize) -> Result<()> {
    let squares = u64::from(rows) * u64::from(cols);
    let need = vector_sheet_bytes(boards as u64, squares);
    if need <= MEMORY_CEILING {
        return Ok(());
    }
    Err(Error::TooLarge(format!(
        "a vector sheet of {boards} boards of {} x {} would need about {} MiB of memory, over the limit of {} MiB; at most {} such boards fit",
        rows,
        cols,
        need >> 20,
        MEMORY_CEILING >> 20,
        vector_sheet_boards_within(squares, MEMORY_CEILING)
    )))
}

fn rect_item(layer: Layer, rect: Rect, ink: u8) -> RecordedItem {
    RecordedItem {
        layer,
        shape: RecordedShape::Rect(rect),
        ink,
        alpha: 255,
        clip: rect,
    }
}

/// `item` moved right by `dx` and down by `dy` whole pixels (a board's item to its slot).
fn moved(mut item: RecordedItem, dx: i32, dy: i32) -> RecordedItem {
    let shift = |r: Rect| {
        Rect::new(
            r.x.saturating_add_signed(dx),
            r.y.saturating_add_signed(dy),
            r.width,
            r.height,
        )
    };
    item.clip = shift(item.clip);
    item.shape = match item.shape {
        RecordedShape::Rect(r) => RecordedShape::Rect(shift(r)),
        RecordedShape::Symbol { id, dx: x, dy: y } => RecordedShape::Symbol {
            id,
            dx: x + dx,
            dy: y + dy,
        },
        RecordedShape::Polyline { points, width } => RecordedShape::Polyline {
            points: points
                .into_iter()
                .map(|[x, y]| [x + dx as f32, y + dy as f32])
                .collect(),
            width,
        },
    };
    item
}
