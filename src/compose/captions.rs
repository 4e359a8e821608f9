//! Captions for an animation: a WebVTT file with one cue per picture of the step stream, at the
//! picture's time (the times `frames.txt` lists: the step delay, the hold of a solution, the final
//! hold on the last), saying what the picture shows (its description: the step's words first).
//! Players show it beside a video (HTML `<track>`, VLC, PowerPoint's "Insert captions").
//!
//! On their own ([`write_webvtt`]) the cues walk the stream without drawing, so they cost what
//! describing the pictures costs; beside an animation they are a second sink of its drawing walk
//! ([`write_foreseen_animation`](crate::walks::write_foreseen_animation)). They are written as
//! they come, one behind, since the last one's end waits for the final hold.

use std::fmt::Write as _;
use std::io::Write;

use crate::compose::stream::{
    play, told, FrameSink, Progress, SequencePacing, StepPicture, Walked,
};
use crate::compose::style::Style;
use crate::error::{Error, Result};
use crate::scene::adapter::Adapter;

/// Writes the WebVTT captions of the animation that `adapter` and `events` make with `pacing`
/// (the same stream and pacing the animation was made with), each picture described as `style`
/// says (its language, `--alt`); returns the number of cues.
///
/// ```
/// use chessviz::queens::{QueensAdapter, QueensMovie, QueensStyle};
/// use chessviz::{write_webvtt, Framing, NoProgress, Pacing, SequencePacing, StepCaptions, Style};
///
/// let style = Style::new(20);
/// let mut adapter = StepCaptions::new(QueensAdapter::new(4, QueensStyle::default()), &style, None);
/// let events = QueensMovie::Search { until: Some(1) }.events(4)?;
/// let pacing = SequencePacing {
///     pacing: Pacing::new(500, 3000),
///     framing: Framing { opening: true, final_hold: false },
/// };
/// let mut vtt = Vec::new();
/// let cues = write_webvtt(&mut vtt, &mut adapter, events, pacing, &style, &mut NoProgress)?;
/// let vtt = String::from_utf8(vtt).unwrap();
/// assert!(vtt.starts_with("WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.500\nstart\n"));
/// assert_eq!(vtt.matches(" --> ").count() as u64, cues);
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn write_webvtt<A: Adapter, W: Write>(
    mut out: W,
    adapter: &mut A,
    events: impl IntoIterator<Item = Result<A::Event>>,
    pacing: SequencePacing,
    style: &Style,
    progress: &mut dyn Progress,
) -> Result<u64> {
    let first = adapter.first_scene();
    let mut sink = Cues::start(&mut out, style, true)?;
    let walked = play(adapter, first, events, pacing, progress, &mut sink)?;
    sink.finish(&walked)
}

fn io(e: std::io::Error) -> Error {
    Error::io("the captions", e)
}

/// One cue: its number, its start and length in milliseconds, its text.
type Cue = (u64, u64, u64, String);

/// Writes a cue per picture, one behind: the last one's end waits for the final hold. A sink of
/// its own walk, or the second sink of an animation's drawing walk, which then writes its
/// captions as it draws its frames.
pub(crate) struct Cues<'o, 's, W: Write + ?Sized> {
    out: &'o mut W,
    style: &'s Style,
    /// The cue before the current one.
    pending: Option<Cue>,
    clock: u64,
    cues: u64,
    /// Whether the cues are the progress heard of (not when an encoder beside them tells it).
    tells: bool,
}

impl<'o, 's, W: Write + ?Sized> Cues<'o, 's, W> {
    /// Starts the captions in `out` (its header), each picture to be described as `style` says;
    /// `tells`: the progress hears of each cue.
    pub(crate) fn start(out: &'o mut W, style: &'s Style, tells: bool) -> Result<Self> {
        out.write_all(b"WEBVTT\n").map_err(io)?;
        Ok(Cues {
            out,
            style,
            pending: None,
            clock: 0,
            cues: 0,
            tells,
        })
    }

    /// Writes the last cue, held as the stream that `walked` says ended holds it; returns the
    /// number of cues.
    pub(crate) fn finish(mut self, walked: &Walked) -> Result<u64> {
        if let Some(cue) = self.pending.take() {
            write_cue(self.out, &cue, u64::from(walked.final_hold_ms)).map_err(io)?;
        }
        self.out.flush().map_err(io)?;
        Ok(self.cues)
    }
}

impl<W: Write + ?Sized> FrameSink for Cues<'_, '_, W> {
    fn wants_words(&self, _: bool) -> bool {
        true
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        if let Some(cue) = self.pending.take() {
            write_cue(self.out, &cue, 0).map_err(io)?;
        }
        let about = self.style.description_of(picture.scene);
        self.cues += 1;
        let ms = u64::from(picture.time.ms);
        let text = cue_text(&about.short, &about.detail);
        self.pending = Some((self.cues, self.clock, ms, text));
        self.clock += ms;
        if self.tells {
            told(progress, self.cues)
        } else {
            Ok(())
        }
    }
}

/// One cue: its number, its times and its text, `extra` milliseconds added to its end.
fn write_cue<W: Write + ?Sized>(
    out: &mut W,
    (number, start, ms, text): &Cue,
    extra: u64,
) -> std::io::Result<()> {
    let end = start + ms + extra;
    let mut cue = String::new();
    let _ = write!(
        cue,
        "\n{number}\n{} --> {}\n{text}\n",
        timestamp(*start),
        timestamp(end)
    );
    out.write_all(cue.as_bytes())
}

/// `hh:mm:ss.ttt`, as WebVTT writes times.
fn timestamp(ms: u64) -> String {
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    let (m, rest) = (rest / 60_000, rest % 60_000);
    format!("{h:02}:{m:02}:{:02}.{:03}", rest / 1000, rest % 1000)
}

/// A cue's text: the short part on its first line, the detail on the next (blank lines, which end
/// a cue, and the markup characters `&`, `<`, `>` made safe).
fn cue_text(short: &str, detail: &str) -> String {
    let safe = |t: &str| {
        t.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let (short, detail) = (safe(short), safe(detail));
    if detail.is_empty() {
        short
    } else {
        format!("{short}\n{detail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_as_webvtt_writes_them() {
        assert_eq!(timestamp(0), "00:00:00.000");
        assert_eq!(timestamp(3_723_456), "01:02:03.456");
        assert_eq!(
            cue_text("a --> b", "x & <y>\n\nz"),
            "a --&gt; b\nx &amp; &lt;y&gt;\nz"
        );
    }
}
