//! A finished knight's tour and an independent check of knight paths.

use super::MOVES;
use crate::Square;

/// A finished tour: the step number of every square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightTour {
    pub(super) rows: u32,
    pub(super) cols: u32,
    pub(super) start: Square,
    pub(super) end: Square,
    /// Step numbers, row-major.
    pub(super) steps: Vec<u32>,
    pub(super) retreats: u64,
}

impl KnightTour {
    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The step number (1..=rows*cols) of `sq`; 0 if `sq` is off the board.
    pub fn step_at(&self, sq: Square) -> u32 {
        if sq.row >= self.rows || sq.col >= self.cols {
            return 0;
        }
        self.steps[sq.row as usize * self.cols as usize + sq.col as usize]
    }

    /// The step matrix, row-major (`rows` rows of `cols` numbers), as the seed prints it.
    pub fn steps(&self) -> &[u32] {
        &self.steps
    }

    /// The squares in step order, computed from the step matrix (allocates rows*cols squares; for
    /// huge boards prefer [`KnightTour::squares`]).
    pub fn path(&self) -> Vec<Square> {
        let mut path = vec![Square::new(0, 0); self.steps.len()];
        for (i, &step) in self.steps.iter().enumerate() {
            let sq = Square::new(
                (i / self.cols as usize) as u32,
                (i % self.cols as usize) as u32,
            );
            path[step as usize - 1] = sq;
        }
        path
    }

    /// The squares in step order, found one at a time by following the numbers (no allocation).
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        std::iter::successors(Some(self.start), |&sq| self.next_square(sq))
    }

    /// The first square of the tour.
    pub fn start(&self) -> Square {
        self.start
    }

    /// The last square of the tour.
    pub fn end(&self) -> Square {
        self.end
    }

    /// How many retreats the search needed (with the closed-tour fallback, both searches; clearing
    /// the given-up one is not counted).
    pub fn retreats(&self) -> u64 {
        self.retreats
    }

    /// Whether the last square is a knight move from the first (always false on 1 x 1).
    pub fn is_closed(&self) -> bool {
        is_knight_move(self.start, self.end)
    }

    /// The square after `sq` in the tour, if `sq` is not the last.
    pub(super) fn next_square(&self, sq: Square) -> Option<Square> {
        let step = self.step_at(sq);
        if step as usize >= self.steps.len() {
            return None;
        }
        self.neighbours(sq).find(|&n| self.step_at(n) == step + 1)
    }

    /// This closed tour entered at `start` instead: the same cycle, renumbered so `start` is 1.
    pub(super) fn reentered_at(mut self, start: Square) -> KnightTour {
        let total = self.steps.len() as u32;
        let offset = self.step_at(start) - 1;
        let mut end = 0;
        for (i, step) in self.steps.iter_mut().enumerate() {
            *step = if *step > offset {
                *step - offset
            } else {
                *step + total - offset
            };
            if *step == total {
                end = i;
            }
        }
        let cols = self.cols as usize;
        self.start = start;
        self.end = Square::new((end / cols) as u32, (end % cols) as u32);
        self
    }

    /// The on-board knight targets of `sq`, in [`MOVES`] order.
    fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        MOVES.iter().filter_map(move |&(dr, dc)| {
            let r = sq.row.checked_add_signed(dr)?;
            let c = sq.col.checked_add_signed(dc)?;
            (r < self.rows && c < self.cols).then_some(Square::new(r, c))
        })
    }
}

/// Whether `a` and `b` are a knight move apart.
pub(super) fn is_knight_move(a: Square, b: Square) -> bool {
    let dr = a.row.abs_diff(b.row);
    let dc = a.col.abs_diff(b.col);
    (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
}

/// Whether `path` visits every square of `rows` x `cols` exactly once by knight moves (an open tour).
///
/// Independent of the solver: it checks only the squares, so tests of any module can use it.
pub fn is_knight_path(rows: u32, cols: u32, path: &[Square]) -> bool {
    let total = u64::from(rows) * u64::from(cols);
    if total == 0 || path.len() as u64 != total {
        return false;
    }
    let mut seen = vec![false; path.len()];
    for sq in path {
        if sq.row >= rows || sq.col >= cols {
            return false;
        }
        let i = sq.row as usize * cols as usize + sq.col as usize;
        if std::mem::replace(&mut seen[i], true) {
            return false;
        }
    }
    path.windows(2).all(|w| is_knight_move(w[0], w[1]))
}
