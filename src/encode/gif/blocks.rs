//! Writing a held frame as an image block: its form, its colour table, the `gif` crate's framing.

use std::borrow::Cow;
use std::io::Write;

use crate::error::Result;
use crate::geom::Rect;

use super::delta::{fill_dense_parts, PendingFrame, TRANSPARENT};
use super::order::Held;
use super::tables::{Plan, Tables};
use super::{encode_error, split_delay, GifWriter, MAX_FRAME_DELAY_CS};
use crate::error::Error;

impl<W: Write> GifWriter<W> {
    /// Writes `frame` as one block lasting `cs` centiseconds, followed by 1 x 1 transparent blocks
    /// when the hold is longer than the format allows. `self.current` must be its picture.
    ///
    /// Each changed rectangle of a delta block is written in one of two forms that compose to
    /// the same picture: its changed pixels alone, transparent around them, or the whole of it
    /// (its unchanged pixels in their own colours, which the viewer already shows); see
    /// "Unchanged pixels" in the module docs.
    pub(super) fn write_frame(&mut self, frame: &mut PendingFrame, cs: u64) -> Result<()> {
        if frame.delta {
            fill_dense_parts(frame, &self.current, self.width as usize);
        }
        if self.encoder.is_none() {
            let held = Held {
                rect: frame.rect,
                pixels: frame.block().to_vec(),
                delta: frame.delta,
                cs,
            };
            let screen = self.width as usize * self.height as usize;
            if self.warm_up.hold(held, screen) {
                self.start()?;
            }
            return Ok(());
        }
        self.emit(frame.rect, frame.block(), frame.delta, cs)
    }

    /// Chooses the order of the global table from the held blocks, writes the header and them.
    pub(super) fn start(&mut self) -> Result<()> {
        let order = self.warm_up.choose(usize::from(self.colors));
        self.tables = Tables::new(&self.palette, order);
        let table = self.tables.global_table();
        let sink = self.sink.take().ok_or_else(|| {
            Error::Encode("the GIF is incomplete because an earlier write failed".into())
        })?;
        let (w, h) = (self.width as u16, self.height as u16);
        let started = gif::Encoder::new(sink, w, h, &table).and_then(|mut encoder| {
            if let Some(count) = self.repeat {
                encoder.set_repeat(count)?;
            }
            // A comment known before the first frame goes first, where every reader finds it.
            if let Some(text) = self.comment.take() {
                encoder.write_raw_extension(gif::AnyExtension(0xFE), &[text.as_bytes()])?;
            }
            Ok(encoder)
        });
        match started {
            Ok(encoder) => self.encoder = Some(encoder),
            Err(e) => {
                self.failed = true;
                return Err(encode_error(e, self.path.as_ref()));
            }
        }
        for held in std::mem::take(&mut self.warm_up.held) {
            self.emit(held.rect, &held.pixels, held.delta, held.cs)?;
        }
        Ok(())
    }

    /// Writes a block of GIF indices lasting `cs` centiseconds, followed by 1 x 1 transparent
    /// blocks when the hold is longer than the format allows.
    fn emit(&mut self, rect: Rect, pixels: &[u8], delta: bool, cs: u64) -> Result<()> {
        let parts = cs.div_ceil(MAX_FRAME_DELAY_CS).max(1);
        self.lzw.parse(pixels, &mut self.parsed);
        let plan = self.tables.plan(&self.parsed, delta);
        let transparent = delta.then_some(TRANSPARENT);
        let delay = split_delay(cs, parts, 0);
        self.write_parsed(rect, plan, transparent, delay)?;
        for part in 1..parts {
            let delay = split_delay(cs, parts, part);
            self.lzw.parse(&[TRANSPARENT], &mut self.parsed);
            let plan = self.tables.plan(&self.parsed, true);
            self.write_parsed(Rect::new(0, 0, 1, 1), plan, Some(TRANSPARENT), delay)?;
        }
        Ok(())
    }

    /// Writes the block in `self.parsed` (GIF indices) as `plan` says; any failure poisons the
    /// writer.
    fn write_parsed(
        &mut self,
        rect: Rect,
        plan: Plan,
        transparent: Option<u8>,
        delay_cs: u16,
    ) -> Result<()> {
        let map = self
            .tables
            .map_for(&self.parsed, transparent.is_some(), plan);
        self.compressed.clear();
        self.parsed.write(map, plan.min_size, &mut self.compressed);
        // Sizes and offsets lie within the screen, which `new` limited to 16 bits.
        let block = gif::Frame {
            delay: delay_cs,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            left: rect.x as u16,
            top: rect.y as u16,
            width: rect.width as u16,
            height: rect.height as u16,
            palette: plan.local.then(|| self.tables.take_local_table()),
            buffer: Cow::Borrowed(self.compressed.as_slice()),
            ..gif::Frame::default()
        };
        let written = match self.encoder.as_mut() {
            Some(encoder) => encoder.write_lzw_pre_encoded_frame(&block),
            None => Err(gif::EncodingError::Io(std::io::Error::other(
                "the GIF header is not written",
            ))),
        };
        if let Some(table) = block.palette {
            self.tables.give_back(table);
        }
        if let Err(e) = written {
            self.failed = true;
            return Err(encode_error(e, self.path.as_ref()));
        }
        self.frames_written += 1;
        self.delay_written_cs += u64::from(delay_cs);
        Ok(())
    }
}
