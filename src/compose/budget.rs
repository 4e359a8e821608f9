//! What drawing a figure costs in memory, before it is drawn: the renderer's own model of its peak,
//! so that a caller can refuse a job that would not fit instead of failing in the middle of it.
//!
//! The figures are measured peaks (`/usr/bin/time -f %M`) on boards of 13 and 52 megapixels,
//! rounded up: bytes per pixel of the picture for each kind of job, bytes per square for what grows
//! with the board rather than its pixels, and a base for the program, the font and the encoders.

use crate::compose::style::Style;

use crate::error::Result;
pub use crate::scene::problem::BoardKind;

/// The most memory a run should need: 1 GiB. A caller refuses larger jobs before they start.
pub const MEMORY_CEILING: u64 = 1 << 30;

/// Memory besides the picture: the program, the font, encoder buffers.
const BASE_BYTES: u64 = 24 << 20;

/// Bytes of what grows with the board's squares rather than its pixels: tromino tiles (the tiling,
/// the scene's cells and regions, a number mask per tile with numbers shown: measured 100 bytes a
/// square at k = 10); queens (at most 32 x 32 squares); a knight's tour (the tour, the scene's cells
/// and the path's segment index: measured 62 bytes a square at a cell of 1 pixel and 84 at 4 on
/// 1000 x 1000, since the raster stopped keeping a mask per square).
fn bytes_per_square(kind: BoardKind) -> u64 {
    match kind {
        BoardKind::Tiles => 128,
        BoardKind::Queens => 64,
        BoardKind::Tour => 128,
    }
}

/// Bytes a vector contact sheet (SVG or PDF) holds per square of its boards: the sheet's display
/// list, every board's items moved to its slot, with the labels' outlines. The writers stream, so
/// this is the whole cost (measured 81 bytes as SVG and 68 as PDF on the 73,712 boards of 13 queens,
/// 0.96 GiB peak; TikZ, streamed as well, 0.75 GiB). A vector still needs less per square than its
/// raster estimate ([`Budget`]): a 2800 x 2800 tour at a cell of 1 peaks at 0.83 GiB as SVG or PDF
/// and 0.88 GiB as TikZ against an estimate of 0.98 GiB.
const VECTOR_SHEET_BYTES_PER_SQUARE: u64 = 84;

/// The width and height in pixels of the figure of a `rows` x `cols` board drawn with `style`, with
/// the caption band when `caption`: what a run checks against its limits before anything is drawn.
pub fn figure_size(rows: u32, cols: u32, style: &Style, caption: bool) -> Result<(u32, u32)> {
    let layout = style.layout(rows, cols, caption)?;
    Ok((layout.width(), layout.height()))
}

/// The estimated peak memory of a vector contact sheet of `boards` boards of `squares` squares each.
pub fn vector_sheet_bytes(boards: u64, squares: u64) -> u64 {
    BASE_BYTES
        + boards
            .saturating_mul(squares)
            .saturating_mul(VECTOR_SHEET_BYTES_PER_SQUARE)
}

/// The most boards of `squares` squares a vector contact sheet may hold within `ceiling`.
pub fn vector_sheet_boards_within(squares: u64, ceiling: u64) -> u64 {
    ceiling.saturating_sub(BASE_BYTES)
        / squares.max(1).saturating_mul(VECTOR_SHEET_BYTES_PER_SQUARE)
}

/// The kind of picture drawn, for its peak bytes per pixel (in tenths of a byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// A PNG still of tiles or queens: the canvas and the encoder's row buffers (measured 1.2).
    Still,
    /// A PNG still of a numbered knight's tour: the canvas, the path's masks and the encoder
    /// (measured 2.5 to 2.8 on 200 x 200 tours at cells of 36 and 60 pixels).
    NumberedStill,
    /// An animation: the canvas, the GIF writer's copy of the picture and its first full frame, the
    /// encoder's buffer and the path's segment-mask cache (measured 4.0 on a 200 x 200 tour at a
    /// cell of 36 pixels).
    Animation,
    /// A GIF: the canvas, the writer's copy of the picture and its indexed first frame, the LZW
    /// buffers (measured 6.2 and 6.5 on a 100 x 100 and a 200 x 200 tour at a cell of 53 pixels,
    /// 29 and 113 megapixels, three frames; 7 leaves room for the address space mapped beyond the
    /// resident set, so a GIF let through runs under `prlimit --as=1GiB`).
    GifAnimation,
    /// An APNG: the canvas, the previous frame and the deflate buffers (measured 3.6 and 3.9 on
    /// the same tours; 4.4 for the address space, as for a GIF).
    ApngAnimation,
    /// A lossless WebP: libwebp's ARGB copies and its encoder's analysis buffers (measured 18.9
    /// and 19.0 on the same tours). libwebp maps about 27 bytes a pixel of address space; 24 is
    /// as near as an estimate within 1.3x of the resident peak may come.
    WebpAnimation,
}

impl Job {
    fn tenths_per_pixel(self) -> u64 {
        match self {
            Job::Still => 15,
            Job::NumberedStill => 30,
            Job::Animation => 40,
            Job::GifAnimation => 70,
            Job::ApngAnimation => 44,
            Job::WebpAnimation => 240,
        }
    }
}

/// A job to be estimated: a `rows` x `cols` board of `board` drawn as `job`, `copies` at once
/// (stills drawn in parallel, one per core), with or without a caption band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub rows: u32,
    pub cols: u32,
    pub caption: bool,
    pub job: Job,
    pub board: BoardKind,
    pub copies: u64,
}

/// The estimated peak of a job at one cell size, with the picture's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub bytes: u64,
    pub width: u32,
    pub height: u32,
}

/// The estimated peak memory of drawing a picture of `pixels` pixels as `job`, in bytes.
pub fn picture_bytes(pixels: u64, job: Job) -> u64 {
    BASE_BYTES + pixels * job.tenths_per_pixel() / 10
}

impl Budget {
    /// The estimate at `cell` pixels a square, with `style`'s margin (or the default margin of that
    /// cell); an error for a figure the image limits refuse.
    pub fn estimate(&self, cell: u32, style: &Style) -> Result<Estimate> {
        // As the figure lays it out: cells of their own height, the Turbo C screen about them.
        let at_cell = Style {
            cell,
            ..style.clone()
        };
        let layout = at_cell.layout(self.rows, self.cols, self.caption)?;
        let pixels = u64::from(layout.width()) * u64::from(layout.height());
        let squares = u64::from(self.rows) * u64::from(self.cols) * bytes_per_square(self.board);
        Ok(Estimate {
            bytes: picture_bytes(pixels.saturating_mul(self.copies.max(1)), self.job) + squares,
            width: layout.width(),
            height: layout.height(),
        })
    }

    /// The largest cell up to `style.cell` whose estimate stays within `ceiling` (0 when none does).
    pub fn largest_cell_within(&self, style: &Style, ceiling: u64) -> u32 {
        let fits = |cell: u32| self.estimate(cell, style).is_ok_and(|e| e.bytes <= ceiling);
        // The estimate grows with the cell: binary search for the largest that fits.
        let (mut lo, mut hi) = (0u32, style.cell);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_follow_the_measured_peaks() {
        // A 200 x 200 tour at a cell of 36: 7236 x 7236 pixels, 227 MiB measured as a GIF.
        let gif = picture_bytes(7236 * 7236, Job::Animation);
        assert!((215 << 20..260 << 20).contains(&gif), "{gif}");
        // The same as a PNG: 174 MiB measured.
        let png = picture_bytes(7236 * 7236, Job::NumberedStill);
        assert!((170 << 20..200 << 20).contains(&png), "{png}");
    }

    #[test]
    fn the_largest_vector_sheet_is_within_the_ceiling() {
        // Every solution of 13 queens, the largest batch there is.
        assert!(vector_sheet_bytes(73_712, 169) <= MEMORY_CEILING);
        let most = vector_sheet_boards_within(169, MEMORY_CEILING);
        assert!(vector_sheet_bytes(most, 169) <= MEMORY_CEILING);
        assert!(vector_sheet_bytes(most + 1, 169) > MEMORY_CEILING);
    }

    #[test]
    fn the_turbo_c_screen_is_estimated_whole() {
        let budget = Budget {
            rows: 8,
            cols: 8,
            caption: true,
            job: Job::Animation,
            board: BoardKind::Queens,
            copies: 1,
        };
        let mut style = Style::new(50).preset(crate::Preset::TurboC);
        style.margin = crate::Preset::TurboC.margin(50);
        let e = budget.estimate(50, &style).unwrap();
        assert_eq!((e.width, e.height), (640, 480));
        let e = budget.estimate(100, &style).unwrap();
        assert_eq!((e.width, e.height), (1280, 960));
    }

    #[test]
    fn the_largest_cell_fits_and_one_more_does_not() {
        let budget = Budget {
            rows: 447,
            cols: 447,
            caption: false,
            job: Job::Animation,
            board: BoardKind::Tour,
            copies: 1,
        };
        let style = Style::new(36);
        let cell = budget.largest_cell_within(&style, MEMORY_CEILING);
        assert!((1..36).contains(&cell), "{cell}");
        let at = |c: u32| budget.estimate(c, &style).unwrap().bytes;
        assert!(at(cell) <= MEMORY_CEILING && at(cell + 1) > MEMORY_CEILING);
    }
}
