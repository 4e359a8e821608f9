//! Animated WebP, lossless: each frame a VP8L picture (encoded by the `image-webp` crate, which
//! writes stills only) in an ANMF chunk of the extended container, assembled here as the WebP
//! container specification describes it: VP8X (canvas size, animation and alpha flags), ANIM
//! (loop count), then one ANMF per frame with its offset, size, duration and "do not blend,
//! do not dispose", so that a frame replaces its rectangle and stays. Frames are not alpha-blended
//! with clear unchanged pixels (which would be smaller): the `image-webp` decoder blends even
//! opaque pixels and rounds their channels one level down, where libwebp copies them.
//!
//! The RIFF header states the file's size before the frames, which are only known once encoded;
//! they go to a temporary file, not to memory, so that memory does not grow with the frame count.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use image_webp::{ColorType, WebPEncoder};

use crate::encode::gif::Repeat;
use crate::encode::rgba::RgbaMap;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;

/// The widest and tallest picture a lossless WebP frame can be (14-bit sizes).
pub const MAX_WEBP_SIDE: u32 = 16_384;
/// The longest time of one frame (a 24-bit number of milliseconds); longer pictures take several.
const MAX_DURATION: u32 = (1 << 24) - 1;

/// Writes an animated WebP.
pub struct WebpWriter<W: Write> {
    out: W,
    frames: File,
    map: RgbaMap,
    alpha: bool,
    width: u32,
    height: u32,
    loops: u16,
    /// Bytes of ANMF chunks in the temporary file.
    body: u64,
    /// Frames written.
    count: u32,
    pixels: Vec<u8>,
    encoded: Vec<u8>,
}

/// What [`WebpWriter::finish`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebpStats {
    pub frames: u32,
    pub bytes: u64,
}

impl<W: Write> WebpWriter<W> {
    /// Starts a `width` x `height` animation whose pixels `map` colours, playing as `repeat` says.
    pub fn new(out: W, width: u32, height: u32, map: RgbaMap, repeat: Repeat) -> Result<Self> {
        if width == 0 || height == 0 || width > MAX_WEBP_SIDE || height > MAX_WEBP_SIDE {
            return Err(Error::TooLarge(format!(
                "a WebP picture is 1 to {MAX_WEBP_SIDE} pixels on each side, not {width} x {height}"
            )));
        }
        let loops = match repeat {
            Repeat::Forever => 0,
            Repeat::Times(0) => {
                return Err(Error::invalid(
                    InvalidKind::Options,
                    "an animation plays at least once",
                ))
            }
            Repeat::Times(n) => n,
        };
        let frames = tempfile::tempfile().map_err(|e| Error::io("a temporary file", e))?;
        Ok(WebpWriter {
            out,
            frames,
            alpha: map.has_alpha(),
            map,
            width,
            height,
            loops,
            body: 0,
            count: 0,
            pixels: Vec::new(),
            encoded: Vec::new(),
        })
    }

    /// Writes `rect` of `canvas` (the whole canvas for the first frame), widened to start on even
    /// coordinates as ANMF offsets must, shown for `ms`. `_changed`, the regions that changed, is
    /// not used: every pixel of the rectangle is written (see the module's note on blending).
    pub fn push(
        &mut self,
        canvas: &Canvas,
        rect: Rect,
        _changed: Option<&[Rect]>,
        ms: u32,
    ) -> Result<()> {
        if canvas.width() != self.width || canvas.height() != self.height {
            return Err(Error::Encode("a frame of another size".into()));
        }
        let rect = if rect.is_empty() {
            Rect::new(0, 0, 1, 1)
        } else {
            rect.intersect(&canvas.bounds())
        };
        let rect = even(rect);
        let mut left = ms;
        let mut first = true;
        // A time over 24 bits is split; the later parts rewrite one pixel as it is.
        while first || left > 0 {
            let part = left.min(MAX_DURATION);
            let r = if first {
                rect
            } else {
                Rect::new(rect.x, rect.y, 1, 1)
            };
            self.frame(canvas, r, part)?;
            left -= part;
            first = false;
        }
        Ok(())
    }

    fn frame(&mut self, canvas: &Canvas, rect: Rect, ms: u32) -> Result<()> {
        self.pixels.clear();
        self.map.extend(canvas, rect, self.alpha, &mut self.pixels);
        self.encoded.clear();
        let color = if self.alpha {
            ColorType::Rgba8
        } else {
            ColorType::Rgb8
        };
        WebPEncoder::new(&mut self.encoded)
            .encode(&self.pixels, rect.width, rect.height, color)
            .map_err(|e| Error::Encode(format!("encoding a WebP frame failed: {e}")))?;
        // A still is "RIFF" size "WEBP" and its VP8L chunk: the chunk is the frame's data.
        let vp8l = self
            .encoded
            .get(12..)
            .filter(|c| c.starts_with(b"VP8L"))
            .ok_or_else(|| Error::Encode("the WebP encoder wrote no VP8L chunk".into()))?;
        let mut head = Vec::with_capacity(24);
        head.extend_from_slice(b"ANMF");
        head.extend_from_slice(&(16 + vp8l.len() as u32).to_le_bytes());
        for v in [rect.x / 2, rect.y / 2, rect.width - 1, rect.height - 1, ms] {
            head.extend_from_slice(&v.to_le_bytes()[..3]);
        }
        // Bit 1: do not blend (the rectangle replaces what was there); bit 0 clear: do not dispose.
        head.push(0b10);
        let io = |e| Error::io("a temporary file", e);
        self.frames.write_all(&head).map_err(io)?;
        self.frames.write_all(vp8l).map_err(io)?;
        self.body += (head.len() + vp8l.len()) as u64;
        self.count += 1;
        Ok(())
    }

    /// Writes the header and the frames to the output.
    pub fn finish(mut self) -> Result<WebpStats> {
        if self.count == 0 {
            return Err(Error::Encode("an animation needs a frame".into()));
        }
        // "WEBP", VP8X (8 + 10 bytes), ANIM (8 + 6 bytes), the frames.
        let riff = 4 + 18 + 14 + self.body;
        let riff = u32::try_from(riff).map_err(|_| {
            Error::TooLarge(format!(
                "a WebP file holds at most 4 GB; this animation has {riff} bytes: keep fewer steps"
            ))
        })?;
        let mut head = Vec::with_capacity(44);
        head.extend_from_slice(b"RIFF");
        head.extend_from_slice(&riff.to_le_bytes());
        head.extend_from_slice(b"WEBPVP8X");
        head.extend_from_slice(&10u32.to_le_bytes());
        let alpha = if self.alpha { 1 << 4 } else { 0 };
        head.extend_from_slice(&[alpha | 1 << 1, 0, 0, 0]);
        head.extend_from_slice(&(self.width - 1).to_le_bytes()[..3]);
        head.extend_from_slice(&(self.height - 1).to_le_bytes()[..3]);
        head.extend_from_slice(b"ANIM");
        head.extend_from_slice(&6u32.to_le_bytes());
        // The background colour (blue, green, red, alpha) is a hint viewers may ignore: clear.
        head.extend_from_slice(&[0, 0, 0, 0]);
        head.extend_from_slice(&self.loops.to_le_bytes());
        let write = |e| Error::Encode(format!("writing the WebP failed: {e}"));
        self.out.write_all(&head).map_err(write)?;
        self.frames
            .seek(SeekFrom::Start(0))
            .map_err(|e| Error::io("a temporary file", e))?;
        io::copy(&mut self.frames, &mut self.out).map_err(write)?;
        self.out.flush().map_err(write)?;
        Ok(WebpStats {
            frames: self.count,
            bytes: 8 + u64::from(riff),
        })
    }
}

/// `rect` grown left and up to even coordinates.
fn even(rect: Rect) -> Rect {
    let (x, y) = (rect.x & !1, rect.y & !1);
    Rect::new(x, y, rect.width + rect.x - x, rect.height + rect.y - y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_even_and_cover_the_rectangle() {
        assert_eq!(even(Rect::new(3, 5, 4, 2)), Rect::new(2, 4, 5, 3));
        assert_eq!(even(Rect::new(2, 4, 4, 2)), Rect::new(2, 4, 4, 2));
    }
}
