//! The search engine: Warnsdorff's rule with backtracking, one move or retreat per call.
//!
//! The textbook asks for a non-recursive program with an explicit stack. Here the stack lives in the board
//! itself, so that a 10 000 x 10 000 board fits in half a gigabyte: stack frame k is the square
//! numbered k, its `tried` byte is the frame's "next direction" (an index into the square's
//! Warnsdorff-sorted candidates), and popping a frame finds the square numbered k - 1 among the eight
//! knight neighbours. The sorted candidate order is recomputed on a retreat instead of being stored:
//! when the search returns to square k, every square numbered after k has been cleared again, so the
//! board, the onward-move counts and therefore the order are exactly what they were when k was left.
//!
//! Each square is one `u32` cell holding its step number and its count of free neighbours, so a move
//! touches one array; the board carries a border two squares wide so neighbour tests need no bounds
//! checks.

mod candidates;
mod cells;
mod prune;

use super::choice::{ChoiceRule, KnightCandidate, KnightChoice, Ties};
use super::engine::{Engine, Failure, Phase};
use super::{KnightEvent, MOVES};
use crate::{Result, Square};
use cells::{BORDER, DEGREE_ONE, DEGREE_SHIFT, OFF_BOARD, STEP_MASK};

/// How Warnsdorff's ties (equal onward-move counts) are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TieBreak {
    /// The textbook's move order: the first of the tied moves in [`MOVES`] wins.
    SeedOrder,
    /// The tied square farthest from the centre of the board wins (Arnd Roth's rule), then move order.
    FarFromCentre,
    /// The tied square farthest from the start square wins, then move order. The knight works its
    /// way back towards the start, which is where a closed tour has to end.
    FarFromStart,
}

/// How the search chooses and when it gives up on a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strategy {
    /// The tie-break among candidates with equal onward-move counts.
    pub(crate) tie: TieBreak,
    /// If set, a branch is abandoned as soon as it leaves behind a square that could only be the last
    /// one while more than this many squares are still free. That is a heuristic, not a proof: it
    /// gives up some tours, but on a huge board the plain rule otherwise fixes the end of the tour tens
    /// of millions of steps early and notices only when a second such square appears, far too late
    /// for backtracking to repair; with the margin, the repair is a few retreats away.
    pub(crate) early_end_margin: Option<u32>,
    /// If set, after each move the search checks (flooding at most this many squares per piece)
    /// whether the move cut the free squares into pieces; a knight cannot visit two pieces, so such a
    /// branch is abandoned. A proof, never a guess: a piece is reported only once it is fully explored.
    pub(crate) split_check: Option<usize>,
}

/// One knight's-tour search, advanced one event at a time by [`Search::advance`].
pub(crate) struct Search {
    rows: u32,
    cols: u32,
    /// Row stride of the bordered board.
    width: usize,
    /// Index offsets of [`MOVES`] on the bordered board.
    offsets: [isize; 8],
    /// Step number and free-neighbour count of each square (see [`STEP_MASK`], [`DEGREE_SHIFT`]).
    cells: Vec<u32>,
    /// For each numbered square, how many of its sorted candidates have been tried.
    tried: Vec<u8>,
    /// Work queue of the flood fill (kept to reuse its allocation).
    flood_queue: Vec<usize>,
    /// Free squares with exactly one free neighbour: each must be entered last, unless entered next.
    ones: u32,
    /// Free squares with no free neighbour.
    zeros: u32,
    /// On a board whose short side is 4, the free squares on its two long edges (see [`Search::on_long_edge`]).
    free_edges: u32,
    start: Square,
    /// The square numbered `depth` (meaningless while `depth` is 0), as a board square and an index.
    current: Square,
    current_index: usize,
    depth: u32,
    total: u32,
    closed: bool,
    strategy: Strategy,
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
        strategy: Strategy,
        budget: u64,
    ) -> Self {
        let width = cols as usize + 2 * BORDER;
        let height = rows as usize + 2 * BORDER;
        let offsets = MOVES.map(|(dr, dc)| dr as isize * width as isize + dc as isize);
        // Bit i of a row's (column's) mask: move i stays on the board vertically (horizontally).
        let fits = |at: u32, len: u32, delta: fn(&(i32, i32)) -> i32| -> u8 {
            MOVES.iter().enumerate().fold(0, |mask, (i, m)| {
                let to = i64::from(at) + i64::from(delta(m));
                if (0..i64::from(len)).contains(&to) {
                    mask | 1 << i
                } else {
                    mask
                }
            })
        };
        let col_masks: Vec<u8> = (0..cols).map(|c| fits(c, cols, |m| m.1)).collect();
        let mut cells = vec![OFF_BOARD; width * height];
        let (mut ones, mut zeros) = (0, 0);
        for r in 0..rows {
            let row_mask = fits(r, rows, |m| m.0);
            let base = (r as usize + BORDER) * width + BORDER;
            for (cell, &col_mask) in cells[base..base + cols as usize].iter_mut().zip(&col_masks) {
                let degree = (row_mask & col_mask).count_ones();
                ones += u32::from(degree == 1);
                zeros += u32::from(degree == 0);
                *cell = degree << DEGREE_SHIFT;
            }
        }
        let start_index = (start.row as usize + BORDER) * width + start.col as usize + BORDER;
        Search {
            rows,
            cols,
            width,
            offsets,
            cells,
            tried: vec![0u8; width * height],
            flood_queue: Vec::new(),
            ones,
            zeros,
            free_edges: if rows.min(cols) == 4 {
                2 * rows.max(cols)
            } else {
                0
            },
            start,
            current: start,
            current_index: start_index,
            depth: 0,
            total: rows * cols,
            closed,
            strategy,
            retreats: 0,
            budget,
            phase: Phase::Running,
        }
    }

    /// Lowers the retreat budget to `budget` if that is smaller.
    pub(crate) fn limit_budget(&mut self, budget: u64) {
        self.budget = self.budget.min(budget);
    }

    /// Retreats made so far.
    pub(crate) fn retreats(&self) -> u64 {
        self.retreats
    }

    /// The square numbered last so far (the end of a finished tour).
    pub(crate) fn current(&self) -> Square {
        self.current
    }

    /// One move or retreat of the running search (see [`Engine::step`]).
    fn search_step(&mut self) -> Option<Result<KnightEvent>> {
        if self.depth == 0 {
            self.visit(self.current_index, self.start);
            return Some(Ok(self.move_event()));
        }
        if self.depth == self.total && self.end_is_acceptable() {
            self.phase = Phase::Complete;
            return None;
        }
        if self.depth < self.total {
            let tried = self.tried[self.current_index];
            let candidates = self.candidates();
            if usize::from(tried) < candidates.len && !self.is_hopeless(&candidates) {
                self.tried[self.current_index] = tried + 1;
                let m = candidates.nth(usize::from(tried));
                let (dr, dc) = MOVES[m];
                let to = Square::new(
                    self.current.row.wrapping_add_signed(dr),
                    self.current.col.wrapping_add_signed(dc),
                );
                self.visit(self.current_index.wrapping_add_signed(self.offsets[m]), to);
                return Some(Ok(self.move_event()));
            }
        }
        Some(self.retreat())
    }

    /// The choice the next event makes, if it is a move from a numbered square: the free targets
    /// in the order the search tries them, the chosen one being the first not yet tried. The search
    /// may still retreat instead (a pruned position); only the caller, seeing the event, knows.
    pub(crate) fn next_choice(&self) -> Option<KnightChoice> {
        if self.phase != Phase::Running || self.depth == 0 || self.depth >= self.total {
            return None;
        }
        let tried = usize::from(self.tried[self.current_index]);
        let candidates = self.candidates();
        if tried >= candidates.len {
            return None;
        }
        let ties = match self.strategy.tie {
            TieBreak::SeedOrder => Ties::MoveOrder,
            TieBreak::FarFromCentre => Ties::FarFromCentre,
            TieBreak::FarFromStart => Ties::FarFromStart,
        };
        let mut choice = KnightChoice::new(self.current, ChoiceRule::Warnsdorff(ties));
        let mut ranked = candidates.keys;
        ranked.sort_unstable();
        for key in &ranked[..candidates.len] {
            let m = (key & 7) as usize;
            let (dr, dc) = MOVES[m];
            let (r, c) = (
                self.current.row.wrapping_add_signed(dr),
                self.current.col.wrapping_add_signed(dc),
            );
            let onward = (self.cells[self.current_index.wrapping_add_signed(self.offsets[m])]
                >> DEGREE_SHIFT) as u8;
            let counts_start = self.closed && self.attacks_start(i64::from(r), i64::from(c));
            choice.push(KnightCandidate {
                square: Square::new(r, c),
                onward,
                weight: onward + u8::from(counts_start),
            });
        }
        choice.choose(tried);
        Some(choice)
    }

    /// Consumes a completed search and returns its step matrix, row-major without the border
    /// (compacted in place, so no second copy of a large board is ever allocated).
    pub(crate) fn into_steps(self) -> Vec<u32> {
        let (rows, cols, width) = (self.rows as usize, self.cols as usize, self.width);
        let mut steps = self.cells;
        drop(self.tried);
        for r in 0..rows {
            let from = (r + BORDER) * width + BORDER;
            // Destinations precede sources, so rows moved in order never overwrite unread data.
            steps.copy_within(from..from + cols, r * cols);
        }
        steps.truncate(rows * cols);
        for cell in &mut steps {
            *cell &= STEP_MASK;
        }
        steps.shrink_to_fit();
        steps
    }

    /// Numbers the free square `to` (at bordered index `index`) and makes it the current square.
    fn visit(&mut self, index: usize, to: Square) {
        self.depth += 1;
        let cell = self.cells[index];
        self.cells[index] = cell | self.depth;
        self.tried[index] = 0;
        self.current = to;
        self.current_index = index;
        if self.on_long_edge(to) {
            self.free_edges -= 1;
        }
        match cell >> DEGREE_SHIFT {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
        for &off in &self.offsets {
            let n = index.wrapping_add_signed(off);
            let old = self.cells[n];
            self.cells[n] = old.wrapping_sub(DEGREE_ONE);
            if old & STEP_MASK == 0 {
                match old >> DEGREE_SHIFT {
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
            return Err(self.give_up(format!(
                "no knight's tour found on {} x {} from {} within {} retreats; try another start \
                 square or a larger retreat budget",
                self.rows, self.cols, self.start, self.budget
            )));
        }
        self.retreats += 1;
        let event = self.pop();
        if self.depth == 0 {
            self.phase = Phase::Exhausted;
        }
        Ok(event)
    }

    /// Clears the newest numbered square without searching on (it is not a retreat of the search
    /// and is not counted), or `None` once the board is empty. Used to wipe a search that is given
    /// up.
    pub(crate) fn unwind(&mut self) -> Option<KnightEvent> {
        (self.depth > 0).then(|| self.pop())
    }

    /// Clears the current square and makes its predecessor current.
    fn pop(&mut self) -> KnightEvent {
        let index = self.current_index;
        let event = KnightEvent::Retreat {
            step: self.depth,
            square: self.current,
        };
        let cell = self.cells[index] & !STEP_MASK;
        self.cells[index] = cell;
        if self.on_long_edge(self.current) {
            self.free_edges += 1;
        }
        for &off in &self.offsets {
            let n = index.wrapping_add_signed(off);
            let old = self.cells[n];
            self.cells[n] = old.wrapping_add(DEGREE_ONE);
            if old & STEP_MASK == 0 {
                match old >> DEGREE_SHIFT {
                    0 => {
                        self.zeros -= 1;
                        self.ones += 1;
                    }
                    1 => self.ones -= 1,
                    _ => {}
                }
            }
        }
        match cell >> DEGREE_SHIFT {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
        self.depth -= 1;
        if self.depth == 0 {
            return event;
        }
        let want = self.depth;
        if let Some(m) = (0..8)
            .find(|&m| self.cells[index.wrapping_add_signed(self.offsets[m])] & STEP_MASK == want)
        {
            let (dr, dc) = MOVES[m];
            self.current_index = index.wrapping_add_signed(self.offsets[m]);
            self.current = Square::new(
                self.current.row.wrapping_add_signed(dr),
                self.current.col.wrapping_add_signed(dc),
            );
        }
        event
    }

    /// Whether the square at row `r`, column `c` is a knight move from the start square.
    fn attacks_start(&self, r: i64, c: i64) -> bool {
        let dr = r.abs_diff(i64::from(self.start.row));
        let dc = c.abs_diff(i64::from(self.start.col));
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// Whether the finished numbering is a tour of the requested kind.
    fn end_is_acceptable(&self) -> bool {
        !self.closed || self.attacks_start(i64::from(self.current.row), i64::from(self.current.col))
    }

    /// Whether `sq` is on a long edge of a board whose short side is 4 (false on other boards). On such a
    /// board no long-edge square is a knight move from another, which bounds how many of them a path
    /// can still take.
    fn on_long_edge(&self, sq: Square) -> bool {
        match (self.rows.min(self.cols) == 4, self.rows == 4) {
            (false, _) => false,
            (true, true) => sq.row == 0 || sq.row == 3,
            (true, false) => sq.col == 0 || sq.col == 3,
        }
    }

    fn start_index(&self) -> usize {
        (self.start.row as usize + BORDER) * self.width + self.start.col as usize + BORDER
    }

    fn move_event(&self) -> KnightEvent {
        KnightEvent::Move {
            step: self.depth,
            square: self.current,
        }
    }
}

impl Engine for Search {
    fn phase(&self) -> &Phase {
        &self.phase
    }

    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    fn exhausted(&self) -> Failure {
        let kind = if self.closed { "closed " } else { "" };
        Failure::Exhausted(format!(
            "no {kind}knight's tour on {} x {} starts at {} (the search tried every route); try another \
             start square",
            self.rows, self.cols, self.start
        ))
    }

    fn step(&mut self) -> Option<Result<KnightEvent>> {
        self.search_step()
    }
}
