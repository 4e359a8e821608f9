//! The margin: the frame around the board, coordinate labels and the caption.

use super::{ItemBuilder, Place, SymbolKey};
/// How far the halo of margin text on a transparent figure reaches beyond its glyphs, as a share
/// of the text size: enough to read dark text on a dark slide.
const MARGIN_HALO: f32 = 0.08;

use crate::display::caption::{
    band_height, caption_floor_px, caption_grows, caption_px, first_line_middle, fit, CaptionLines,
    DIGIT_HEIGHT_MAX,
};
use crate::display::counter::{counter_rect, DIGITS_SHARE, DIGITS_WIDTH_SHARE};
use crate::display::glyph::GlyphRun;
use crate::display::layout::outline_width;
use crate::display::list::{Ink, Layer, Painter, Shape, SymbolShape};
use crate::display::pixel_line::pixel_runs;
use crate::display::stroke_digits::StrokeFace;
use crate::display::text_size::{label_px, min_legible_px};
use crate::display::turbo_screen::{bar_rect, counter_pixels};
use crate::geom::Rect;
use crate::scene::{Axes, LabelStyle, Scene};

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
        let t = if self.colors.ruled {
            1
        } else {
            (cell / 40).clamp(1, 3).max(outline_width(cell)).min(m)
        };
        // Ruled squares draw their own right and bottom lines, the board's last ones among them:
        // the frame adds only the first (the program's lines at 125 and 5, one pixel each).
        let far = if self.colors.ruled { 0 } else { t };
        let frame = Rect::new(
            board.x - t,
            board.y - t,
            board.width + t + far,
            board.height + t + far,
        );
        // A tiling outlines its edge cells in the outline colour: a frame of another colour beside
        // it would read as a second border, so the frame takes the outline's colour there and the
        // two make one line as heavy as the one between two tiles.
        let ink = if scene.regions().is_some() {
            self.colors.outline
        } else {
            self.colors.frame
        };
        self.rect(out, Layer::Frame, frame, ink, bounds);
        if scene.axes() != Axes::None {
            self.labels(scene, out);
        }
        if !self.colors.steps.is_empty() {
            self.step_legend(scene, out);
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
        // File letters are short ("a" has no ascender); numbers are all as tall as a digit.
        let shortest = match scene.axes() {
            Axes::Chess => "a",
            _ => "0",
        };
        let (m, cell) = (self.layout.margin(), self.layout.cell());
        let Some(px) = label_px(&self.font, cell, m, &widest, shortest, self.text_px) else {
            self.omitted.labels = true;
            return;
        };
        // Never larger than the figure's numbers (at small cells the labels' floor of legibility
        // could otherwise make them the biggest text of the figure).
        let px = match self.numbers_px(scene) {
            Some(n) => px.min(n),
            None => px,
        };
        // Each label stands half a margin off the board's edge: it follows the board wherever the
        // layout puts it.
        let board = self.layout.board_rect();
        let cell = cell as f32;
        let ink = self.colors.ink_margin;
        let gap = m as f32 / 2.0;
        let (left, top) = (board.x as f32 - gap, board.y as f32 - gap);
        // A turned board's labels name the squares they named before the turn.
        let turned = scene.is_turned();
        let col_of = |c: u32| if turned { cols - 1 - c } else { c };
        let row_of = |r: u32| if turned { rows - 1 - r } else { r };
        // Every label stands on one baseline: a digit's ink centred where the label is centred,
        // so "a" and "b" (or "g") sit on the same line whatever their ascenders and descenders.
        let half_digit = self.font.measure("8", px).1 / 2.0;
        for c in 0..cols {
            let (text, y) = match scene.axes() {
                Axes::Chess => (
                    crate::text::chess_file(col_of(c)),
                    board.y as f32 + board.height as f32 + gap,
                ),
                _ => (col_of(c).to_string(), top),
            };
            let x = board.x as f32 + (c as f32 + 0.5) * cell;
            self.line(out, Layer::Labels, &text, px, (x, y + half_digit), ink);
        }
        for r in 0..rows {
            let text = match scene.axes() {
                Axes::Chess => (rows - row_of(r)).to_string(),
                _ => row_of(r).to_string(),
            };
            let y = board.y as f32 + (r as f32 + 0.5) * self.layout.cell_height() as f32;
            self.line(out, Layer::Labels, &text, px, (left, y + half_digit), ink);
        }
    }

    /// The size of the numbers this figure shows, `None` when it shows none.
    fn numbers_px(&self, scene: &Scene) -> Option<f32> {
        if self.max_label == 0 {
            return None;
        }
        match scene.label_style() {
            LabelStyle::Node => self.path_px.map(|(px, _)| px),
            _ => self.plain_px,
        }
    }

    /// The caption, wrapped to the figure's width: each line centred, the lines one step apart.
    pub(super) fn caption(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let band = self.layout.caption_rect();
        let Some(caption) = scene.caption() else {
            return;
        };
        if band.is_empty() {
            return;
        }
        if let Some(inks) = self.colors.counter {
            return self.counter(out, caption, inks);
        }
        let Some(set) = self.caption_lines(caption, band) else {
            self.omitted.caption = true;
            return;
        };
        // The first line sits where a one-line caption always sat: its digits' middle four tenths
        // down the margin-high band.
        let digit = self.font.measure("8", set.px).1;
        let digit = digit.min(set.px * DIGIT_HEIGHT_MAX);
        let first =
            band.y as f32 + first_line_middle(self.layout.margin() as f32, digit) + digit / 2.0;
        let x = band.x as f32 + band.width as f32 / 2.0;
        let ink = self.colors.ink_margin;
        for (i, line) in set.lines.iter().enumerate() {
            let baseline = first + i as f32 * set.step();
            self.line(out, Layer::Caption, line, set.px, (x, baseline), ink);
        }
    }

    /// The caption as a counter: `text` in the ink `inks.1`, centred in a box of `inks.0` under
    /// the board ([`counter_rect`]).
    fn counter(&mut self, out: &mut dyn Painter, text: &str, (fill, ink): (Ink, Ink)) {
        if self.layout.is_on_screen() && StrokeFace::covers(text) {
            return self.screen_counter(out, text, (fill, ink));
        }
        // A caption of other characters (--caption) in the font, on the program's bar.
        let rect = if self.layout.is_on_screen() {
            bar_rect(&self.layout)
        } else {
            counter_rect(&self.layout)
        };
        if rect.is_empty() {
            return;
        }
        self.rect(out, Layer::Caption, rect, fill, rect);
        // One size for every number of a figure: that of its widest digits, "88".
        let widest = "8".repeat(text.chars().count().max(2));
        let (w, h) = (rect.width as f32, rect.height as f32);
        let px = self
            .font
            .fit_px(&widest, w * DIGITS_WIDTH_SHARE, h * DIGITS_SHARE);
        if px < min_legible_px(&self.font) {
            self.omitted.caption = true;
            return;
        }
        let digit = self.font.measure("8", px).1;
        let (x, mid) = (rect.x as f32 + w / 2.0, rect.y as f32 + h / 2.0);
        self.line(out, Layer::Caption, text, px, (x, mid + digit / 2.0), ink);
    }

    /// The counter on the Turbo C screen: the program's bar, `text` on it in the stroked face from
    /// its (275, 300), every pixel lit or not, as whole-pixel rectangles.
    fn screen_counter(&mut self, out: &mut dyn Painter, text: &str, (fill, ink): (Ink, Ink)) {
        let bounds = self.layout.bounds();
        let bar = bar_rect(&self.layout);
        self.rect(out, Layer::Caption, bar, fill, bounds);
        let (pixels, pen) = counter_pixels(&self.layout, text);
        for (x, y, len) in pixel_runs(&pixels, pen) {
            if x >= 0 && y >= 0 {
                let run = Rect::new(x as u32, y as u32, len, 1);
                self.rect(out, Layer::Caption, run, ink, bounds);
            }
        }
    }

    /// `caption` broken into the lines the band holds, at the caption's size; smaller (down to the
    /// smallest legible size) only where the band was made for fewer lines (an animation's band is
    /// sized by its first caption); `None` when even that does not fit.
    fn caption_lines(&self, caption: &str, band: Rect) -> Option<CaptionLines> {
        let margin = self.layout.margin();
        let floor = caption_floor_px(&self.font);
        let grows = caption_grows(&self.font, margin, self.text_px);
        let mut px = caption_px(&self.font, margin, self.text_px);
        loop {
            if let Ok(set) = fit(&self.font, caption, px, band.width) {
                if band_height(margin, set.lines.len(), px, grows) <= band.height {
                    return Some(set);
                }
            }
            if px <= floor {
                return None;
            }
            px = (px * 0.9).max(floor);
        }
    }

    /// `text` at `px`, its ink centred on `x` and its baseline on the pixel row boundary nearest
    /// `baseline`, so that texts of one size share one baseline whatever their letters.
    pub(super) fn line(
        &mut self,
        out: &mut dyn Painter,
        layer: Layer,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        ink: Ink,
    ) {
        let key = SymbolKey::Line(text.to_string(), px.to_bits());
        let Some(p) = self.text_symbol(
            key,
            || text.to_string(),
            px,
            |font, _| {
                let shape = SymbolShape::Text(GlyphRun::new(font, text, px));
                ("text".into(), shape, Place::AsIs)
            },
        ) else {
            return;
        };
        let (w, _) = p.size;
        let origin = p.origin;
        let dx = (x - w as f32 / 2.0).round() as i32 - origin.0;
        let dy = baseline.round() as i32;
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        if let Some(halo_ink) = self.colors.margin_halo {
            // The halo shares the text's coordinates (both placed as they are), so one offset
            // places both.
            let key = SymbolKey::LineHalo(text.to_string(), px.to_bits());
            let halo = self.symbol(key, |font, _| {
                let shape = SymbolShape::Halo {
                    path: GlyphRun::new(font, text, px).outline().clone(),
                    grow: (px * MARGIN_HALO).max(1.0),
                    solid: false,
                };
                ("text-halo".into(), shape, Place::AsIs)
            });
            if let Some(h) = halo {
                let shape = Shape::Symbol { id: h.id, dx, dy };
                self.item(out, layer, shape, halo_ink, 255, bounds);
            }
        }
        let shape = Shape::Symbol { id: p.id, dx, dy };
        self.item(out, layer, shape, ink, 255, bounds);
    }
}
