//! The panel's items: each block's title and rule, its lines (the highlighted one on a bar), and a
//! call tree's edges, nodes and numbers, at the places [`crate::display::panel`] decided.

use super::{ItemBuilder, Place, SymbolKey};
use crate::display::glyph::GlyphRun;
use crate::display::list::{Ink, Layer, Painter, Shape, SymbolShape};
use crate::display::panel::{columns, wrap, BlockAt, PanelAt, TreeAt};
use crate::geom::{Path, Rect};
use crate::scene::panel::{NodeState, PanelBlock};
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
                            let mut rects: Vec<Rect> = (tree.nodes.iter().zip(&old_tree.nodes))
                                .enumerate()
                                .filter(|(_, (a, b))| a != b)
                                .map(|(i, _)| Self::node_rect(area, geom, tree_at, i))
                                .collect();
                            if old_tree.summary != tree.summary {
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

    /// The box of tree node `i`, its ring's anti-aliased edge included.
    fn node_rect(area: Rect, geom: &BlockAt, tree_at: &TreeAt, i: usize) -> Rect {
        let node = &tree_at.nodes[i];
        let r = if node.dot { tree_at.dot_r } else { tree_at.r } + 2.0;
        let cx = (area.x as f32 + geom.x + node.x).round();
        let cy = (area.y as f32 + geom.y + tree_at.top + node.y).round();
        let (x0, y0) = (
            (cx - r).floor().max(0.0) as u32,
            (cy - r).floor().max(0.0) as u32,
        );
        let (x1, y1) = ((cx + r).ceil() as u32, (cy + r).ceil() as u32);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
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
        let px = self.panel.as_ref().map_or(12.0, |(at, _)| at.px);
        let mut rows = Vec::new();
        for line in &block.lines {
            if geom.tab > 0.0 {
                let (a, b) = columns(&line.text);
                rows.push((a.to_string(), b.map(str::to_string), line.highlight));
            } else {
                for piece in wrap(self.font(), &line.text.replace('\t', " "), px, geom.width) {
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

    #[allow(clippy::too_many_arguments)]
    fn tree_and_summary(
        &mut self,
        out: &mut dyn Painter,
        at: &PanelAt,
        geom: &BlockAt,
        tree_at: &TreeAt,
        tree: &crate::scene::panel::PanelTree,
        inks: PanelInks,
        clip: Rect,
    ) {
        let area = self.layout.panel_rect();
        let (ox, oy) = (area.x as f32 + geom.x, area.y as f32 + geom.y);
        let top = oy + tree_at.top;
        self.tree(out, (ox, top), tree_at, tree, inks, clip);
        for (i, line) in tree.summary.iter().take(tree.summary_rows).enumerate() {
            let y = top + tree_at.summary_top + i as f32 * at.row;
            self.left_text(out, line, at.px, (ox, y), (inks.text, true), clip);
        }
    }

    fn tree(
        &mut self,
        out: &mut dyn Painter,
        (ox, oy): (f32, f32),
        at: &TreeAt,
        tree: &crate::scene::panel::PanelTree,
        inks: PanelInks,
        area: Rect,
    ) {
        let point = |i: usize| [ox + at.nodes[i].x, oy + at.nodes[i].y];
        // Edges first, under the nodes; on a see-through page each on its halo, every halo
        // before any edge so that none hides a crossing edge.
        let halo = self.panel_halo();
        let passes = [halo.map(|h| (h, 3.0)), Some((inks.rule, 1.0))];
        for (ink, width) in passes.into_iter().flatten() {
            for node in &at.nodes {
                if let Some(p) = node.parent {
                    let points = [point(p), [ox + node.x, oy + node.y]];
                    let shape = Shape::Polyline {
                        points: &points,
                        width,
                    };
                    self.item(out, Layer::Panel, shape, ink, 255, area);
                }
            }
        }
        for (i, node) in at.nodes.iter().enumerate() {
            let Some(state) = tree.nodes.get(i) else {
                break;
            };
            let [x, y] = point(i);
            let r = if node.dot { at.dot_r } else { at.r };
            let (fill, text) = match state.state {
                NodeState::Current => (Some(inks.current), inks.current_text),
                NodeState::Done => (Some(inks.done), inks.done_text),
                NodeState::Open | NodeState::Pending => (None, inks.text),
            };
            let (cx, cy) = (x.round(), y.round());
            match fill {
                Some(ink) => self.disc(out, (cx, cy), r, ink, area),
                None => {
                    self.disc(out, (cx, cy), r, self.colors.background, area);
                    let edge = if state.state == NodeState::Open {
                        inks.text
                    } else {
                        inks.rule
                    };
                    if let Some(halo) = self.panel_halo() {
                        self.ring_of(out, (cx, cy), (r + 1.0, 3.0), halo, area);
                    }
                    self.ring(out, (cx, cy), r, edge, area);
                }
            }
            if let (false, Some(label)) = (node.dot, state.label) {
                let digit = self.font().measure("8", at.px).1;
                self.centred_text(
                    out,
                    &label.to_string(),
                    at.px,
                    (cx, cy + digit / 2.0),
                    (text, fill.is_none()),
                    area,
                );
            }
        }
    }

    fn disc(&mut self, out: &mut dyn Painter, (x, y): (f32, f32), r: f32, ink: Ink, clip: Rect) {
        let key = SymbolKey::PanelDisc(r.to_bits());
        let placed = self.symbol(key, |_, _| {
            let shape = SymbolShape::Fill {
                path: Path::circle(0.0, 0.0, r),
                rule: crate::display::list::FillRule::Union,
            };
            ("panel-node".into(), shape, Place::AsIs)
        });
        if let Some(p) = placed {
            let shape = Shape::Symbol {
                id: p.id,
                dx: x as i32,
                dy: y as i32,
            };
            self.item(out, Layer::Panel, shape, ink, 255, clip);
        }
    }

    fn ring(&mut self, out: &mut dyn Painter, at: (f32, f32), r: f32, ink: Ink, clip: Rect) {
        self.ring_of(out, at, (r, 1.0), ink, clip);
    }

    /// A ring whose outer edge is at `r`, `width` wide.
    fn ring_of(
        &mut self,
        out: &mut dyn Painter,
        (x, y): (f32, f32),
        (r, width): (f32, f32),
        ink: Ink,
        clip: Rect,
    ) {
        let key = SymbolKey::PanelRing(r.to_bits(), width.to_bits());
        let placed = self.symbol(key, |_, _| {
            let shape = SymbolShape::Ring {
                cx: 0.0,
                cy: 0.0,
                r: r - width / 2.0,
                width,
            };
            ("panel-node-ring".into(), shape, Place::AsIs)
        });
        if let Some(p) = placed {
            let shape = Shape::Symbol {
                id: p.id,
                dx: x as i32,
                dy: y as i32,
            };
            self.item(out, Layer::Panel, shape, ink, 255, clip);
        }
    }

    /// The halo under panel text or a line drawn in `ink`: on a figure whose background will be
    /// see-through, every ink the panel draws straight on the page (not on a bar or a disc of its
    /// own) stands on the halo the margin's text has, so that it reads on any slide.
    fn panel_halo(&self) -> Option<Ink> {
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
        let key = SymbolKey::LineHalo(text.to_string(), px.to_bits());
        let halo = self.symbol(key, |font, _| {
            let shape = SymbolShape::Halo {
                path: GlyphRun::new(font, text, px).outline().clone(),
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
    fn left_text(
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
    fn centred_text(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        (ink, on_page): (Ink, bool),
        clip: Rect,
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
        let dx = (x - p.size.0 as f32 / 2.0).round() as i32 - p.origin.0;
        let dy = baseline.round() as i32;
        if on_page {
            self.text_halo(out, text, px, (dx, dy), clip);
        }
        let shape = Shape::Symbol { id: p.id, dx, dy };
        self.item(out, Layer::Panel, shape, ink, 255, clip);
    }
}
