//! The counter box under the board: the Turbo C program's `bar(260,300,390,340)` in red with the
//! solution number written in it, laid out for any cell, for a board not on the program's screen
//! (the screen's own bar and counter are [`crate::display::turbo_screen`]'s).
//!
//! On the program's screen the board is 8 cells of 50 x 35 pixels from (125, 5); the box is 130 x 40
//! pixels, centred under the board, 15 pixels below it. Here it is 2.6 cells wide and 40/35 of a
//! cell's height high, at the top of the caption band (one margin below the board), and the band is
//! made tall enough to hold it with a margin under it.

use crate::display::layout::Layout;
use crate::geom::Rect;

/// The box's width in cell widths (130 / 50).
const WIDTH_CELLS: f32 = 2.6;

/// The box's height in cell heights (40 / 35).
const HEIGHT_CELLS: f32 = 40.0 / 35.0;

/// The digits' height as a share of the box's: the program's triplex digits fill about half of it.
pub(crate) const DIGITS_SHARE: f32 = 0.55;

/// The digits' widest extent as a share of the box's width.
pub(crate) const DIGITS_WIDTH_SHARE: f32 = 0.8;

/// The box's size in pixels for `layout`.
fn size(layout: &Layout) -> (u32, u32) {
    let w = (layout.cell() as f32 * WIDTH_CELLS).round().max(1.0) as u32;
    let h = (layout.cell_height() as f32 * HEIGHT_CELLS)
        .round()
        .max(1.0) as u32;
    (w.min(layout.width()), h)
}

/// The caption band that holds the box: the box and a margin under it.
pub(crate) fn counter_band(layout: &Layout) -> u32 {
    size(layout).1 + layout.margin()
}

/// Where the box lies: centred under the board at the top of the caption band (empty when the
/// figure has no caption band).
pub(crate) fn counter_rect(layout: &Layout) -> Rect {
    let band = layout.caption_rect();
    if band.is_empty() {
        return band;
    }
    let (w, h) = size(layout);
    let board = layout.board_rect();
    let x = (board.x + board.width / 2).saturating_sub(w / 2);
    Rect::new(x, band.y, w, h.min(band.height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_box() {
        let l = Layout::new(8, 8, 50, 15, true)
            .unwrap()
            .with_cell_height(Some(35))
            .unwrap();
        let l = l.with_caption_band(counter_band(&l)).unwrap();
        // Board 15..295 high; the box one margin (15) below it, as on the screen.
        assert_eq!(counter_rect(&l), Rect::new(150, 310, 130, 40));
        assert_eq!(l.height(), 15 + 280 + 15 + 40 + 15);
    }
}
