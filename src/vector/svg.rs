//! SVG 1.1 output of a [`DisplayList`]: the figure as vector shapes in pixel units.
//!
//! The root's `viewBox` is the figure in pixels (the PNG's layout), so `--cell` and `--margin` mean
//! the same in both. Every symbol that is placed (a number, the crown, a node's ring) is defined once
//! in `<defs>` in `currentColor` and placed with `<use>`, whose `color` gives its ink; items are
//! grouped by layer as `<g id="board">`, `<g id="tiles">`, ... so an author can restyle or hide a
//! layer. Text arrives as glyph outlines, so the figure looks the same without any font installed.
//! Numbers are written with at most two decimals, which makes the bytes deterministic.

use crate::vector::sink::Sink;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;

use super::layers::{self, push_fixed, push_num, Draw};
use crate::display::glyph::GlyphRun;
use crate::display::list::{DisplayList, FillRule, Ink, Shape, SymbolShape};
use crate::display::palette::Palette;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::{Path, Rect, Segment};
use crate::scene::Description;

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

/// Unique XML ids: a wanted name, or the name with `-2`, `-3`, ... when it is taken.
#[derive(Default)]
pub(crate) struct Ids {
    taken: HashMap<String, u32>,
}

impl Ids {
    pub(crate) fn take(&mut self, want: &str) -> String {
        let mut base: String = want
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        if !base.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            base.insert(0, 's');
        }
        let n = self.taken.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            // Reserve the plain name against a later "x-2" colliding with an explicit "x-2".
            return base;
        }
        let mut k = *n;
        loop {
            let cand = format!("{base}-{k}");
            if !self.taken.contains_key(&cand) {
                self.taken.insert(cand.clone(), 1);
                return cand;
            }
            k += 1;
        }
    }
}

/// Ids for the clip rectangles the draws need, in first-use order. Layer names are reserved first,
/// so a symbol or clip never takes a layer's id.
fn clip_ids(list: &DisplayList, ids: &mut Ids) -> HashMap<Rect, String> {
    for layer in crate::display::list::Layer::ALL {
        ids.taken.insert(layer.name().to_string(), 1);
    }
    ids.taken.insert("background".to_string(), 1);
    let mut clips = HashMap::new();
    for d in layers::all_draws(list) {
        if let Some(c) = d.clip {
            let n = clips.len() + 1;
            clips
                .entry(c)
                .or_insert_with(|| ids.take(&format!("clip{n}")));
        }
    }
    clips
}

/// Ids for the placed symbols, from their names.
fn symbol_ids(list: &DisplayList, used: &[bool], ids: &mut Ids) -> Vec<String> {
    (0..list.symbols.len())
        .map(|i| {
            if used[i] {
                ids.take(
                    &list
                        .symbols
                        .get(crate::display::list::SymbolId(i as u32))
                        .name,
                )
            } else {
                String::new()
            }
        })
        .collect()
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

/// How a document links a `<use>` to what it places: `xlink:href` in an SVG 1.1 file; `href` (SVG 2)
/// in a web page's inline SVG, which needs no namespace declaration.
pub(crate) const XLINK_HREF: &str = "xlink:href";

/// The key ([`path_tokens`]) of a fill symbol drawn as one path (one contour group), which a halo of
/// the same outline places instead of repeating it.
pub(crate) fn fill_data(shape: &SymbolShape) -> Option<Vec<i64>> {
    let (path, rule) = shape.fill()?;
    let groups = layers::fill_groups(path, rule);
    (groups.len() == 1).then(|| path_tokens(&groups[0]))
}

/// The outline of a halo, as [`fill_data`] gives a fill's: a halo and the fill it grows have
/// equal keys.
pub(crate) fn halo_data(shape: &SymbolShape) -> Option<Vec<i64>> {
    match shape {
        SymbolShape::Halo { path, .. } => Some(path_tokens(&path.contours())),
        _ => None,
    }
}

/// Writes symbol definitions: the glyphs of numbers and captions defined once each (by their
/// outline) and placed by every symbol that spells them. One per SVG document; the web page's
/// player keeps one for all its pictures, so a glyph is defined once in the whole page.
pub(crate) struct Defs {
    ids: Ids,
    /// The ids of a halo's parts: taken from `ids` (an SVG document, whose symbols have readable
    /// names), or the symbol's id with `-shape` and `-row` (the player, whose ids cannot collide).
    take_sub_ids: bool,
    /// Glyph outline (path data, moved to the origin) -> its id.
    /// Glyph ids by their path's [`path_tokens`].
    glyphs: HashMap<Vec<i64>, String>,
    href: &'static str,
}

impl Defs {
    pub(crate) fn new(ids: Ids, href: &'static str, take_sub_ids: bool) -> Defs {
        Defs {
            ids,
            take_sub_ids,
            glyphs: HashMap::new(),
            href,
        }
    }

    /// The glyphs of a symbol that is text (a fill that splits into pieces: the digits of a number,
    /// the letters of a caption), each with where it stands; glyphs not defined yet are written
    /// to `glyphs`. `None` for any other symbol.
    pub(crate) fn glyph_run(
        &mut self,
        glyphs: &mut String,
        shape: &SymbolShape,
    ) -> Option<Vec<(String, [f32; 2])>> {
        let (path, rule) = shape.fill()?;
        let groups = layers::fill_groups(path, rule);
        let pieces = (groups.len() == 1)
            .then(|| layers::pieces(&groups[0]))
            .flatten()?;
        Some(
            pieces
                .iter()
                .map(|piece| self.glyph(glyphs, piece))
                .collect(),
        )
    }

    /// The glyphs of a line of text, one by one as the font has them, each with where it stands:
    /// for text whose glyphs' boxes meet (Chinese characters, whose strokes' boxes overlap), which
    /// [`Defs::glyph_run`] cannot split by geometry. `None` for a line without ink.
    pub(crate) fn text_run(
        &mut self,
        glyphs: &mut String,
        run: &GlyphRun,
    ) -> Option<Vec<(String, [f32; 2])>> {
        let mut placed = Vec::with_capacity(run.glyphs().len());
        for &(id, x) in run.glyphs() {
            let contours = run.font().glyph_path(id, run.px(), x).contours();
            if !contours.is_empty() {
                placed.push(self.glyph(glyphs, &contours));
            }
        }
        (!placed.is_empty()).then_some(placed)
    }

    /// A glyph's outline (its contours) defined once, moved to the origin, and where it stands.
    fn glyph(&mut self, glyphs: &mut String, piece: &[Vec<Segment>]) -> (String, [f32; 2]) {
        let (moved, at) = layers::normalized(piece);
        // Keyed by what its path data prints, without printing it: a page of thousands of
        // captions meets the same few glyphs over and over.
        let key = path_tokens(&moved);
        let glyph = match self.glyphs.get(&key) {
            Some(g) => g.clone(),
            None => {
                let g = self.ids.take("glyph");
                let d = path_data(&moved);
                let _ = writeln!(glyphs, "<path id=\"{g}\" d=\"{d}\"/>");
                self.glyphs.insert(key, g.clone());
                g
            }
        };
        (glyph, at)
    }

    /// The `<use>`s that place a glyph run.
    pub(crate) fn uses(&self, run: &[(String, [f32; 2])]) -> String {
        let href = self.href;
        let mut uses = String::new();
        for (glyph, at) in run {
            let _ = write!(uses, "<use {href}=\"#{glyph}\" x=\"");
            push_num(&mut uses, at[0]);
            uses.push_str("\" y=\"");
            push_num(&mut uses, at[1]);
            uses.push_str("\"/>");
        }
        uses
    }

    /// The id of part `suffix` of symbol `id`.
    fn sub_id(&mut self, id: &str, suffix: &str) -> String {
        let want = format!("{id}-{suffix}");
        if self.take_sub_ids {
            self.ids.take(&want)
        } else {
            want
        }
    }

    /// [`Defs::symbol`] for a fill: `shape`'s outline `path` filled by `rule`.
    fn fill_symbol(
        &mut self,
        glyphs: &mut String,
        s: &mut String,
        shape: &SymbolShape,
        path: &Path,
        rule: FillRule,
        id: &str,
    ) {
        let groups = layers::fill_groups(path, rule);
        if let Some(run) = self.glyph_run(glyphs, shape) {
            // A number: each digit defined once and placed where it stands.
            let _ = writeln!(
                s,
                "<g id=\"{id}\" fill=\"currentColor\">{}</g>",
                self.uses(&run)
            );
        } else if groups.len() == 1 {
            let _ = writeln!(
                s,
                "<path id=\"{id}\" fill=\"currentColor\" d=\"{}\"/>",
                path_data(&groups[0])
            );
        } else {
            // Each contour filled on its own: overlapping parts add, never cancel.
            let _ = writeln!(s, "<g id=\"{id}\" fill=\"currentColor\">");
            for g in &groups {
                let _ = writeln!(s, "<path d=\"{}\"/>", path_data(g));
            }
            s.push_str("</g>\n");
        }
    }

    /// Writes the definition of a symbol of `shape` with id `id` to `def`, and the glyphs it
    /// places that were not defined yet to `glyphs`; `halo_base` names a defined fill whose outline
    /// a halo grows (else the halo defines its own).
    pub(crate) fn symbol(
        &mut self,
        glyphs: &mut String,
        def: &mut String,
        shape: &SymbolShape,
        id: &str,
        halo_base: Option<&str>,
    ) {
        let href = self.href;
        let s = def;
        match shape {
            SymbolShape::Fill { path, rule } => self.fill_symbol(glyphs, s, shape, path, *rule, id),
            SymbolShape::Text(run) => {
                self.fill_symbol(glyphs, s, shape, run.outline(), FillRule::NonZero, id)
            }
            SymbolShape::Ring { cx, cy, r, width } => {
                let _ = write!(s, "<circle id=\"{id}\" cx=\"");
                push_num(s, *cx);
                s.push_str("\" cy=\"");
                push_num(s, *cy);
                s.push_str("\" r=\"");
                push_num(s, *r);
                s.push_str("\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"");
                push_num(s, *width);
                s.push_str("\"/>\n");
            }
            SymbolShape::Halo { grow, path, .. } => {
                // The outline moved by every whole-pixel offset up to `grow` and united: what the
                // raster's grey dilation with a 3 x 3 square does (a round stroke misses the
                // square's corners on small digits). Dilation is separable: a row of copies, then
                // a column of rows.
                let base = match halo_base {
                    Some(f) => f.to_string(),
                    None => {
                        let shape = self.sub_id(id, "shape");
                        let _ = writeln!(
                            s,
                            "<path id=\"{shape}\" fill=\"currentColor\" d=\"{}\"/>",
                            path_data(&path.contours())
                        );
                        shape
                    }
                };
                let k = layers::halo_steps(*grow);
                let row = self.sub_id(id, "row");
                let _ = write!(s, "<g id=\"{row}\">");
                for dx in -k..=k {
                    let _ = write!(s, "<use {href}=\"#{base}\" x=\"{dx}\"/>");
                }
                let _ = write!(s, "</g>\n<g id=\"{id}\">");
                for dy in -k..=k {
                    let _ = write!(s, "<use {href}=\"#{row}\" y=\"{dy}\"/>");
                }
                s.push_str("</g>\n");
            }
        }
    }
}

/// SVG path data for closed contours.
pub(crate) fn path_data(contours: &[Vec<Segment>]) -> String {
    let mut d = String::new();
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        d.push('M');
        push_point(&mut d, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    // The closing line is what Z draws.
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    d.push('L');
                    push_point(&mut d, b);
                }
                Segment::Quad(_, q, b) => {
                    d.push('Q');
                    push_point(&mut d, q);
                    d.push(' ');
                    push_point(&mut d, b);
                }
                Segment::Cubic(_, q, r, b) => {
                    d.push('C');
                    push_point(&mut d, q);
                    d.push(' ');
                    push_point(&mut d, r);
                    d.push(' ');
                    push_point(&mut d, b);
                }
            }
        }
        d.push('Z');
    }
    d
}

/// What [`path_data`] prints of `contours`, as numbers: a command code (M 0, L 1, Q 2, C 3, Z 4)
/// before the hundredths of its points. Two paths print the same exactly when their tokens are
/// equal (every command has a fixed number of points, and hundredths print one way each).
pub(crate) fn path_tokens(contours: &[Vec<Segment>]) -> Vec<i64> {
    let mut t = Vec::new();
    let point = |t: &mut Vec<i64>, p: [f32; 2]| {
        t.push(layers::hundredths(p[0]));
        t.push(layers::hundredths(p[1]));
    };
    for c in contours {
        let Some(first) = c.first() else { continue };
        let start = match *first {
            Segment::Line(a, _) | Segment::Quad(a, _, _) | Segment::Cubic(a, _, _, _) => a,
        };
        t.push(0);
        point(&mut t, start);
        for (k, seg) in c.iter().enumerate() {
            match *seg {
                Segment::Line(_, b) => {
                    if k + 1 == c.len() && same(b, start) {
                        continue;
                    }
                    t.push(1);
                    point(&mut t, b);
                }
                Segment::Quad(_, q, b) => {
                    t.push(2);
                    point(&mut t, q);
                    point(&mut t, b);
                }
                Segment::Cubic(_, q, r, b) => {
                    t.push(3);
                    point(&mut t, q);
                    point(&mut t, r);
                    point(&mut t, b);
                }
            }
        }
        t.push(4);
    }
    t
}

/// True when both points print the same.
fn same(a: [f32; 2], b: [f32; 2]) -> bool {
    layers::hundredths(a[0]) == layers::hundredths(b[0])
        && layers::hundredths(a[1]) == layers::hundredths(b[1])
}

fn push_point(s: &mut String, p: [f32; 2]) {
    push_num(s, p[0]);
    s.push(' ');
    push_num(s, p[1]);
}

/// `x="" y="" width="" height=""` of `r` (no closing of the element).
pub(crate) fn push_rect(s: &mut String, r: Rect) {
    let _ = write!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        r.x, r.y, r.width, r.height
    );
}

pub(crate) fn push_color(s: &mut String, palette: &Palette, ink: Ink) {
    let [r, g, b] = palette.rgb(ink);
    let _ = write!(s, "#{r:02x}{g:02x}{b:02x}");
}

/// ` opacity="..."` for a translucent item (three decimals), nothing for an opaque one.
fn push_opacity(s: &mut String, alpha: u8) {
    if alpha < 255 {
        s.push_str(" opacity=\"");
        push_fixed(s, (i64::from(alpha) * 1000 + 127) / 255, 1000);
        s.push('"');
    }
}

pub(crate) fn write_draw(
    s: &mut String,
    href: &str,
    d: &Draw<'_>,
    palette: &Palette,
    names: &[String],
    clips: &HashMap<Rect, String>,
) {
    // A clip goes on a group around the element: on a <use> it would move with the use's x and y.
    let clip = d.clip.and_then(|c| clips.get(&c));
    if let Some(c) = clip {
        let _ = write!(s, "<g clip-path=\"url(#{c})\">");
    }
    match d.op {
        Shape::Rect(r) => {
            push_rect(s, r);
            s.push_str(" fill=\"");
            push_color(s, palette, d.ink);
            s.push('"');
        }
        Shape::Symbol { id, dx, dy } => {
            let _ = write!(s, "<use {href}=\"#{}\"", names[id.0 as usize]);
            if dx != 0 {
                let _ = write!(s, " x=\"{dx}\"");
            }
            if dy != 0 {
                let _ = write!(s, " y=\"{dy}\"");
            }
            s.push_str(" color=\"");
            push_color(s, palette, d.ink);
            s.push('"');
        }
        Shape::Polyline { points, width } => {
            let dot = points.iter().all(|p| same(*p, points[0]));
            if dot {
                // A line of no length is a round dot (SVG renderers differ on zero-length caps).
                s.push_str("<circle cx=\"");
                push_num(s, points[0][0]);
                s.push_str("\" cy=\"");
                push_num(s, points[0][1]);
                s.push_str("\" r=\"");
                push_num(s, width / 2.0);
                s.push_str("\" fill=\"");
                push_color(s, palette, d.ink);
                s.push('"');
            } else {
                s.push_str("<polyline points=\"");
                for (k, p) in points.iter().enumerate() {
                    if k > 0 {
                        s.push(' ');
                    }
                    push_num(s, p[0]);
                    s.push(',');
                    push_num(s, p[1]);
                }
                s.push_str("\" fill=\"none\" stroke=\"");
                push_color(s, palette, d.ink);
                s.push_str("\" stroke-width=\"");
                push_num(s, width);
                s.push_str("\" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
            }
        }
    }
    push_opacity(s, d.alpha);
    s.push_str("/>");
    if clip.is_some() {
        s.push_str("</g>");
    }
    s.push('\n');
}
