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

/// Where the baseline of a line of text sits below the top of its ink box, as a share of the text
/// size (ascender to descender): the row is a little taller than the text, centred in it.
const ASCENT: f32 = 0.78;

impl ItemBuilder {
    /// Sets where the panel goes and its inks (a renderer for scenes with a panel).
    pub(crate) fn set_panel(&mut self, at: PanelAt, inks: PanelInks) {
        self.panel = Some((at, inks));
    }

    /// The panel's area, repainted; returns it (empty without a panel).
    pub(crate) fn panel_band(&mut self, scene: &Scene, out: &mut dyn Painter) -> Rect {
        let area = self.layout.panel_rect();
        if area.is_empty() || self.panel.is_none() {
            return Rect::default();
        }
        self.rect(out, Layer::Panel, area, self.colors.background, area);
        self.panel(scene, out);
        area
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
    }

    fn block(
        &mut self,
        out: &mut dyn Painter,
        at: &PanelAt,
        geom: &BlockAt,
        block: &PanelBlock,
        inks: PanelInks,
        area: Rect,
    ) {
        let (ox, oy) = (area.x as f32 + geom.x, area.y as f32 + geom.y);
        let (px, row) = (at.px, at.row);
        let baseline = |r: usize| oy + r as f32 * row + (row - px) / 2.0 + px * ASCENT;
        self.left_text(out, &block.title, px, (ox, baseline(0)), inks.text, area);
        // A rule under the title, across the block.
        let rule_y = (oy + row).round() as u32;
        let rule = Rect::new(ox.round() as u32, rule_y, geom.width.round() as u32, 1);
        self.rect(out, Layer::Panel, rule, inks.rule, area);
        let mut r = 1usize;
        for line in &block.lines {
            let pieces: Vec<(String, Option<String>)> = if geom.tab > 0.0 {
                let (a, b) = columns(&line.text);
                vec![(a.to_string(), b.map(str::to_string))]
            } else {
                wrap(self.font(), &line.text.replace('\t', " "), px, geom.width)
                    .into_iter()
                    .map(|l| (l, None))
                    .collect()
            };
            for (first, second) in pieces {
                if r > geom.rows {
                    break;
                }
                let ink = if line.highlight {
                    let top = (oy + r as f32 * row + 1.0).round();
                    let bar_pad = (at.pad * 0.35).round();
                    let bar = Rect::new(
                        (ox - bar_pad).max(area.x as f32) as u32,
                        top as u32,
                        (geom.width + 2.0 * bar_pad).round() as u32,
                        (row - 1.0).max(1.0) as u32,
                    );
                    self.rect(out, Layer::Panel, bar, inks.bar, area);
                    inks.bar_text
                } else {
                    inks.text
                };
                self.left_text(out, &first, px, (ox, baseline(r)), ink, area);
                if let Some(second) = second {
                    let x = ox + geom.tab;
                    self.left_text(out, &second, px, (x, baseline(r)), ink, area);
                }
                r += 1;
            }
        }
        if let (Some(tree_at), Some(tree)) = (&geom.tree, &block.tree) {
            let top = oy + tree_at.top;
            self.tree(out, (ox, top), tree_at, tree, inks, area);
            for (i, line) in tree.summary.iter().take(tree.summary_rows).enumerate() {
                let y = top + tree_at.summary_top + i as f32 * row;
                self.left_text(out, line, px, (ox, y), inks.text, area);
            }
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
        // Edges first, under the nodes.
        for (i, node) in at.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                // A stacked node hangs from the one above it in its column.
                let from =
                    if i > 0 && at.nodes[i - 1].parent == Some(p) && at.nodes[i - 1].x == node.x {
                        i - 1
                    } else {
                        p
                    };
                let points = [point(from), point(i)];
                let shape = Shape::Polyline {
                    points: &points,
                    width: 1.0,
                };
                self.item(out, Layer::Panel, shape, inks.rule, 255, area);
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
                    text,
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

    fn ring(&mut self, out: &mut dyn Painter, (x, y): (f32, f32), r: f32, ink: Ink, clip: Rect) {
        let key = SymbolKey::PanelRing(r.to_bits());
        let placed = self.symbol(key, |_, _| {
            let shape = SymbolShape::Ring {
                cx: 0.0,
                cy: 0.0,
                r: r - 0.5,
                width: 1.0,
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

    /// `text` at `px` with its pen at `x` on the pixel row boundary nearest `baseline`.
    fn left_text(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        ink: Ink,
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
        let shape = Shape::Symbol {
            id: p.id,
            dx: x.round() as i32,
            dy: baseline.round() as i32,
        };
        self.item(out, Layer::Panel, shape, ink, 255, clip);
    }

    /// `text` at `px`, its ink centred on `x`, its baseline at `baseline`.
    fn centred_text(
        &mut self,
        out: &mut dyn Painter,
        text: &str,
        px: f32,
        (x, baseline): (f32, f32),
        ink: Ink,
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
        let shape = Shape::Symbol {
            id: p.id,
            dx,
            dy: baseline.round() as i32,
        };
        self.item(out, Layer::Panel, shape, ink, 255, clip);
    }
}
