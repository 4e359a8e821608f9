//! Keys by content for what a player's pictures repeat: a symbol or a drawn element seen in an
//! earlier picture is found by a 128-bit hash of its geometry and paint, without writing its
//! markup again (writing numbers is most of the cost of a page). Two 64-bit SipHash values with
//! fixed keys: deterministic, and a collision among a page's few million entries has a chance
//! of about 10^-26.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::super::layers::Draw;
use crate::display::list::{FillRule, Shape, SymbolShape};
use crate::geom::{Path, Segment};

/// A content key.
pub(super) type Key = (u64, u64);

/// Two hashers fed the same words.
struct Keyer(DefaultHasher, DefaultHasher);

impl Keyer {
    fn new(kind: u32) -> Keyer {
        let mut k = Keyer(DefaultHasher::new(), DefaultHasher::new());
        // The second hasher starts elsewhere, so the two values are independent.
        0x9e37_79b9_u32.hash(&mut k.1);
        k.put(kind);
        k
    }

    fn put(&mut self, v: u32) {
        v.hash(&mut self.0);
        v.hash(&mut self.1);
    }

    fn float(&mut self, v: f32) {
        self.put(v.to_bits());
    }

    fn point(&mut self, p: [f32; 2]) {
        self.float(p[0]);
        self.float(p[1]);
    }

    fn path(&mut self, path: &Path) {
        for contour in path.contours() {
            self.put(contour.len() as u32);
            for s in contour {
                match s {
                    Segment::Line(a, b) => {
                        self.put(0);
                        self.point(a);
                        self.point(b);
                    }
                    Segment::Quad(a, q, b) => {
                        self.put(1);
                        self.point(a);
                        self.point(q);
                        self.point(b);
                    }
                    Segment::Cubic(a, q, r, b) => {
                        self.put(2);
                        self.point(a);
                        self.point(q);
                        self.point(r);
                        self.point(b);
                    }
                }
            }
        }
    }

    fn finish(&self) -> Key {
        (self.0.finish(), self.1.finish())
    }
}

/// The key of a path's data (rounded tokens, as the SVG writer writes them).
pub(super) fn tokens_key(tokens: &[i64]) -> Key {
    let mut k = Keyer::new(4);
    tokens.hash(&mut k.0);
    tokens.hash(&mut k.1);
    k.finish()
}

/// The keyer of a filled outline.
fn fill_keyer(path: &Path, rule: FillRule) -> Keyer {
    let mut k = Keyer::new(0);
    k.put(match rule {
        FillRule::NonZero => 0,
        FillRule::Union => 1,
    });
    k.path(path);
    k
}

/// The key of a symbol's geometry.
pub(super) fn symbol_key(shape: &SymbolShape) -> Key {
    let mut k;
    match shape {
        SymbolShape::Fill { path, rule } => k = fill_keyer(path, *rule),
        // A line of text draws as the fill of its outline, so it is keyed as one.
        SymbolShape::Text(run) => k = fill_keyer(run.outline(), FillRule::NonZero),
        SymbolShape::Ring { cx, cy, r, width } => {
            k = Keyer::new(1);
            for v in [cx, cy, r, width] {
                k.float(*v);
            }
        }
        SymbolShape::Halo { path, grow, solid } => {
            k = Keyer::new(if *solid { 3 } else { 2 });
            k.float(*grow);
            k.path(path);
        }
    }
    k.finish()
}

/// The key of a drawn element: its shape (a symbol by its page-wide number `symbol`), colour,
/// opacity and clip.
pub(super) fn draw_key(d: &Draw<'_>, symbol: Option<u32>, rgb: [u8; 3]) -> Key {
    let mut k = Keyer::new(3);
    match d.op {
        Shape::Rect(r) => {
            k.put(0);
            r.hash(&mut k.0);
            r.hash(&mut k.1);
        }
        Shape::Symbol { dx, dy, .. } => {
            k.put(1);
            k.put(symbol.unwrap_or(u32::MAX));
            k.put(dx as u32);
            k.put(dy as u32);
        }
        Shape::Polyline { points, width } => {
            k.put(2);
            k.float(width);
            k.put(points.len() as u32);
            for p in points {
                k.point(*p);
            }
        }
    }
    k.put(u32::from_be_bytes([0, rgb[0], rgb[1], rgb[2]]));
    k.put(u32::from(d.alpha));
    match d.clip {
        Some(c) => {
            k.put(1);
            c.hash(&mut k.0);
            c.hash(&mut k.1);
        }
        None => k.put(0),
    }
    k.finish()
}
