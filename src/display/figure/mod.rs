//! The figure of a scene, above its painters: its layout, its palette and the inks of its parts,
//! and the display items that draw it ([`ItemBuilder`]). The raster painter paints those items
//! onto a canvas (`raster::board`); the vector writers read them as a [`DisplayList`]. Both get
//! the same figure from here, so PNG, GIF, SVG, PDF, TikZ and the player agree.
//!
//! A figure is made once for a sequence of scenes of one size and style: its palette is fixed
//! before the first picture, and its symbols (text, pieces, marks) are made once and reused.

mod added_inks;
mod arrange;
mod inks;
mod options;
mod pair;
mod scene_colours;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::display::items::{path_numbers, ItemBuilder, Omitted};
use crate::display::layout::{Layout, CELL_RANGE};
use crate::display::list::{DisplayList, Recorder};
use crate::display::palette::{Palette, Rgb};
use crate::display::panel::PanelAt;
use crate::display::text_size::{number_px, NumberRoom};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::scene::{Fill, Panel, Scene};

pub use options::RenderOptions;
use pair::PairFigure;
pub(crate) use pair::{boards, not_a_pair};
use scene_colours::SceneColours;

/// The figure of scenes of one size and style: where everything goes, in which colours, and the
/// items that draw a scene.
pub struct Figure {
    items: ItemBuilder,
    /// Shared with the painters that paint this figure: fixed before the first picture.
    palette: Arc<Palette>,
    /// The figures of the two boards of a pair ([`Scene::side_by_side`]); this one then holds the
    /// caption band under both.
    pair: Option<Box<PairFigure>>,
}

impl Figure {
    /// The figure of `rows` x `cols` scenes. Fails (before any image is allocated) when the layout
    /// is too large or the palette cannot hold the colours.
    pub fn new(rows: u32, cols: u32, opts: RenderOptions) -> Result<Figure> {
        Self::with_colours(rows, cols, opts, &SceneColours::default(), &[], None)
    }

    /// The figure of scenes like `scene`: its size, and room in the palette for the colours of its
    /// own (fills of a board of your own, two-tone chess pieces, and the colours its marks and
    /// arrows have, [`Scene::item_colours`], with their anti-aliasing ramps). Later scenes may use
    /// only those.
    pub fn for_scene(scene: &Scene, opts: RenderOptions) -> Result<Figure> {
        if let Some((left, right)) = scene.pair() {
            return pair::pair_figure(left, right, opts);
        }
        let own = SceneColours::of(scene)?;
        Self::with_colours(
            scene.rows(),
            scene.cols(),
            opts,
            &own,
            &scene.item_colours(),
            scene.panel(),
        )
    }

    /// The layout a `rows` x `cols` figure drawn with `opts` has (see [`Figure::new`]), without
    /// its palette or items: for sizing a figure (fitting it in a box) before drawing it.
    pub(crate) fn layout_of(rows: u32, cols: u32, opts: &RenderOptions) -> Result<Layout> {
        arrange::arrange(rows, cols, opts, None).map(|(layout, _)| layout)
    }

    /// The layout the figure of `scene` has (see [`Figure::for_scene`]: its panel, a pair's two
    /// boards), without its palette or items.
    pub(crate) fn layout_for_scene(scene: &Scene, opts: &RenderOptions) -> Result<Layout> {
        if let Some((left, right)) = scene.pair() {
            return pair::pair_layout(left, right, opts).map(|pair| pair.layout);
        }
        arrange::arrange(scene.rows(), scene.cols(), opts, scene.panel()).map(|(layout, _)| layout)
    }

    fn with_colours(
        rows: u32,
        cols: u32,
        opts: RenderOptions,
        own: &SceneColours,
        item_colours: &[Rgb],
        panel: Option<&Panel>,
    ) -> Result<Figure> {
        let (layout, panel_at) = arrange::arrange(rows, cols, &opts, panel)?;
        Self::with_colours_in(layout, opts, own, item_colours, panel_at)
    }

    /// The figure of `layout`, its palette made for `opts` and the colours `own` and
    /// `item_colours` (see [`Figure::for_scene`]).
    fn with_colours_in(
        layout: Layout,
        opts: RenderOptions,
        own: &SceneColours,
        item_colours: &[Rgb],
        panel_at: Option<(PanelAt, bool)>,
    ) -> Result<Figure> {
        let inks = inks::figure_inks(&opts, own, item_colours, panel_at.is_some())?;
        let mut items =
            ItemBuilder::new(layout, inks.colors, opts.font, opts.max_label, opts.text_px);
        if let (Some((at, _)), Some(panel)) = (panel_at, inks.panel) {
            items.set_panel(at, panel);
        }
        Ok(Figure {
            items,
            palette: Arc::new(inks.palette),
            pair: None,
        })
    }

    /// The pixel geometry.
    pub fn layout(&self) -> &Layout {
        self.items.layout()
    }

    /// The palette every picture of this figure uses.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The palette, for a painter to hold while it paints this figure.
    pub(crate) fn shared_palette(&self) -> Arc<Palette> {
        Arc::clone(&self.palette)
    }

    /// The palette index of the figure's background (what a new canvas is filled with).
    pub(crate) fn background(&self) -> u8 {
        self.items.colors().background
    }

    /// What lays the figure out and emits its items, for a painter that paints them in part (a
    /// repainted cell, the caption band, the layer under the large markers).
    pub(crate) fn items(&self) -> &ItemBuilder {
        &self.items
    }

    /// See [`Figure::items`].
    pub(crate) fn items_mut(&mut self) -> &mut ItemBuilder {
        &mut self.items
    }

    /// The figures of a pair's two boards and where the right one starts (`None` for one board).
    pub(crate) fn sides_mut(&mut self) -> Option<(&mut Figure, &mut Figure, u32)> {
        let pair = self.pair.as_deref_mut()?;
        Some((&mut pair.left, &mut pair.right, pair.dx))
    }

    /// Text that the figures drawn so far left out because it could not be legible at this cell size
    /// (numbers, labels or the caption under about 7 pixels).
    pub fn omitted(&self) -> Omitted {
        if let Some(pair) = &self.pair {
            return pair.omitted();
        }
        let mut omitted = self.items.omitted();
        if omitted.numbers {
            let on_path = self.items.numbers_on_path();
            omitted.numbers_from_cell = self.min_cell_for_numbers(on_path);
        }
        omitted
    }

    /// The smallest cell size (px) at which the numbers of this figure's boards are legible, for
    /// numbers on a path (`on_path`, in nodes) or straight on their fills; `None` when no size is.
    pub fn min_cell_for_numbers(&self, on_path: bool) -> Option<u32> {
        let max_cell = *CELL_RANGE.end();
        let font = self.items.font();
        let max_label = self.items.max_label();
        (1..=max_cell).find(|&cell| {
            if on_path {
                path_numbers(font, cell, max_label).is_some()
            } else {
                number_px(font, cell, max_label, NumberRoom::Plain).is_some()
            }
        })
    }

    /// The whole scene as a display list (the figure a raster painter paints), for the vector
    /// backends. The scene's change marks are left alone.
    pub fn display_list(&mut self, scene: &Scene) -> Result<DisplayList> {
        if self.pair.is_some() {
            return self.pair_display_list(scene);
        }
        self.check_scene(scene)?;
        let mut list = self.record(scene);
        list.symbols = self.items.symbols().clone();
        Ok(list)
    }

    /// Hands `f` the whole scene as [`Figure::display_list`] lays it out, without copying the
    /// symbols made so far (a sequence of thousands of pictures would copy a growing table each
    /// time), and whether symbol ids mean the same symbols from one call to the next (not for a
    /// pair of boards, whose list is put together afresh). `f` may change the items; the symbols
    /// go back to the figure afterwards.
    pub(crate) fn with_display_list<R>(
        &mut self,
        scene: &Scene,
        f: impl FnOnce(&mut DisplayList, bool) -> R,
    ) -> Result<R> {
        if self.pair.is_some() {
            let mut list = self.pair_display_list(scene)?;
            return Ok(f(&mut list, false));
        }
        self.check_scene(scene)?;
        let mut list = self.record(scene);
        list.symbols = self.items.take_symbols();
        let r = f(&mut list, true);
        self.items.restore_symbols(list.symbols);
        Ok(r)
    }

    /// The items of the whole scene, without the symbols they use.
    fn record(&mut self, scene: &Scene) -> DisplayList {
        let layout = self.items.layout();
        let mut recorder = Recorder {
            list: DisplayList::new(layout.width(), layout.height()),
        };
        self.items.full(scene, &mut recorder);
        recorder.list
    }

    /// Refuses a scene this figure was not made for: another size, or a fill colour its palette
    /// does not hold.
    pub(crate) fn check_scene(&self, scene: &Scene) -> Result<()> {
        self.check_size(scene)?;
        // A full picture costs the whole board anyway; an update checks the cells it repaints.
        for r in 0..scene.rows() {
            for c in 0..scene.cols() {
                self.check_fill(scene, Square::new(r, c))?;
            }
        }
        Ok(())
    }

    /// Refuses a fill colour the palette was not made with (a scene of its own colours given to a
    /// figure made for another).
    pub(crate) fn check_fill(&self, scene: &Scene, sq: Square) -> Result<()> {
        match scene.cell(sq).fill {
            Fill::Colour(rgb) if !self.items.colors().fills.contains_key(&rgb) => {
                Err(Error::invalid(
                    InvalidKind::Theme,
                    format!(
                        "the fill colour #{:02x}{:02x}{:02x} was not in the first scene this renderer was made for",
                        rgb[0], rgb[1], rgb[2]
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    /// Refuses a scene of another size than the figure's.
    pub(crate) fn check_size(&self, scene: &Scene) -> Result<()> {
        let layout = self.items.layout();
        if scene.rows() != layout.rows() || scene.cols() != layout.cols() {
            return Err(Error::invalid(
                InvalidKind::Image,
                format!(
                    "scene of {} x {} given to a renderer of {} x {}",
                    scene.rows(),
                    scene.cols(),
                    layout.rows(),
                    layout.cols()
                ),
            ));
        }
        Ok(())
    }
}
