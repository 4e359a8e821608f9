//! What a figure needs beyond the scene it draws: its sizes, colours, font and caption band.

use crate::display::caption::{caption_px, fit};
use crate::display::glyph::Font;
use crate::display::layout::{default_margin, DEFAULT_CELL};
use crate::display::look::{PathColour, Squares};
use crate::display::theme::Theme;
use crate::error::Result;

/// What a figure needs from the renderer beyond the scene itself.
#[derive(Clone)]
pub struct RenderOptions {
    /// Cell side in pixels.
    pub cell: u32,
    /// Margin in pixels (0 = the bare board).
    pub margin: u32,
    /// Colours.
    pub theme: Theme,
    /// Font for numbers, labels, captions and glyph pieces.
    pub font: Font,
    /// Reserve a caption band below the board (only drawn with a margin).
    pub caption: bool,
    /// Lines the caption band holds (a long caption wraps; see [`RenderOptions::fit_caption`]).
    pub caption_lines: usize,
    /// The size of captions and coordinate labels as an `ab_glyph` pixel scale; `None` sizes them
    /// by the margin and the cell.
    pub text_px: Option<f32>,
    /// Number of tile colours the scene uses.
    pub tile_colors: usize,
    /// The widest number a cell will show (sets one font size for all numbers).
    pub max_label: u32,
    /// How chessboard squares are drawn.
    pub squares: Squares,
    /// How the path is coloured.
    pub path_colour: PathColour,
    /// Margin text (labels, captions) gets a halo of the other lightness: for a figure whose
    /// margin will be transparent, so that it reads on a dark slide and a light one.
    pub text_halo: bool,
    /// Cell height in pixels, where cells are not square (`None`: as wide as high).
    pub cell_height: Option<u32>,
    /// The caption drawn as a counter in a box of the theme's mark colour (the Turbo C screen's).
    pub caption_box: bool,
}

impl Default for RenderOptions {
    /// A plain figure at the default cell and margin: the default theme and the bundled font, no
    /// caption band, no numbers, no tile colours, checkered square cells. A caller sets only what
    /// it needs and takes the rest with `..RenderOptions::default()`, so that a new field touches
    /// none of them.
    fn default() -> RenderOptions {
        RenderOptions {
            cell: DEFAULT_CELL,
            margin: default_margin(DEFAULT_CELL),
            theme: Theme::default(),
            font: Font::bundled(),
            caption: false,
            caption_lines: 1,
            text_px: None,
            tile_colors: 0,
            max_label: 0,
            squares: Squares::Checkered,
            path_colour: PathColour::Theme,
            text_halo: false,
            cell_height: None,
            caption_box: false,
        }
    }
}

impl RenderOptions {
    /// Makes the caption band hold `caption` on a `rows` x `cols` board: as many lines as it needs
    /// at the caption's size within the figure's width. A word too wide for the figure is refused
    /// ([`Error::CaptionTooWide`](crate::error::Error::CaptionTooWide)).
    pub fn fit_caption(&mut self, cols: u32, caption: Option<&str>) -> Result<()> {
        self.caption_lines = 1;
        let Some(text) = caption.filter(|_| self.caption && self.margin > 0) else {
            return Ok(());
        };
        let width = u64::from(cols) * u64::from(self.cell) + 2 * u64::from(self.margin);
        let width = u32::try_from(width).unwrap_or(u32::MAX);
        let px = caption_px(&self.font, self.margin, self.text_px);
        self.caption_lines = fit(&self.font, text, px, width)?.lines.len();
        Ok(())
    }
}
