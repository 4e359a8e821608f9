//! Two boards side by side ([`Scene::side_by_side`]): each board drawn by a renderer of its own,
//! exactly as it is drawn alone, and the two figures placed next to each other above one caption
//! band.
//!
//! The raster keeps each board's picture on a canvas of its own and copies it into the pair's (the
//! left at the origin, the right `gap` pixels after it), so each half of a pair's picture is, pixel
//! for pixel, the board's picture alone; an animation updates each board where its scene changed
//! and copies only those rectangles. The vector backends get the two display lists, the right one
//! moved by whole pixels, and the band's items after them: one list, one drawing for every backend.

use super::{BoardRenderer, RenderOptions};
use crate::display::caption::{band_height, caption_px};
use crate::display::items::Omitted;
use crate::display::layout::{pair_gap, Layout};
use crate::display::list::{
    DisplayList, Layer, RecordedItem, RecordedShape, Recorder, ShapeOf, SymbolId,
};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
#[cfg(test)]
use crate::raster::paint::PaintStats;
use crate::raster::scene_colours::SceneColours;
use crate::scene::Scene;

/// The renderers of a pair's two boards, and where the right one goes.
pub(super) struct PairRenderer {
    left: BoardRenderer,
    right: BoardRenderer,
    /// The left edge of the right figure.
    dx: u32,
    /// Each board's last picture, kept by an animation so that a frame copies what changed.
    canvases: Option<(Canvas, Canvas)>,
}

fn gap(opts: &RenderOptions) -> u32 {
    pair_gap(opts.cell, opts.margin)
}

/// The options of one board of the pair: the pair's, with a caption band for the board's own title
/// that holds as many lines as it needs (or as its scene fixed).
fn side_options(opts: &RenderOptions, scene: &Scene) -> Result<RenderOptions> {
    let mut side = opts.clone();
    if let Some(title) = scene.caption() {
        side.font.check_text(title, "the caption")?;
    }
    side.fit_caption(scene.cols(), scene.caption())?;
    if let Some(lines) = scene.kept_caption_lines() {
        side.caption_lines = lines;
    }
    Ok(side)
}

impl PairRenderer {
    /// The renderer of `left` and `right` side by side: the band's renderer (the pair's own
    /// caption, under both), holding the two boards' renderers. The two boards must be drawn in
    /// the same colours (one palette serves the picture).
    pub(super) fn renderer(
        left: &Scene,
        right: &Scene,
        opts: RenderOptions,
    ) -> Result<BoardRenderer> {
        let l = BoardRenderer::for_scene(left, side_options(&opts, left)?)?;
        let r = BoardRenderer::for_scene(right, side_options(&opts, right)?)?;
        let band = if opts.caption && opts.margin > 0 {
            let px = caption_px(&opts.font, opts.margin, opts.text_px);
            let lines = opts.caption_lines.max(1);
            band_height(opts.margin, lines, px, opts.text_px.is_some())
        } else {
            0
        };
        let layout = Layout::side_by_side(l.layout(), r.layout(), gap(&opts), band)?;
        let dx = l.layout().width() + gap(&opts);
        let own = SceneColours::of(left)?;
        let mut renderer =
            BoardRenderer::with_colours_in(layout, opts, &own, &left.item_colours(), None)?;
        let same = |a: &BoardRenderer| a.palette().colors() == renderer.palette().colors();
        if !same(&l) || !same(&r) {
            return Err(Error::invalid(
                InvalidKind::Theme,
                "the two boards side by side need the same colours (one palette serves both)",
            ));
        }
        renderer.pair = Some(Box::new(PairRenderer {
            left: l,
            right: r,
            dx,
            canvases: None,
        }));
        Ok(renderer)
    }

    /// Text left out on either board or in the band.
    pub(super) fn omitted(&self) -> Omitted {
        let (a, b) = (self.left.omitted(), self.right.omitted());
        Omitted {
            numbers: a.numbers || b.numbers,
            labels: a.labels || b.labels,
            caption: a.caption || b.caption,
            numbers_from_cell: a.numbers_from_cell.max(b.numbers_from_cell),
        }
    }

    #[cfg(test)]
    /// The work of both boards and of the band (`band`).
    pub(super) fn paint_stats(&self, band: PaintStats) -> PaintStats {
        let (a, b) = (self.left.paint_stats(), self.right.paint_stats());
        PaintStats {
            items: a.items + b.items + band.items,
            pixels: a.pixels + b.pixels + band.pixels,
        }
    }
}

/// The boards of a pair scene, or why a renderer of a pair was given another scene.
fn boards(scene: &Scene) -> Result<(&Scene, &Scene)> {
    scene.pair().ok_or_else(not_a_pair)
}

fn not_a_pair() -> Error {
    Error::invalid(
        InvalidKind::Image,
        "a scene of one board given to the renderer of two boards side by side",
    )
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

/// `item` moved `dx` pixels to the right, its symbol ids moved up by `base`.
fn moved(item: &RecordedItem, dx: u32, base: u32) -> RecordedItem {
    let shift = |r: Rect| Rect::new(r.x + dx, r.y, r.width, r.height);
    let shape: RecordedShape = match &item.shape {
        ShapeOf::Rect(r) => ShapeOf::Rect(shift(*r)),
        ShapeOf::Symbol { id, dx: x, dy } => ShapeOf::Symbol {
            id: SymbolId(id.0 + base),
            dx: x + dx as i32,
            dy: *dy,
        },
        ShapeOf::Polyline { points, width } => ShapeOf::Polyline {
            points: points.iter().map(|&[x, y]| [x + dx as f32, y]).collect(),
            width: *width,
        },
    };
    RecordedItem {
        layer: item.layer,
        shape,
        ink: item.ink,
        alpha: item.alpha,
        clip: shift(item.clip),
    }
}

impl BoardRenderer {
    fn pair_parts(&mut self) -> Result<&mut PairRenderer> {
        self.pair.as_deref_mut().ok_or_else(not_a_pair)
    }

    /// The band under both boards, drawn on `canvas`; `None` without a band.
    fn pair_band(&mut self, scene: &Scene, canvas: &mut Canvas) -> Option<Rect> {
        let band = self.items.layout().caption_rect();
        if band.is_empty() {
            return None;
        }
        Some(self.items.caption_band(scene, &mut self.raster.on(canvas)))
    }

    /// Both boards and the band on a new canvas, each board's picture returned too.
    fn pair_pictures(&mut self, scene: &Scene) -> Result<(Canvas, Canvas, Canvas)> {
        let (left, right) = boards(scene)?;
        let parts = self.pair_parts()?;
        let l = parts.left.render_once(left)?;
        let r = parts.right.render_once(right)?;
        let dx = parts.dx;
        let layout = *self.items.layout();
        let background = self.items.colors().background;
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
        self.pair_parts()?.canvases = Some((l, r));
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
        if self.pair_parts()?.canvases.is_none() {
            // No picture to update yet: the whole picture is new.
            *canvas = self.render_pair(scene)?;
            regions.push(canvas.bounds());
            return Ok(());
        }
        if scene.margin_changed() {
            regions.extend(self.pair_band(scene, canvas));
        }
        let (left, right) = scene.pair_mut().ok_or_else(not_a_pair)?;
        let parts = self.pair_parts()?;
        let dx = parts.dx;
        let (l, r) = parts.canvases.as_mut().ok_or_else(not_a_pair)?;
        let mut changed = Vec::new();
        parts.left.update_regions(left, l, &mut changed)?;
        for &rect in &changed {
            copy_at(canvas, l, rect, 0);
            regions.push(rect);
        }
        parts.right.update_regions(right, r, &mut changed)?;
        for &rect in &changed {
            copy_at(canvas, r, rect, dx);
            regions.push(Rect::new(rect.x + dx, rect.y, rect.width, rect.height));
        }
        scene.clear_changes();
        Ok(())
    }

    pub(super) fn pair_display_list(&mut self, scene: &Scene) -> Result<DisplayList> {
        let (left, right) = boards(scene)?;
        let layout = *self.items.layout();
        let background = self.items.colors().background;
        let parts = self.pair_parts()?;
        let dx = parts.dx;
        let l = parts.left.display_list(left)?;
        let r = parts.right.display_list(right)?;
        let mut list = DisplayList::new(layout.width(), layout.height());
        let bounds = layout.bounds();
        list.items.push(RecordedItem {
            layer: Layer::Frame,
            shape: ShapeOf::Rect(bounds),
            ink: background,
            alpha: 255,
            clip: bounds,
        });
        list.symbols = l.symbols.clone();
        list.items.extend(l.items);
        let base = list.symbols.append(&r.symbols);
        list.items
            .extend(r.items.iter().map(|item| moved(item, dx, base)));
        if !layout.caption_rect().is_empty() {
            let mut band = Recorder {
                list: DisplayList::new(layout.width(), layout.height()),
            };
            self.items.caption_band(scene, &mut band);
            let base = list.symbols.append(self.items.symbols());
            list.items
                .extend(band.list.items.iter().map(|item| moved(item, 0, base)));
        }
        Ok(list)
    }
}
