//! Warnsdorff's ranking: the free targets of the current square, fewest onward moves first, then
//! the strategy's tie-break, then the textbook's move order.

use super::cells::{DEGREE_SHIFT, STEP_MASK};
use super::{Search, TieBreak};
use crate::solve::knight::MOVES;

/// The at most eight free targets of a square, ranked.
pub(super) struct Candidates {
    /// Per move of [`MOVES`]: `u64::MAX` if its target is taken or off the board, else the sort key
    /// shifted left by 3 with the move index below, so that keys are distinct and ties go by move
    /// order.
    pub(super) keys: [u64; 8],
    pub(super) len: usize,
    /// How many of them have no free neighbour.
    pub(super) zeros: u32,
    /// How many of them have exactly one free neighbour.
    pub(super) ones: u32,
}

impl Candidates {
    /// The move of the `k`-th best candidate (`k < len`).
    pub(super) fn nth(&self, k: usize) -> usize {
        let key = if k == 0 {
            // The forward path only ever needs the best: skip the sort.
            self.keys.iter().copied().min().unwrap_or(u64::MAX)
        } else {
            let mut sorted = self.keys;
            sorted.sort_unstable();
            sorted[k]
        };
        (key & 7) as usize
    }

    /// The moves to free targets, in move order.
    pub(super) fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(|&m| self.keys[m] != u64::MAX)
    }
}

impl Search {
    /// The free knight targets of the current square, ranked: fewest onward moves, then the
    /// tie-break, then the textbook's move order.
    pub(super) fn candidates(&self) -> Candidates {
        let mut out = Candidates {
            keys: [u64::MAX; 8],
            len: 0,
            zeros: 0,
            ones: 0,
        };
        let (row, col) = (i64::from(self.current.row), i64::from(self.current.col));
        for (m, (&off, &(dr, dc))) in self.offsets.iter().zip(&MOVES).enumerate() {
            let cell = self.cells[self.current_index.wrapping_add_signed(off)];
            if cell & STEP_MASK != 0 {
                continue;
            }
            let degree = cell >> DEGREE_SHIFT;
            out.zeros += u32::from(degree == 0);
            out.ones += u32::from(degree == 1);
            out.len += 1;
            let key = self.key(degree, row + i64::from(dr), col + i64::from(dc));
            out.keys[m] = key << 3 | m as u64;
        }
        out
    }

    /// Sort key of a free candidate with `degree` free neighbours at row `r`, column `c`: smaller is
    /// tried first.
    fn key(&self, degree: u32, r: i64, c: i64) -> u64 {
        let mut degree = u64::from(degree);
        if self.closed && self.attacks_start(r, c) {
            // For a closed tour the start is the final exit of its neighbours; counting it keeps them
            // from being used up early.
            degree += 1;
        }
        match self.strategy.tie {
            TieBreak::SeedOrder => degree,
            TieBreak::FarFromCentre => {
                // Doubled coordinates keep the centre of an even board on the integer grid.
                let dr = 2 * r - (i64::from(self.rows) - 1);
                let dc = 2 * c - (i64::from(self.cols) - 1);
                let far = (dr * dr + dc * dc) as u64;
                (degree << 40) | ((1u64 << 40) - 1 - far)
            }
            TieBreak::FarFromStart => {
                let dr = r - i64::from(self.start.row);
                let dc = c - i64::from(self.start.col);
                let far = (dr * dr + dc * dc) as u64;
                (degree << 40) | ((1u64 << 40) - 1 - far)
            }
        }
    }
}
