//! Draws a [`Scene`]: its palette, its display list ([`ItemBuilder`]) and the raster backend that
//! paints the list onto a [`Canvas`].
//!
//! [`BoardRenderer::update`] repaints only the cells a scene marks as changed, emitting every layer in
//! the same order as a full render, so an animation's last frame equals the still of the same state
//! pixel for pixel. [`BoardRenderer::display_list`] gives the same figure to the vector backends.

use std::collections::HashMap;

use crate::display::caption::{band_height, caption_grows, caption_px, fit};
use crate::display::counter::counter_band;
use crate::display::glyph::Font;
use crate::display::items::PanelInks;
use crate::display::items::{path_numbers, Colors, ItemBuilder, Omitted, OverlayInks};
use crate::display::layout::{default_margin, Layout, CELL_RANGE};
use crate::display::list::{DisplayList, Recorder};
use crate::display::look::{PathColour, Squares};
use crate::display::palette::{mix, Palette, PaletteBuilder, Rgb, RAMP_LEVELS};
use crate::display::panel::{place, PanelAt};
use crate::display::step_colours::step_gradient;
use crate::display::text_size::{number_px, NumberRoom};
use crate::display::theme::luminance;
use crate::display::theme::Theme;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::{Rect, Square};
use crate::raster::canvas::Canvas;
#[cfg(test)]
use crate::raster::paint::PaintStats;
use crate::raster::paint::RasterBackend;
use crate::raster::scene_colours::{chess_tones, register, SceneColours};
use crate::scene::{Fill, Panel, Scene};

/// What a figure needs from the renderer beyond the scene itself.
#[derive(Clone)]
pub struct RenderOptions {
    /// Cell side in pixels.
    pub cell: u32,
    /// Margin in pixels (0 = the bare board).
    pub margin: u32,
    /// Colours.
    pub theme: Theme,
    /// Font for numbers, labels, captions and glyph pieces.
    pub font: Font,
    /// Reserve a caption band below the board (only drawn with a margin).
    pub caption: bool,
    /// Lines the caption band holds (a long caption wraps; see [`RenderOptions::fit_caption`]).
    pub caption_lines: usize,
    /// The size of captions and coordinate labels as an `ab_glyph` pixel scale; `None` sizes them
    /// by the margin and the cell.
    pub text_px: Option<f32>,
    /// Number of tile colours the scene uses.
    pub tile_colors: usize,
    /// The widest number a cell will show (sets one font size for all numbers).
    pub max_label: u32,
    /// How chessboard squares are drawn.
    pub squares: Squares,
    /// How the path is coloured.
    pub path_colour: PathColour,
    /// Margin text (labels, captions) gets a halo of the other lightness: for a figure whose
    /// margin will be transparent, so that it reads on a dark slide and a light one.
    pub text_halo: bool,
    /// Cell height in pixels, where cells are not square (`None`: as wide as high).
    pub cell_height: Option<u32>,
    /// The caption drawn as a counter in a box of the theme's mark colour (the Turbo C screen's).
    pub caption_box: bool,
}

impl RenderOptions {
    /// Makes the caption band hold `caption` on a `rows` x `cols` board: as many lines as it needs
    /// at the caption's size within the figure's width. A word too wide for the figure is refused
    /// ([`Error::CaptionTooWide`]).
    pub fn fit_caption(&mut self, cols: u32, caption: Option<&str>) -> Result<()> {
        self.caption_lines = 1;
        let Some(text) = caption.filter(|_| self.caption && self.margin > 0) else {
            return Ok(());
        };
        let width = u64::from(cols) * u64::from(self.cell) + 2 * u64::from(self.margin);
        let width = u32::try_from(width).unwrap_or(u32::MAX);
        let px = caption_px(&self.font, self.margin, self.text_px);
        self.caption_lines = fit(&self.font, text, px, width)?.lines.len();
        Ok(())
    }
}

/// How much of the grid colour the plain board's lines take over the light tone: a thin line
/// that separates the squares without making a pattern of its own.
const PLAIN_GRID_COVERAGE: u8 = 90;

/// The inks of the step gradient (none unless the path is coloured by step), each with its
/// anti-aliasing ramps over the squares it crosses while the palette has room.
fn step_inks(
    b: &mut PaletteBuilder,
    t: &Theme,
    colour: PathColour,
    plain: bool,
    [light, dark, node]: [u8; 3],
) -> Vec<u8> {
    if colour != PathColour::Step {
        return Vec::new();
    }
    let inks: Vec<u8> = step_gradient(t).into_iter().map(|c| b.color(c)).collect();
    let grounds: &[u8] = if plain {
        &[light, node]
    } else {
        &[light, dark, node]
    };
    for &bg in grounds {
        for &ink in &inks {
            if b.len() + RAMP_LEVELS > Palette::MAX_COLORS {
                return inks;
            }
            b.ramp(bg, ink);
        }
    }
    inks
}

mod pair;
mod under;

/// Renders scenes of one size and style.
pub struct BoardRenderer {
    items: ItemBuilder,
    raster: RasterBackend,
    /// The board of the last frame without its large markers, kept once an animation of a layout
    /// that draws them is updated ([`under`]).
    under: Option<Canvas>,
    /// The renderers of the two boards of a pair ([`Scene::side_by_side`]); this one then draws
    /// the caption band under both.
    pair: Option<Box<pair::PairRenderer>>,
}

impl BoardRenderer {
    /// A renderer for `rows` x `cols` scenes. Fails (before allocating any image) when the layout is
    /// too large or the palette cannot hold the colours.
    pub fn new(rows: u32, cols: u32, opts: RenderOptions) -> Result<BoardRenderer> {
        Self::with_colours(rows, cols, opts, &SceneColours::default(), &[], None)
    }

    /// A renderer for scenes like `scene`: its size, and room in the palette for the colours of its
    /// own (fills of a board of your own, two-tone chess pieces, and the colours its marks and
    /// arrows have, [`Scene::item_colours`], with their anti-aliasing ramps). Later scenes may use
    /// only those.
    pub fn for_scene(scene: &Scene, opts: RenderOptions) -> Result<BoardRenderer> {
        if let Some((left, right)) = scene.pair() {
            return pair::PairRenderer::renderer(left, right, opts);
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

    fn with_colours(
        rows: u32,
        cols: u32,
        opts: RenderOptions,
        own: &SceneColours,
        item_colours: &[Rgb],
        panel: Option<&Panel>,
    ) -> Result<BoardRenderer> {
        let layout = Layout::new(rows, cols, opts.cell, opts.margin, opts.caption)?;
        let caption_px = caption_px(&opts.font, opts.margin, opts.text_px);
        let asked = caption_grows(&opts.font, opts.margin, opts.text_px);
        let band = band_height(opts.margin, opts.caption_lines.max(1), caption_px, asked);
        let layout = layout.with_cell_height(opts.cell_height)?;
        let band = if opts.caption_box {
            band.max(counter_band(&layout))
        } else {
            band
        };
        let layout = layout.with_caption_band(band)?;
        // The counter is the Turbo C screen's: the board on the program's 640 x 480 screen, with
        // or without a caption. A sheet's boards (bare, at margin 0) stay boards.
        let layout = if opts.caption_box && opts.margin > 0 {
            layout.on_screen(crate::display::turbo_screen::screen_margins(&layout))?
        } else {
            layout
        };
        // The panel's text is the caption's size, as by the default margin where there is none.
        let panel_at = panel.map(|p| {
            let m = opts.margin.max(default_margin(opts.cell));
            let px = crate::display::caption::caption_px(&opts.font, m, opts.text_px);
            let board = (layout.width(), layout.height());
            let font = crate::display::panel::panel_font(&opts.font, p);
            (place(&font, p, px, board, p.below), p.below)
        });
        let layout = match &panel_at {
            Some((at, below)) => layout.with_panel(at.width, at.height, *below)?,
            None => layout,
        };
        Self::with_colours_in(layout, opts, own, item_colours, panel_at)
    }

    /// A renderer of `layout`'s figure, its palette made for `opts` and the colours `own` and
    /// `item_colours` (see [`BoardRenderer::for_scene`]).
    fn with_colours_in(
        layout: Layout,
        opts: RenderOptions,
        own: &SceneColours,
        item_colours: &[Rgb],
        panel_at: Option<(PanelAt, bool)>,
    ) -> Result<BoardRenderer> {
        let t = &opts.theme;
        let mut b = PaletteBuilder::new();
        let background = b.color(t.background);
        let frame = b.color(t.grid);
        let ink_margin = b.color(t.ink_on(t.background));
        let light = b.color(t.light);
        let dark = b.color(t.dark);
        let blank_rgb = t.blank();
        let blank = b.color(blank_rgb);
        let special = b.color(t.special);
        let special_mark = b.color(t.special_mark);
        let tile_rgbs = t.tile_fills(opts.tile_colors);
        let tiles: Vec<u8> = tile_rgbs.iter().map(|&c| b.color(c)).collect();
        // Attacked squares now keep their colour and get a dot (see the item builder); the two
        // shaded colours stay in the palette only so that its order, and with it the anti-aliasing
        // of every figure, is unchanged. Dropping them is a re-bless of every golden.
        let (shaded_light_rgb, shaded_dark_rgb) = (t.attacked(t.light), t.attacked(t.dark));
        let shaded_light = b.color(shaded_light_rgb);
        let shaded_dark = b.color(shaded_dark_rgb);
        let outline = b.color(t.outline);
        let split = b.color(t.split);
        let path = b.color(t.path);
        let node = b.color(t.light);
        let start = b.color(t.start);
        let end = b.color(t.end);
        let piece = b.color(t.piece);
        let piece_edge = b.color(t.piece_edge);
        let fill_rgbs = [
            (light, t.light),
            (dark, t.dark),
            (blank, blank_rgb),
            (special, t.special),
            (shaded_light, shaded_light_rgb),
            (shaded_dark, shaded_dark_rgb),
            (node, t.light),
        ]
        .into_iter()
        .chain(tiles.iter().copied().zip(tile_rgbs.iter().copied()))
        .collect::<Vec<_>>();
        let fills: Vec<u8> = fill_rgbs.iter().map(|&(i, _)| i).collect();
        let mut ink_on = HashMap::new();
        for &(f, rgb) in &fill_rgbs {
            let ink = b.color(t.ink_on(rgb));
            ink_on.insert(f, ink);
        }
        // Ramps in order of how much they matter; the palette falls back to the nearest colour for
        // pairs that get none.
        b.ramp(background, ink_margin);
        b.ramp(special, special_mark);
        for &bg in &[light, dark, shaded_light, shaded_dark] {
            b.ramp(bg, piece);
        }
        b.ramp(piece, piece_edge);
        for &bg in &[light, dark, node] {
            b.ramp(bg, path);
        }
        for &fg in &[start, end, path] {
            b.ramp(node, fg);
        }
        b.ramp(path, node);
        for &f in &fills {
            if b.len() + 8 > Palette::MAX_COLORS {
                break;
            }
            b.ramp(f, ink_on[&f]);
        }
        let squares = [light, dark, shaded_light, shaded_dark];
        let overlay = overlay_inks(&mut b, t, squares, end);
        let items = item_inks(&mut b, item_colours, squares, overlay);
        // The shaded focus of a tromino step: taken last and only for tilings, so the other
        // problems' palettes (and every ramp) are what they were without it. Numbers never stand on
        // a blank cell, so it needs no ramp.
        let focus = if opts.tile_colors > 0 {
            b.color(t.focus())
        } else {
            blank
        };
        let (tone_light, tone_dark) = chess_tones(t);
        let chess = if own.chess {
            (b.color(tone_light), b.color(tone_dark))
        } else {
            (piece_edge, piece)
        };
        let squares = [light, dark, shaded_light, shaded_dark];
        let own_inks = register(&mut b, t, own, &squares, chess, overlay.mark);
        ink_on.extend(own_inks.ink_on.iter().copied());
        // Taken last, and only when asked for, so that every other figure's palette is unchanged.
        let plain = opts.squares != Squares::Checkered;
        let ruled = opts.squares == Squares::Ruled;
        let coverage = if ruled { 255 } else { PLAIN_GRID_COVERAGE };
        let plain_grid = plain.then(|| b.color(mix(t.light, t.grid, coverage)));
        // The counter's box in the mark colour, its number in the ink that reads on it; taken only
        // when asked for, so every other figure's palette is unchanged.
        let counter = opts.caption_box.then(|| {
            let fill = b.color(t.mark);
            let ink = b.color(t.ink_on(t.mark));
            b.ramp(fill, ink);
            (fill, ink)
        });
        let steps = step_inks(&mut b, t, opts.path_colour, plain, [light, dark, node]);
        // Taken last, and only for a margin that will be transparent.
        let margin_halo = opts.text_halo.then(|| {
            let ink = t.ink_on(t.background);
            let mut halo = if luminance(ink) < 0.5 {
                [255, 255, 255]
            } else {
                [16, 16, 16]
            };
            // A colour of its own, never the margin's (print's margin is white): the margin's
            // index becomes transparent, and the halo must not.
            if halo == t.background {
                halo[2] ^= 1;
            }
            let halo = b.color(halo);
            b.ramp(halo, ink_margin);
            b.ramp(background, halo);
            halo
        });
        let panel_inks = panel_at
            .as_ref()
            .map(|_| panel_inks(&mut b, t, background, ink_margin, frame));
        let palette = b.build()?;
        let colors = Colors {
            background,
            frame,
            ink_margin,
            light,
            dark,
            blank,
            focus,
            special,
            special_mark,
            tiles,
            outline,
            split,
            path,
            node,
            start,
            end,
            piece,
            piece_edge,
            ink_on,
            overlay,
            fills: own_inks.fills,
            chess_light: chess.0,
            chess_dark: chess.1,
            items,
            plain,
            plain_grid,
            ruled,
            counter,
            steps,
            margin_halo,
        };
        let mut items = ItemBuilder::new(layout, colors, opts.font, opts.max_label, opts.text_px);
        if let (Some((at, _)), Some(inks)) = (panel_at, panel_inks) {
            items.set_panel(at, inks);
        }
        Ok(BoardRenderer {
            items,
            raster: RasterBackend::new(palette),
            under: None,
            pair: None,
        })
    }

    /// The pixel geometry.
    pub fn layout(&self) -> &Layout {
        self.items.layout()
    }

    /// The palette every frame uses.
    pub fn palette(&self) -> &Palette {
        self.raster.palette()
    }

    #[cfg(test)]
    /// What this renderer painted since it was made (renders and updates alike): the difference
    /// across an update is the work of that frame, which tests bound by the pixels it changed.
    pub fn paint_stats(&self) -> PaintStats {
        if let Some(pair) = &self.pair {
            return pair.paint_stats(self.raster.stats());
        }
        self.raster.stats()
    }

    /// Draws the whole scene on a new canvas and clears the scene's change marks.
    pub fn render(&mut self, scene: &mut Scene) -> Result<Canvas> {
        if self.pair.is_some() {
            return self.render_pair(scene);
        }
        // A first frame: the layer under the large markers is made again at the next update.
        self.under = None;
        let canvas = self.render_once(scene)?;
        scene.clear_changes();
        Ok(canvas)
    }

    /// Renders `scene` in full without marking its changes as drawn: for a picture drawn once,
    /// which no later frame updates.
    pub fn render_once(&mut self, scene: &Scene) -> Result<Canvas> {
        if self.pair.is_some() {
            return self.render_pair_once(scene);
        }
        self.check_scene(scene)?;
        let layout = self.items.layout();
        let mut canvas = Canvas::new(
            layout.width(),
            layout.height(),
            self.items.colors().background,
        )?;
        self.items.full(scene, &mut self.raster.on(&mut canvas));
        Ok(canvas)
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

    /// The smallest cell size (px) at which the numbers of this renderer's boards are legible, for
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

    /// How many symbol masks the raster keeps.
    #[cfg(test)]
    pub(crate) fn masks_kept(&self) -> usize {
        self.raster.masks_kept()
    }

    /// What lays the figure out and emits its items.
    #[cfg(test)]
    pub(crate) fn items(&self) -> &ItemBuilder {
        &self.items
    }

    /// The whole scene as a display list (the figure [`BoardRenderer::render`] paints), for the vector
    /// backends. The scene's change marks are left alone.
    pub fn display_list(&mut self, scene: &Scene) -> Result<DisplayList> {
        if self.pair.is_some() {
            return self.pair_display_list(scene);
        }
        self.check_scene(scene)?;
        let layout = self.items.layout();
        let mut recorder = Recorder {
            list: DisplayList::new(layout.width(), layout.height()),
        };
        self.items.full(scene, &mut recorder);
        let mut list = recorder.list;
        list.symbols = self.items.symbols().clone();
        Ok(list)
    }

    /// Hands `f` the whole scene as [`BoardRenderer::display_list`] lays it out, without copying
    /// the symbols made so far (a sequence of thousands of pictures would copy a growing table
    /// each time), and whether symbol ids mean the same symbols from one call to the next (not
    /// for a pair of boards, whose list is put together afresh). `f` may change the items; the
    /// symbols go back to the renderer afterwards.
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
        let layout = self.items.layout();
        let mut recorder = Recorder {
            list: DisplayList::new(layout.width(), layout.height()),
        };
        self.items.full(scene, &mut recorder);
        let mut list = recorder.list;
        list.symbols = self.items.take_symbols();
        let r = f(&mut list, true);
        self.items.restore_symbols(list.symbols);
        Ok(r)
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
        regions.clear();
        if self.pair.is_some() {
            return self.update_pair(scene, canvas, regions);
        }
        self.check_size(scene)?;
        for sq in scene.changed_cells() {
            self.check_fill(scene, sq)?;
        }
        if scene.margin_changed() && self.items.layout().margin() > 0 {
            let mut painter = self.raster.on(canvas);
            regions.push(self.items.caption_band(scene, &mut painter));
        }
        if scene.panel_changed() {
            let mut painter = self.raster.on(canvas);
            self.items.panel_band(scene, &mut painter, regions);
        }
        if scene.has_cell_changes() {
            let cells = scene.changed_cells();
            if self.items.has_big_marks() {
                // Large markers reach beyond their cells: drawn over a layer kept under them.
                self.update_over(scene, canvas, &cells, regions)?;
            } else {
                let mut painter = self.raster.on(canvas);
                for sq in cells {
                    // A cell repainted in part is still one rectangle that may differ: an encoder
                    // writing a frame's strips as blocks of their own would show it vanish side
                    // by side.
                    regions.push(self.items.cell(scene, &mut painter, sq));
                }
            }
        }
        scene.clear_changes();
        Ok(())
    }

    fn check_scene(&self, scene: &Scene) -> Result<()> {
        self.check_size(scene)?;
        // A full render costs the whole board anyway; an update checks the cells it repaints.
        for r in 0..scene.rows() {
            for c in 0..scene.cols() {
                self.check_fill(scene, Square::new(r, c))?;
            }
        }
        Ok(())
    }

    /// Refuses a fill colour the palette was not made with (a scene of its own colours given to a
    /// renderer made for another).
    fn check_fill(&self, scene: &Scene, sq: Square) -> Result<()> {
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

    fn check_size(&self, scene: &Scene) -> Result<()> {
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

/// Registers the panel's colours after everything else (only for a scene with a panel, so other
/// figures keep their palettes): a bar behind the highlighted line, a tint of the theme's mark
/// colour that the margin's ink reads on, the mark colour itself for the call running now, and a
/// grey of the margin ink for finished calls, each with the ink that reads on it and their ramps.
fn panel_inks(b: &mut PaletteBuilder, t: &Theme, background: u8, text: u8, rule: u8) -> PanelInks {
    let room = |b: &PaletteBuilder, n: usize| b.len() + n <= Palette::MAX_COLORS;
    let colour = |b: &mut PaletteBuilder, rgb: Rgb, fallback: u8| {
        if room(b, 1) {
            b.color(rgb)
        } else {
            fallback
        }
    };
    let margin_ink = t.ink_on(t.background);
    let bar_rgb = mix(t.background, t.mark, 70);
    let bar = colour(b, bar_rgb, background);
    let bar_text = colour(b, t.ink_on(bar_rgb), text);
    let current = colour(b, t.mark, text);
    let current_text = colour(b, t.ink_on(t.mark), background);
    let done_rgb = mix(t.background, margin_ink, 60);
    let done = colour(b, done_rgb, rule);
    let done_text = colour(b, t.ink_on(done_rgb), text);
    for (bg, fg) in [
        (bar, bar_text),
        (current, current_text),
        (done, done_text),
        (background, rule),
        (background, current),
        (background, done),
        (background, text),
    ] {
        if bg != fg && room(b, RAMP_LEVELS) {
            b.ramp(bg, fg);
        }
    }
    PanelInks {
        text,
        rule,
        bar,
        bar_text,
        current,
        current_text,
        done,
        done_text,
    }
}

/// Registers the overlays' colours and ramps after everything else, so figures without overlays keep
/// their palette's ramps: marks and arrows, conflicts, the placed frame and the edge around them, with
/// the ramps their edges and the filled mark's tint need on the four square shades. Where the palette
/// is full an overlay takes a colour it already has (`fallback`, or a light square for the edge) and
/// blends by the nearest colour.
fn overlay_inks(b: &mut PaletteBuilder, t: &Theme, squares: [u8; 4], fallback: u8) -> OverlayInks {
    b.seal();
    let shared = b.len();
    let color = |b: &mut PaletteBuilder, rgb, fallback: u8| {
        if b.len() < Palette::MAX_COLORS {
            b.color(rgb)
        } else {
            fallback
        }
    };
    let mark = color(b, t.mark, fallback);
    let conflict = color(b, t.conflict, fallback);
    let placed = color(b, t.placed, fallback);
    let edge = color(b, t.overlay_edge, squares[0]);
    // Only ramps that involve an overlay's own colour: a new ramp between two colours every figure
    // has would change the edges of figures without overlays.
    let ramp = |b: &mut PaletteBuilder, bg: u8, fg: u8| {
        let new = usize::from(bg.max(fg)) >= shared;
        if new && b.len() + RAMP_LEVELS <= Palette::MAX_COLORS {
            b.ramp(bg, fg);
        }
    };
    for &bg in &squares {
        ramp(b, bg, edge);
    }
    ramp(b, edge, mark);
    ramp(b, edge, conflict);
    for &bg in &squares {
        ramp(b, bg, mark);
    }
    OverlayInks {
        mark,
        conflict,
        placed,
        edge,
    }
}

/// Registers the colours of their own that marks and arrows have, after the theme's overlays (so
/// figures without them keep their palette), each with the ramps a mark colour has: from its edge
/// and from the four square shades. A colour the theme already has shares its index. Every colour
/// is placed before any ramp, so that all of them keep their own colour; ramps follow while there
/// is room (a pair without one blends through the nearest palette colour). Where the palette is
/// full a colour takes the theme's mark colour instead.
fn item_inks(
    b: &mut PaletteBuilder,
    colours: &[Rgb],
    squares: [u8; 4],
    overlay: OverlayInks,
) -> HashMap<Rgb, u8> {
    let mut inks = HashMap::new();
    for &rgb in colours {
        let ink = if b.len() < Palette::MAX_COLORS {
            b.color(rgb)
        } else {
            overlay.mark
        };
        inks.insert(rgb, ink);
    }
    // The edge ramps first (every overlay has an edge), then the squares' in order of area.
    for bg in std::iter::once(overlay.edge).chain(squares) {
        for &rgb in colours {
            if b.len() + RAMP_LEVELS <= Palette::MAX_COLORS {
                b.ramp(bg, inks[&rgb]);
            }
        }
    }
    inks
}
