//! Count badges: a small numbered disc in the bottom-right corner of a square that an explaining figure weighs
//! (a knight's candidate and its onward moves). The chosen square's disc is filled with the mark
//! colour and its number drawn in the overlay edge's colour; the others are the reverse, a disc of
//! the edge's colour inside a ring of the mark's, so the chosen one differs in lightness and shape and
//! stays apart in print and in greyscale. Badges lie over pieces and under step numbers (a candidate
//! square is free, so it has neither).

use super::{ItemBuilder, Place, SymbolKey};
use crate::display::list::{FillRule, Layer, Painter, SymbolShape};
use crate::display::text_size::{number_px, NumberRoom};
use crate::geom::{Path, Rect};
use crate::scene::Badge;

/// The disc's radius as a share of the cell, at least [`COUNT_MIN_RADIUS_PX`] (room for a legible
/// digit) and at most [`COUNT_MAX_RADIUS`] of the cell; it sits in the cell's bottom-right corner,
/// so in large cells it reads as a badge beside the square's middle, not as a step number's node.
const COUNT_RADIUS: f32 = 0.22;
const COUNT_MIN_RADIUS_PX: f32 = 7.7;
const COUNT_MAX_RADIUS: f32 = 0.34;
/// Room between the disc and the cell's right and bottom edges, as a share of the cell.
const COUNT_INSET: f32 = 0.06;
/// The ring of a badge not chosen, as a share of the cell (at least a pixel).
const COUNT_RING: f32 = 0.05;
/// Room kept between the digit's ink and the ring.
const COUNT_PAD: f32 = 0.03;

/// The shapes of a badge, defined once per figure.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum BadgeKey {
    Disc,
    Ring,
    Number(u8),
}

/// The badge's centre (on both axes, from the cell's corner) and radius in a `cell`-pixel cell.
fn count_geometry(cell: f32) -> (f32, f32) {
    let r = (cell * COUNT_RADIUS)
        .max(COUNT_MIN_RADIUS_PX)
        .min(cell * COUNT_MAX_RADIUS);
    let c = (cell - r - (cell * COUNT_INSET).max(1.0)).max(cell / 2.0);
    (c, r)
}

impl ItemBuilder {
    /// The size of a badge's number in this figure's cells, or `None` where it cannot be legible.
    fn badge_px(&self) -> Option<f32> {
        let cell = self.layout.cell();
        let c = cell as f32;
        let ring = (c * COUNT_RING).max(1.0);
        let room = NumberRoom::Disc {
            radius: (count_geometry(c).1 - ring) / c,
            pad: COUNT_PAD,
        };
        number_px(&self.font, cell, 9, room)
    }

    /// The badge on `rect`'s square, if legible at this cell size (else it is left out, and said so
    /// as numbers left out are).
    pub(super) fn count_badge(&mut self, out: &mut dyn Painter, badge: &Badge, rect: Rect) {
        let Some(px) = self.badge_px() else {
            self.omitted.numbers = true;
            return;
        };
        let inks = self.colors.overlay;
        let (disc_ink, number_ink) = if badge.chosen {
            (inks.mark, inks.edge)
        } else {
            (inks.edge, inks.mark)
        };
        let disc = self.symbol(SymbolKey::Badge(BadgeKey::Disc), |_, size| {
            let (c, r) = count_geometry(size);
            let shape = SymbolShape::Fill {
                path: Path::circle(c, c, r),
                rule: FillRule::Union,
            };
            ("count".into(), shape, Place::AsIs)
        });
        self.put(out, Layer::Badges, disc, rect, disc_ink);
        if !badge.chosen {
            let ring = self.symbol(SymbolKey::Badge(BadgeKey::Ring), |_, size| {
                let w = (size * COUNT_RING).max(1.0);
                let (c, r) = count_geometry(size);
                let shape = SymbolShape::Ring {
                    cx: c,
                    cy: c,
                    r: r - w / 2.0,
                    width: w,
                };
                ("count-ring".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Badges, ring, rect, inks.mark);
        }
        let n = badge.value;
        let number = self.symbol(SymbolKey::Badge(BadgeKey::Number(n)), |font, size| {
            let shape = SymbolShape::Fill {
                path: font.text_path(&n.to_string(), px),
                rule: FillRule::NonZero,
            };
            let (c, _) = count_geometry(size);
            (format!("count{n}"), shape, Place::Centred(c, c))
        });
        self.put(out, Layer::Badges, number, rect, number_ink);
    }
}
