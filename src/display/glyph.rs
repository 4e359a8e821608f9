//! Text as glyph outlines, laid out and centred on its ink.
//!
//! Glyph outlines come from `ab_glyph`; the raster backend fills them with the same rasterizer as
//! every other shape (`Font::text_mask`), so a hostile font cannot make the renderer allocate more
//! than a canvas.
//!
//! Sizes: `px` is `ab_glyph`'s pixel scale, the distance from the font's descender to its ascender.
//! For DejaVu Sans a digit's ink is about 0.62 * px high. Callers that fill a box use [`Font::fit_px`].

use std::path::Path as FsPath;

use ab_glyph::{Font as _, FontArc, GlyphId, OutlineCurve, PxScale, ScaleFont as _};

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Path;

/// The font bundled with chessviz (DejaVu Sans, see `fonts/DejaVuSans-LICENSE.txt`).
const BUNDLED: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// The scale `fit_px` measures at; ink sizes are proportional to px, so any size would do.
const MEASURE_PX: f32 = 100.0;

/// A TrueType/OpenType font able to draw text.
#[derive(Clone, Debug)]
pub struct Font {
    font: FontArc,
}

impl Font {
    /// The bundled DejaVu Sans.
    pub fn bundled() -> Font {
        // The bytes are part of the binary and checked by the tests; failing here is a build defect.
        Font::from_bytes(BUNDLED.to_vec()).expect("the bundled DejaVu Sans is a valid font")
    }

    /// A font from the bytes of a font file. Anything that is not a font with outlined digits
    /// (random bytes, a truncated file, an empty file, a bitmap-only font) is an [`Error::Invalid`].
    pub fn from_bytes(data: Vec<u8>) -> Result<Font> {
        let unusable = || {
            Error::invalid(
                InvalidKind::Font,
                "the font data is not a usable TrueType/OpenType font",
            )
        };
        let font = FontArc::try_from_vec(data).map_err(|_| unusable())?;
        let h = font.height_unscaled();
        if !(h.is_finite() && h > 0.0 && font.units_per_em().is_some_and(|u| u > 0.0)) {
            return Err(unusable());
        }
        let f = Font { font };
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
        use std::io::Read as _;
        let shown = path.display();
        // Looked at before opening: opening a named pipe already blocks.
        let kind = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
        let not_a_font = |m: &std::fs::Metadata| {
            let what = if m.is_dir() {
                "a folder"
            } else {
                "a special file (a pipe, a device or a socket)"
            };
            Error::invalid(
                InvalidKind::Font,
                format!("{shown} is {what}, not a font file"),
            )
        };
        if !kind.is_file() {
            return Err(not_a_font(&kind));
        }
        let too_big = |bytes: u64| {
            Error::TooLarge(format!(
                "{shown} is {:.1} MiB, more than the {} MiB a font file may have",
                bytes as f64 / f64::from(1 << 20),
                Font::MAX_FILE_BYTES >> 20
            ))
        };
        if kind.len() > Font::MAX_FILE_BYTES {
            return Err(too_big(kind.len()));
        }
        // Should the file be swapped for a pipe after the check, opening does not wait for a writer
        // and the opened file is checked again; the read is bounded, should it grow.
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
        let file = options.open(path).map_err(|e| Error::io(path, e))?;
        let opened = file.metadata().map_err(|e| Error::io(path, e))?;
        if !opened.is_file() {
            return Err(not_a_font(&opened));
        }
        let mut data = Vec::with_capacity(kind.len() as usize);
        file.take(Font::MAX_FILE_BYTES + 1)
            .read_to_end(&mut data)
            .map_err(|e| Error::io(path, e))?;
        if data.len() as u64 > Font::MAX_FILE_BYTES {
            return Err(too_big(data.len() as u64));
        }
        Font::from_bytes(data).map_err(|_| {
            Error::invalid(
                InvalidKind::Font,
                format!("{shown} is not a usable TrueType/OpenType font"),
            )
        })
    }

    /// True when the font has a glyph of its own for `c` (not the "missing" box).
    pub fn has_glyph(&self, c: char) -> bool {
        self.font.glyph_id(c) != GlyphId(0)
    }

    /// The outlines of `text` at `px`, kerned, with the pen starting at x = 0 on the baseline y = 0.
    fn outline(&self, text: &str, px: f32) -> Path {
        let mut path = Path::new();
        if !(px.is_finite() && px > 0.0) {
            return path;
        }
        let scaled = self.font.as_scaled(PxScale::from(px));
        let (sx, sy) = (scaled.h_scale_factor(), scaled.v_scale_factor());
        let mut caret = 0.0f32;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars() {
            let id = self.font.glyph_id(c);
            if let Some(p) = prev {
                caret += scaled.kern(p, id);
            }
            if let Some(outline) = self.font.outline(id) {
                let t = |p: ab_glyph::Point| (p.x * sx + caret, -p.y * sy);
                let mut end: Option<(f32, f32)> = None;
                for curve in &outline.curves {
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
                        OutlineCurve::Cubic(_, c1, c2, _) => {
                            path.cubic_to(t(*c1), t(*c2), stop.0, stop.1)
                        }
                    }
                    end = Some(stop);
                }
                path.close();
            }
            caret += scaled.h_advance(id);
            prev = Some(id);
        }
        path
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

    /// Width and height of the ink box of `text` at `px`; (0, 0) without ink.
    pub fn measure(&self, text: &str, px: f32) -> (f32, f32) {
        self.ink_box(&self.outline(text, px))
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
