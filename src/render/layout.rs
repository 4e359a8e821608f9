//! The layout contract: where each cell, label and caption goes, in pixels.
//!
//! Cell (r, c) covers x in `[margin + c*cell, margin + (c+1)*cell)` and y in
//! `[margin + r*cell, margin + (r+1)*cell)`. With `margin = 0` the image is exactly
//! `cols*cell` x `rows*cell` with no labels and no caption; otherwise a caption band of `margin`
//! pixels is added below the bottom margin when the figure has a caption.

use crate::error::{Error, Result};
use crate::render::canvas::{Rect, MAX_CANVAS_PIXELS};
use crate::solve::Square;

/// Smallest and largest cell side in pixels.
pub const CELL_RANGE: std::ops::RangeInclusive<u32> = 1..=1024;
/// Largest margin in pixels.
pub const MAX_MARGIN: u32 = 1024;

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
}

impl Layout {
    /// The layout of a `rows` x `cols` board; `caption` reserves a caption band (only with a margin).
    /// Refuses sizes beyond [`MAX_CANVAS_PIXELS`] before anything is allocated.
    pub fn new(rows: u32, cols: u32, cell: u32, margin: u32, caption: bool) -> Result<Layout> {
        if !CELL_RANGE.contains(&cell) {
            return Err(Error::invalid(format!(
                "--cell {cell} is outside {}..={} pixels",
                CELL_RANGE.start(),
                CELL_RANGE.end()
            )));
        }
        if margin > MAX_MARGIN {
            return Err(Error::invalid(format!(
                "--margin {margin} is more than {MAX_MARGIN} pixels"
            )));
        }
        let caption_band = if caption && margin > 0 { margin } else { 0 };
        let layout = Layout {
            rows,
            cols,
            cell,
            margin,
            caption_band,
        };
        let (w, h) = (layout.width_u64(), layout.height_u64());
        if w * h > MAX_CANVAS_PIXELS || w > u64::from(u32::MAX) || h > u64::from(u32::MAX) {
            return Err(Error::TooLarge(format!(
                "a {rows} x {cols} board at --cell {cell} is {w} x {h} pixels, over the limit of {MAX_CANVAS_PIXELS} pixels; use a smaller --cell"
            )));
        }
        Ok(layout)
    }

    fn width_u64(&self) -> u64 {
        u64::from(self.cols) * u64::from(self.cell) + 2 * u64::from(self.margin)
    }

    fn height_u64(&self) -> u64 {
        u64::from(self.rows) * u64::from(self.cell)
            + 2 * u64::from(self.margin)
            + u64::from(self.caption_band)
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
            self.width(),
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
    }
}
