//! Indexed-colour PNG: the palette goes into PLTE, each pixel is its palette index.
//!
//! Small palettes get packed pixels (1, 2 or 4 bits for up to 2, 4 or 16 colours), which makes
//! two-colour figures about eight times smaller before compression. Rows are not filtered: for palette
//! images the PNG specification recommends filter type None, and it keeps the output deterministic
//! and fast. Compression is the `png` crate's default. A palette's opacities (a transparent page's
//! margin and the translucent edges of text on it) go into a tRNS chunk; [`PngOptions`] add a
//! transparent palette colour and the resolution (pHYs).

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use png::{BitDepth, ColorType, Encoder, Filter, PixelDimensions, StreamWriter, Unit};

use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::raster::canvas::Canvas;
use crate::scene::Description;
use crate::text::Lang;

/// What a PNG records beyond its pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PngOptions {
    /// The palette index shown transparent (a tRNS chunk); every other colour stays opaque.
    pub transparent: Option<u8>,
    /// The resolution in pixels per inch, recorded as pixels per metre (a pHYs chunk).
    pub dpi: Option<u32>,
}

/// Pixels per metre for `dpi` pixels per inch (300 dpi: 11811).
pub fn pixels_per_metre(dpi: u32) -> u32 {
    (f64::from(dpi) / 0.0254).round() as u32
}

#[cfg(test)]
/// Writes `canvas` as an indexed PNG with the colours of `palette`.
///
/// Every index in the canvas must be a colour of the palette ([`Error::Invalid`] otherwise). The
/// whole picture goes to the compressor in one call, which is markedly cheaper than row by row;
/// [`PngRowWriter`] gives the same pixels for pictures too large to hold.
pub fn write_png<W: Write>(out: W, canvas: &Canvas, palette: &Palette) -> Result<()> {
    write_png_with(out, canvas, palette, &PngOptions::default())
}

#[cfg(test)]
/// Writes `canvas` as [`write_png`] does, with the transparent colour and resolution of `options`
/// ([`Error::Invalid`] for a transparent index outside the palette or a resolution of 0).
pub fn write_png_with<W: Write>(
    out: W,
    canvas: &Canvas,
    palette: &Palette,
    options: &PngOptions,
) -> Result<()> {
    write_png_described(out, canvas, palette, options, None)
}

/// Writes `canvas` as [`write_png_with`] does, with `description` in UTF-8 `iTXt` chunks: its short
/// part as the `Title`, the whole text as the `Description` (the keywords PNG defines for them),
/// both tagged with the description's language.
pub fn write_png_described<W: Write>(
    out: W,
    canvas: &Canvas,
    palette: &Palette,
    options: &PngOptions,
    description: Option<&Description>,
) -> Result<()> {
    let max = canvas.pixels().iter().copied().max().unwrap_or(0);
    if usize::from(max) >= palette.len() {
        return Err(Error::invalid(
            InvalidKind::Image,
            format!(
                "pixel index {max} is not in the palette of {} colours",
                palette.len()
            ),
        ));
    }
    let (depth, bits) = bit_depth(palette.len());
    let data: std::borrow::Cow<[u8]> = if bits == 8 {
        std::borrow::Cow::Borrowed(canvas.pixels())
    } else {
        let row_bytes = (canvas.width() as usize * bits as usize).div_ceil(8);
        let mut packed = vec![0u8; row_bytes * canvas.height() as usize];
        for (y, dst) in packed.chunks_exact_mut(row_bytes).enumerate() {
            pack_row(canvas.row(y as u32), bits, dst);
        }
        std::borrow::Cow::Owned(packed)
    };
    let mut enc = header(out, canvas.width(), canvas.height(), palette, depth);
    enc.set_filter(Filter::NoFilter);
    if let Some(t) = options.transparent {
        if usize::from(t) >= palette.len() {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!(
                    "the transparent colour {t} is not in the palette of {} colours",
                    palette.len()
                ),
            ));
        }
    }
    if let Some(alpha) = trns(palette, options.transparent) {
        enc.set_trns(alpha);
    }
    if let Some(dpi) = options.dpi {
        if dpi == 0 {
            return Err(Error::invalid(
                InvalidKind::Image,
                "a resolution must be at least 1 pixel per inch",
            ));
        }
        let ppm = pixels_per_metre(dpi);
        enc.set_pixel_dims(Some(PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: Unit::Meter,
        }));
    }
    let mut writer = enc.write_header().map_err(encode_error)?;
    if let Some(about) = description {
        write_itxt(&mut writer, "Title", &about.short, about.lang)?;
        write_itxt(&mut writer, "Description", &about.text(), about.lang)?;
    }
    writer.write_image_data(&data).map_err(encode_error)?;
    writer.finish().map_err(encode_error)
}

/// Writes an uncompressed `iTXt` chunk of `keyword` with `text` (UTF-8) in language `lang`.
pub(crate) fn write_itxt<W: Write>(
    writer: &mut png::Writer<W>,
    keyword: &str,
    text: &str,
    lang: Lang,
) -> Result<()> {
    let mut chunk = png::text_metadata::ITXtChunk::new(keyword, text);
    chunk.language_tag = lang.tag().to_string();
    writer.write_text_chunk(&chunk).map_err(encode_error)
}

/// The tRNS chunk: the opacity of the palette entries up to the last that is not opaque (the
/// palette's own opacities, `transparent` made fully clear), or `None` when every entry is opaque.
fn trns(palette: &Palette, transparent: Option<u8>) -> Option<Vec<u8>> {
    let mut alpha = palette.alphas().to_vec();
    if let Some(t) = transparent {
        alpha[usize::from(t)] = 0;
    }
    let last = alpha.iter().rposition(|&a| a < 255)?;
    alpha.truncate(last + 1);
    Some(alpha)
}

/// An encoder for an indexed image with `palette` as PLTE.
fn header<W: Write>(
    out: W,
    width: u32,
    height: u32,
    palette: &Palette,
    depth: BitDepth,
) -> Encoder<'static, W> {
    let plte: Vec<u8> = palette.colors().iter().flatten().copied().collect();
    let mut enc = Encoder::new(out, width, height);
    enc.set_color(ColorType::Indexed);
    enc.set_depth(depth);
    enc.set_palette(plte);
    enc
}

/// Packs palette indices of `bits` bits into `dst`, the leftmost pixel in the most significant bits.
fn pack_row(row: &[u8], bits: u32, dst: &mut [u8]) {
    let per_byte = (8 / bits) as usize;
    let full = row.len() / per_byte;
    for (out, px) in dst[..full].iter_mut().zip(row.chunks_exact(per_byte)) {
        *out = px.iter().fold(0u8, |acc, &p| (acc << bits) | p);
    }
    if full < dst.len() {
        let rest = &row[full * per_byte..];
        let v = rest.iter().fold(0u8, |acc, &p| (acc << bits) | p);
        dst[full] = v << (bits as usize * (per_byte - rest.len()));
    }
}

/// The smallest PNG bit depth that holds `colors` palette indices.
fn bit_depth(colors: usize) -> (BitDepth, u32) {
    match colors {
        0..=2 => (BitDepth::One, 1),
        3..=4 => (BitDepth::Two, 2),
        5..=16 => (BitDepth::Four, 4),
        _ => (BitDepth::Eight, 8),
    }
}

fn encode_error(e: png::EncodingError) -> Error {
    match e {
        png::EncodingError::IoError(io) => Error::Encode(format!("writing the PNG failed: {io}")),
        other => Error::Encode(other.to_string()),
    }
}

/// Where the `png` crate writes: a buffer shared with [`PngRowWriter`], which moves its bytes on to
/// the real output after every row. The `png` crate's owned stream writer needs a `'static` sink, and
/// this keeps [`PngRowWriter`] usable with borrowed outputs such as `&mut Vec<u8>`.
#[derive(Clone, Default)]
struct SharedSink(Arc<Mutex<Vec<u8>>>);

impl SharedSink {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl Write for SharedSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Streams an indexed PNG row by row, for pictures too large to hold as a [`Canvas`].
///
/// Call [`PngRowWriter::write_row`] exactly `height` times, top row first, then
/// [`PngRowWriter::finish`].
pub struct PngRowWriter<W: Write> {
    stream: StreamWriter<'static, SharedSink>,
    sink: SharedSink,
    out: W,
    width: u32,
    height: u32,
    rows_written: u32,
    colors: usize,
    bits: u32,
    packed: Vec<u8>,
}

impl<W: Write> PngRowWriter<W> {
    #[cfg(test)]
    /// Writes the PNG header and palette of a `width` x `height` image to `out`.
    pub fn new(out: W, width: u32, height: u32, palette: &Palette) -> Result<Self> {
        Self::new_described(out, width, height, palette, None)
    }

    /// A writer as [`PngRowWriter::new`] makes, whose file carries `description` as
    /// [`write_png_described`] writes it.
    pub fn new_described(
        out: W,
        width: u32,
        height: u32,
        palette: &Palette,
        description: Option<&Description>,
    ) -> Result<Self> {
        if width == 0 || height == 0 {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!("a PNG of {width} x {height} pixels is empty"),
            ));
        }
        let (depth, bits) = bit_depth(palette.len());
        let sink = SharedSink::default();
        let mut enc = header(sink.clone(), width, height, palette, depth);
        enc.set_filter(Filter::NoFilter);
        if let Some(alpha) = trns(palette, None) {
            enc.set_trns(alpha);
        }
        let mut writer = enc.write_header().map_err(encode_error)?;
        if let Some(about) = description {
            write_itxt(&mut writer, "Title", &about.short, about.lang)?;
            write_itxt(&mut writer, "Description", &about.text(), about.lang)?;
        }
        let stream = writer.into_stream_writer().map_err(encode_error)?;
        let row_bytes = (width as usize * bits as usize).div_ceil(8);
        let mut w = PngRowWriter {
            stream,
            sink,
            out,
            width,
            height,
            rows_written: 0,
            colors: palette.len(),
            bits,
            packed: vec![0; row_bytes],
        };
        w.drain()?;
        Ok(w)
    }

    /// Moves what the encoder produced so far to the output.
    fn drain(&mut self) -> Result<()> {
        let bytes = self.sink.take();
        self.out
            .write_all(&bytes)
            .map_err(|e| Error::Encode(format!("writing the PNG failed: {e}")))
    }

    /// Writes the next row: `width` palette indices.
    pub fn write_row(&mut self, row: &[u8]) -> Result<()> {
        if row.len() != self.width as usize {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!("a PNG row needs {} pixels, not {}", self.width, row.len()),
            ));
        }
        if self.rows_written >= self.height {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!("the PNG already has all its {} rows", self.height),
            ));
        }
        let max = row.iter().copied().max().unwrap_or(0);
        if usize::from(max) >= self.colors {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!(
                    "pixel index {max} is not in the palette of {} colours",
                    self.colors
                ),
            ));
        }
        let data: &[u8] = if self.bits == 8 {
            row
        } else {
            pack_row(row, self.bits, &mut self.packed);
            &self.packed
        };
        self.stream
            .write_all(data)
            .map_err(|e| Error::Encode(format!("writing the PNG failed: {e}")))?;
        self.rows_written += 1;
        self.drain()
    }

    /// Ends the image; an error when fewer than `height` rows were written.
    pub fn finish(mut self) -> Result<()> {
        if self.rows_written != self.height {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!(
                    "the PNG got {} of its {} rows",
                    self.rows_written, self.height
                ),
            ));
        }
        self.stream.finish().map_err(encode_error)?;
        let bytes = self.sink.take();
        self.out
            .write_all(&bytes)
            .and_then(|()| self.out.flush())
            .map_err(|e| Error::Encode(format!("writing the PNG failed: {e}")))
    }
}
