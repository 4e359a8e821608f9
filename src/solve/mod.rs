//! The three solvers. Pure: no pixels, no files; each exposes its step trace lazily.
//!
//! - [`tromino`]: defective-chessboard tiling by divide and conquer, textbook numbering.
//! - [`queens`]: N-queens backtracking, column by column, rows tried 1..N.
//! - [`knight`]: knight's tour by Warnsdorff's rule with explicit-stack backtracking.

pub mod knight;
pub mod queens;
pub mod queens_position;
pub mod symmetry;
pub mod tromino;

/// A square of a board: 0-based, row 0 at the top (the textbook's printed matrices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Row, 0 at the top.
    pub row: u32,
    /// Column, 0 at the left.
    pub col: u32,
}

impl Square {
    /// The square at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Self {
        Square { row, col }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}
