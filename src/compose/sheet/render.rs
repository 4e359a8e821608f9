//! Contact sheets of any problem as a picture: each board is the scene an [`Adapter`] makes from a
//! few events, rendered bare (no margin) in parallel, then composed with its label by
//! [`crate::compose::sheet::compose`]. The sheet is laid out by [`crate::compose::sheet::sizing`].

use rayon::prelude::*;

use crate::cancel::Cancel;
use crate::compose::figure::Still;
use crate::compose::sheet::sizing::{board_layout, fitted, SheetBoard};
use crate::compose::sheet::text::sheet_description;
use crate::compose::sheet::{compose, Label, SheetOptions};
use crate::compose::style::Style;
use crate::error::Result;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::{scene_after, Adapter, RenderHints};
use crate::scene::describe::describe_board;
use crate::scene::Description;

/// Draws `boards` on one contact sheet, each rendered from a clone of `adapter` at the style's cell
/// size without a margin or caption, one renderer per worker. The sheet's size is checked before any
/// board is drawn; a cancelled `cancel` stops between boards.
pub fn draw_sheet<A>(
    adapter: &A,
    boards: &[SheetBoard<A::Event>],
    style: &Style,
    options: &SheetOptions,
    cancel: &Cancel,
) -> Result<Still>
where
    A: Adapter + Clone + Sync,
    A::Event: Clone + Sync,
{
    let style = &fitted(adapter, boards.len(), style, options)?;
    let mut bare = style.clone();
    bare.margin = Some(0);
    let hints = RenderHints {
        caption: false,
        ..adapter.hints()
    };
    let renderer = || -> Result<(BoardRenderer, A)> {
        let mut adapter = adapter.clone();
        let scene = adapter.first_scene();
        let opts = bare.options(hints.caption, hints.tile_colors, hints.max_label);
        Ok((BoardRenderer::for_scene(&scene, opts)?, adapter))
    };
    let (first, _) = renderer()?;
    // Checked before any board is drawn: a sheet too large fails at once.
    let layout = board_layout(first.layout(), boards.len(), style, options)?;
    let drawn: Vec<(Canvas, Description)> = boards
        .par_iter()
        .map_init(renderer, |worker, board| {
            cancel.check()?;
            let (renderer, adapter) = worker.as_mut().map_err(|e| e.again())?;
            let events = board.events.iter().cloned().map(Ok);
            let (mut scene, _) = scene_after(adapter, events, None)?;
            scene.set_caption(None);
            let about = scene
                .description()
                .cloned()
                .unwrap_or_else(|| describe_board(&scene, style.lang));
            Ok((renderer.render(&mut scene)?, about))
        })
        .collect::<Result<_>>()?;
    let (canvases, about): (Vec<Canvas>, Vec<Description>) = drawn.into_iter().unzip();
    let labels: Vec<Label> = boards.iter().map(|b| b.label.clone()).collect();
    let mut sheet = compose(&layout, &canvases, &labels, first.palette(), style, options)?;
    sheet.description = sheet_description(style, options.title.as_deref(), &labels, about);
    Ok(sheet)
}
