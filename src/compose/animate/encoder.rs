//! What the four animation encoders (GIF, APNG, WebP, MP4) are to the one walk of the steps: a
//! [`FrameSink`] that draws each picture as only what changed, and ends its file once the stream
//! has ended.

use crate::compose::stream::{FrameSink, Walked};
use crate::error::Result;
use crate::scene::Description;

/// What an encoder must know before its first frame, found by a walk of the steps that draws
/// nothing ([`survey`](crate::compose::survey::survey)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ahead {
    /// Nothing: it says everything after its frames.
    Nothing,
    /// The animation's words, which lead the file (a GIF's comment, where readers look first).
    Words,
    /// The number of frames, stated in the header (APNG).
    Frames,
}

/// What the survey found, handed to the encoder before its first picture.
pub(super) struct Surveyed<'a> {
    /// The animation in words, when found.
    pub(super) about: Option<&'a Description>,
    /// The APNG frames the pictures make.
    pub(super) frames: u32,
}

/// A file written so far: its frames, bytes and picture size.
pub(super) struct Encoded {
    pub(super) frames: u32,
    pub(super) bytes: u64,
    pub(super) width: u32,
    pub(super) height: u32,
}

/// An animation encoder fed by the step stream.
pub(super) trait Encoder: FrameSink {
    /// What it must know before its first frame.
    fn ahead(&self) -> Ahead {
        Ahead::Nothing
    }

    /// Told what a survey found, before the first picture (only when [`Encoder::ahead`] asks).
    fn surveyed(&mut self, surveyed: &Surveyed<'_>) -> Result<()> {
        let _ = surveyed;
        Ok(())
    }

    /// Adds the final hold to the last picture, says `about` (the whole animation in words)
    /// where it has not yet, and ends the file.
    fn finish(self: Box<Self>, walked: &Walked, about: Option<&Description>) -> Result<Encoded>;
}
