//! The margin: the frame around the board, coordinate labels and the caption.

use super::{fill_origin, ItemBuilder, Place, SymbolKey};
use crate::display::layout::outline_width;
use crate::display::list::{FillRule, Ink, Layer, Painter, Shape, SymbolShape};
use crate::display::text_size::{caption_px, label_px};
use crate::geom::Rect;
use crate::scene::{Axes, Scene};

impl ItemBuilder {
    pub(super) fn margin(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let m = self.layout.margin();
        if m == 0 {
            return;
        }
        let board = self.layout.board_rect();
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        // A frame just outside the board (so the board's own pixels follow the contract), as heavy
        // as the line between two tiles together with the outline strip of the edge cells.
        let cell = self.layout.cell();
        let t = (cell / 40).clamp(1, 3).max(outline_width(cell)).min(m);
        let frame = Rect::new(
            board.x - t,
            board.y - t,
            board.width + 2 * t,
            board.height + 2 * t,
        );
        self.rect(out, Layer::Frame, frame, self.colors.frame, bounds);
        if scene.axes() != Axes::None {
            self.labels(scene, out);
        }
        self.caption(scene, out);
    }

    fn labels(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let (rows, cols) = (scene.rows(), scene.cols());
        let widest = match scene.axes() {
            Axes::Chess => crate::text::chess_file(cols.saturating_sub(1)),
            _ => cols
                .saturating_sub(1)
                .max(rows.saturating_sub(1))
                .to_string(),
        };
        let (m, cell) = (self.layout.margin(), self.layout.cell());
        let Some(px) = label_px(&self.font, cell, m, &widest) else {
            self.omitted.labels = true;
            return;
        };
        let board = self.layout.board_rect();
        let cell = cell as f32;
        let ink = self.colors.ink_margin;
        let gap = m as f32 / 2.0;
        // A turned board's labels name the squares they named before the turn.
        let turned = scene.is_turned();
        let col_of = |c: u32| if turned { cols - 1 - c } else { c };
        let row_of = |r: u32| if turned { rows - 1 - r } else { r };
        for c in 0..cols {
            let (text, y) = match scene.axes() {
                Axes::Chess => (
                    crate::text::chess_file(col_of(c)),
                    board.y as f32 + board.height as f32 + gap,
                ),
                _ => (col_of(c).to_string(), gap),
            };
            let x = board.x as f32 + (c as f32 + 0.5) * cell;
            self.text(out, Layer::Labels, &text, px, (x, y), ink);
        }
        for r in 0..rows {
            let text = match scene.axes() {
                Axes::Chess => (rows - row_of(r)).to_string(),
                _ => row_of(r).to_string(),
            };
            let y = board.y as f32 + (r as f32 + 0.5) * cell;
            self.text(out, Layer::Labels, &text, px, (gap, y), ink);
        }
    }

    pub(super) fn caption(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let band = self.layout.caption_rect();
        let Some(caption) = scene.caption() else {
            return;
        };
        if band.is_empty() {
            return;
        }
        let margin = self.layout.margin() as f32;
        let size = caption_px(
            &self.font,
            caption,
            band.width as f32,
            band.height as f32,
            margin,
        );
        let Some(px) = size else {
            self.omitted.caption = true;
            return;
        };
        let x = band.x as f32 + band.width as f32 / 2.0;
        let y = band.y as f32 + band.height as f32 * 0.4;
        let ink = self.colors.ink_margin;
        let caption = caption.to_string();
        self.text(out, Layer::Caption, &caption, px, (x, y), ink);
    }

    /// `text` at `px` with its ink box centred on `centre` (rounded to whole pixels).
    fn text(
        &mut self,
        out: &mut dyn Painter,
        layer: Layer,
        text: &str,
        px: f32,
        centre: (f32, f32),
        ink: Ink,
    ) {
        let key = SymbolKey::Text(text.to_string(), px.to_bits());
        let Some(p) = self.text_symbol(
            key,
            || text.to_string(),
            px,
            |font, _| {
                let shape = SymbolShape::Fill {
                    path: font.text_path(text, px),
                    rule: FillRule::NonZero,
                };
                ("text".into(), shape, Place::AsIs)
            },
        ) else {
            return;
        };
        let (w, h) = p.size;
        let origin = fill_origin(&self.symbols, p.id);
        let dx = (centre.0 - w as f32 / 2.0).round() as i32 - origin.0;
        let dy = (centre.1 - h as f32 / 2.0).round() as i32 - origin.1;
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        let shape = Shape::Symbol { id: p.id, dx, dy };
        self.item(out, layer, shape, ink, 255, bounds);
    }
}
