//! Animation frames of layouts that draw large markers (the start and end rings of a big tour, a
//! big tiling's special square).
//!
//! A large marker lies over everything else of the board and reaches cells around its own, so
//! moving it changes pixels of cells that did not change. The renderer keeps the board without
//! the large markers as a layer of its own, brought up to date by repainting only the changed cells
//! in it, and shows each region of the frame (a changed cell, a marker's box: the figure's
//! repaint plan, `ItemBuilder::repaint_plan`) as that layer
//! with the markers drawn over it. A frame then costs its changed cells and the pixels of the
//! markers that moved, not the cells under them: at `--cell 1` a 10 pixel ring covers hundreds of
//! cells, and repainting each of them (each a region, each a pass over the path near it) made a
//! 200 x 200 tour cost 80 seconds. A full render is the layer with the markers drawn last, so each
//! frame stays the still of its state.

use super::BoardPaint;
use crate::display::figure::Figure;
use crate::error::Result;
use crate::geom::{Rect, Square};
use crate::raster::canvas::Canvas;
use crate::scene::Scene;

impl BoardPaint {
    /// Repaints `changed` (the scene's changed cells) in the layer under the large markers and shows
    /// the frame's regions on `canvas` from it, each added to `regions`.
    pub(super) fn update_over(
        &mut self,
        figure: &mut Figure,
        scene: &Scene,
        canvas: &mut Canvas,
        changed: &[Square],
        regions: &mut Vec<Rect>,
    ) -> Result<()> {
        let background = figure.background();
        let items = figure.items_mut();
        let plan = items.repaint_plan(scene, changed);
        let layout = *items.layout();
        let fits = |u: &Canvas| u.width() == canvas.width() && u.height() == canvas.height();
        let everything =
            changed.len() as u64 >= u64::from(layout.rows()) * u64::from(layout.cols());
        let under = match self.under.take() {
            // The first update keeps the layer from now on: it is drawn for the scene as it is.
            // So is a scene whose every cell changed, which costs a full render either way.
            Some(mut under) if fits(&under) && !everything => {
                let mut painter = self.raster.on(&mut under);
                for &sq in changed {
                    items.cell_under(scene, &mut painter, sq);
                }
                under
            }
            _ => {
                let mut under = Canvas::new(canvas.width(), canvas.height(), background)?;
                items.full_under(scene, &mut self.raster.on(&mut under));
                under
            }
        };
        let board = layout.board_rect();
        let cells = plan.cells.iter().map(|&sq| layout.cell_rect(sq));
        for rect in plan.areas.into_iter().chain(cells) {
            let rect = rect.intersect(&board);
            self.raster.copy(&under, canvas, rect);
            items.big_marks(scene, &mut self.raster.on(canvas), rect);
            regions.push(rect);
        }
        self.under = Some(under);
        Ok(())
    }
}
