//! MP4 video of the step stream: each picture one H.264 sample lasting the picture's own time, so
//! a three-second hold is one sample; only what the renderer repainted is converted again.
//!
//! A key picture (IDR) opens the video and then comes about every [`KEY_EVERY_MS`] of playing
//! time, so that a slide program or a browser can jump into a long video without decoding it from
//! the start; between them each picture is coded as the change from the one before.

use std::io::Write;

use crate::compose::stream::{walk_steps, Framing, Pacing, Progress, SequencePacing, StepPicture};
use crate::compose::style::{Background, Style};
use crate::encode::gif::Repeat;
use crate::encode::h264::{check_video_size, video_size, H264Encoder, COLOUR};
use crate::encode::mp4::Mp4Writer;
use crate::error::{Error, InvalidKind, Result};
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::adapter::Adapter;

use super::about::Ending;
use super::AnimationStats;

/// Playing time between key pictures, in milliseconds.
pub const KEY_EVERY_MS: u64 = 60_000;

/// Writes the stream of `events` played on `adapter` as an MP4 video.
pub(crate) fn animate_video<A, W>(
    out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats>
where
    A: Adapter,
    W: Write,
{
    style.check_for_animation()?;
    if style.background == Background::Transparent {
        return Err(Error::invalid(
            InvalidKind::Options,
            "an H.264 video has no transparency: draw it on a colour, or write an APNG or WebP for a transparent page",
        ));
    }
    if let Repeat::Times(n) = pacing.repeat {
        return Err(Error::invalid(
            InvalidKind::Options,
            format!("an MP4 video cannot say how often it plays ({n} times): the player or slide program loops it"),
        ));
    }
    let seq = SequencePacing { pacing, framing };
    let scene = adapter.first_scene();
    let opts = style.options_for(&scene, adapter.hints())?;
    let mut renderer = BoardRenderer::for_scene(&scene, opts)?;
    let layout = *renderer.layout();
    let (width, height) = (layout.width(), layout.height());
    check_video_size(width, height)?;
    let (vw, vh) = video_size(width, height);
    let mut encoder = H264Encoder::new(width, height, renderer.palette())?;
    let mut video = Mp4Writer::new(out, vw, vh, COLOUR)?;
    let mut canvas: Option<Canvas> = None;
    let mut regions = Vec::new();
    let mut kept = 0u64;
    let mut ending = Ending::default();
    // Playing time since the last key picture; `None` before the first.
    let mut since_key: Option<u64> = None;
    let walked = {
        let mut sink = |picture: StepPicture<'_>, progress: &mut dyn Progress| {
            ending.see(&picture, style);
            match canvas.as_mut() {
                None => {
                    let c = renderer.render(picture.scene)?;
                    encoder.paint(&c, c.bounds());
                    canvas = Some(c);
                }
                Some(c) => {
                    renderer.update_regions(picture.scene, c, &mut regions)?;
                    for r in &regions {
                        encoder.paint(c, *r);
                    }
                }
            }
            let key = since_key.is_none_or(|t| t >= KEY_EVERY_MS);
            let coded = encoder.encode(key)?;
            let ms = picture.time.ms;
            since_key = Some(if coded.key { 0 } else { since_key.unwrap_or(0) } + u64::from(ms));
            video.push(coded.nals(), coded.key, ms)?;
            kept += 1;
            if progress.frame(kept) {
                Ok(())
            } else {
                Err(Error::Interrupted)
            }
        };
        walk_steps(adapter, scene, events, seq, progress, &mut sink)?
    };
    video.extend_last(walked.final_hold_ms);
    if let Some(about) = ending.description(style, walked.truncated) {
        video.describe(&about);
    }
    let stats = video.finish()?;
    progress.finish();
    Ok(AnimationStats {
        frames: stats.frames,
        bytes: stats.bytes,
        steps: walked.steps,
        truncated: walked.truncated,
        width: vw,
        height: vh,
        words_dropped: adapter.words_dropped(),
    })
}
