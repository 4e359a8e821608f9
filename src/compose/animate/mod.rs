//! Animated GIFs of the three searches: one frame per step of the solver's trace, streamed to the
//! encoder as it is made, so memory does not grow with the number of frames.

mod about;
mod format;
pub mod problems;
mod rects;
mod video;

use std::io::Write;

pub(crate) use self::about::ending_of;
pub use self::format::{write_animation, AnimationFormat};
use crate::compose::stream::{walk_steps, SequencePacing, StepPicture, Walked};
pub use crate::compose::stream::{Framing, NoProgress, Pacing, Progress};
use crate::compose::style::Style;
use crate::display::layout::Layout;
use crate::encode::gif::{GifStats, GifWriter, Repeat, MAX_GIF_SIDE};
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::Adapter;
use crate::scene::problem::Problem;
use crate::scene::{Description, Scene};

use self::about::Ending;

/// Writes the animation of `events` applied one by one to `adapter`'s first scene: the pictures of
/// the step stream (see [`crate::frame_sequence`], which draws the same pictures as
/// files), each shown for its time, rendered as only what changed. Consecutive identical pictures
/// are one GIF frame lasting their times added; no frame shows anything but a step.
pub fn animate<A: Adapter, W: Write>(
    out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    animate_gif(out, adapter, events, framing, style, pacing, progress, None)
}

/// [`animate`], whose file says what the whole animation shows in its comment: `about` after the
/// header when known beforehand, else the words of the last picture after the frames.
#[allow(clippy::too_many_arguments)]
pub(crate) fn animate_gif<A: Adapter, W: Write>(
    out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
    about: Option<Description>,
) -> Result<AnimationStats> {
    style.check_for_gif()?;
    let scene = adapter.first_scene();
    let hints = adapter.hints();
    let opts = style.options_for(&scene, hints)?;
    let renderer = BoardRenderer::for_scene(&scene, opts)?;
    let mut sink = FrameSink::new(renderer, out, pacing.repeat)?;
    sink.comment = about.as_ref().map(Description::text);
    let mut ending = Ending::default();
    let walked = {
        let mut keep = |picture: StepPicture<'_>, progress: &mut dyn Progress| {
            ending.see(&picture, style);
            sink.push(picture.scene, picture.time.ms)?;
            if progress.frame(sink.kept) {
                Ok(())
            } else {
                Err(Error::Interrupted)
            }
        };
        let pacing = SequencePacing { pacing, framing };
        walk_steps(adapter, scene, events, pacing, progress, &mut keep)?
    };
    sink.hold(walked.final_hold_ms)?;
    let last = ending.description(style, walked.truncated);
    let mut stats = sink.finish(walked, about.or(last).as_ref())?;
    stats.words_dropped = adapter.words_dropped();
    progress.finish();
    Ok(stats)
}

/// Writes the animation of `problem`'s steps, drawn by `adapter` (the problem's own adapter,
/// perhaps wrapped, as [`Annotated`](crate::Annotated) does), framed as the problem's
/// [`Timing`](crate::Timing) says and paced by `pacing`: [`animate`] over the problem's events.
pub fn animate_problem<P, A, W>(
    out: W,
    adapter: &mut A,
    problem: &P,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats>
where
    P: Problem + ?Sized,
    A: Adapter<Event = P::Event>,
    W: Write,
{
    let framing = problem.timing().framing;
    animate(
        out,
        adapter,
        problem.events()?,
        framing,
        style,
        pacing,
        progress,
    )
}

/// What an animation made.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The first step caption that lost words to the figure's width, as it would have read
    /// ([`Adapter::words_dropped`](crate::Adapter::words_dropped)); `None`: every
    /// caption was shown whole.
    pub words_dropped: Option<String>,
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

/// Turns the stream's pictures into GIF frames: renders only what changed and holds the last frame.
pub(crate) struct FrameSink<W: Write> {
    renderer: BoardRenderer,
    canvas: Option<Canvas>,
    /// The rectangles the last update repainted (reused from frame to frame).
    regions: Vec<Rect>,
    gif: Option<GifWriter<W>>,
    out: Option<W>,
    repeat: Repeat,
    /// Pictures pushed so far.
    kept: u64,
    /// The GIF's comment when known before the first frame (then written after the header).
    comment: Option<String>,
}

impl<W: Write> FrameSink<W> {
    pub(crate) fn new(renderer: BoardRenderer, out: W, repeat: Repeat) -> Result<Self> {
        // Refused here, before the first frame is rendered (which may take seconds for a wide board).
        check_gif_side(renderer.layout())?;
        Ok(FrameSink {
            renderer,
            canvas: None,
            regions: Vec::new(),
            gif: None,
            out: Some(out),
            repeat,
            kept: 0,
            comment: None,
        })
    }

    /// Shows the scene's current state for `delay_ms` as the next picture.
    pub(crate) fn push(&mut self, scene: &mut Scene, delay_ms: u32) -> Result<()> {
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
                    self.repeat,
                )?;
                if let Some(text) = self.comment.as_deref() {
                    gif.set_comment(text);
                }
                gif.push(&canvas, delay_ms)?;
                self.gif = Some(gif);
                self.canvas = Some(canvas);
            }
            Some(canvas) => {
                self.renderer
                    .update_regions(scene, canvas, &mut self.regions)?;
                if let Some(gif) = self.gif.as_mut() {
                    gif.push_changed_regions(canvas, &self.regions, delay_ms)?;
                }
            }
        }
        self.kept += 1;
        Ok(())
    }

    /// Adds `ms` to the frame on screen (a hold).
    pub(crate) fn hold(&mut self, ms: u32) -> Result<()> {
        if let (Some(gif), Some(canvas)) = (self.gif.as_mut(), self.canvas.as_ref()) {
            if ms > 0 {
                gif.push(canvas, ms)?;
            }
        }
        Ok(())
    }

    /// Writes `about` (the whole animation in words) as the GIF's comment, then the trailer, and
    /// reports what was made.
    pub(crate) fn finish(
        mut self,
        walked: Walked,
        about: Option<&Description>,
    ) -> Result<AnimationStats> {
        let mut gif = self
            .gif
            .take()
            .ok_or_else(|| Error::Encode("no frame".into()))?;
        if let (None, Some(about)) = (&self.comment, about) {
            gif.set_comment(&about.text());
        }
        let stats: GifStats = gif.finish()?;
        Ok(AnimationStats {
            frames: stats.frames,
            bytes: stats.bytes,
            steps: walked.steps,
            truncated: walked.truncated,
            width: self.renderer.layout().width(),
            height: self.renderer.layout().height(),
            words_dropped: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = FrameSink::new(renderer(5, 7000, 10, 0), MustNotWrite, Repeat::Forever)
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
}
