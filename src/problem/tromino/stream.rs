//! Rows of a tiled board for streaming renderers, computed on demand in `O(side)` each.
//!
//! A [`TrominoRows`] gives, for one board row, each cell's fill (the caller's index for the cell's
//! colour class from [`tromino_color`](crate::solve::tromino::rows)) and its region id (the tile
//! number, 0 for the special square), so a renderer can outline tiles where neighbouring numbers
//! differ. It holds no board: a 32768 x 32768 tiling is served one row at a time.

use crate::solve::tromino::rows::{row_colors_and_tiles, COLORS, SPECIAL_COLOR};
use crate::solve::tromino::TrominoProblem;

/// A row source for a tiled board.
#[derive(Clone, Debug)]
pub struct TrominoRows {
    problem: TrominoProblem,
    /// Fill for each colour class, the special square's at [`SPECIAL_COLOR`]; a full byte range so
    /// the lookup needs no bounds check in the row loop.
    fills: [u8; 256],
}

impl TrominoRows {
    /// Rows of `problem`'s tiling, tiles of colour class `i` filled with `tile_fills[i]` and the
    /// special square with `special_fill` (fill values are whatever the renderer uses, typically
    /// palette indices).
    pub fn new(problem: &TrominoProblem, tile_fills: [u8; COLORS], special_fill: u8) -> Self {
        let mut fills = [special_fill; 256];
        fills[..COLORS].copy_from_slice(&tile_fills);
        fills[usize::from(SPECIAL_COLOR)] = special_fill;
        TrominoRows {
            problem: *problem,
            fills,
        }
    }

    /// Writes the fill and tile number of every cell of row `r`.
    ///
    /// # Panics
    /// If `r` is not a row of the board or a slice's length differs from the side.
    pub fn fill_row(&self, r: u32, fills: &mut [u8], tiles: &mut [u32]) {
        row_colors_and_tiles(&self.problem, r, fills, tiles);
        for f in fills.iter_mut() {
            *f = self.fills[usize::from(*f)];
        }
    }
}
