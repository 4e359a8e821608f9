//! The three solvers. Pure: no pixels, no files; each exposes its step trace lazily.
//!
//! - [`tromino`]: defective-chessboard tiling by divide and conquer, textbook numbering.
//! - [`queens`]: N-queens backtracking, column by column, rows tried 1..N.
//! - [`knight`]: knight's tour by Warnsdorff's rule with explicit-stack backtracking.

pub mod knight;
pub mod queens;
pub mod tromino;
