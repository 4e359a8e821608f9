//! A line of text as placed glyphs, beside the outline the display list holds: the raster backend
//! draws it glyph by glyph from a cache of coverage masks (`raster::glyph_masks`) instead of
//! filling the whole line's outline, which an animation whose caption changes every step (the
//! knight's reasons) did for every step, letters it had filled a hundred times before.

use ab_glyph::GlyphId;

use super::Font;
use crate::geom::Path;

/// The glyphs of a line of text at one size, each with its pen's x on the baseline y = 0: the same
/// glyphs at the same places as [`Font::outline`] gives the line's outline.
#[derive(Clone, Debug)]
pub(crate) struct GlyphRun {
    font: Font,
    px: f32,
    glyphs: Vec<(GlyphId, f32)>,
}

impl GlyphRun {
    /// `text` at `px` as [`Font::outline`] lays it out.
    pub(crate) fn new(font: &Font, text: &str, px: f32) -> GlyphRun {
        GlyphRun {
            font: font.clone(),
            px,
            glyphs: font.layout(text, px),
        }
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
    /// The outline of glyph `id` at `px` with its pen at (`x`, 0): one glyph of [`Font::outline`].
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
