//! Count badges: a small numbered disc in the middle of a square that an explaining figure weighs
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

/// The disc's radius as a share of the cell: room for a legible digit from 24-pixel cells up.
const COUNT_RADIUS: f32 = 0.32;
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

impl ItemBuilder {
    /// The size of a badge's number in this figure's cells, or `None` where it cannot be legible.
    fn badge_px(&self) -> Option<f32> {
        let cell = self.layout.cell();
        let ring = (cell as f32 * COUNT_RING).max(1.0) / cell as f32;
        let room = NumberRoom::Disc {
            radius: COUNT_RADIUS - ring,
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
            let c = size / 2.0;
            let shape = SymbolShape::Fill {
                path: Path::circle(c, c, size * COUNT_RADIUS),
                rule: FillRule::Union,
            };
            ("count".into(), shape, Place::AsIs)
        });
        self.put(out, Layer::Badges, disc, rect, disc_ink);
        if !badge.chosen {
            let ring = self.symbol(SymbolKey::Badge(BadgeKey::Ring), |_, size| {
                let w = (size * COUNT_RING).max(1.0);
                let shape = SymbolShape::Ring {
                    cx: size / 2.0,
                    cy: size / 2.0,
                    r: size * COUNT_RADIUS - w / 2.0,
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
            let c = size / 2.0;
            (format!("count{n}"), shape, Place::Centred(c, c))
        });
        self.put(out, Layer::Badges, number, rect, number_ink);
    }
}
