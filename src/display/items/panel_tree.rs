//! A call tree's items in the panel: its edges, its nodes (a disc for a finished call and the one
//! running, a ring for the others) and their numbers, and the lines of the levels summed up.

use super::panel::PanelInks;
use super::{ItemBuilder, Place, SymbolKey};
use crate::display::list::Ink;
use crate::display::list::{Layer, Painter, Shape, SymbolShape};
use crate::display::panel::{BlockAt, PanelAt};
use crate::display::panel_tree::TreeAt;
use crate::geom::{Path, Rect};
use crate::scene::panel::{NodeState, PanelTree};

impl ItemBuilder {
    /// The box of tree node `i`, its ring's anti-aliased edge included.
    pub(super) fn node_rect(area: Rect, geom: &BlockAt, tree_at: &TreeAt, i: usize) -> Rect {
        let node = &tree_at.nodes[i];
        let r = tree_at.r + 2.0;
        let cx = (area.x as f32 + geom.x + node.x).round();
        let cy = (area.y as f32 + geom.y + tree_at.top + node.y).round();
        let (x0, y0) = (
            (cx - r).floor().max(0.0) as u32,
            (cy - r).floor().max(0.0) as u32,
        );
        let (x1, y1) = ((cx + r).ceil() as u32, (cy + r).ceil() as u32);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn tree_and_summary(
        &mut self,
        out: &mut dyn Painter,
        at: &PanelAt,
        geom: &BlockAt,
        tree_at: &TreeAt,
        tree: &PanelTree,
        inks: PanelInks,
        clip: Rect,
    ) {
        let area = self.layout.panel_rect();
        let (ox, oy) = (area.x as f32 + geom.x, area.y as f32 + geom.y);
        let top = oy + tree_at.top;
        self.tree(out, (ox, top), tree_at, tree, inks, clip);
        for (i, line) in tree.summary.iter().skip(tree_at.drawn).enumerate() {
            let y = top + tree_at.summary_top + i as f32 * at.row;
            self.left_text(out, line, at.px, (ox, y), (inks.text, true), clip);
        }
    }

    fn tree(
        &mut self,
        out: &mut dyn Painter,
        (ox, oy): (f32, f32),
        at: &TreeAt,
        tree: &PanelTree,
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
        for i in 0..at.nodes.len() {
            let Some(state) = tree.nodes.get(i) else {
                break;
            };
            let [x, y] = point(i);
            let r = at.r;
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
            if let Some(label) = state.label {
                let digit = self.panel_font().measure("8", at.px).1;
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
}
