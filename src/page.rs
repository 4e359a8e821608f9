//! How a figure sits on its page: what lies behind the board ([`Background`]) and the resolution a
//! still is meant for ([`Style::dpi`]), turned into the options of each encoder.
//!
//! A transparent background is made where each format can hold one: a PNG's margin becomes its
//! transparent palette colour (the board stays opaque), an SVG or PDF leaves its background shapes
//! out. An animated GIF cannot have one, nor a resolution ([`Style::check_for_gif`]).

use crate::draw::{DisplayList, Layer, RecordedShape};
use crate::encode::pdf::PdfOptions;
use crate::encode::png::PngOptions;
use crate::encode::svg::SvgOptions;
use crate::error::{Error, Result};
use crate::figure::Style;
use crate::render::theme::Theme;
use crate::render::{Canvas, Palette, Rect};

/// What lies behind the board: the margin and the caption band.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Background {
    /// The theme's own margin colour.
    #[default]
    Theme,
    /// White, whatever the theme (the margin ink follows for contrast).
    White,
    /// Nothing: a PNG's margin is transparent (the board stays opaque), and an SVG or PDF has no
    /// background shape. An animated GIF cannot have one (its transparent colour marks the pixels a
    /// frame leaves unchanged), and a contact sheet keeps the theme's background between its boards.
    Transparent,
}

/// The margin white of [`Background::White`].
const WHITE: crate::render::Rgb = [255, 255, 255];

impl Style {
    /// The theme as drawn: its margin colour white for [`Background::White`].
    pub(crate) fn drawn_theme(&self) -> Theme {
        let mut theme = self.theme;
        if self.background == Background::White {
            theme.background = WHITE;
        }
        theme
    }

    /// How a PNG of this style is written, before transparency is placed ([`crate::figure::draw`] does that).
    pub fn png_options(&self) -> PngOptions {
        PngOptions {
            transparent: None,
            dpi: self.dpi,
        }
    }

    /// How an SVG of this style is written: without a background for [`Background::Transparent`],
    /// and with a width and height in millimetres when a resolution is given.
    pub fn svg_options(&self) -> SvgOptions {
        SvgOptions {
            background: self.background != Background::Transparent,
            dpi: self.dpi,
        }
    }

    /// How a PDF of this style is written: a page of 72/dpi points a pixel (96 pixels per inch
    /// without a resolution), without a background for [`Background::Transparent`].
    pub fn pdf_options(&self) -> PdfOptions {
        PdfOptions {
            points_per_px: self
                .dpi
                .map_or(PdfOptions::default().points_per_px, |d| 72.0 / d as f32),
            background: self.background != Background::Transparent,
        }
    }

    /// Refuses what an animated GIF cannot hold: a transparent background (GIF's one transparent
    /// colour marks the pixels a frame leaves unchanged) and a resolution (GIF records none).
    pub fn check_for_gif(&self) -> Result<()> {
        if self.background == Background::Transparent {
            return Err(Error::invalid(
                "an animated GIF cannot have a transparent background: its one transparent colour marks the pixels a frame leaves unchanged; draw a still (PNG, SVG or PDF) for a transparent background",
            ));
        }
        if let Some(dpi) = self.dpi {
            return Err(Error::invalid(format!(
                "a GIF records no resolution, so {dpi} pixels per inch cannot be kept; draw a still (PNG, SVG or PDF) for a resolution"
            )));
        }
        Ok(())
    }
}

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
