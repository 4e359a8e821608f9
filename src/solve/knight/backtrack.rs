//! Plain backtracking, the textbook report's first program: an explicit stack, the moves of every
//! square tried in the fixed order of [`MOVES`] (its `Htry1`/`Htry2` table), no heuristic and no
//! pruning. Shown beside Warnsdorff's rule, it is the contrast that motivates the rule: the report's
//! author waited over half an hour for it on 8 x 8 (from a start the report does not give).
//!
//! # Measured cost
//!
//! Steps are events of the trace: moves plus retreats, so a found tour has `rows * cols + 2 *
//! retreats` of them. Open tours, measured with this search and with an independent recursive one
//! (they agree):
//!
//! | board | start | retreats | steps |
//! |-------|-------|---------:|------:|
//! | 5 x 5 | 0,0 | 16 | 57 |
//! | 5 x 5 | 2,2 | 9 884 | 19 793 |
//! | 5 x 5 | 0,2 | 36 189 | 72 403 |
//! | 5 x 5 | 1,1 | 51 092 | 102 209 |
//! | 5 x 5 | 4,2 | 365 396 | 730 817 |
//! | 5 x 5 | 3,1 | 781 395 | 1 562 815 |
//! | 6 x 6 | 1,1 | 2 218 | 4 472 |
//! | 6 x 6 | 0,0 | 5 386 | 10 808 |
//! | 6 x 6 | 3,0 | 13 984 | 28 004 |
//! | 6 x 6 | 0,1 | 31 006 | 62 048 |
//! | 6 x 6 | 2,2 | 83 076 | 166 188 |
//! | 6 x 6 | 1,0 | 156 626 361 | 313 252 758 |
//! | 6 x 6 | 1,4 | 503 105 511 | 1 006 211 058 |
//! | 6 x 6 | 3,1 | more than 10^9 | |
//! | 8 x 8 | 0,0 | 3 242 001 | 6 484 066 |
//! | 8 x 8 | 7,7 | 27 241 049 | 54 482 162 |
//! | 8 x 8 | 0,1 | 621 436 529 | 1 242 873 122 |
//! | 8 x 8 | 2,2 and 3,3 | more than 10^9 | |
//!
//! Squares of the minority colour of 5 x 5 (0,1 and the like) have no open tour and are refused
//! before the search. The cost varies by orders of magnitude with the start, not only with the
//! board, so no table can stand in for a check: [`KnightProblem::count_steps`] tells, at the cost of
//! at most the limit's steps, whether a run fits a frame limit.
//!
//! [`KnightProblem::count_steps`]: super::KnightProblem::count_steps

use super::choice::{ChoiceRule, KnightCandidate, KnightChoice};
use super::engine::{Engine, Failure, Phase};
use super::tour::is_knight_move;
use super::{KnightEvent, MOVES};
use crate::{Result, Square};

/// One frame of the explicit stack: a numbered square and the next move index it will try.
#[derive(Clone, Copy)]
struct Frame {
    /// Row-major index of the square.
    index: u32,
    /// The first move of [`MOVES`] not yet tried from this square (8 once all are tried).
    next: u8,
}

/// Plain backtracking, advanced one event at a time.
pub(crate) struct Backtrack {
    rows: u32,
    cols: u32,
    start: Square,
    closed: bool,
    /// Step number of each square (0 while free), row-major.
    board: Vec<u32>,
    /// The squares numbered 1..=depth, in order, each with the moves it has left.
    stack: Vec<Frame>,
    retreats: u64,
    budget: u64,
    phase: Phase,
}

impl Backtrack {
    /// A search on a board the caller has already validated (start inside).
    pub(crate) fn new(rows: u32, cols: u32, start: Square, closed: bool, budget: u64) -> Self {
        let total = rows as usize * cols as usize;
        Backtrack {
            rows,
            cols,
            start,
            closed,
            board: vec![0; total],
            stack: Vec::new(),
            retreats: 0,
            budget,
            phase: Phase::Running,
        }
    }

    /// Retreats made so far.
    pub(crate) fn retreats(&self) -> u64 {
        self.retreats
    }

    fn square(&self, index: u32) -> Square {
        Square::new(index / self.cols, index % self.cols)
    }

    /// The target of move `m` from `index`, if it is on the board.
    fn target(&self, index: u32, m: usize) -> Option<u32> {
        let sq = self.square(index);
        let (dr, dc) = MOVES[m];
        let r = sq.row.checked_add_signed(dr).filter(|&r| r < self.rows)?;
        let c = sq.col.checked_add_signed(dc).filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    fn is_free(&self, index: u32) -> bool {
        self.board[index as usize] == 0
    }

    /// One move or retreat of the running search (see [`Engine::step`]).
    fn search_step(&mut self) -> Option<Result<KnightEvent>> {
        let Some(&top) = self.stack.last() else {
            return Some(Ok(self.enter(self.start.row * self.cols + self.start.col)));
        };
        if self.stack.len() == self.board.len() {
            if !self.closed || is_knight_move(self.square(top.index), self.start) {
                self.phase = Phase::Complete;
                return None;
            }
        } else if let Some((m, to)) = self.next_target(top) {
            if let Some(frame) = self.stack.last_mut() {
                frame.next = m as u8 + 1;
            }
            return Some(Ok(self.enter(to)));
        }
        Some(self.retreat())
    }

    /// The first untried move of `frame` to a free square, with its target.
    fn next_target(&self, frame: Frame) -> Option<(usize, u32)> {
        (usize::from(frame.next)..8).find_map(|m| {
            self.target(frame.index, m)
                .filter(|&to| self.is_free(to))
                .map(|to| (m, to))
        })
    }

    /// Numbers the free square `index` and pushes it.
    fn enter(&mut self, index: u32) -> KnightEvent {
        self.stack.push(Frame { index, next: 0 });
        let step = self.stack.len() as u32;
        self.board[index as usize] = step;
        KnightEvent::Move {
            step,
            square: self.square(index),
        }
    }

    /// Clears the newest square, or fails once the retreat budget is spent.
    fn retreat(&mut self) -> Result<KnightEvent> {
        if self.retreats >= self.budget {
            return Err(self.give_up(format!(
                "plain backtracking found no knight's tour on {} x {} from {} within {} retreats; \
                 try a smaller board or another start square",
                self.rows, self.cols, self.start, self.budget
            )));
        }
        self.retreats += 1;
        let step = self.stack.len() as u32;
        let frame = self.stack.pop().unwrap_or(Frame { index: 0, next: 8 });
        self.board[frame.index as usize] = 0;
        if self.stack.is_empty() {
            self.phase = Phase::Exhausted;
        }
        Ok(KnightEvent::Retreat {
            step,
            square: self.square(frame.index),
        })
    }

    /// The last square of a completed tour.
    pub(crate) fn current(&self) -> Square {
        self.stack
            .last()
            .map_or(self.start, |frame| self.square(frame.index))
    }

    /// Consumes a completed search and returns its step matrix, row-major.
    pub(crate) fn into_steps(self) -> Vec<u32> {
        self.board
    }

    /// The choice the next event makes, if it is a move from a numbered square: every free target in
    /// move order with its onward moves; the chosen one is the first not yet tried.
    pub(crate) fn next_choice(&self) -> Option<KnightChoice> {
        if !matches!(self.phase, Phase::Running) || self.stack.len() == self.board.len() {
            return None;
        }
        let top = *self.stack.last()?;
        let mut choice = KnightChoice::new(self.square(top.index), ChoiceRule::MoveOrder);
        let mut chosen = None;
        for m in 0..8 {
            let Some(to) = self.target(top.index, m).filter(|&to| self.is_free(to)) else {
                continue;
            };
            let onward = (0..8)
                .filter_map(|k| self.target(to, k))
                .filter(|&n| self.is_free(n))
                .count() as u8;
            if m >= usize::from(top.next) && chosen.is_none() {
                chosen = Some(choice.len());
            }
            choice.push(KnightCandidate {
                square: self.square(to),
                onward,
                weight: onward,
            });
        }
        choice.choose(chosen?);
        Some(choice)
    }
}

impl Engine for Backtrack {
    fn phase(&self) -> &Phase {
        &self.phase
    }

    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    fn exhausted(&self) -> Failure {
        let kind = if self.closed { "closed " } else { "" };
        Failure::Exhausted(format!(
            "no {kind}knight's tour on {} x {} starts at {} (plain backtracking tried every route); \
             try another start square",
            self.rows, self.cols, self.start
        ))
    }

    fn step(&mut self) -> Option<Result<KnightEvent>> {
        self.search_step()
    }
}
