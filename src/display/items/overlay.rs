//! What a figure shows over its cells beyond pieces and numbers: the reader's marks and arrows, the
//! lines between pieces that attack each other, conflict rings, the frame of a piece just placed, a
//! dead end's cross, the closing move of a closed path and the dots of a dotted path.
//!
//! Marks, arrows, links and rings are drawn in their theme colour inside a thin edge of
//! [`Theme::overlay_edge`](crate::display::theme::Theme::overlay_edge): where a fill is too close to the
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

use super::overlay_shapes::{
    arrow_path, closing_path, cross_path, edge_px, filled, halo, line_px, link_path, ring,
    CONFLICT_OUTER, CONFLICT_WIDTH, CROSS_REACH, CROSS_WIDTH, DEAD_END_REACH, DEAD_END_WIDTH,
    DOT_RADIUS, PATH_DOT_RADIUS, RING_OUTER, RING_WIDTH,
};
use super::{ItemBuilder, Place, Placed, SymbolKey};
use crate::display::layout::OUTLINE_DIVISOR;
use crate::display::list::{Ink, Item, Layer, Painter, Shape, SymbolShape, Symbols};
use crate::display::palette::Rgb;
use crate::geom::Path;
use crate::geom::Rect;
use crate::geom::Square;
use crate::scene::{Cell, Emphasis, LabelStyle, MarkKind, Marker, PathStyle, Scene};

/// Opacity of a filled mark's tint. Step 2 of the palette's 8-step ramps (73 / 255 = 2/7 rounded), so
/// the raster paints exactly the colour a vector viewer mixes; light enough that numbers and pieces
/// keep their contrast.
pub(super) const TINT_ALPHA: u8 = 73;
/// Opacity of a ghost (a piece just removed), the same ramp step.
pub(super) const GHOST_ALPHA: u8 = 73;

/// How far the arms of a placed piece's frame corners reach from the cell's edge, as a share of
/// the cell: the middle two fifths of each side are left open.
const FRAME_ARM: f32 = 0.3;

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
    Closing { dr: i32, dc: i32, edge: bool },
}

/// A mark as drawn on its square: its kind and its colour of its own, if any.
pub(super) type SquareMark = (MarkKind, Option<Rgb>);

/// The marks of each square, in the order they were added; built once per region drawn.
#[derive(Default)]
pub(super) struct MarkIndex {
    by_square: HashMap<Square, Vec<SquareMark>>,
    mistakes: HashMap<Square, Vec<MarkKind>>,
}

impl MarkIndex {
    pub(super) fn new(scene: &Scene) -> MarkIndex {
        let mut by_square: HashMap<Square, Vec<SquareMark>> = HashMap::new();
        for (i, m) in scene.marks().iter().enumerate() {
            let entry = (m.kind, scene.mark_colour(i));
            by_square.entry(m.square).or_default().push(entry);
        }
        let mut mistakes: HashMap<Square, Vec<MarkKind>> = HashMap::new();
        for m in scene.mistakes() {
            mistakes.entry(m.square).or_default().push(m.kind);
        }
        MarkIndex {
            by_square,
            mistakes,
        }
    }

    /// The mistakes marked on `sq`.
    pub(super) fn mistakes_at(&self, sq: Square) -> &[MarkKind] {
        self.mistakes.get(&sq).map_or(&[], |v| v.as_slice())
    }

    pub(super) fn at(&self, sq: Square) -> &[SquareMark] {
        self.by_square.get(&sq).map_or(&[], |v| v.as_slice())
    }
}

impl ItemBuilder {
    /// Keeps the squares of a dotted path in step with the scene's path (a move or a retreat
    /// changes its end), or forgets them for other styles.
    pub(super) fn sync_dots(&mut self, scene: &Scene) {
        if scene.path_style() != PathStyle::Dots {
            self.dotted.clear();
            self.on_path.clear();
            return;
        }
        let path = scene.path();
        let mut keep = self.dotted.len().min(path.len());
        while keep > 0 && self.dotted[keep - 1] != path[keep - 1] {
            keep -= 1;
        }
        if keep > 0 && self.dotted[0] != path[0] {
            keep = 0;
        }
        for sq in self.dotted.drain(keep..) {
            if let Some(n) = self.on_path.get_mut(&sq) {
                *n -= 1;
                if *n == 0 {
                    self.on_path.remove(&sq);
                    self.dot_stops.remove(&sq);
                }
            }
        }
        let squares = (scene.rows() as usize) * (scene.cols() as usize);
        for &sq in &path[keep..] {
            // A dot takes the colour of the move that reached it (the first square, the first move's).
            let ink = self.step_ink(self.dotted.len().max(1), squares);
            self.dot_stops.entry(sq).or_insert(usize::from(ink));
            self.dotted.push(sq);
            *self.on_path.entry(sq).or_insert(0) += 1;
        }
    }

    /// True when `sq` shows a dot of a dotted path.
    pub(super) fn on_dotted_path(&self, sq: Square) -> bool {
        self.on_path.contains_key(&sq)
    }

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
    pub(super) fn tint(&self, out: &mut dyn Painter, rect: Rect, marks: &[SquareMark]) {
        // The last filled mark of the square gives the tint (later marks are drawn over earlier).
        if let Some(&(_, colour)) = marks.iter().rev().find(|(k, _)| *k == MarkKind::Fill) {
            let ink = self.colors.item(colour);
            self.item(
                out,
                Layer::Highlights,
                Shape::Rect(rect),
                ink,
                TINT_ALPHA,
                rect,
            );
            // A thin frame in the mark colour, inside the cell's outer eighth: in greyscale a
            // tinted light square is otherwise close to an untinted dark one.
            let band = (rect.width / OUTLINE_DIVISOR).max(1);
            self.square_band(out, Layer::Highlights, rect, band, band, ink);
        }
    }

    /// A dot on every square of a dotted path, over the lines.
    pub(super) fn path_dot(&mut self, out: &mut dyn Painter, sq: Square, rect: Rect) {
        let dot = self.overlay_symbol(OverlayKey::PathDot, "path-dot", |size| {
            let r = line_px(size, PATH_DOT_RADIUS);
            filled(Path::circle(size / 2.0, size / 2.0, r))
        });
        let ink = self
            .dot_stops
            .get(&sq)
            .map_or(self.colors.path, |&i| i as Ink);
        self.place(out, Layer::Path, dot, rect, ink, 255, rect);
    }

    /// What stands over one cell's fill and under its piece: the frame of a piece just placed, a
    /// conflict ring, a dead end's cross and the reader's marks.
    pub(super) fn cell_overlays(
        &mut self,
        out: &mut dyn Painter,
        cell: &Cell,
        rect: Rect,
        marks: &[SquareMark],
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
        // Over a piece, the reader's marks come after it (see `foreground`): under it, a dot
        // vanished and a cross left two stubs.
        if cell.piece.is_none() {
            self.reader_marks(out, rect, marks, Layer::Overlays);
        }
    }

    /// The reader's marks of one cell (dots, crosses, rings; fills are the cell's tint), each with
    /// its halo, on `layer`.
    pub(super) fn reader_marks(
        &mut self,
        out: &mut dyn Painter,
        rect: Rect,
        marks: &[SquareMark],
        layer: Layer,
    ) {
        let inks = self.colors.overlay;
        for &(kind, colour) in marks {
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
            self.place(out, layer, edge, rect, inks.edge, 255, rect);
            let ink = self.colors.item(colour);
            self.place(out, layer, body, rect, ink, 255, rect);
        }
    }

    /// The mistakes marked on the square at `sq` (a ring, or a box for a cross; a dot or a fill as a
    /// ring), in the conflict colour on the overlay edge, over everything else on the square.
    pub(super) fn mistakes(&mut self, out: &mut dyn Painter, rect: Rect, kinds: &[MarkKind]) {
        let inks = self.colors.overlay;
        for &kind in kinds {
            let (edge, body) = match kind {
                MarkKind::Cross => {
                    // A box along the cell's edges, not a cross over its number: the number
                    // printed there stays legible under the mark.
                    let band = (rect.width / 8).max(2);
                    let edge = (rect.width / 24).max(1);
                    self.square_band(out, Layer::Mistakes, rect, 0, band + 2 * edge, inks.edge);
                    self.square_band(out, Layer::Mistakes, rect, edge, band, inks.conflict);
                    continue;
                }
                MarkKind::Ring | MarkKind::Dot | MarkKind::Fill => (
                    self.overlay_symbol(OverlayKey::Ring { edge: true }, "ring-edge", |s| {
                        ring(s, RING_OUTER, RING_WIDTH, true)
                    }),
                    self.overlay_symbol(OverlayKey::Ring { edge: false }, "ring", |s| {
                        ring(s, RING_OUTER, RING_WIDTH, false)
                    }),
                ),
            };
            self.place(out, Layer::Mistakes, edge, rect, inks.edge, 255, rect);
            self.place(out, Layer::Mistakes, body, rect, inks.conflict, 255, rect);
        }
    }

    /// The frame of a piece just placed: corners of a band in the placed colour along the cell's
    /// edges with a thin band of the overlay edge inside them, within the outer eighth of the cell.
    /// Its square corners tell it from a conflict's ring in any print. Corners rather than a whole
    /// square: as plain to see with half the ink, and in the explaining queens search, where every
    /// placement un-frames the queen before, a whole square made the GIF 5 % larger (2.85 MB
    /// against 2.71 MB at cell 60), past twice the plain search's bytes.
    fn placed_frame(&self, out: &mut dyn Painter, rect: Rect) {
        let (band, inner) = frame_widths(rect.width);
        let inks = self.colors.overlay;
        for (inset, w, ink) in [(0, band, inks.placed), (band, inner, inks.edge)] {
            self.corner_band(out, Layer::Overlays, rect, inset, w, ink);
        }
    }

    /// The corners of a square band `w` pixels wide, `inset` pixels inside the cell `rect`: an L
    /// at each corner whose arms reach [`FRAME_ARM`] of the cell from its edge (nothing where the
    /// cell has no room for it).
    fn corner_band(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        rect: Rect,
        inset: u32,
        w: u32,
        ink: Ink,
    ) {
        let Some((x, y, s)) = band_square(rect, inset, w) else {
            return;
        };
        let reach = (rect.width as f32 * FRAME_ARM).round() as u32;
        let arm = reach.max(w + 1).saturating_sub(inset).min(s / 2);
        let strips = [
            Rect::new(x, y, arm, w),
            Rect::new(x + s - arm, y, arm, w),
            Rect::new(x, y + s - w, arm, w),
            Rect::new(x + s - arm, y + s - w, arm, w),
            Rect::new(x, y + w, w, arm - w),
            Rect::new(x + s - w, y + w, w, arm - w),
            Rect::new(x, y + s - arm, w, arm - w),
            Rect::new(x + s - w, y + s - arm, w, arm - w),
        ];
        for strip in strips {
            self.item(out, layer, Shape::Rect(strip), ink, 255, rect);
        }
    }

    /// Where the frame of a piece just placed can lie in the cell `rect`: the strips along its
    /// edges, as wide as both of the frame's bands.
    pub(super) fn frame_strips(rect: Rect) -> [Rect; 4] {
        let (band, inner) = frame_widths(rect.width);
        square_strips(
            rect.x,
            rect.y,
            rect.width,
            (band + inner).min(rect.width / 2),
        )
    }

    /// A square band `w` pixels wide, `inset` pixels inside the cell `rect` (nothing where the cell
    /// has no room for it).
    fn square_band(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        rect: Rect,
        inset: u32,
        w: u32,
        ink: Ink,
    ) {
        let Some((x, y, s)) = band_square(rect, inset, w) else {
            return;
        };
        for strip in square_strips(x, y, s, w) {
            self.item(out, layer, Shape::Rect(strip), ink, 255, rect);
        }
    }

    /// The cells from `a` to `b` (a box), clipped to `clip`.
    fn span(&self, a: Square, b: Square, clip: Rect) -> Rect {
        let (ra, rb) = (self.layout.cell_rect(a), self.layout.cell_rect(b));
        ra.union(&rb).intersect(&clip)
    }

    /// The closing move of a closed path, dashed in the path's colour on a halo, with a head at the
    /// start, inside `clip`.
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
        // From node edge to node edge where numbers stand on the path, else from near the dots.
        let skip = if scene.label_style() == LabelStyle::Node && self.path_px.is_some() {
            super::NODE_EDGE
        } else {
            PATH_DOT_RADIUS * 1.5
        };
        // On a halo of the overlay edge: among the tour's crossing lines it reads as one move of
        // its own, the one back to the start.
        let key = |edge| OverlayKey::Closing { dr, dc, edge };
        let edge = self.overlay_symbol(key(true), "closing-edge", |s| {
            halo(closing_path(s, dr, dc, width, skip), s)
        });
        let closing = self.overlay_symbol(key(false), "closing", |s| {
            filled(closing_path(s, dr, dc, width, skip))
        });
        let at = self.layout.cell_rect(last);
        let ink = self.step_ink(path.len(), path.len());
        self.place(
            out,
            Layer::Path,
            edge,
            at,
            self.colors.overlay.edge,
            255,
            box_,
        );
        self.place(out, Layer::Path, closing, at, ink, 255, box_);
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
        for (i, arrow) in scene.arrows().iter().enumerate() {
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
            let ink = self.colors.item(scene.arrow_colour(i));
            self.place(out, Layer::Overlays, body, at, ink, 255, box_);
        }
    }
}

/// Passes on only the items of some layers.
pub(super) struct LayerFilter<'a> {
    pub(super) out: &'a mut dyn Painter,
    pub(super) keep: fn(Layer) -> bool,
}

impl Painter for LayerFilter<'_> {
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols) {
        if (self.keep)(item.layer) {
            self.out.paint(item, symbols);
        }
    }
}

/// The square `(x, y, side)` a band `w` pixels wide runs along, `inset` pixels inside the cell
/// `rect`; `None` where the cell has no room for the band.
fn band_square(rect: Rect, inset: u32, w: u32) -> Option<(u32, u32, u32)> {
    (2 * (inset + w) <= rect.width)
        .then(|| (rect.x + inset, rect.y + inset, rect.width - 2 * inset))
}

/// The four strips `w` pixels wide along the edges of the square at `x`, `y` with side `s`: top
/// and bottom whole, left and right between them.
fn square_strips(x: u32, y: u32, s: u32, w: u32) -> [Rect; 4] {
    [
        Rect::new(x, y, s, w),
        Rect::new(x, y + s - w, s, w),
        Rect::new(x, y + w, w, s - 2 * w),
        Rect::new(x + s - w, y + w, w, s - 2 * w),
    ]
}

/// The widths of a placed piece's frame in a cell `size` pixels wide: its band in the placed colour
/// and the thin band of the overlay edge inside it.
fn frame_widths(size: u32) -> (u32, u32) {
    (
        (size / OUTLINE_DIVISOR).max(1),
        (size / (2 * OUTLINE_DIVISOR)).max(1),
    )
}

/// Passes on every item clipped to each of `clips` in turn: parts of a cell repainted alone.
pub(super) struct ClipTo<'a> {
    pub(super) out: &'a mut dyn Painter,
    pub(super) clips: &'a [Rect],
}

impl Painter for ClipTo<'_> {
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols) {
        for part in self.clips {
            let clip = item.clip.intersect(part);
            if !clip.is_empty() {
                self.out.paint(&Item { clip, ..*item }, symbols);
            }
        }
    }
}

/// Rows and columns from `a` to `b`.
fn step(a: Square, b: Square) -> (i32, i32) {
    (b.row as i32 - a.row as i32, b.col as i32 - a.col as i32)
}
