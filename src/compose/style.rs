//! How a figure looks, whatever it shows ([`Style`]): cell size, margin, theme, font, what lies behind
//! the board ([`Background`]) and the resolution a still is meant for ([`Style::dpi`]), turned into the
//! options of the renderer and of each encoder.
//!
//! A transparent background is made where each format can hold one: a PNG's margin becomes its
//! transparent palette colour (the board stays opaque), an SVG or PDF leaves its background shapes
//! out. An animated GIF cannot have one, nor a resolution ([`Style::check_for_gif`]).
//!
//! Figure and page both build on it, so neither has to reach into the other.

use crate::display::glyph::Font;
use crate::display::layout::default_margin;
use crate::display::theme::Theme;
use crate::encode::png::PngOptions;
use crate::error::{Error, InvalidKind, Result};
use crate::raster::board::RenderOptions;
use crate::vector::pdf::PdfOptions;
use crate::vector::svg::SvgOptions;
use crate::vector::tikz::TikzOptions;

/// How a figure looks, whatever it shows.
#[derive(Clone)]
pub struct Style {
    /// Cell side in pixels.
    pub cell: u32,
    /// Margin in pixels; `None` picks one that fits the labels ([`default_margin`]).
    pub margin: Option<u32>,
    /// Colours.
    pub theme: Theme,
    /// Font for numbers, labels and captions.
    pub font: Font,
    /// What lies behind the board.
    pub background: Background,
    /// The resolution a still is meant to be printed at, in pixels per inch: recorded in a PNG
    /// (pHYs), and the size of a PDF page (an SVG's width and height in millimetres). `None`: not
    /// recorded, and a PDF page at 96 pixels per inch.
    pub dpi: Option<u32>,
    /// TikZ source is a complete `standalone` LaTeX document rather than a `tikzpicture` to
    /// `\input`.
    pub standalone: bool,
    /// The width of TikZ source's figure in micrometres (`--width-cm`): sizes follow from it
    /// instead of from `dpi`. `None`: a pixel is `2.54 / dpi` cm.
    pub tikz_width_um: Option<u32>,
}

impl Style {
    /// The default theme and the bundled font at `cell` pixels a cell.
    pub fn new(cell: u32) -> Style {
        Style {
            cell,
            margin: None,
            theme: Theme::default(),
            font: Font::bundled(),
            background: Background::Theme,
            dpi: None,
            standalone: false,
            tikz_width_um: None,
        }
    }

    /// The margin in pixels.
    pub fn margin_px(&self) -> u32 {
        self.margin.unwrap_or_else(|| default_margin(self.cell))
    }

    pub(crate) fn options(
        &self,
        caption: bool,
        tile_colors: usize,
        max_label: u32,
    ) -> RenderOptions {
        RenderOptions {
            cell: self.cell,
            margin: self.margin_px(),
            theme: self.drawn_theme(),
            font: self.font.clone(),
            caption,
            tile_colors,
            max_label,
        }
    }
}

/// What lies behind the board: the margin and the caption band.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
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
const WHITE: crate::display::palette::Rgb = [255, 255, 255];

impl Style {
    /// The theme as drawn: its margin colour white for [`Background::White`].
    pub(crate) fn drawn_theme(&self) -> Theme {
        let mut theme = self.theme;
        if self.background == Background::White {
            theme.background = WHITE;
        }
        theme
    }

    /// How a PNG of this style is written, before transparency is placed ([`crate::compose::figure::draw`] does that).
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

    /// How TikZ source of this style is written: a pixel 2.54/dpi cm (96 pixels per inch without a
    /// resolution, as the PDF page), a picture or a whole document.
    pub fn tikz_options(&self) -> TikzOptions {
        TikzOptions {
            dpi: self.dpi,
            standalone: self.standalone,
            width_um: self.tikz_width_um,
        }
    }

    /// Refuses what an animated GIF cannot hold: a transparent background (GIF's one transparent
    /// colour marks the pixels a frame leaves unchanged) and a resolution (GIF records none).
    pub fn check_for_gif(&self) -> Result<()> {
        if self.background == Background::Transparent {
            return Err(Error::invalid(InvalidKind::Options,
                "an animated GIF cannot have a transparent background: its one transparent colour marks the pixels a frame leaves unchanged; draw a still (PNG, SVG or PDF) for a transparent background",
            ));
        }
        if let Some(dpi) = self.dpi {
            return Err(Error::invalid(InvalidKind::Options, format!(
                "a GIF records no resolution, so {dpi} pixels per inch cannot be kept; draw a still (PNG, SVG or PDF) for a resolution"
            )));
        }
        Ok(())
    }
}
