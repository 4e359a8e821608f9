//! Boards too large for a [`Canvas`](crate::raster::canvas::Canvas), drawn one row of cells at a time
//! and handed on row by row (the PNG encoder streams them, see `compose::streamed_png`).
//!
//! The picture is plain cells: a fill per cell and, from [`MIN_OUTLINE_CELL`] pixels a cell up, an
//! outline where two neighbouring cells belong to different regions (and around the board). It follows
//! the layout contract with margin 0: cell `(r, c)` covers x in `[c*cell, (c+1)*cell)` and y in
//! `[r*cell, (r+1)*cell)`, and outline strips, `max(1, cell/16)` pixels wide as in the still renderer,
//! stay within the outer eighth of each cell (from 8-pixel cells up; smaller cells get one pixel).
//!
//! Memory is proportional to the image width: the cell data of three board rows and three pixel rows,
//! never the board or the picture.

use crate::display::layout::outline_width;
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};

/// The widest and tallest streamed image, in pixels (about a million).
pub const MAX_SIDE: u32 = 1 << 20;

/// The most pixels a streamed image may have: 2^31 (a 32768 x 32768 board at one pixel a cell is 2^30).
pub const MAX_PIXELS: u64 = 1 << 31;

/// The smallest cell that gets outlines; below it an outline would swallow the fill.
pub const MIN_OUTLINE_CELL: u32 = 4;

/// A `rows` x `cols` board of `cell`-pixel cells as rows of pixels (palette indices), top to bottom:
/// the raster half of a streamed image. An encoder pulls the rows ([`CellRows::run`]); this module
/// never sees a file format.
pub struct CellRows {
    rows: u32,
    cols: u32,
    cell: u32,
    outline: Option<u8>,
    width: u32,
    height: u32,
}

impl CellRows {
    /// Checks the board and its colours before anything is allocated: `outline: Some(index)` draws,
    /// with cells of at least [`MIN_OUTLINE_CELL`] pixels, a strip of that colour inside each cell
    /// along every side where the neighbour belongs to another region or the board ends.
    ///
    /// # Errors
    /// [`Error::Invalid`] for an empty board, a zero cell or an outline index outside the palette;
    /// [`Error::TooLarge`] past [`MAX_SIDE`] or [`MAX_PIXELS`].
    pub fn new(
        rows: u32,
        cols: u32,
        cell: u32,
        palette: &Palette,
        outline: Option<u8>,
    ) -> Result<Self> {
        let (width, height) = image_size(rows, cols, cell)?;
        if let Some(index) = outline {
            if usize::from(index) >= palette.len() {
                return Err(Error::invalid(
                    InvalidKind::Image,
                    format!(
                        "outline colour {index} is not in the palette of {} colours",
                        palette.len()
                    ),
                ));
            }
        }
        Ok(CellRows {
            rows,
            cols,
            cell,
            outline: outline.filter(|_| cell >= MIN_OUTLINE_CELL),
            width,
            height,
        })
    }

    /// The image size in pixels: `cols*cell` x `rows*cell`.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Hands every pixel row, top to bottom, to `put_row`.
    ///
    /// `fill_of(r, fills, regions)` is called once per board row, top to bottom, with slices of `cols`
    /// entries to fill: the palette index of each cell's fill and its region id. An error it or
    /// `put_row` returns stops the image (for example when the user interrupts).
    pub fn run(
        &self,
        mut fill_of: impl FnMut(u32, &mut [u8], &mut [u32]) -> Result<()>,
        mut put_row: impl FnMut(&[u8]) -> Result<()>,
    ) -> Result<()> {
        let (rows, cell) = (self.rows, self.cell);
        let mut board = RowWindow::new(rows, self.cols);
        board.prime(&mut fill_of)?;
        let mut pixels = PixelRows::new(self.cols, cell);
        for r in 0..rows {
            match self.outline {
                None if cell == 1 => put_row(&board.fills)?,
                None => {
                    pixels.paint_fills(&board.fills);
                    for _ in 0..cell {
                        put_row(&pixels.middle)?;
                    }
                }
                Some(ink) => {
                    let strip = outline_width(cell);
                    pixels.paint_outlined(&board, r, ink, strip);
                    for _ in 0..strip {
                        put_row(&pixels.top)?;
                    }
                    for _ in strip..cell - strip {
                        put_row(&pixels.middle)?;
                    }
                    for _ in 0..strip {
                        put_row(&pixels.bottom)?;
                    }
                }
            }
            board.advance(r, &mut fill_of)?;
        }
        Ok(())
    }
}

/// The image size in pixels, or why it cannot be made.
fn image_size(rows: u32, cols: u32, cell: u32) -> Result<(u32, u32)> {
    if rows == 0 || cols == 0 || cell == 0 {
        return Err(Error::invalid(InvalidKind::Image, format!(
            "a streamed board needs at least one row, column and pixel a cell, not {rows} x {cols} at {cell} px"
        )));
    }
    let width = u64::from(cols) * u64::from(cell);
    let height = u64::from(rows) * u64::from(cell);
    if width > u64::from(MAX_SIDE) || height > u64::from(MAX_SIDE) || width * height > MAX_PIXELS {
        return Err(Error::TooLarge(format!(
            "a {width} x {height} pixel image is too large (at most {MAX_SIDE} pixels a side and {MAX_PIXELS} pixels); use a smaller cell"
        )));
    }
    // Both fit in u32: each is at most MAX_SIDE.
    Ok((width as u32, height as u32))
}

/// The current board row's cells and the region ids of the rows above and below it.
struct RowWindow {
    rows: u32,
    fills: Vec<u8>,
    regions: Vec<u32>,
    next_fills: Vec<u8>,
    /// Region ids of the row above (unused on the first row).
    above: Vec<u32>,
    /// Region ids of the row below (unused on the last row).
    below: Vec<u32>,
}

impl RowWindow {
    fn new(rows: u32, cols: u32) -> Self {
        let n = cols as usize;
        RowWindow {
            rows,
            fills: vec![0; n],
            regions: vec![0; n],
            next_fills: vec![0; n],
            above: vec![0; n],
            below: vec![0; n],
        }
    }

    /// Reads rows 0 and 1.
    fn prime(
        &mut self,
        fill_of: &mut impl FnMut(u32, &mut [u8], &mut [u32]) -> Result<()>,
    ) -> Result<()> {
        fill_of(0, &mut self.fills, &mut self.regions)?;
        if self.rows > 1 {
            fill_of(1, &mut self.next_fills, &mut self.below)?;
        }
        Ok(())
    }

    /// Moves from row `r` to row `r + 1`, reading row `r + 2`.
    fn advance(
        &mut self,
        r: u32,
        fill_of: &mut impl FnMut(u32, &mut [u8], &mut [u32]) -> Result<()>,
    ) -> Result<()> {
        if r + 1 >= self.rows {
            return Ok(());
        }
        // above <- current, current <- below, below <- row r + 2 (read into the freed buffer).
        std::mem::swap(&mut self.above, &mut self.regions);
        std::mem::swap(&mut self.regions, &mut self.below);
        std::mem::swap(&mut self.fills, &mut self.next_fills);
        if r + 2 < self.rows {
            fill_of(r + 2, &mut self.next_fills, &mut self.below)?;
        }
        Ok(())
    }

    fn region_changes_above(&self, r: u32, c: usize) -> bool {
        r == 0 || self.above[c] != self.regions[c]
    }

    fn region_changes_below(&self, r: u32, c: usize) -> bool {
        r + 1 == self.rows || self.below[c] != self.regions[c]
    }
}

/// The (at most three) distinct pixel rows of one board row: its top strip, middle and bottom strip.
struct PixelRows {
    cell: usize,
    top: Vec<u8>,
    middle: Vec<u8>,
    bottom: Vec<u8>,
}

impl PixelRows {
    fn new(cols: u32, cell: u32) -> Self {
        let width = cols as usize * cell as usize;
        PixelRows {
            cell: cell as usize,
            top: vec![0; width],
            middle: vec![0; width],
            bottom: vec![0; width],
        }
    }

    /// Fills only: every pixel row of the board row is `middle`.
    fn paint_fills(&mut self, fills: &[u8]) {
        for (span, &fill) in self.middle.chunks_exact_mut(self.cell).zip(fills) {
            span.fill(fill);
        }
    }

    /// Fills with outline strips `strip` pixels wide along region changes and the board's edge.
    fn paint_outlined(&mut self, board: &RowWindow, r: u32, ink: u8, strip: u32) {
        let strip = strip as usize;
        let cols = board.fills.len();
        for (c, span) in self.middle.chunks_exact_mut(self.cell).enumerate() {
            span.fill(board.fills[c]);
            let me = board.regions[c];
            if c == 0 || board.regions[c - 1] != me {
                span[..strip].fill(ink);
            }
            if c + 1 == cols || board.regions[c + 1] != me {
                let len = span.len();
                span[len - strip..].fill(ink);
            }
        }
        self.top.copy_from_slice(&self.middle);
        self.bottom.copy_from_slice(&self.middle);
        for c in 0..cols {
            let span = c * self.cell..(c + 1) * self.cell;
            if board.region_changes_above(r, c) {
                self.top[span.clone()].fill(ink);
            }
            if board.region_changes_below(r, c) {
                self.bottom[span].fill(ink);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outline_strip_stays_in_the_outer_eighth() {
        for cell in MIN_OUTLINE_CELL..200 {
            let w = outline_width(cell);
            assert!(w >= 1 && 2 * w < cell, "cell {cell}: strip {w}");
            if cell >= 8 {
                assert!(8 * w <= cell, "cell {cell}: strip {w}");
            }
        }
    }

    #[test]
    fn size_limits() {
        assert_eq!(image_size(32768, 32768, 1).unwrap(), (32768, 32768));
        assert!(matches!(
            image_size(32768, 32768, 2),
            Err(Error::TooLarge(_))
        ));
        assert!(matches!(
            image_size(1, MAX_SIDE + 1, 1),
            Err(Error::TooLarge(_))
        ));
        assert!(matches!(image_size(0, 4, 4), Err(Error::Invalid { .. })));
    }
}
