//! Animated PNG and WebP of the step stream: the first picture whole, every later one as the
//! rectangle around what the renderer repainted (WebP: around the pixels in it that changed),
//! shown for the picture's own time. Unlike the GIF these keep every colour and opacity exactly,
//! so a transparent page stays transparent.
//!
//! Every picture is one frame (or more, for a time too long for the format's fields), identical
//! neighbours included: APNG states its frame count before the first frame, and that count comes
//! from a survey of the stream that applies the events without drawing (cheap next to drawing),
//! which cannot tell identical pictures apart. Memory does not grow with the frames.

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

use crate::compose::page::see_through_margin;
use crate::compose::stream::{told, FrameSink, Progress, StepPicture, Walked};
use crate::compose::style::{Background, Style};
use crate::display::palette::Palette;
use crate::encode::apng::ApngWriter;
use crate::encode::gif::Repeat;
use crate::encode::rgba::RgbaMap;
use crate::encode::webp::{WebpWriter, MAX_WEBP_SIDE};
use crate::error::{Error, Result};
use crate::geom::Rect;
use crate::raster::board::BoardRenderer;
use crate::raster::canvas::Canvas;
use crate::scene::Description;

use super::encoder::{Ahead, Encoded, Encoder};

/// Which of the two to write.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RectFormat {
    Apng,
    Webp,
}

/// Where the frames go: an APNG's writer is made once the survey has counted its frames.
enum Writer<W: Write> {
    Apng(ApngWriter<Counting<W>>),
    Webp(WebpWriter<Counting<W>>),
    /// An APNG waiting for its frame count.
    Waiting(Counting<W>),
    /// Between two states (never seen outside a call).
    Gone,
}

/// Turns the stream's pictures into APNG or WebP frames.
pub(super) struct RectSink<W: Write> {
    renderer: BoardRenderer,
    palette: Palette,
    /// The colours of a transparent page, for the APNG (the WebP always takes a map).
    rgba: Option<RgbaMap>,
    repeat: Repeat,
    writer: Writer<W>,
    written: Rc<Cell<u64>>,
    canvas: Option<Canvas>,
    regions: Vec<Rect>,
    /// A picture waits until the next one comes, so that the last gets the final hold; with it
    /// the regions that changed (`None` for the first picture, all of which is new).
    pending: Option<(Rect, Option<Vec<Rect>>, u32)>,
    kept: u64,
}

impl<W: Write> RectSink<W> {
    /// Checks what the format cannot take and makes the renderer's colours into the format's.
    pub(super) fn new(
        format: RectFormat,
        renderer: BoardRenderer,
        style: &Style,
        out: W,
        repeat: Repeat,
    ) -> Result<Self> {
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
        let written = Rc::new(Cell::new(0u64));
        let out = Counting {
            out,
            bytes: Rc::clone(&written),
        };
        let (writer, rgba) = match format {
            RectFormat::Apng => (Writer::Waiting(out), transparent.then_some(map)),
            RectFormat::Webp => (
                Writer::Webp(WebpWriter::new(out, width, height, map, repeat)?),
                None,
            ),
        };
        Ok(RectSink {
            renderer,
            palette,
            rgba,
            repeat,
            writer,
            written,
            canvas: None,
            regions: Vec::new(),
            pending: None,
            kept: 0,
        })
    }
}

impl<W: Write> FrameSink for RectSink<W> {
    fn wants_words(&self, _: bool) -> bool {
        false
    }

    fn picture(
        &mut self,
        picture: &mut StepPicture<'_>,
        progress: &mut dyn Progress,
    ) -> Result<()> {
        let (rect, changed) = match self.canvas.as_mut() {
            None => {
                let c = self.renderer.render(picture.scene)?;
                let all = c.bounds();
                self.canvas = Some(c);
                (all, None)
            }
            Some(c) => {
                // The one before goes out first: its pixels are on the canvas until this update.
                if let Some((rect, changed, ms)) = self.pending.take() {
                    push(&mut self.writer, c, rect, changed.as_deref(), ms)?;
                }
                self.renderer
                    .update_regions(picture.scene, c, &mut self.regions)?;
                let union = self.regions.iter().fold(Rect::default(), |u, r| u.union(r));
                (union, Some(self.regions.clone()))
            }
        };
        self.pending = Some((rect, changed, picture.time.ms));
        self.kept += 1;
        told(progress, self.kept)
    }
}

impl<W: Write> Encoder for RectSink<W> {
    /// An APNG's header states the frames counted ahead.
    fn surveyed(&mut self, surveyed: &Ahead<'_>) -> Result<()> {
        if !matches!(self.writer, Writer::Waiting(_)) {
            return Ok(());
        }
        if let Writer::Waiting(out) = std::mem::replace(&mut self.writer, Writer::Gone) {
            let layout = self.renderer.layout();
            self.writer = Writer::Apng(ApngWriter::new(
                out,
                layout.width(),
                layout.height(),
                &self.palette,
                self.rgba.take(),
                surveyed.frames,
                self.repeat,
            )?);
        }
        Ok(())
    }

    fn finish(
        mut self: Box<Self>,
        walked: &Walked,
        about: Option<&Description>,
    ) -> Result<Encoded> {
        let canvas = self
            .canvas
            .take()
            .ok_or_else(|| Error::Encode("no picture".into()))?;
        if let Some((rect, changed, ms)) = self.pending.take() {
            let ms = ms.saturating_add(walked.final_hold_ms);
            push(&mut self.writer, &canvas, rect, changed.as_deref(), ms)?;
        }
        let frames = match std::mem::replace(&mut self.writer, Writer::Gone) {
            Writer::Apng(w) => w.finish(about)?,
            Writer::Webp(w) => w.finish(about)?.frames,
            Writer::Waiting(_) | Writer::Gone => {
                return Err(Error::Encode("an APNG without its frame count".into()))
            }
        };
        let layout = self.renderer.layout();
        Ok(Encoded {
            frames,
            bytes: self.written.get(),
            width: layout.width(),
            height: layout.height(),
        })
    }
}

/// Sends one picture's rectangle to the writer.
fn push<W: Write>(
    writer: &mut Writer<W>,
    canvas: &Canvas,
    rect: Rect,
    changed: Option<&[Rect]>,
    ms: u32,
) -> Result<()> {
    match writer {
        Writer::Apng(w) => w.push(canvas, rect, changed, ms),
        Writer::Webp(w) => w.push(canvas, rect, changed, ms),
        Writer::Waiting(_) | Writer::Gone => {
            Err(Error::Encode("an APNG without its frame count".into()))
        }
    }
}

/// A writer that counts the bytes through it.
struct Counting<W> {
    out: W,
    bytes: Rc<Cell<u64>>,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.bytes.set(self.bytes.get() + n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}
