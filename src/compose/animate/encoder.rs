//! What the four animation encoders (GIF, APNG, WebP, MP4) are to the one walk of the steps: a
//! [`FrameSink`] that draws each picture as only what changed, and ends its file once the stream
//! has ended.

use crate::compose::stream::{FrameSink, Walked};
use crate::error::Result;
use crate::scene::Description;

/// What a walk that draws nothing found before the first frame
/// ([`survey`](crate::compose::survey::survey)), for the formats that say it first.
pub(super) struct Ahead<'a> {
    /// The animation in words, which a GIF's comment leads with; `None` when not found ahead.
    pub(super) about: Option<&'a Description>,
    /// The frames an APNG states in its header (0 when not counted).
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
    /// Told what was found before the first picture.
    fn surveyed(&mut self, surveyed: &Ahead<'_>) -> Result<()> {
        let _ = surveyed;
        Ok(())
    }

    /// Adds the final hold to the last picture, says `about` (the whole animation in words)
    /// where it has not yet, and ends the file.
    fn finish(self: Box<Self>, walked: &Walked, about: Option<&Description>) -> Result<Encoded>;
}
