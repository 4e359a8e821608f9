//! Animated GIFs of the three searches: one frame per step of the solver's trace, streamed to the
//! encoder as it is made, so memory does not grow with the number of frames.

pub mod knight;
pub mod queens;
pub mod tromino;

use std::io::Write;

use crate::cancel::Cancel;
use crate::compose::style::Style;
use crate::display::layout::Layout;
use crate::encode::gif::{GifStats, GifWriter, Repeat, MAX_GIF_SIDE};
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::{Adapter, Beat};
use crate::scene::Scene;

/// The most frames an animation may have unless `max_frames` says otherwise; beyond it the run stops
/// with [`Error::TooManyFrames`].
pub const FRAME_LIMIT: u64 = 200_000;

/// Pacing and length of an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// Milliseconds each step is shown.
    pub delay_ms: u32,
    /// Milliseconds the finished figure (or each solution) is held.
    pub hold_ms: u32,
    /// Keep one frame in this many (frames that complete something are always kept).
    pub every: u32,
    /// Stop after this many frames (the animation then ends on the last one kept).
    pub max_frames: Option<u64>,
    /// How often the GIF plays.
    pub repeat: Repeat,
}

impl Pacing {
    /// `delay_ms` a step, `hold_ms` at the end, every frame kept, looping forever.
    pub fn new(delay_ms: u32, hold_ms: u32) -> Pacing {
        Pacing {
            delay_ms,
            hold_ms,
            every: 1,
            max_frames: None,
            repeat: Repeat::Forever,
        }
    }
}

impl Default for Pacing {
    /// 300 ms a step (the tromino's pace; each problem's own is its `DEFAULT_DELAY_MS`), the
    /// finished figure held 3 s, every frame kept, looping forever.
    fn default() -> Pacing {
        Pacing::new(300, 3000)
    }
}

/// Where an animation starts and ends, beyond the frames its events make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Framing {
    /// Show the first scene (before any event) as the opening frame, for the step delay.
    pub opening: bool,
    /// Hold the last frame for the hold time (an animation that ends on a milestone was held
    /// already).
    pub final_hold: bool,
}

/// Writes the animation of `events` applied one by one to `adapter`'s first scene: one frame per
/// visible event (thinned by `pacing.every`), milestones held, rendered as only what changed.
pub fn animate<A: Adapter, W: Write>(
    out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    style.check_for_gif()?;
    let mut scene = adapter.first_scene();
    let hints = adapter.hints();
    let opts = style.options_for(&scene, hints)?;
    let renderer = BoardRenderer::for_scene(&scene, opts)?;
    let mut sink = FrameSink::new(renderer, out, pacing, progress)?;
    if framing.opening {
        sink.step(&mut scene, pacing.delay_ms, true)?;
    }
    for event in events {
        if !sink.wants_more() {
            break;
        }
        match adapter.apply(&mut scene, &event?) {
            Beat::Unseen => {}
            Beat::Step => sink.step(&mut scene, pacing.delay_ms, false)?,
            Beat::Held(ms) => sink.step(&mut scene, ms, false)?,
            Beat::Milestone => sink.step(&mut scene, pacing.hold_ms, true)?,
        }
    }
    let hold = if framing.final_hold {
        pacing.hold_ms
    } else {
        0
    };
    sink.finish(&mut scene, hold)
}

/// Hears how a long render goes, and may stop it: a progress bar, a cancel button.
pub trait Progress {
    /// Called after each frame kept, with the number kept so far. Returning `false` stops the
    /// animation: it fails with [`Error::Interrupted`] and writes nothing more.
    fn frame(&mut self, frames: u64) -> bool;
    /// Called before each step, kept or not (thinning may skip thousands of them between frames);
    /// returning `false` stops the animation as [`Progress::frame`] does.
    fn keep_going(&mut self) -> bool {
        true
    }
    /// Called once at the end of a complete animation.
    fn finish(&mut self) {}
}

/// Progress that goes nowhere and never stops anything.
pub struct NoProgress;

impl Progress for NoProgress {
    fn frame(&mut self, _: u64) -> bool {
        true
    }
}

/// A token as progress: the animation stops once the token is cancelled.
impl Progress for Cancel {
    fn frame(&mut self, _: u64) -> bool {
        !self.is_cancelled()
    }

    fn keep_going(&mut self) -> bool {
        !self.is_cancelled()
    }
}

/// What an animation made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimationStats {
    /// Frames in the file (after identical ones were merged).
    pub frames: u32,
    /// Bytes written.
    pub bytes: u64,
    /// Steps of the trace that were shown.
    pub steps: u64,
    /// True when `max_frames` cut the animation short.
    pub truncated: bool,
    /// Width of every frame, in pixels.
    pub width: u32,
    /// Height of every frame, in pixels.
    pub height: u32,
}

/// Refuses, before anything is solved or rendered, an animation of a `rows` x `cols` board that `style`
/// would draw over the canvas limit ([`Layout::new`]) or wider or taller than a GIF can be.
/// `caption` as for the figure (queens reserve a caption band).
pub fn check_size(rows: u32, cols: u32, style: &Style, caption: bool) -> Result<()> {
    check_gif_side(&Layout::new(
        rows,
        cols,
        style.cell,
        style.margin_px(),
        caption,
    )?)
}

fn check_gif_side(layout: &Layout) -> Result<()> {
    let max_side = u64::from(MAX_GIF_SIDE);
    if layout.fits(max_side, u64::MAX) {
        return Ok(());
    }
    Err(Error::GifTooLarge {
        rows: layout.rows(),
        cols: layout.cols(),
        cell: layout.cell(),
        width: u64::from(layout.width()),
        height: u64::from(layout.height()),
        limit: MAX_GIF_SIDE,
        max_cell: layout.largest_fitting_cell(max_side, u64::MAX),
        margin: layout.margin(),
    })
}

/// Turns scene states into GIF frames: renders only what changed, applies `every` and `max_frames`,
/// and holds the last frame.
pub(crate) struct FrameSink<'a, W: Write> {
    renderer: BoardRenderer,
    canvas: Option<Canvas>,
    /// The rectangles the last update repainted (reused from frame to frame).
    regions: Vec<Rect>,
    gif: Option<GifWriter<W>>,
    out: Option<W>,
    pacing: Pacing,
    steps: u64,
    kept: u64,
    pending_ms: u32,
    truncated: bool,
    /// [`FRAME_LIMIT`]; a field so the unit tests can reach it quickly.
    frame_limit: u64,
    progress: &'a mut dyn Progress,
}

impl<'a, W: Write> FrameSink<'a, W> {
    pub(crate) fn new(
        renderer: BoardRenderer,
        out: W,
        pacing: Pacing,
        progress: &'a mut dyn Progress,
    ) -> Result<Self> {
        if pacing.every == 0 {
            return Err(Error::ZeroEvery);
        }
        // Refused here, before the first frame is rendered (which may take seconds for a wide board).
        check_gif_side(renderer.layout())?;
        Ok(FrameSink {
            renderer,
            canvas: None,
            regions: Vec::new(),
            gif: None,
            out: Some(out),
            pacing,
            steps: 0,
            kept: 0,
            pending_ms: 0,
            truncated: false,
            frame_limit: FRAME_LIMIT,
            progress,
        })
    }

    /// False once `max_frames` frames were written: callers stop feeding steps.
    pub(crate) fn wants_more(&self) -> bool {
        !self.truncated
    }

    /// Shows the scene's current state for `delay_ms` as the next step. `keep` forces the frame even
    /// when `every` would skip it (solutions, the final state).
    pub(crate) fn step(&mut self, scene: &mut Scene, delay_ms: u32, keep: bool) -> Result<()> {
        if !self.progress.keep_going() {
            return Err(Error::Interrupted);
        }
        if self.truncated {
            return Ok(());
        }
        self.steps += 1;
        let first = self.canvas.is_none();
        if !first && !keep && !self.steps.is_multiple_of(u64::from(self.pacing.every)) {
            // Skipped frames leave their changes marked in the scene for the next kept frame.
            return Ok(());
        }
        if let Some(max) = self.pacing.max_frames {
            if self.kept >= max {
                self.truncated = true;
                return Ok(());
            }
        }
        if self.kept >= self.frame_limit {
            return Err(Error::TooManyFrames {
                limit: self.frame_limit,
            });
        }
        let delay = delay_ms + std::mem::take(&mut self.pending_ms);
        match self.canvas.as_mut() {
            None => {
                let canvas = self.renderer.render(scene)?;
                let out = self
                    .out
                    .take()
                    .ok_or_else(|| Error::Encode("output taken".into()))?;
                let mut gif = GifWriter::new(
                    out,
                    canvas.width(),
                    canvas.height(),
                    self.renderer.palette(),
                    self.pacing.repeat,
                )?;
                gif.push(&canvas, delay)?;
                self.gif = Some(gif);
                self.canvas = Some(canvas);
            }
            Some(canvas) => {
                self.renderer
                    .update_regions(scene, canvas, &mut self.regions)?;
                if let Some(gif) = self.gif.as_mut() {
                    gif.push_changed_regions(canvas, &self.regions, delay)?;
                }
            }
        }
        self.kept += 1;
        if self.progress.frame(self.kept) {
            Ok(())
        } else {
            Err(Error::Interrupted)
        }
    }

    /// Adds `ms` to the frame on screen (a hold).
    pub(crate) fn hold(&mut self, ms: u32) -> Result<()> {
        if let (Some(gif), Some(canvas)) = (self.gif.as_mut(), self.canvas.as_ref()) {
            gif.push(canvas, ms)?;
        } else {
            self.pending_ms += ms;
        }
        Ok(())
    }

    /// Holds the final frame, writes the trailer and reports what was made.
    pub(crate) fn finish(mut self, scene: &mut Scene, hold_ms: u32) -> Result<AnimationStats> {
        if self.gif.is_none() {
            // Nothing was shown yet (an empty trace): the animation is the scene as it stands.
            self.step(scene, 0, true)?;
        } else if scene.has_cell_changes() || scene.margin_changed() {
            // Changes from frames skipped by `every` at the very end.
            self.step(scene, 0, true)?;
        }
        self.hold(hold_ms)?;
        let gif = self
            .gif
            .take()
            .ok_or_else(|| Error::Encode("no frame".into()))?;
        let stats: GifStats = gif.finish()?;
        self.progress.finish();
        Ok(AnimationStats {
            frames: stats.frames,
            bytes: stats.bytes,
            steps: self.steps,
            truncated: self.truncated,
            width: self.renderer.layout().width(),
            height: self.renderer.layout().height(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Square;

    /// A writer that fails the test if anything reaches it: proves a refusal came before any output.
    struct MustNotWrite;

    impl Write for MustNotWrite {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            panic!("nothing may be written before the size check");
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn renderer(rows: u32, cols: u32, cell: u32, margin: u32) -> BoardRenderer {
        let mut style = Style::new(cell);
        style.margin = Some(margin);
        BoardRenderer::new(rows, cols, style.options(false, 0, 0)).unwrap()
    }

    #[test]
    fn too_wide_for_gif_is_refused_before_rendering() {
        // 7000 x 10 px cells = 70000 px wide: within the canvas limit, over the GIF limit.
        let mut progress = NoProgress;
        let err = FrameSink::new(
            renderer(5, 7000, 10, 0),
            MustNotWrite,
            Pacing::new(10, 10),
            &mut progress,
        )
        .err()
        .expect("refused");
        assert!(
            matches!(
                err,
                Error::GifTooLarge {
                    width: 70000,
                    height: 50,
                    limit: 65535,
                    max_cell: Some(9),
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn check_size_refuses_gif_sides_and_canvas_before_solving() {
        let style = Style::new(10);
        assert!(check_size(5, 6000, &style, false).is_ok());
        let e = check_size(5, 7000, &style, false).unwrap_err().to_string();
        assert!(e.contains("65535"), "{e}");
        let e = check_size(10_000, 10_000, &Style::new(48), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("268435456"), "{e}");
    }

    #[test]
    fn frame_limit_stops_with_advice() {
        let mut progress = NoProgress;
        let mut sink = FrameSink::new(
            renderer(2, 2, 4, 0),
            Vec::new(),
            Pacing::new(10, 10),
            &mut progress,
        )
        .unwrap();
        sink.frame_limit = 3;
        let mut scene = Scene::checkerboard(2, 2);
        for i in 0..3 {
            scene.push_path(Square::new(i % 2, 0));
            sink.step(&mut scene, 10, false).unwrap();
        }
        scene.push_path(Square::new(1, 1));
        let err = sink.step(&mut scene, 10, false).unwrap_err();
        assert!(matches!(err, Error::TooManyFrames { limit: 3 }), "{err}");
        assert!(err.to_string().contains("more than 3 frames"), "{err}");
    }
}
