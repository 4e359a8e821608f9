//! The number of a square that also holds a piece (the knight's square in a tour): the piece stands
//! on the square at the size of every other piece, moved a little down and to the left, and the
//! number sits in a small rounded tag in the square's top-right corner, in the room the piece leaves
//! there (a knight faces left, so the corner behind its head is free). The tag is drawn as a node
//! is: the node's light fill inside a ring of the path's colour, or of the start or end colour on a
//! marked square, so the number still reads as a step of the path.
//!
//! The digits are about as tall as the margin's labels (near a quarter of the square), never below
//! the legible floor; numbers of a figure share one size and tags of one width per count of digits.

use super::{ItemBuilder, Place, SymbolKey};
use crate::display::glyph::Font;
use crate::display::list::{FillRule, Ink, Layer, Painter, SymbolShape};
use crate::display::text_size::MIN_TEXT_PX;
use crate::geom::{Path, Rect};

/// The digits' ink height as a share of the cell (11 px at the default cell of 48, just under the
/// margin's labels), never below the legible floor.
const TAG_INK: f32 = 0.23;
/// Room between the digits and the tag's ring, and the ring's weight (plain, and on a start or end
/// square), as shares of the cell, each at least a pixel.
const TAG_PAD: f32 = 0.025;
const TAG_RING: f32 = 0.025;
const TAG_RING_MARKED: f32 = 0.04;
/// A rim of the square's own colour around the tag, so that where a piece reaches under the tag
/// (in small cells) the two stay apart.
const TAG_GAP: f32 = 0.02;
/// Room between the tag and the cell's top and right edges, as a share of the cell (at least a
/// pixel), so that the tag never merges with the next square's edge.
const TAG_INSET: f32 = 0.02;
/// The radius of the tag's corners, as a share of its height.
const TAG_CORNER: f32 = 0.35;
/// How far a tagged piece moves to the left and down, as shares of the cell: out of the tag's way,
/// still inside its square (a piece fills 0.8 of the cell's height, a knight 0.62 of its width).
pub(super) const TAGGED_PIECE_SHIFT: (f32, f32) = (0.1, 0.07);
/// The widest a tag may be, as a share of the cell; longer numbers are set smaller (down to the
/// legible floor) to fit.
const TAG_MAX_WIDTH: f32 = 0.76;
/// The scale text is measured at.
const MEASURE_PX: f32 = 100.0;

/// The shapes of a tag, defined once per figure: its outline and fill for numbers of so many digits
/// (on a marked square, the ring is heavier), and each number.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum TagKey {
    Gap(u8),
    Ring(u8),
    Fill(u8, bool),
    Number(u32),
}

/// The size of a tag's digits in `cell`-pixel cells for numbers up to `max_label`: as tall as the
/// margin's labels, smaller where the widest number would make the tag too wide, and `None` where
/// that is below the legible floor.
pub(crate) fn tag_number_px(font: &Font, cell: u32, max_label: u32) -> Option<f32> {
    let c = cell as f32;
    let widest = "8".repeat(digits(max_label.max(1)) as usize);
    let (w, h) = font.measure(&widest, MEASURE_PX);
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    let tall = (c * TAG_INK).max(MIN_TEXT_PX) * MEASURE_PX / h;
    let room = c * TAG_MAX_WIDTH - 2.0 * (pad(c) + 0.5 + ring(c, true));
    let px = tall.min(room * MEASURE_PX / w);
    (h * px / MEASURE_PX >= MIN_TEXT_PX * 0.999).then_some(px)
}

fn digits(n: u32) -> u8 {
    n.to_string().len() as u8
}

fn pad(c: f32) -> f32 {
    (c * TAG_PAD).max(1.0)
}

fn ring(c: f32, marked: bool) -> f32 {
    let share = if marked { TAG_RING_MARKED } else { TAG_RING };
    (c * share).max(1.0)
}

/// The tag's box in a `c`-pixel cell for `k`-digit numbers at `px`: left, top, width, height (one
/// box whether the ring is plain or heavy, so a number sits at one place in both).
fn tag_box(font: &Font, c: f32, px: f32, k: u8) -> (f32, f32, f32, f32) {
    let (w, h) = font.measure(&"8".repeat(k as usize), px);
    // Placing the number on whole pixels moves it by up to half a pixel.
    let edge = pad(c) + 0.5 + ring(c, true);
    let height = (h + 2.0 * edge).ceil();
    let width = (w + 2.0 * edge).ceil().max(height);
    let inset = (c * TAG_INSET).max(1.0).round();
    (c - inset - width, inset, width, height)
}

/// A rectangle with rounded corners of radius `r`.
fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let r = r.min(w / 2.0).min(h / 2.0);
    let (x1, y1) = (x + w, y + h);
    let mut p = Path::new();
    p.move_to(x + r, y);
    p.line_to(x1 - r, y);
    p.quad_to(x1, y, x1, y + r);
    p.line_to(x1, y1 - r);
    p.quad_to(x1, y1, x1 - r, y1);
    p.line_to(x + r, y1);
    p.quad_to(x, y1, x, y1 - r);
    p.line_to(x, y + r);
    p.quad_to(x, y, x + r, y);
    p.close();
    p
}

impl ItemBuilder {
    /// Number `n` in the tag of the cell `rect` (of colour `fill`), at `px`, ringed in `ring_ink`
    /// (heavier when the square is `marked` as the start or the end).
    pub(super) fn number_tag(
        &mut self,
        out: &mut dyn Painter,
        rect: Rect,
        (n, px): (u32, f32),
        (fill, ring_ink): (Ink, Ink),
        marked: bool,
    ) {
        let k = digits(n);
        let key = SymbolKey::NumberTag(TagKey::Gap(k));
        let gap = self.symbol(key, |font, size| {
            let (x, y, w, h) = tag_box(font, size, px, k);
            let g = (size * TAG_GAP).max(1.0);
            let shape = SymbolShape::Fill {
                path: rounded(x - g, y - g, w + 2.0 * g, h + 2.0 * g, h * TAG_CORNER + g),
                rule: FillRule::Union,
            };
            (format!("tag{k}-gap"), shape, Place::AsIs)
        });
        let key = SymbolKey::NumberTag(TagKey::Ring(k));
        let outer = self.symbol(key, |font, size| {
            let (x, y, w, h) = tag_box(font, size, px, k);
            let shape = SymbolShape::Fill {
                path: rounded(x, y, w, h, h * TAG_CORNER),
                rule: FillRule::Union,
            };
            (format!("tag{k}-ring"), shape, Place::AsIs)
        });
        let key = SymbolKey::NumberTag(TagKey::Fill(k, marked));
        let inner = self.symbol(key, |font, size| {
            let (x, y, w, h) = tag_box(font, size, px, k);
            let t = ring(size, marked);
            let r = (h * TAG_CORNER - t).max(0.0);
            let shape = SymbolShape::Fill {
                path: rounded(x + t, y + t, w - 2.0 * t, h - 2.0 * t, r),
                rule: FillRule::Union,
            };
            let name = if marked {
                format!("tag{k}-marked")
            } else {
                format!("tag{k}")
            };
            (name, shape, Place::AsIs)
        });
        let node = self.colors.node;
        let clip = self.inside_grid(rect);
        self.place(out, Layer::Badges, gap, rect, fill, 255, clip);
        self.put(out, Layer::Badges, outer, rect, ring_ink);
        self.put(out, Layer::Badges, inner, rect, node);
        let ink = self
            .colors
            .ink_on
            .get(&node)
            .copied()
            .unwrap_or(self.colors.ink_margin);
        let key = SymbolKey::NumberTag(TagKey::Number(n));
        let number = self.text_symbol(
            key,
            || n.to_string(),
            px,
            |font, size| {
                let shape = SymbolShape::Fill {
                    path: font.text_path(&n.to_string(), px),
                    rule: FillRule::NonZero,
                };
                let (x, y, w, h) = tag_box(font, size, px, k);
                let centre = (x + w / 2.0, y + h / 2.0);
                (
                    format!("tag-n{n}"),
                    shape,
                    Place::Centred(centre.0, centre.1),
                )
            },
        );
        self.put(out, Layer::Numbers, number, rect, ink);
    }
}
