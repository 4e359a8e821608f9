//! Symbol definitions: each placed symbol defined once in `currentColor`, the glyphs of numbers and
//! captions defined once by their outline, halos grown from a fill's outline. Shared by an SVG
//! document and the web page's player.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::ids::Ids;
use super::path::{path_data, path_tokens};
use crate::display::glyph::GlyphRun;
use crate::display::list::{FillRule, SymbolShape};
use crate::geom::{Path, Segment};
use crate::vector::layers::{self, push_num};

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
