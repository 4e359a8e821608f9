//! Where a figure's parts go: the board, the caption band (or the Turbo C screen's counter), and
//! the panel beside or below the board.

use super::options::RenderOptions;
use crate::display::caption::{band_height, caption_grows, caption_px};
use crate::display::counter::counter_band;
use crate::display::layout::{default_margin, Layout};
use crate::display::panel::{panel_font, place, PanelAt};
use crate::display::turbo_screen::screen_margins;
use crate::error::Result;
use crate::scene::Panel;

/// The layout of a `rows` x `cols` figure drawn with `opts`, and where `panel` goes in it (with
/// whether it stands below the board). Fails (before any image is allocated) when the figure is
/// too large.
pub(super) fn arrange(
    rows: u32,
    cols: u32,
    opts: &RenderOptions,
    panel: Option<&Panel>,
) -> Result<(Layout, Option<(PanelAt, bool)>)> {
    let layout = Layout::new(rows, cols, opts.cell, opts.margin, opts.caption)?;
    let px = caption_px(&opts.font, opts.margin, opts.text_px);
    let asked = caption_grows(&opts.font, opts.margin, opts.text_px);
    let band = band_height(opts.margin, opts.caption_lines.max(1), px, asked);
    let layout = layout.with_cell_height(opts.cell_height)?;
    let band = if opts.caption_box {
        band.max(counter_band(&layout))
    } else {
        band
    };
    let layout = layout.with_caption_band(band)?;
    // The counter is the Turbo C screen's: the board on the program's 640 x 480 screen, with
    // or without a caption. A sheet's boards (bare, at margin 0) stay boards.
    let layout = if opts.caption_box && opts.margin > 0 {
        layout.on_screen(screen_margins(&layout))?
    } else {
        layout
    };
    // The panel's text is the caption's size, as by the default margin where there is none.
    let panel_at = panel.map(|p| {
        let m = opts.margin.max(default_margin(opts.cell));
        let px = caption_px(&opts.font, m, opts.text_px);
        let board = (layout.width(), layout.height());
        let font = panel_font(&opts.font, p);
        (place(&font, p, px, board, p.below), p.below)
    });
    let layout = match &panel_at {
        Some((at, below)) => layout.with_panel(at.width, at.height, *below)?,
        None => layout,
    };
    Ok((layout, panel_at))
}
