//! How a figure looks, whatever it shows ([`Style`]): cell size, margin, theme, font, what lies behind
//! the board ([`Background`]) and the resolution a still is meant for ([`Style::dpi`]), turned into the
//! options of the renderer and of each encoder.
//!
//! A transparent background is made where each format can hold one: a PNG's margin becomes its
//! transparent palette colour (the board stays opaque), an SVG or PDF leaves its background shapes
//! out. An animation records no resolution, and a GIF keeps no transparent page (the format
//! table's rows say which formats keep one).
//!
//! Figure and page both build on it, so neither has to reach into the other.

use crate::display::caption::{caption_px, widest_word, SIDE_ROOM};
use crate::display::figure::{Figure, RenderOptions};
use crate::display::glyph::Font;
use crate::display::layout::{default_margin, Layout, CELL_RANGE};
pub use crate::display::look::{Background, PathColour, Squares};
use crate::display::theme::{luminance, Theme};
use crate::encode::png::PngOptions;
use crate::error::{Error, Result};
use crate::scene::adapter::RenderHints;
use crate::scene::describe::describe_board;
use crate::scene::{Description, Scene};
use crate::text::{Lang, Phrase};
use crate::vector::pdf::PdfOptions;
use crate::vector::svg::SvgOptions;
use crate::vector::tikz::TikzOptions;

/// How a figure looks, whatever it shows.
#[derive(Clone)]
pub struct Style {
    /// Cell side in pixels.
    pub cell: u32,
    /// Margin in pixels; `None` picks one that fits the labels: half the cell, from 16 to 96
    /// pixels (`default_margin`).
    pub margin: Option<u32>,
    /// Colours.
    pub theme: Theme,
    /// Font for numbers, labels and captions (chess pieces come from [`Font::pieces`]).
    pub font: Font,
    /// The language of built-in captions; [`Style::set_lang`] also picks a font for it.
    pub lang: Lang,
    /// The size of captions and coordinate labels in points (1/72 inch at [`Style::dpi`], 96
    /// pixels per inch without one); `None` sizes them by the margin and the cell.
    pub font_size: Option<f32>,
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
    /// How the squares of a chessboard are drawn: two tones, or one with grid lines.
    pub squares: Squares,
    /// How a path (a knight's tour) is coloured: the theme's one colour, or by step number.
    pub path_colour: PathColour,
    /// The proportions of a cell that is not square, as width and height (the Turbo C screen's
    /// 50 x 35 cells): the height follows the cell's width, whatever size a sheet or a box gives it
    /// ([`Style::cell_height`]); `None`: square cells.
    pub cell_aspect: Option<(u32, u32)>,
    /// The caption drawn as a counter, in a box of the theme's mark colour under the board (the
    /// Turbo C screen's red box with the solution number).
    pub caption_box: bool,
    /// The reader's own words for every picture (`--alt`), written into every file instead of the
    /// description made from the picture's state.
    pub alt: Option<String>,
}

impl Default for Style {
    /// [`Style::new`] with cells of [`Style::DEFAULT_CELL`] pixels, the `chessviz` command's size.
    fn default() -> Style {
        Style::new(Style::DEFAULT_CELL)
    }
}

impl Style {
    /// The cell side of [`Style::default`], in pixels: a board of 8 x 8 about 400 pixels wide.
    pub const DEFAULT_CELL: u32 = crate::display::layout::DEFAULT_CELL;

    /// A style with cells of `cell` pixels and every other setting at its default: the default
    /// theme and margin, the bundled font, English captions, checkered squares.
    pub fn new(cell: u32) -> Style {
        Style {
            cell,
            margin: None,
            theme: Theme::default(),
            font: Font::bundled(),
            lang: Lang::En,
            font_size: None,
            background: Background::Theme,
            dpi: None,
            standalone: false,
            tikz_width_um: None,
            squares: Squares::Checkered,
            path_colour: PathColour::Theme,
            cell_aspect: None,
            caption_box: false,
            alt: None,
        }
    }

    /// What a picture of `scene` shows, in words: the reader's own ([`Style::alt`]), else the words
    /// of the problem that made it ([`Scene::description`]), else the board as it stands
    /// ([`describe_board`](crate::board::describe_board)).
    pub fn description_of(&self, scene: &Scene) -> Description {
        if let Some(alt) = &self.alt {
            return Description::given(self.lang, alt);
        }
        scene
            .description()
            .cloned()
            .unwrap_or_else(|| describe_board(scene, self.lang))
    }

    /// The height of a cell in pixels where it is not square ([`Style::cell_aspect`]).
    pub fn cell_height(&self) -> Option<u32> {
        let (w, h) = self
            .cell_aspect
            .filter(|&(w, h)| w > 0 && h > 0 && w != h)?;
        let height = (u64::from(self.cell) * u64::from(h) + u64::from(w) / 2) / u64::from(w);
        Some(height.clamp(1, u64::from(*CELL_RANGE.end())) as u32)
    }

    /// The margin in pixels.
    pub fn margin_px(&self) -> u32 {
        self.margin.unwrap_or_else(|| default_margin(self.cell))
    }

    /// The size asked for captions and labels, as an `ab_glyph` pixel scale of the style's font;
    /// `None`: sized by the margin and the cell.
    pub(crate) fn text_px(&self) -> Option<f32> {
        let points = self.font_size.filter(|p| p.is_finite() && *p > 0.0)?;
        let em = points * self.dpi.unwrap_or(96) as f32 / 72.0;
        Some(self.font.px_for_em(em))
    }

    /// Writes built-in captions in `lang`, with the bundled font that draws them (DejaVu Sans for
    /// English, the bundled Noto Sans CJK SC subset for Chinese).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.font = match lang {
            Lang::Zh => Font::bundled_cjk(),
            _ => Font::bundled(),
        };
    }

    /// Refuses, before any work, text that the style's font cannot draw: `caption` (a caption of
    /// the caller's own) and every built-in caption of the style's language.
    pub fn check_text(&self, caption: Option<&str>) -> Result<()> {
        if let Some(text) = caption {
            self.font.check_text(text, "the caption")?;
        }
        for &phrase in Phrase::ALL {
            let template = match self.lang {
                Lang::Zh => phrase.zh(),
                _ => phrase.en(),
            };
            let words: String = template
                .chars()
                .filter(|c| !matches!(c, '{' | '}'))
                .collect();
            self.font.check_text(&words, "the built-in captions")?;
        }
        // Coordinate labels and numbers.
        self.font
            .check_text("0123456789abcdefghijklmnopqrstuvwxyz", "the labels")
    }

    /// [`Style::options`] for drawing `scene` as a problem with `hints` asks, the caption band
    /// holding its caption's lines. A caption with a word wider than the figure is refused, with
    /// the smallest cell whose figure holds it.
    pub(crate) fn options_for(&self, scene: &Scene, hints: RenderHints) -> Result<RenderOptions> {
        let mut opts = self.options(hints.caption, hints.tile_colors, hints.max_label);
        if let Some(caption) = scene.caption() {
            self.font.check_text(caption, "the caption")?;
        }
        for text in scene.panel().into_iter().flat_map(|p| p.texts()) {
            self.font.check_text(text, "the panel")?;
        }
        match opts.fit_caption(scene.cols(), scene.caption()) {
            Err(Error::CaptionTooWide {
                word,
                width,
                needed,
                ..
            }) => {
                let text = scene.caption().unwrap_or_default();
                let at = |cell: u32| {
                    Style {
                        cell,
                        ..self.clone()
                    }
                    .options(true, 0, 0)
                };
                let holds = |cell: u32| {
                    let mut opts = at(cell);
                    opts.fit_caption(scene.cols(), scene.caption()).is_ok()
                };
                // The ink of a word grows in proportion to the caption's size (glyphs are not
                // hinted): the widest word, measured once, rules out at a glance every cell whose
                // figure is clearly too narrow for it, and only the others are set in full. Setting
                // the caption at each of the 1024 cells made a refusal cost a thousand measures of
                // the whole text.
                let px0 = caption_px(&opts.font, opts.margin, opts.text_px);
                let widest0 = widest_word(&opts.font, text, px0);
                let may_hold = |cell: u32| {
                    let o = at(cell);
                    let px = caption_px(&o.font, o.margin, o.text_px);
                    let width =
                        f64::from(scene.cols()) * f64::from(cell) + 2.0 * f64::from(o.margin);
                    let room = width - 2.0 * f64::from(SIDE_ROOM);
                    f64::from(widest0) * f64::from(px) / f64::from(px0) <= room * 1.01 + 1.0
                };
                let cell = (self.cell + 1..=*CELL_RANGE.end()).find(|&c| may_hold(c) && holds(c));
                Err(Error::CaptionTooWide {
                    word,
                    width,
                    needed,
                    cell,
                })
            }
            fitted => fitted.map(|()| {
                if let Some(lines) = scene.kept_caption_lines() {
                    opts.caption_lines = lines;
                }
                opts
            }),
        }
    }

    /// The layout of a `rows` x `cols` figure drawn in this style, with a one-line caption band
    /// when `caption`, as the figure itself lays it out: what a run sizes, fits and checks against
    /// its limits before anything is drawn.
    pub(crate) fn layout(&self, rows: u32, cols: u32, caption: bool) -> Result<Layout> {
        self.layout_lines(rows, cols, caption.then_some(1))
    }

    /// [`Style::layout`] with a caption band of `lines` lines (`None`: no band).
    pub(crate) fn layout_lines(
        &self,
        rows: u32,
        cols: u32,
        lines: Option<usize>,
    ) -> Result<Layout> {
        let mut opts = self.options(lines.is_some(), 0, 0);
        opts.caption_lines = lines.unwrap_or(1);
        Figure::layout_of(rows, cols, &opts)
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
            caption_lines: 1,
            text_px: self.text_px(),
            tile_colors,
            max_label,
            squares: self.squares,
            path_colour: self.path_colour,
            text_halo: self.background == Background::Transparent,
            cell_height: self.cell_height(),
            caption_box: self.caption_box,
        }
    }
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
    /// resolution, as the PDF page), a picture or a whole document. A picture to `\input` has no
    /// background box, so the page shows through it, unless the background is white by choice or
    /// the theme's is dark (its light labels need it); a whole document keeps its background, as
    /// the PDF page does.
    pub fn tikz_options(&self) -> TikzOptions {
        let dark = luminance(self.theme.background) < 0.5;
        TikzOptions {
            dpi: self.dpi,
            standalone: self.standalone,
            width_um: self.tikz_width_um,
            background: self.standalone
                || self.background == Background::White
                || (dark && self.background == Background::Theme),
        }
    }
}
