//! Draws a [`Scene`] onto a [`Canvas`]: cell stamps, outlines, split lines, the path, nodes, numbers,
//! pieces, coordinate labels and the caption.
//!
//! Each distinct cell background (fill, shading, outline edges) is rendered once into a stamp and
//! copied after that; number and piece masks are rasterized once per value. [`BoardRenderer::update`]
//! repaints only the cells a scene marks as changed, drawing every layer in the same order as a full
//! render, so an animation's last frame equals the still of the same state pixel for pixel.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::render::canvas::{Canvas, Rect};
use crate::render::crown::crown_path;
use crate::render::glyph::Font;
use crate::render::layout::Layout;
use crate::render::palette::{Palette, PaletteBuilder, Rgb};
use crate::render::raster::{fill_mask, ring_mask, stroke_mask, Mask, Path};
use crate::render::theme::Theme;
use crate::scene::{Axes, Cell, Fill, LabelStyle, Marker, Piece, Scene};
use crate::solve::Square;

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
    /// Number of tile colours the scene uses.
    pub tile_colors: usize,
    /// The widest number a cell will show (sets one font size for all numbers).
    pub max_label: u32,
}

/// Palette indices of the theme's roles.
struct Colors {
    background: u8,
    frame: u8,
    ink_margin: u8,
    light: u8,
    dark: u8,
    blank: u8,
    special: u8,
    special_mark: u8,
    tiles: Vec<u8>,
    shaded_light: u8,
    shaded_dark: u8,
    outline: u8,
    split: u8,
    path: u8,
    node: u8,
    start: u8,
    end: u8,
    piece: u8,
    piece_edge: u8,
    /// Ink for numbers on each fill index.
    ink_on: HashMap<u8, u8>,
}

/// Where a number sits in its cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum LabelPlace {
    Centre,
    Badge,
}

/// Smallest cell (px) whose numbers sit in round nodes.
const NODE_MIN_CELL: u32 = 28;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StampKey {
    fill: u8,
    /// Outline on top, right, bottom, left (bits 0..4); faint inner grid right, bottom (bits 4, 5).
    edges: u8,
    special: bool,
}

/// Renders scenes of one size and style.
pub struct BoardRenderer {
    layout: Layout,
    palette: Palette,
    colors: Colors,
    font: Font,
    label_px: f32,
    stamps: HashMap<StampKey, Vec<u8>>,
    labels: HashMap<(u32, LabelPlace), Mask>,
    halos: HashMap<u32, Mask>,
    pieces: HashMap<Piece, (Mask, Option<Mask>)>,
    node: Option<NodeMasks>,
    segments: Vec<(Square, Square, Mask)>,
    /// For each board cell (row-major), the segments whose mask reaches into it, in increasing
    /// order: a repaint of a few cells looks at the segments near them, not the whole path.
    segments_at: Vec<Vec<u32>>,
}

fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let f = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t).round() as u8;
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])]
}

impl BoardRenderer {
    /// A renderer for `rows` x `cols` scenes. Fails (before allocating any image) when the layout is
    /// too large or the palette cannot hold the colours.
    pub fn new(rows: u32, cols: u32, opts: RenderOptions) -> Result<BoardRenderer> {
        let layout = Layout::new(rows, cols, opts.cell, opts.margin, opts.caption)?;
        let t = &opts.theme;
        let mut b = PaletteBuilder::new();
        let background = b.color(t.background);
        let frame = b.color(t.grid);
        let ink_margin = b.color(t.ink_on(t.background));
        let light = b.color(t.light);
        let dark = b.color(t.dark);
        let blank = b.color(mix(t.background, t.light, 0.5));
        let special = b.color(t.special);
        let special_mark = b.color(t.special_mark);
        let tile_rgbs: Vec<Rgb> = if opts.tile_colors <= t.tiles.len() {
            t.tiles[..opts.tile_colors.max(1)].to_vec()
        } else {
            (0..opts.tile_colors)
                .map(|i| t.tile_hue(i, opts.tile_colors))
                .collect()
        };
        let tiles: Vec<u8> = tile_rgbs.iter().map(|&c| b.color(c)).collect();
        let shaded_light = b.color(mix(t.light, t.attack, 0.55));
        let shaded_dark = b.color(mix(t.dark, t.attack, 0.55));
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
            (blank, mix(t.background, t.light, 0.5)),
            (special, t.special),
            (shaded_light, mix(t.light, t.attack, 0.55)),
            (shaded_dark, mix(t.dark, t.attack, 0.55)),
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
        let palette = b.build()?;
        let colors = Colors {
            background,
            frame,
            ink_margin,
            light,
            dark,
            blank,
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
        };
        let label_px = label_size(&opts.font, opts.cell, opts.max_label);
        Ok(BoardRenderer {
            layout,
            palette,
            colors,
            font: opts.font,
            label_px,
            stamps: HashMap::new(),
            labels: HashMap::new(),
            halos: HashMap::new(),
            pieces: HashMap::new(),
            node: None,
            segments: Vec::new(),
            segments_at: Vec::new(),
        })
    }

    /// The pixel geometry.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The palette every frame uses.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Draws the whole scene on a new canvas and clears the scene's change marks.
    pub fn render(&mut self, scene: &mut Scene) -> Result<Canvas> {
        self.check_scene(scene)?;
        let mut canvas = Canvas::new(
            self.layout.width(),
            self.layout.height(),
            self.colors.background,
        )?;
        self.draw_margin(&mut canvas, scene);
        self.draw_region(&mut canvas, scene, self.layout.board_rect(), None);
        scene.clear_changes();
        Ok(canvas)
    }

    /// Repaints what changed in `scene` since the last render on `canvas` (which holds the previous
    /// frame) and returns the rectangle that may differ.
    pub fn update(&mut self, scene: &mut Scene, canvas: &mut Canvas) -> Result<Rect> {
        self.check_scene(scene)?;
        let mut changed = Rect::default();
        if scene.margin_changed() && self.layout.margin() > 0 {
            let band = self.layout.caption_rect();
            canvas.fill_rect(band, self.colors.background);
            self.draw_caption(canvas, scene);
            changed = changed.union(&band);
        }
        if scene.has_cell_changes() {
            for sq in scene.changed_cells() {
                let rect = self.layout.cell_rect(sq);
                self.draw_region(canvas, scene, rect, Some(sq));
                changed = changed.union(&rect);
            }
        }
        scene.clear_changes();
        Ok(changed)
    }

    fn check_scene(&self, scene: &Scene) -> Result<()> {
        if scene.rows() != self.layout.rows() || scene.cols() != self.layout.cols() {
            return Err(Error::invalid(format!(
                "scene of {} x {} given to a renderer of {} x {}",
                scene.rows(),
                scene.cols(),
                self.layout.rows(),
                self.layout.cols()
            )));
        }
        Ok(())
    }

    /// Draws every layer inside `clip`: the cells' stamps, split lines, the path, then each cell's
    /// foreground. `only` limits the stamps and foregrounds to one cell.
    fn draw_region(
        &mut self,
        canvas: &mut Canvas,
        scene: &Scene,
        clip: Rect,
        only: Option<Square>,
    ) {
        let cells: Vec<Square> = match only {
            Some(sq) => vec![sq],
            None => (0..scene.rows())
                .flat_map(|r| (0..scene.cols()).map(move |c| Square::new(r, c)))
                .collect(),
        };
        for &sq in &cells {
            self.draw_stamp(canvas, scene, sq);
        }
        self.draw_splits(canvas, scene, clip);
        self.draw_path(canvas, scene, clip);
        for &sq in &cells {
            self.draw_foreground(canvas, scene, sq);
        }
    }

    fn fill_index(&self, cell: &Cell) -> u8 {
        let c = &self.colors;
        match (cell.fill, cell.shaded) {
            (Fill::Light, false) => c.light,
            (Fill::Light, true) => c.shaded_light,
            (Fill::Dark, false) => c.dark,
            (Fill::Dark, true) => c.shaded_dark,
            (Fill::Tile(i), _) => c.tiles[i as usize % c.tiles.len()],
            (Fill::Special, _) => c.special,
            (Fill::Blank, _) => c.blank,
        }
    }

    fn stamp_key(&self, scene: &Scene, sq: Square) -> StampKey {
        let cell = scene.cell(sq);
        let mut edges = 0u8;
        if let Some(regions) = scene.regions() {
            let cols = scene.cols();
            let id = |s: Square| regions[(s.row * cols + s.col) as usize];
            let me = id(sq);
            let neighbours = [
                (sq.row > 0).then(|| Square::new(sq.row - 1, sq.col)),
                (sq.col + 1 < cols).then(|| Square::new(sq.row, sq.col + 1)),
                (sq.row + 1 < scene.rows()).then(|| Square::new(sq.row + 1, sq.col)),
                (sq.col > 0).then(|| Square::new(sq.row, sq.col - 1)),
            ];
            for (bit, n) in neighbours.iter().enumerate() {
                match n {
                    Some(n) if id(*n) == me => {
                        if bit == 1 || bit == 2 {
                            edges |= 1 << (bit + 3);
                        }
                    }
                    _ => edges |= 1 << bit,
                }
            }
        }
        StampKey {
            fill: self.fill_index(cell),
            edges,
            special: cell.fill == Fill::Special,
        }
    }

    fn draw_stamp(&mut self, canvas: &mut Canvas, scene: &Scene, sq: Square) {
        let key = self.stamp_key(scene, sq);
        let cell = self.layout.cell();
        if !self.stamps.contains_key(&key) {
            let stamp = self.make_stamp(key);
            self.stamps.insert(key, stamp);
        }
        let stamp = &self.stamps[&key];
        let rect = self.layout.cell_rect(sq);
        let w = canvas.width() as usize;
        let pixels = canvas.pixels_mut();
        for y in 0..cell as usize {
            let start = (rect.y as usize + y) * w + rect.x as usize;
            pixels[start..start + cell as usize]
                .copy_from_slice(&stamp[y * cell as usize..(y + 1) * cell as usize]);
        }
    }

    fn make_stamp(&self, key: StampKey) -> Vec<u8> {
        let cell = self.layout.cell();
        // A stamp never allocates more than one cell; Canvas::new cannot fail for a valid layout.
        let mut c = match Canvas::new(cell, cell, key.fill) {
            Ok(c) => c,
            Err(_) => return vec![key.fill; (cell * cell) as usize],
        };
        if key.special {
            let bounds = c.bounds();
            blit(
                &mut c,
                &self.palette,
                &fill_mask(&special_mark_path(cell as f32)),
                0,
                0,
                self.colors.special_mark,
                bounds,
            );
        }
        // Outlines stay in the outer eighth of the cell (the layout contract), so the middle half of
        // every cell shows only its fill.
        let t = outline_width(cell);
        let faint = self.palette.blend(key.fill, self.colors.outline, 70);
        let strips = [
            Rect::new(0, 0, cell, t),
            Rect::new(cell - t, 0, t, cell),
            Rect::new(0, cell - t, cell, t),
            Rect::new(0, 0, t, cell),
        ];
        if cell >= 12 {
            if key.edges & 1 << 4 != 0 {
                c.fill_rect(Rect::new(cell - 1, 0, 1, cell), faint);
            }
            if key.edges & 1 << 5 != 0 {
                c.fill_rect(Rect::new(0, cell - 1, cell, 1), faint);
            }
        }
        for (bit, strip) in strips.iter().enumerate() {
            if key.edges & (1 << bit) != 0 {
                c.fill_rect(*strip, self.colors.outline);
            }
        }
        c.pixels().to_vec()
    }

    fn draw_splits(&self, canvas: &mut Canvas, scene: &Scene, clip: Rect) {
        let cell = self.layout.cell();
        // Lines of bigger divisions are heavier, and every split stays thinner than the tile outline
        // under it, so outlines keep showing on both sides of a split.
        let outline = 2 * outline_width(cell);
        let levels = (scene.rows().max(scene.cols()).max(2) as f32).log2();
        for split in scene.splits() {
            let half = split.size / 2;
            if half == 0 {
                continue;
            }
            let share = (split.size as f32).log2() / levels;
            let w = ((outline as f32 - 1.0) * share).round().max(1.0) as u32;
            let (lo, t2) = (w / 2, w);
            let top_left = self.layout.cell_rect(split.origin);
            let len = split.size * cell;
            let mid_x = top_left.x + half * cell;
            let mid_y = top_left.y + half * cell;
            let lines = [
                Rect::new(mid_x - lo, top_left.y, t2, len),
                Rect::new(top_left.x, mid_y - lo, len, t2),
            ];
            for line in lines {
                canvas.fill_rect(line.intersect(&clip), self.colors.split);
            }
        }
    }

    fn path_width(&self) -> f32 {
        (self.layout.cell() as f32 * 0.055).max(1.0)
    }

    /// How many cached segments still match the path: those of the prefix the scene left untouched
    /// (checked at its last one, so a scene the cache was not built from is caught), and any after
    /// it that match.
    fn matching_segments(&self, scene: &Scene) -> usize {
        let path = scene.path();
        let same = |i: usize| {
            let (a, b, _) = &self.segments[i];
            path.get(i) == Some(a) && path.get(i + 1) == Some(b)
        };
        let limit = self.segments.len().min(path.len().saturating_sub(1));
        let mut keep = scene.path_unchanged_prefix().saturating_sub(1).min(limit);
        if keep > 0 && !same(keep - 1) {
            keep = 0;
        }
        while keep < limit && same(keep) {
            keep += 1;
        }
        keep
    }

    /// The board cells (row-major indices) a rectangle of the canvas covers.
    fn cells_under(&self, rect: Rect) -> impl Iterator<Item = usize> {
        let (cell, margin) = (self.layout.cell(), self.layout.margin());
        let (rows, cols) = (self.layout.rows(), self.layout.cols());
        let span = |lo: u32, len: u32, n: u32| {
            let first = lo.saturating_sub(margin) / cell;
            let last = (lo + len).saturating_sub(margin).div_ceil(cell).min(n);
            first.min(n)..last
        };
        let (rs, cs) = (
            span(rect.y, rect.height, rows),
            span(rect.x, rect.width, cols),
        );
        rs.flat_map(move |r| {
            cs.clone()
                .map(move |c| r as usize * cols as usize + c as usize)
        })
    }

    /// Records segment `i` in the index of every cell its mask reaches into.
    fn index_segment(&mut self, i: usize, mask: &Mask) {
        self.index_rect(i, mask_rect(mask, 0, 0));
    }

    fn index_rect(&mut self, i: usize, rect: Rect) {
        for cell in self.cells_under(rect).collect::<Vec<_>>() {
            self.segments_at[cell].push(i as u32);
        }
    }

    fn draw_path(&mut self, canvas: &mut Canvas, scene: &Scene, clip: Rect) {
        let path = scene.path();
        let wanted = path.len().saturating_sub(1);
        // The index by cell exists once a repaint of a few cells needed it (animations), and is
        // kept up to date from then on; a still never builds it.
        let indexed = !self.segments_at.is_empty();
        // Keep the cached segments that still match the path's prefix.
        let keep = self.matching_segments(scene);
        while self.segments.len() > keep {
            let i = self.segments.len() - 1;
            if indexed {
                let rect = mask_rect(&self.segments[i].2, 0, 0);
                for cell in self.cells_under(rect).collect::<Vec<_>>() {
                    if self.segments_at[cell].last() == Some(&(i as u32)) {
                        self.segments_at[cell].pop();
                    }
                }
            }
            self.segments.pop();
        }
        for w in path.windows(2).skip(keep).take(wanted - keep.min(wanted)) {
            let a = self.layout.center(w[0]);
            let b = self.layout.center(w[1]);
            let mask = stroke_mask(&[a, b], self.path_width());
            if indexed {
                self.index_segment(self.segments.len(), &mask);
            }
            self.segments.push((w[0], w[1], mask));
        }
        if self.segments.is_empty() {
            return;
        }
        // Union of the segments as the maximum of their coverages, so joints are not blended twice.
        let clip = clip.intersect(&canvas.bounds());
        if clip.is_empty() {
            return;
        }
        // A repaint of a few cells looks only at the segments that reach into them.
        let cell = self.layout.cell();
        let few_cells = u64::from(clip.width) * u64::from(clip.height)
            <= 16 * u64::from(cell) * u64::from(cell);
        if few_cells && !indexed {
            let cells = self.layout.rows() as usize * self.layout.cols() as usize;
            self.segments_at = vec![Vec::new(); cells];
            let masks: Vec<Rect> = self
                .segments
                .iter()
                .map(|s| mask_rect(&s.2, 0, 0))
                .collect();
            for (i, rect) in masks.into_iter().enumerate() {
                self.index_rect(i, rect);
            }
        }
        let nearby: Option<Vec<u32>> = few_cells.then(|| {
            let mut near: Vec<u32> = self
                .cells_under(clip)
                .flat_map(|c| self.segments_at[c].iter().copied())
                .collect();
            near.sort_unstable();
            near.dedup();
            near
        });
        let all: Vec<u32>;
        let chosen: &[u32] = match &nearby {
            Some(near) => near,
            None => {
                all = (0..self.segments.len() as u32).collect();
                &all
            }
        };
        let mut coverage = vec![0u8; (clip.width * clip.height) as usize];
        let mut any = false;
        for (_, _, mask) in chosen.iter().map(|&i| &self.segments[i as usize]) {
            let m = mask_rect(mask, 0, 0).intersect(&clip);
            if m.is_empty() {
                continue;
            }
            any = true;
            for y in m.y..m.y + m.height {
                let my = (y as i64 - i64::from(mask.y)) as usize;
                for x in m.x..m.x + m.width {
                    let mx = (x as i64 - i64::from(mask.x)) as usize;
                    let v = mask.coverage[my * mask.width as usize + mx];
                    let i = ((y - clip.y) * clip.width + (x - clip.x)) as usize;
                    coverage[i] = coverage[i].max(v);
                }
            }
        }
        if !any {
            return;
        }
        let w = canvas.width() as usize;
        let fg = self.colors.path;
        let pixels = canvas.pixels_mut();
        for y in 0..clip.height {
            for x in 0..clip.width {
                let a = coverage[(y * clip.width + x) as usize];
                if a > 0 {
                    let p = &mut pixels[(clip.y + y) as usize * w + (clip.x + x) as usize];
                    *p = self.palette.blend(*p, fg, a);
                }
            }
        }
    }

    /// Nodes need room for a ring around a readable number; smaller cells get plain numbers with a
    /// halo instead.
    fn uses_nodes(&self, scene: &Scene) -> bool {
        scene.label_style() == LabelStyle::Node && self.layout.cell() >= NODE_MIN_CELL
    }

    fn draw_foreground(&mut self, canvas: &mut Canvas, scene: &Scene, sq: Square) {
        let cell = *scene.cell(sq);
        let rect = self.layout.cell_rect(sq);
        let size = self.layout.cell() as f32;
        let fill = self.fill_index(&cell);
        let nodes = self.uses_nodes(scene);
        let marker_color = cell.marker.map(|m| match m {
            Marker::Start => self.colors.start,
            Marker::End => self.colors.end,
        });
        // A piece takes the centre; a number then moves to a badge in the top-left corner.
        let badge = cell.piece.is_some() && cell.label.is_some();
        if nodes && cell.label.is_some() && !badge {
            let ring = marker_color.unwrap_or(self.colors.path);
            let node = self.node.get_or_insert_with(|| NodeMasks::new(size));
            let ring_mask = if marker_color.is_some() {
                &node.marked_ring
            } else {
                &node.ring
            };
            put(canvas, &self.palette, &node.disc, rect, self.colors.node);
            put(canvas, &self.palette, ring_mask, rect, ring);
        } else if let (Some(color), false) = (marker_color, badge) {
            let ring = ring_mask(size / 2.0, size / 2.0, size * 0.38, (size * 0.07).max(1.0));
            put(canvas, &self.palette, &ring, rect, color);
        }
        if let Some(piece) = cell.piece {
            self.draw_piece(canvas, piece, rect);
        }
        let Some(n) = cell.label else { return };
        let px = self.label_px;
        let font = &self.font;
        if badge {
            let ring = marker_color.unwrap_or(self.colors.path);
            let node = self.node.get_or_insert_with(|| NodeMasks::new(size));
            put(
                canvas,
                &self.palette,
                &node.badge_disc,
                rect,
                self.colors.node,
            );
            put(canvas, &self.palette, &node.badge_ring, rect, ring);
            let mask = self
                .labels
                .entry((n, LabelPlace::Badge))
                .or_insert_with(|| badge_label(font, &n.to_string(), px, size));
            let ink = self.colors.ink_on[&self.colors.node];
            put(canvas, &self.palette, mask, rect, ink);
            return;
        }
        let ink_bg = if nodes { self.colors.node } else { fill };
        let ink = self
            .colors
            .ink_on
            .get(&ink_bg)
            .copied()
            .unwrap_or(self.colors.ink_margin);
        let mask = self
            .labels
            .entry((n, LabelPlace::Centre))
            .or_insert_with(|| centred(font.text_mask(&n.to_string(), px), size, size));
        if scene.label_style() == LabelStyle::Node && !nodes {
            // Small cells: a halo in the cell's own colour keeps the number clear of the path.
            let halo = self.halos.entry(n).or_insert_with(|| dilate(mask));
            put(canvas, &self.palette, halo, rect, fill);
        }
        let mask = &self.labels[&(n, LabelPlace::Centre)];
        put(canvas, &self.palette, mask, rect, ink);
    }

    fn draw_piece(&mut self, canvas: &mut Canvas, piece: Piece, rect: Rect) {
        let size = self.layout.cell() as f32;
        let font = &self.font;
        let (body, detail) = self.pieces.entry(piece).or_insert_with(|| match piece {
            Piece::Crown => {
                let (body, detail) = crown_path(0.0, 0.0, size);
                (fill_mask(&body), Some(fill_mask(&detail)))
            }
            Piece::Glyph(ch) => {
                let s = ch.to_string();
                let px = font.fit_px(&s, size * 0.8, size * 0.8);
                (centred(font.text_mask(&s, px), size, size), None)
            }
        });
        put(canvas, &self.palette, body, rect, self.colors.piece);
        if let Some(detail) = detail {
            put(canvas, &self.palette, detail, rect, self.colors.piece_edge);
        }
    }

    fn draw_margin(&mut self, canvas: &mut Canvas, scene: &Scene) {
        let m = self.layout.margin();
        if m == 0 {
            return;
        }
        let board = self.layout.board_rect();
        // A thin frame just outside the board, so the board's own pixels follow the contract.
        let t = (self.layout.cell() / 40).clamp(1, 3).min(m);
        canvas.fill_rect(
            Rect::new(
                board.x - t,
                board.y - t,
                board.width + 2 * t,
                board.height + 2 * t,
            ),
            self.colors.frame,
        );
        let cell = self.layout.cell() as f32;
        let px = (m as f32 * 0.5).min(cell * 0.55).max(6.0);
        let ink = self.colors.ink_margin;
        let (rows, cols) = (scene.rows(), scene.cols());
        let gap = m as f32 / 2.0;
        for c in 0..cols {
            let (text, y) = match scene.axes() {
                Axes::None => continue,
                Axes::Chess => (file_name(c), board.y as f32 + board.height as f32 + gap),
                Axes::Indices => (c.to_string(), gap),
            };
            let x = board.x as f32 + (c as f32 + 0.5) * cell;
            self.draw_text_centred(canvas, &text, px, x, y, ink);
        }
        for r in 0..rows {
            let text = match scene.axes() {
                Axes::None => continue,
                Axes::Chess => (rows - r).to_string(),
                Axes::Indices => r.to_string(),
            };
            let y = board.y as f32 + (r as f32 + 0.5) * cell;
            self.draw_text_centred(canvas, &text, px, gap, y, ink);
        }
        self.draw_caption(canvas, scene);
    }

    fn draw_caption(&mut self, canvas: &mut Canvas, scene: &Scene) {
        let band = self.layout.caption_rect();
        let Some(caption) = scene.caption() else {
            return;
        };
        if band.is_empty() {
            return;
        }
        let max_w = (band.width as f32 - 8.0).max(1.0);
        let px = self
            .font
            .fit_px(caption, max_w, band.height as f32 * 0.6)
            .min(self.layout.margin() as f32 * 0.6);
        let x = band.x as f32 + band.width as f32 / 2.0;
        let y = band.y as f32 + band.height as f32 * 0.4;
        let ink = self.colors.ink_margin;
        self.draw_text_centred(canvas, caption, px, x, y, ink);
    }

    fn draw_text_centred(
        &self,
        canvas: &mut Canvas,
        text: &str,
        px: f32,
        cx: f32,
        cy: f32,
        ink: u8,
    ) {
        let mask = self.font.text_mask(text, px);
        let dx = (cx - mask.width as f32 / 2.0).round() as i32 - mask.x;
        let dy = (cy - mask.height as f32 / 2.0).round() as i32 - mask.y;
        let bounds = canvas.bounds();
        blit(canvas, &self.palette, &mask, dx, dy, ink, bounds);
    }
}

/// Outline strip width: a sixteenth of the cell, at least a pixel, so an outline shared by two
/// cells stays within the outer eighth of each.
fn outline_width(cell: u32) -> u32 {
    (cell / 16).max(1).min(cell / 2)
}

fn file_name(c: u32) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    if c < 26 {
        (letters[c as usize] as char).to_string()
    } else {
        format!(
            "{}{}",
            letters[(c / 26 - 1) as usize % 26] as char,
            letters[(c % 26) as usize] as char
        )
    }
}

/// One font size for all numbers: the widest number fits the space a number gets in a cell.
fn label_size(font: &Font, cell: u32, max_label: u32) -> f32 {
    let widest = "8".repeat(max_label.max(1).to_string().len());
    let cell = cell as f32;
    font.fit_px(&widest, cell * 0.5, cell * 0.34).max(4.0)
}

/// Places a mask so its box is centred in a `w` x `h` area at the origin.
fn centred(mut m: Mask, w: f32, h: f32) -> Mask {
    m.x = ((w - m.width as f32) / 2.0).round() as i32;
    m.y = ((h - m.height as f32) / 2.0).round() as i32;
    m
}

/// The round nodes that hold numbers on a path, and the corner badge of a cell with a piece.
struct NodeMasks {
    disc: Mask,
    ring: Mask,
    /// Heavier ring for the start and end squares.
    marked_ring: Mask,
    badge_disc: Mask,
    badge_ring: Mask,
}

impl NodeMasks {
    fn new(cell: f32) -> NodeMasks {
        let c = cell / 2.0;
        let r = cell * 0.31;
        let ring = |cx: f32, r: f32, w: f32| {
            let w = (cell * w).max(1.0);
            ring_mask(cx, cx, r - w / 2.0, w)
        };
        let (bc, br) = badge_geometry(cell);
        NodeMasks {
            disc: fill_mask(&Path::circle(c, c, r)),
            ring: ring(c, r, 0.04),
            marked_ring: ring(c, r, 0.075),
            badge_disc: fill_mask(&Path::circle(bc, bc, br)),
            badge_ring: ring(bc, br, 0.045),
        }
    }
}

/// Centre and radius of the corner badge that holds the number of a cell with a piece.
fn badge_geometry(cell: f32) -> (f32, f32) {
    let r = cell * 0.2;
    (r + cell * 0.06, r)
}

fn badge_label(font: &Font, text: &str, px: f32, cell: f32) -> Mask {
    let (c, r) = badge_geometry(cell);
    let px = px.min(font.fit_px(text, r * 1.45, r * 1.1));
    let m = font.text_mask(text, px);
    let mut m = centred(m, 2.0 * c, 2.0 * c);
    m.x = m.x.min((2.0 * c) as i32);
    m
}

/// Grows a coverage mask by one pixel in every direction: a grey-level dilation (3 x 3 maximum).
fn dilate(mask: &Mask) -> Mask {
    use imageproc::morphology::{grayscale_dilate, Mask as Element};
    let (width, height) = (mask.width + 2, mask.height + 2);
    let padded = image::GrayImage::from_fn(width, height, |x, y| {
        image::Luma([mask.at(mask.x - 1 + x as i32, mask.y - 1 + y as i32)])
    });
    let grown = grayscale_dilate(&padded, &Element::square(1));
    Mask {
        x: mask.x - 1,
        y: mask.y - 1,
        width,
        height,
        coverage: grown.into_raw(),
    }
}

/// The special square's mark: a diamond in the middle of the cell.
fn special_mark_path(cell: f32) -> Path {
    let c = cell / 2.0;
    let r = cell * 0.22;
    let mut p = Path::new();
    p.move_to(c, c - r);
    p.line_to(c + r, c);
    p.line_to(c, c + r);
    p.line_to(c - r, c);
    p.close();
    p
}

fn mask_rect(mask: &Mask, dx: i32, dy: i32) -> Rect {
    let x0 = i64::from(mask.x) + i64::from(dx);
    let y0 = i64::from(mask.y) + i64::from(dy);
    let x1 = x0 + i64::from(mask.width);
    let y1 = y0 + i64::from(mask.height);
    let (cx0, cy0) = (x0.max(0), y0.max(0));
    if x1 <= cx0 || y1 <= cy0 {
        return Rect::default();
    }
    Rect::new(cx0 as u32, cy0 as u32, (x1 - cx0) as u32, (y1 - cy0) as u32)
}

/// Blends a cell-relative mask onto the cell at `rect`, clipped to the cell.
fn put(canvas: &mut Canvas, palette: &Palette, mask: &Mask, rect: Rect, fg: u8) {
    blit(
        canvas,
        palette,
        mask,
        rect.x as i32,
        rect.y as i32,
        fg,
        rect,
    );
}

/// Blends `mask` shifted by (`dx`, `dy`) onto the canvas in colour `fg`, inside `clip`.
fn blit(canvas: &mut Canvas, palette: &Palette, mask: &Mask, dx: i32, dy: i32, fg: u8, clip: Rect) {
    let r = mask_rect(mask, dx, dy)
        .intersect(&clip)
        .intersect(&canvas.bounds());
    if r.is_empty() {
        return;
    }
    let ox = i64::from(mask.x) + i64::from(dx);
    let oy = i64::from(mask.y) + i64::from(dy);
    let w = canvas.width() as usize;
    let pixels = canvas.pixels_mut();
    for y in r.y..r.y + r.height {
        let my = (i64::from(y) - oy) as usize;
        let row = &mask.coverage[my * mask.width as usize..(my + 1) * mask.width as usize];
        for x in r.x..r.x + r.width {
            let a = row[(i64::from(x) - ox) as usize];
            if a > 0 {
                let p = &mut pixels[y as usize * w + x as usize];
                *p = palette.blend(*p, fg, a);
            }
        }
    }
}
