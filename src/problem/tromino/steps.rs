//! The tiling as a sequence of steps ([`Problem`]): the start with its special square, then each
//! division and each tile in the textbook's order.

use crate::error::Result;
use crate::scene::problem::{BoardKind, Events, Framing, Problem, StepCount, Timing};
use crate::solve::tromino::{TrominoEvent, TrominoProblem};

/// Default milliseconds per tile.
pub const DEFAULT_DELAY_MS: u32 = 300;
/// Default hold of the finished tiling.
pub const DEFAULT_HOLD_MS: u32 = 3000;
/// The animation opens on the empty board with its special square and holds the finished tiling.
pub const FRAMING: Framing = Framing {
    opening: true,
    final_hold: true,
};

/// The tiling's steps with its divisions drawn or not: a division of a board of 4 x 4 or larger is
/// a step of its own where it is drawn (`show_splits`, or a step's caption that tells it).
#[derive(Clone, Copy, Debug)]
pub struct TilingSteps<'a> {
    pub tiling: &'a TrominoProblem,
    /// Whether divisions are drawn as steps.
    pub divisions: bool,
}

impl Problem for TilingSteps<'_> {
    type Event = TrominoEvent;

    fn events(&self) -> Result<Events<'_, TrominoEvent>> {
        Ok(Box::new(self.tiling.trace().map(Ok)))
    }

    /// Known from the problem: the empty board, one step per tile, one per drawn division (boards
    /// of 4 x 4 and larger: one in four of the tiles but the last).
    fn known_steps(&self, _bound: u64) -> Result<Option<StepCount>> {
        let tiles = u64::from(self.tiling.tile_count());
        let divisions = if self.divisions { (tiles - 1) / 4 } else { 0 };
        Ok(Some(StepCount {
            steps: 1 + tiles + divisions,
            kept: 1,
            complete: true,
        }))
    }

    fn timing(&self) -> Timing {
        Timing {
            delay_ms: DEFAULT_DELAY_MS,
            hold_ms: DEFAULT_HOLD_MS,
            retreat_factor: None,
            framing: FRAMING,
        }
    }

    fn name(&self) -> String {
        let side = self.tiling.side();
        format!("the tiling of a {side} x {side} board")
    }

    fn board(&self) -> (u32, u32) {
        (self.tiling.side(), self.tiling.side())
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tiles
    }
}

/// The tiling with its divisions as steps.
impl Problem for TrominoProblem {
    type Event = TrominoEvent;

    fn events(&self) -> Result<Events<'_, TrominoEvent>> {
        Ok(Box::new(self.trace().map(Ok)))
    }

    fn known_steps(&self, bound: u64) -> Result<Option<StepCount>> {
        self.steps(true).known_steps(bound)
    }

    fn timing(&self) -> Timing {
        self.steps(true).timing()
    }

    fn name(&self) -> String {
        self.steps(true).name()
    }

    fn board(&self) -> (u32, u32) {
        (self.side(), self.side())
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Tiles
    }
}

impl TrominoProblem {
    /// Its steps, with its divisions drawn as steps or not.
    pub fn steps(&self, divisions: bool) -> TilingSteps<'_> {
        TilingSteps {
            tiling: self,
            divisions,
        }
    }
}
