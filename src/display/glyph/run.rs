//! A line of text as placed glyphs: the raster backend draws it glyph by glyph from a cache of
//! coverage masks (`raster::glyph_masks`), vector backends draw its outline, made when first asked
//! for. Filling and keeping each line's whole outline cost an animation whose caption changes every
//! step (the knight's reasons) most of its time and memory, for letters it had filled a hundred
//! times before.

use std::sync::{Arc, OnceLock};

use ab_glyph::GlyphId;

use super::Font;
use crate::geom::Path;

/// A line of text at one size: its glyphs, each with its pen's x on the baseline y = 0, as
/// [`Font::baseline_path`] places them.
#[derive(Clone, Debug)]
pub struct GlyphRun {
    font: Font,
    px: f32,
    glyphs: Vec<(GlyphId, f32)>,
    /// The outline, made on first use and shared by clones.
    outline: Arc<OnceLock<Path>>,
}

impl PartialEq for GlyphRun {
    fn eq(&self, other: &GlyphRun) -> bool {
        self.font.cache_id() == other.font.cache_id()
            && self.px.to_bits() == other.px.to_bits()
            && self.glyphs == other.glyphs
    }
}

impl GlyphRun {
    /// `text` at `px` as [`Font::baseline_path`] lays it out.
    pub(crate) fn new(font: &Font, text: &str, px: f32) -> GlyphRun {
        GlyphRun {
            font: font.clone(),
            px,
            glyphs: font.layout(text, px),
            outline: Arc::default(),
        }
    }

    /// The line's outline (the glyphs' outlines at their pens, filled non-zero): exactly what
    /// [`Font::baseline_path`] gives for the text.
    pub fn outline(&self) -> &Path {
        self.outline.get_or_init(|| {
            let mut path = Path::new();
            for &(id, x) in &self.glyphs {
                self.font.push_glyph(&mut path, id, self.px, x);
            }
            path
        })
    }

    /// The outline as [`GlyphRun::outline`] makes it, without keeping it in the run (for a
    /// writer that meets thousands of runs once each, while their symbols stay in the renderer).
    pub(crate) fn outline_once(&self) -> Path {
        if let Some(path) = self.outline.get() {
            return path.clone();
        }
        let mut path = Path::new();
        for &(id, x) in &self.glyphs {
            self.font.push_glyph(&mut path, id, self.px, x);
        }
        path
    }

    /// The ink box of the outline, `(x0, y0, x1, y1)`, from the glyphs' boxes without making it
    /// (equal to the outline's bounds within float rounding); `None` without ink.
    pub(crate) fn ink_box(&self) -> Option<(f32, f32, f32, f32)> {
        let mut ink = self.font.ink_measure(self.px);
        for &(id, x) in &self.glyphs {
            ink.push_glyph_at(id, x);
        }
        ink.bounds()
    }

    /// The font the glyphs are drawn from.
    pub(crate) fn font(&self) -> &Font {
        &self.font
    }

    /// The size the glyphs are drawn at.
    pub(crate) fn px(&self) -> f32 {
        self.px
    }

    /// Each glyph with its pen's x.
    pub(crate) fn glyphs(&self) -> &[(GlyphId, f32)] {
        &self.glyphs
    }
}

impl Font {
    /// The outline of glyph `id` at `px` with its pen at (`x`, 0): one glyph of [`Font::baseline_path`].
    pub(crate) fn glyph_path(&self, id: GlyphId, px: f32, x: f32) -> Path {
        let mut path = Path::new();
        self.push_glyph(&mut path, id, px, x);
        path
    }

    /// A number that tells this font's glyphs from another loaded font's (clones share it), for
    /// caches keyed by glyph.
    pub(crate) fn cache_id(&self) -> usize {
        std::sync::Arc::as_ptr(&self.glyphs) as *const () as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run's glyphs, each outlined at its pen, make the line's outline exactly.
    #[test]
    fn a_runs_glyphs_are_the_lines_outline() {
        for font in [Font::bundled(), Font::bundled_cjk()] {
            for text in ["AVAVA To Wa: 12 candidates", "第 5 步 · 下一步", ""] {
                let px = 17.3;
                let run = GlyphRun::new(&font, text, px);
                let mut path = Path::new();
                for &(id, x) in run.glyphs() {
                    path.append(&run.font().glyph_path(id, run.px(), x));
                }
                assert_eq!(
                    path.contours(),
                    font.outline(text, px).contours(),
                    "{text:?}"
                );
            }
        }
        assert_ne!(Font::bundled().cache_id(), Font::bundled().cache_id());
        let font = Font::bundled();
        assert_eq!(font.clone().cache_id(), font.cache_id());
    }
}
