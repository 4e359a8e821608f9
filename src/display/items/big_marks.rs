//! Markers that keep a visible size on big boards: the start and end of a knight's path and the
//! special square of a tiling. On a 100 x 100 tour or a k = 7 tiling the cell's own marker is a few
//! pixels once the figure is seen whole, so a larger copy is drawn centred on its square (moved in
//! just enough to stay on the board at an edge), over its neighbours, after everything else of the
//! board.
//!
//! Such a marker reaches into other cells, so repainting one cell draws every large marker that
//! crosses it, and a cell whose marker comes or goes has its neighbourhood repainted
//! ([`ItemBuilder::note_big_marks`]); an animation's frame stays the still of the same state.

use std::collections::BTreeSet;

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
    /// How many cells a large marker reaches beyond its own on each side.
    reach: u32,
}

impl BigSizes {
    pub(super) fn of(layout: &Layout) -> BigSizes {
        let cell = layout.cell() as f32;
        let side = layout.board_rect().width.max(layout.board_rect().height) as f32;
        let px = (side * MIN_MARK_SHARE).max(MIN_MARK_PX).round();
        // The halo around a ring reaches a little beyond its diameter.
        let extent = px + 2.0 * halo_px(px);
        // At the board's edge the marker moves in by up to half its extent less half a cell
        // ([`ItemBuilder::inside_board`]), so its far side can lie a whole extent less half a cell
        // from its cell's centre.
        let reach = ((extent - cell) / cell).ceil().max(0.0) as u32 + 1;
        BigSizes {
            px,
            rings: cell * RING_SHARE < px,
            special: cell < px,
            reach,
        }
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
        if !(self.big.rings || self.big.special) {
            return;
        }
        for r in 0..scene.rows() {
            for c in 0..scene.cols() {
                let sq = Square::new(r, c);
                if self.big.mark(scene.cell(sq)).is_some() {
                    self.big_marks.insert(sq);
                }
            }
        }
    }

    /// Takes note of the cells that changed and returns the cells around those whose large marker
    /// came or went, which must be repainted too (none in most figures).
    pub(crate) fn note_big_marks(&mut self, scene: &Scene, changed: &[Square]) -> Vec<Square> {
        let mut around = BTreeSet::new();
        for &sq in changed {
            let now = self.big.mark(scene.cell(sq)).is_some();
            let before = if now {
                !self.big_marks.insert(sq)
            } else {
                self.big_marks.remove(&sq)
            };
            // A marker that changes kind keeps its extent but is repainted as well.
            if now || before {
                let r = self.big.reach;
                let rows = sq.row.saturating_sub(r)..=(sq.row + r).min(scene.rows() - 1);
                for row in rows {
                    let cols = sq.col.saturating_sub(r)..=(sq.col + r).min(scene.cols() - 1);
                    for col in cols {
                        around.insert((row, col));
                    }
                }
            }
        }
        around
            .into_iter()
            .map(|(r, c)| Square::new(r, c))
            .filter(|sq| !changed.contains(sq))
            .collect()
    }

    /// Every large marker that reaches into `clip`, over everything else of the board.
    pub(super) fn big_marks(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
        let marks: Vec<Square> = self.big_marks.iter().copied().collect();
        let reach = self.big.reach * self.layout.cell();
        for sq in marks {
            let Some(kind) = self.big.mark(scene.cell(sq)) else {
                continue;
            };
            let at = self.layout.cell_rect(sq);
            let around = Rect::new(
                at.x.saturating_sub(reach),
                at.y.saturating_sub(reach),
                at.width + 2 * reach,
                at.height + 2 * reach,
            );
            let clip = around.intersect(&clip);
            if clip.is_empty() {
                continue;
            }
            self.big_mark(out, kind, at, clip);
        }
    }

    fn big_mark(&mut self, out: &mut dyn Painter, kind: BigMark, cell: Rect, clip: Rect) {
        let d = self.big.px;
        let halo = halo_px(d);
        let at = self.inside_board(cell, d + 2.0 * halo);
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
