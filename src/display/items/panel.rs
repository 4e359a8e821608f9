//! The panel's items: each block's title and rule and its lines (the highlighted one on a bar), at
//! the places [`crate::display::panel`] decided; a call tree's are in [`super::panel_tree`].

use super::{ItemBuilder, Place, SymbolKey};
use crate::display::glyph::GlyphRun;
use crate::display::list::{Ink, Layer, Painter, Shape, SymbolShape};
use crate::display::panel::{columns, wrap, BlockAt, PanelAt};
use crate::geom::Rect;
use crate::scene::panel::PanelBlock;
use crate::scene::Scene;

/// The inks of a panel: registered after every other colour, and only for a scene with a panel,
/// so that other figures keep their palettes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PanelInks {
    pub(crate) text: Ink,
    pub(crate) rule: Ink,
    /// The bar behind the highlighted line, and the text on it.
    pub(crate) bar: Ink,
    pub(crate) bar_text: Ink,
    /// A node's disc: the call running now, a finished one; and their numbers.
    pub(crate) current: Ink,
    pub(crate) current_text: Ink,
    pub(crate) done: Ink,
    pub(crate) done_text: Ink,
}

/// One text row of a block: its first column, its second (after a tab), whether highlighted.
type DisplayRow = (String, Option<String>, bool);

/// Where the baseline of a line of text sits below the top of its ink box, as a share of the text
/// size (ascender to descender): the row is a little taller than the text, centred in it.
const ASCENT: f32 = 0.78;

/// How far the halo of panel text on a see-through figure reaches beyond its glyphs, as a share
/// of the text size (the margin text's own share).
const PANEL_HALO: f32 = 0.08;

impl ItemBuilder {
    /// Sets where the panel goes and its inks (a renderer for scenes with a panel).
    pub(crate) fn set_panel(&mut self, at: PanelAt, inks: PanelInks) {
        self.panel = Some((at, inks));
    }

    /// Repaints what changed in the panel since it was last drawn, each part of it (a row of a
    /// block, a tree) as a rectangle of its own in `regions`: a step changes a few lines, and
    /// only those are painted and encoded. The whole area where there is nothing to compare with.
    pub(crate) fn panel_band(
        &mut self,
        scene: &Scene,
        out: &mut dyn Painter,
        regions: &mut Vec<Rect>,
    ) {
        let area = self.layout.panel_rect();
        let (Some((at, inks)), Some(panel)) = (self.panel.clone(), scene.panel()) else {
            return;
        };
        if area.is_empty() {
            return;
        }
        let before = self.panel_drawn.take();
        let comparable = before
            .as_ref()
            .is_some_and(|b| b.blocks.len() == panel.blocks.len());
        let Some(before) = before.filter(|_| comparable) else {
            self.rect(out, Layer::Panel, area, self.colors.background, area);
            self.panel(scene, out);
            regions.push(area);
            return;
        };
        for ((geom, new), old) in at.blocks.iter().zip(&panel.blocks).zip(&before.blocks) {
            if new == old {
                continue;
            }
            if new.title != old.title {
                // A block retitled (a language changed): the whole block.
                let rect = self.block_rect(&at, geom, area, 0.0, geom.height);
                self.rect(out, Layer::Panel, rect, self.colors.background, rect);
                self.block(out, &at, geom, new, inks, rect);
                regions.push(rect);
                continue;
            }
            let (rows_new, rows_old) = (self.display_rows(geom, new), self.display_rows(geom, old));
            for r in 0..rows_new.len().max(rows_old.len()) {
                if rows_new.get(r) == rows_old.get(r) {
                    continue;
                }
                let band = self.row_band(&at, geom, area, r + 1);
                self.rect(out, Layer::Panel, band, self.colors.background, band);
                if let Some(row) = rows_new.get(r) {
                    self.row(out, &at, geom, r + 1, row, inks, band);
                }
                regions.push(band);
            }
            if new.tree != old.tree {
                if let (Some(tree_at), Some(tree)) = (&geom.tree, &new.tree) {
                    // A step changes a node or two and perhaps the summary under the tree: each
                    // is repainted in its own box, everything through it drawn again (the edges
                    // under a node, a node over the summary's first line).
                    let rects: Vec<Rect> = match &old.tree {
                        Some(old_tree) if old_tree.nodes.len() == tree.nodes.len() => {
                            // Only the levels drawn: the others are their lines.
                            let mut rects: Vec<Rect> = (tree.nodes.iter().zip(&old_tree.nodes))
                                .take(tree_at.nodes.len())
                                .enumerate()
                                .filter(|(_, (a, b))| a != b)
                                .map(|(i, _)| Self::node_rect(area, geom, tree_at, i))
                                .collect();
                            let skip = tree_at.drawn;
                            if old_tree.summary.get(skip..) != tree.summary.get(skip..) {
                                let top = tree_at.top + tree_at.summary_top - at.row;
                                rects.push(self.block_rect(&at, geom, area, top, geom.height));
                            }
                            rects
                        }
                        _ => vec![self.block_rect(&at, geom, area, tree_at.top, geom.height)],
                    };
                    for rect in rects {
                        self.rect(out, Layer::Panel, rect, self.colors.background, rect);
                        self.tree_and_summary(out, &at, geom, tree_at, tree, inks, rect);
                        regions.push(rect);
                    }
                }
            }
        }
        self.panel_drawn = Some(panel.clone());
    }

    /// The panel's items (its area already painted with the background).
    pub(crate) fn panel(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let (Some((at, inks)), Some(panel)) = (self.panel.clone(), scene.panel()) else {
            return;
        };
        let area = self.layout.panel_rect();
        for (geom, block) in at.blocks.iter().zip(&panel.blocks) {
            self.block(out, &at, geom, block, inks, area);
        }
        self.panel_drawn = Some(panel.clone());
    }

    /// How far a highlight bar reaches beyond its block's text on each side.
    fn bar_pad(at: &PanelAt) -> f32 {
        (at.pad * 0.35).round()
    }

    /// A horizontal slice of a block, from `top` to `bottom` below its top, bars included.
    fn block_rect(&self, at: &PanelAt, geom: &BlockAt, area: Rect, top: f32, bottom: f32) -> Rect {
        let pad = Self::bar_pad(at);
        let x0 = (area.x as f32 + geom.x - pad).max(area.x as f32).round() as u32;
        let x1 = (area.x as f32 + geom.x + geom.width + pad).round() as u32;
        let y0 = (area.y as f32 + geom.y + top).round() as u32;
        let y1 = (area.y as f32 + geom.y + bottom).ceil() as u32;
        Rect::new(x0, y0, x1.saturating_sub(x0), y1.saturating_sub(y0))
    }

    /// The pixels of text row `r` (1: the first line under the title): from the pixel below its
    /// top (which the title's rule may take) to the next row's top.
    fn row_band(&self, at: &PanelAt, geom: &BlockAt, area: Rect, r: usize) -> Rect {
        let oy = area.y as f32 + geom.y;
        let top = (oy + r as f32 * at.row).round() as u32 + 1;
        let bottom = (oy + (r + 1) as f32 * at.row).round() as u32;
        let whole = self.block_rect(at, geom, area, 0.0, geom.height);
        Rect::new(whole.x, top, whole.width, bottom.saturating_sub(top))
    }

    /// The rows a block's lines take (a tab's two columns, or a line wrapped), as many as it
    /// keeps room for: each with its highlight.
    fn display_rows(&self, geom: &BlockAt, block: &PanelBlock) -> Vec<DisplayRow> {
        let Some((at, _)) = self.panel.as_ref() else {
            return Vec::new();
        };
        let (px, font) = (at.px, at.font.clone());
        let mut rows = Vec::new();
        for line in &block.lines {
            if geom.tab > 0.0 {
                let (a, b) = columns(&line.text);
                rows.push((a.to_string(), b.map(str::to_string), line.highlight));
            } else {
                for piece in wrap(&font, &line.text.replace('\t', " "), px, geom.width) {
                    rows.push((piece, None, line.highlight));
                }
            }
        }
        rows.truncate(geom.rows);
        rows
    }

    /// Text row `r` of a block: its bar when highlighted, its one or two columns.
    #[allow(clippy::too_many_arguments)]
    fn row(
        &mut self,
        out: &mut dyn Painter,
        at: &PanelAt,
        geom: &BlockAt,
        r: usize,
        (first, second, highlight): &DisplayRow,
        inks: PanelInks,
        clip: Rect,
    ) {
        let area = self.layout.panel_rect();
        let (ox, oy) = (area.x as f32 + geom.x, area.y as f32 + geom.y);
        let baseline = oy + r as f32 * at.row + (at.row - at.px) / 2.0 + at.px * ASCENT;
        let ink = if *highlight {
            let band = self.row_band(at, geom, area, r);
            self.rect(out, Layer::Panel, band, inks.bar, clip);
            inks.bar_text
        } else {
            inks.text
        };
        let ink = (ink, !*highlight);
        self.left_text(out, first, at.px, (ox, baseline), ink, clip);
        if let Some(second) = second {
            self.left_text(out, second, at.px, (ox + geom.tab, baseline), ink, clip);
        }
    }

    fn block(
        &mut self,
        out: &mut dyn Painter,
        at: &PanelAt,
        geom: &BlockAt,
        block: &PanelBlock,
        inks: PanelInks,
        clip: Rect,
    ) {
        let area = self.layout.panel_rect();
        let (ox, oy) = (area.x as f32 + geom.x, area.y as f32 + geom.y);
        let (px, row) = (at.px, at.row);
        let baseline = oy + (row - px) / 2.0 + px * ASCENT;
        // A rule under the title, across the block; on a see-through page, on a halo a pixel
        // above it and around its ends (not below: that pixel belongs to the first line's row,
        // which a step repaints alone).
        let rule_y = (oy + row).round() as u32;
        let rule = Rect::new(ox.round() as u32, rule_y, geom.width.round() as u32, 1);
        if let Some(halo) = self.panel_halo() {
            let under = Rect::new(
                rule.x.saturating_sub(1),
                rule_y.saturating_sub(1),
                rule.width + 2,
                2,
            );
            self.rect(out, Layer::Panel, under, halo, clip);
        }
        self.left_text(
            out,
            &block.title,
            px,
            (ox, baseline),
            (inks.text, true),
            clip,
        );
        self.rect(out, Layer::Panel, rule, inks.rule, clip);
        for (i, r) in self.display_rows(geom, block).iter().enumerate() {
            self.row(out, at, geom, i + 1, r, inks, clip);
        }
        if let (Some(tree_at), Some(tree)) = (&geom.tree, &block.tree) {
            self.tree_and_summary(out, at, geom, tree_at, tree, inks, clip);
        }
    }

    /// The face the panel's text is set in.
    pub(super) fn panel_font(&self) -> crate::display::glyph::Font {
        match &self.panel {
            Some((at, _)) => at.font.clone(),
            None => self.font().clone(),
        }
    }

    /// The halo under the panel's text and lines: on a figure whose background will be
    /// see-through, everything the panel draws straight on the page (not on a bar or a disc of
    /// its own) stands on the halo the margin's text has, so that it reads on any slide.
    pub(super) fn panel_halo(&self) -> Option<Ink> {
        self.panel.as_ref().and(self.colors.margin_halo)
    }

    /// The halo of `text` at `px`, placed as the text is (`dx`, `dy`), under it.
    #[allow(clippy::too_many_arguments)]
    fn text_halo(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (dx, dy): (i32, i32),
        clip: Rect,
    ) {
        let Some(halo_ink) = self.panel_halo() else {
            return;
        };
        let font = self.panel_font();
        let key = SymbolKey::PanelLineHalo(text.to_string(), px.to_bits());
        let halo = self.symbol(key, |_, _| {
            let shape = SymbolShape::Halo {
                path: GlyphRun::new(&font, text, px).outline().clone(),
                grow: (px * PANEL_HALO).max(1.0),
                solid: false,
            };
            ("text-halo".into(), shape, Place::AsIs)
        });
        if let Some(h) = halo {
            let shape = Shape::Symbol { id: h.id, dx, dy };
            self.item(out, Layer::Panel, shape, halo_ink, 255, clip);
        }
    }

    /// `text` at `px` with its pen at `x` on the pixel row boundary nearest `baseline`; on its
    /// halo when it stands `on_page` (not on a bar of its own).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn left_text(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        (ink, on_page): (Ink, bool),
        clip: Rect,
    ) {
        if text.trim().is_empty() {
            return;
        }
        let font = self.panel_font();
        let key = SymbolKey::PanelLine(text.to_string(), px.to_bits());
        let Some(p) = self.text_symbol(
            key,
            || text.to_string(),
            px,
            |_, _| {
                let shape = SymbolShape::Text(GlyphRun::new(&font, text, px));
                ("text".into(), shape, Place::AsIs)
            },
        ) else {
            return;
        };
        let (dx, dy) = (x.round() as i32, baseline.round() as i32);
        if on_page {
            self.text_halo(out, text, px, (dx, dy), clip);
        }
        let shape = Shape::Symbol { id: p.id, dx, dy };
        self.item(out, Layer::Panel, shape, ink, 255, clip);
    }

    /// `text` at `px`, its ink centred on `x`, its baseline at `baseline`; on its halo when it
    /// stands `on_page` (not on a disc of its own).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn centred_text(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        (ink, on_page): (Ink, bool),
        clip: Rect,
    ) {
        let font = self.panel_font();
        let key = SymbolKey::PanelLine(text.to_string(), px.to_bits());
        let Some(p) = self.text_symbol(
            key,
            || text.to_string(),
            px,
            |_, _| {
                let shape = SymbolShape::Text(GlyphRun::new(&font, text, px));
                ("text".into(), shape, Place::AsIs)
            },
        ) else {
            return;
        };
        let dx = (x - p.size.0 as f32 / 2.0).round() as i32 - p.origin.0;
        let dy = baseline.round() as i32;
        if on_page {
            self.text_halo(out, text, px, (dx, dy), clip);
        }
        let shape = Shape::Symbol { id: p.id, dx, dy };
        self.item(out, Layer::Panel, shape, ink, 255, clip);
    }
}
