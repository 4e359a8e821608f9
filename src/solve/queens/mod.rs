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

pub mod position;
pub mod symmetry;

use std::fmt;
use std::str::FromStr;

use rayon::prelude::*;

use crate::{Error, Result};

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
/// Counted without enumerating, by the symmetry-pruned bitboard search described at [`ClassCounts`].
pub fn count(n: u32) -> Result<u64> {
    Ok(count_classes(n)?.total())
}

/// The number of solutions up to rotation and reflection, 1 <= n <= [`MAX_COUNT_N`] (OEIS A002562).
///
/// Burnside's lemma over the 8 symmetries of the square says the number of classes is
/// `(T + 2 F90 + F180) / 8` (reflections fix no solution for n > 1: a queen would share a line with its
/// own image). The search behind [`count`] already sorts each class representative by its symmetry, so
/// this costs the same single pass; the unit tests check it against Burnside with separately counted
/// rotation-fixed solutions.
pub fn count_unique(n: u32) -> Result<u64> {
    Ok(count_classes(n)?.unique())
}

/// Symmetry classes of N-queens solutions, counted by the size of the class.
///
/// Found by Takaken's algorithm: a bitboard backtracking search (rows as bits, one recursion level per
/// column) that only enters placements which can be the lexicographically first member of their class,
/// then checks the three rotations at the leaves. A class has 2 members when the solution is fixed by a
/// quarter turn, 4 when fixed only by a half turn, 8 otherwise. Measured against searching half of the
/// first column and doubling (plain mirror symmetry) it visits about half as many nodes, and it yields the
/// class counts for free. The subtrees below the first two or three placements run in parallel on rayon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    /// Classes of 2 (fixed by the quarter turn).
    pub of_two: u64,
    /// Classes of 4 (fixed by the half turn but not the quarter turn).
    pub of_four: u64,
    /// Classes of 8 (no symmetry); n = 1's single solution is counted here with a class of 1, see
    /// [`ClassCounts::total`].
    pub of_eight: u64,
    /// Board size, needed to special-case n = 1.
    n: u32,
}

impl ClassCounts {
    /// Number of solutions.
    pub fn total(&self) -> u64 {
        if self.n == 1 {
            return self.of_eight;
        }
        2 * self.of_two + 4 * self.of_four + 8 * self.of_eight
    }

    /// Number of classes (fundamental solutions).
    pub fn unique(&self) -> u64 {
        self.of_two + self.of_four + self.of_eight
    }

    fn add(self, other: ClassCounts) -> ClassCounts {
        ClassCounts {
            of_two: self.of_two + other.of_two,
            of_four: self.of_four + other.of_four,
            of_eight: self.of_eight + other.of_eight,
            n: self.n,
        }
    }
}

/// Solutions and symmetry classes of an n x n board, 1 <= n <= [`MAX_COUNT_N`]; see [`ClassCounts`].
pub fn count_classes(n: u32) -> Result<ClassCounts> {
    check_n(n, MAX_COUNT_N, "counting (larger boards take hours)")?;
    let empty = ClassCounts {
        n,
        ..ClassCounts::default()
    };
    match n {
        1 => {
            return Ok(ClassCounts {
                of_eight: 1,
                ..empty
            })
        }
        // The pruning below assumes a board with room for its corner and side cases.
        2 | 3 => return Ok(empty),
        _ => {}
    }
    let tasks = takaken::tasks(n);
    Ok(tasks
        .into_par_iter()
        .map(|mut task| task.run(empty))
        .reduce(|| empty, ClassCounts::add))
}

/// Takaken's symmetry-pruned N-queens counter (see [`ClassCounts`]).
///
/// The board is searched row by row here (bit i of `board[y]` is the queen's column in row y); counting
/// is independent of that orientation. Two cases:
/// - the row-0 queen in a corner: such a solution has no rotational symmetry (its rotated corner queens
///   would attack each other along the diagonal), so it counts in the classes of 8; forbidding column 1
///   above row `bound1` keeps only the diagonal mirror image that is first;
/// - otherwise the row-0 queen stays in the left half (`bound1 < bound2`), queens near the edges are kept
///   off the corner-side columns (`sidemask`, `lastmask`) so no rotation of the board could be smaller, and
///   the leaf checks the rotations by 90, 180 and 270 degrees explicitly.
mod takaken {
    use super::ClassCounts;

    /// The state of one search subtree.
    #[derive(Clone, Debug)]
    pub(super) struct Task {
        last_row: usize,
        mask: u32,
        top_bit: u32,
        end_bit: u32,
        side_mask: u32,
        last_mask: u32,
        bound1: usize,
        bound2: usize,
        corner: bool,
        board: [u32; 32],
        // Where the subtree starts: the row and the columns/diagonals attacking it.
        row: usize,
        left: u32,
        down: u32,
        right: u32,
    }

    /// The subtrees to search, split a few rows deep so that two cores share the work evenly.
    pub(super) fn tasks(n: u32) -> Vec<Task> {
        let n = n as usize;
        let last_row = n - 1;
        let top_bit = 1u32 << last_row;
        let base = Task {
            last_row,
            mask: (1u32 << n) - 1,
            top_bit,
            end_bit: top_bit >> 1,
            side_mask: top_bit | 1,
            last_mask: top_bit | 1,
            bound1: 0,
            bound2: 0,
            corner: true,
            board: [0; 32],
            row: 0,
            left: 0,
            down: 0,
            right: 0,
        };
        let mut roots = Vec::new();
        // Row-0 queen in the corner; the row-1 queen (column bound1) fixes the branch.
        for bound1 in 2..last_row {
            let bit = 1u32 << bound1;
            let mut t = base.clone();
            t.bound1 = bound1;
            t.board[0] = 1;
            t.board[1] = bit;
            t.row = 2;
            t.left = (2 | bit) << 1;
            t.down = 1 | bit;
            t.right = bit >> 1;
            roots.push(t);
        }
        // Row-0 queen at column bound1 < bound2 = n - 1 - bound1; the edge masks widen with bound1.
        let (mut bound1, mut bound2) = (1, n - 2);
        let (mut last_mask, mut end_bit) = (top_bit | 1, top_bit >> 1);
        while bound1 < bound2 {
            let bit = 1u32 << bound1;
            let mut t = base.clone();
            t.corner = false;
            t.bound1 = bound1;
            t.bound2 = bound2;
            t.last_mask = last_mask;
            t.end_bit = end_bit;
            t.board[0] = bit;
            t.row = 1;
            t.left = bit << 1;
            t.down = bit;
            t.right = bit >> 1;
            roots.push(t);
            last_mask |= last_mask >> 1 | last_mask << 1;
            end_bit >>= 1;
            bound1 += 1;
            bound2 -= 1;
        }
        let mut out = Vec::new();
        for root in roots {
            root.split(2, &mut out);
        }
        out
    }

    impl Task {
        /// Columns the queen of `self.row` may take, after the symmetry pruning; `None` at the last row.
        fn allowed(&self) -> Option<u32> {
            if self.row == self.last_row {
                return None;
            }
            let free = self.mask & !(self.left | self.down | self.right);
            Some(self.prune(self.row, self.down, free))
        }

        /// Removes the columns of row `y` (not the last) that no class-first solution can use.
        #[inline(always)]
        fn prune(&self, y: usize, down: u32, mut bitmap: u32) -> u32 {
            if self.corner {
                // Column 1 above row bound1 would make the diagonal mirror image smaller.
                if y < self.bound1 {
                    bitmap &= !2;
                }
            } else if y < self.bound1 {
                bitmap &= !self.side_mask;
            } else if y == self.bound2 {
                // Row bound2 must leave exactly the edge columns not yet taken to the rotations' images.
                if down & self.side_mask == 0 {
                    return 0;
                }
                if down & self.side_mask != self.side_mask {
                    bitmap &= self.side_mask;
                }
            }
            bitmap
        }

        /// The task for the subtree below placing a queen at `bit` in the current row.
        fn child(&self, bit: u32) -> Task {
            let mut t = self.clone();
            t.board[self.row] = bit;
            t.row += 1;
            t.left = (self.left | bit) << 1;
            t.down = self.down | bit;
            t.right = (self.right | bit) >> 1;
            t
        }

        /// Pushes the subtrees `levels` rows further down (or this one, at the last row).
        fn split(self, levels: u32, out: &mut Vec<Task>) {
            match self.allowed() {
                Some(mut bitmap) if levels > 0 => {
                    while bitmap != 0 {
                        let bit = bitmap & bitmap.wrapping_neg();
                        bitmap ^= bit;
                        self.child(bit).split(levels - 1, out);
                    }
                }
                _ => out.push(self),
            }
        }

        /// Counts the classes in this subtree.
        pub(super) fn run(&mut self, counts: ClassCounts) -> ClassCounts {
            let mut counts = counts;
            let (row, left, down, right) = (self.row, self.left, self.down, self.right);
            self.search(row, left, down, right, &mut counts);
            counts
        }

        fn search(&mut self, y: usize, left: u32, down: u32, right: u32, counts: &mut ClassCounts) {
            let mut bitmap = self.mask & !(left | down | right);
            if y == self.last_row {
                if bitmap == 0 {
                    return;
                }
                self.board[y] = bitmap;
                if self.corner {
                    counts.of_eight += 1;
                } else if bitmap & self.last_mask == 0 {
                    self.classify(counts);
                }
                return;
            }
            bitmap = self.prune(y, down, bitmap);
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                self.board[y] = bit;
                self.search(
                    y + 1,
                    (left | bit) << 1,
                    down | bit,
                    (right | bit) >> 1,
                    counts,
                );
            }
        }

        /// At a leaf: compares the board with its rotations (row by row, as numbers) and either rejects it
        /// (a rotation is smaller, so another leaf represents the class) or counts its class by size.
        fn classify(&self, counts: &mut ClassCounts) {
            let b = &self.board;
            let last = self.last_row;
            // Quarter turn: only possible when the bound2 row's queen sits in column 0.
            if b[self.bound2] == 1 {
                let (mut own, mut ptn) = (1, 2u32);
                while own <= last {
                    let (mut bit, mut you) = (1u32, last);
                    while b[you] != ptn && b[own] >= bit {
                        bit <<= 1;
                        you -= 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    ptn <<= 1;
                }
                if own > last {
                    counts.of_two += 1;
                    return;
                }
            }
            // Half turn: only possible when the last row mirrors row 0.
            if b[last] == self.end_bit {
                let (mut own, mut you) = (1, last - 1);
                while own <= last {
                    let (mut bit, mut ptn) = (1u32, self.top_bit);
                    while ptn != b[you] && b[own] >= bit {
                        bit <<= 1;
                        ptn >>= 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    you = you.wrapping_sub(1);
                }
                if own > last {
                    counts.of_four += 1;
                    return;
                }
            }
            // Three quarter turns.
            if b[self.bound1] == self.top_bit {
                let (mut own, mut ptn) = (1, self.top_bit >> 1);
                while own <= last {
                    let (mut bit, mut you) = (1u32, 0);
                    while b[you] != ptn && b[own] >= bit {
                        bit <<= 1;
                        you += 1;
                    }
                    if b[own] > bit {
                        return;
                    }
                    if b[own] < bit {
                        break;
                    }
                    own += 1;
                    ptn >>= 1;
                }
            }
            counts.of_eight += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Independent of Takaken's search: solutions fixed by a rotation, built orbit by orbit, for
    // checking count_unique against Burnside's lemma.
    /// A rotation whose fixed solutions `count_rotation_fixed` counts.
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

    #[test]
    fn unique_counts_satisfy_burnside() {
        for n in 2..=13u32 {
            let classes = count_classes(n).unwrap();
            let burnside = classes.total()
                + 2 * count_rotation_fixed(n, Turn::Quarter)
                + count_rotation_fixed(n, Turn::Half);
            assert_eq!(burnside % 8, 0, "n = {n}");
            assert_eq!(classes.unique(), burnside / 8, "n = {n}");
            // Class sizes agree with the fixed-point counts: each class of 2 holds 2 quarter-turn-fixed
            // solutions, and half-turn-fixed solutions fill the classes of 2 and 4.
            assert_eq!(
                2 * classes.of_two,
                count_rotation_fixed(n, Turn::Quarter),
                "n = {n}"
            );
            assert_eq!(
                2 * classes.of_two + 4 * classes.of_four,
                count_rotation_fixed(n, Turn::Half),
                "n = {n}"
            );
        }
    }
}
