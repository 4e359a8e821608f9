//! The three solvers. Pure: no pixels, no files; each exposes its step trace lazily.
//!
//! - [`tromino`]: defective-chessboard tiling by divide and conquer, textbook numbering.
//! - [`queens`]: N-queens backtracking, column by column, rows tried 1..N.
//! - [`knight`]: knight's tour by Warnsdorff's rule with explicit-stack backtracking.

pub mod knight;
pub mod queens;
pub mod tromino;

/// A number of events known without counting them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KnownEvents {
    /// Exactly this many.
    Exactly(u64),
    /// At least this many (more than any budget a caller would play through).
    AtLeast(u64),
}
