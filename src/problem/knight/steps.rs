//! The knight's search as a sequence of steps ([`Problem`]): the path grows move by move with its
//! numbers, and retreats undo moves. Also a path of one's own, move by move.

use super::{explain_steps, KnightAdapter, KnightStep};
use crate::cancel::Cancel;
use crate::error::Result;
use crate::geom::Square;
use crate::scene::problem::{count_events, BoardKind, Events, Framing, Problem, StepCount, Timing};
use crate::solve::knight::{KnightEvent, KnightProblem};

/// Default milliseconds per move.
pub const DEFAULT_DELAY_MS: u32 = 150;
/// A retreat is shown this many times as long as a move by default, so the step back is seen.
pub const RETREAT_DELAY_FACTOR: u32 = 3;
/// Default hold of the finished tour.
pub const DEFAULT_HOLD_MS: u32 = 3000;
/// The animation opens on the start, the empty board, as `--step 0` draws it (then the knight's first
/// square), and holds the finished tour.
pub const FRAMING: Framing = Framing {
    opening: true,
    final_hold: true,
};

/// The knight's pace: a move, a longer retreat, a held tour.
const TIMING: Timing = Timing {
    delay_ms: DEFAULT_DELAY_MS,
    hold_ms: DEFAULT_HOLD_MS,
    retreat_factor: Some(RETREAT_DELAY_FACTOR),
    framing: FRAMING,
};

/// The search: one step per move or retreat.
impl Problem for KnightProblem {
    type Event = KnightEvent;

    fn events(&self) -> Result<Events<'_, KnightEvent>> {
        Ok(Box::new(self.trace()?))
    }

    /// Every square but the first takes a move.
    fn fewest_steps(&self) -> Option<u64> {
        Some(u64::from(self.rows()) * u64::from(self.cols()) - 1)
    }

    /// The exact count, from the trace without drawing (a fraction of the drawing's time).
    fn count_steps(&self, bound: u64, cancel: &Cancel) -> Result<StepCount> {
        let steps = count_events(self.trace()?, bound, cancel)?;
        Ok(StepCount {
            steps,
            kept: 0,
            complete: steps <= bound,
        })
    }

    fn timing(&self) -> Timing {
        TIMING
    }

    fn name(&self) -> String {
        format!("the search on a {} x {} board", self.rows(), self.cols())
    }

    fn board(&self) -> (u32, u32) {
        (self.rows(), self.cols())
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tour
    }
}

/// The search's steps with the candidates weighed before each move ([`explain_steps`]), as the
/// explained animation (or the plain one, which ignores them) draws them.
#[derive(Clone, Copy, Debug)]
pub struct KnightExplained<'a>(pub &'a KnightProblem);

impl Problem for KnightExplained<'_> {
    type Event = KnightStep;

    fn events(&self) -> Result<Events<'_, KnightStep>> {
        Ok(Box::new(explain_steps(self.0.trace()?.with_choices())))
    }

    fn fewest_steps(&self) -> Option<u64> {
        Problem::fewest_steps(self.0)
    }

    fn count_steps(&self, bound: u64, cancel: &Cancel) -> Result<StepCount> {
        Problem::count_steps(self.0, bound, cancel)
    }

    fn timing(&self) -> Timing {
        TIMING
    }

    fn name(&self) -> String {
        Problem::name(self.0)
    }

    fn board(&self) -> (u32, u32) {
        Problem::board(self.0)
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tour
    }
}

/// A path of one's own on a rows x cols board, drawn move by move as a search's GIF draws it: it
/// opens on the first square and holds the whole path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightPath {
    rows: u32,
    cols: u32,
    squares: Vec<Square>,
}

impl KnightPath {
    /// The path through `squares` (in order) on a rows x cols board.
    pub fn new(rows: u32, cols: u32, squares: Vec<Square>) -> KnightPath {
        KnightPath {
            rows,
            cols,
            squares,
        }
    }

    /// Its squares, in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }
}

impl Problem for KnightPath {
    type Event = KnightEvent;

    fn events(&self) -> Result<Events<'_, KnightEvent>> {
        Ok(Box::new(KnightAdapter::moves_along(self.squares.clone())))
    }

    fn known_steps(&self, _bound: u64) -> Result<Option<StepCount>> {
        Ok(Some(StepCount {
            steps: self.squares.len() as u64,
            kept: 0,
            complete: true,
        }))
    }

    fn timing(&self) -> Timing {
        TIMING
    }

    fn name(&self) -> String {
        format!("the path on a {} x {} board", self.rows, self.cols)
    }

    fn board(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tour
    }
}
