//! Animated WebP, lossless: each frame a VP8L picture (encoded by libwebp, see `encode/vp8l.rs`)
//! in an ANMF chunk of the extended container, assembled here as the WebP container
//! specification describes it: VP8X (canvas size, animation and alpha flags), ANIM (loop count),
//! then one ANMF per frame with its offset, size, duration, blending, and "do not dispose", so that
//! a frame stays until the next covers it.
//!
//! A frame is the smallest rectangle around the pixels that differ from the picture before (found
//! within the regions the renderer repainted), as libwebp's own animation encoder makes it. Where
//! every such pixel is opaque, the frame is alpha-blended over the one before and its unchanged
//! pixels are written clear, which codes much smaller (one clear colour in long runs); where one
//! of them is not opaque (a see-through margin), blending would mix it with what was there, so that
//! frame replaces its whole rectangle. (The `image-webp` decoder composes such blended frames
//! one level darker: it blends even opaque pixels, which libwebp and browsers copy.)
//!
//! The RIFF header states the file's size before the frames, which are only known once encoded;
//! they go to a temporary file, not to memory. The writer holds the picture on screen (one byte a
//! pixel) and one frame's pixels, so memory does not grow with the frame count.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use crate::encode::gif::Repeat;
use crate::encode::rgba::RgbaMap;
use crate::encode::vp8l::LosslessEncoder;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::scene::Description;

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
    /// The palette indices of the picture on screen after the frames written (none before the
    /// first).
    shown: Option<Canvas>,
    /// True once a frame has clear pixels (the VP8X alpha flag).
    any_alpha: bool,
    /// Bytes of ANMF chunks in the temporary file.
    body: u64,
    /// Frames written.
    count: u32,
    pixels: Vec<u8>,
    encoded: Vec<u8>,
    encoder: LosslessEncoder,
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
            shown: None,
            any_alpha: false,
            body: 0,
            count: 0,
            pixels: Vec::new(),
            encoded: Vec::new(),
            encoder: LosslessEncoder::new()?,
        })
    }

    /// Writes the picture on `canvas`, shown for `ms`, as the next frame. `changed` holds the
    /// regions repainted since the picture before (`None`: look at `rect`); pixels outside them
    /// are taken as unchanged. The first frame is the whole canvas.
    pub fn push(
        &mut self,
        canvas: &Canvas,
        rect: Rect,
        changed: Option<&[Rect]>,
        ms: u32,
    ) -> Result<()> {
        if canvas.width() != self.width || canvas.height() != self.height {
            return Err(Error::Encode("a frame of another size".into()));
        }
        let (rect, blend) = match self.shown.as_ref() {
            None => (canvas.bounds(), false),
            Some(shown) => {
                let regions = changed.unwrap_or(std::slice::from_ref(&rect));
                let (diff, opaque) = self.difference(shown, canvas, regions);
                if diff.is_empty() {
                    (Rect::new(0, 0, 1, 1), false)
                } else {
                    (even(diff), opaque)
                }
            }
        };
        self.frame(canvas, rect, blend, ms.min(MAX_DURATION))?;
        match self.shown.as_mut() {
            Some(shown) => shown.copy_rect(canvas, rect),
            None => self.shown = Some(canvas.clone()),
        }
        // A time over 24 bits is split; the later parts rewrite one pixel as it is.
        let mut left = ms - ms.min(MAX_DURATION);
        while left > 0 {
            let part = left.min(MAX_DURATION);
            self.frame(canvas, Rect::new(0, 0, 1, 1), false, part)?;
            left -= part;
        }
        Ok(())
    }

    /// The smallest rectangle around the pixels of `regions` where `canvas` differs from `shown`,
    /// and whether all of those pixels are opaque.
    fn difference(&self, shown: &Canvas, canvas: &Canvas, regions: &[Rect]) -> (Rect, bool) {
        let mut diff = Rect::default();
        let mut opaque = true;
        for region in regions {
            let r = region.intersect(&canvas.bounds());
            for y in r.y..r.y + r.height {
                let span = r.x as usize..(r.x + r.width) as usize;
                let (now, was) = (&canvas.row(y)[span.clone()], &shown.row(y)[span]);
                let mut row: Option<(u32, u32)> = None;
                for (x, (&p, &q)) in (r.x..).zip(now.iter().zip(was)) {
                    if !self.same(x, y, p, q) {
                        row = Some(row.map_or((x, x), |(first, _)| (first, x)));
                        opaque &= self.map.rgba(x, y, p)[3] == 255;
                    }
                }
                if let Some((first, last)) = row {
                    diff = diff.union(&Rect::new(first, y, last + 1 - first, 1));
                }
            }
        }
        (diff, opaque)
    }

    /// True when palette indices `p` and `q` are the same colour at (`x`, `y`).
    fn same(&self, x: u32, y: u32, p: u8, q: u8) -> bool {
        p == q || self.map.rgba(x, y, p) == self.map.rgba(x, y, q)
    }

    /// Encodes `rect` of `canvas` as a frame shown for `ms`: blended over the picture before with
    /// its unchanged pixels clear (`blend`), or replacing the rectangle.
    fn frame(&mut self, canvas: &Canvas, rect: Rect, blend: bool, ms: u32) -> Result<()> {
        self.pixels.clear();
        let alpha = self.alpha || blend;
        match self.shown.as_ref().filter(|_| blend) {
            Some(shown) => {
                for y in rect.y..rect.y + rect.height {
                    let span = rect.x as usize..(rect.x + rect.width) as usize;
                    let (now, was) = (&canvas.row(y)[span.clone()], &shown.row(y)[span]);
                    for (x, (&p, &q)) in (rect.x..).zip(now.iter().zip(was)) {
                        let rgba = if self.same(x, y, p, q) {
                            [0; 4]
                        } else {
                            self.map.rgba(x, y, p)
                        };
                        self.pixels.extend_from_slice(&rgba);
                    }
                }
                self.any_alpha = true;
            }
            None => self.map.extend(canvas, rect, alpha, &mut self.pixels),
        }
        self.encoded.clear();
        self.encoder.encode(
            &self.pixels,
            rect.width,
            rect.height,
            alpha,
            &mut self.encoded,
        )?;
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
        // Bit 1 set: do not blend (the rectangle replaces what was there); clear: alpha-blend.
        // Bit 0 clear: do not dispose.
        head.push(if blend { 0 } else { 0b10 });
        let io = |e| Error::io("a temporary file", e);
        self.frames.write_all(&head).map_err(io)?;
        self.frames.write_all(vp8l).map_err(io)?;
        self.body += (head.len() + vp8l.len()) as u64;
        self.count += 1;
        Ok(())
    }

    /// Writes the header, the frames and, with `about` (the whole animation in words), an `XMP `
    /// chunk after them, where the container specification puts metadata.
    pub fn finish(mut self, about: Option<&Description>) -> Result<WebpStats> {
        if self.count == 0 {
            return Err(Error::Encode("an animation needs a frame".into()));
        }
        let xmp = about.map(xmp_chunk).unwrap_or_default();
        // "WEBP", VP8X (8 + 10 bytes), ANIM (8 + 6 bytes), the frames, the XMP chunk.
        let riff = 4 + 18 + 14 + self.body + xmp.len() as u64;
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
        let alpha = if self.alpha || self.any_alpha {
            1 << 4
        } else {
            0
        };
        let metadata = if xmp.is_empty() { 0 } else { 1 << 2 };
        head.extend_from_slice(&[alpha | metadata | 1 << 1, 0, 0, 0]);
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
        self.out.write_all(&xmp).map_err(write)?;
        self.out.flush().map_err(write)?;
        Ok(WebpStats {
            frames: self.count,
            bytes: 8 + u64::from(riff),
        })
    }
}

/// The `XMP ` chunk (padded to an even size) of an XMP packet holding `about` as Dublin Core's
/// `dc:title` (its short part) and `dc:description`, in its language.
fn xmp_chunk(about: &Description) -> Vec<u8> {
    let esc = crate::vector::svg::xml_text;
    let packet = format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n\
         <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
         <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">{text}</rdf:li></rdf:Alt></dc:description>\n\
         </rdf:Description>\n\
         </rdf:RDF>\n\
         </x:xmpmeta>\n\
         <?xpacket end=\"r\"?>",
        lang = about.lang.tag(),
        title = esc(&about.short),
        text = esc(&about.text()),
    );
    let mut chunk = Vec::with_capacity(packet.len() + 9);
    chunk.extend_from_slice(b"XMP ");
    chunk.extend_from_slice(&(packet.len() as u32).to_le_bytes());
    chunk.extend_from_slice(packet.as_bytes());
    if packet.len() % 2 == 1 {
        chunk.push(0);
    }
    chunk
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
