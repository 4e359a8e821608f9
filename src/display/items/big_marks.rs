//! Markers that keep a visible size on big boards: the start and end of a knight's path and the
//! special square of a tiling. On a 100 x 100 tour or a k = 7 tiling the cell's own marker is a few
//! pixels once the figure is seen whole, so a larger copy is drawn centred on its square (moved in
//! just enough to stay on the board at an edge), over its neighbours, after everything else of the
//! board.
//!
//! Such a marker reaches into other cells, so repainting one cell draws every large marker that
//! crosses it, and a cell whose marker comes or goes has the marker's box repainted as one area
//! ([`ItemBuilder::note_big_marks`], [`ItemBuilder::repaint_plan`]); an animation's frame stays the
//! still of the same state.

use super::{ItemBuilder, Place, SymbolKey};
use crate::display::layout::Layout;
use crate::display::list::{FillRule, Layer, Painter, SymbolShape};
use crate::geom::{Path, Rect, Square};
use crate::scene::{Cell, Fill, Marker, Scene};

/// The smallest marker, in figure pixels across.
pub(crate) const MIN_MARK_PX: f32 = 10.0;
/// The smallest marker as a share of the board's longer side: about 16 pixels when the figure is
/// shown 1000 pixels wide, whatever the board.
pub(crate) const MIN_MARK_SHARE: f32 = 1.0 / 60.0;
/// The start and end rings across, as a share of the cell (the special square is its whole cell).
/// Below the minimum, the large copy is drawn.
const RING_SHARE: f32 = 0.76;
/// The large ring's weight and the light halo on both its sides, as shares of its diameter.
const RING_WEIGHT: f32 = 0.16;
const HALO: f32 = 0.07;
/// The large special square: its diamond across as a share of its side.
const DIAMOND_IN_SQUARE: f32 = 0.6;

/// The light halo on each side of a large marker `d` across.
fn halo_px(d: f32) -> f32 {
    (d * HALO).max(1.5)
}

/// Which large marker a cell carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum BigMark {
    Start,
    End,
    Special,
}

/// The sizes of a layout's large markers: the diameter, and whether rings and the special square
/// need one (their own marker is smaller than the minimum).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct BigSizes {
    px: f32,
    rings: bool,
    special: bool,
}

impl BigSizes {
    pub(super) fn of(layout: &Layout) -> BigSizes {
        let cell = layout.cell() as f32;
        let side = layout.board_rect().width.max(layout.board_rect().height) as f32;
        let px = (side * MIN_MARK_SHARE).max(MIN_MARK_PX).round();
        BigSizes {
            px,
            rings: cell * RING_SHARE < px,
            special: cell < px,
        }
    }

    /// Across a large marker with its halo: the halo lies on both sides of a ring and around the
    /// special square.
    fn extent(&self) -> f32 {
        self.px + 2.0 * halo_px(self.px)
    }

    /// The large marker of `cell`, if it carries one.
    fn mark(&self, cell: &Cell) -> Option<BigMark> {
        match (cell.marker, cell.fill) {
            (_, Fill::Special) if self.special => Some(BigMark::Special),
            (Some(Marker::Start), _) if self.rings => Some(BigMark::Start),
            (Some(Marker::End), _) if self.rings => Some(BigMark::End),
            _ => None,
        }
    }
}

impl ItemBuilder {
    /// Finds every large marker of `scene` (before a full render).
    pub(super) fn find_big_marks(&mut self, scene: &Scene) {
        self.big_marks.clear();
        if !self.has_big_marks() {
            return;
        }
        for r in 0..scene.rows() {
            for c in 0..scene.cols() {
                let sq = Square::new(r, c);
                if let Some(kind) = self.big.mark(scene.cell(sq)) {
                    self.big_marks.insert(sq, kind);
                }
            }
        }
    }

    /// Takes note of the cells that changed and returns the boxes of the large markers that came,
    /// went or changed kind among them, which must be repainted beyond their cells (none in most
    /// figures). A marker that stays as it was is drawn again over its repainted cell alone.
    pub(super) fn note_big_marks(&mut self, scene: &Scene, changed: &[Square]) -> Vec<Rect> {
        if !self.has_big_marks() {
            return Vec::new();
        }
        let mut boxes = Vec::new();
        for &sq in changed {
            let now = self.big.mark(scene.cell(sq));
            let before = match now {
                Some(kind) => self.big_marks.insert(sq, kind),
                None => self.big_marks.remove(&sq),
            };
            if now != before {
                boxes.push(self.big_mark_box(sq));
            }
        }
        boxes
    }

    /// Whether this layout draws large markers at all (a big board, or small cells).
    pub(crate) fn has_big_marks(&self) -> bool {
        self.big.rings || self.big.special
    }

    /// Every large marker that reaches into `clip`, over everything else of the board, in the
    /// order of their squares (as a full render draws them).
    pub(crate) fn big_marks(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
        if self.big_marks.is_empty() {
            return;
        }
        let marks: Vec<Square> = self.big_marks.keys().copied().collect();
        for sq in marks {
            let Some(kind) = self.big.mark(scene.cell(sq)) else {
                continue;
            };
            let clip = self.big_mark_box(sq).intersect(&clip);
            if clip.is_empty() {
                continue;
            }
            self.big_mark(out, kind, self.layout.cell_rect(sq), clip);
        }
    }

    /// The pixels a large marker on `sq` can cover: its extent around the centre it is drawn at
    /// (moved in at the board's edge, as [`ItemBuilder::big_mark`] draws it), and a pixel of
    /// anti-aliasing on each side, which ring and polygon masks reach, and one for rounding.
    pub(super) fn big_mark_box(&self, sq: Square) -> Rect {
        let extent = self.big.extent();
        let at = self.inside_board(self.layout.cell_rect(sq), extent);
        // The symbols are centred on the cell they are placed at (see `big_ring`, `big_square`).
        let half_cell = self.layout.cell() as f32 / 2.0;
        let (cx, cy) = (at.x as f32 + half_cell, at.y as f32 + half_cell);
        let reach = extent / 2.0 + 2.0;
        let x0 = (cx - reach).floor().max(0.0) as u32;
        let y0 = (cy - reach).floor().max(0.0) as u32;
        let x1 = (cx + reach).ceil().max(0.0) as u32;
        let y1 = (cy + reach).ceil().max(0.0) as u32;
        Rect::new(x0, y0, x1 - x0, y1 - y0).intersect(&self.layout.board_rect())
    }

    fn big_mark(&mut self, out: &mut dyn Painter, kind: BigMark, cell: Rect, clip: Rect) {
        let d = self.big.px;
        let halo = halo_px(d);
        let at = self.inside_board(cell, self.big.extent());
        let c = &self.colors;
        let (light, start, end) = (c.node, c.start, c.end);
        let (special, special_mark) = (c.special, c.special_mark);
        match kind {
            BigMark::Start | BigMark::End => {
                let w = (d * RING_WEIGHT).max(2.5);
                // Both on the same circle: the halo shows on either side of the ring.
                let r = (d - w) / 2.0;
                let under = self.big_ring(SymbolKey::BigRingHalo, r, w + 2.0 * halo);
                let ring = self.big_ring(SymbolKey::BigRing, r, w);
                let ink = if kind == BigMark::Start { start } else { end };
                self.place(out, Layer::Marks, under, at, light, 255, clip);
                self.place(out, Layer::Marks, ring, at, ink, 255, clip);
            }
            BigMark::Special => {
                let under = self.big_square(SymbolKey::BigSquareHalo, d + 2.0 * halo, false);
                let square = self.big_square(SymbolKey::BigSquare, d, false);
                let diamond = self.big_square(SymbolKey::BigDiamond, d * DIAMOND_IN_SQUARE, true);
                self.place(out, Layer::Marks, under, at, light, 255, clip);
                self.place(out, Layer::Marks, square, at, special, 255, clip);
                self.place(out, Layer::Marks, diamond, at, special_mark, 255, clip);
            }
        }
    }

    /// `cell` moved just enough that a marker `extent` across centred on it stays on the board: a
    /// start in the corner (the default 0,0) would otherwise show a quarter ring. The marker still
    /// covers its square, which is smaller than it.
    fn inside_board(&self, cell: Rect, extent: f32) -> Rect {
        let board = self.layout.board_rect();
        let half = (extent / 2.0).ceil() as i64;
        let nudge = |at: u32, size: u32, lo: u32, span: u32| -> u32 {
            let centre = i64::from(at) + i64::from(size) / 2;
            let (min, max) = (i64::from(lo) + half, i64::from(lo + span) - half);
            if min > max {
                return at;
            }
            (i64::from(at) + centre.clamp(min, max) - centre).max(0) as u32
        };
        Rect::new(
            nudge(cell.x, cell.width, board.x, board.width),
            nudge(cell.y, cell.height, board.y, board.height),
            cell.width,
            cell.height,
        )
    }

    /// A ring of radius `r` (to the middle of its line) and weight `w` centred on the cell.
    fn big_ring(&mut self, key: SymbolKey, r: f32, w: f32) -> Option<super::Placed> {
        self.symbol(key, move |_, size| {
            let shape = SymbolShape::Ring {
                cx: size / 2.0,
                cy: size / 2.0,
                r,
                width: w,
            };
            ("big-ring".into(), shape, Place::AsIs)
        })
    }

    /// A square of side `side` centred on the cell, or a diamond of that diagonal.
    fn big_square(&mut self, key: SymbolKey, side: f32, diamond: bool) -> Option<super::Placed> {
        self.symbol(key, move |_, size| {
            let (c, h) = (size / 2.0, side / 2.0);
            let points = if diamond {
                [(c, c - h), (c + h, c), (c, c + h), (c - h, c)]
            } else {
                [
                    (c - h, c - h),
                    (c + h, c - h),
                    (c + h, c + h),
                    (c - h, c + h),
                ]
            };
            let shape = SymbolShape::Fill {
                path: Path::polygon(&points),
                rule: FillRule::Union,
            };
            ("big-special".into(), shape, Place::AsIs)
        })
    }
}
