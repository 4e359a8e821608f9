//! How a figure sits on its page: the background shapes taken out or the margin made transparent, as
//! the [`Style`]'s [`Background`] asks.

use crate::compose::style::{Background, Style};
use crate::display::list::{DisplayList, Layer, RecordedShape};
use crate::display::palette::Palette;
use crate::encode::png::PngOptions;
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

/// Takes out the shapes that paint the background: the one behind the whole figure and the one
/// behind the caption band (palette colour 0, which the renderer registers first as its background).
fn remove_background(list: &mut DisplayList, caption_band: Rect) {
    let figure = Rect::new(0, 0, list.width, list.height);
    list.items.retain(|item| {
        let painted = match item.shape {
            RecordedShape::Rect(r) => r,
            _ => return true,
        };
        let behind = match item.layer {
            Layer::Frame => painted == figure,
            Layer::Caption => painted == caption_band,
            _ => false,
        };
        !(behind && item.ink == 0 && item.alpha == 255)
    });
}

/// Makes the background of the margin the transparent colour and returns its index (`None` without
/// a margin), with a new palette where one is needed. The renderer's background is palette colour
/// 0; when the board shows that colour too (a theme whose light squares are its margin colour), the
/// margin's background pixels move to a copy of it at the end of `palette`, so that only the margin
/// turns transparent.
fn clear_margin(
    canvas: &mut Canvas,
    palette: &Palette,
    board: Rect,
) -> Result<(Option<u8>, Option<Palette>)> {
    const BACKGROUND: u8 = 0;
    if board == canvas.bounds() {
        return Ok((None, None));
    }
    let board_rows = board.y..board.y + board.height;
    let board_cols = board.x as usize..(board.x + board.width) as usize;
    let on_board = board_rows
        .clone()
        .any(|y| canvas.row(y)[board_cols.clone()].contains(&BACKGROUND));
    if !on_board {
        return Ok((Some(BACKGROUND), None));
    }
    let mut colors = palette.colors().to_vec();
    let copy = u8::try_from(colors.len())
        .ok()
        .filter(|&i| usize::from(i) < Palette::MAX_COLORS)
        .ok_or_else(|| {
            Error::TooLarge(format!(
                "a transparent background needs one palette colour more than the figure's {}; use fewer tile colours or another background",
                colors.len()
            ))
        })?;
    colors.push(colors[usize::from(BACKGROUND)]);
    let extended = Palette::new(colors)?;
    let width = canvas.width() as usize;
    for (y, row) in canvas.pixels_mut().chunks_exact_mut(width).enumerate() {
        let in_board_rows = board_rows.contains(&(y as u32));
        for (x, p) in row.iter_mut().enumerate() {
            if *p == BACKGROUND && !(in_board_rows && board_cols.contains(&x)) {
                *p = copy;
            }
        }
    }
    Ok((Some(copy), Some(extended)))
}

/// Finishes a raster figure drawn in `style` with `palette` for PNG: for a transparent background
/// its margin is cleared ([`clear_margin`], `board` being the board's pixels). Returns how the PNG
/// is written, and the palette to write it with when it is no longer `palette`.
pub(crate) fn finish_raster(
    canvas: &mut Canvas,
    palette: &Palette,
    board: Rect,
    style: &Style,
) -> Result<(PngOptions, Option<Palette>)> {
    let mut png = style.png_options();
    if style.background != Background::Transparent {
        return Ok((png, None));
    }
    let (transparent, extended) = clear_margin(canvas, palette, board)?;
    png.transparent = transparent;
    Ok((png, extended))
}

/// Finishes a vector figure drawn in `style`: for a transparent background the shapes behind it
/// go ([`remove_background`], `caption_band` being the caption band's pixels).
pub(crate) fn finish_vector(list: &mut DisplayList, caption_band: Rect, style: &Style) {
    if style.background == Background::Transparent {
        remove_background(list, caption_band);
    }
}
