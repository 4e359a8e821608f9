//! The one dispatch over animation formats: every format that plays the step stream as a file,
//! each an [`Encoder`] fed by the one walk of the steps.

use std::io::Write;

use crate::compose::captions::Cues;
use crate::compose::formats::{or_list, still_labels, FormatRow, Kind, FORMATS};
use crate::compose::stream::{play, Both, FRAME_LIMIT};
use crate::compose::stream::{Framing, Pacing, Progress, SequencePacing};
use crate::compose::style::{Background, Style};
use crate::compose::survey::{survey, Foreseen, Lookahead};
use crate::encode::gif::Repeat;
use crate::error::{Error, InvalidKind, Result};
use crate::raster::board::BoardRenderer;
use crate::scene::adapter::Adapter;
use crate::scene::problem::Problem;
use crate::scene::Scene;

use super::about::Ending;
use super::encoder::{Ahead, Encoder};
use super::gif::GifSink;
use super::rects::{RectFormat, RectSink};
use super::video::VideoSink;

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

/// Writes the animation of the events that `events` makes (each call starts them anew: a GIF
/// finds its words and an APNG counts its frames by a first walk that draws nothing,
/// [`foresee_animation`]) played on `adapter`'s first scene, in `format`.
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
    check(format, style, pacing)?;
    let first = adapter.first_scene();
    let encoder = encoder(format, out, &adapter, &first, style, pacing)?;
    // Walked ahead after the encoder is made: an APNG's resident peak is then 16.6 MiB, not 23.7,
    // for the 8-queens search; a GIF's is the same either way.
    let foreseen = if needs_foreseeing(format) {
        let look = Lookahead::default();
        let mut ahead = adapter.clone();
        let found = foresee_animation(
            format,
            &mut ahead,
            events()?,
            framing,
            style,
            pacing,
            look,
            progress,
        )?;
        if found.pictures() > FRAME_LIMIT {
            return Err(Error::TooManyFrames { limit: FRAME_LIMIT });
        }
        Some(found)
    } else {
        None
    };
    let seq = SequencePacing { pacing, framing };
    let mut none = None::<Cues<'_, '_, dyn Write>>;
    let (stats, _) = draw(
        encoder,
        &mut adapter,
        first,
        events()?,
        seq,
        style,
        foreseen.as_ref(),
        &mut none,
        progress,
    )?;
    Ok(stats)
}

/// Whether `format` must know something before its first frame besides the count: a GIF leads
/// with its words, an APNG states its frames. A WebP or an MP4 needs nothing ahead.
pub fn needs_foreseeing(format: AnimationFormat) -> bool {
    matches!(format, AnimationFormat::Gif | AnimationFormat::Apng)
}

/// The walk that draws nothing, before an animation of `events` on `adapter` (from its next first
/// scene) in `format`: the pictures it keeps and its steps, counted no further than `look` says,
/// the events of the whole stream where asked for, and what `format` states before its first
/// frame (a GIF's words, an APNG's frames). A walk of its own: the drawing
/// ([`write_foreseen_animation`]) walks the events again, so an animation walks them twice.
#[allow(clippy::too_many_arguments)]
pub fn foresee_animation<A: Adapter>(
    format: AnimationFormat,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    look: Lookahead,
    progress: &mut dyn Progress,
) -> Result<Foreseen> {
    let seq = SequencePacing { pacing, framing };
    let words = (format == AnimationFormat::Gif).then_some(style);
    survey(adapter, events, seq, words, look, progress)
}

/// Writes the animation of `events` played on `adapter`'s first scene in `format`, as
/// [`write_animation`] does, with what a walk ahead found (`foreseen`: a GIF's words, an APNG's
/// frames, from [`foresee_animation`] with the same stream, pacing and style; `None` for a WebP or
/// an MP4), and the WebVTT captions of its pictures written to `captions` as they are drawn (as
/// [`write_webvtt`](crate::write_webvtt) writes them): one walk of the events. Returns the
/// animation's stats and the captions' cues.
#[allow(clippy::too_many_arguments)]
pub fn write_foreseen_animation<A: Adapter>(
    format: AnimationFormat,
    out: impl Write,
    mut adapter: A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    foreseen: Option<&Foreseen>,
    captions: Option<&mut dyn Write>,
    progress: &mut dyn Progress,
) -> Result<(AnimationStats, Option<u64>)> {
    check(format, style, pacing)?;
    if needs_foreseeing(format) && foreseen.is_none() {
        return Err(Error::invalid(
            InvalidKind::Options,
            format!("{format:?} states what it shows before its first frame: foresee it first"),
        ));
    }
    let first = adapter.first_scene();
    let encoder = encoder(format, out, &adapter, &first, style, pacing)?;
    let seq = SequencePacing { pacing, framing };
    let mut cues = match captions {
        Some(out) => Some(Cues::start(out, style, false)?),
        None => None,
    };
    let stats = draw(
        encoder,
        &mut adapter,
        first,
        events,
        seq,
        style,
        foreseen,
        &mut cues,
        progress,
    )?;
    Ok(stats)
}

/// Writes the animation of `events` applied one by one to `adapter`'s first scene as a GIF: the
/// pictures of the step stream (see [`crate::frame_sequence`], which draws the same pictures as
/// files), each shown for its time, rendered as only what changed. Consecutive identical pictures
/// are one GIF frame lasting their times added; no frame shows anything but a step. The file says
/// what the whole animation shows in its comment, after the frames (the events are walked once).
pub fn animate<A: Adapter, W: Write>(
    out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    framing: Framing,
    style: &Style,
    pacing: Pacing,
    progress: &mut dyn Progress,
) -> Result<AnimationStats> {
    let format = AnimationFormat::Gif;
    check(format, style, pacing)?;
    let first = adapter.first_scene();
    let encoder = encoder(format, out, adapter, &first, style, pacing)?;
    let seq = SequencePacing { pacing, framing };
    let mut none = None::<Cues<'_, '_, dyn Write>>;
    let (stats, _) = draw(
        encoder, adapter, first, events, seq, style, None, &mut none, progress,
    )?;
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

/// Refuses what `format` cannot show with `style` and `pacing`, before any walk: what its row says
/// it cannot hold (a number of plays, a transparent page), then what a GIF cannot record.
fn check(format: AnimationFormat, style: &Style, pacing: Pacing) -> Result<()> {
    let row = FormatRow::of_animation(format);
    let refused = |words: String| Err(Error::invalid(InvalidKind::Options, words));
    if let (Some(why), Repeat::Times(n)) = (row.no_loop, pacing.repeat) {
        return refused(format!(
            "{} cannot say how often it plays ({n} times): {why}",
            row.article
        ));
    }
    if let (Some(why), Background::Transparent) = (row.opaque, style.background) {
        // "a still, an APNG or a WebP": every animation whose row keeps one.
        let keeping: Vec<&str> = std::iter::once("a still")
            .chain(
                FORMATS
                    .iter()
                    .filter(|f| matches!(f.kind, Kind::Animation(_)) && f.opaque.is_none())
                    .map(|f| f.article),
            )
            .collect();
        let keeping = or_list(&keeping);
        return refused(format!(
            "{} cannot keep a transparent page: {why}; draw it on a colour, or write {keeping} for a transparent page",
            row.article
        ));
    }
    // No animation records a resolution.
    if let Some(dpi) = style.dpi {
        return refused(format!(
            "{} records no resolution, so {dpi} pixels per inch cannot be kept; draw a still for a resolution: {}",
            row.article,
            still_labels()
        ));
    }
    Ok(())
}

/// The encoder of `format` for the pictures of `first`'s board, what its size cannot take refused
/// before the first picture.
fn encoder<'w, A: Adapter>(
    format: AnimationFormat,
    out: impl Write + 'w,
    adapter: &A,
    first: &Scene,
    style: &Style,
    pacing: Pacing,
) -> Result<Box<dyn Encoder + 'w>> {
    let opts = style.options_for(first, adapter.hints())?;
    let renderer = BoardRenderer::for_scene(first, opts)?;
    let repeat = pacing.repeat;
    Ok(match format {
        AnimationFormat::Gif => Box::new(GifSink::new(renderer, out, repeat)?),
        AnimationFormat::Apng | AnimationFormat::Webp => {
            let rects = if format == AnimationFormat::Apng {
                RectFormat::Apng
            } else {
                RectFormat::Webp
            };
            Box::new(RectSink::new(rects, renderer, style, out, repeat)?)
        }
        AnimationFormat::Mp4 => Box::new(VideoSink::new(renderer, out)?),
    })
}

/// Feeds the stream to `encoder` (and to `cues`, the captions beside it, where asked for) and
/// ends its file with the words `foreseen` found, or else those of the picture the stream ends on.
#[allow(clippy::too_many_arguments)]
fn draw<A: Adapter>(
    mut encoder: Box<dyn Encoder + '_>,
    adapter: &mut A,
    first: Scene,
    events: impl IntoIterator<Item = Result<A::Event>>,
    seq: SequencePacing,
    style: &Style,
    foreseen: Option<&Foreseen>,
    cues: &mut Option<Cues<'_, '_, dyn Write + '_>>,
    progress: &mut dyn Progress,
) -> Result<(AnimationStats, Option<u64>)> {
    // Told before the first picture what was found ahead (a GIF's words lead its file, where
    // readers look first; an APNG states its frames).
    if let Some(found) = foreseen {
        let frames = u32::try_from(found.apng_frames).map_err(|_| Error::TooManyFrames {
            limit: u64::from(u32::MAX),
        })?;
        encoder.surveyed(&Ahead {
            about: found.about.as_ref().and_then(Option::as_ref),
            frames,
        })?;
    }
    // The words not found ahead are the last picture's.
    let about = foreseen.and_then(|found| found.about.clone());
    let mut ending = about.is_none().then(|| Ending::new(style));
    let walked = {
        let mut both = Both(encoder.as_mut(), &mut ending);
        let mut all = Both(&mut both, cues);
        play(adapter, first, events, seq, progress, &mut all)?
    };
    let cued = match cues.take() {
        Some(cues) => Some(cues.finish(&walked)?),
        None => None,
    };
    let about = match about {
        Some(about) => about,
        None => ending.and_then(|e| e.description(walked.truncated)),
    };
    let encoded = encoder.finish(&walked, about.as_ref())?;
    progress.finish();
    let stats = AnimationStats {
        frames: encoded.frames,
        bytes: encoded.bytes,
        steps: walked.steps,
        truncated: walked.truncated,
        width: encoded.width,
        height: encoded.height,
        words_dropped: adapter.words_dropped(),
    };
    Ok((stats, cued))
}

#[cfg(test)]
#[path = "format_tests.rs"]
mod tests;
