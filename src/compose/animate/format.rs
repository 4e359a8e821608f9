//! The one dispatch over animation formats: every format that plays the step stream as a file.

use std::io::Write;

use crate::compose::stream::{Framing, Pacing, Progress, SequencePacing};
use crate::compose::style::Style;
use crate::error::Result;
use crate::scene::adapter::Adapter;

use super::rects::{animate_rects, RectFormat};
use super::video::animate_video;
use super::{animate_gif, ending_of, AnimationStats};

/// An animated picture format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimationFormat {
    /// GIF: 256 colours, times in hundredths of a second, no transparent page.
    Gif,
    /// Animated PNG: exact colours and milliseconds, transparency.
    Apng,
    /// Animated WebP, lossless: exact colours and milliseconds, transparency; at most 16,384
    /// pixels a side.
    Webp,
    /// MP4 video (H.264, 4:2:0): what slide programs play; exact milliseconds, colours within a
    /// few levels, no transparency; at most 3840 x 2160 pixels.
    Mp4,
}

/// Writes the animation of the events that `events` makes (each call starts them anew: APNG walks
/// them twice, once to count its frames) played on `adapter`'s first scene, in `format`.
#[allow(clippy::too_many_arguments)]
pub fn write_animation<A, I>(
    format: AnimationFormat,
    out: impl Write,
    adapter: A,
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
    let mut adapter = adapter;
    match format {
        AnimationFormat::Gif => {
            // A walk that draws nothing finds the words first, so the comment leads the file.
            let seq = SequencePacing { pacing, framing };
            let about = ending_of(adapter.clone(), events()?, seq, style, progress)?;
            animate_gif(
                out,
                &mut adapter,
                events()?,
                framing,
                style,
                pacing,
                progress,
                about,
            )
        }
        AnimationFormat::Apng => animate_rects(
            RectFormat::Apng,
            out,
            adapter,
            events,
            framing,
            style,
            pacing,
            progress,
        ),
        AnimationFormat::Webp => animate_rects(
            RectFormat::Webp,
            out,
            adapter,
            events,
            framing,
            style,
            pacing,
            progress,
        ),
        AnimationFormat::Mp4 => animate_video(
            out,
            &mut adapter,
            events()?,
            framing,
            style,
            pacing,
            progress,
        ),
    }
}
