//! Paints a [`Figure`] onto a [`Canvas`]: the figure (layout, palette, display items) is made in
//! `display::figure`; this module only keeps the raster state of painting it (symbol masks, the
//! layer under the large markers, a pair's two pictures) and paints what the figure emits.
//!
//! [`BoardRenderer::update`] repaints only the cells a scene marks as changed, emitting every layer in
//! the same order as a full render, so an animation's last frame equals the still of the same state
//! pixel for pixel. The vector writers read the same figure's display list
//! ([`Figure::display_list`]), never a renderer.

use crate::display::figure::{Figure, RenderOptions};
use crate::display::items::Omitted;
use crate::display::layout::Layout;
use crate::display::palette::Palette;
use crate::error::Result;
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
#[cfg(test)]
use crate::raster::paint::PaintStats;
use crate::raster::paint::RasterBackend;
use crate::scene::Scene;

mod pair;
mod under;

/// Renders scenes of one size and style: their figure, and the raster state of painting it.
pub struct BoardRenderer {
    figure: Figure,
    /// The painting of the figure's own items (for a pair, the caption band under both boards).
    board: BoardPaint,
    /// The painting of the two boards of a pair ([`Scene::side_by_side`]).
    pair: Option<Box<pair::PairPaint>>,
}

/// The raster state of painting one board's figure.
struct BoardPaint {
    raster: RasterBackend,
    /// The board of the last frame without its large markers, kept once an animation of a layout
    /// that draws them is updated ([`under`]).
    under: Option<Canvas>,
}

impl BoardPaint {
    fn new(figure: &Figure) -> BoardPaint {
        BoardPaint {
            raster: RasterBackend::new(figure.shared_palette()),
            under: None,
        }
    }

    /// `figure`'s whole picture of `scene` on a new canvas.
    fn render_once(&mut self, figure: &mut Figure, scene: &Scene) -> Result<Canvas> {
        figure.check_scene(scene)?;
        let layout = figure.layout();
        let mut canvas = Canvas::new(layout.width(), layout.height(), figure.background())?;
        figure
            .items_mut()
            .full(scene, &mut self.raster.on(&mut canvas));
        Ok(canvas)
    }

    /// Repaints what changed in `scene` on `canvas`, each repainted rectangle in `regions`
    /// (see [`BoardRenderer::update_regions`]).
    fn update_regions(
        &mut self,
        figure: &mut Figure,
        scene: &mut Scene,
        canvas: &mut Canvas,
        regions: &mut Vec<Rect>,
    ) -> Result<()> {
        regions.clear();
        figure.check_size(scene)?;
        for sq in scene.changed_cells() {
            figure.check_fill(scene, sq)?;
        }
        let items = figure.items_mut();
        if scene.margin_changed() && items.layout().margin() > 0 {
            let mut painter = self.raster.on(canvas);
            regions.push(items.caption_band(scene, &mut painter));
        }
        if scene.panel_changed() {
            let mut painter = self.raster.on(canvas);
            items.panel_band(scene, &mut painter, regions);
        }
        if scene.has_cell_changes() {
            let cells = scene.changed_cells();
            if figure.items().has_big_marks() {
                // Large markers reach beyond their cells: drawn over a layer kept under them.
                self.update_over(figure, scene, canvas, &cells, regions)?;
            } else {
                let items = figure.items_mut();
                let mut painter = self.raster.on(canvas);
                for sq in cells {
                    // A cell repainted in part is still one rectangle that may differ: an encoder
                    // writing a frame's strips as blocks of their own would show it vanish side
                    // by side.
                    regions.push(items.cell(scene, &mut painter, sq));
                }
            }
        }
        scene.clear_changes();
        Ok(())
    }
}

impl BoardRenderer {
    /// A renderer for `rows` x `cols` scenes, for tests: the library makes its renderers of a
    /// [`Figure`] ([`BoardRenderer::of`]). Fails (before allocating any image) when the layout is
    /// too large or the palette cannot hold the colours.
    #[cfg(test)]
    pub fn new(rows: u32, cols: u32, opts: RenderOptions) -> Result<BoardRenderer> {
        Ok(Self::of(Figure::new(rows, cols, opts)?))
    }

    /// A renderer for scenes like `scene` (see [`Figure::for_scene`]). Later scenes may use only
    /// the colours it has.
    pub fn for_scene(scene: &Scene, opts: RenderOptions) -> Result<BoardRenderer> {
        Ok(Self::of(Figure::for_scene(scene, opts)?))
    }

    /// A renderer that paints `figure`.
    pub fn of(mut figure: Figure) -> BoardRenderer {
        let board = BoardPaint::new(&figure);
        let pair = figure.sides_mut().map(|(left, right, _)| {
            Box::new(pair::PairPaint::new(
                BoardPaint::new(left),
                BoardPaint::new(right),
            ))
        });
        BoardRenderer {
            figure,
            board,
            pair,
        }
    }

    /// The pixel geometry.
    pub fn layout(&self) -> &Layout {
        self.figure.layout()
    }

    /// The palette every frame uses.
    pub fn palette(&self) -> &Palette {
        self.figure.palette()
    }

    /// What this renderer painted since it was made (renders and updates alike): the difference
    /// across an update is the work of that frame, which tests bound by the pixels it changed.
    #[cfg(test)]
    pub fn paint_stats(&self) -> PaintStats {
        let band = self.board.raster.stats();
        match &self.pair {
            Some(pair) => pair.paint_stats(band),
            None => band,
        }
    }

    /// Draws the whole scene on a new canvas and clears the scene's change marks.
    pub fn render(&mut self, scene: &mut Scene) -> Result<Canvas> {
        if self.pair.is_some() {
            return self.render_pair(scene);
        }
        // A first frame: the layer under the large markers is made again at the next update.
        self.board.under = None;
        let canvas = self.board.render_once(&mut self.figure, scene)?;
        scene.clear_changes();
        Ok(canvas)
    }

    /// Renders `scene` in full without marking its changes as drawn: for a picture drawn once,
    /// which no later frame updates.
    pub fn render_once(&mut self, scene: &Scene) -> Result<Canvas> {
        if self.pair.is_some() {
            return self.render_pair_once(scene);
        }
        self.board.render_once(&mut self.figure, scene)
    }

    /// Text that the figures drawn so far left out (see [`Figure::omitted`]).
    pub fn omitted(&self) -> Omitted {
        self.figure.omitted()
    }

    /// How many symbol masks the raster keeps.
    #[cfg(test)]
    pub(crate) fn masks_kept(&self) -> usize {
        self.board.raster.masks_kept()
    }

    /// What lays the figure out and emits its items.
    #[cfg(test)]
    pub(crate) fn items(&self) -> &crate::display::items::ItemBuilder {
        self.figure.items()
    }

    /// Repaints what changed in `scene` since the last render on `canvas` (which holds the previous
    /// frame) and returns the rectangle that may differ.
    pub fn update(&mut self, scene: &mut Scene, canvas: &mut Canvas) -> Result<Rect> {
        let mut regions = Vec::new();
        self.update_regions(scene, canvas, &mut regions)?;
        Ok(regions
            .iter()
            .fold(Rect::default(), |changed, r| changed.union(r)))
    }

    /// Like [`BoardRenderer::update`], giving each repainted rectangle (a cell, the box of a large
    /// marker that came or went with the changed cells it meets, the caption band) in `regions`
    /// (cleared first, never overlapping) rather than their union: outside all of them the canvas did not
    /// change, so an encoder need not look between two squares far apart.
    pub fn update_regions(
        &mut self,
        scene: &mut Scene,
        canvas: &mut Canvas,
        regions: &mut Vec<Rect>,
    ) -> Result<()> {
        if self.pair.is_some() {
            regions.clear();
            return self.update_pair(scene, canvas, regions);
        }
        self.board
            .update_regions(&mut self.figure, scene, canvas, regions)
    }
}
