//! What a figure shows over its cells beyond pieces and numbers: the reader's marks and arrows, the
//! lines between pieces that attack each other, conflict rings, the frame of a piece just placed, a
//! dead end's cross, the closing move of a closed path and the dots of a dotted path.
//!
//! Marks, arrows, links and rings are drawn in their theme colour inside a thin edge of
//! [`Theme::overlay_edge`](crate::render::Theme::overlay_edge): where a fill is too close to the
//! overlay's colour it is far from the edge's, so every overlay reads on light, dark, shaded and tile
//! squares alike. Arrows and links lie over the board, the path and the numbers' nodes but under
//! pieces and numbers (as python-chess draws them): what the figure is about stays legible, and the
//! arrows stay solid, so they print as firmly as every other line. They differ from each other in
//! shape (a link has no head and is half as wide) as well as in colour, so they stay apart in print.
//!
//! Shapes that cross cells (arrows, links, the closing move) are defined once per direction relative
//! to the cell they start in and clipped to the cells between their ends: the scene marks exactly
//! those cells changed when it adds or removes one, so a repainted cell equals the same cell of a
//! full render.

use std::collections::HashMap;

use super::{ItemBuilder, Place, Placed, SymbolKey};
use crate::draw::{FillRule, Ink, Layer, Painter, Shape, SymbolShape};
use crate::render::canvas::Rect;
use crate::render::raster::Path;
use crate::scene::{Cell, Emphasis, MarkKind, Marker, Scene};
use crate::solve::Square;

/// Opacity of a filled mark's tint. Step 2 of the palette's 8-step ramps (73 / 255 = 2/7 rounded), so
/// the raster paints exactly the colour a vector viewer mixes; light enough that numbers and pieces
/// keep their contrast.
pub(super) const TINT_ALPHA: u8 = 73;
/// Opacity of a ghost (a piece just removed), the same ramp step.
pub(super) const GHOST_ALPHA: u8 = 73;
/// The edge around an overlay, as a share of the cell and at least this many pixels.
const EDGE: f32 = 0.03;
const MIN_EDGE_PX: f32 = 1.0;
/// Thinnest line of any overlay, in pixels (thinner lines vanish in a 16-pixel cell).
const MIN_LINE_PX: f32 = 1.5;
/// Dot mark: radius as a share of the cell.
const DOT_RADIUS: f32 = 0.18;
/// Ring mark: outer radius (edge excluded) and line width as shares of the cell.
const RING_OUTER: f32 = 0.42;
const RING_WIDTH: f32 = 0.08;
/// Cross mark: how far each stroke reaches from the centre along the diagonal, and its width.
const CROSS_REACH: f32 = 0.3;
const CROSS_WIDTH: f32 = 0.09;
/// Dead-end cross (in the end ring's colour): smaller and heavier than the cross mark.
const DEAD_END_REACH: f32 = 0.24;
const DEAD_END_WIDTH: f32 = 0.12;
/// Conflict ring around an attacked piece: outer radius (edge excluded) and width.
const CONFLICT_OUTER: f32 = 0.46;
const CONFLICT_WIDTH: f32 = 0.09;
/// Arrow: shaft width, head length and half-width, and how far the tip stops short of the target's
/// centre, as shares of the cell.
const ARROW_WIDTH: f32 = 0.13;
const MIN_ARROW_PX: f32 = 2.0;
const HEAD_LENGTH: f32 = 0.38;
const HEAD_HALF: f32 = 0.21;
const ARROW_STOP: f32 = 0.12;
/// Link between attacking pieces: width as a share of the cell.
const LINK_WIDTH: f32 = 0.065;
/// The closing move's dashes and gaps as shares of the cell; below this cell size it is solid.
const DASH: f32 = 0.22;
const GAP: f32 = 0.14;
const DASH_MIN_CELL: u32 = 8;
/// The dots of a dotted path: radius as a share of the cell.
const PATH_DOT_RADIUS: f32 = 0.12;

/// Palette indices of the overlays' theme roles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OverlayInks {
    pub(crate) mark: Ink,
    pub(crate) conflict: Ink,
    pub(crate) placed: Ink,
    pub(crate) edge: Ink,
}

/// The shapes overlays define once; multi-cell shapes by their step in rows and columns.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum OverlayKey {
    Dot { edge: bool },
    Cross { edge: bool },
    Ring { edge: bool },
    DeadEnd,
    Conflict { edge: bool },
    PathDot,
    Arrow { dr: i32, dc: i32, edge: bool },
    Link { dr: i32, dc: i32, edge: bool },
    Closing { dr: i32, dc: i32 },
}

/// The marks of each square, in the order they were added; built once per region drawn.
#[derive(Default)]
pub(super) struct MarkIndex {
    by_square: HashMap<Square, Vec<MarkKind>>,
}

impl MarkIndex {
    pub(super) fn new(scene: &Scene) -> MarkIndex {
        let mut by_square: HashMap<Square, Vec<MarkKind>> = HashMap::new();
        for m in scene.marks() {
            by_square.entry(m.square).or_default().push(m.kind);
        }
        MarkIndex { by_square }
    }

    pub(super) fn at(&self, sq: Square) -> &[MarkKind] {
        self.by_square.get(&sq).map_or(&[], |v| v.as_slice())
    }
}

/// The edge width in pixels for a cell size.
fn edge_px(cell: f32) -> f32 {
    (cell * EDGE).max(MIN_EDGE_PX)
}

/// A line `w` share of the cell wide, at least [`MIN_LINE_PX`].
fn line_px(cell: f32, w: f32) -> f32 {
    (cell * w).max(MIN_LINE_PX)
}

/// The polygon with its points turned clockwise on screen (y down), so that overlapping polygons
/// add under the non-zero rule (a cross's two strokes, a halo around them) instead of cancelling.
fn clockwise(mut points: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    let area: f32 = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum();
    if area < 0.0 {
        points.reverse();
    }
    points
}

/// A straight bar from `a` to `b`, `w` wide, with flat ends (`grow` pixels longer at each end and
/// wider on each side).
fn bar(a: (f32, f32), b: (f32, f32), w: f32) -> Vec<(f32, f32)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
    let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
    clockwise(vec![
        (a.0 + nx, a.1 + ny),
        (b.0 + nx, b.1 + ny),
        (b.0 - nx, b.1 - ny),
        (a.0 - nx, a.1 - ny),
    ])
}

/// Two diagonal strokes through the cell's centre, each reaching `reach` of the cell from it.
fn cross_path(cell: f32, reach: f32, width: f32) -> Path {
    let c = cell / 2.0;
    let r = cell * reach;
    let w = line_px(cell, width);
    let mut p = Path::polygon(&bar((c - r, c - r), (c + r, c + r), w));
    p.append(&Path::polygon(&bar((c + r, c - r), (c - r, c + r), w)));
    p
}

/// An arrow from the centre of a cell (at `cell / 2`, `cell / 2`) to the centre of the cell `dr` rows
/// and `dc` columns away: one outline of shaft and head, its tip short of the centre.
fn arrow_path(cell: f32, dr: i32, dc: i32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 0.0 {
        return Path::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let tip_at = len - cell * ARROW_STOP;
    // A head never takes more than half of a short arrow.
    let head = (cell * HEAD_LENGTH).min(tip_at / 2.0);
    let half = (cell * ARROW_WIDTH).max(MIN_ARROW_PX) / 2.0;
    let wing = (cell * HEAD_HALF).max(2.0 * half + 1.0);
    let at = |t: f32, s: f32| (a.0 + ux * t + nx * s, a.1 + uy * t + ny * s);
    let base = tip_at - head;
    Path::polygon(&clockwise(vec![
        at(0.0, half),
        at(base, half),
        at(base, wing),
        at(tip_at, 0.0),
        at(base, -wing),
        at(base, -half),
        at(0.0, -half),
    ]))
}

/// A link from a cell's centre to the centre of the cell `dr` rows and `dc` columns away.
fn link_path(cell: f32, dr: i32, dc: i32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    Path::polygon(&bar(a, b, line_px(cell, LINK_WIDTH)))
}

/// The closing move from a cell's centre to the centre `dr` rows and `dc` columns away: dashes of
/// the path's width, centred along the line (the whole line in cells too small for gaps).
fn closing_path(cell: f32, dr: i32, dc: i32, width: f32) -> Path {
    let a = (cell / 2.0, cell / 2.0);
    let b = (a.0 + dc as f32 * cell, a.1 + dr as f32 * cell);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 0.0 {
        return Path::new();
    }
    if (cell as u32) < DASH_MIN_CELL {
        return Path::polygon(&bar(a, b, width));
    }
    let (dash, gap) = (cell * DASH, cell * GAP);
    let n = ((len + gap) / (dash + gap)).floor().max(1.0);
    let dash = dash.min(len);
    let start = (len - (n * dash + (n - 1.0) * gap)) / 2.0;
    let (ux, uy) = (dx / len, dy / len);
    let mut p = Path::new();
    for i in 0..n as u32 {
        let t0 = start + i as f32 * (dash + gap);
        let t1 = t0 + dash;
        p.append(&Path::polygon(&bar(
            (a.0 + ux * t0, a.1 + uy * t0),
            (a.0 + ux * t1, a.1 + uy * t1),
            width,
        )));
    }
    p
}

fn filled(path: Path) -> SymbolShape {
    SymbolShape::Fill {
        path,
        rule: FillRule::Union,
    }
}

/// The edge behind a filled overlay: its outline grown by the edge width (whole pixels, as the
/// raster dilates).
fn halo(path: Path, cell: f32) -> SymbolShape {
    SymbolShape::Halo {
        path,
        grow: edge_px(cell).round().max(1.0),
    }
}

/// A ring whose outer edge is `outer` of the cell from the centre, `width` wide; with `edge` the
/// edge ring behind it (the ring widened by the edge on both sides).
fn ring(cell: f32, outer: f32, width: f32, edge: bool) -> SymbolShape {
    let w = line_px(cell, width);
    let r = cell * outer - w / 2.0;
    let e = if edge { 2.0 * edge_px(cell) } else { 0.0 };
    SymbolShape::Ring {
        cx: cell / 2.0,
        cy: cell / 2.0,
        r,
        width: w + e,
    }
}

impl ItemBuilder {
    /// A symbol of an overlay, made by `make` from the cell size the first time.
    fn overlay_symbol(
        &mut self,
        key: OverlayKey,
        name: &str,
        make: impl FnOnce(f32) -> SymbolShape,
    ) -> Option<Placed> {
        let name = name.to_string();
        self.symbol(SymbolKey::Overlay(key), move |_, size| {
            (name, make(size), Place::AsIs)
        })
    }

    /// Places `placed` with its origin at the corner of `at`'s cell, clipped to `clip`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn place(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        placed: Option<Placed>,
        at: Rect,
        ink: Ink,
        alpha: u8,
        clip: Rect,
    ) {
        if let Some(p) = placed {
            let shape = Shape::Symbol {
                id: p.id,
                dx: at.x as i32 + p.offset.0,
                dy: at.y as i32 + p.offset.1,
            };
            self.item(out, layer, shape, ink, alpha, clip);
        }
    }

    /// The tint of a filled mark, over the square's fill and under everything else.
    pub(super) fn tint(&self, out: &mut dyn Painter, rect: Rect, marks: &[MarkKind]) {
        if marks.contains(&MarkKind::Fill) {
            let ink = self.colors.overlay.mark;
            self.item(
                out,
                Layer::Highlights,
                Shape::Rect(rect),
                ink,
                TINT_ALPHA,
                rect,
            );
        }
    }

    /// A dot on every square of a dotted path, over the lines.
    pub(super) fn path_dot(&mut self, out: &mut dyn Painter, rect: Rect) {
        let dot = self.overlay_symbol(OverlayKey::PathDot, "path-dot", |size| {
            let r = line_px(size, PATH_DOT_RADIUS);
            filled(Path::circle(size / 2.0, size / 2.0, r))
        });
        self.place(out, Layer::Path, dot, rect, self.colors.path, 255, rect);
    }

    /// What stands over one cell's fill and under its piece: the frame of a piece just placed, a
    /// conflict ring, a dead end's cross and the reader's marks.
    pub(super) fn cell_overlays(
        &mut self,
        out: &mut dyn Painter,
        cell: &Cell,
        rect: Rect,
        marks: &[MarkKind],
    ) {
        let inks = self.colors.overlay;
        if cell.emphasis == Emphasis::Placed {
            self.placed_frame(out, rect);
        }
        if cell.emphasis == Emphasis::Conflict {
            let key = |edge| OverlayKey::Conflict { edge };
            let edge = self.overlay_symbol(key(true), "conflict-edge", |s| {
                ring(s, CONFLICT_OUTER, CONFLICT_WIDTH, true)
            });
            let body = self.overlay_symbol(key(false), "conflict", |s| {
                ring(s, CONFLICT_OUTER, CONFLICT_WIDTH, false)
            });
            self.place(out, Layer::Overlays, edge, rect, inks.edge, 255, rect);
            self.place(out, Layer::Overlays, body, rect, inks.conflict, 255, rect);
        }
        if cell.marker == Some(Marker::DeadEnd) {
            let cross = self.overlay_symbol(OverlayKey::DeadEnd, "dead-end", |s| {
                filled(cross_path(s, DEAD_END_REACH, DEAD_END_WIDTH))
            });
            self.place(
                out,
                Layer::Overlays,
                cross,
                rect,
                self.colors.end,
                255,
                rect,
            );
        }
        for &kind in marks {
            let (edge, body) = match kind {
                MarkKind::Fill => continue,
                MarkKind::Dot => (
                    self.overlay_symbol(OverlayKey::Dot { edge: true }, "dot-edge", |s| {
                        let r = line_px(s, DOT_RADIUS) + edge_px(s);
                        filled(Path::circle(s / 2.0, s / 2.0, r))
                    }),
                    self.overlay_symbol(OverlayKey::Dot { edge: false }, "dot", |s| {
                        filled(Path::circle(s / 2.0, s / 2.0, line_px(s, DOT_RADIUS)))
                    }),
                ),
                MarkKind::Cross => (
                    self.overlay_symbol(OverlayKey::Cross { edge: true }, "cross-edge", |s| {
                        halo(cross_path(s, CROSS_REACH, CROSS_WIDTH), s)
                    }),
                    self.overlay_symbol(OverlayKey::Cross { edge: false }, "cross", |s| {
                        filled(cross_path(s, CROSS_REACH, CROSS_WIDTH))
                    }),
                ),
                MarkKind::Ring => (
                    self.overlay_symbol(OverlayKey::Ring { edge: true }, "ring-edge", |s| {
                        ring(s, RING_OUTER, RING_WIDTH, true)
                    }),
                    self.overlay_symbol(OverlayKey::Ring { edge: false }, "ring", |s| {
                        ring(s, RING_OUTER, RING_WIDTH, false)
                    }),
                ),
            };
            self.place(out, Layer::Overlays, edge, rect, inks.edge, 255, rect);
            self.place(out, Layer::Overlays, body, rect, inks.mark, 255, rect);
        }
    }

    /// The frame of a piece just placed: a band in the placed colour along the cell's edges and a
    /// thin band of the overlay edge inside it, within the outer eighth of the cell. Its shape (a
    /// square, not a ring) tells it from a conflict in any print.
    fn placed_frame(&self, out: &mut dyn Painter, rect: Rect) {
        let size = rect.width;
        let band = (size / 16).max(1);
        let inner = (size / 32).max(1);
        let inks = self.colors.overlay;
        for (inset, w, ink) in [(0, band, inks.placed), (band, inner, inks.edge)] {
            if 2 * (inset + w) > size {
                continue;
            }
            let (x, y, s) = (rect.x + inset, rect.y + inset, size - 2 * inset);
            let strips = [
                Rect::new(x, y, s, w),
                Rect::new(x, y + s - w, s, w),
                Rect::new(x, y + w, w, s - 2 * w),
                Rect::new(x + s - w, y + w, w, s - 2 * w),
            ];
            for strip in strips {
                self.item(out, Layer::Overlays, Shape::Rect(strip), ink, 255, rect);
            }
        }
    }

    /// The cells from `a` to `b` (a box), clipped to `clip`.
    fn span(&self, a: Square, b: Square, clip: Rect) -> Rect {
        let (ra, rb) = (self.layout.cell_rect(a), self.layout.cell_rect(b));
        ra.union(&rb).intersect(&clip)
    }

    /// The closing move of a closed path, dashed in the path's colour, inside `clip`.
    pub(super) fn closing_move(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
        let path = scene.path();
        if !scene.path_closed() || path.len() < 3 {
            return;
        }
        let (first, last) = (path[0], path[path.len() - 1]);
        let box_ = self.span(first, last, clip);
        if box_.is_empty() {
            return;
        }
        let (dr, dc) = step(last, first);
        let width = (self.layout.cell() as f32 * super::PATH_WIDTH).max(1.0);
        let closing = self.overlay_symbol(OverlayKey::Closing { dr, dc }, "closing", |s| {
            filled(closing_path(s, dr, dc, width))
        });
        let at = self.layout.cell_rect(last);
        self.place(out, Layer::Path, closing, at, self.colors.path, 255, box_);
    }

    /// Links between attacking pieces, then arrows, inside `clip`.
    pub(super) fn lines(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
        let inks = self.colors.overlay;
        for link in scene.links() {
            let box_ = self.span(link.a, link.b, clip);
            if box_.is_empty() || link.a == link.b {
                continue;
            }
            let (dr, dc) = step(link.a, link.b);
            let key = |edge| OverlayKey::Link { dr, dc, edge };
            let edge =
                self.overlay_symbol(key(true), "link-edge", |s| halo(link_path(s, dr, dc), s));
            let body = self.overlay_symbol(key(false), "link", |s| filled(link_path(s, dr, dc)));
            let at = self.layout.cell_rect(link.a);
            self.place(out, Layer::Overlays, edge, at, inks.edge, 255, box_);
            self.place(out, Layer::Overlays, body, at, inks.conflict, 255, box_);
        }
        for arrow in scene.arrows() {
            let box_ = self.span(arrow.from, arrow.to, clip);
            if box_.is_empty() || arrow.from == arrow.to {
                continue;
            }
            let (dr, dc) = step(arrow.from, arrow.to);
            let key = |edge| OverlayKey::Arrow { dr, dc, edge };
            let edge =
                self.overlay_symbol(key(true), "arrow-edge", |s| halo(arrow_path(s, dr, dc), s));
            let body = self.overlay_symbol(key(false), "arrow", |s| filled(arrow_path(s, dr, dc)));
            let at = self.layout.cell_rect(arrow.from);
            self.place(out, Layer::Overlays, edge, at, inks.edge, 255, box_);
            self.place(out, Layer::Overlays, body, at, inks.mark, 255, box_);
        }
    }
}

/// Rows and columns from `a` to `b`.
fn step(a: Square, b: Square) -> (i32, i32) {
    (b.row as i32 - a.row as i32, b.col as i32 - a.col as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::raster::{fill_mask, fill_mask_nonzero};

    #[test]
    fn arrows_stay_inside_the_cells_between_their_ends() {
        for cell in [16.0f32, 24.0, 48.0, 96.0] {
            for (dr, dc) in [(0, 1), (1, 0), (1, 2), (-2, 1), (-1, -1), (3, -5), (0, -7)] {
                let m = fill_mask(&arrow_path(cell, dr, dc));
                let (r0, r1) = (dr.min(0) as f32 * cell, (dr.max(0) + 1) as f32 * cell);
                let (c0, c1) = (dc.min(0) as f32 * cell, (dc.max(0) + 1) as f32 * cell);
                for y in 0..m.height as i32 {
                    for x in 0..m.width as i32 {
                        let (px, py) = (m.x + x, m.y + y);
                        if m.at(px, py) > 0 {
                            // Edges grow the arrow by a few pixels: they must still fit.
                            let e = edge_px(cell).round() + 1.0;
                            assert!(
                                px as f32 >= c0 + e - 1.0
                                    && (px as f32) < c1 - e + 1.0
                                    && py as f32 >= r0 + e - 1.0
                                    && (py as f32) < r1 - e + 1.0,
                                "cell {cell}, step {dr},{dc}: pixel {px},{py} outside the box"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_two_strokes_of_a_cross_add_up() {
        // Under the non-zero rule (the edge's halo) the middle, where both strokes cross, is covered.
        let p = cross_path(48.0, CROSS_REACH, CROSS_WIDTH);
        assert_eq!(fill_mask_nonzero(&p).at(24, 24), 255);
        assert_eq!(fill_mask(&p).at(24, 24), 255);
    }

    #[test]
    fn a_closing_move_is_dashed_and_centred() {
        let p = closing_path(40.0, 0, 3, 2.0);
        let m = fill_mask(&p);
        let row: Vec<bool> = (0..160).map(|x| m.at(x, 20) > 128).collect();
        let runs = row.windows(2).filter(|w| w[0] != w[1]).count();
        assert!(runs >= 6, "several dashes: {runs} edges");
        let first = row.iter().position(|&v| v).unwrap();
        let last = row.iter().rposition(|&v| v).unwrap();
        assert!(
            (first as i32 - 20 - (140 - last as i32)).abs() <= 1,
            "{first} {last}"
        );
    }
}
