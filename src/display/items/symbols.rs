//! Items and symbols: a shape defined once (a number, a ring, a piece, a line of text) and placed
//! wherever it recurs, the lines of text among them kept within their slots.

use super::{line_slots, ItemBuilder, Place, Placed, SymbolKey};
use crate::display::glyph::Font;
use crate::display::list::{Ink, Item, Layer, Painter, Shape, Symbol, SymbolShape, SymbolText};
use crate::geom::Rect;
use crate::geom::{fill_box, pixel_box};

impl ItemBuilder {
    pub(super) fn rect(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        rect: Rect,
        ink: Ink,
        clip: Rect,
    ) {
        self.item(out, layer, Shape::Rect(rect), ink, 255, clip);
    }

    pub(super) fn item(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        shape: Shape<'_>,
        ink: Ink,
        alpha: u8,
        clip: Rect,
    ) {
        let item = Item {
            layer,
            shape,
            ink,
            alpha,
            clip,
        };
        out.paint(&item, &self.symbols);
    }

    /// Places a cell symbol at the cell `rect`, clipped to it.
    pub(super) fn put(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        placed: Option<Placed>,
        rect: Rect,
        ink: Ink,
    ) {
        if let Some(p) = placed {
            let shape = Shape::Symbol {
                id: p.id,
                dx: rect.x as i32 + p.offset.0,
                dy: rect.y as i32 + p.offset.1,
            };
            self.item(out, layer, shape, ink, 255, rect);
        }
    }

    /// The symbol for `key`, made by `make` the first time: its geometry and, given the pixel box of
    /// its mask, the offset that places it in the cell.
    pub(super) fn symbol(
        &mut self,
        key: SymbolKey,
        make: impl FnOnce(&Font, f32) -> (String, SymbolShape, Place),
    ) -> Option<Placed> {
        if let Some(p) = self.placed.get(&key) {
            if line_slots::LineSlots::holds(&key) {
                self.lines.touch(&key);
            }
            return *p;
        }
        let line = line_slots::LineSlots::holds(&key);
        if line {
            let evicted = self.lines.insert(key.clone());
            if let Some(Some(gone)) = evicted.and_then(|k| self.placed.remove(&k)) {
                self.lines.free_id(gone.id);
            }
        }
        // Made for the cell's largest square and placed in its middle (the square itself, in a
        // square cell).
        let (name, shape, place) = make(&self.font, self.layout.symbol_side() as f32);
        let (ix, iy) = self.layout.symbol_inset();
        let mask_box = match &shape {
            SymbolShape::Fill { path, .. } | SymbolShape::Halo { path, .. } => fill_box(path),
            // From the glyphs' boxes: making the outline only to measure it cost more than
            // drawing the line.
            SymbolShape::Text(run) => run
                .ink_box()
                .and_then(|(x0, y0, x1, y1)| pixel_box(x0, y0, x1, y1, 1.0)),
            SymbolShape::Ring { .. } => Some((0, 0, 0, 0)),
        };
        let placed = mask_box.map(|(x, y, w, h)| {
            let offset = match place {
                Place::AsIs => (ix, iy),
                Place::Centred(cx, cy) => (
                    (cx - w as f32 / 2.0).round() as i32 - x + ix,
                    (cy - h as f32 / 2.0).round() as i32 - y + iy,
                ),
            };
            let symbol = Symbol { name, shape };
            let id = match line.then(|| self.lines.reuse_id()).flatten() {
                Some(id) => {
                    self.symbols.replace(id, symbol);
                    id
                }
                None => self.symbols.add(symbol),
            };
            Placed {
                id,
                offset,
                origin: (x, y),
                size: (w, h),
            }
        });
        self.placed.insert(key, placed);
        placed
    }

    /// [`ItemBuilder::symbol`] for the outline of `text` at `px`, recorded as that text for
    /// backends that set it in their own font.
    pub(super) fn text_symbol(
        &mut self,
        key: SymbolKey,
        text: impl FnOnce() -> String,
        px: f32,
        make: impl FnOnce(&Font, f32) -> (String, SymbolShape, Place),
    ) -> Option<Placed> {
        let new = !self.placed.contains_key(&key);
        let placed = self.symbol(key, make);
        if let (true, Some(p)) = (new, placed) {
            let em = self.font.em_px(px);
            let text = SymbolText { text: text(), em };
            self.symbols.set_text(p.id, text);
        }
        placed
    }
}
