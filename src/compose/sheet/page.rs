//! The sheet as a picture: the boards copied into place with one palette, and only the frames, labels
//! and title drawn here, in the sheet's palette ([`sheet_palette`]).

use crate::compose::figure::Still;
use crate::compose::sheet::layout::{SheetLayout, SheetOptions};
use crate::compose::sheet::text::{sheet_palette, sheet_texts, Label};
use crate::compose::style::Style;
use crate::display::items::Omitted;
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::raster::canvas::Canvas;
use crate::raster::mask::blit;

/// Draws `boards` (all of the layout's size, drawn with `palette`) on a sheet laid out by `layout`,
/// framed, with `labels[i]` under board `i` and the options' title on top.
pub fn compose(
    layout: &SheetLayout,
    boards: &[Canvas],
    labels: &[Label],
    palette: &Palette,
    style: &Style,
    options: &SheetOptions,
) -> Result<Still> {
    if boards.len() != layout.count || labels.len() != layout.count {
        return Err(Error::invalid(
            InvalidKind::Sheet,
            format!(
                "a sheet laid out for {} boards got {} boards and {} labels",
                layout.count,
                boards.len(),
                labels.len()
            ),
        ));
    }
    if let Some(b) = boards
        .iter()
        .find(|b| b.width() != layout.board_w || b.height() != layout.board_h)
    {
        return Err(Error::invalid(
            InvalidKind::Sheet,
            format!(
                "a sheet of {} x {} boards got one of {} x {}",
                layout.board_w,
                layout.board_h,
                b.width(),
                b.height()
            ),
        ));
    }
    let (palette, inks) = sheet_palette(palette, style);
    let mut canvas = Canvas::new(layout.width, layout.height, inks.background)?;
    for (i, board) in boards.iter().enumerate() {
        canvas.fill_rect(layout.frame_rect(i), inks.frame);
        let r = layout.board_rect(i);
        copy(&mut canvas, board, r.x, r.y);
    }
    for run in sheet_texts(layout, labels, &style.font, options) {
        let mask = style.font.text_mask(&run.text, run.px);
        let ink = inks.of(run.ink);
        blit(
            &mut canvas,
            &palette,
            &mask.translated(run.x, run.y),
            ink,
            run.clip,
        );
    }
    Ok(Still {
        canvas,
        palette,
        omitted: Omitted::default(),
        png: style.png_options(),
        // The caller says what the boards show (`sheet_description`).
        description: crate::scene::Description::new(style.lang, "", ""),
    })
}

/// Copies `board` onto `canvas` with its top-left corner at `x`, `y` (inside the canvas).
fn copy(canvas: &mut Canvas, board: &Canvas, x: u32, y: u32) {
    let w = canvas.width() as usize;
    let bw = board.width() as usize;
    let pixels = canvas.pixels_mut();
    for by in 0..board.height() {
        let start = (y + by) as usize * w + x as usize;
        pixels[start..start + bw].copy_from_slice(board.row(by));
    }
}
