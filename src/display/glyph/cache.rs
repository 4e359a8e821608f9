//! What a font tells about its glyphs, read from the font file once and kept, shared by the clones
//! of a [`Font`]: an animation whose caption changes every step (the knight's reasons) measures and
//! draws the same few letters thousands of times, and looking them up in the font's tables (the
//! character map, the kerning pairs, the outlines) cost more than the rest of laying out, measuring
//! and filling them.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, MutexGuard};

use ab_glyph::{Font as _, GlyphId, Outline, PxScaleFont, ScaleFont as _};

use super::{ink, Font};

/// The most entries each table keeps: all a caption alphabet needs, while a text of thousands of
/// distinct characters (a CJK font) cannot grow the cache without bound.
const MAX_ENTRIES: usize = 2048;

/// A table keyed by glyph ids or characters.
type Table<K, V> = HashMap<K, V, BuildHasherDefault<SmallKeyHasher>>;

/// The glyphs read so far: outlines, glyph ids by character, kerning by pair (in font units).
#[derive(Debug, Default)]
pub(super) struct GlyphCache {
    shapes: Table<GlyphId, Option<Arc<GlyphShape>>>,
    ids: Table<char, GlyphId>,
    kerns: Table<(GlyphId, GlyphId), f32>,
}

impl GlyphCache {
    /// True before any glyph was read.
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.shapes.is_empty() && self.ids.is_empty() && self.kerns.is_empty()
    }
}

/// A glyph's outline and its ink box, both in font units (y up).
#[derive(Debug)]
pub(crate) struct GlyphShape {
    pub(crate) outline: Outline,
    /// `(x0, y0, x1, y1)` over the curves' ends, quadratic extremes and cubic controls (what
    /// [`crate::geom::Path::bounds`] takes of a path), `None` for an outline without curves.
    pub(crate) ink: Option<(f32, f32, f32, f32)>,
}

/// Hashes small keys (a glyph id, a character, a pair of ids) by multiplying them out (Fibonacci
/// hashing): the tables are looked up for every letter, and the default hasher (SipHash, made to
/// resist chosen keys, which a font's own glyphs are not) cost as much as the rest of measuring one.
#[derive(Default)]
struct SmallKeyHasher(u64);

impl std::hash::Hasher for SmallKeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u16(&mut self, v: u16) {
        self.write_u64(u64::from(v));
    }

    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(21) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Inserts unless the table is full (then the value is simply not kept).
fn keep<K: std::hash::Hash + Eq, V>(table: &mut Table<K, V>, key: K, value: V) {
    if table.len() < MAX_ENTRIES {
        table.insert(key, value);
    }
}

impl Font {
    fn cache(&self) -> MutexGuard<'_, GlyphCache> {
        // A poisoned lock only means another thread panicked while inserting: the tables are
        // still tables of what the font says.
        self.glyphs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The glyph the font draws `c` with (0, the "missing" box, where it has none).
    pub(super) fn glyph_id(&self, c: char) -> GlyphId {
        let mut cache = self.cache();
        if let Some(&id) = cache.ids.get(&c) {
            return id;
        }
        let id = self.font.glyph_id(c);
        keep(&mut cache.ids, c, id);
        id
    }

    /// The kerning between glyphs `a` and `b` at `scaled`'s size, exactly as
    /// [`ab_glyph::ScaleFont::kern`] gives it.
    pub(super) fn kern(
        &self,
        scaled: &PxScaleFont<&ab_glyph::FontArc>,
        a: GlyphId,
        b: GlyphId,
    ) -> f32 {
        let mut cache = self.cache();
        let unscaled = match cache.kerns.get(&(a, b)) {
            Some(&k) => k,
            None => {
                let k = self.font.kern_unscaled(a, b);
                keep(&mut cache.kerns, (a, b), k);
                k
            }
        };
        scaled.h_scale_factor() * unscaled
    }

    /// The outline of glyph `id` in font units with its ink box, `None` for a glyph without one
    /// (a space).
    pub(super) fn glyph_outline(&self, id: GlyphId) -> Option<Arc<GlyphShape>> {
        let mut cache = self.cache();
        if let Some(known) = cache.shapes.get(&id) {
            return known.clone();
        }
        let shape = self.font.outline(id).map(|outline| {
            let ink = ink::outline_box(&outline);
            Arc::new(GlyphShape { outline, ink })
        });
        keep(&mut cache.shapes, id, shape.clone());
        shape
    }
}
