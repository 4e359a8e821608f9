//! The tiling animated: tiles appear in numbering order, optionally with each quadrant division.

use std::io::Write;

use super::{AnimationStats, FrameSink, Pacing, Progress};
use crate::error::Result;
use crate::figure::Style;
use crate::render::board::BoardRenderer;
use crate::scene::tromino::{TrominoScene, TrominoStyle};
use crate::solve::tromino::TrominoProblem;

/// Default milliseconds per tile.
pub const DEFAULT_DELAY_MS: u32 = 300;
/// Default hold of the finished tiling.
pub const DEFAULT_HOLD_MS: u32 = 3000;

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
    let mut scene = TrominoScene::new(problem, look)?;
    let opts = style.options(false, scene.color_count(), problem.tile_count());
    let renderer = BoardRenderer::new(problem.side(), problem.side(), opts)?;
    let mut sink = FrameSink::new(renderer, out, pacing, progress)?;
    sink.step(scene.scene_mut(), pacing.delay_ms, true)?;
    for event in problem.trace() {
        if !sink.wants_more() {
            break;
        }
        // Events that change nothing on the board (splits not drawn) are not frames.
        if scene.apply(&event) {
            sink.step(scene.scene_mut(), pacing.delay_ms, false)?;
        }
    }
    sink.finish(scene.scene_mut(), pacing.hold_ms)
}
