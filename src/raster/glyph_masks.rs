//! Lines of text drawn glyph by glyph from cached coverage masks.
//!
//! A line's outline filled whole costs its every curve each time the line changes: a caption that
//! changes every step (the knight's reasons) refilled the same few dozen letters thousands of times.
//! Here each glyph is filled once per size and sub-pixel position and the line's mask is the sum of
//! its glyphs' masks. Pens are rounded to a quarter pixel (as subpixel text renderers do), so a
//! glyph sits at most an eighth of a pixel from where the outline puts it; glyphs of a line do not
//! overlap, so the sum is the coverage the whole outline gives, up to rounding where two glyphs
//! share a pixel. What is drawn depends only on the line, never on what the cache held before.

use std::collections::HashMap;

use ab_glyph::GlyphId;

use crate::display::glyph::GlyphRun;
use crate::geom::pixel_box;
use crate::raster::mask::{fill_mask_nonzero, Mask};

/// Sub-pixel positions a glyph is filled at, per pixel.
const PHASES: f32 = 4.0;

/// Bytes of glyph masks kept; past it the cache starts over (only a text in thousands of distinct
/// characters at many sizes gets there).
const CACHE_BYTES: usize = 8 << 20;

/// A glyph mask's key: the font, the glyph, the size's bits and the quarter-pixel phase.
type GlyphKey = (usize, GlyphId, u32, u8);

/// Glyph coverage masks by font, glyph, size and phase, each relative to its pen's whole pixel.
#[derive(Default)]
pub(crate) struct GlyphMasks {
    masks: HashMap<GlyphKey, Mask>,
    bytes: usize,
}

impl GlyphMasks {
    /// The coverage of `run`'s glyphs, each at its pen rounded to a quarter pixel, in the run's
    /// coordinates (pen of the first glyph at 0 on the baseline).
    pub(crate) fn line_mask(&mut self, run: &GlyphRun) -> Mask {
        let (font, px) = (run.font(), run.px());
        let placed: Vec<(GlyphKey, i32)> = run
            .glyphs()
            .iter()
            .map(|&(id, x)| {
                let quarters = (x * PHASES).round();
                let whole = (quarters / PHASES).floor();
                let phase = (quarters - whole * PHASES) as u8;
                ((font.cache_id(), id, px.to_bits(), phase), whole as i32)
            })
            .collect();
        for &(key, _) in &placed {
            if !self.masks.contains_key(&key) {
                let (_, id, _, phase) = key;
                let mask = fill_mask_nonzero(&font.glyph_path(id, px, f32::from(phase) / PHASES));
                if self.bytes + mask.coverage.len() > CACHE_BYTES {
                    // Start over, but keep this line's masks made so far: the line reads them
                    // below (one line of huge glyphs can fill the cache by itself).
                    self.masks.retain(|k, _| placed.iter().any(|(p, _)| p == k));
                    self.bytes = self.masks.values().map(|m| m.coverage.len()).sum();
                }
                self.bytes += mask.coverage.len();
                self.masks.insert(key, mask);
            }
        }
        let inked = || {
            placed.iter().filter_map(|(key, x)| {
                let m = &self.masks[key];
                (m.width > 0 && m.height > 0).then_some((m, *x))
            })
        };
        let mut b = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for (m, x) in inked() {
            b = (
                b.0.min(m.x + x),
                b.1.min(m.y),
                b.2.max(m.x + x + m.width as i32),
                b.3.max(m.y + m.height as i32),
            );
        }
        let Some((x0, y0, w, h)) = pixel_box(b.0 as f32, b.1 as f32, b.2 as f32, b.3 as f32, 0.0)
        else {
            return Mask::empty();
        };
        let mut sum = vec![0u16; w as usize * h as usize];
        for (m, x) in inked() {
            let (left, top) = ((m.x + x - x0) as usize, (m.y - y0) as usize);
            for row in 0..m.height as usize {
                let from = &m.coverage[row * m.width as usize..][..m.width as usize];
                let to = &mut sum[(top + row) * w as usize + left..][..m.width as usize];
                to.iter_mut()
                    .zip(from)
                    .for_each(|(t, &c)| *t += u16::from(c));
            }
        }
        Mask {
            x: x0,
            y: y0,
            width: w,
            height: h,
            coverage: sum.into_iter().map(|c| c.min(255) as u8).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::glyph::Font;

    /// The line drawn glyph by glyph covers what its outline filled whole covers: the same ink in
    /// all, no pixel off by more than a quarter-pixel shift of an edge can make it.
    #[test]
    fn a_line_from_glyph_masks_covers_what_its_outline_covers() {
        for font in [Font::bundled(), Font::bundled_cjk()] {
            for px in [9.0f32, 14.7, 31.0] {
                for text in [
                    "step 12 · next: 3 candidates; c1 has the fewest (2)",
                    "第 5 步",
                ] {
                    let whole = fill_mask_nonzero(&font.outline(text, px));
                    let run = GlyphRun::new(&font, text, px);
                    let glyphs = GlyphMasks::default().line_mask(&run);
                    let (a, b) = (whole.area(), glyphs.area());
                    assert!(
                        (a - b).abs() < a * 0.01,
                        "{text:?} at {px}: area {b} against {a}"
                    );
                    let (x0, y0) = (whole.x.min(glyphs.x), whole.y.min(glyphs.y));
                    let x1 = (whole.x + whole.width as i32).max(glyphs.x + glyphs.width as i32);
                    let y1 = (whole.y + whole.height as i32).max(glyphs.y + glyphs.height as i32);
                    for y in y0..y1 {
                        for x in x0..x1 {
                            let d = whole.at(x, y).abs_diff(glyphs.at(x, y));
                            assert!(d <= 80, "{text:?} at {px}: pixel {x},{y} off by {d}");
                        }
                    }
                }
            }
        }
    }

    /// A line whose glyphs alone fill the cache is drawn whole (a caption at a 1000 px margin once
    /// evicted the line's first glyphs before the line read them, and panicked).
    #[test]
    fn a_line_larger_than_the_cache_is_drawn_whole() {
        let font = Font::bundled();
        let (text, px) = ("Queens 8 x 8: step 1234567", 1500.0);
        let run = GlyphRun::new(&font, text, px);
        let mut cache = GlyphMasks::default();
        let line = cache.line_mask(&run);
        assert!(
            cache.bytes > CACHE_BYTES,
            "the test needs glyphs that fill the cache: {} bytes",
            cache.bytes
        );
        let whole = fill_mask_nonzero(&font.outline(text, px));
        let (a, b) = (whole.area(), line.area());
        assert!((a - b).abs() < a * 0.01, "area {b} against {a}");
    }

    /// What a line looks like does not depend on what the cache held before it.
    #[test]
    fn a_lines_mask_does_not_depend_on_the_cache() {
        let font = Font::bundled();
        let run = GlyphRun::new(&font, "knight to c5: fewest onward moves (2)", 13.0);
        let cold = GlyphMasks::default().line_mask(&run);
        let mut warm = GlyphMasks::default();
        warm.line_mask(&GlyphRun::new(&font, "onward to knight c5 moves", 13.0));
        assert_eq!(warm.line_mask(&run), cold);
        assert!(!cold.is_empty());
    }
}
