//! The layout contract: where each cell, label and caption goes, in pixels.
//!
//! Cell (r, c) covers x in `[margin + c*cell, margin + (c+1)*cell)` and y in
//! `[margin + r*cell, margin + (r+1)*cell)`. With `margin = 0` the image is exactly
//! `cols*cell` x `rows*cell` with no labels and no caption; otherwise a caption band of `margin`
//! pixels is added below the bottom margin when the figure has a caption, taller for a caption of
//! several lines ([`Layout::with_caption_band`]).

use crate::error::{Error, Result};
use crate::geom::Square;
use crate::geom::{Rect, MAX_CANVAS_PIXELS};

/// Smallest and largest cell side in pixels.
pub const CELL_RANGE: std::ops::RangeInclusive<u32> = 1..=1024;
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

/// Pixel geometry of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    rows: u32,
    cols: u32,
    cell: u32,
    margin: u32,
    caption_band: u32,
    /// The panel's area beside the board (or below it): its width and height, 0 x 0 without one.
    panel: (u32, u32),
    panel_below: bool,
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
            margin,
            caption_band,
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
        if self.caption_band == 0 || height == self.caption_band {
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
        let with_cell = |cell: u32| Layout { cell, ..*self };
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

    /// The board's part of the width: the board and its margins.
    fn board_width_u64(&self) -> u64 {
        u64::from(self.cols) * u64::from(self.cell) + 2 * u64::from(self.margin)
    }

    /// The board's part of the height: the board, its margins and the caption band.
    fn board_height_u64(&self) -> u64 {
        u64::from(self.rows) * u64::from(self.cell)
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

    /// Cell side in pixels.
    pub fn cell(&self) -> u32 {
        self.cell
    }

    /// Margin in pixels.
    pub fn margin(&self) -> u32 {
        self.margin
    }

    /// The pixels of cell `sq`.
    pub fn cell_rect(&self, sq: Square) -> Rect {
        Rect::new(
            self.margin + sq.col * self.cell,
            self.margin + sq.row * self.cell,
            self.cell,
            self.cell,
        )
    }

    /// The centre of cell `sq` in pixel coordinates.
    pub fn center(&self, sq: Square) -> (f32, f32) {
        let r = self.cell_rect(sq);
        (
            r.x as f32 + self.cell as f32 / 2.0,
            r.y as f32 + self.cell as f32 / 2.0,
        )
    }

    /// The board without margins.
    pub fn board_rect(&self) -> Rect {
        Rect::new(
            self.margin,
            self.margin,
            self.cols * self.cell,
            self.rows * self.cell,
        )
    }

    /// The caption band below the bottom margin (empty when there is none).
    pub fn caption_rect(&self) -> Rect {
        Rect::new(
            0,
            self.margin * 2 + self.rows * self.cell,
            self.board_width_u64() as u32,
            self.caption_band,
        )
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
