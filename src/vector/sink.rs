//! Text on its way to a vector file (SVG, TikZ): gathered in a buffer and written out in pieces of
//! about [`SPILL_AT`] bytes, so a document of millions of items never exists whole in memory.

use std::io::Write;

/// Text is gathered in a buffer of about this many bytes and then written out.
pub(crate) const SPILL_AT: usize = 1 << 16;

/// Text on its way to the output: append to `s`, then [`Sink::spill`].
pub(crate) struct Sink<'w, W: Write> {
    out: &'w mut W,
    pub(crate) s: String,
}

impl<'w, W: Write> Sink<'w, W> {
    /// An empty sink writing to `out`.
    pub(crate) fn new(out: &'w mut W) -> Sink<'w, W> {
        Sink {
            out,
            s: String::with_capacity(SPILL_AT + 4096),
        }
    }

    /// Writes out what was gathered once it is [`SPILL_AT`] bytes or more.
    pub(crate) fn spill(&mut self) -> std::io::Result<()> {
        if self.s.len() >= SPILL_AT {
            self.drain()?;
        }
        Ok(())
    }

    /// Writes out everything gathered.
    pub(crate) fn drain(&mut self) -> std::io::Result<()> {
        self.out.write_all(self.s.as_bytes())?;
        self.s.clear();
        Ok(())
    }
}
