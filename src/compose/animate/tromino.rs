//! The tiling animated: tiles appear in numbering order, optionally with each quadrant division.

use std::io::Write;

use super::{AnimationStats, Framing, Pacing, Progress};
use crate::compose::style::Style;
use crate::error::Result;
use crate::problem::tromino::{TrominoAdapter, TrominoStyle};
use crate::scene::adapter::Adapter;
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

/// Writes the tiling animation to `out`. The first frame is the empty board with its special square;
/// each tile (and, with `show_splits`, each division) is one frame; the finished tiling is held.
pub fn animate<W: Write>(
    out: W,
    problem: &TrominoProblem,
    look: TrominoStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let mut adapter = TrominoAdapter::new(problem, look)?;
    animate_with(out, &mut adapter, problem, style, pacing, progress)
}

/// Writes the tiling animation as [`animate`] does, drawn by `adapter` (the tiling's own adapter,
/// perhaps wrapped, as [`Annotated`](crate::Annotated) does).
pub fn animate_with<A: Adapter<Event = TrominoEvent>, W: Write>(
    out: W,
    adapter: &mut A,
    problem: &TrominoProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let events = problem.trace().map(Ok);
    super::animate(out, adapter, events, FRAMING, style, pacing, progress)
}
