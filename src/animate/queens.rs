//! The queens' backtracking animated like the Turbo C program: every placement and removal, a hold on
//! each solution with a "Solution i" caption; or a slideshow of the solutions.

use std::io::Write;

use super::{AnimationStats, FrameSink, Pacing, Progress};
use crate::error::Result;
use crate::figure::Style;
use crate::render::board::BoardRenderer;
use crate::scene::queens::{QueensScene, QueensStyle};
use crate::solve::queens::{self, QueensEvent};

/// Default milliseconds per placement or removal (the Turbo C program's `delay(500)`).
pub const DEFAULT_DELAY_MS: u32 = 500;
/// Default hold on each solution (the Turbo C program's `delay(3000)`).
pub const DEFAULT_HOLD_MS: u32 = 3000;

/// What to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueensMovie {
    /// The search: every placement and removal; stops after solution `until` when given.
    Search {
        /// Stop after this solution (1-based).
        until: Option<u64>,
    },
    /// One frame per solution.
    Solutions,
}

/// Writes the animation of the n-queens search to `out`.
pub fn animate<W: Write>(
    out: W,
    n: u32,
    movie: QueensMovie,
    look: QueensStyle,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let mut scene = QueensScene::new(n, look);
    let renderer = BoardRenderer::new(n, n, style.options(true, 0, 0))?;
    let mut sink = FrameSink::new(renderer, out, pacing, progress)?;
    match movie {
        QueensMovie::Search { until } => {
            // The empty board first, as the Turbo C program draws it before the search.
            sink.step(scene.scene_mut(), pacing.delay_ms, true)?;
            for event in queens::search(n)? {
                if !sink.wants_more() {
                    break;
                }
                scene.apply(&event);
                if let QueensEvent::Solution { index, .. } = event {
                    sink.step(scene.scene_mut(), pacing.hold_ms, true)?;
                    if until == Some(index) {
                        break;
                    }
                } else {
                    sink.step(scene.scene_mut(), pacing.delay_ms, false)?;
                }
            }
        }
        QueensMovie::Solutions => {
            for (i, solution) in queens::solutions(n)?.enumerate() {
                if !sink.wants_more() {
                    break;
                }
                scene.show(&solution, i as u64 + 1);
                sink.step(scene.scene_mut(), pacing.hold_ms, true)?;
            }
        }
    }
    // The Turbo C program waits once more after the whole search; a cut or a slideshow already
    // ends on a held solution.
    let final_hold = match movie {
        QueensMovie::Search { until: None } => pacing.hold_ms,
        _ => 0,
    };
    sink.finish(scene.scene_mut(), final_hold)
}
