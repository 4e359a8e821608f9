//! Measuring text without drawing it: the ink box [`Font::outline`]'s path would have, from each
//! glyph's box in font units (read once per font) scaled and moved to the glyph's place. It equals
//! the drawn path's box within float rounding (a quadratic's extreme is found before scaling rather
//! than after); a caption is wrapped and measured whole by this one measure, so the two always
//! agree. Measuring each glyph's curves anew was most of what a caption changing every step cost.

use ab_glyph::{Font as _, GlyphId, Outline, OutlineCurve, PxScale, ScaleFont as _};

use super::Font;
use crate::geom::quad_extreme;

impl Font {
    /// The ink box of [`Font::outline`]`(text, px)` as [`Font::ink_box`] gives it, to the last bit,
    /// without building the path: wrapping a caption measures every prefix of its lines, and
    /// building those paths cost more than everything else a changing caption costs.
    pub(super) fn ink_bounds(&self, text: &str, px: f32) -> Option<(f32, f32, f32, f32)> {
        let mut ink = self.ink_measure(px);
        ink.push_str(text);
        ink.bounds()
    }

    /// A measure of text at `px` that grows as text is appended ([`InkMeasure::push_str`]): the
    /// ink of a line and its next word costs the word, not the line again.
    pub(crate) fn ink_measure(&self, px: f32) -> InkMeasure<'_> {
        let usable = px.is_finite() && px > 0.0;
        let scaled = self
            .font
            .as_scaled(PxScale::from(if usable { px } else { 1.0 }));
        InkMeasure {
            font: self,
            usable,
            sx: scaled.h_scale_factor(),
            sy: scaled.v_scale_factor(),
            px,
            caret: 0.0,
            prev: None,
            inked: false,
            b: (
                f32::INFINITY,
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::NEG_INFINITY,
            ),
        }
    }
}

/// The box of `outline`'s curves in font units (y up), as [`crate::geom::Path::bounds`] takes a
/// path's: the curves' ends, a quadratic's extreme, a cubic's controls; `None` without curves.
pub(super) fn outline_box(outline: &Outline) -> Option<(f32, f32, f32, f32)> {
    let mut b = (
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    );
    let mut add = |p: [f32; 2]| {
        b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
    };
    let xy = |p: &ab_glyph::Point| [p.x, p.y];
    for curve in &outline.curves {
        match curve {
            OutlineCurve::Line(a, z) => {
                add(xy(a));
                add(xy(z));
            }
            OutlineCurve::Quad(a, q, z) => {
                let (a, q, z) = (xy(a), xy(q), xy(z));
                add(a);
                add(z);
                add(quad_extreme(&a, &q, &z));
            }
            OutlineCurve::Cubic(a, c1, c2, z) => {
                for p in [a, c1, c2, z] {
                    add(xy(p));
                }
            }
        }
    }
    (!outline.curves.is_empty()).then_some(b)
}

/// The ink box of a text measured so far, with the pen where the text ends: appending text gives
/// exactly the box [`Font::measure`] gives the whole (the same float operations in the same order).
#[derive(Clone)]
pub(crate) struct InkMeasure<'a> {
    font: &'a Font,
    /// False for a size that draws nothing (not finite, not positive).
    usable: bool,
    sx: f32,
    sy: f32,
    px: f32,
    caret: f32,
    prev: Option<GlyphId>,
    inked: bool,
    b: (f32, f32, f32, f32),
}

impl InkMeasure<'_> {
    /// Appends `text` after what was measured.
    pub(crate) fn push_str(&mut self, text: &str) {
        if !self.usable {
            return;
        }
        let scaled = self.font.font.as_scaled(PxScale::from(self.px));
        for c in text.chars() {
            let id = self.font.glyph_id(c);
            if let Some(p) = self.prev {
                self.caret += self.font.kern(&scaled, p, id);
            }
            self.push_glyph_at(id, self.caret);
            self.caret += scaled.h_advance(id);
            self.prev = Some(id);
        }
    }

    /// Adds the ink of glyph `id` with its pen at `caret` (the pen itself does not move).
    pub(crate) fn push_glyph_at(&mut self, id: GlyphId, caret: f32) {
        if !self.usable {
            return;
        }
        let (sx, sy) = (self.sx, self.sy);
        if let Some((x0, y0, x1, y1)) = self.font.glyph_outline(id).and_then(|g| g.ink) {
            // Scaling and moving keep the order of coordinates, so the box of the moved points
            // is the moved box (a quadratic's extreme within float rounding of it).
            self.inked = true;
            let b = &mut self.b;
            *b = (
                b.0.min(x0 * sx + caret),
                b.1.min(-y1 * sy),
                b.2.max(x1 * sx + caret),
                b.3.max(-y0 * sy),
            );
        }
    }

    /// The ink box `(x0, y0, x1, y1)` so far, `None` without ink.
    pub(crate) fn bounds(&self) -> Option<(f32, f32, f32, f32)> {
        let b = self.b;
        (self.inked && b.2 > b.0 && b.3 > b.1).then_some(b)
    }

    /// The width of the ink so far; 0 without ink.
    pub(crate) fn width(&self) -> f32 {
        self.bounds().map_or(0.0, |(x0, _, x1, _)| x1 - x0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `measure` skips building the path; its box must be the path's within float rounding (a
    /// thousandth of a pixel), and missing exactly where the path has no ink.
    #[test]
    fn measured_ink_is_the_drawn_paths_box() {
        let texts = [
            "next: knight to c5, fewest onward moves (2)",
            "solutions found: 17",
            "Wy,.;'\"()[]{}@#&%!?",
            "0123456789",
            "   ",
            "",
            "步骤",
        ];
        for font in [Font::bundled(), Font::bundled_cjk()] {
            for text in texts {
                for px in [3.0f32, 7.5, 11.25, 16.0, 33.3, 100.0] {
                    let drawn = font.ink_box(&font.outline(text, px));
                    let measured = font.ink_bounds(text, px);
                    assert_eq!(measured.is_some(), drawn.is_some(), "{text:?} at {px}");
                    if let (Some(m), Some(d)) = (measured, drawn) {
                        let off = [m.0 - d.0, m.1 - d.1, m.2 - d.2, m.3 - d.3]
                            .map(f32::abs)
                            .into_iter()
                            .fold(0.0f32, f32::max);
                        assert!(off < 1e-3, "{text:?} at {px}: {m:?} measured, {d:?} drawn");
                    }
                }
            }
        }
    }
}
