//! Measuring text without drawing it: the ink box [`Font::outline`]'s path would have, computed
//! from the same points in the same order, so that it equals the drawn path's box to the last bit
//! (captions are wrapped by measuring, then drawn; a box a bit off could wrap differently from how
//! the text is drawn).

use ab_glyph::{Font as _, GlyphId, OutlineCurve, PxScale, ScaleFont as _};

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
        let (sx, sy) = (self.sx, self.sy);
        for c in text.chars() {
            let id = self.font.font.glyph_id(c);
            if let Some(p) = self.prev {
                self.caret += scaled.kern(p, id);
            }
            if let Some(outline) = self.font.glyph_outline(id) {
                // The same points as `Font::outline` gives its path's segments: each curve's ends
                // (a curve starts where the pen is), a quadratic's extreme, a cubic's controls.
                let caret = self.caret;
                let t = |p: ab_glyph::Point| [p.x * sx + caret, -p.y * sy];
                let b = &mut self.b;
                let mut add = |p: [f32; 2]| {
                    *b = (b.0.min(p[0]), b.1.min(p[1]), b.2.max(p[0]), b.3.max(p[1]));
                };
                for curve in &outline.curves {
                    self.inked = true;
                    match curve {
                        OutlineCurve::Line(a, z) => {
                            add(t(*a));
                            add(t(*z));
                        }
                        OutlineCurve::Quad(a, q, z) => {
                            let (a, q, z) = (t(*a), t(*q), t(*z));
                            add(a);
                            add(z);
                            add(quad_extreme(&a, &q, &z));
                        }
                        OutlineCurve::Cubic(a, c1, c2, z) => {
                            for p in [a, c1, c2, z] {
                                add(t(*p));
                            }
                        }
                    }
                }
            }
            self.caret += scaled.h_advance(id);
            self.prev = Some(id);
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

    /// `measure` skips building the path; its box must be the path's to the last bit, or a caption
    /// could wrap differently from how it is drawn.
    #[test]
    fn measured_ink_is_the_drawn_paths_box_exactly() {
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
                    let bits = |b: Option<(f32, f32, f32, f32)>| {
                        b.map(|b| [b.0.to_bits(), b.1.to_bits(), b.2.to_bits(), b.3.to_bits()])
                    };
                    assert_eq!(bits(measured), bits(drawn), "{text:?} at {px}");
                }
            }
        }
    }
}
