//! Queens placed by hand: any number of queens, one per column at most, that may attack each other;
//! the pairs that do; and where a complete solution stands in the search's (lexicographic) order.

use rayon::prelude::*;

use super::{Solution, MAX_N};
use crate::{Error, InvalidKind, Result};

/// The largest board whose solutions [`solution_index`] numbers (a quick count: the count of 14 queens
/// walks about 27 million nodes).
pub const MAX_INDEX_N: u32 = 14;

/// Queens on an n x n board in the Turbo C program's coordinates: for each column (1-based, left to
/// right) the row of its queen (1-based, from the bottom), 0 for an empty column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueensPosition {
    rows: Vec<u32>,
}

impl QueensPosition {
    /// A position from its rows (`rows[c - 1]` = row of the queen in column `c`, 0 = none); refuses a
    /// board outside 1..=[`MAX_N`] and rows outside 0..=n.
    pub fn new(rows: Vec<u32>) -> Result<QueensPosition> {
        let n = rows.len();
        if n == 0 || n > MAX_N as usize {
            return Err(Error::invalid(
                InvalidKind::BoardSize,
                format!("a queens board needs 1 to {MAX_N} columns, got {n}"),
            ));
        }
        if let Some((c, &r)) = rows.iter().enumerate().find(|&(_, &r)| r as usize > n) {
            return Err(Error::invalid(
                InvalidKind::Position,
                format!("row {r} of column {} is outside 1..={n}", c + 1),
            ));
        }
        Ok(QueensPosition { rows })
    }

    /// The board size.
    pub fn n(&self) -> u32 {
        self.rows.len() as u32
    }

    /// The row of each column's queen, 0 for none.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// How many queens stand on the board.
    pub fn queens(&self) -> usize {
        self.rows.iter().filter(|&&r| r != 0).count()
    }

    /// Every pair of queens on a common row or diagonal, as (column, column), 1-based, in order. As
    /// in the search, a queen between two others does not shield them: three queens on one line
    /// make three pairs.
    pub fn attacking_pairs(&self) -> Vec<(u32, u32)> {
        let mut pairs = Vec::new();
        for (a, &ra) in self.rows.iter().enumerate() {
            for (b, &rb) in self.rows.iter().enumerate().skip(a + 1) {
                if ra != 0 && rb != 0 && (ra == rb || ra.abs_diff(rb) as usize == b - a) {
                    pairs.push((a as u32 + 1, b as u32 + 1));
                }
            }
        }
        pairs
    }

    /// The position as a solution, when it is one (n queens, none attacking another).
    pub fn solution(&self) -> Option<Solution> {
        let rows: Vec<u8> = self
            .rows
            .iter()
            .map(|&r| u8::try_from(r).ok().filter(|&r| r != 0))
            .collect::<Option<_>>()?;
        Solution::new(rows).ok()
    }
}

impl From<&Solution> for QueensPosition {
    fn from(s: &Solution) -> QueensPosition {
        QueensPosition {
            rows: s.rows().iter().map(|&r| u32::from(r)).collect(),
        }
    }
}

/// The 1-based number of `solution` in the search's order (lexicographic), as its
/// `Solution` event numbers it, for boards up to [`MAX_INDEX_N`]. Counts, for every column, the solutions
/// that agree before it and have a lower row in it, with a bitboard search in parallel.
pub fn solution_index(solution: &Solution) -> Result<u64> {
    let n = solution.n();
    if n > MAX_INDEX_N {
        let message = format!(
            "numbering a solution of {n} queens would take too long (up to {MAX_INDEX_N} queens)"
        );
        return Err(Error::invalid(InvalidKind::BoardSize, message));
    }
    let mask = (1u64 << n) - 1;
    let (mut down, mut left, mut right) = (0u64, 0u64, 0u64);
    let mut earlier = Vec::new();
    for &row in solution.rows() {
        let bit = 1u64 << (row - 1);
        let mut free = mask & !(down | left | right) & (bit - 1);
        while free != 0 {
            let b = free & free.wrapping_neg();
            free ^= b;
            earlier.push(Board {
                mask,
                down: down | b,
                left: ((left | b) << 1) & mask,
                right: (right | b) >> 1,
            });
        }
        down |= bit;
        left = ((left | bit) << 1) & mask;
        right = (right | bit) >> 1;
    }
    Ok(1 + earlier.into_par_iter().map(Board::completions).sum::<u64>())
}

/// A partly filled board in bitboard form: rows taken, and rows the diagonals attack in the next
/// column.
#[derive(Clone, Copy)]
struct Board {
    mask: u64,
    down: u64,
    left: u64,
    right: u64,
}

impl Board {
    /// The number of ways to fill the remaining columns.
    fn completions(self) -> u64 {
        if self.down == self.mask {
            return 1;
        }
        let mut free = self.mask & !(self.down | self.left | self.right);
        let mut total = 0;
        while free != 0 {
            let b = free & free.wrapping_neg();
            free ^= b;
            total += Board {
                mask: self.mask,
                down: self.down | b,
                left: ((self.left | b) << 1) & self.mask,
                right: (self.right | b) >> 1,
            }
            .completions();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::queens::solutions;

    #[test]
    fn every_solution_is_numbered_as_the_search_finds_it() {
        for n in [1, 4, 5, 6, 8] {
            for (i, s) in solutions(n).unwrap().enumerate() {
                assert_eq!(solution_index(&s).unwrap(), i as u64 + 1, "{n}: {s}");
            }
        }
    }

    #[test]
    fn pairs_and_solutions() {
        let p = QueensPosition::new(vec![1, 2, 0, 1]).unwrap();
        assert_eq!(p.attacking_pairs(), vec![(1, 2), (1, 4)]);
        assert_eq!(p.queens(), 3);
        assert!(p.solution().is_none());
        let s = QueensPosition::new(vec![2, 4, 1, 3]).unwrap();
        assert!(s.attacking_pairs().is_empty());
        assert_eq!(s.solution().unwrap().to_string(), "2413");
        assert!(QueensPosition::new(vec![5, 0, 0, 0]).is_err());
    }
}
