//! The lines that show how a board was divided: a cross through the middle of each sub-board a
//! tromino call divided, heavier for bigger divisions.

use super::ItemBuilder;
use crate::display::layout::outline_width;
use crate::display::list::{Layer, Painter};
use crate::geom::Rect;
use crate::scene::{Scene, Split};

impl ItemBuilder {
    /// A cross of lines through the middle of each divided sub-board, centred on the quadrant
    /// boundary and heavier for bigger divisions. Each arm is one continuous line drawn over the
    /// tiles and their outlines: a core in the split colour cased in the outline colour, so that
    /// where it runs along a tile boundary the outline's two edges stay whole on either side, and
    /// across the call's central L-tromino (the tile the recursion lays first) it goes on unbroken.
    /// `near`: the indices of the only splits that can draw inside `clip` (all when `None`).
    pub(super) fn splits(
        &self,
        scene: &Scene,
        out: &mut dyn Painter,
        clip: Rect,
        near: Option<&[u32]>,
    ) {
        let cell = self.layout.cell();
        // At its heaviest the division is as wide as the outline band (a strip on each side of the
        // boundary), so along a tile boundary its casing is the outline's own two edges and its
        // core the outline's middle; small cells, whose band is too thin for a core, get a line a
        // little wider. Widths are even so that the line is centred on the boundary between two
        // pixel columns (or rows).
        let t = outline_width(cell);
        let casing = (t / 2).max(1);
        let heaviest_core = (2 * t).max(2 + 2 * casing) - 2 * casing;
        let levels = (scene.rows().max(scene.cols()).max(2) as f32).log2();
        let all = scene.splits();
        let chosen: Box<dyn Iterator<Item = &Split>> = match near {
            Some(near) => Box::new(near.iter().map(|&i| &all[i as usize])),
            None => Box::new(all.iter()),
        };
        // The casings on the outlines' layer, the cores on their own above it: where two divisions
        // meet (a cross, or a smaller division ending on a bigger one), the cores run on over the
        // casings in every writer (the TikZ and SVG writers group a layer's items by colour).
        let mut cores = Vec::new();
        for split in chosen {
            let half = split.size / 2;
            if half == 0 {
                continue;
            }
            // The cross lies inside its sub-board: a repainted cell skips every other division
            // (a k = 6 recursion has 341 of them, and each of its steps repaints hundreds of cells).
            let corner = self.layout.cell_rect(split.origin);
            let side = split.size * cell;
            let square = Rect::new(corner.x, corner.y, side, side);
            if square.intersect(&clip).is_empty() {
                continue;
            }
            let share = (split.size as f32).log2() / levels;
            let w = 2 * ((heaviest_core as f32 / 2.0) * share).round().max(1.0) as u32;
            let (mid_x, mid_y) = (corner.x + half * cell, corner.y + half * cell);
            let band = w + 2 * casing;
            for case in [
                Rect::new(mid_x - band / 2, corner.y, band, side),
                Rect::new(corner.x, mid_y - band / 2, side, band),
            ] {
                let r = case.intersect(&clip);
                if !r.is_empty() {
                    self.rect(out, Layer::Outlines, r, self.colors.outline, clip);
                }
            }
            cores.push(Rect::new(mid_x - w / 2, corner.y, w, side));
            cores.push(Rect::new(corner.x, mid_y - w / 2, side, w));
        }
        for core in cores {
            let r = core.intersect(&clip);
            if !r.is_empty() {
                self.rect(out, Layer::Splits, r, self.colors.split, clip);
            }
        }
    }
}
