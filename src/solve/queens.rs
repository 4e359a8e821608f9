//! N-queens by backtracking, column by column, exactly as the seed's Turbo C `try` does it.
//!
//! Coordinates are the Turbo C program's: column `i` is 1-based from the left, row `j` is 1-based from
//! the **bottom**. A [`Solution`] lists, for columns 1..=n, the row of the column's queen; its notation is
//! the digits concatenated for n <= 9 (`15863724`) and space-separated numbers above.
//!
//! - [`search`] replays the backtracking lazily as [`QueensEvent`]s (place, solution, remove), with an
//!   explicit stack; [`solutions`] keeps only the solutions, in lexicographic order.
//! - [`count`] and [`count_unique`] count without enumerating: bitboards, mirror symmetry and rayon.
//!   Counting the symmetry classes uses Burnside's lemma; the classes themselves live in
//!   [`crate::solve::symmetry`].

use std::fmt;
use std::str::FromStr;

use rayon::prelude::*;

use crate::{Error, Result};

/// The largest board [`search`] and [`Solution`] accept (rows fit in `u8`, diagonals in a `u64` mask).
pub const MAX_N: u32 = 32;

/// The largest board [`count`] and [`count_unique`] accept. Counting time grows about 6-7x per step:
/// n = 17 takes seconds, n = 20 (39 029 188 884 solutions) already takes on the order of an hour on
/// two cores, and anything larger would not finish in reasonable time.
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
            return Err(Error::invalid(format!(
                "a queens solution needs 1 to {MAX_N} columns, got {n}"
            )));
        }
        if let Some((c, &r)) = rows
            .iter()
            .enumerate()
            .find(|&(_, &r)| r == 0 || usize::from(r) > n)
        {
            return Err(Error::invalid(format!(
                "row {r} of column {} is outside 1..={n}",
                c + 1
            )));
        }
        if let Some((a, b)) = first_attack(&rows) {
            return Err(Error::invalid(format!(
                "queens in columns {} and {} attack each other",
                a + 1,
                b + 1
            )));
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
                    t.parse::<u8>()
                        .map_err(|_| Error::invalid(format!("'{t}' is not a row number")))
                })
                .collect::<Result<_>>()?
        } else {
            if s.chars().count() > 9 {
                return Err(Error::invalid(format!(
                    "'{s}': write rows separated by spaces when n > 9"
                )));
            }
            s.chars()
                .map(|c| {
                    c.to_digit(10)
                        .map(|d| d as u8)
                        .ok_or_else(|| Error::invalid(format!("'{c}' in '{s}' is not a row digit")))
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

fn check_n(n: u32, max: u32, what: &str) -> Result<()> {
    if n == 0 || n > max {
        return Err(Error::invalid(format!(
            "n must be from 1 to {max} for {what}, got {n}"
        )));
    }
    Ok(())
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

/// The number of solutions on an n x n board, 1 <= n <= [`MAX_COUNT_N`] (OEIS A000170).
///
/// Bitboard backtracking; only the lower half of column 1's rows is searched and doubled (the mirror
/// top <-> bottom pairs the rest), with odd n's middle row handled by halving column 2 instead. The
/// placements of the first two columns are counted in parallel with rayon.
pub fn count(n: u32) -> Result<u64> {
    check_n(n, MAX_COUNT_N, "counting (larger boards take hours)")?;
    if n == 1 {
        return Ok(1);
    }
    let all = (1u32 << n) - 1;
    let mut starts = Vec::new();
    let half = n / 2;
    for r1 in 0..n.div_ceil(2) {
        let b1 = 1u32 << r1;
        // With column 1 on the middle row, mirror pairs differ in column 2 instead.
        let r2_limit = if r1 == half { half } else { n };
        let (rows, sum, diff) = (b1, b1 << 1, b1 >> 1);
        for r2 in 0..r2_limit {
            let b2 = 1u32 << r2;
            if b2 & (rows | sum | diff) != 0 {
                continue;
            }
            starts.push((rows | b2, (sum | b2) << 1, (diff | b2) >> 1));
        }
    }
    let total: u64 = starts
        .par_iter()
        .map(|&(rows, sum, diff)| count_from(all, rows, sum, diff))
        .sum();
    Ok(2 * total)
}

/// Completions of a partial placement: `rows` taken, `sum`/`diff` the diagonals attacking the next column.
fn count_from(all: u32, rows: u32, sum: u32, diff: u32) -> u64 {
    if rows == all {
        return 1;
    }
    let mut free = all & !(rows | sum | diff);
    let mut total = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        total += count_from(all, rows | bit, (sum | bit) << 1, (diff | bit) >> 1);
    }
    total
}

/// The number of solutions up to rotation and reflection, 1 <= n <= [`MAX_COUNT_N`] (OEIS A002562).
///
/// Burnside's lemma over the 8 symmetries of the square: `(T + 2 F90 + F180) / 8`, where `T` is
/// [`count`], `F90` the solutions fixed by a quarter turn (also fixed by three quarters) and `F180` those
/// fixed by a half turn. Reflections fix no solution for n > 1 (a queen would share a line with its own
/// image), so they add nothing. The fixed solutions are found by searching whole rotation orbits at a
/// time, which is cheap next to `T`.
pub fn count_unique(n: u32) -> Result<u64> {
    check_n(n, MAX_COUNT_N, "counting (larger boards take hours)")?;
    if n == 1 {
        return Ok(1);
    }
    let total = count(n)?;
    let f90 = count_rotation_fixed(n, Turn::Quarter);
    let f180 = count_rotation_fixed(n, Turn::Half);
    let sum = total + 2 * f90 + f180;
    debug_assert_eq!(sum % 8, 0, "Burnside sum must divide by the group order");
    Ok(sum / 8)
}

/// A rotation whose fixed solutions [`count_rotation_fixed`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    Quarter,
    Half,
}

/// Occupied rows, columns and diagonals while placing whole orbits.
#[derive(Clone, Copy, Debug, Default)]
struct OrbitBoard {
    cols: u64,
    rows: u64,
    sum: u64,
    diff: u64,
}

/// Solutions invariant under `turn`, found by choosing the queen of the first empty column and adding its
/// whole orbit, so each invariant solution is built exactly once.
fn count_rotation_fixed(n: u32, turn: Turn) -> u64 {
    fn orbit(n: u32, turn: Turn, x: u32, y: u32) -> ([(u32, u32); 4], usize) {
        let m = n - 1;
        let mut pts = [(x, y); 4];
        let len = match turn {
            Turn::Half => {
                pts[1] = (m - x, m - y);
                2
            }
            Turn::Quarter => {
                pts[1] = (m - y, x);
                pts[2] = (m - x, m - y);
                pts[3] = (y, m - x);
                4
            }
        };
        (pts, len)
    }

    fn place(n: u32, board: &mut OrbitBoard, x: u32, y: u32) -> bool {
        let (c, r, s, d) = (
            1u64 << x,
            1u64 << y,
            1u64 << (x + y),
            1u64 << (x + n - 1 - y),
        );
        if (board.cols & c) | (board.rows & r) | (board.sum & s) | (board.diff & d) != 0 {
            return false;
        }
        board.cols |= c;
        board.rows |= r;
        board.sum |= s;
        board.diff |= d;
        true
    }

    fn go(n: u32, turn: Turn, board: OrbitBoard) -> u64 {
        let full = (1u64 << n) - 1;
        if board.cols == full {
            return 1;
        }
        let x = (!board.cols).trailing_zeros();
        let mut total = 0;
        for y in 0..n {
            let (pts, len) = orbit(n, turn, x, y);
            let mut next = board;
            let mut ok = true;
            for (i, &(px, py)) in pts[..len].iter().enumerate() {
                // The centre of an odd board is its own orbit; place it once.
                if pts[..i].contains(&(px, py)) {
                    continue;
                }
                if !place(n, &mut next, px, py) {
                    ok = false;
                    break;
                }
            }
            if ok {
                total += go(n, turn, next);
            }
        }
        total
    }

    go(n, turn, OrbitBoard::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_attack_finds_rows_and_diagonals() {
        assert_eq!(first_attack(&[1, 1]), Some((0, 1)));
        assert_eq!(first_attack(&[1, 3, 2]), Some((1, 2)));
        assert_eq!(first_attack(&[2, 4, 1, 3]), None);
    }

    #[test]
    fn rotation_fixed_counts_for_n8() {
        // 92 = 11 classes of 8 + 1 class of 4; the 4-class is fixed by the half turn: 4 solutions.
        assert_eq!(count_rotation_fixed(8, Turn::Half), 4);
        assert_eq!(count_rotation_fixed(8, Turn::Quarter), 0);
        // n = 4: both solutions are fixed by the quarter turn.
        assert_eq!(count_rotation_fixed(4, Turn::Quarter), 2);
        assert_eq!(count_rotation_fixed(5, Turn::Quarter), 2);
    }
}
