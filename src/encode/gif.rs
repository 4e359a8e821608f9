//! Streaming animated GIF: one global palette, delta frames, merged repeats.
//!
//! [`GifWriter`] takes whole [`Canvas`] frames (palette indices, all drawn with one [`Palette`]) and writes
//! them to any [`Write`] as they come:
//!
//! - **Palette.** One global colour table: the palette's colours followed by one extra entry, index
//!   `palette.len()`, used as the transparent index. There are no local tables and no quantization.
//! - **Frames.** The first frame covers the whole screen. Every later frame covers only the bounding
//!   rectangle of the pixels that changed; inside it, pixels that did not change are written as the
//!   transparent index (long runs of one index compress well) and the frame declares that index transparent
//!   with disposal [`Keep`](gif::DisposalMethod::Keep), so a viewer composes each frame onto the previous.
//! - **Split steps.** A frame whose changes lie far apart (see [`GifWriter::push_changed_regions`]) is
//!   written as one block per group of nearby changes instead of one rectangle spanning them all,
//!   when that saves the unchanged pixels between them and the frame lasts long enough; see below.
//! - **Merging.** A frame identical to the one before it is not written; its delay is added to the earlier
//!   frame. An animation whose frames are all identical is a single frame.
//! - **Compression.** The LZW stream of each block is the one the `gif` crate would write, made by an
//!   encoder that jumps over runs of one index (the transparent pixels of a delta frame) instead of
//!   walking them pixel by pixel, so a frame costs time for what changed in it.
//! - **Streaming.** Exactly one frame is held back (its delay is not known until the next different frame
//!   or [`GifWriter::finish`]); everything before it is already in `out`. Memory is one copy of the
//!   current picture plus two rectangle-sized scratch buffers, reused from frame to frame, whatever the
//!   number of frames. Output is buffered internally, so `out` need not be buffered.
//!
//! # Delays
//!
//! GIF delays are centiseconds. Each written frame lasts `round(end_ms / 10) - round(start_ms / 10)`
//! centiseconds, where `start_ms` and `end_ms` are running totals of the pushed delays, so rounding never
//! accumulates: the written delays sum to `round(total_ms / 10)`.
//!
//! Many viewers show a 0 cs delay as 100 ms, so no frame is written shorter than the minimum delay (1 cs by
//! default, see [`GifWriter::with_min_delay_cs`]). A frame that would be shorter is **dropped and its time
//! carried into the next frame**: the next frame starts when the dropped one would have, and its rectangle
//! also repaints what the dropped frame changed. The dropped picture is simply never seen (it would have
//! lasted under 10 ms). The last frame cannot carry its time forward; it is written with at least the
//! minimum delay, so the total can then exceed `round(total_ms / 10)` by less than the minimum.
//!
//! A frame longer than 65535 cs (the format's limit, about 11 minutes) is written as the frame followed
//! by 1 x 1 fully transparent frames, the time split evenly between them.
//!
//! # Split steps
//!
//! A step that changes two places far apart (the queen just placed and the previous one un-framed a
//! column away) costs, as one rectangle, the LZW codes of every transparent run between them. When
//! the changes group into several rectangles whose bounding rectangle would add many unchanged
//! pixels, each group is written as a block of its own (disposal Keep, unchanged pixels
//! transparent): every block but the last lasts 2 cs, the last the rest of the step, so the step's
//! total time and its final picture are unchanged. For those 20 ms a viewer shows the step partly
//! drawn (the old queen un-framed before the new one appears), too short to notice; 2 cs because
//! browsers show 0 and 1 cs as 100 ms. A step too short for every block to last 2 cs (and the
//! minimum delay) is written as one rectangle. The grouping and the decision are in `split.rs`.
//!
//! # Errors
//!
//! A frame of the wrong size, or with an index outside the palette, is refused with [`Error::Invalid`] and
//! leaves the writer usable. A failed write is [`Error::Encode`] carrying the operating system's message,
//! or [`Error::Io`] naming the file when one was given with [`GifWriter::with_path`]; after a failed write
//! the writer refuses further frames.

use std::borrow::Cow;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use crate::display::palette::Palette;
use crate::encode::lzw::LzwEncoder;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

mod delta;
mod split;

use delta::{
    build_delta, changed_rect, check_indices, check_rect_indices, copy_rect, repaint_opaque,
    PendingFrame,
};

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
    encoder: gif::Encoder<BufWriter<CountingWriter<W>>>,
    width: u32,
    height: u32,
    /// Number of palette colours; also the transparent index.
    transparent: u8,
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
    /// The compressor, and the compressed block it fills (both reused from frame to frame).
    lzw: LzwEncoder,
    compressed: Vec<u8>,
    /// One group's pixels cut out of a split frame (reused from frame to frame).
    cropped: Vec<u8>,
}

impl<W: Write> GifWriter<W> {
    /// Starts a `width` x `height` animation drawn with `palette`, writing the header, the global colour
    /// table and (per `repeat`) the looping extension to `out` at once.
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
        // Palette::new guarantees 1..=255 colours, so the transparent index fits in a u8.
        let transparent = u8::try_from(palette.len()).map_err(|_| {
            Error::invalid(
                InvalidKind::Image,
                format!(
                    "a GIF palette holds at most {} colours plus transparency, not {}",
                    Palette::MAX_COLORS,
                    palette.len()
                ),
            )
        })?;
        let mut table: Vec<u8> = palette.colors().iter().flatten().copied().collect();
        table.extend_from_slice(&[0, 0, 0]);
        let sink = BufWriter::new(CountingWriter {
            inner: out,
            count: 0,
        });
        let mut encoder = gif::Encoder::new(sink, width as u16, height as u16, &table)
            .map_err(|e| encode_error(e, None))?;
        let loop_count = match repeat {
            Repeat::Forever => Some(gif::Repeat::Infinite),
            Repeat::Times(1) => None,
            Repeat::Times(n) => Some(gif::Repeat::Finite(n - 1)),
        };
        if let Some(count) = loop_count {
            encoder
                .set_repeat(count)
                .map_err(|e| encode_error(e, None))?;
        }
        Ok(GifWriter {
            encoder,
            width,
            height,
            transparent,
            current: Vec::new(),
            pending: None,
            scratch: Vec::new(),
            elapsed_ms: 0,
            min_delay_cs: 1,
            path: None,
            failed: false,
            frames_written: 0,
            delay_written_cs: 0,
            lzw: LzwEncoder::new(),
            compressed: Vec::new(),
            cropped: Vec::new(),
        })
    }

    /// Names the file `out` writes to, so a failed write is reported as [`Error::Io`] with that path
    /// instead of [`Error::Encode`].
    pub fn with_path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

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

    /// Like [`GifWriter::push`], when the caller knows that every pixel outside `dirty` equals the previous
    /// frame's: only `dirty` is compared (the exact changed rectangle inside it is still computed). Pixels
    /// outside `dirty` that did change anyway are ignored until a later frame's comparison covers them.
    /// For the first frame `dirty` is ignored.
    pub fn push_changed(&mut self, frame: &Canvas, dirty: Rect, delay_ms: u32) -> Result<()> {
        self.push_changed_regions(frame, &[dirty], delay_ms)
    }

    /// Like [`GifWriter::push_changed`] with the promise that every pixel outside all of `regions`
    /// equals the previous frame's. Only the regions are compared and checked: a step that changes
    /// two squares far apart costs the two squares, not the rectangle spanning them; when it lasts
    /// long enough it is also written as one block per square (see "Split steps" in the module
    /// docs), else as the rectangle spanning them, the pixels between written as transparent.
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

    /// Writes the held-back frame and the trailer, and flushes `out`.
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
        let path = self.path.take();
        let sink = self
            .encoder
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
            check_indices(cur, self.transparent)?;
            self.current.clear();
            self.current.extend_from_slice(cur);
            self.scratch.clear();
            self.scratch.extend_from_slice(cur);
            self.pending = Some(PendingFrame {
                rect: frame.bounds(),
                pixels: std::mem::take(&mut self.scratch),
                groups: vec![frame.bounds()],
                gaps_filled: true,
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
            .try_for_each(|&p| check_rect_indices(cur, stride, p, self.transparent))
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
        let (rect, groups, gaps_filled, delta, start_ms) = if carried {
            let rect = changed.union(&pending.rect);
            // The dropped frame is read whole below.
            pending.fill_gaps(self.transparent);
            build_delta(
                &self.current,
                cur,
                stride,
                (rect, &[rect]),
                &parts,
                self.transparent,
                &mut pixels,
            );
            // The dropped frame's opaque pixels differ from what the viewer shows; repaint them.
            repaint_opaque(&pending, cur, stride, rect, self.transparent, &mut pixels);
            let mut changes = std::mem::take(&mut pending.groups);
            changes.extend_from_slice(&parts);
            let groups = split::group_changes(&changes);
            (rect, groups, true, pending.delta, pending.start_ms)
        } else {
            let groups = split::group_changes(&parts);
            build_delta(
                &self.current,
                cur,
                stride,
                (changed, &groups),
                &parts,
                self.transparent,
                &mut pixels,
            );
            let filled = groups.len() == 1 && groups[0] == changed;
            (changed, groups, filled, true, self.elapsed_ms)
        };
        for &p in &parts {
            copy_rect(cur, &mut self.current, stride, p);
        }
        self.scratch = std::mem::replace(&mut pending.pixels, pixels);
        pending.rect = rect;
        pending.groups = groups;
        pending.gaps_filled = gaps_filled;
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

    /// Writes `frame` lasting `cs` centiseconds: as one block per group when it has several and
    /// lasts long enough (see [`split`]), else as its bounding rectangle.
    fn write_frame(&mut self, frame: &mut PendingFrame, cs: u64) -> Result<()> {
        let transparent = frame.delta.then_some(self.transparent);
        let Some((part_cs, last_cs)) =
            split::split_delays(cs, frame.groups.len(), self.min_delay_cs)
        else {
            frame.fill_gaps(self.transparent);
            let area = frame.rect.width as usize * frame.rect.height as usize;
            return self.write_held(frame.rect, &frame.pixels[..area], transparent, cs);
        };
        let mut cropped = std::mem::take(&mut self.cropped);
        let (last, parts) = frame.groups.split_last().expect("a split frame has groups");
        let mut result = Ok(());
        for &group in parts {
            split::crop(&frame.pixels, frame.rect, group, &mut cropped);
            // Part delays are 2..=65535 cs, a u16.
            result = self.write_block(group, &cropped, transparent, part_cs as u16);
            if result.is_err() {
                break;
            }
        }
        if result.is_ok() {
            split::crop(&frame.pixels, frame.rect, *last, &mut cropped);
            result = self.write_held(*last, &cropped, transparent, last_cs);
        }
        self.cropped = cropped;
        result
    }

    /// Writes one block lasting `cs` centiseconds, followed by 1 x 1 transparent blocks when the
    /// hold is longer than the format allows.
    fn write_held(
        &mut self,
        rect: Rect,
        pixels: &[u8],
        transparent: Option<u8>,
        cs: u64,
    ) -> Result<()> {
        let parts = cs.div_ceil(MAX_FRAME_DELAY_CS).max(1);
        self.write_block(rect, pixels, transparent, split_delay(cs, parts, 0))?;
        let hold = [self.transparent];
        for part in 1..parts {
            let delay = split_delay(cs, parts, part);
            self.write_block(Rect::new(0, 0, 1, 1), &hold, Some(self.transparent), delay)?;
        }
        Ok(())
    }

    /// Writes one image block; any failure poisons the writer.
    fn write_block(
        &mut self,
        rect: Rect,
        pixels: &[u8],
        transparent: Option<u8>,
        delay_cs: u16,
    ) -> Result<()> {
        self.compressed.clear();
        self.lzw.encode(pixels, &mut self.compressed);
        let pixels = self.compressed.as_slice();
        // Sizes and offsets lie within the screen, which `new` limited to 16 bits.
        let block = gif::Frame {
            delay: delay_cs,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            left: rect.x as u16,
            top: rect.y as u16,
            width: rect.width as u16,
            height: rect.height as u16,
            buffer: Cow::Borrowed(pixels),
            ..gif::Frame::default()
        };
        if let Err(e) = self.encoder.write_lzw_pre_encoded_frame(&block) {
            self.failed = true;
            return Err(encode_error(e, self.path.as_ref()));
        }
        self.frames_written += 1;
        self.delay_written_cs += u64::from(delay_cs);
        Ok(())
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
