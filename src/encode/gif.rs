//! Streaming animated GIF: one image block per distinct picture, small colour tables, merged repeats.
//!
//! [`GifWriter`] takes whole [`Canvas`] frames (palette indices, all drawn with one [`Palette`]) and writes
//! them to any [`Write`] as they come:
//!
//! - **One block per picture.** Every pushed picture that differs from the one before it is written as
//!   exactly one image block, so a viewer shows only pictures that were pushed, each for its own time.
//!   The first block covers the whole screen. Every later block is the bounding rectangle of all the
//!   pixels that changed, however far apart they lie; inside it, pixels that did not change are written
//!   as the transparent index (or, within a changed rectangle, in their own colour, see below) and the
//!   block has disposal [`Keep`](gif::DisposalMethod::Keep), so a viewer composes each block onto the
//!   picture before it. (An earlier version wrote a step whose changes lay far apart as several blocks,
//!   each but the last shown 2 cs: smaller, but a viewer then showed pictures that no step has.)
//! - **Merging.** A picture identical to the one before it is not written; its time is added to the
//!   earlier block. An animation whose pictures are all identical is a single block.
//! - **Colour tables.** See below: the transparent index is 0, the global table is the smallest that
//!   holds the palette, and a block whose colours fit a much smaller table carries one of its own. No
//!   colour is ever changed or quantized: the composed pictures equal the pushed ones exactly.
//! - **Compression.** Each block's LZW stream is greedy LZW (see `lzw.rs`), made by an encoder that jumps
//!   over runs of one index (the transparent pixels of a delta block) instead of walking them pixel by
//!   pixel, so a frame costs time for what changed in it and the rectangle around it.
//! - **Streaming.** The first blocks are held until the order of the global table is chosen from them (at
//!   most 64 blocks, or one screen of pixels besides the first frame; see `gif/order.rs`), then written
//!   with the header. After that exactly one frame is held back (its delay is not known until the next
//!   different frame or [`GifWriter::finish`]); everything before it is already in `out`. Memory is one
//!   copy of the current picture, two rectangle-sized scratch buffers reused from frame to frame, and the
//!   bounded warm-up, whatever the number of frames. Output is buffered internally, so `out` need not be
//!   buffered.
//!
//! # Colour tables
//!
//! The global colour table is the transparent entry (index 0) followed by every palette colour, padded to
//! the smallest power of two that holds them (2 to 256 entries): a 5-colour palette gives an 8-entry
//! table and, for a block using all its colours, code size 3. A block's LZW minimum code size depends
//! only on the highest index it uses, so the colours come in the order of use by the first blocks (the
//! number of those blocks using each, then its pixels, then the palette order; colours they do not use
//! follow in palette order). That order is a function of the pictures, so output stays deterministic.
//!
//! An animation's palette also holds the anti-aliasing ramps of every pair of colours that may meet
//! (189 colours for the 8-queens search, most of them never used in a given block), so a block may
//! use a handful of colours, one of them high in the table, and need code size 8 with it. Such a block
//! is written with a **local colour table** of exactly the colours it uses (the transparent entry
//! first) and the code size that table needs, when that is smaller after counting the table's bytes;
//! the choice is exact, from one compression (see `gif/tables.rs`).
//!
//! # Unchanged pixels
//!
//! An unchanged pixel may be written transparent or in the colour it already has: the viewer shows the
//! same picture either way. The changes of a block come as rectangles (one per region the caller
//! names, each the tight rectangle of what changed in it). Between them, unchanged pixels are always
//! transparent: one long run of one index, cheap for LZW. Inside each, the writer counts the changes of
//! index along the rows both ways (a vectorised compare, no compression) and writes the rectangle
//! whole, unchanged pixels in their own colours, when that has fewer: a square restored to its plain
//! fill is then one colour (the plain 8-queens search GIF: 22 % smaller) instead of the outline of the piece
//! that left it drawn on transparency.
//!
//! # Delays
//!
//! GIF delays are centiseconds. Each written frame lasts `round(end_ms / 10) - round(start_ms / 10)`
//! centiseconds, where `start_ms` and `end_ms` are running totals of the pushed delays, so rounding never
//! accumulates: the written delays sum to `round(total_ms / 10)`.
//!
//! Many viewers show a 0 cs delay as 100 ms, so no frame is written shorter than the minimum delay (1 cs by
//! default, see [`GifWriter::with_min_delay_cs`]). A picture that would be shorter is **dropped and its
//! time carried into the next picture**: the next block starts when the dropped one would have, and its
//! rectangle also repaints what the dropped picture changed. With the default minimum that happens
//! only to a picture shown under 10 ms (a step under about 5 ms, which the command line warns about);
//! such a picture is never seen, and no picture that was not pushed is ever shown. The last frame
//! cannot carry its time forward; it is written with at least the minimum delay, so the total can then
//! exceed `round(total_ms / 10)` by less than the minimum.
//!
//! A frame longer than 65535 cs (the format's limit, about 11 minutes) is written as the frame followed
//! by 1 x 1 fully transparent blocks, the time split evenly between them: they show the same picture.
//!
//! # Errors
//!
//! A frame of the wrong size, or with an index outside the palette, is refused with [`Error::Invalid`] and
//! leaves the writer usable. A failed write is [`Error::Encode`] carrying the operating system's message,
//! or [`Error::Io`] naming the file when one was given with [`GifWriter::with_path`]; after a failed write
//! the writer refuses further frames.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use crate::display::palette::{Palette, Rgb};
use crate::encode::lzw::{LzwEncoder, Parsed, IDENTITY};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

mod blocks;
mod delta;
mod order;
mod tables;

use delta::{
    build_delta, build_full, changed_rect, check_indices, check_rect_indices, copy_rect,
    repaint_opaque, PendingFrame,
};
use order::WarmUp;
use tables::Tables;

/// How many times the animation plays, written as the Netscape 2.0 looping extension.
///
/// `Times(n)` means **n plays in total** (what `--loop N` asks for): `Times(1)` plays once and writes no
/// looping extension at all; `Times(n)` for n >= 2 writes a loop count of `n - 1`, which browsers read as
/// "play once, then repeat n - 1 times". `Times(0)` is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Loop forever (loop count 0 in the extension).
    Forever,
    /// Play this many times in total (at least 1).
    Times(u16),
}

/// What [`GifWriter::finish`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GifStats {
    /// Image blocks written, after merging identical frames and dropping frames under the minimum delay
    /// (a hold longer than 65535 cs counts once per block it was split into).
    pub frames: u32,
    /// Bytes written to `out`, trailer included.
    pub bytes: u64,
    /// Sum of the written delays, in centiseconds.
    pub total_delay_cs: u64,
}

/// The largest side a GIF can have (its sizes are 16-bit).
pub const MAX_GIF_SIDE: u32 = u16::MAX as u32;

/// The most regions [`GifWriter::push_changed_regions`] compares one by one; more are compared as
/// their union.
const MAX_REGIONS: usize = 64;

/// The longest delay one GIF frame can carry, in centiseconds.
const MAX_FRAME_DELAY_CS: u64 = u16::MAX as u64;

/// A streaming animated-GIF encoder for palette-index canvases; see the [module docs](self).
pub struct GifWriter<W: Write> {
    /// The output before the header is written (see [`order`]), then the encoder writing to it.
    sink: Option<BufWriter<CountingWriter<W>>>,
    encoder: Option<gif::Encoder<BufWriter<CountingWriter<W>>>>,
    /// The looping extension to write after the header.
    repeat: Option<gif::Repeat>,
    width: u32,
    height: u32,
    /// Number of palette colours, and the colours.
    colors: u8,
    palette: Vec<Rgb>,
    /// The first blocks, held until the header is written.
    warm_up: WarmUp,
    /// The most recent distinct picture pushed (the pending frame's picture once composed).
    current: Vec<u8>,
    /// The frame held back until its end time is known.
    pending: Option<PendingFrame>,
    /// Scratch for building the next pending frame's pixels; swapped with the pending buffer.
    scratch: Vec<u8>,
    /// Running total of pushed delays.
    elapsed_ms: u64,
    min_delay_cs: u64,
    path: Option<PathBuf>,
    failed: bool,
    frames_written: u32,
    delay_written_cs: u64,
    /// The compressor, the parsed block and the compressed block (all reused from frame to
    /// frame).
    lzw: LzwEncoder,
    parsed: Parsed,
    compressed: Vec<u8>,
    tables: Tables,
    /// The text of the Comment Extension still to write, if any.
    comment: Option<String>,
}

impl<W: Write> GifWriter<W> {
    /// Starts a `width` x `height` animation drawn with `palette`. The header, the global colour table
    /// and (per `repeat`) the looping extension are written to `out` with the first blocks (see
    /// "Streaming" in the module docs), so a failure to write them is reported by a later push or by
    /// [`GifWriter::finish`].
    ///
    /// Refuses empty sizes and `Repeat::Times(0)` ([`Error::Invalid`]) and sides over 65535 pixels
    /// ([`Error::TooLarge`]).
    pub fn new(out: W, width: u32, height: u32, palette: &Palette, repeat: Repeat) -> Result<Self> {
        if width > MAX_GIF_SIDE || height > MAX_GIF_SIDE {
            return Err(Error::TooLarge(format!(
                "a GIF of {width} x {height} pixels exceeds the format's limit of {MAX_GIF_SIDE} pixels a side; draw it smaller"
            )));
        }
        if width == 0 || height == 0 {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!("a GIF of {width} x {height} pixels is empty"),
            ));
        }
        if repeat == Repeat::Times(0) {
            return Err(Error::invalid(
                InvalidKind::Image,
                "an animation must play at least once",
            ));
        }
        // Palette::new guarantees 1..=255 colours, so they and the transparent entry fit 256.
        let colors = u8::try_from(palette.len()).map_err(|_| {
            Error::invalid(
                InvalidKind::Image,
                format!(
                    "a GIF palette holds at most {} colours plus transparency, not {}",
                    Palette::MAX_COLORS,
                    palette.len()
                ),
            )
        })?;
        let sink = BufWriter::new(CountingWriter {
            inner: out,
            count: 0,
        });
        let loop_count = match repeat {
            Repeat::Forever => Some(gif::Repeat::Infinite),
            Repeat::Times(1) => None,
            Repeat::Times(n) => Some(gif::Repeat::Finite(n - 1)),
        };
        Ok(GifWriter {
            sink: Some(sink),
            encoder: None,
            repeat: loop_count,
            width,
            height,
            colors,
            palette: palette.colors().to_vec(),
            warm_up: WarmUp::default(),
            current: Vec::new(),
            pending: None,
            scratch: Vec::new(),
            elapsed_ms: 0,
            min_delay_cs: 1,
            comment: None,
            path: None,
            failed: false,
            frames_written: 0,
            delay_written_cs: 0,
            lzw: LzwEncoder::new(),
            parsed: Parsed::default(),
            compressed: Vec::new(),
            // Unused until the first blocks choose the order.
            tables: Tables::new(palette.colors(), IDENTITY),
        })
    }

    #[cfg(test)]
    /// Names the file `out` writes to, so a failed write is reported as [`Error::Io`] with that path
    /// instead of [`Error::Encode`].
    pub fn with_path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    #[cfg(test)]
    /// Sets the shortest delay a written frame may have, in centiseconds (default 1, never below 1).
    ///
    /// Browsers show delays of 0 and 1 cs as 100 ms; a minimum of 2 keeps very fast animations fast there,
    /// at the price of dropping the intermediate frames that would be shorter (see the module docs).
    pub fn with_min_delay_cs(mut self, cs: u16) -> Self {
        self.min_delay_cs = u64::from(cs.max(1));
        self
    }

    /// Adds `frame`, shown for `delay_ms` milliseconds. It must have the size given to [`GifWriter::new`]
    /// and only indices of the palette.
    pub fn push(&mut self, frame: &Canvas, delay_ms: u32) -> Result<()> {
        self.push_within(frame, &[frame.bounds()], delay_ms)
    }

    #[cfg(test)]
    /// Like [`GifWriter::push`], when the caller knows that every pixel outside `dirty` equals the previous
    /// frame's: only `dirty` is compared (the exact changed rectangle inside it is still computed). Pixels
    /// outside `dirty` that did change anyway are ignored until a later frame's comparison covers them.
    /// For the first frame `dirty` is ignored.
    pub fn push_changed(&mut self, frame: &Canvas, dirty: Rect, delay_ms: u32) -> Result<()> {
        self.push_changed_regions(frame, &[dirty], delay_ms)
    }

    /// Like [`GifWriter::push_changed`] with the promise that every pixel outside all of `regions`
    /// equals the previous frame's. Only the regions are compared and checked: a step that changes
    /// two squares far apart costs the comparison of the two squares, not of the rectangle spanning
    /// them. It is still written as one block, that rectangle, the pixels between the squares
    /// written as transparent.
    pub fn push_changed_regions(
        &mut self,
        frame: &Canvas,
        regions: &[Rect],
        delay_ms: u32,
    ) -> Result<()> {
        let bounds = frame.bounds();
        if regions.len() > MAX_REGIONS {
            // Many small regions (a frame that thinning made out of many steps): one look at
            // their union costs less than many short ones.
            let union = regions.iter().fold(Rect::default(), |u, r| u.union(r));
            return self.push_within(frame, &[union.intersect(&bounds)], delay_ms);
        }
        let clipped: Vec<Rect> = regions
            .iter()
            .map(|r| r.intersect(&bounds))
            .filter(|r| !r.is_empty())
            .collect();
        self.push_within(frame, &clipped, delay_ms)
    }

    /// Writes `text` (UTF-8) in a Comment Extension, where GIF keeps words about the picture
    /// (Pillow's `info["comment"]`, `gifsicle --info`): after the header when set before the
    /// first frame is written out, else after the last frame (which Pillow does not read).
    pub fn set_comment(&mut self, text: &str) {
        self.comment = Some(text.to_string());
    }

    /// Writes the held-back frame, the comment and the trailer, and flushes `out`.
    ///
    /// An animation needs at least one frame.
    pub fn finish(self) -> Result<GifStats> {
        self.finish_into_inner().map(|(stats, _)| stats)
    }

    /// Like [`GifWriter::finish`], also handing back `out` (for example a temporary file to persist).
    pub fn finish_into_inner(mut self) -> Result<(GifStats, W)> {
        self.check_usable()?;
        let Some(mut pending) = self.pending.take() else {
            return Err(Error::invalid(
                InvalidKind::Image,
                "an animation needs at least one frame",
            ));
        };
        let cs = self.pending_delay_cs(&pending).max(self.min_delay_cs);
        self.write_frame(&mut pending, cs)?;
        if self.encoder.is_none() {
            self.start()?;
        }
        let path = self.path.take();
        let mut encoder = self.encoder.take().ok_or_else(|| {
            Error::Encode("the GIF is incomplete because an earlier write failed".into())
        })?;
        if let Some(text) = self.comment.take() {
            encoder
                .write_raw_extension(gif::AnyExtension(0xFE), &[text.as_bytes()])
                .map_err(|e| encode_error(e, path.as_ref()))?;
        }
        let sink = encoder
            .into_inner()
            .map_err(|e| encode_error(e, path.as_ref()))?;
        let mut counting = sink
            .into_inner()
            .map_err(|e| io_error(e.into_error(), path.as_ref()))?;
        counting
            .inner
            .flush()
            .map_err(|e| io_error(e, path.as_ref()))?;
        let stats = GifStats {
            frames: self.frames_written,
            bytes: counting.count,
            total_delay_cs: self.delay_written_cs,
        };
        Ok((stats, counting.inner))
    }

    /// The shared body of the pushes: compare within `regions` (already clipped to the frame).
    fn push_within(&mut self, frame: &Canvas, regions: &[Rect], delay_ms: u32) -> Result<()> {
        self.check_usable()?;
        if frame.width() != self.width || frame.height() != self.height {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!(
                    "a frame of {} x {} pixels does not fit a {} x {} animation",
                    frame.width(),
                    frame.height(),
                    self.width,
                    self.height
                ),
            ));
        }
        let stride = self.width as usize;
        let cur = frame.pixels();
        let Some(mut pending) = self.pending.take() else {
            check_indices(cur, self.colors)?;
            self.current.clear();
            self.current.extend_from_slice(cur);
            build_full(cur, &mut self.scratch);
            self.pending = Some(PendingFrame {
                rect: frame.bounds(),
                pixels: std::mem::take(&mut self.scratch),
                parts: vec![frame.bounds()],
                delta: false,
                start_ms: 0,
            });
            self.elapsed_ms += u64::from(delay_ms);
            return Ok(());
        };
        // Each region's own changed rectangle; the frame's is their union.
        let parts: Vec<Rect> = regions
            .iter()
            .filter_map(|&r| changed_rect(&self.current, cur, stride, r))
            .collect();
        let Some(changed) = parts.iter().copied().reduce(|a, b| a.union(&b)) else {
            // Identical to the held frame: it just lasts longer.
            self.pending = Some(pending);
            self.elapsed_ms += u64::from(delay_ms);
            return Ok(());
        };
        if let Err(e) = parts
            .iter()
            .try_for_each(|&p| check_rect_indices(cur, stride, p, self.colors))
        {
            self.pending = Some(pending);
            return Err(e);
        }

        let cs = self.pending_delay_cs(&pending);
        let carried = cs < self.min_delay_cs;
        if !carried {
            if let Err(e) = self.write_frame(&mut pending, cs) {
                self.pending = Some(pending);
                return Err(e);
            }
        }
        // The new frame's pixels, relative to the last picture a viewer has composed.
        let mut pixels = std::mem::take(&mut self.scratch);
        let (rect, delta, start_ms) = if carried {
            let rect = changed.union(&pending.rect);
            build_delta(&self.current, cur, stride, rect, &parts, &mut pixels);
            // The dropped frame's opaque pixels differ from what the viewer shows; repaint them.
            repaint_opaque(&pending, cur, stride, rect, &mut pixels);
            // Its changes and these: what differs from the viewer's picture lies within them.
            pending.parts.extend_from_slice(&parts);
            (rect, pending.delta, pending.start_ms)
        } else {
            build_delta(&self.current, cur, stride, changed, &parts, &mut pixels);
            pending.parts.clear();
            pending.parts.extend_from_slice(&parts);
            (changed, true, self.elapsed_ms)
        };
        for &p in &parts {
            copy_rect(cur, &mut self.current, stride, p);
        }
        self.scratch = std::mem::replace(&mut pending.pixels, pixels);
        pending.rect = rect;
        pending.delta = delta;
        pending.start_ms = start_ms;
        self.pending = Some(pending);
        self.elapsed_ms += u64::from(delay_ms);
        Ok(())
    }

    /// The held frame's delay if it ended now, before applying the minimum.
    fn pending_delay_cs(&self, pending: &PendingFrame) -> u64 {
        round_cs(self.elapsed_ms) - round_cs(pending.start_ms)
    }

    fn check_usable(&self) -> Result<()> {
        if self.failed {
            return Err(Error::Encode(
                "the GIF is incomplete because an earlier write failed".into(),
            ));
        }
        Ok(())
    }
}

/// Part `part` of `cs` centiseconds split evenly into `parts` pieces, each at most 65535.
fn split_delay(cs: u64, parts: u64, part: u64) -> u16 {
    let piece = cs * (part + 1) / parts - cs * part / parts;
    u16::try_from(piece).unwrap_or(u16::MAX)
}

/// Milliseconds to centiseconds, rounding halves up.
fn round_cs(ms: u64) -> u64 {
    (ms + 5) / 10
}

/// Counts the bytes that reach the caller's writer.
struct CountingWriter<W> {
    inner: W,
    count: u64,
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.count += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn io_error(e: std::io::Error, path: Option<&PathBuf>) -> Error {
    match path {
        Some(path) => Error::io(path.clone(), e),
        None => Error::Encode(format!("cannot write the GIF: {e}")),
    }
}

fn encode_error(e: gif::EncodingError, path: Option<&PathBuf>) -> Error {
    match e {
        gif::EncodingError::Io(e) => io_error(e, path),
        other => Error::Encode(format!("GIF: {other}")),
    }
}
