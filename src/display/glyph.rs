//! Text as glyph outlines, laid out and centred on its ink.
//!
//! Glyph outlines come from `ab_glyph`; the raster backend fills them with the same rasterizer as
//! every other shape (`Font::text_mask`), so a hostile font cannot make the renderer allocate more
//! than a canvas.
//!
//! Sizes: `px` is `ab_glyph`'s pixel scale, the distance from the font's descender to its ascender.
//! For DejaVu Sans a digit's ink is about 0.62 * px high. Callers that fill a box use [`Font::fit_px`].

use std::path::Path as FsPath;
use std::sync::{Arc, Mutex};

use ab_glyph::{Font as _, FontArc, GlyphId, OutlineCurve, PxScale, ScaleFont as _};

mod cache;
mod ink;
mod run;

use cache::GlyphCache;

pub use run::GlyphRun;

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Path;

/// The font bundled with chessviz (DejaVu Sans, see `fonts/DejaVuSans-LICENSE.txt`).
const BUNDLED: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// The glyphs of the Chinese captions: a subset of Noto Sans CJK SC (see
/// `fonts/NotoSansCJKsc-LICENSE.txt`).
const BUNDLED_CJK: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-subset.otf");

/// The monospace face of the panels' code: a subset of DejaVu Sans Mono (see
/// `fonts/DejaVuSansMono-LICENSE.txt`).
const BUNDLED_MONO: &[u8] = include_bytes!("../../fonts/DejaVuSansMono-subset.ttf");

/// The scale `fit_px` measures at; ink sizes are proportional to px, so any size would do.
const MEASURE_PX: f32 = 100.0;

/// A TrueType/OpenType font able to draw text.
#[derive(Clone, Debug)]
pub struct Font {
    font: FontArc,
    /// What a message calls it: its family, or its file's name.
    name: std::sync::Arc<str>,
    /// What was read of its glyphs so far, shared by the clones of this font (see `cache.rs`).
    glyphs: Arc<Mutex<GlyphCache>>,
}

impl Font {
    /// The bundled DejaVu Sans.
    pub fn bundled() -> Font {
        // The bytes are part of the binary and checked by the tests; failing here is a build defect.
        Font::from_bytes(BUNDLED.to_vec())
            .expect("the bundled DejaVu Sans is a valid font")
            .named("DejaVu Sans")
    }

    /// The bundled subset of Noto Sans CJK SC: the glyphs of the Chinese built-in captions
    /// ([`Lang::Zh`](crate::text::Lang::Zh)), ASCII and the digits, nothing else.
    pub fn bundled_cjk() -> Font {
        Font::from_bytes(BUNDLED_CJK.to_vec())
            .expect("the bundled Noto Sans CJK SC subset is a valid font")
            .named("Noto Sans CJK SC (the subset bundled with chessviz)")
    }

    /// The bundled subset of DejaVu Sans Mono: the monospace face panels set code in (Latin
    /// text only; see `fonts/DejaVuSansMono-LICENSE.txt`).
    pub fn bundled_mono() -> Font {
        static MONO: std::sync::OnceLock<Font> = std::sync::OnceLock::new();
        MONO.get_or_init(|| {
            Font::from_bytes(BUNDLED_MONO.to_vec())
                .expect("the bundled DejaVu Sans Mono subset is a valid font")
                .named("DejaVu Sans Mono (the subset bundled with chessviz)")
        })
        .clone()
    }

    /// The font chess pieces are drawn from (the knight, the glyph queen): the bundled DejaVu Sans,
    /// whatever font the text is set in, so a caption font without chess symbols keeps its pieces.
    pub fn pieces() -> Font {
        static PIECES: std::sync::OnceLock<Font> = std::sync::OnceLock::new();
        PIECES.get_or_init(Font::bundled).clone()
    }

    /// The installed font of family `family` (as fontconfig or a font menu names it, for example
    /// "DejaVu Serif" or "Noto Sans CJK SC"), its regular face where it has one. The system's font
    /// folders are read only when this is called.
    pub fn by_family(family: &str) -> Result<Font> {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        let query = fontdb::Query {
            families: &[fontdb::Family::Name(family)],
            ..fontdb::Query::default()
        };
        let Some(id) = db.query(&query) else {
            return Err(Error::invalid(
                InvalidKind::Font,
                format!("no installed font has the family name \"{family}\""),
            ));
        };
        let (source, index) = db.face_source(id).ok_or_else(|| {
            Error::invalid(InvalidKind::Font, format!("the font \"{family}\" vanished"))
        })?;
        let path = match source {
            fontdb::Source::File(path) => path,
            _ => {
                return Err(Error::invalid(
                    InvalidKind::Font,
                    format!("the font \"{family}\" is not in a file"),
                ))
            }
        };
        let data = read_font_file(&path)?;
        Font::from_bytes_index(data, index)
            .map(|f| f.named(family))
            .map_err(|_| {
                Error::invalid(
                    InvalidKind::Font,
                    format!(
                        "{} (family \"{family}\") is not a usable TrueType/OpenType font",
                        path.display()
                    ),
                )
            })
    }

    /// The same font, called `name` in messages.
    pub fn named(mut self, name: &str) -> Font {
        self.name = name.into();
        self
    }

    /// What messages call the font: its family, or its file's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Refuses `text` (what it is: "the caption") when the font lacks a character of it, naming
    /// the first such character and the font: such a character would be drawn as an empty box.
    pub fn check_text(&self, text: &str, what: &str) -> Result<()> {
        match text
            .chars()
            .find(|&c| !c.is_whitespace() && !self.has_glyph(c))
        {
            None => Ok(()),
            Some(c) => Err(Error::MissingGlyph {
                character: c,
                font: self.name.to_string(),
                text: what.to_string(),
            }),
        }
    }

    /// A font from the bytes of a font file. Anything that is not a font with outlined digits
    /// (random bytes, a truncated file, an empty file, a bitmap-only font) is an [`Error::Invalid`].
    pub fn from_bytes(data: Vec<u8>) -> Result<Font> {
        Font::from_bytes_index(data, 0)
    }

    /// Face `index` of a font collection (`.ttc`) as [`Font::from_bytes`] (index 0 for a plain font
    /// file).
    pub fn from_bytes_index(data: Vec<u8>, index: u32) -> Result<Font> {
        let unusable = || {
            Error::invalid(
                InvalidKind::Font,
                "the font data is not a usable TrueType/OpenType font",
            )
        };
        let font = ab_glyph::FontVec::try_from_vec_and_index(data, index)
            .map(FontArc::new)
            .map_err(|_| unusable())?;
        let h = font.height_unscaled();
        if !(h.is_finite() && h > 0.0 && font.units_per_em().is_some_and(|u| u > 0.0)) {
            return Err(unusable());
        }
        let f = Font {
            font,
            name: "the font".into(),
            glyphs: Arc::default(),
        };
        // Numbers are what chessviz draws most; a font whose digits have no outline draws nothing.
        let digits_ok = ('0'..='9').all(|c| {
            f.has_glyph(c) && {
                let (w, h) = f.measure(&c.to_string(), MEASURE_PX);
                w > 0.0 && h > 0.0 && w < 10.0 * MEASURE_PX && h < 10.0 * MEASURE_PX
            }
        });
        if !digits_ok {
            return Err(unusable());
        }
        Ok(f)
    }

    /// The largest font file read: big CJK fonts are about 20 MB, hardly any font reaches 50 MB.
    pub const MAX_FILE_BYTES: u64 = 64 << 20;

    /// A font read from `path`; I/O failures name the file, bad contents say it is not a usable font.
    /// Only a regular file of at most [`Font::MAX_FILE_BYTES`] is read: a folder, a named pipe (which
    /// would wait for a writer forever) or a device (`/dev/zero` never ends) is refused at once.
    pub fn from_file(path: &FsPath) -> Result<Font> {
        let data = read_font_file(path)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().to_string(),
        );
        Font::from_bytes(data).map(|f| f.named(&name)).map_err(|_| {
            Error::invalid(
                InvalidKind::Font,
                format!("{} is not a usable TrueType/OpenType font", path.display()),
            )
        })
    }

    /// True when the font has a glyph of its own for `c` (not the "missing" box).
    pub fn has_glyph(&self, c: char) -> bool {
        self.glyph_id(c) != GlyphId(0)
    }

    /// The outlines of `text` at `px`, kerned, with the pen starting at x = 0 on the baseline y = 0.
    pub(crate) fn outline(&self, text: &str, px: f32) -> Path {
        let mut path = Path::new();
        for (id, caret) in self.layout(text, px) {
            self.push_glyph(&mut path, id, px, caret);
        }
        path
    }

    /// The glyphs of `text` at `px` with their pens' x on the baseline (kerned, the first at 0);
    /// nothing at a size that draws nothing.
    pub(crate) fn layout(&self, text: &str, px: f32) -> Vec<(GlyphId, f32)> {
        if !(px.is_finite() && px > 0.0) {
            return Vec::new();
        }
        let scaled = self.font.as_scaled(PxScale::from(px));
        let mut caret = 0.0f32;
        let mut prev: Option<GlyphId> = None;
        let mut placed = Vec::with_capacity(text.len());
        for c in text.chars() {
            let id = self.glyph_id(c);
            if let Some(p) = prev {
                caret += self.kern(&scaled, p, id);
            }
            placed.push((id, caret));
            caret += scaled.h_advance(id);
            prev = Some(id);
        }
        placed
    }

    /// Appends the outline of glyph `id` at `px` with its pen at (`caret`, 0) to `path`.
    pub(crate) fn push_glyph(&self, path: &mut Path, id: GlyphId, px: f32, caret: f32) {
        let Some(glyph) = self.glyph_outline(id) else {
            return;
        };
        let scaled = self.font.as_scaled(PxScale::from(px));
        let (sx, sy) = (scaled.h_scale_factor(), scaled.v_scale_factor());
        let t = |p: ab_glyph::Point| (p.x * sx + caret, -p.y * sy);
        let mut end: Option<(f32, f32)> = None;
        for curve in &glyph.outline.curves {
            let (start, stop) = match curve {
                OutlineCurve::Line(a, b) => (t(*a), t(*b)),
                OutlineCurve::Quad(a, _, b) => (t(*a), t(*b)),
                OutlineCurve::Cubic(a, _, _, b) => (t(*a), t(*b)),
            };
            // ab_glyph gives a flat list of curves; a gap between them starts a new contour.
            if end != Some(start) {
                path.move_to(start.0, start.1);
            }
            match curve {
                OutlineCurve::Line(_, _) => path.line_to(stop.0, stop.1),
                OutlineCurve::Quad(_, q, _) => {
                    let q = t(*q);
                    path.quad_to(q.0, q.1, stop.0, stop.1);
                }
                OutlineCurve::Cubic(_, c1, c2, _) => path.cubic_to(t(*c1), t(*c2), stop.0, stop.1),
            }
            end = Some(stop);
        }
        path.close();
    }

    /// The ink box of `text` at `px` relative to the pen origin, `None` without ink.
    fn ink_box(&self, path: &Path) -> Option<(f32, f32, f32, f32)> {
        if path.is_empty() {
            return None;
        }
        let b = path.bounds();
        (b.2 > b.0 && b.3 > b.1).then_some(b)
    }

    /// The outlines of `text` at `px`, kerned, moved so that the top-left corner of their ink box is
    /// at (0, 0): what the raster backend's `Font::text_mask` fills. Text without ink gives an empty path.
    pub fn text_path(&self, text: &str, px: f32) -> Path {
        let path = self.outline(text, px);
        match self.ink_box(&path) {
            Some((x0, y0, _, _)) => path.transformed(1.0, -x0, -y0),
            None => Path::new(),
        }
    }

    /// The outlines of `text` at `px`, kerned, with the pen starting at x = 0 on the baseline y = 0:
    /// texts placed by this origin share a baseline whatever their letters.
    pub fn baseline_path(&self, text: &str, px: f32) -> Path {
        self.outline(text, px)
    }

    /// The outlines of `text` at `px` with the centre of their ink box exactly at `cx`, `cy` (sub-pixel
    /// positions are honoured, so a number sits in the true middle of its cell); `None` without ink.
    pub fn text_path_centered(&self, text: &str, px: f32, cx: f32, cy: f32) -> Option<Path> {
        let path = self.outline(text, px);
        self.ink_box(&path).map(|(x0, y0, x1, y1)| {
            path.transformed(1.0, cx - (x0 + x1) / 2.0, cy - (y0 + y1) / 2.0)
        })
    }

    /// The em (the font size a typesetter speaks of) of text drawn at `px`, in pixels: `px` spans
    /// the font's ascender to descender, which is more than an em in most fonts.
    pub fn em_px(&self, px: f32) -> f32 {
        let per_em = self.font.units_per_em().unwrap_or(1.0);
        px * per_em / self.font.height_unscaled()
    }

    /// The `px` (this module's size) of text whose em is `em` pixels: the inverse of [`Font::em_px`].
    pub fn px_for_em(&self, em: f32) -> f32 {
        let per_em = self.font.units_per_em().unwrap_or(1.0);
        em * self.font.height_unscaled() / per_em
    }

    /// Width and height of the ink box of `text` at `px`; (0, 0) without ink.
    pub fn measure(&self, text: &str, px: f32) -> (f32, f32) {
        self.ink_bounds(text, px)
            .map_or((0.0, 0.0), |(x0, y0, x1, y1)| (x1 - x0, y1 - y0))
    }

    /// The largest px at which the ink of `text` fits in `max_w` x `max_h`. Text without ink fits at
    /// any size and gets `max_h`; a box that is not positive and finite gets 0.
    pub fn fit_px(&self, text: &str, max_w: f32, max_h: f32) -> f32 {
        if !(max_w.is_finite() && max_h.is_finite() && max_w > 0.0 && max_h > 0.0) {
            return 0.0;
        }
        let (w, h) = self.measure(text, MEASURE_PX);
        if w <= 0.0 || h <= 0.0 {
            return max_h;
        }
        // Ink scales linearly with px (no hinting); the factor keeps float rounding on the safe side.
        MEASURE_PX * (max_w / w).min(max_h / h) * 0.9999
    }
}

/// The bytes of the font file at `path`: a regular file of at most [`Font::MAX_FILE_BYTES`] (a
/// folder, a named pipe or a device is refused at once).
fn read_font_file(path: &FsPath) -> Result<Vec<u8>> {
    use crate::input::{read_regular_file, Unreadable};
    let shown = path.display();
    read_regular_file(path, Font::MAX_FILE_BYTES).map_err(|e| match e {
        Unreadable::Io(e) => Error::io(path, e),
        Unreadable::TooLarge(bytes) => Error::TooLarge(format!(
            "{shown} is {:.1} MiB, more than the {} MiB a font file may have",
            bytes as f64 / f64::from(1 << 20),
            Font::MAX_FILE_BYTES >> 20
        )),
        other => Error::invalid(
            InvalidKind::Font,
            format!(
                "{shown} is {}, not a font file",
                other.what().unwrap_or("not a regular file")
            ),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outline cache is shared by clones and changes nothing that is drawn.
    #[test]
    fn cached_outlines_draw_what_the_font_file_holds() {
        let font = Font::bundled();
        let first = font.outline("Queen 8", 20.0);
        let clone = font.clone();
        assert_eq!(clone.outline("Queen 8", 20.0), first);
        assert!(!font.glyphs.lock().unwrap().is_empty());
        assert_eq!(Font::bundled().outline("Queen 8", 20.0), first);
    }
}
