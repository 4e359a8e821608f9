//! Two boards side by side ([`Scene::side_by_side`]): each board the figure it is alone, the two
//! placed next to each other above one caption band.
//!
//! The vector backends get the two display lists, the right one moved by whole pixels, and the
//! band's items after them: one list, one drawing for every backend. The raster painter paints
//! each board's figure on a canvas of its own and copies it into the pair's (`raster::board`),
//! so each half of a pair's picture is, pixel for pixel, the board's picture alone.

use super::options::RenderOptions;
use super::Figure;
use crate::display::caption::{band_height, caption_px};
use crate::display::items::Omitted;
use crate::display::layout::{pair_gap, Layout};
use crate::display::list::{
    DisplayList, Layer, RecordedItem, RecordedShape, Recorder, ShapeOf, SymbolId,
};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::scene::Scene;

use super::scene_colours::SceneColours;

/// The figures of a pair's two boards, and where the right one goes.
pub(super) struct PairFigure {
    pub(super) left: Figure,
    pub(super) right: Figure,
    /// The left edge of the right figure.
    pub(super) dx: u32,
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

/// Where a pair's parts go: the whole picture, each board's options, and the left edge of the
/// right board.
pub(super) struct PairLayout {
    pub(super) layout: Layout,
    left: RenderOptions,
    right: RenderOptions,
    dx: u32,
}

/// The layout of `left` and `right` side by side with `opts`: each board laid out as it is alone,
/// the pair's own caption band under both.
pub(super) fn pair_layout(left: &Scene, right: &Scene, opts: &RenderOptions) -> Result<PairLayout> {
    let (l_opts, r_opts) = (side_options(opts, left)?, side_options(opts, right)?);
    let l = Figure::layout_for_scene(left, &l_opts)?;
    let r = Figure::layout_for_scene(right, &r_opts)?;
    let band = if opts.caption && opts.margin > 0 {
        let px = caption_px(&opts.font, opts.margin, opts.text_px);
        let lines = opts.caption_lines.max(1);
        band_height(opts.margin, lines, px, opts.text_px.is_some())
    } else {
        0
    };
    Ok(PairLayout {
        layout: Layout::side_by_side(&l, &r, gap(opts), band)?,
        left: l_opts,
        right: r_opts,
        dx: l.width() + gap(opts),
    })
}

/// The figure of `left` and `right` side by side: the band's figure (the pair's own caption,
/// under both), holding the two boards' figures. The two boards must be drawn in the same colours
/// (one palette serves the picture).
pub(super) fn pair_figure(left: &Scene, right: &Scene, opts: RenderOptions) -> Result<Figure> {
    let pair = pair_layout(left, right, &opts)?;
    let l = Figure::for_scene(left, pair.left)?;
    let r = Figure::for_scene(right, pair.right)?;
    let own = SceneColours::of(left)?;
    let mut figure = Figure::with_colours_in(pair.layout, opts, &own, &left.item_colours(), None)?;
    let same = |a: &Figure| a.palette().colors() == figure.palette().colors();
    if !same(&l) || !same(&r) {
        return Err(Error::invalid(
            InvalidKind::Theme,
            "the two boards side by side need the same colours (one palette serves both)",
        ));
    }
    figure.pair = Some(Box::new(PairFigure {
        left: l,
        right: r,
        dx: pair.dx,
    }));
    Ok(figure)
}

impl PairFigure {
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
}

/// The boards of a pair scene, or why the figure of a pair was given another scene.
pub(crate) fn boards(scene: &Scene) -> Result<(&Scene, &Scene)> {
    scene.pair().ok_or_else(not_a_pair)
}

/// Why a figure of two boards was given a scene of one.
pub(crate) fn not_a_pair() -> Error {
    Error::invalid(
        InvalidKind::Image,
        "a scene of one board given to the renderer of two boards side by side",
    )
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

impl Figure {
    /// The pair's picture as one list: the background, the left board's items, the right board's
    /// moved to its place, and the band's.
    pub(super) fn pair_display_list(&mut self, scene: &Scene) -> Result<DisplayList> {
        let (left, right) = boards(scene)?;
        let layout = *self.items.layout();
        let background = self.items.colors().background;
        let pair = self.pair.as_deref_mut().ok_or_else(not_a_pair)?;
        let dx = pair.dx;
        let l = pair.left.display_list(left)?;
        let r = pair.right.display_list(right)?;
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
