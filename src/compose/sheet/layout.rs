//! Where everything on a contact sheet goes, in pixels ([`SheetLayout`]), from its options.
//!
//! Geometry, for boards of `w` x `h` pixels: a gutter `g` surrounds the grid and separates its slots;
//! each slot is the board plus a label band below it; a title band sits above the grid when there is a
//! title. All sizes scale with the board, so a sheet of thumbnails and a sheet of large boards look
//! alike.

use crate::display::glyph::Font;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::{Rect, MAX_CANVAS_PIXELS};

/// How a sheet is arranged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetOptions {
    /// Boards per row; `None` picks a near-square arrangement (`auto_columns`).
    pub columns: Option<u32>,
    /// A line of text above the grid.
    pub title: Option<String>,
    /// Fit the sheet to this width in pixels: the boards' cell becomes the largest (up to
    /// [`MAX_FIT_CELL`]) that keeps the sheet this narrow, whatever the style says. `None`: the
    /// style's cell.
    pub width: Option<u32>,
    /// Fit the whole sheet in this box: the boards' cell becomes the largest (up to 1024 pixels)
    /// whose sheet fits; takes the place of [`SheetOptions::width`]. `None`: as `width` says.
    pub fit: Option<crate::compose::fit::Fit>,
}

/// The largest cell a sheet fitted to a width ([`SheetOptions::width`]) gets: boards of a few
/// solutions stay the size of a book figure instead of filling a poster.
pub const MAX_FIT_CELL: u32 = 96;

/// The width a sheet is fitted to by default: a page at 300 dpi, about 25 cm.
pub const PAGE_WIDTH: u32 = 3000;

/// Boards per row for a sheet about as wide as it is tall: `count` slots of `slot_w` x `slot_h` pixels.
///
/// Starts from the column count of a square sheet and looks a little either side of it for the one that
/// leaves the fewest empty slots in the last row (92 boards: 12 columns of 8 rows, 4 empty, rather than
/// 11 of 9 with 7 empty), as long as neither side of the sheet is more than 1.4 times the other; ties go
/// to the squarer sheet, then to the wider one.
pub fn auto_columns(count: usize, slot_w: u32, slot_h: u32) -> u32 {
    if count <= 1 {
        return 1;
    }
    let ratio = f64::from(slot_h.max(1)) / f64::from(slot_w.max(1));
    let square = (count as f64 * ratio)
        .sqrt()
        .round()
        .clamp(1.0, count as f64) as usize;
    let aspect = |cols: usize| {
        let rows = count.div_ceil(cols);
        (cols as f64 * f64::from(slot_w.max(1))) / (rows as f64 * f64::from(slot_h.max(1)))
    };
    // Rounded so that mirror-image shapes (3 x 4 and 4 x 3) tie exactly; the wider one then wins,
    // screens being wider than tall.
    let squareness = |cols: usize| (aspect(cols).ln().abs() * 1e6).round() as i64;
    let lo = square.saturating_sub(2).max(1);
    let hi = (square + 2).min(count);
    let best = (lo..=hi)
        .filter(|&c| (1.0 / 1.4..=1.4).contains(&aspect(c)))
        .min_by(|&a, &b| {
            let empty = |c: usize| count.div_ceil(c) * c - count;
            empty(a)
                .cmp(&empty(b))
                .then(squareness(a).cmp(&squareness(b)))
                .then(b.cmp(&a))
        });
    let cols = best.unwrap_or(square);
    // As few columns as keep the same number of rows.
    count.div_ceil(count.div_ceil(cols)) as u32
}

/// Where everything on a sheet goes, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetLayout {
    pub(crate) count: usize,
    pub(crate) columns: u32,
    pub(crate) rows: u32,
    pub(crate) board_w: u32,
    pub(crate) board_h: u32,
    pub(crate) gutter: u32,
    pub(crate) frame: u32,
    pub(crate) label_h: u32,
    pub(crate) label_band: u32,
    pub(crate) title_h: u32,
    pub(crate) title_band: u32,
    /// Left edge of the grid: the gutter, plus whatever centres the grid under a title wider than it.
    pub(crate) grid_x: u32,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

impl SheetLayout {
    /// The layout of `count` boards of `board_w` x `board_h` pixels, the title (if any) set in `font`;
    /// refuses empty sheets, zero columns, and sheets over [`MAX_CANVAS_PIXELS`] (before anything is
    /// rendered). A title wider than the grid widens the sheet, the grid centred under it.
    pub fn new(
        count: usize,
        board_w: u32,
        board_h: u32,
        options: &SheetOptions,
        font: &Font,
    ) -> Result<SheetLayout> {
        if count == 0 {
            return Err(Error::invalid(
                InvalidKind::Sheet,
                "a contact sheet needs at least one board",
            ));
        }
        if board_w == 0 || board_h == 0 {
            return Err(Error::invalid(
                InvalidKind::Sheet,
                "a contact sheet needs boards of at least one pixel",
            ));
        }
        let side = board_w.min(board_h);
        // Sizes grow with the board but stay readable on thumbnails and modest on large boards.
        let gutter = (side / 8).clamp(10, 48);
        let frame = (side / 160).clamp(1, 3);
        let label_h = ((side as f32 * 0.055).round() as u32).clamp(8, 22);
        let label_band = label_h * 5 / 2;
        let slot_w = board_w + gutter;
        let slot_h = board_h + label_band + gutter;
        let columns = match options.columns {
            Some(0) => return Err(Error::ZeroColumns),
            Some(c) => c.min(u32::try_from(count).unwrap_or(u32::MAX)),
            None => auto_columns(count, slot_w, slot_h),
        };
        // The title grows with the sheet, from a little above the labels to about three times them.
        let grid_w = u64::from(columns) * u64::from(slot_w) + u64::from(gutter);
        let title_h = options.title.as_ref().map_or(0, |_| {
            let by_width = u32::try_from(grid_w / 80).unwrap_or(u32::MAX);
            by_width.clamp(label_h * 8 / 5, label_h * 3)
        });
        let title_band = title_h * 3;
        let title_w = options.title.as_ref().map_or(0, |t| {
            let (w, _) = font.measure(t, title_px(font, title_h));
            w.ceil() as u64 + 2 * u64::from(gutter)
        });
        let w = grid_w.max(title_w);
        let grid_x = u32::try_from((w - grid_w) / 2).unwrap_or(0) + gutter;
        let rows = u32::try_from(count.div_ceil(columns as usize)).unwrap_or(u32::MAX);
        let h = u64::from(rows) * u64::from(slot_h) + u64::from(gutter) + u64::from(title_band);
        if w * h > MAX_CANVAS_PIXELS || w > u64::from(u32::MAX) || h > u64::from(u32::MAX) {
            return Err(Error::SheetTooLarge {
                count,
                columns,
                width: w,
                height: h,
                limit: MAX_CANVAS_PIXELS,
            });
        }
        Ok(SheetLayout {
            count,
            columns,
            rows,
            board_w,
            board_h,
            gutter,
            frame,
            label_h,
            label_band,
            title_h,
            title_band,
            grid_x,
            width: w as u32,
            height: h as u32,
        })
    }

    /// Sheet width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Sheet height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Boards per row.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// Rows of boards.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of boards.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Space between boards, and around the grid, in pixels.
    pub fn gutter(&self) -> u32 {
        self.gutter
    }

    /// The pixels of board `i` (0-based, row by row), without its frame.
    pub fn board_rect(&self, i: usize) -> Rect {
        let (col, row) = (
            (i % self.columns as usize) as u32,
            (i / self.columns as usize) as u32,
        );
        Rect::new(
            self.grid_x + col * (self.board_w + self.gutter),
            self.title_band + self.gutter + row * (self.board_h + self.label_band + self.gutter),
            self.board_w,
            self.board_h,
        )
    }

    /// Board `i` with its frame around it: the frame is what shows of this rectangle.
    pub fn frame_rect(&self, i: usize) -> Rect {
        let (r, f) = (self.board_rect(i), self.frame);
        Rect::new(r.x - f, r.y - f, r.width + 2 * f, r.height + 2 * f)
    }

    /// Height of the labels' digits, before they are shrunk to fit.
    pub(crate) fn label_h(&self) -> u32 {
        self.label_h
    }

    /// Height of the band under each board that holds its label.
    pub(crate) fn label_band(&self) -> u32 {
        self.label_band
    }

    /// Height of the title's capitals (0 without a title).
    pub(crate) fn title_h(&self) -> u32 {
        self.title_h
    }

    /// The band under board `i` that holds its label.
    pub fn label_rect(&self, i: usize) -> Rect {
        let b = self.board_rect(i);
        Rect::new(b.x, b.y + b.height, b.width, self.label_band)
    }

    /// The band above the grid that holds the title (empty without a title).
    pub fn title_rect(&self) -> Rect {
        Rect::new(0, 0, self.width, self.title_band)
    }
}

/// The title's size: capitals `title_h` pixels high.
pub(crate) fn title_px(font: &Font, title_h: u32) -> f32 {
    font.fit_px("H", f32::MAX / 4.0, title_h as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_columns_are_near_square_and_fill_rows() {
        assert_eq!(auto_columns(1, 10, 10), 1);
        assert_eq!(auto_columns(4, 10, 10), 2);
        assert_eq!(auto_columns(12, 10, 10), 4);
        // 92 = 12 x 8 - 4 fills its rows better than 10 x 10 - 8 or 11 x 9 - 7.
        assert_eq!(auto_columns(92, 432, 484), 12);
        // Square slots: 12 x 8 would be too wide; 11 x 9 and 9 x 11 leave 7 empty, the wider wins.
        assert_eq!(auto_columns(92, 100, 100), 11);
        // Never an empty column, whatever the count.
        for count in 2..300 {
            let c = auto_columns(count, 100, 115) as usize;
            assert!(count.div_ceil(c) * (c - 1) < count, "{count}: {c}");
        }
    }

    #[test]
    fn layout_places_slots_without_overlap() {
        let font = Font::bundled();
        let opts = SheetOptions {
            columns: Some(3),
            title: Some("t".into()),
            width: None,
            fit: None,
        };
        let l = SheetLayout::new(7, 80, 80, &opts, &font).unwrap();
        assert_eq!((l.columns(), l.rows()), (3, 3));
        for i in 0..7 {
            let b = l.board_rect(i);
            assert!(b.x + b.width <= l.width() && b.y + b.height <= l.height());
            assert!(b.y >= l.title_rect().height);
            for j in 0..i {
                assert!(b.intersect(&l.board_rect(j)).is_empty());
                assert!(l.label_rect(i).intersect(&l.board_rect(j)).is_empty());
            }
        }
        assert!(SheetLayout::new(0, 80, 80, &opts, &font).is_err());
        let zero = SheetOptions {
            columns: Some(0),
            title: None,
            width: None,
            fit: None,
        };
        assert!(SheetLayout::new(3, 80, 80, &zero, &font).is_err());
        // A title wider than one small board widens the sheet; the board is centred under it.
        let titled = SheetOptions {
            columns: None,
            title: Some("1 solution of the 1-queens problem".into()),
            width: None,
            fit: None,
        };
        let one = SheetLayout::new(1, 20, 20, &titled, &font).unwrap();
        let b = one.board_rect(0);
        assert!(one.width() > 100, "{}", one.width());
        assert!((b.x as i64 * 2 + 20 - one.width() as i64).abs() <= 1);
        assert!(SheetLayout::new(100_000, 4000, 4000, &SheetOptions::default(), &font).is_err());
    }
}
