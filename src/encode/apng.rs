//! Animated PNG: the first picture whole, each later one as the rectangle that changed, drawn over
//! the one before (blend Source, dispose None), each shown for its exact time in milliseconds.
//!
//! Opaque pictures are indexed (the palette in PLTE, its opacities in tRNS), so every colour of the
//! figure is exact. Where the palette has room, one more index is clear: a later frame is drawn
//! Over the one before, and its pixels outside the regions that changed are that clear index, long
//! runs the compressor shrinks to almost nothing (as a GIF leaves unchanged pixels transparent); a transparent page is written as RGBA, since its margin gives some palette
//! colours an opacity the board does not have. APNG states its frame count before the first frame:
//! [`frames_for`] says how many frames a picture of a given time takes.

use std::io::Write;

use png::{BitDepth, BlendOp, ColorType, DisposeOp, Encoder, Filter, Writer};

use crate::display::palette::Palette;
use crate::encode::gif::Repeat;
use crate::encode::png::write_itxt;
use crate::encode::rgba::{changed_mask, RgbaMap};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::scene::Description;

/// The frames a picture shown `ms` milliseconds takes: one, unless its time cannot be said as one
/// fraction of 16-bit numbers (over 65,535 s, or over 65,535 ms and not a whole number of
/// hundredths), when it is split into frames of at most 65,535 ms.
pub fn frames_for(ms: u32) -> u32 {
    delays(ms).len() as u32
}

/// The delays (numerator, denominator in seconds) that show a picture for exactly `ms`.
fn delays(ms: u32) -> Vec<(u16, u16)> {
    let whole = |num: u32, den: u16| u16::try_from(num).ok().map(|n| vec![(n, den)]);
    let one = whole(ms, 1000)
        .or_else(|| ms.is_multiple_of(10).then(|| whole(ms / 10, 100)).flatten())
        .or_else(|| {
            ms.is_multiple_of(1000)
                .then(|| whole(ms / 1000, 1))
                .flatten()
        });
    one.unwrap_or_else(|| {
        let max = u32::from(u16::MAX);
        let mut parts = vec![(u16::MAX, 1000); (ms / max) as usize];
        if !ms.is_multiple_of(max) {
            parts.push(((ms % max) as u16, 1000));
        }
        parts
    })
}

/// How pixels are stored.
enum Pixels {
    /// Palette indices of this many bits; the clear index for unchanged pixels, if any.
    Indexed(u32, Option<u8>),
    /// RGBA from the map.
    Rgba(RgbaMap),
}

/// Writes an animated PNG of a known number of frames.
pub struct ApngWriter<W: Write> {
    writer: Writer<W>,
    pixels: Pixels,
    width: u32,
    height: u32,
    /// Frames announced, and those still to write.
    frames: u32,
    left: u32,
    /// The frames' bytes, reused.
    data: Vec<u8>,
    /// Which pixels of a frame's rectangle changed, reused.
    mask: Vec<bool>,
}

impl<W: Write> ApngWriter<W> {
    /// Starts an APNG of `frames` frames of `width` x `height` with `palette`, playing as `repeat`
    /// says. `rgba`: the colours of a page with a see-through margin, written as RGBA; `None` for
    /// indexed pixels.
    pub fn new(
        out: W,
        width: u32,
        height: u32,
        palette: &Palette,
        rgba: Option<RgbaMap>,
        frames: u32,
        repeat: Repeat,
    ) -> Result<Self> {
        let plays = match repeat {
            Repeat::Forever => 0,
            Repeat::Times(0) => {
                return Err(Error::invalid(
                    InvalidKind::Options,
                    "an animation plays at least once",
                ))
            }
            Repeat::Times(n) => u32::from(n),
        };
        let mut enc = Encoder::new(out, width, height);
        let pixels = match rgba {
            Some(map) => {
                enc.set_color(ColorType::Rgba);
                enc.set_depth(BitDepth::Eight);
                Pixels::Rgba(map)
            }
            None => {
                // The clear index needs a free entry and a palette with no translucent colour,
                // which Over would blend with the frame below instead of replacing it.
                let opaque = palette.alphas().iter().all(|&a| a == 255);
                let clear = (opaque && palette.len() < 256).then_some(palette.len() as u8);
                let entries = palette.len() + usize::from(clear.is_some());
                let (depth, bits) = match entries {
                    0..=2 => (BitDepth::One, 1),
                    3..=4 => (BitDepth::Two, 2),
                    5..=16 => (BitDepth::Four, 4),
                    _ => (BitDepth::Eight, 8),
                };
                enc.set_color(ColorType::Indexed);
                enc.set_depth(depth);
                let mut plte: Vec<u8> = palette.colors().iter().flatten().copied().collect();
                let mut alphas = palette.alphas().to_vec();
                if clear.is_some() {
                    plte.extend_from_slice(&[0, 0, 0]);
                    alphas.push(0);
                }
                enc.set_palette(plte);
                if let Some(last) = alphas.iter().rposition(|&a| a < 255) {
                    alphas.truncate(last + 1);
                    enc.set_trns(alphas);
                }
                // For palette images the PNG specification recommends no filtering.
                enc.set_filter(Filter::NoFilter);
                Pixels::Indexed(bits, clear)
            }
        };
        // The png crate's default compression. Measured on the full 8-queens search (4,206
        // frames): default 2.7 MB in 2.0 s, deflate level 1 4.2 MB in 0.65 s, fdeflate's fast mode
        // 5.7 MB in 0.3 s; the GIF is 2.6 MB, so the default keeps APNG near it.
        enc.set_animated(frames, plays).map_err(encode_error)?;
        // Each frame replaces its rectangle and stays: the next one is drawn over it.
        enc.set_blend_op(BlendOp::Source).map_err(encode_error)?;
        enc.set_dispose_op(DisposeOp::None).map_err(encode_error)?;
        let writer = enc.write_header().map_err(encode_error)?;
        Ok(ApngWriter {
            writer,
            pixels,
            width,
            height,
            frames,
            left: frames,
            data: Vec::new(),
            mask: Vec::new(),
        })
    }

    /// Writes `rect` of `canvas` (the whole canvas for the first frame) shown for `ms`, of which
    /// only the pixels in `changed` differ from the frame before (`None`: all of them); a time
    /// that needs several frames ([`frames_for`]) changes nothing in the others.
    pub fn push(
        &mut self,
        canvas: &Canvas,
        rect: Rect,
        changed: Option<&[Rect]>,
        ms: u32,
    ) -> Result<()> {
        let rect = if rect.is_empty() {
            // Nothing changed: one pixel rewritten as it is, since a frame has at least one.
            Rect::new(0, 0, 1, 1)
        } else {
            rect.intersect(&canvas.bounds())
        };
        for (i, (num, den)) in delays(ms).into_iter().enumerate() {
            if i == 0 {
                self.frame(canvas, rect, changed, num, den)?;
            } else {
                self.frame(canvas, Rect::new(rect.x, rect.y, 1, 1), Some(&[]), num, den)?;
            }
        }
        Ok(())
    }

    fn frame(
        &mut self,
        canvas: &Canvas,
        rect: Rect,
        changed: Option<&[Rect]>,
        num: u16,
        den: u16,
    ) -> Result<()> {
        if self.left == 0 {
            return Err(Error::Encode(
                "the APNG has all the frames it announced".into(),
            ));
        }
        if canvas.width() != self.width || canvas.height() != self.height {
            return Err(Error::Encode("a frame of another size".into()));
        }
        let w = &mut self.writer;
        // The position first goes to the corner so that any size fits, then to the rectangle.
        w.reset_frame_position().map_err(encode_error)?;
        w.set_frame_dimension(rect.width, rect.height)
            .map_err(encode_error)?;
        w.set_frame_position(rect.x, rect.y).map_err(encode_error)?;
        w.set_frame_delay(num, den).map_err(encode_error)?;
        self.data.clear();
        match &self.pixels {
            Pixels::Rgba(map) => map.extend(canvas, rect, true, &mut self.data),
            Pixels::Indexed(bits, clear) => {
                let keep = clear.zip(changed);
                let blend = if keep.is_some() {
                    BlendOp::Over
                } else {
                    BlendOp::Source
                };
                self.writer.set_blend_op(blend).map_err(encode_error)?;
                if let Some((_, changed)) = keep {
                    changed_mask(rect, changed, &mut self.mask);
                }
                let keep = keep.map(|(clear, _)| (clear, self.mask.as_slice()));
                pack(canvas, rect, *bits, keep, &mut self.data);
            }
        }
        self.writer
            .write_image_data(&self.data)
            .map_err(encode_error)?;
        self.left -= 1;
        Ok(())
    }

    /// Ends the file and gives its frame count; an error when frames announced were not written.
    /// `about`, the whole animation in words, goes after the frames in UTF-8 `iTXt` chunks
    /// `Title` (its short part) and `Description`, as a still PNG carries them.
    pub fn finish(mut self, about: Option<&Description>) -> Result<u32> {
        if self.left > 0 {
            return Err(Error::Encode(format!(
                "the APNG lacks {} of the frames it announced",
                self.left
            )));
        }
        if let Some(about) = about {
            write_itxt(&mut self.writer, "Title", &about.short, about.lang)?;
            write_itxt(&mut self.writer, "Description", &about.text(), about.lang)?;
        }
        self.writer.finish().map_err(encode_error)?;
        Ok(self.frames)
    }
}

/// Appends the indices of `rect` packed `bits` to a pixel, each row starting on a byte; with
/// `keep`, the pixels its mask leaves out are its clear index.
fn pack(canvas: &Canvas, rect: Rect, bits: u32, keep: Option<(u8, &[bool])>, out: &mut Vec<u8>) {
    let per_byte = (8 / bits) as usize;
    let mut masked = Vec::new();
    for (i, y) in (rect.y..rect.y + rect.height).enumerate() {
        let mut row = &canvas.row(y)[rect.x as usize..(rect.x + rect.width) as usize];
        if let Some((clear, mask)) = keep {
            let w = rect.width as usize;
            masked.clear();
            let kept = &mask[i * w..(i + 1) * w];
            masked.extend(
                row.iter()
                    .zip(kept)
                    .map(|(&p, &k)| if k { p } else { clear }),
            );
            row = &masked;
        }
        if bits == 8 {
            out.extend_from_slice(row);
            continue;
        }
        for px in row.chunks(per_byte) {
            let v = px.iter().fold(0u8, |acc, &p| (acc << bits) | p);
            out.push(v << (bits as usize * (per_byte - px.len())));
        }
    }
}

fn encode_error(e: png::EncodingError) -> Error {
    match e {
        png::EncodingError::IoError(io) => Error::Encode(format!("writing the APNG failed: {io}")),
        other => Error::Encode(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_exact_fractions() {
        assert_eq!(delays(20), vec![(20, 1000)]);
        assert_eq!(delays(65_535), vec![(65_535, 1000)]);
        // Over 65,535 ms: hundredths, then whole seconds, then parts.
        assert_eq!(delays(100_000), vec![(10_000, 100)]);
        assert_eq!(delays(70_001), vec![(65_535, 1000), (4_466, 1000)]);
        assert_eq!(delays(3_000_000), vec![(3_000, 1)]);
        for ms in [0, 1, 70_001, 655_351, 3_000_000, 200_000_001] {
            let total: u64 = delays(ms)
                .iter()
                .map(|&(n, d)| u64::from(n) * 1000 / u64::from(d))
                .sum();
            assert_eq!(total, u64::from(ms), "{ms}");
            assert_eq!(frames_for(ms) as usize, delays(ms).len());
        }
    }

    #[test]
    fn packs_rows_to_bytes() {
        let mut canvas = Canvas::new(3, 2, 0).unwrap();
        canvas.set(0, 0, 1);
        canvas.set(2, 1, 3);
        let mut out = Vec::new();
        pack(&canvas, Rect::new(0, 0, 3, 2), 2, None, &mut out);
        assert_eq!(out, vec![0b0100_0000, 0b0000_1100]);
        // Kept: only the first pixel of each row; the others are the clear index 2.
        out.clear();
        let mask = [true, false, false, true, false, false];
        pack(
            &canvas,
            Rect::new(0, 0, 3, 2),
            2,
            Some((2, &mask)),
            &mut out,
        );
        assert_eq!(out, vec![0b0110_1000, 0b0010_1000]);
    }
}
