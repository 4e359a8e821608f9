//! The backtracking search as the Turbo C program's `try` makes it, replayed lazily.

use super::{check_n, QueensEvent, Solution, MAX_N};
use crate::Result;

/// What the search does on the next call to `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Try the next free row in the current column, or backtrack.
    Search,
    /// The last column was just filled: report the solution.
    SolutionDue,
    /// The solution was reported: take the last queen off.
    RemoveDue,
    /// Every row of column 1 has been tried.
    Done,
}

/// The backtracking search as a lazy iterator of [`QueensEvent`]s.
///
/// The explicit stack is the placed queens plus, per column, the next row to try, so memory is `O(n)`
/// and every event costs `O(n)` at most. For n = 8: 2056 placements, 2056 removals, 92 solutions.
#[derive(Clone, Debug)]
pub struct QueensSearch {
    n: u32,
    /// Rows (1-based) of the queens in columns 1..=len.
    placed: Vec<u8>,
    /// `next_row[c]`: the next row to try in 0-based column c (meaningful for c <= placed.len()).
    next_row: Vec<u32>,
    used_rows: u64,
    /// Diagonals by `col + row` (0-based) and by `col - row + n - 1`.
    used_sum: u64,
    used_diff: u64,
    phase: Phase,
    found: u64,
}

/// A lazy backtracking search on an n x n board, 1 <= n <= [`MAX_N`].
pub fn search(n: u32) -> Result<QueensSearch> {
    check_n(n, MAX_N, "the search")?;
    let mut next_row = vec![0; n as usize + 1];
    next_row[0] = 1;
    Ok(QueensSearch {
        n,
        placed: Vec::with_capacity(n as usize),
        next_row,
        used_rows: 0,
        used_sum: 0,
        used_diff: 0,
        phase: Phase::Search,
        found: 0,
    })
}

impl QueensSearch {
    /// Bits of the row and the two diagonals through 0-based (col, row).
    fn masks(&self, col: u32, row: u32) -> (u64, u64, u64) {
        (1 << row, 1 << (col + row), 1 << (col + self.n - 1 - row))
    }

    fn toggle(&mut self, col: u32, row: u32) {
        let (r, s, d) = self.masks(col, row);
        self.used_rows ^= r;
        self.used_sum ^= s;
        self.used_diff ^= d;
    }

    /// Takes the last queen off and reports it.
    fn remove_last(&mut self) -> Option<QueensEvent> {
        let row = u32::from(self.placed.pop()?);
        let col = self.placed.len() as u32;
        self.toggle(col, row - 1);
        Some(QueensEvent::Remove { col: col + 1, row })
    }
}

impl Iterator for QueensSearch {
    type Item = QueensEvent;

    fn next(&mut self) -> Option<QueensEvent> {
        match self.phase {
            Phase::Done => None,
            Phase::SolutionDue => {
                self.found += 1;
                self.phase = Phase::RemoveDue;
                Some(QueensEvent::Solution {
                    index: self.found,
                    solution: Solution::from_valid_rows(self.placed.clone()),
                })
            }
            Phase::RemoveDue => {
                self.phase = Phase::Search;
                self.remove_last()
            }
            Phase::Search => {
                let col = self.placed.len() as u32;
                let first = self.next_row[col as usize];
                for row in first..=self.n {
                    let (r, s, d) = self.masks(col, row - 1);
                    if (self.used_rows & r) | (self.used_sum & s) | (self.used_diff & d) != 0 {
                        continue;
                    }
                    self.toggle(col, row - 1);
                    self.placed.push(row as u8);
                    self.next_row[col as usize] = row + 1;
                    if col + 1 == self.n {
                        self.phase = Phase::SolutionDue;
                    } else {
                        self.next_row[col as usize + 1] = 1;
                    }
                    return Some(QueensEvent::Place { col: col + 1, row });
                }
                // Column exhausted: back up to the previous column, which resumes at its next row.
                let event = self.remove_last();
                if event.is_none() {
                    self.phase = Phase::Done;
                }
                event
            }
        }
    }
}

/// All solutions on an n x n board (1 <= n <= [`MAX_N`]) in lexicographic order, lazily.
pub fn solutions(n: u32) -> Result<impl Iterator<Item = Solution>> {
    Ok(search(n)?.filter_map(|event| match event {
        QueensEvent::Solution { solution, .. } => Some(solution),
        _ => None,
    }))
}
