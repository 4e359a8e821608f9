//! The knight's search animated: the path grows step by step with its numbers; retreats undo steps.

use std::io::Write;

use super::{AnimationStats, FrameSink, Pacing, Progress};
use crate::error::Result;
use crate::figure::Style;
use crate::render::board::BoardRenderer;
use crate::scene::knight::KnightScene;
use crate::solve::knight::KnightProblem;

/// Default milliseconds per move.
pub const DEFAULT_DELAY_MS: u32 = 150;
/// Default hold of the finished tour.
pub const DEFAULT_HOLD_MS: u32 = 3000;

/// Writes the search animation to `out`: one frame per move or retreat, the finished tour held.
pub fn animate<W: Write>(
    out: W,
    problem: &KnightProblem,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let trace = problem.trace()?;
    let (rows, cols) = (problem.rows(), problem.cols());
    let mut scene = KnightScene::new(rows, cols);
    let renderer = BoardRenderer::new(rows, cols, style.options(false, 0, rows * cols))?;
    let mut sink = FrameSink::new(renderer, out, pacing, progress)?;
    for event in trace {
        if !sink.wants_more() {
            break;
        }
        scene.apply(&event?);
        sink.step(scene.scene_mut(), pacing.delay_ms, false)?;
    }
    sink.finish(scene.scene_mut(), pacing.hold_ms)
}
