//! The weight of every square of the empty board: its number of knight moves, the count the textbook
//! report computes first ("each square's weight, the number of directions it can still go") and
//! Warnsdorff's rule compares.

use super::{check_sides, KnightProblem, MOVES};
use crate::{Result, Square};

/// The number of knight moves from every square of an empty `rows` x `cols` board (2 3 4 4 4 4 3 2
/// on the first row of 8 x 8), computed per square on demand, so no board is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightDegrees {
    rows: u32,
    cols: u32,
}

impl KnightDegrees {
    /// The degrees of a `rows` x `cols` board; each side must be in `1..=MAX_SIDE`.
    pub fn new(rows: u32, cols: u32) -> Result<Self> {
        check_sides(rows, cols)?;
        Ok(KnightDegrees { rows, cols })
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The knight moves from `sq` that stay on the board (0 for a square off the board).
    pub fn at(&self, sq: Square) -> u32 {
        if sq.row >= self.rows || sq.col >= self.cols {
            return 0;
        }
        MOVES
            .iter()
            .filter(|&&(dr, dc)| {
                let r = sq.row.checked_add_signed(dr).filter(|&r| r < self.rows);
                let c = sq.col.checked_add_signed(dc).filter(|&c| c < self.cols);
                r.is_some() && c.is_some()
            })
            .count() as u32
    }

    /// The degrees of row `row`, left to right.
    pub fn row(&self, row: u32) -> impl ExactSizeIterator<Item = u32> + '_ {
        (0..self.cols).map(move |col| self.at(Square::new(row, col)))
    }
}

impl KnightProblem {
    /// The degrees of this problem's empty board.
    pub fn degrees(&self) -> KnightDegrees {
        KnightDegrees {
            rows: self.rows,
            cols: self.cols,
        }
    }
}
