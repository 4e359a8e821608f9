//! N-queens by backtracking, column by column, exactly as the Turbo C program's `try` does it.
//!
//! Coordinates are the Turbo C program's: column `i` is 1-based from the left, row `j` is 1-based from
//! the **bottom**. A [`Solution`] lists, for columns 1..=n, the row of the column's queen; its notation is
//! the digits concatenated for n <= 9 (`15863724`) and space-separated numbers above.
//!
//! - [`search`] replays the backtracking lazily as [`QueensEvent`]s (place, solution, remove), with an
//!   explicit stack; [`solutions`] keeps only the solutions, in lexicographic order.
//! - [`count`], [`count_unique`] and [`count_classes`] count without enumerating: a bitboard search
//!   pruned by the board's eight symmetries, in parallel with rayon. The classes themselves (which
//!   solution belongs with which) live in [`crate::solve::queens::symmetry`].

mod count;
mod events;
mod known;
pub mod position;
mod search;
pub mod symmetry;

use std::fmt;
use std::str::FromStr;

use crate::{Error, InvalidKind, Result};

pub use count::{count, count_classes, count_classes_with, count_unique, ClassCounts};
pub use events::{search_events, KnownEvents};
pub use known::{known_count, known_unique_count, MAX_KNOWN_N};
pub use search::{search, solutions, QueensSearch};

/// The largest board [`search`] and [`Solution`] accept (rows fit in `u8`, diagonals in a `u64` mask).
pub const MAX_N: u32 = 32;

/// The largest board [`count`], [`count_unique`] and [`count_classes`] accept, because of time: the work
/// grows about 7x per step. Measured (release, CPU seconds summed over threads): n = 16 about 2 s,
/// n = 17 about 16 s; n = 20 (39 029 188 884 solutions) would need well over an hour of CPU, and larger
/// boards would not finish in reasonable time.
pub const MAX_COUNT_N: u32 = 20;

/// One N-queens solution: the row (1-based, from the bottom) of the queen in each column 1..=n.
///
/// Ordering is lexicographic on the rows, which is the order [`search`] finds solutions in.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    rows: Vec<u8>,
}

impl Solution {
    /// A solution from its rows (`rows[c - 1]` = row of the queen in column `c`); refuses anything that is
    /// not a placement of n non-attacking queens on an n x n board, 1 <= n <= [`MAX_N`].
    pub fn new(rows: Vec<u8>) -> Result<Self> {
        let n = rows.len();
        if n == 0 || n > MAX_N as usize {
            return Err(Error::invalid(
                InvalidKind::BoardSize,
                format!("a queens solution needs 1 to {MAX_N} columns, got {n}"),
            ));
        }
        if let Some((c, &r)) = rows
            .iter()
            .enumerate()
            .find(|&(_, &r)| r == 0 || usize::from(r) > n)
        {
            return Err(Error::invalid(
                InvalidKind::Position,
                format!("row {r} of column {} is outside 1..={n}", c + 1),
            ));
        }
        if let Some((a, b)) = first_attack(&rows) {
            return Err(Error::invalid(
                InvalidKind::Position,
                format!(
                    "queens in columns {} and {} attack each other",
                    a + 1,
                    b + 1
                ),
            ));
        }
        Ok(Solution { rows })
    }

    /// The board size n (number of columns and of queens).
    pub fn n(&self) -> u32 {
        self.rows.len() as u32
    }

    /// `rows()[c - 1]` is the row (1-based, from the bottom) of the queen in column `c`.
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// Whether the queens are non-attacking; always true for a value built by [`Solution::new`] or
    /// [`FromStr`], kept as an independent check for tests and for the symmetry code.
    pub fn is_valid(&self) -> bool {
        let n = self.rows.len();
        n > 0
            && self.rows.iter().all(|&r| r >= 1 && usize::from(r) <= n)
            && first_attack(&self.rows).is_none()
    }

    /// Wraps rows known to be valid (produced by the search or by a symmetry of a valid solution).
    pub(crate) fn from_valid_rows(rows: Vec<u8>) -> Self {
        debug_assert!(first_attack(&rows).is_none());
        Solution { rows }
    }
}

/// The first pair of columns (0-based) whose queens share a row or a diagonal.
fn first_attack(rows: &[u8]) -> Option<(usize, usize)> {
    for a in 0..rows.len() {
        for b in a + 1..rows.len() {
            let dr = (i32::from(rows[a]) - i32::from(rows[b])).unsigned_abs() as usize;
            if dr == 0 || dr == b - a {
                return Some((a, b));
            }
        }
    }
    None
}

impl fmt::Display for Solution {
    /// `15863724` for n <= 9; `1 3 6 8 10 5 9 2 4 7` (single spaces) for n > 9.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.rows.len() > 9 { " " } else { "" };
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl FromStr for Solution {
    type Err = Error;

    /// Parses the [`Display`](fmt::Display) notation: whitespace-separated rows, or (for n <= 9)
    /// concatenated digits.
    fn from_str(s: &str) -> Result<Self> {
        let s = s.trim();
        let rows: Vec<u8> = if s.contains(char::is_whitespace) {
            s.split_whitespace()
                .map(|t| {
                    t.parse::<u8>().map_err(|_| {
                        Error::invalid(InvalidKind::Position, format!("'{t}' is not a row number"))
                    })
                })
                .collect::<Result<_>>()?
        } else {
            if s.chars().count() > 9 {
                return Err(Error::invalid(
                    InvalidKind::Position,
                    format!("'{s}': write rows separated by spaces when n > 9"),
                ));
            }
            s.chars()
                .map(|c| {
                    c.to_digit(10).map(|d| d as u8).ok_or_else(|| {
                        Error::invalid(
                            InvalidKind::Position,
                            format!("'{c}' in '{s}' is not a row digit"),
                        )
                    })
                })
                .collect::<Result<_>>()?
        };
        Solution::new(rows)
    }
}

/// One step of the backtracking search, in the Turbo C `try` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueensEvent {
    /// A queen is put on (col, row), both 1-based, row from the bottom.
    Place {
        /// Column, 1-based from the left.
        col: u32,
        /// Row, 1-based from the bottom.
        row: u32,
    },
    /// A queen is taken off (col, row) to try the next row.
    Remove {
        /// Column, 1-based from the left.
        col: u32,
        /// Row, 1-based from the bottom.
        row: u32,
    },
    /// All n queens stand: the `index`-th solution (1-based). Follows the `Place` in column n and
    /// precedes its `Remove`.
    Solution {
        /// 1-based position in the search order.
        index: u64,
        /// The board.
        solution: Solution,
    },
}

pub(super) fn check_n(n: u32, max: u32, what: &str) -> Result<()> {
    if n == 0 || n > max {
        return Err(Error::invalid(
            InvalidKind::BoardSize,
            format!("n must be from 1 to {max} for {what}, got {n}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
