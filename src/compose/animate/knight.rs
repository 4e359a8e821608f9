//! The knight's search animated: the path grows step by step with its numbers; retreats undo steps.

use std::io::Write;

use super::{AnimationStats, Framing, Pacing, Progress};
use crate::compose::knight_story::KnightExplainAdapter;
use crate::compose::style::Style;
use crate::error::Result;
use crate::problem::knight::{explain_steps, KnightAdapter, KnightStyle};
use crate::scene::adapter::Adapter;
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

/// Writes the search animation to `out`: one frame per move or retreat (the first shows the knight
/// on its start square; retreats shown [`RETREAT_DELAY_FACTOR`] times the step delay), the finished
/// tour held under the caption "tour complete: N squares, R retreats".
pub fn animate<W: Write>(
    out: W,
    problem: &KnightProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let retreat_ms = pacing.delay_ms.saturating_mul(RETREAT_DELAY_FACTOR);
    let inner = KnightAdapter::with_style(problem.rows(), problem.cols(), KnightStyle::default())
        .narrated(retreat_ms, problem.is_closed());
    let mut adapter = KnightExplainAdapter::plain(inner, style);
    let steps = explain_steps(problem.trace()?.with_choices());
    super::animate(out, &mut adapter, steps, FRAMING, style, pacing, progress)
}

/// Writes the search animation as [`animate`] does, drawn by `adapter` (the knight's own adapter,
/// perhaps wrapped, as [`Annotated`](crate::Annotated) does).
pub fn animate_with<A: Adapter<Event = KnightEvent>, W: Write>(
    out: W,
    adapter: &mut A,
    problem: &KnightProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let trace = problem.trace()?;
    super::animate(out, adapter, trace, FRAMING, style, pacing, progress)
}
