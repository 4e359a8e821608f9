//! How a figure sits on its page: the background shapes taken out or the margin made transparent, as
//! the [`Style`]'s [`Background`] asks.

use crate::compose::style::{Background, Style};
use crate::display::list::{DisplayList, Layer, RecordedShape};
use crate::display::palette::{step_coverage, Palette, Rgb, RAMP_LEVELS};
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

/// What each palette colour becomes in a see-through margin (`None`: it stays as it is): the
/// background (colour 0) clear, each step of a ramp from it to an ink that ink at the step's
/// coverage. An animation with a transparent page writes its margin with these colours.
pub(crate) fn see_through_margin(palette: &Palette) -> Vec<Option<(Rgb, u8)>> {
    const BACKGROUND: u8 = 0;
    let n = palette.len();
    let mut clear: Vec<Option<(Rgb, u8)>> = vec![None; n];
    clear[usize::from(BACKGROUND)] = Some((palette.rgb(BACKGROUND), 0));
    for fg in 0..n as u8 {
        let Some(steps) = palette.registered_ramp(BACKGROUND, fg) else {
            continue;
        };
        for (s, &i) in steps.iter().enumerate().take(RAMP_LEVELS - 1).skip(1) {
            if i != fg && clear[usize::from(i)].is_none() {
                clear[usize::from(i)] = Some((palette.rgb(fg), step_coverage(s)));
            }
        }
    }
    clear
}

/// Makes the margin see-through: its background pixels transparent and the anti-aliased edges of
/// what stands on it (labels, the caption) the ink itself, partly opaque, so that the figure on a
/// coloured page has no fringe of the theme's margin colour. Returns the palette with those
/// opacities (`None` without a margin).
///
/// The renderer's background is palette colour 0, and text on it is drawn through registered ramps
/// from colour 0 to the text's ink, so a margin pixel at ramp step `s` is exactly the ink over
/// [`step_coverage`]`(s)` of the pixel: the same ink at that opacity. A colour the board does not
/// use changes in place; one the board shows too (a theme whose light squares are its margin
/// colour, a ramp colour that is also an edge on the board) gets a see-through copy at the end of
/// the palette for the margin's pixels, so that the board stays opaque.
fn clear_margin(canvas: &mut Canvas, palette: &Palette, board: Rect) -> Result<Option<Palette>> {
    if board == canvas.bounds() {
        return Ok(None);
    }
    let n = palette.len();
    let clear = see_through_margin(palette);
    let board_rows = board.y..board.y + board.height;
    let board_cols = board.x as usize..(board.x + board.width) as usize;
    let mut on_board = [false; 256];
    for y in board_rows.clone() {
        for &p in &canvas.row(y)[board_cols.clone()] {
            on_board[usize::from(p)] = true;
        }
    }
    let mut colors: Vec<(Rgb, u8)> = palette.colors().iter().map(|&c| (c, 255)).collect();
    // The index each margin colour is written as, decided at its first pixel.
    let mut moved: Vec<Option<u8>> = vec![None; n];
    let width = canvas.width() as usize;
    for (y, row) in canvas.pixels_mut().chunks_exact_mut(width).enumerate() {
        let in_board_rows = board_rows.contains(&(y as u32));
        for (x, p) in row.iter_mut().enumerate() {
            let i = usize::from(*p);
            let Some(see_through) = clear[i] else {
                continue;
            };
            if in_board_rows && board_cols.contains(&x) {
                continue;
            }
            let to = match moved[i] {
                Some(to) => to,
                None => {
                    let to = if on_board[i] {
                        colors.push(see_through);
                        u8::try_from(colors.len() - 1)
                            .ok()
                            .filter(|_| colors.len() <= Palette::MAX_COLORS)
                            .ok_or_else(|| too_many(n))?
                    } else {
                        colors[i] = see_through;
                        *p
                    };
                    moved[i] = Some(to);
                    to
                }
            };
            *p = to;
        }
    }
    Palette::with_alpha(colors).map(Some)
}

fn too_many(n: usize) -> Error {
    Error::TooLarge(format!(
        "a transparent background needs a few palette colours more than the figure's {n}; use fewer tile colours or another background"
    ))
}

/// Finishes a raster figure drawn in `style` with `palette` for PNG: for a transparent background
/// its margin is cleared ([`clear_margin`], `board` being the board's pixels; the opacities travel
/// in the palette). Returns how the PNG
/// is written, and the palette to write it with when it is no longer `palette`.
pub(crate) fn finish_raster(
    canvas: &mut Canvas,
    palette: &Palette,
    board: Rect,
    style: &Style,
) -> Result<(PngOptions, Option<Palette>)> {
    let png = style.png_options();
    if style.background != Background::Transparent {
        return Ok((png, None));
    }
    Ok((png, clear_margin(canvas, palette, board)?))
}

/// Finishes a vector figure drawn in `style`: for a transparent background the shapes behind it
/// go ([`remove_background`], `caption_band` being the caption band's pixels).
pub(crate) fn finish_vector(list: &mut DisplayList, caption_band: Rect, style: &Style) {
    if style.background == Background::Transparent {
        remove_background(list, caption_band);
    }
}
