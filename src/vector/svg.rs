//! SVG 1.1 output of a [`DisplayList`]: the figure as vector shapes in pixel units.
//!
//! The root's `viewBox` is the figure in pixels (the PNG's layout), so `--cell` and `--margin` mean
//! the same in both. Every symbol that is placed (a number, the crown, a node's ring) is defined once
//! in `<defs>` in `currentColor` and placed with `<use>`, whose `color` gives its ink; items are
//! grouped by layer as `<g id="board">`, `<g id="tiles">`, ... so an author can restyle or hide a
//! layer. Text arrives as glyph outlines, so the figure looks the same without any font installed.
//! Numbers are written with at most two decimals, which makes the bytes deterministic.

mod defs;
mod draw;
mod ids;
mod path;

use crate::vector::sink::Sink;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

use super::layers;
use crate::display::list::{DisplayList, SymbolShape};
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::scene::Description;
use ids::{clip_ids, symbol_ids};

// Used by the document below, and shared with the web page's player and the PDF writer.
pub(crate) use defs::{fill_data, halo_data, Defs, XLINK_HREF};
pub(crate) use draw::{push_color, push_rect, write_draw};
pub(crate) use ids::Ids;
pub(crate) use path::path_data;

/// How an SVG document is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Paint the figure's background colour behind everything (`false`: a transparent document).
    pub background: bool,
    /// Pixels per inch: the document's width and height in millimetres at this resolution
    /// (`None`: in pixels). The `viewBox` stays in pixels.
    pub dpi: Option<u32>,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            background: true,
            dpi: None,
        }
    }
}

/// Writes `list` as [`write_svg_with`] does, with `description` for readers who cannot see it:
/// the root is `role="img"` in the description's language, and its first children are a `<title>`
/// (the short part) and a `<desc>` (the whole text) that `aria-labelledby` names.
pub fn write_svg_described<W: Write>(
    mut out: W,
    list: &DisplayList,
    palette: &Palette,
    options: &SvgOptions,
    description: Option<&Description>,
) -> Result<()> {
    if options.dpi == Some(0) {
        return Err(Error::invalid(
            InvalidKind::Image,
            "a resolution must be at least 1 pixel per inch",
        ));
    }
    write_document(&mut out, list, palette, options, description)
        .and_then(|()| out.flush())
        .map_err(|e| Error::Encode(format!("writing the SVG failed: {e}")))
}

#[cfg(test)]
/// The SVG document of `list`.
pub fn svg_string(list: &DisplayList, palette: &Palette) -> String {
    svg_string_with(list, palette, &SvgOptions::default())
}

#[cfg(test)]
/// The SVG document of `list`, as `options` say.
pub fn svg_string_with(list: &DisplayList, palette: &Palette, options: &SvgOptions) -> String {
    let mut bytes = Vec::new();
    // Writing to memory cannot fail, and the document is built from `str`s.
    let _ = write_document(&mut bytes, list, palette, options, None);
    String::from_utf8(bytes).unwrap_or_default()
}

/// Writes the SVG document of `list` to `out` as it goes: the items are read from the display list
/// layer by layer and never gathered.
fn write_document<W: Write>(
    out: &mut W,
    list: &DisplayList,
    palette: &Palette,
    options: &SvgOptions,
    description: Option<&Description>,
) -> std::io::Result<()> {
    let present = layers::present(list);
    let used = layers::used_symbols(list);
    let mut sink = Sink::new(out);
    let (w, h) = (list.width, list.height);
    let (width, height) = match options.dpi.filter(|&d| d > 0) {
        Some(dpi) => (physical_mm(w, dpi), physical_mm(h, dpi)),
        None => (w.to_string(), h.to_string()),
    };
    let _ = write!(
        sink.s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         version=\"1.1\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {w} {h}\""
    );
    match description {
        Some(about) => {
            let lang = about.lang.tag();
            let _ = write!(
                sink.s,
                " role=\"img\" aria-labelledby=\"title desc\" lang=\"{lang}\" xml:lang=\"{lang}\">\n\
                 <title id=\"title\">{}</title>\n<desc id=\"desc\">{}</desc>\n",
                xml_text(&about.short),
                xml_text(&about.text())
            );
        }
        None => sink.s.push_str(">\n"),
    }
    let mut ids = Ids::default();
    let clips = clip_ids(list, &mut ids);
    let names = symbol_ids(list, &used, &mut ids);
    if !clips.is_empty() || used.iter().any(|&u| u) {
        sink.s.push_str("<defs>\n");
        write_symbols(&mut sink, list, &used, &names, &mut ids)?;
        let mut by_id: Vec<(&Rect, &String)> = clips.iter().collect();
        by_id.sort_by(|a, b| a.1.cmp(b.1));
        for (r, id) in by_id {
            let _ = write!(sink.s, "<clipPath id=\"{id}\">");
            push_rect(&mut sink.s, *r);
            sink.s.push_str("/></clipPath>\n");
            sink.spill()?;
        }
        sink.s.push_str("</defs>\n");
    }
    if options.background {
        let _ = write!(
            sink.s,
            "<rect id=\"background\" width=\"{w}\" height=\"{h}\" fill=\""
        );
        push_color(&mut sink.s, palette, layers::background(list));
        sink.s.push_str("\"/>\n");
    }
    for layer in present {
        let _ = writeln!(sink.s, "<g id=\"{}\">", layer.name());
        for d in layers::draws(list, layer) {
            write_draw(&mut sink.s, XLINK_HREF, &d, palette, &names, &clips);
            sink.spill()?;
        }
        sink.s.push_str("</g>\n");
    }
    sink.s.push_str("</svg>\n");
    sink.drain()
}

/// `text` as XML character data: `&`, `<`, `>` and quotes escaped, control characters (which XML
/// 1.0 cannot hold) left out.
pub(crate) fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && !matches!(c, '\n' | '\t') => {}
            c => out.push(c),
        }
    }
    out
}

/// `px` pixels at `dpi` pixels per inch, in millimetres to the hundredth: `"67.73mm"`.
fn physical_mm(px: u32, dpi: u32) -> String {
    let hundredths = (f64::from(px) * 2540.0 / f64::from(dpi)).round() as u64;
    format!("{}.{:02}mm", hundredths / 100, hundredths % 100)
}

/// The `<defs>` entry of every placed symbol, in `currentColor`.
///
/// A halo whose outline is a filled symbol's outline (the halo behind a number) places copies of
/// that symbol instead of repeating the outline.
fn write_symbols<W: Write>(
    sink: &mut Sink<'_, W>,
    list: &DisplayList,
    used: &[bool],
    names: &[String],
    ids: &mut Ids,
) -> std::io::Result<()> {
    let mut fills: HashMap<Vec<i64>, usize> = HashMap::new();
    for (i, &u) in used.iter().enumerate() {
        if let Some(d) = u.then(|| fill_data(symbol_shape(list, i))).flatten() {
            fills.entry(d).or_insert(i);
        }
    }
    let mut defs = Defs::new(std::mem::take(ids), XLINK_HREF, true);
    for (i, &u) in used.iter().enumerate() {
        if !u {
            continue;
        }
        sink.spill()?;
        let shape = symbol_shape(list, i);
        let base = halo_data(shape)
            .and_then(|d| fills.get(&d))
            .map(|&f| names[f].as_str());
        let mut glyphs = String::new();
        let mut def = String::new();
        defs.symbol(&mut glyphs, &mut def, shape, &names[i], base);
        sink.s.push_str(&glyphs);
        sink.s.push_str(&def);
    }
    Ok(())
}

fn symbol_shape(list: &DisplayList, i: usize) -> &SymbolShape {
    &list
        .symbols
        .get(crate::display::list::SymbolId(i as u32))
        .shape
}
