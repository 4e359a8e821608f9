//! The search engine: Warnsdorff's rule with complete backtracking, one move or retreat per call.
//!
//! The seed asks for a non-recursive program with an explicit stack. Here the stack lives in the board
//! itself, so that a 10 000 x 10 000 board fits in well under a gigabyte: stack frame k is the square
//! numbered k, its `tried` byte is the frame's "next direction" (an index into the square's
//! Warnsdorff-sorted candidates), and popping a frame finds the square numbered k - 1 among the eight
//! knight neighbours. The sorted candidate order is recomputed on a retreat instead of being stored:
//! when the search returns to square k, every square numbered after k has been cleared again, so the
//! board, the onward-move counts and therefore the order are exactly what they were when k was left.
//!
//! The board carries a border two squares wide marked as off-board, so neighbour tests need no bounds
//! checks.

use super::{KnightEvent, MOVES};
use crate::{Error, Result, Square};

/// The step value of the border squares: never 0 (free) and never a real step number.
const OFF_BOARD: u32 = u32::MAX;
/// Width of the off-board border: a knight jumps at most two squares.
const BORDER: usize = 2;

/// How Warnsdorff's ties (equal onward-move counts) are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TieBreak {
    /// The seed's move order: the first of the tied moves in [`MOVES`] wins.
    SeedOrder,
    /// The tied square farthest from the centre of the board wins (Arnd Roth's rule), then move order.
    FarFromCentre,
}

/// Where the search stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Still moving or retreating.
    Running,
    /// Every square is numbered (and, for a closed tour, the last is a knight move from the first).
    Complete,
    /// The start square itself was retreated from: no tour starts there. The error is still to report.
    Exhausted,
    /// The search stopped with this failure, already reported once.
    Failed(Failure),
}

/// Why a search stopped without a tour; kept so the error can be reproduced on request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The retreat budget ran out.
    Budget(String),
    /// The whole search tree was explored.
    Exhausted(String),
}

impl Failure {
    /// The library error for this failure.
    pub(crate) fn to_error(&self) -> Error {
        match self {
            Failure::Budget(msg) => Error::Budget(msg.clone()),
            Failure::Exhausted(msg) => Error::NoSolution(msg.clone()),
        }
    }
}

/// The at most eight free targets of a square, best first.
struct Candidates {
    squares: [usize; 8],
    len: usize,
    /// How many of them have no free neighbour.
    zeros: u32,
    /// How many of them have exactly one free neighbour.
    ones: u32,
}

/// One knight's-tour search, advanced one event at a time by [`Search::advance`].
pub(crate) struct Search {
    rows: u32,
    cols: u32,
    /// Row stride of the bordered board.
    width: usize,
    /// Index offsets of [`MOVES`] on the bordered board.
    offsets: [isize; 8],
    /// Step number of each square: 0 free, 1..=total numbered, [`OFF_BOARD`] on the border.
    steps: Vec<u32>,
    /// Number of free knight neighbours of each square (kept up to date as squares are numbered).
    degree: Vec<u8>,
    /// For each numbered square, how many of its sorted candidates have been tried.
    tried: Vec<u8>,
    /// Free squares with exactly one free neighbour: each must be entered last, unless entered next.
    ones: u32,
    /// Free squares with no free neighbour.
    zeros: u32,
    start: usize,
    start_square: Square,
    /// The square numbered `depth` (meaningless while `depth` is 0).
    current: usize,
    depth: u32,
    total: u32,
    closed: bool,
    tie: TieBreak,
    retreats: u64,
    budget: u64,
    phase: Phase,
}

impl Search {
    /// A search on a board the caller has already validated (sides 1..=MAX_SIDE, start inside).
    pub(crate) fn new(
        rows: u32,
        cols: u32,
        start: Square,
        closed: bool,
        tie: TieBreak,
        budget: u64,
    ) -> Self {
        let width = cols as usize + 2 * BORDER;
        let height = rows as usize + 2 * BORDER;
        let offsets = MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
        let mut steps = vec![OFF_BOARD; width * height];
        for row in steps
            .chunks_exact_mut(width)
            .skip(BORDER)
            .take(rows as usize)
        {
            row[BORDER..BORDER + cols as usize].fill(0);
        }
        let mut degree = vec![0u8; width * height];
        for r in 0..rows as usize {
            let base = (r + BORDER) * width + BORDER;
            for i in base..base + cols as usize {
                degree[i] = offsets
                    .iter()
                    .filter(|&&off| steps[i.wrapping_add_signed(off)] != OFF_BOARD)
                    .count() as u8;
            }
        }
        let start_square = start;
        let start = (start.row as usize + BORDER) * width + start.col as usize + BORDER;
        let count = |d: u8| {
            degree
                .iter()
                .zip(&steps)
                .filter(|&(&g, &s)| s == 0 && g == d)
                .count() as u32
        };
        let (ones, zeros) = (count(1), count(0));
        Search {
            rows,
            cols,
            width,
            offsets,
            steps,
            degree,
            tried: vec![0u8; width * height],
            ones,
            zeros,
            start,
            start_square,
            current: start,
            depth: 0,
            total: rows * cols,
            closed,
            tie,
            retreats: 0,
            budget,
            phase: Phase::Running,
        }
    }

    /// Retreats made so far.
    pub(crate) fn retreats(&self) -> u64 {
        self.retreats
    }

    /// The failure that stopped the search, if it stopped without a tour.
    pub(crate) fn failure(&self) -> Option<Failure> {
        match &self.phase {
            Phase::Failed(f) => Some(f.clone()),
            Phase::Exhausted => Some(self.exhausted()),
            _ => None,
        }
    }

    /// Whether every square is numbered (a finished tour).
    pub(crate) fn is_complete(&self) -> bool {
        self.phase == Phase::Complete
    }

    /// The next event: `Some(Ok(..))` for a move or a retreat, `Some(Err(..))` once if the search fails,
    /// then `None` for ever (also after a completed tour).
    pub(crate) fn advance(&mut self) -> Option<Result<KnightEvent>> {
        match &self.phase {
            Phase::Running => {}
            Phase::Complete | Phase::Failed(_) => return None,
            Phase::Exhausted => {
                let failure = self.exhausted();
                let err = failure.to_error();
                self.phase = Phase::Failed(failure);
                return Some(Err(err));
            }
        }
        if self.depth == 0 {
            self.visit(self.start);
            return Some(Ok(self.move_event()));
        }
        if self.depth == self.total && self.end_is_acceptable() {
            self.phase = Phase::Complete;
            return None;
        }
        if self.depth < self.total {
            let tried = self.tried[self.current] as usize;
            let candidates = self.candidates(self.current);
            if tried < candidates.len && !self.is_hopeless(&candidates) {
                self.tried[self.current] += 1;
                self.visit(candidates.squares[tried]);
                return Some(Ok(self.move_event()));
            }
        }
        Some(self.retreat())
    }

    /// Runs to the end without producing events; `Ok` means the tour is complete.
    pub(crate) fn run(&mut self) -> Result<()> {
        while let Some(event) = self.advance() {
            event?;
        }
        match self.failure() {
            Some(failure) => Err(failure.to_error()),
            None => Ok(()),
        }
    }

    /// Consumes a completed search and returns its step matrix, row-major without the border
    /// (compacted in place, so no second copy of a large board is ever allocated).
    pub(crate) fn into_steps(self) -> Vec<u32> {
        let (rows, cols, width) = (self.rows as usize, self.cols as usize, self.width);
        let mut steps = self.steps;
        drop(self.degree);
        drop(self.tried);
        for r in 0..rows {
            let from = (r + BORDER) * width + BORDER;
            // Destinations precede sources, so rows moved in order never overwrite unread data.
            steps.copy_within(from..from + cols, r * cols);
        }
        steps.truncate(rows * cols);
        steps.shrink_to_fit();
        steps
    }

    /// Numbers `sq` with the next step and makes it the current square.
    fn visit(&mut self, sq: usize) {
        self.depth += 1;
        self.steps[sq] = self.depth;
        self.tried[sq] = 0;
        self.current = sq;
        match self.degree[sq] {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
        for &off in &self.offsets {
            let n = sq.wrapping_add_signed(off);
            let old = self.degree[n];
            // Border squares' counts are never read, so wrapping there is harmless.
            self.degree[n] = old.wrapping_sub(1);
            if self.steps[n] == 0 {
                match old {
                    1 => {
                        self.ones -= 1;
                        self.zeros += 1;
                    }
                    2 => self.ones += 1,
                    _ => {}
                }
            }
        }
    }

    /// Clears the current square and steps back to its predecessor.
    fn retreat(&mut self) -> Result<KnightEvent> {
        if self.retreats >= self.budget {
            let failure = Failure::Budget(format!(
                "no knight's tour found on {} x {} from {} within {} retreats; try another start \
                 square or a larger retreat budget",
                self.rows,
                self.cols,
                self.square_of(self.start),
                self.budget
            ));
            let err = failure.to_error();
            self.phase = Phase::Failed(failure);
            return Err(err);
        }
        self.retreats += 1;
        let sq = self.current;
        let event = KnightEvent::Retreat {
            step: self.depth,
            square: self.square_of(sq),
        };
        self.steps[sq] = 0;
        for &off in &self.offsets {
            let n = sq.wrapping_add_signed(off);
            let old = self.degree[n];
            self.degree[n] = old.wrapping_add(1);
            if self.steps[n] == 0 {
                match old {
                    0 => {
                        self.zeros -= 1;
                        self.ones += 1;
                    }
                    1 => self.ones -= 1,
                    _ => {}
                }
            }
        }
        match self.degree[sq] {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
        self.depth -= 1;
        if self.depth == 0 {
            self.phase = Phase::Exhausted;
        } else {
            let want = self.depth;
            if let Some(prev) = self
                .offsets
                .iter()
                .map(|&off| sq.wrapping_add_signed(off))
                .find(|&n| self.steps[n] == want)
            {
                self.current = prev;
            }
        }
        Ok(event)
    }

    /// The free knight targets of `sq`, best first: fewest onward moves, then the tie-break.
    fn candidates(&self, sq: usize) -> Candidates {
        let mut out = Candidates {
            squares: [0; 8],
            len: 0,
            zeros: 0,
            ones: 0,
        };
        let mut keys = [0u64; 8];
        let here = self.square_of(sq);
        for (&off, &(dr, dc)) in self.offsets.iter().zip(&MOVES) {
            let n = sq.wrapping_add_signed(off);
            if self.steps[n] != 0 {
                continue;
            }
            match self.degree[n] {
                0 => out.zeros += 1,
                1 => out.ones += 1,
                _ => {}
            }
            let (r, c) = (
                i64::from(here.row) + i64::from(dr),
                i64::from(here.col) + i64::from(dc),
            );
            let key = self.key(n, r, c);
            // Stable insertion: a later move goes after every candidate with an equal key.
            let mut i = out.len;
            while i > 0 && keys[i - 1] > key {
                keys[i] = keys[i - 1];
                out.squares[i] = out.squares[i - 1];
                i -= 1;
            }
            keys[i] = key;
            out.squares[i] = n;
            out.len += 1;
        }
        out
    }

    /// Sort key of the free candidate square `n` at row `r`, column `c`: smaller is tried first.
    fn key(&self, n: usize, r: i64, c: i64) -> u64 {
        let mut degree = u64::from(self.degree[n]);
        if self.closed && self.attacks_start(r, c) {
            // For a closed tour the start is the final exit of its neighbours; counting it keeps them
            // from being used up early.
            degree += 1;
        }
        match self.tie {
            TieBreak::SeedOrder => degree,
            TieBreak::FarFromCentre => {
                // Doubled coordinates keep the centre of an even board on the integer grid.
                let dr = 2 * r - (i64::from(self.rows) - 1);
                let dc = 2 * c - (i64::from(self.cols) - 1);
                let far = (dr * dr + dc * dc) as u64;
                (degree << 40) | ((1u64 << 40) - 1 - far)
            }
        }
    }

    /// Whether the square at row `r`, column `c` is a knight move from the start square.
    fn attacks_start(&self, r: i64, c: i64) -> bool {
        let dr = r.abs_diff(i64::from(self.start_square.row));
        let dc = c.abs_diff(i64::from(self.start_square.col));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// Whether the finished numbering is a tour of the requested kind.
    fn end_is_acceptable(&self) -> bool {
        let end = self.square_of(self.current);
        !self.closed || self.attacks_start(i64::from(end.row), i64::from(end.col))
    }

    /// Whether the free squares provably cannot all be visited from the current square (`candidates`
    /// are its free targets).
    ///
    /// Pruning a hopeless position skips only subtrees without a tour, so the tour found is the same
    /// as without it; only the retreats into those subtrees are saved.
    fn is_hopeless(&self, candidates: &Candidates) -> bool {
        let free_after_next = self.total - self.depth - 1;
        // A free square with no free neighbour can only be entered from here, and must then be last.
        let unreachable =
            self.zeros > candidates.zeros || (candidates.zeros > 0 && free_after_next > 0);
        // A free square with one free neighbour that is not a target from here can be entered but not
        // left, so it must be last: two such squares (or one and a stranded target) cannot both be.
        let forced_ends = self.ones - candidates.ones + candidates.zeros;
        // A closed tour must end next to the start: once all its neighbours are used, it cannot.
        let start_sealed = self.closed && self.degree[self.start] == 0;
        unreachable || forced_ends >= 2 || start_sealed
    }

    fn move_event(&self) -> KnightEvent {
        KnightEvent::Move {
            step: self.depth,
            square: self.square_of(self.current),
        }
    }

    fn exhausted(&self) -> Failure {
        let kind = if self.closed { "closed " } else { "" };
        Failure::Exhausted(format!(
            "no {kind}knight's tour on {} x {} starts at {} (the search tried every route); try another \
             start square",
            self.rows,
            self.cols,
            self.square_of(self.start)
        ))
    }

    /// The board square of a bordered index.
    fn square_of(&self, sq: usize) -> Square {
        Square::new(
            (sq / self.width - BORDER) as u32,
            (sq % self.width - BORDER) as u32,
        )
    }
}
