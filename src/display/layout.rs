//! The layout contract: where each cell, label and caption goes, in pixels.
//!
//! Cell (r, c) covers x in `[margin + c*cell, margin + (c+1)*cell)` and y in
//! `[margin + r*cell, margin + (r+1)*cell)`. With `margin = 0` the image is exactly
//! `cols*cell` x `rows*cell` with no labels and no caption; otherwise a caption band of `margin`
//! pixels is added below the bottom margin when the figure has a caption, taller for a caption of
//! several lines ([`Layout::with_caption_band`]).
//!
//! A cell is square unless [`Layout::with_cell_height`] gives it a height of its own (the Turbo C
//! screen's 50 x 35 cells): then rows are that many pixels apart, and everything drawn about a
//! cell's centre is made for the largest square in it ([`Layout::symbol_side`]).

use crate::error::{Error, Result};
use crate::geom::Square;
use crate::geom::{Rect, MAX_CANVAS_PIXELS};

/// Smallest and largest cell side in pixels.
pub const CELL_RANGE: std::ops::RangeInclusive<u32> = 1..=1024;
/// The cell side a figure has when none is asked for, in pixels: a board of 8 x 8 about 400
/// pixels wide.
pub const DEFAULT_CELL: u32 = 48;
/// Largest margin in pixels.
pub const MAX_MARGIN: u32 = 1024;

/// Lines on cell edges (tile outlines, the streamed board's region edges, a mark's frame) are a
/// sixteenth of the cell wide (at least a pixel), so a line shared by two cells stays within the outer
/// eighth of each, as the layout contract asks.
pub const OUTLINE_DIVISOR: u32 = 16;

/// The width of an outline strip on a `cell`-pixel cell: [`OUTLINE_DIVISOR`] of it, at least a pixel,
/// at most half the cell.
pub fn outline_width(cell: u32) -> u32 {
    (cell / OUTLINE_DIVISOR).max(1).min(cell / 2)
}

/// The default margin for a cell size: room for coordinate labels that scale with the board.
pub fn default_margin(cell: u32) -> u32 {
    (cell / 2).clamp(16, 96)
}

/// The space between two figures side by side ([`Layout::side_by_side`]): their margins already
/// hold labels and captions, so one margin (half a cell at least, so that two bare boards stay
/// apart).
pub(crate) fn pair_gap(cell: u32, margin: u32) -> u32 {
    margin.max(cell / 2).max(2)
}

/// Pixel geometry of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    rows: u32,
    cols: u32,
    cell: u32,
    /// Cell height in pixels: `cell` unless set apart ([`Layout::with_cell_height`]).
    cell_h: u32,
    margin: u32,
    caption_band: u32,
    /// The panel's area beside the board (or below it): its width and height, 0 x 0 without one.
    panel: (u32, u32),
    panel_below: bool,
    /// Two figures side by side ([`Layout::side_by_side`]): this layout's figure on the left.
    beside: Option<Beside>,
    /// Margins of their own on each side ([`Layout::on_screen`]) in place of `margin` all round.
    screen: Option<ScreenMargins>,
}

/// The space about the board on a screen of fixed size (the Turbo C program's 640 x 480): left,
/// top, right and bottom, in pixels; the area under the board holds the caption (the counter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenMargins {
    /// Pixels left of the board.
    pub left: u32,
    /// Pixels above the board.
    pub top: u32,
    /// Pixels right of the board.
    pub right: u32,
    /// Pixels below the board (the caption's area).
    pub bottom: u32,
}

/// The geometry of two figures side by side above one caption band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Beside {
    /// The whole picture's width.
    width: u32,
    /// The top of the shared caption band: below the taller of the two figures.
    band_y: u32,
}

impl Layout {
    /// The layout of a `rows` x `cols` board; `caption` reserves a caption band (only with a margin).
    /// Refuses sizes beyond [`MAX_CANVAS_PIXELS`] before anything is allocated.
    pub fn new(rows: u32, cols: u32, cell: u32, margin: u32, caption: bool) -> Result<Layout> {
        if !CELL_RANGE.contains(&cell) {
            return Err(Error::CellOutOfRange {
                cell,
                min: *CELL_RANGE.start(),
                max: *CELL_RANGE.end(),
            });
        }
        if margin > MAX_MARGIN {
            return Err(Error::MarginTooLarge {
                margin,
                max: MAX_MARGIN,
            });
        }
        let caption_band = if caption && margin > 0 { margin } else { 0 };
        let layout = Layout {
            rows,
            cols,
            cell,
            cell_h: cell,
            margin,
            caption_band,
            beside: None,
            screen: None,
            panel: (0, 0),
            panel_below: false,
        };
        let (w, h) = (layout.width_u64(), layout.height_u64());
        if !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows,
                cols,
                cell,
                width: w,
                height: h,
                limit: MAX_CANVAS_PIXELS,
                max_cell: layout.largest_fitting_cell(u64::from(u32::MAX), MAX_CANVAS_PIXELS),
                margin,
            });
        }
        Ok(layout)
    }

    /// The same layout with a caption band `height` pixels tall (a caption of several lines), where
    /// it has a caption band at all. Refuses sizes beyond [`MAX_CANVAS_PIXELS`] as [`Layout::new`].
    pub fn with_caption_band(self, height: u32) -> Result<Layout> {
        if self.caption_band == 0 || height == self.caption_band || self.screen.is_some() {
            return Ok(self);
        }
        let layout = Layout {
            caption_band: height,
            ..self
        };
        if !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows: self.rows,
                cols: self.cols,
                cell: self.cell,
                width: layout.width_u64(),
                height: layout.height_u64(),
                limit: MAX_CANVAS_PIXELS,
                max_cell: layout.largest_fitting_cell(u64::from(u32::MAX), MAX_CANVAS_PIXELS),
                margin: self.margin,
            });
        }
        Ok(layout)
    }

    /// The picture of two figures side by side, `left` at the origin and `right` `gap` pixels to
    /// its right, both at the top, with one caption band `band` pixels tall below the taller
    /// (see the pair figure in [`crate::display::figure`]). Its cells and board are `left`'s. Refuses
    /// sizes beyond [`MAX_CANVAS_PIXELS`] as [`Layout::new`].
    pub(crate) fn side_by_side(
        left: &Layout,
        right: &Layout,
        gap: u32,
        band: u32,
    ) -> Result<Layout> {
        let width = u64::from(left.width()) + u64::from(gap) + u64::from(right.width());
        let band_y = left.height().max(right.height());
        let layout = Layout {
            caption_band: band,
            beside: Some(Beside {
                width: u32::try_from(width).unwrap_or(u32::MAX),
                band_y,
            }),
            ..*left
        };
        let height = u64::from(band_y) + u64::from(band);
        if width > u64::from(u32::MAX) || !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows: left.rows,
                cols: left.cols,
                cell: left.cell,
                width,
                height,
                limit: MAX_CANVAS_PIXELS,
                max_cell: None,
                margin: left.margin,
            });
        }
        Ok(layout)
    }

    /// The same layout with cells `height` pixels high (`None`, or the width: square cells).
    /// Refuses a height outside [`CELL_RANGE`] and sizes beyond [`MAX_CANVAS_PIXELS`] as
    /// [`Layout::new`].
    pub fn with_cell_height(self, height: Option<u32>) -> Result<Layout> {
        let Some(h) = height.filter(|&h| h != self.cell_h) else {
            return Ok(self);
        };
        if !CELL_RANGE.contains(&h) {
            return Err(Error::CellOutOfRange {
                cell: h,
                min: *CELL_RANGE.start(),
                max: *CELL_RANGE.end(),
            });
        }
        let layout = Layout { cell_h: h, ..self };
        if !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows: self.rows,
                cols: self.cols,
                cell: self.cell,
                width: layout.width_u64(),
                height: layout.height_u64(),
                limit: MAX_CANVAS_PIXELS,
                max_cell: None,
                margin: self.margin,
            });
        }
        Ok(layout)
    }

    /// The same layout on a screen: `margins` about the board in place of the margin all round,
    /// the caption (a counter) in the bottom one. Refuses sizes beyond [`MAX_CANVAS_PIXELS`] as
    /// [`Layout::new`].
    pub fn on_screen(self, margins: ScreenMargins) -> Result<Layout> {
        let layout = Layout {
            screen: Some(margins),
            caption_band: 0,
            ..self
        };
        if !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows: self.rows,
                cols: self.cols,
                cell: self.cell,
                width: layout.width_u64(),
                height: layout.height_u64(),
                limit: MAX_CANVAS_PIXELS,
                max_cell: None,
                margin: self.margin,
            });
        }
        Ok(layout)
    }

    /// The same layout with a panel `width` x `height` pixels beside the board (right of the
    /// margin), or below the caption band when `below`. Refuses sizes beyond
    /// [`MAX_CANVAS_PIXELS`] as [`Layout::new`].
    pub fn with_panel(self, width: u32, height: u32, below: bool) -> Result<Layout> {
        let layout = Layout {
            panel: (width, height),
            panel_below: below,
            ..self
        };
        if !layout.fits(u64::from(u32::MAX), MAX_CANVAS_PIXELS) {
            return Err(Error::ImageTooLarge {
                rows: self.rows,
                cols: self.cols,
                cell: self.cell,
                width: layout.width_u64(),
                height: layout.height_u64(),
                limit: MAX_CANVAS_PIXELS,
                max_cell: None,
                margin: self.margin,
            });
        }
        Ok(layout)
    }

    /// The panel's area (empty without a panel).
    pub fn panel_rect(&self) -> Rect {
        let (w, h) = self.panel;
        if w == 0 || h == 0 {
            return Rect::new(0, 0, 0, 0);
        }
        if self.panel_below {
            Rect::new(0, self.board_height_u64() as u32, self.width(), h)
        } else {
            Rect::new(self.board_width_u64() as u32, 0, w, self.height())
        }
    }

    /// True when the image is at most `max_side` pixels a side and `max_pixels` in all.
    pub fn fits(&self, max_side: u64, max_pixels: u64) -> bool {
        let (w, h) = (self.width_u64(), self.height_u64());
        w <= max_side && h <= max_side && w * h <= max_pixels
    }

    /// The largest cell side below this layout's at which the same board, margin and caption
    /// [fit](Layout::fits); `None` when not even a 1-pixel cell does. A default margin shrinks with
    /// the cell, so the answer stays valid when the margin was not given.
    pub fn largest_fitting_cell(&self, max_side: u64, max_pixels: u64) -> Option<u32> {
        // A cell of its own height keeps its proportions as it shrinks.
        let with_cell = |cell: u32| Layout {
            cell,
            cell_h: if self.cell_h == self.cell {
                cell
            } else {
                (u64::from(self.cell_h) * u64::from(cell) / u64::from(self.cell)).max(1) as u32
            },
            ..*self
        };
        if !with_cell(1).fits(max_side, max_pixels) {
            return None;
        }
        // Invariant: `lo` fits, `hi` does not (the size grows with the cell).
        let (mut lo, mut hi) = (1u32, self.cell.max(2));
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if with_cell(mid).fits(max_side, max_pixels) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }

    /// The board's part of the width: the board and its margins (both boards of a pair).
    fn board_width_u64(&self) -> u64 {
        if let Some(b) = self.beside {
            return u64::from(b.width);
        }
        let board = u64::from(self.cols) * u64::from(self.cell);
        if let Some(s) = self.screen {
            return u64::from(s.left) + board + u64::from(s.right);
        }
        board + 2 * u64::from(self.margin)
    }

    /// The board's part of the height: the board, its margins and the caption band.
    fn board_height_u64(&self) -> u64 {
        if let Some(b) = self.beside {
            return u64::from(b.band_y) + u64::from(self.caption_band);
        }
        if let Some(s) = self.screen {
            let board = u64::from(self.rows) * u64::from(self.cell_h);
            return u64::from(s.top) + board + u64::from(s.bottom);
        }
        u64::from(self.rows) * u64::from(self.cell_h)
            + 2 * u64::from(self.margin)
            + u64::from(self.caption_band)
    }

    fn width_u64(&self) -> u64 {
        let (pw, _) = self.panel;
        match self.panel_below {
            false => self.board_width_u64() + u64::from(pw),
            true => self.board_width_u64().max(u64::from(pw)),
        }
    }

    fn height_u64(&self) -> u64 {
        let (_, ph) = self.panel;
        match self.panel_below {
            false => self.board_height_u64().max(u64::from(ph)),
            true => self.board_height_u64() + u64::from(ph),
        }
    }

    /// Image width in pixels.
    pub fn width(&self) -> u32 {
        self.width_u64() as u32
    }

    /// Image height in pixels.
    pub fn height(&self) -> u32 {
        self.height_u64() as u32
    }

    /// Rows of cells.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of cells.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Cell side in pixels (the width of a cell of its own height).
    pub fn cell(&self) -> u32 {
        self.cell
    }

    /// Cell height in pixels: [`Layout::cell`] unless [`Layout::with_cell_height`] set it apart.
    pub fn cell_height(&self) -> u32 {
        self.cell_h
    }

    /// The side of the square that symbols drawn about a cell's centre (pieces, numbers, dots) are
    /// made for: the cell's smaller side.
    pub fn symbol_side(&self) -> u32 {
        self.cell.min(self.cell_h)
    }

    /// Where that square's top-left corner lies in a cell: centred.
    pub fn symbol_inset(&self) -> (i32, i32) {
        let side = self.symbol_side();
        (
            ((self.cell - side) / 2) as i32,
            ((self.cell_h - side) / 2) as i32,
        )
    }

    /// Whether the board lies on a screen of margins of their own ([`Layout::on_screen`]).
    pub fn is_on_screen(&self) -> bool {
        self.screen.is_some()
    }

    /// Margin in pixels.
    pub fn margin(&self) -> u32 {
        self.margin
    }

    /// The board's top-left corner: one margin in, or the screen's left and top margins.
    fn origin(&self) -> (u32, u32) {
        match self.screen {
            Some(s) => (s.left, s.top),
            None => (self.margin, self.margin),
        }
    }

    /// The pixels of cell `sq`.
    pub fn cell_rect(&self, sq: Square) -> Rect {
        let (x, y) = self.origin();
        Rect::new(
            x + sq.col * self.cell,
            y + sq.row * self.cell_h,
            self.cell,
            self.cell_h,
        )
    }

    /// The centre of cell `sq` in pixel coordinates.
    pub fn center(&self, sq: Square) -> (f32, f32) {
        let r = self.cell_rect(sq);
        (
            r.x as f32 + self.cell as f32 / 2.0,
            r.y as f32 + self.cell_h as f32 / 2.0,
        )
    }

    /// The board without margins.
    pub fn board_rect(&self) -> Rect {
        let (x, y) = self.origin();
        Rect::new(x, y, self.cols * self.cell, self.rows * self.cell_h)
    }

    /// The caption band below the bottom margin (empty when there is none).
    pub fn caption_rect(&self) -> Rect {
        if let Some(s) = self.screen {
            let top = s.top + self.rows * self.cell_h;
            return Rect::new(0, top, self.board_width_u64() as u32, s.bottom);
        }
        let top = match self.beside {
            Some(b) => b.band_y,
            None => self.margin * 2 + self.rows * self.cell_h,
        };
        Rect::new(0, top, self.board_width_u64() as u32, self.caption_band)
    }

    /// The whole image.
    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.width(), self.height())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_positions() {
        let l = Layout::new(8, 6, 10, 0, true).unwrap();
        assert_eq!((l.width(), l.height()), (60, 80));
        assert_eq!(l.cell_rect(Square::new(2, 3)), Rect::new(30, 20, 10, 10));
        let l = Layout::new(8, 8, 10, 5, true).unwrap();
        assert_eq!((l.width(), l.height()), (90, 95));
        assert_eq!(l.cell_rect(Square::new(0, 1)), Rect::new(15, 5, 10, 10));
        assert_eq!(l.caption_rect(), Rect::new(0, 90, 90, 5));
    }

    #[test]
    fn cells_of_their_own_height() {
        // The Turbo C screen: 50 x 35 cells.
        let l = Layout::new(8, 8, 50, 15, false)
            .unwrap()
            .with_cell_height(Some(35))
            .unwrap();
        assert_eq!((l.width(), l.height()), (430, 310));
        assert_eq!(l.cell_rect(Square::new(1, 2)), Rect::new(115, 50, 50, 35));
        assert_eq!(l.center(Square::new(0, 0)), (40.0, 32.5));
        assert_eq!(l.board_rect(), Rect::new(15, 15, 400, 280));
        assert_eq!((l.symbol_side(), l.symbol_inset()), (35, (7, 0)));
        assert!(l.with_cell_height(Some(0)).is_err());
    }

    #[test]
    fn refuses_huge_and_invalid() {
        assert!(Layout::new(10_000, 10_000, 100, 0, false).is_err());
        assert!(Layout::new(8, 8, 0, 0, false).is_err());
        assert!(Layout::new(8, 8, 2000, 0, false).is_err());
        let e = Layout::new(200, 200, 400, 0, false).unwrap_err();
        // 16384 / 200 = 81.92: cell 81 gives 16200 x 16200, cell 82 gives 16400 x 16400.
        assert!(
            matches!(
                e,
                Error::ImageTooLarge {
                    max_cell: Some(81),
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn largest_fitting_cell_is_the_boundary() {
        let l = Layout::new(5, 10_000, 10, 16, true).unwrap();
        let cell = l.largest_fitting_cell(65_535, u64::MAX).unwrap();
        // 10000 * 6 + 32 = 60032 fits a GIF; 10000 * 7 + 32 = 70032 does not.
        assert_eq!(cell, 6);
        let l = Layout::new(1, 70_000, 1, 0, false).unwrap();
        assert_eq!(l.largest_fitting_cell(65_535, u64::MAX), None);
    }
}
