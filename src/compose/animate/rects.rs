//! Animated PNG and WebP of the step stream: the first picture whole, every later one as the
//! rectangle around what the renderer repainted (WebP: around the pixels in it that changed),
//! shown for the picture's own time. Unlike the GIF these keep every colour and opacity exactly,
//! so a transparent page stays transparent.
//!
//! Every picture is one frame (or more, for a time too long for the format's fields), identical
//! neighbours included: APNG states its frame count before the first frame, and that count comes
//! from a first walk of the stream that applies the events without drawing (cheap next to
//! drawing), which cannot tell identical pictures apart. Memory does not grow with the frames.

use std::io::Write;

use crate::compose::page::see_through_margin;
use crate::compose::stream::{walk_steps, Framing, Pacing, Progress, SequencePacing, StepPicture};
use crate::compose::style::{Background, Style};
use crate::encode::apng::{frames_for, ApngWriter};
use crate::encode::rgba::RgbaMap;
use crate::encode::webp::{WebpWriter, MAX_WEBP_SIDE};
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::Adapter;

use super::about::Ending;
use super::AnimationStats;

/// Where the frames go.
enum Encoder<W: Write> {
    Apng(ApngWriter<W>),
    Webp(WebpWriter<W>),
}

/// Which of the two to write.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RectFormat {
    Apng,
    Webp,
}

/// Writes the stream of `events` (made anew by each call) played on `adapter` as an APNG or WebP.
#[allow(clippy::too_many_arguments)]
pub(crate) fn animate_rects<A, I>(
    format: RectFormat,
    out: impl Write,
    mut adapter: A,
    events: impl Fn() -> Result<I>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats>
where
    A: Adapter + Clone,
    I: IntoIterator<Item = Result<A::Event>>,
{
    style.check_for_animation()?;
    let seq = SequencePacing { pacing, framing };
    let scene = adapter.first_scene();
    let opts = style.options_for(&scene, adapter.hints())?;
    let mut renderer = BoardRenderer::for_scene(&scene, opts)?;
    let layout = *renderer.layout();
    let (width, height) = (layout.width(), layout.height());
    if format == RectFormat::Webp && (width > MAX_WEBP_SIDE || height > MAX_WEBP_SIDE) {
        return Err(Error::TooLarge(format!(
            "a WebP animation is at most {MAX_WEBP_SIDE} pixels on each side, and this one would be {width} x {height}: draw smaller cells, or write a GIF or APNG"
        )));
    }
    let palette = renderer.palette().clone();
    let transparent = style.background == Background::Transparent;
    let map = if transparent {
        RgbaMap::with_margin(&palette, layout.board_rect(), &see_through_margin(&palette))
    } else {
        RgbaMap::opaque(&palette)
    };
    let written = std::cell::Cell::new(0u64);
    let out = Counting {
        out,
        bytes: &written,
    };
    let mut encoder = match format {
        RectFormat::Apng => {
            let frames = count_frames(adapter.clone(), &events, seq, progress)?;
            let rgba = transparent.then_some(map);
            Encoder::Apng(ApngWriter::new(
                out,
                width,
                height,
                &palette,
                rgba,
                frames,
                pacing.repeat,
            )?)
        }
        RectFormat::Webp => Encoder::Webp(WebpWriter::new(out, width, height, map, pacing.repeat)?),
    };
    let mut canvas: Option<Canvas> = None;
    let mut regions = Vec::new();
    // A picture waits until the next one comes, so that the last gets the final hold; with it
    // the regions that changed (`None` for the first picture, all of which is new).
    let mut pending: Option<(Rect, Option<Vec<Rect>>, u32)> = None;
    let mut kept = 0u64;
    let mut ending = Ending::default();
    let walked = {
        let mut sink = |picture: StepPicture<'_>, progress: &mut dyn Progress| {
            ending.see(&picture, style);
            let (rect, changed) = match canvas.as_mut() {
                None => {
                    let c = renderer.render(picture.scene)?;
                    let all = c.bounds();
                    canvas = Some(c);
                    (all, None)
                }
                Some(c) => {
                    // The one before goes out first: its pixels are on the canvas until this update.
                    if let Some((rect, changed, ms)) = pending.take() {
                        push(&mut encoder, c, rect, changed.as_deref(), ms)?;
                    }
                    renderer.update_regions(picture.scene, c, &mut regions)?;
                    let union = regions.iter().fold(Rect::default(), |u, r| u.union(r));
                    (union, Some(regions.clone()))
                }
            };
            pending = Some((rect, changed, picture.time.ms));
            kept += 1;
            if progress.frame(kept) {
                Ok(())
            } else {
                Err(Error::Interrupted)
            }
        };
        walk_steps(&mut adapter, scene, events()?, seq, progress, &mut sink)?
    };
    let canvas = canvas.ok_or_else(|| Error::Encode("no picture".into()))?;
    if let Some((rect, changed, ms)) = pending {
        let ms = ms.saturating_add(walked.final_hold_ms);
        push(&mut encoder, &canvas, rect, changed.as_deref(), ms)?;
    }
    let about = ending.description(style, walked.truncated);
    let frames = match encoder {
        Encoder::Apng(w) => w.finish(about.as_ref())?,
        Encoder::Webp(w) => w.finish(about.as_ref())?.frames,
    };
    progress.finish();
    Ok(AnimationStats {
        frames,
        bytes: written.get(),
        steps: walked.steps,
        truncated: walked.truncated,
        width,
        height,
        words_dropped: adapter.words_dropped(),
    })
}

/// Sends one picture's rectangle to the encoder.
fn push<W: Write>(
    encoder: &mut Encoder<W>,
    canvas: &Canvas,
    rect: Rect,
    changed: Option<&[Rect]>,
    ms: u32,
) -> Result<()> {
    match encoder {
        Encoder::Apng(w) => w.push(canvas, rect, changed, ms),
        Encoder::Webp(w) => w.push(canvas, rect, changed, ms),
    }
}

/// The frames the APNG will have: a walk of the stream that applies the events and draws nothing.
fn count_frames<A, I>(
    mut adapter: A,
    events: &impl Fn() -> Result<I>,
    seq: SequencePacing,
    progress: &mut dyn Progress,
) -> Result<u32>
where
    A: Adapter,
    I: IntoIterator<Item = Result<A::Event>>,
{
    let scene = adapter.first_scene();
    let mut frames = 0u64;
    let mut last = 0u32;
    let mut sink = |picture: StepPicture<'_>, _: &mut dyn Progress| {
        // Nothing is drawn, so the changes are dropped here lest they pile up.
        picture.scene.clear_changes();
        frames += u64::from(frames_for(picture.time.ms));
        last = picture.time.ms;
        Ok(())
    };
    let walked = walk_steps(&mut adapter, scene, events()?, seq, progress, &mut sink)?;
    let frames = frames - u64::from(frames_for(last))
        + u64::from(frames_for(last.saturating_add(walked.final_hold_ms)));
    u32::try_from(frames).map_err(|_| Error::TooManyFrames {
        limit: u64::from(u32::MAX),
    })
}

/// A writer that counts the bytes through it.
struct Counting<'c, W> {
    out: W,
    bytes: &'c std::cell::Cell<u64>,
}

impl<W: Write> Write for Counting<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes.set(self.bytes.get() + n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
