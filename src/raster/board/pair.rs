//! Painting two boards side by side ([`Scene::side_by_side`]): each board's figure painted by a
//! painting of its own, exactly as it is painted alone, and the two pictures placed next to each
//! other above the pair's caption band.
//!
//! Each board's picture is kept on a canvas of its own and copied into the pair's (the left at the
//! origin, the right where the pair's figure puts it), so each half of a pair's picture is, pixel
//! for pixel, the board's picture alone; an animation updates each board where its scene changed
//! and copies only those rectangles.

use super::{BoardPaint, BoardRenderer};
use crate::display::figure::{boards, not_a_pair};
use crate::error::Result;
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
#[cfg(test)]
use crate::raster::paint::PaintStats;
use crate::scene::Scene;

/// The paintings of a pair's two boards.
pub(super) struct PairPaint {
    left: BoardPaint,
    right: BoardPaint,
    /// Each board's last picture, kept by an animation so that a frame copies what changed.
    canvases: Option<(Canvas, Canvas)>,
}

impl PairPaint {
    pub(super) fn new(left: BoardPaint, right: BoardPaint) -> PairPaint {
        PairPaint {
            left,
            right,
            canvases: None,
        }
    }

    #[cfg(test)]
    /// The work of both boards and of the band (`band`).
    pub(super) fn paint_stats(&self, band: PaintStats) -> PaintStats {
        let (a, b) = (self.left.raster.stats(), self.right.raster.stats());
        PaintStats {
            items: a.items + b.items + band.items,
            pixels: a.pixels + b.pixels + band.pixels,
        }
    }
}

/// Copies `rect` of `from` into `to`, `dx` pixels to the right.
fn copy_at(to: &mut Canvas, from: &Canvas, rect: Rect, dx: u32) {
    let rect = rect.intersect(&from.bounds());
    let width = to.width() as usize;
    let (a, b) = (rect.x as usize, (rect.x + rect.width) as usize);
    let shift = dx as usize;
    if b + shift > width {
        return;
    }
    for y in rect.y..rect.y + rect.height {
        if y >= to.height() {
            break;
        }
        let at = y as usize * width + shift;
        let row = &from.row(y)[a..b];
        to.pixels_mut()[at + a..at + b].copy_from_slice(row);
    }
}

impl BoardRenderer {
    /// The band under both boards, drawn on `canvas`; `None` without a band.
    fn pair_band(&mut self, scene: &Scene, canvas: &mut Canvas) -> Option<Rect> {
        let items = self.figure.items_mut();
        if items.layout().caption_rect().is_empty() {
            return None;
        }
        Some(items.caption_band(scene, &mut self.board.raster.on(canvas)))
    }

    /// Both boards and the band on a new canvas, each board's picture returned too.
    fn pair_pictures(&mut self, scene: &Scene) -> Result<(Canvas, Canvas, Canvas)> {
        let (left, right) = boards(scene)?;
        let layout = *self.figure.layout();
        let background = self.figure.background();
        let paint = self.pair.as_deref_mut().ok_or_else(not_a_pair)?;
        let (left_figure, right_figure, dx) = self.figure.sides_mut().ok_or_else(not_a_pair)?;
        let l = paint.left.render_once(left_figure, left)?;
        let r = paint.right.render_once(right_figure, right)?;
        let mut canvas = Canvas::new(layout.width(), layout.height(), background)?;
        copy_at(&mut canvas, &l, l.bounds(), 0);
        copy_at(&mut canvas, &r, r.bounds(), dx);
        self.pair_band(scene, &mut canvas);
        Ok((canvas, l, r))
    }

    pub(super) fn render_pair_once(&mut self, scene: &Scene) -> Result<Canvas> {
        Ok(self.pair_pictures(scene)?.0)
    }

    pub(super) fn render_pair(&mut self, scene: &mut Scene) -> Result<Canvas> {
        let (canvas, l, r) = self.pair_pictures(scene)?;
        self.pair.as_deref_mut().ok_or_else(not_a_pair)?.canvases = Some((l, r));
        if let Some((left, right)) = scene.pair_mut() {
            left.clear_changes();
            right.clear_changes();
        }
        scene.clear_changes();
        Ok(canvas)
    }

    pub(super) fn update_pair(
        &mut self,
        scene: &mut Scene,
        canvas: &mut Canvas,
        regions: &mut Vec<Rect>,
    ) -> Result<()> {
        let started = self.pair.as_ref().is_some_and(|p| p.canvases.is_some());
        if !started {
            // No picture to update yet: the whole picture is new.
            *canvas = self.render_pair(scene)?;
            regions.push(canvas.bounds());
            return Ok(());
        }
        if scene.margin_changed() {
            regions.extend(self.pair_band(scene, canvas));
        }
        let (left, right) = scene.pair_mut().ok_or_else(not_a_pair)?;
        let paint = self.pair.as_deref_mut().ok_or_else(not_a_pair)?;
        let (left_figure, right_figure, dx) = self.figure.sides_mut().ok_or_else(not_a_pair)?;
        let (l, r) = paint.canvases.as_mut().ok_or_else(not_a_pair)?;
        let mut changed = Vec::new();
        paint
            .left
            .update_regions(left_figure, left, l, &mut changed)?;
        for &rect in &changed {
            copy_at(canvas, l, rect, 0);
            regions.push(rect);
        }
        paint
            .right
            .update_regions(right_figure, right, r, &mut changed)?;
        for &rect in &changed {
            copy_at(canvas, r, rect, dx);
            regions.push(Rect::new(rect.x + dx, rect.y, rect.width, rect.height));
        }
        scene.clear_changes();
        Ok(())
    }
}
