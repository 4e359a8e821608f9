//! PDF output of a [`DisplayList`]: one vector page the size of the figure.
//!
//! The page is the figure at 96 pixels per inch unless [`PdfOptions`] says otherwise (1 px =
//! 0.75 pt); one transformation at the start of the page maps figure pixels (y down) to PDF points
//! (y up), so everything else is written in pixels, rounded to hundredths. Every placed symbol (a
//! number, the crown, a node's ring) is a Form XObject drawn in the current colour and placed with
//! `Do`; translucent items get an ExtGState with the same opacity for fills and strokes. Text is
//! glyph outlines, and nothing is embedded as an image. No dates or random ids are written, and the
//! content streams are compressed at a fixed level, so the bytes are deterministic.

mod content;
mod stream;

use std::collections::BTreeSet;
use std::io::Write;

use flate2::write::ZlibEncoder;
use flate2::Compression;
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Pdf, Rect as PdfRect, Ref};

use super::layers;
use crate::display::list::{DisplayList, SymbolId};
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::scene::Description;
use crate::vector::pdf_tags::{tag_catalog, tag_objects, tag_page, FIGURE_MCID, INFO, TAG_OBJECTS};
use content::{
    alpha_name, contours, form_name, glyph_name, symbol_content, write_draw, Glyphs, State,
    SymbolBody,
};
use stream::{compress_failed, pack, stream_head, xref_and_trailer, Deflated, STREAM_TAIL};

/// How a figure is laid out on the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PdfOptions {
    /// Size of one figure pixel in PDF points (1/72 inch); 0.75 puts 96 pixels on an inch, 72/dpi
    /// puts dpi pixels on an inch.
    pub points_per_px: f32,
    /// Paint the figure's background colour over the whole page first (`false`: the page shows
    /// through wherever the figure paints nothing).
    pub background: bool,
}

impl Default for PdfOptions {
    fn default() -> Self {
        PdfOptions {
            points_per_px: 0.75,
            background: true,
        }
    }
}

#[cfg(test)]
/// Writes `list` as a one-page PDF with the colours of `palette`, at 96 pixels per inch.
pub fn write_pdf<W: Write>(out: W, list: &DisplayList, palette: &Palette) -> Result<()> {
    write_pdf_with(out, list, palette, &PdfOptions::default())
}

#[cfg(test)]
/// Writes `list` as a one-page PDF with the colours of `palette`, laid out by `options`.
///
/// Refuses a figure with no pixels and a scale that is not a positive number ([`Error::Invalid`]).
pub fn write_pdf_with<W: Write>(
    out: W,
    list: &DisplayList,
    palette: &Palette,
    options: &PdfOptions,
) -> Result<()> {
    write_pdf_described(out, list, palette, options, None)
}

/// Writes `list` as [`write_pdf_with`] does, tagged with `description` as PDF/UA-1 asks (see
/// `vector::pdf_tags`): a `Figure` structure element with the description as `/Alt`
/// owns the drawing, the document has a language, a title and XMP metadata.
pub fn write_pdf_described<W: Write>(
    mut out: W,
    list: &DisplayList,
    palette: &Palette,
    options: &PdfOptions,
    description: Option<&Description>,
) -> Result<()> {
    write_document(&mut out, list, palette, options, description)?;
    out.flush().map_err(written)
}

#[cfg(test)]
/// The PDF file of `list`.
pub fn pdf_bytes(list: &DisplayList, palette: &Palette, options: &PdfOptions) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    write_document(&mut bytes, list, palette, options, None)?;
    Ok(bytes)
}

fn written(e: std::io::Error) -> Error {
    Error::Encode(format!("writing the PDF failed: {e}"))
}

/// The output and how many bytes went to it: the offsets of the cross-reference table.
struct Counted<'w, W: Write> {
    out: &'w mut W,
    at: usize,
}

impl<W: Write> Counted<'_, W> {
    fn put(&mut self, bytes: &[u8]) -> Result<()> {
        self.out.write_all(bytes).map_err(written)?;
        self.at += bytes.len();
        Ok(())
    }
}

/// Writes the PDF file of `list` to `out` as it goes. The objects are written one by one, the page's
/// content stream from the display list in chunks through the compressor; only its compressed
/// bytes are held (the stream's length comes before its data), a few bytes per item.
fn write_document<W: Write>(
    out: &mut W,
    list: &DisplayList,
    palette: &Palette,
    options: &PdfOptions,
    description: Option<&Description>,
) -> Result<()> {
    let scale = options.points_per_px;
    if list.width == 0 || list.height == 0 {
        return Err(Error::invalid(
            InvalidKind::Image,
            "a PDF page needs a figure of at least one pixel",
        ));
    }
    // PDF viewers handle pages up to 14400 units on a side; stay well within real numbers.
    if !(scale.is_finite() && scale > 0.0 && scale <= 1000.0) {
        return Err(Error::invalid(
            InvalidKind::Image,
            format!("the PDF scale must be a positive number of points per pixel, not {scale}"),
        ));
    }
    let used = layers::used_symbols(list);
    let mut alphas: BTreeSet<u8> = layers::all_draws(list)
        .map(|d| d.alpha)
        .filter(|&a| a < 255)
        .collect();
    if !alphas.is_empty() {
        // To go back to opaque after a translucent item.
        alphas.insert(255);
    }

    let catalog = Ref::new(1);
    let pages = Ref::new(2);
    let page = Ref::new(3);
    let content = Ref::new(4);
    // Form XObjects of the placed symbols: objects 5, 6, ... (after the tags' objects) in
    // symbol order.
    let first_form = 5 + if description.is_some() {
        TAG_OBJECTS
    } else {
        0
    };
    let mut forms: Vec<Option<Ref>> = vec![None; list.symbols.len()];
    for (k, (slot, _)) in forms.iter_mut().zip(&used).filter(|(_, &u)| u).enumerate() {
        *slot = Some(Ref::new(first_form + k as i32));
    }
    // Where each object starts, in object order (1, 2, ...).
    let mut offsets: Vec<usize> = Vec::new();

    let mut pdf = Pdf::new();
    // Nothing past PDF 1.4 (translucency) is used, and pdfTeX includes pages up to 1.5 without a
    // warning: LaTeX documents (Beamer slides of the frames) take the pages as they are.
    pdf.set_version(1, 4);
    offsets.push(pdf.len());
    {
        let mut cat = pdf.catalog(catalog);
        cat.pages(pages);
        if let Some(about) = description {
            tag_catalog(&mut cat, about);
        }
    }
    offsets.push(pdf.len());
    pdf.pages(pages).kids([page]).count(1);
    let (w, h) = (list.width as f32 * scale, list.height as f32 * scale);
    offsets.push(pdf.len());
    {
        let mut p = pdf.page(page);
        p.parent(pages)
            .media_box(PdfRect::new(0.0, 0.0, w, h))
            .contents(content);
        if description.is_some() {
            tag_page(&mut p);
        }
        let mut res = p.resources();
        {
            let mut xo = res.x_objects();
            for (i, r) in forms.iter().enumerate() {
                if let Some(r) = r {
                    xo.pair(Name(form_name(i).as_bytes()), *r);
                }
            }
        }
        {
            let mut gs = res.ext_g_states();
            for &a in &alphas {
                let v = f32::from(a) / 255.0;
                gs.insert(Name(alpha_name(a).as_bytes()))
                    .start::<pdf_writer::writers::ExtGraphicsState>()
                    .non_stroking_alpha(v)
                    .stroking_alpha(v);
            }
        }
    }
    let mut out = Counted { out, at: 0 };
    out.put(pdf.as_bytes())?;
    drop(pdf);

    let data = page_content(list, palette, options, h, description.is_some())?;
    offsets.push(out.at);
    out.put(stream_head(content, data.len()).as_bytes())?;
    out.put(&data)?;
    out.put(STREAM_TAIL)?;
    drop(data);
    if let Some(about) = description {
        for (bytes, at) in tag_objects(about, page, (w, h), out.at) {
            offsets.push(at);
            out.put(&bytes)?;
        }
    }

    // Numbers are split into glyphs, each a form of its own placed by the number's form.
    let first_glyph = first_form + used.iter().filter(|&&u| u).count() as i32;
    let mut glyphs = Glyphs::default();
    for (i, r) in forms.iter().enumerate() {
        let Some(r) = r else { continue };
        let shape = &list.symbols.get(SymbolId(i as u32)).shape;
        let SymbolBody {
            content: body,
            group,
            glyphs: used_glyphs,
        } = symbol_content(shape, &mut glyphs);
        let b = layers::symbol_bounds(shape).unwrap_or((0.0, 0.0, 0.0, 0.0));
        let data = pack(&body)?;
        let mut chunk = Chunk::new();
        let mut form = chunk.form_xobject(*r, &data.0);
        if data.1 {
            form.filter(Filter::FlateDecode);
        }
        form.bbox(bbox(b));
        if group {
            // Contours filled one by one and made translucent together: a transparency group, so
            // the overlap of two contours is not darker than the rest.
            form.group().transparency();
        }
        if !used_glyphs.is_empty() {
            let mut res = form.resources();
            let mut xo = res.x_objects();
            for g in used_glyphs {
                xo.pair(
                    Name(glyph_name(g).as_bytes()),
                    Ref::new(first_glyph + g as i32),
                );
            }
        }
        form.finish();
        offsets.push(out.at);
        out.put(chunk.as_bytes())?;
    }
    for (g, outline) in glyphs.outlines.iter().enumerate() {
        let mut c = Content::new();
        if contours(&mut c, outline) {
            c.fill_nonzero();
        }
        let data = pack(&c.finish())?;
        let b = outline
            .iter()
            .map(|c| layers::contour_box(c))
            .fold((0f32, 0f32, 0f32, 0f32), |a, b| {
                (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3))
            });
        let mut chunk = Chunk::new();
        let mut form = chunk.form_xobject(Ref::new(first_glyph + g as i32), &data.0);
        if data.1 {
            form.filter(Filter::FlateDecode);
        }
        form.bbox(bbox(b));
        form.finish();
        offsets.push(out.at);
        out.put(chunk.as_bytes())?;
    }
    let xref = out.at;
    let info = description.map(|_| INFO);
    out.put(xref_and_trailer(&offsets, xref, info).as_bytes())
}

/// Draws between two hand-overs of the page's content to the compressor: a few hundred kilobytes
/// of operators.
const CHUNK_DRAWS: usize = 8192;

/// The page's content stream, deflated: the transformation to figure pixels, the background, then
/// every item layer by layer, built and compressed a chunk at a time.
fn page_content(
    list: &DisplayList,
    palette: &Palette,
    options: &PdfOptions,
    page_height: f32,
    tagged: bool,
) -> Result<Vec<u8>> {
    let scale = options.points_per_px;
    let mut z = Deflated {
        z: ZlibEncoder::new(Vec::new(), Compression::new(6)),
        started: false,
    };
    let mut c = Content::new();
    c.transform([scale, 0.0, 0.0, -scale, 0.0, page_height]);
    c.set_line_cap(LineCapStyle::RoundCap);
    c.set_line_join(LineJoinStyle::RoundJoin);
    let mut state = State::default();
    if options.background {
        // The page's background is no part of the figure: an artifact for a reader.
        if tagged {
            c.begin_marked_content(Name(b"Artifact"));
        }
        let bg = layers::background(list);
        state.paint(&mut c, palette, bg, 255);
        c.rect(0.0, 0.0, list.width as f32, list.height as f32);
        c.fill_nonzero();
        if tagged {
            c.end_marked_content();
        }
    }
    if tagged {
        c.begin_marked_content_with_properties(Name(b"Figure"))
            .properties()
            .identify(FIGURE_MCID);
    }
    for (k, d) in layers::all_draws(list).enumerate() {
        write_draw(&mut c, &mut state, &d, palette);
        if (k + 1) % CHUNK_DRAWS == 0 {
            z.feed(std::mem::replace(&mut c, Content::new()))?;
        }
    }
    if tagged {
        c.end_marked_content();
    }
    z.feed(c)?;
    z.z.finish().map_err(compress_failed)
}

/// A form's bounding box: `b` widened to whole pixels and one more (anti-aliasing).
fn bbox(b: layers::Bounds) -> PdfRect {
    PdfRect::new(
        b.0.floor() - 1.0,
        b.1.floor() - 1.0,
        b.2.ceil() + 1.0,
        b.3.ceil() + 1.0,
    )
}
