//! The knight's search animated: the path grows step by step with its numbers; retreats undo steps.

use std::io::Write;

use super::{AnimationStats, Framing, Pacing, Progress};
use crate::error::Result;
use crate::figure::Style;
use crate::scene::knight::{KnightAdapter, KnightStyle};
use crate::solve::knight::KnightProblem;

/// Default milliseconds per move.
pub const DEFAULT_DELAY_MS: u32 = 150;
/// Default hold of the finished tour.
pub const DEFAULT_HOLD_MS: u32 = 3000;

/// Writes the search animation to `out`: one frame per move or retreat (the first shows the knight
/// on its start square), the finished tour held.
pub fn animate<W: Write>(
    out: W,
    problem: &KnightProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    animate_with(
        out,
        problem,
        KnightStyle::default(),
        style,
        pacing,
        progress,
    )
}

/// [`animate`], with the path, numbers and piece shown as `look` says.
pub fn animate_with<W: Write>(
    out: W,
    problem: &KnightProblem,
    look: KnightStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let trace = problem.trace()?;
    let mut adapter = KnightAdapter::with_style(problem.rows(), problem.cols(), look);
    let framing = Framing {
        opening: false,
        final_hold: true,
    };
    super::animate(out, &mut adapter, trace, framing, style, pacing, progress)
}
