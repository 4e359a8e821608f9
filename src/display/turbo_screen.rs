//! The Turbo C program's 640 x 480 screen (the third document's eight queens), laid out for cells
//! of any size: where the board's lines, the red bar and the counter's digits go.
//!
//! The program draws its board with `line(125, i*35+5, 525, i*35+5)` and
//! `line(125+i*50, 5, 125+i*50, 285)`: lines one pixel wide at x = 125 + 50i and y = 5 + 35j. Here a
//! cell's pixels start just right of (below) its left (top) line, and its own right and bottom lines
//! are its last column and row, so the board starts at (126, 6) and its last lines are the last
//! cells' edges. The bar is `bar(260,300,390,340)` (both corners filled); the counter is written
//! with `outtextxy(275,300,n)`, left-aligned with its top at y = 300. For other cells everything
//! is scaled by the cell's width / 50 across and its height / 35 down, the lines staying one pixel.

use crate::display::layout::{Layout, ScreenMargins};
use crate::display::pixel_line::line_pixels;
use crate::geom::Rect;

/// The program's screen, cell, first board line and bar (left, top, right, bottom, inclusive), in
/// its pixels.
const SCREEN: (f32, f32) = (640.0, 480.0);
const CELL: (f32, f32) = (50.0, 35.0);
const FIRST_LINE: (f32, f32) = (125.0, 5.0);
const BAR: (f32, f32, f32, f32) = (260.0, 300.0, 390.0, 340.0);
/// Where `outtextxy` writes the counter.
const TEXT_AT: (f32, f32) = (275.0, 300.0);
/// The program's board is 8 x 8; a board of another size keeps its margins.
const PROGRAM_N: u32 = 8;

/// The scale from the program's pixels to cells `cell` x `cell_h`: across and down.
fn scale(layout: &Layout) -> (f32, f32) {
    (
        layout.cell() as f32 / CELL.0,
        layout.cell_height() as f32 / CELL.1,
    )
}

/// The margins about a board of `layout`'s cells that make the program's screen: 126, 6, 114 and
/// 194 pixels at its 50 x 35 cells (640 x 480 for eight by eight).
pub(crate) fn screen_margins(layout: &Layout) -> ScreenMargins {
    let (kx, ky) = scale(layout);
    let left = (FIRST_LINE.0 * kx).round() as u32 + 1;
    let top = (FIRST_LINE.1 * ky).round() as u32 + 1;
    let width = (SCREEN.0 * kx).round() as u32;
    let height = (SCREEN.1 * ky).round() as u32;
    ScreenMargins {
        left,
        top,
        right: width
            .saturating_sub(left + PROGRAM_N * layout.cell())
            .max(1),
        bottom: height
            .saturating_sub(top + PROGRAM_N * layout.cell_height())
            .max(1),
    }
}

/// The red bar: the program's `bar(260,300,390,340)`, 131 x 41 pixels, in the same place under a
/// board of another size (centred under it, as it is under the program's).
pub(crate) fn bar_rect(layout: &Layout) -> Rect {
    let (kx, ky) = scale(layout);
    let board = layout.board_rect();
    // The first lines, one pixel before the cells.
    let (lx, ly) = (board.x as f32 - 1.0, board.y as f32 - 1.0);
    let shift = (board.width as f32 - PROGRAM_N as f32 * layout.cell() as f32) / 2.0;
    let x = (lx + (BAR.0 - FIRST_LINE.0) * kx + shift).round().max(0.0);
    let below = BAR.1 - (FIRST_LINE.1 + PROGRAM_N as f32 * CELL.1);
    let y = (ly + board.height as f32 + below * ky).round();
    let w = ((BAR.2 - BAR.0 + 1.0) * kx).round().max(1.0);
    let h = ((BAR.3 - BAR.1 + 1.0) * ky).round().max(1.0);
    Rect::new(x as u32, y as u32, w as u32, h as u32)
}

/// The pixels of the counter `text` written at the program's (275, 300), left-aligned, in the
/// stroked face ([`crate::display::stroke_digits`]), and the pen they are drawn with.
pub(crate) fn counter_pixels(layout: &Layout, text: &str) -> (Vec<(i32, i32)>, u32) {
    let (kx, ky) = scale(layout);
    let bar = bar_rect(layout);
    let x = bar.x as f32 + (TEXT_AT.0 - BAR.0) * kx;
    let y = bar.y as f32 + (TEXT_AT.1 - BAR.1) * ky;
    let face = crate::display::stroke_digits::StrokeFace::at_scale(kx, ky);
    let mut pixels = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        let left = x + i as f32 * face.advance();
        for stroke in face.strokes(ch) {
            let points: Vec<(i32, i32)> =
                stroke.iter().map(|&p| face.point(p, (left, y))).collect();
            for pair in points.windows(2) {
                pixels.extend(line_pixels(pair[0], pair[1]));
            }
        }
    }
    (pixels, face.pen())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn programs_layout() -> Layout {
        let l = Layout::new(8, 8, 50, 15, true)
            .unwrap()
            .with_cell_height(Some(35))
            .unwrap();
        l.on_screen(screen_margins(&l)).unwrap()
    }

    #[test]
    fn the_programs_screen_and_bar() {
        let l = programs_layout();
        assert_eq!((l.width(), l.height()), (640, 480));
        // The first line at (125, 5), the cells from (126, 6); the last cells' own edges are the
        // lines at 525 and 285.
        assert_eq!(l.board_rect(), Rect::new(126, 6, 400, 280));
        assert_eq!(bar_rect(&l), Rect::new(260, 300, 131, 41));
    }

    #[test]
    fn the_counter_starts_at_275_300_inside_the_bar() {
        let l = programs_layout();
        let (pixels, pen) = counter_pixels(&l, "92");
        let left = pixels.iter().map(|p| p.0).min().unwrap() - (pen as i32 - 1) / 2;
        let top = pixels.iter().map(|p| p.1).min().unwrap() - (pen as i32 - 1) / 2;
        assert_eq!((left, top), (275, 300));
        let bar = bar_rect(&l);
        assert!(pixels.iter().all(|&(x, y)| {
            x > bar.x as i32
                && x < (bar.x + bar.width) as i32 - 1
                && y < (bar.y + bar.height) as i32
        }));
    }
}
