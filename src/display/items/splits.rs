//! The lines that show how a board was divided: a cross through the middle of each sub-board a
//! tromino call divided, heavier for bigger divisions.

use super::ItemBuilder;
use crate::display::layout::outline_width;
use crate::display::list::{Layer, Painter};
use crate::geom::{Rect, Square};
use crate::scene::{Fill, Scene, Split};

impl ItemBuilder {
    /// A cross of lines through the middle of each divided sub-board, centred on the quadrant
    /// boundary and heavier for bigger divisions. Each arm is one continuous line, broken only where
    /// a placed tile spans the boundary (the call's central L-tromino), so the L reads as one piece.
    /// `near`: the indices of the only splits that can draw inside `clip` (all when `None`).
    pub(super) fn splits(
        &self,
        scene: &Scene,
        out: &mut dyn Painter,
        clip: Rect,
        near: Option<&[u32]>,
    ) {
        let cell = self.layout.cell();
        // At its heaviest a pixel wider than the outline band on each side, so a split reads as a
        // coloured line over the tile boundary, plainly not an outline; always an even width so it
        // is centred on the boundary between two pixel columns (or rows).
        let heaviest = outline_width(cell) + 1;
        let levels = (scene.rows().max(scene.cols()).max(2) as f32).log2();
        let all = scene.splits();
        let chosen: Box<dyn Iterator<Item = &Split>> = match near {
            Some(near) => Box::new(near.iter().map(|&i| &all[i as usize])),
            None => Box::new(all.iter()),
        };
        for split in chosen {
            let half = split.size / 2;
            if half == 0 {
                continue;
            }
            // The cross lies inside its sub-board: a repainted cell skips every other division
            // (a k = 6 recursion has 341 of them, and each of its steps repaints hundreds of cells).
            let corner = self.layout.cell_rect(split.origin);
            let square = Rect::new(corner.x, corner.y, split.size * cell, split.size * cell);
            if square.intersect(&clip).is_empty() {
                continue;
            }
            let share = (split.size as f32).log2() / levels;
            let w = 2 * ((heaviest as f32) * share).round().max(1.0) as u32;
            let (r0, c0) = (split.origin.row, split.origin.col);
            let (mid_r, mid_c) = (r0 + half, c0 + half);
            let mid_x = corner.x + half * cell;
            let mid_y = corner.y + half * cell;
            // Runs of cell edges along each arm that no tile spans.
            let vertical = |i: u32| {
                let (a, b) = (Square::new(r0 + i, mid_c - 1), Square::new(r0 + i, mid_c));
                !one_tile(scene, a, b)
            };
            let horizontal = |i: u32| {
                let (a, b) = (Square::new(mid_r - 1, c0 + i), Square::new(mid_r, c0 + i));
                !one_tile(scene, a, b)
            };
            // Each arm's runs lie within its whole length: a cell its strip misses is left alone
            // without looking along the arm for the tiles that span it.
            let (side, arm) = (split.size * cell, |r: Rect| !r.intersect(&clip).is_empty());
            if arm(Rect::new(mid_x - w / 2, corner.y, w, side)) {
                for (from, to) in runs(split.size, vertical) {
                    let line =
                        Rect::new(mid_x - w / 2, corner.y + from * cell, w, (to - from) * cell);
                    self.split_line(out, line, clip);
                }
            }
            if arm(Rect::new(corner.x, mid_y - w / 2, side, w)) {
                for (from, to) in runs(split.size, horizontal) {
                    let line =
                        Rect::new(corner.x + from * cell, mid_y - w / 2, (to - from) * cell, w);
                    self.split_line(out, line, clip);
                }
            }
        }
    }

    /// One run of a division line: dashed, the split colour across the middle half of every cell
    /// edge it follows and the outline colour across the corners, so that it reads as a division
    /// in every theme and in greyscale (a solid line in the split colour vanished among tiles of
    /// its own tone), and the tile outline it lies on still shows between the dashes.
    fn split_line(&self, out: &mut dyn Painter, line: Rect, clip: Rect) {
        if line.intersect(&clip).is_empty() {
            return;
        }
        let cell = self.layout.cell();
        let vertical = line.height > line.width;
        let (start, len) = if vertical {
            (line.y, line.height)
        } else {
            (line.x, line.width)
        };
        let piece = |from: u32, to: u32| {
            if vertical {
                Rect::new(line.x, start + from, line.width, to - from)
            } else {
                Rect::new(start + from, line.y, to - from, line.height)
            }
        };
        // Runs start and end on cell edges; a dash is the middle half of each cell.
        let (dash_from, dash_to) = (cell / 4, cell - cell / 4);
        let mut at = 0;
        while at < len {
            let end = (at + cell).min(len);
            let parts = [
                (at, at + dash_from, self.colors.outline),
                (at + dash_from, at + dash_to, self.colors.split),
                (at + dash_to, end, self.colors.outline),
            ];
            for (from, to, ink) in parts {
                let rect = piece(from, to.min(end)).intersect(&clip);
                if to > from && !rect.is_empty() {
                    self.rect(out, Layer::Splits, rect, ink, clip);
                }
            }
            at = end;
        }
    }
}

/// The maximal runs `from..to` of `0..n` where `keep` holds.
fn runs(n: u32, keep: impl Fn(u32) -> bool) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut start = None;
    for i in 0..=n {
        match (start, i < n && keep(i)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// True when `a` and `b` are both on the board and covered by the same placed tile.
fn one_tile(scene: &Scene, a: Square, b: Square) -> bool {
    let Some(regions) = scene.regions() else {
        return false;
    };
    let cols = scene.cols();
    let tile = |s: Square| matches!(scene.cell(s).fill, Fill::Tile(_));
    tile(a)
        && tile(b)
        && regions[(a.row * cols + a.col) as usize] == regions[(b.row * cols + b.col) as usize]
}
