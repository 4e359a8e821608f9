//! Draws a [`Scene`]: its palette, its display list ([`ItemBuilder`]) and the raster backend that
//! paints the list onto a [`Canvas`].
//!
//! [`BoardRenderer::update`] repaints only the cells a scene marks as changed, emitting every layer in
//! the same order as a full render, so an animation's last frame equals the still of the same state
//! pixel for pixel. [`BoardRenderer::display_list`] gives the same figure to the vector backends.

use std::collections::HashMap;

use crate::display::caption::{band_height, caption_px, fit};
use crate::display::glyph::Font;
use crate::display::items::{path_numbers, Colors, ItemBuilder, Omitted, OverlayInks};
use crate::display::layout::{Layout, CELL_RANGE};
use crate::display::list::{DisplayList, Painter, Recorder};
use crate::display::palette::{Palette, PaletteBuilder, RAMP_LEVELS};
use crate::display::text_size::{number_px, NumberRoom};
use crate::display::theme::Theme;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Rect;
use crate::raster::canvas::Canvas;
use crate::raster::paint::RasterBackend;
use crate::scene::Scene;

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

/// Renders scenes of one size and style.
pub struct BoardRenderer {
    items: ItemBuilder,
    raster: RasterBackend,
}

impl BoardRenderer {
    /// A renderer for `rows` x `cols` scenes. Fails (before allocating any image) when the layout is
    /// too large or the palette cannot hold the colours.
    pub fn new(rows: u32, cols: u32, opts: RenderOptions) -> Result<BoardRenderer> {
        let layout = Layout::new(rows, cols, opts.cell, opts.margin, opts.caption)?;
        let caption_px = caption_px(&opts.font, opts.margin, opts.text_px);
        let asked = opts.text_px.is_some();
        let band = band_height(opts.margin, opts.caption_lines.max(1), caption_px, asked);
        let layout = layout.with_caption_band(band)?;
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
        // Attacked squares are darker than their square on both colours (the same CIELAB shift).
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
        let overlay = overlay_inks(&mut b, t, [light, dark, shaded_light, shaded_dark], end);
        // The shaded focus of a tromino step: taken last and only for tilings, so the other
        // problems' palettes (and every ramp) are what they were without it. Numbers never stand on
        // a blank cell, so it needs no ramp.
        let focus = if opts.tile_colors > 0 {
            b.color(t.focus())
        } else {
            blank
        };
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
            shaded_light,
            shaded_dark,
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
        };
        Ok(BoardRenderer {
            items: ItemBuilder::new(layout, colors, opts.font, opts.max_label, opts.text_px),
            raster: RasterBackend::new(palette),
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

    /// Draws the whole scene on a new canvas and clears the scene's change marks.
    pub fn render(&mut self, scene: &mut Scene) -> Result<Canvas> {
        let canvas = self.render_once(scene)?;
        scene.clear_changes();
        Ok(canvas)
    }

    /// Renders `scene` in full without marking its changes as drawn: for a picture drawn once,
    /// which no later frame updates.
    pub fn render_once(&mut self, scene: &Scene) -> Result<Canvas> {
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

    /// The whole scene as a display list (the figure [`BoardRenderer::render`] paints), for the vector
    /// backends. The scene's change marks are left alone.
    pub fn display_list(&mut self, scene: &Scene) -> Result<DisplayList> {
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

    /// Sends every item of the scene to `painter`, in paint order.
    pub fn draw(&mut self, scene: &Scene, painter: &mut dyn Painter) -> Result<()> {
        self.check_scene(scene)?;
        self.items.full(scene, painter);
        Ok(())
    }

    /// Repaints what changed in `scene` since the last render on `canvas` (which holds the previous
    /// frame) and returns the rectangle that may differ.
    pub fn update(&mut self, scene: &mut Scene, canvas: &mut Canvas) -> Result<Rect> {
        self.check_scene(scene)?;
        let mut changed = Rect::default();
        let mut painter = self.raster.on(canvas);
        if scene.margin_changed() && self.items.layout().margin() > 0 {
            let band = self.items.caption_band(scene, &mut painter);
            changed = changed.union(&band);
        }
        if scene.has_cell_changes() {
            for sq in scene.changed_cells() {
                let rect = self.items.cell(scene, &mut painter, sq);
                changed = changed.union(&rect);
            }
        }
        scene.clear_changes();
        Ok(changed)
    }

    fn check_scene(&self, scene: &Scene) -> Result<()> {
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
