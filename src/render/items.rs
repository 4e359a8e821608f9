//! A [`Scene`] laid out as display-list items: every proportion of a figure (outline and split
//! weights, nodes, badges, halos, the crown, label sizes) is decided here, once, for every backend.
//!
//! [`ItemBuilder`] emits the items of the whole figure, or only those inside one cell (an animation
//! repaints the cells that changed), always in the same order: cell backgrounds, split lines, the path,
//! then each cell's foreground, so a repainted cell equals the same cell of a full render.

use std::collections::HashMap;

use crate::draw::{
    FillRule, Ink, Item, Layer, Painter, Shape, Symbol, SymbolId, SymbolShape, Symbols,
};
use crate::render::canvas::Rect;
use crate::render::crown::crown_path;
use crate::render::glyph::Font;
use crate::render::layout::Layout;
use crate::render::raster::{fill_box, Path};
use crate::scene::{Axes, Cell, Fill, LabelStyle, Marker, Piece, Scene};
use crate::solve::Square;

/// Smallest cell (px) whose numbers sit in round nodes.
const NODE_MIN_CELL: u32 = 28;
/// Smallest cell (px) that shows the faint grid between the cells of one tile.
const GRID_MIN_CELL: u32 = 12;
/// Opacity of the faint grid (the outline colour over the tile's fill).
const GRID_ALPHA: u8 = 70;
/// Path width as a share of the cell.
const PATH_WIDTH: f32 = 0.055;
/// Node disc radius as a share of the cell; ring weights of plain and marked (start, end) nodes.
const NODE_RADIUS: f32 = 0.31;
const NODE_RING: f32 = 0.04;
const NODE_RING_MARKED: f32 = 0.075;
/// Corner badge radius and inset as shares of the cell; its ring weight.
const BADGE_RADIUS: f32 = 0.2;
const BADGE_INSET: f32 = 0.06;
const BADGE_RING: f32 = 0.045;
/// Start and end rings without nodes: radius and weight as shares of the cell.
const MARKER_RADIUS: f32 = 0.38;
const MARKER_RING: f32 = 0.07;
/// The special square's diamond: half its diagonal as a share of the cell.
const SPECIAL_MARK_RADIUS: f32 = 0.22;
/// A glyph piece fills this share of the cell.
const GLYPH_PIECE: f32 = 0.8;

/// Palette indices of the theme's roles.
pub(crate) struct Colors {
    pub(crate) background: Ink,
    pub(crate) frame: Ink,
    pub(crate) ink_margin: Ink,
    pub(crate) light: Ink,
    pub(crate) dark: Ink,
    pub(crate) blank: Ink,
    pub(crate) special: Ink,
    pub(crate) special_mark: Ink,
    pub(crate) tiles: Vec<Ink>,
    pub(crate) shaded_light: Ink,
    pub(crate) shaded_dark: Ink,
    pub(crate) outline: Ink,
    pub(crate) split: Ink,
    pub(crate) path: Ink,
    pub(crate) node: Ink,
    pub(crate) start: Ink,
    pub(crate) end: Ink,
    pub(crate) piece: Ink,
    pub(crate) piece_edge: Ink,
    /// Ink for numbers on each fill.
    pub(crate) ink_on: HashMap<Ink, Ink>,
}

/// Where a number sits in its cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum LabelPlace {
    Centre,
    Badge,
}

/// The shapes a figure defines once.
#[derive(Clone, PartialEq, Eq, Hash)]
enum SymbolKey {
    SpecialMark,
    NodeDisc,
    NodeRing,
    MarkedRing,
    BadgeDisc,
    BadgeRing,
    MarkerRing,
    Piece(Piece),
    PieceDetail(Piece),
    Label(u32, LabelPlace),
    Halo(u32),
    /// Margin text at a size (f32 bits).
    Text(String, u32),
}

/// A symbol and where its pixels go: placed at a cell's corner plus `offset` (cell symbols) or at
/// `offset` from the point that centres it (text).
#[derive(Clone, Copy)]
struct Placed {
    id: SymbolId,
    offset: (i32, i32),
    /// The pixel box of its mask: width and height.
    size: (u32, u32),
}

/// Lays scenes of one size and style out as items.
pub(crate) struct ItemBuilder {
    layout: Layout,
    colors: Colors,
    font: Font,
    label_px: f32,
    symbols: Symbols,
    placed: HashMap<SymbolKey, Option<Placed>>,
    /// Centres of the path's squares, kept in step with the scene's path.
    centres: Vec<[f32; 2]>,
}

impl ItemBuilder {
    pub(crate) fn new(layout: Layout, colors: Colors, font: Font, max_label: u32) -> ItemBuilder {
        let label_px = label_size(&font, layout.cell(), max_label);
        ItemBuilder {
            layout,
            colors,
            font,
            label_px,
            symbols: Symbols::new(),
            placed: HashMap::new(),
            centres: Vec::new(),
        }
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    pub(crate) fn colors(&self) -> &Colors {
        &self.colors
    }

    pub(crate) fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Every item of the figure.
    pub(crate) fn full(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        self.rect(out, Layer::Frame, bounds, self.colors.background, bounds);
        self.margin(scene, out);
        let cells: Vec<Square> = (0..scene.rows())
            .flat_map(|r| (0..scene.cols()).map(move |c| Square::new(r, c)))
            .collect();
        self.region(scene, out, self.layout.board_rect(), &cells);
    }

    /// The caption band, repainted.
    pub(crate) fn caption_band(&mut self, scene: &Scene, out: &mut dyn Painter) -> Rect {
        let band = self.layout.caption_rect();
        self.rect(out, Layer::Caption, band, self.colors.background, band);
        self.caption(scene, out);
        band
    }

    /// Every layer inside one cell.
    pub(crate) fn cell(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square) -> Rect {
        let rect = self.layout.cell_rect(sq);
        self.region(scene, out, rect, &[sq]);
        rect
    }

    /// Cell backgrounds, split lines, the path, then each cell's foreground, inside `clip`.
    fn region(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect, cells: &[Square]) {
        for &sq in cells {
            self.background(scene, out, sq);
        }
        self.splits(scene, out, clip);
        self.path(scene, out, clip);
        for &sq in cells {
            self.foreground(scene, out, sq);
        }
    }

    fn rect(&self, out: &mut dyn Painter, layer: Layer, rect: Rect, ink: Ink, clip: Rect) {
        self.item(out, layer, Shape::Rect(rect), ink, 255, clip);
    }

    fn item(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        shape: Shape<'_>,
        ink: Ink,
        alpha: u8,
        clip: Rect,
    ) {
        let item = Item {
            layer,
            shape,
            ink,
            alpha,
            clip,
        };
        out.paint(&item, &self.symbols);
    }

    /// Places a cell symbol at the cell `rect`, clipped to it.
    fn put(
        &self,
        out: &mut dyn Painter,
        layer: Layer,
        placed: Option<Placed>,
        rect: Rect,
        ink: Ink,
    ) {
        if let Some(p) = placed {
            let shape = Shape::Symbol {
                id: p.id,
                dx: rect.x as i32 + p.offset.0,
                dy: rect.y as i32 + p.offset.1,
            };
            self.item(out, layer, shape, ink, 255, rect);
        }
    }

    /// The symbol for `key`, made by `make` the first time: its geometry and, given the pixel box of
    /// its mask, the offset that places it in the cell.
    fn symbol(
        &mut self,
        key: SymbolKey,
        make: impl FnOnce(&Font, f32, f32) -> (String, SymbolShape, Place),
    ) -> Option<Placed> {
        if let Some(p) = self.placed.get(&key) {
            return *p;
        }
        let (name, shape, place) = make(&self.font, self.layout.cell() as f32, self.label_px);
        let mask_box = match &shape {
            SymbolShape::Fill { path, .. } | SymbolShape::Halo { path, .. } => fill_box(path),
            SymbolShape::Ring { .. } => Some((0, 0, 0, 0)),
        };
        let placed = mask_box.map(|(x, y, w, h)| {
            let offset = match place {
                Place::AsIs => (0, 0),
                Place::Centred { w: bw, h: bh } => (
                    ((bw - w as f32) / 2.0).round() as i32 - x,
                    ((bh - h as f32) / 2.0).round() as i32 - y,
                ),
                Place::Badge { side } => {
                    let cx = ((side - w as f32) / 2.0).round() as i32;
                    (
                        cx.min(side as i32) - x,
                        ((side - h as f32) / 2.0).round() as i32 - y,
                    )
                }
                Place::Like(other) => other,
            };
            let id = self.symbols.add(Symbol { name, shape });
            Placed {
                id,
                offset,
                size: (w, h),
            }
        });
        self.placed.insert(key, placed);
        placed
    }

    fn fill_ink(&self, cell: &Cell) -> Ink {
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

    /// Outline on top, right, bottom, left (bits 0..4); faint inner grid right, bottom (bits 4, 5).
    fn edges(scene: &Scene, sq: Square) -> u8 {
        let Some(regions) = scene.regions() else {
            return 0;
        };
        let mut edges = 0u8;
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
        edges
    }

    fn background(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square) {
        let cell = *scene.cell(sq);
        let rect = self.layout.cell_rect(sq);
        let fill = self.fill_ink(&cell);
        let layer = match cell.fill {
            Fill::Tile(_) => Layer::Tiles,
            _ => Layer::Board,
        };
        self.rect(out, layer, rect, fill, rect);
        if cell.fill == Fill::Special {
            let mark = self.symbol(SymbolKey::SpecialMark, |_, size, _| {
                let path = special_mark_path(size);
                let shape = SymbolShape::Fill {
                    path,
                    rule: FillRule::Union,
                };
                ("special".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Board, mark, rect, self.colors.special_mark);
        }
        let edges = Self::edges(scene, sq);
        let size = self.layout.cell();
        let at = |x: u32, y: u32, w: u32, h: u32| Rect::new(rect.x + x, rect.y + y, w, h);
        if size >= GRID_MIN_CELL {
            // The two lines meet in the corner pixel; blending it twice would darken it.
            let bottom = if edges & (1 << 4) != 0 {
                size - 1
            } else {
                size
            };
            let faint = [
                (1 << 4, at(size - 1, 0, 1, size)),
                (1 << 5, at(0, size - 1, bottom, 1)),
            ];
            for (bit, line) in faint {
                if edges & bit != 0 {
                    let shape = Shape::Rect(line);
                    self.item(
                        out,
                        Layer::Grid,
                        shape,
                        self.colors.outline,
                        GRID_ALPHA,
                        rect,
                    );
                }
            }
        }
        // Outlines stay in the outer eighth of the cell (the layout contract), so the middle half of
        // every cell shows only its fill.
        let t = outline_width(size);
        let strips = [
            at(0, 0, size, t),
            at(size - t, 0, t, size),
            at(0, size - t, size, t),
            at(0, 0, t, size),
        ];
        for (bit, strip) in strips.into_iter().enumerate() {
            if edges & (1 << bit) != 0 {
                self.rect(out, Layer::Outlines, strip, self.colors.outline, rect);
            }
        }
    }

    fn splits(&self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
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
                let line = line.intersect(&clip);
                if !line.is_empty() {
                    self.rect(out, Layer::Splits, line, self.colors.split, clip);
                }
            }
        }
    }

    fn path(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect) {
        let path = scene.path();
        // The path changes at its end (a move or a retreat): keep the centres of the common prefix.
        let mut keep = self.centres.len().min(path.len());
        while keep > 0 && self.centres[keep - 1] != self.centre(path[keep - 1]) {
            keep -= 1;
        }
        if keep > 0 && self.centres[0] != self.centre(path[0]) {
            keep = 0;
        }
        self.centres.truncate(keep);
        for &sq in &path[keep..] {
            let c = self.centre(sq);
            self.centres.push(c);
        }
        if self.centres.len() < 2 {
            return;
        }
        let width = (self.layout.cell() as f32 * PATH_WIDTH).max(1.0);
        let shape = Shape::Polyline {
            points: &self.centres,
            width,
        };
        let item = Item {
            layer: Layer::Path,
            shape,
            ink: self.colors.path,
            alpha: 255,
            clip,
        };
        out.paint(&item, &self.symbols);
    }

    fn centre(&self, sq: Square) -> [f32; 2] {
        let (x, y) = self.layout.center(sq);
        [x, y]
    }

    /// Nodes need room for a ring around a readable number; smaller cells get plain numbers with a
    /// halo instead.
    fn uses_nodes(&self, scene: &Scene) -> bool {
        scene.label_style() == LabelStyle::Node && self.layout.cell() >= NODE_MIN_CELL
    }

    /// A ring `w` (share of the cell) wide whose outer edge is the circle `geometry` gives for the
    /// cell size: (centre, radius).
    fn ring_symbol(
        &mut self,
        key: SymbolKey,
        name: &str,
        geometry: fn(f32) -> (f32, f32),
        w: f32,
    ) -> Option<Placed> {
        let name = name.to_string();
        self.symbol(key, move |_, size, _| {
            let (c, r) = geometry(size);
            let w = (size * w).max(1.0);
            let shape = SymbolShape::Ring {
                cx: c,
                cy: c,
                r: r - w / 2.0,
                width: w,
            };
            (name, shape, Place::AsIs)
        })
    }

    /// The disc `geometry` gives for the cell size: (centre, radius).
    fn disc_symbol(
        &mut self,
        key: SymbolKey,
        name: &str,
        geometry: fn(f32) -> (f32, f32),
    ) -> Option<Placed> {
        let name = name.to_string();
        self.symbol(key, move |_, size, _| {
            let (c, r) = geometry(size);
            let shape = SymbolShape::Fill {
                path: Path::circle(c, c, r),
                rule: FillRule::Union,
            };
            (name, shape, Place::AsIs)
        })
    }

    fn foreground(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square) {
        let cell = *scene.cell(sq);
        let rect = self.layout.cell_rect(sq);
        let fill = self.fill_ink(&cell);
        let nodes = self.uses_nodes(scene);
        let marker_color = cell.marker.map(|m| match m {
            Marker::Start => self.colors.start,
            Marker::End => self.colors.end,
        });
        // A piece takes the centre; a number then moves to a badge in the top-left corner.
        let badge = cell.piece.is_some() && cell.label.is_some();
        if nodes && cell.label.is_some() && !badge {
            let ring = marker_color.unwrap_or(self.colors.path);
            let disc = self.disc_symbol(SymbolKey::NodeDisc, "node", node_geometry);
            let ring_shape = if marker_color.is_some() {
                self.ring_symbol(
                    SymbolKey::MarkedRing,
                    "node-ring-marked",
                    node_geometry,
                    NODE_RING_MARKED,
                )
            } else {
                self.ring_symbol(SymbolKey::NodeRing, "node-ring", node_geometry, NODE_RING)
            };
            self.put(out, Layer::Marks, disc, rect, self.colors.node);
            self.put(out, Layer::Marks, ring_shape, rect, ring);
        } else if let (Some(color), false) = (marker_color, badge) {
            let ring = self.symbol(SymbolKey::MarkerRing, |_, size, _| {
                let shape = SymbolShape::Ring {
                    cx: size / 2.0,
                    cy: size / 2.0,
                    r: size * MARKER_RADIUS,
                    width: (size * MARKER_RING).max(1.0),
                };
                ("marker".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Marks, ring, rect, color);
        }
        if let Some(piece) = cell.piece {
            self.piece(out, piece, rect);
        }
        let Some(n) = cell.label else { return };
        if badge {
            let ring = marker_color.unwrap_or(self.colors.path);
            let disc = self.disc_symbol(SymbolKey::BadgeDisc, "badge", badge_geometry);
            let ring_shape = self.ring_symbol(
                SymbolKey::BadgeRing,
                "badge-ring",
                badge_geometry,
                BADGE_RING,
            );
            self.put(out, Layer::Badges, disc, rect, self.colors.node);
            self.put(out, Layer::Badges, ring_shape, rect, ring);
            let label = self.symbol(SymbolKey::Label(n, LabelPlace::Badge), |font, size, px| {
                let (c, r) = badge_geometry(size);
                let text = n.to_string();
                let px = px.min(font.fit_px(&text, r * 1.45, r * 1.1));
                let path = font.text_path(&text, px);
                let shape = SymbolShape::Fill {
                    path,
                    rule: FillRule::NonZero,
                };
                (format!("b{n}"), shape, Place::Badge { side: 2.0 * c })
            });
            let ink = self.colors.ink_on[&self.colors.node];
            self.put(out, Layer::Badges, label, rect, ink);
            return;
        }
        let ink_bg = if nodes { self.colors.node } else { fill };
        let ink = self
            .colors
            .ink_on
            .get(&ink_bg)
            .copied()
            .unwrap_or(self.colors.ink_margin);
        let label = self.symbol(SymbolKey::Label(n, LabelPlace::Centre), |font, size, px| {
            let path = font.text_path(&n.to_string(), px);
            let shape = SymbolShape::Fill {
                path,
                rule: FillRule::NonZero,
            };
            (format!("n{n}"), shape, Place::Centred { w: size, h: size })
        });
        if scene.label_style() == LabelStyle::Node && !nodes {
            // Small cells: a halo in the cell's own colour keeps the number clear of the path.
            if let Some(l) = label {
                let halo = self.symbol(SymbolKey::Halo(n), |font, _, px| {
                    let path = font.text_path(&n.to_string(), px);
                    (
                        format!("h{n}"),
                        SymbolShape::Halo { path, grow: 1.0 },
                        Place::Like(l.offset),
                    )
                });
                self.put(out, Layer::Numbers, halo, rect, fill);
            }
        }
        self.put(out, Layer::Numbers, label, rect, ink);
    }

    fn piece(&mut self, out: &mut dyn Painter, piece: Piece, rect: Rect) {
        let (body, detail) = match piece {
            Piece::Crown => {
                let body = self.symbol(SymbolKey::Piece(piece), |_, size, _| {
                    let (body, _) = crown_path(0.0, 0.0, size);
                    let shape = SymbolShape::Fill {
                        path: body,
                        rule: FillRule::Union,
                    };
                    ("crown".into(), shape, Place::AsIs)
                });
                let detail = self.symbol(SymbolKey::PieceDetail(piece), |_, size, _| {
                    let (_, detail) = crown_path(0.0, 0.0, size);
                    let shape = SymbolShape::Fill {
                        path: detail,
                        rule: FillRule::Union,
                    };
                    ("crown-detail".into(), shape, Place::AsIs)
                });
                (body, detail)
            }
            Piece::Glyph(ch) => {
                let body = self.symbol(SymbolKey::Piece(piece), |font, size, _| {
                    let s = ch.to_string();
                    let px = font.fit_px(&s, size * GLYPH_PIECE, size * GLYPH_PIECE);
                    let shape = SymbolShape::Fill {
                        path: font.text_path(&s, px),
                        rule: FillRule::NonZero,
                    };
                    (
                        format!("u{:x}", ch as u32),
                        shape,
                        Place::Centred { w: size, h: size },
                    )
                });
                (body, None)
            }
        };
        self.put(out, Layer::Pieces, body, rect, self.colors.piece);
        self.put(out, Layer::Pieces, detail, rect, self.colors.piece_edge);
    }

    fn margin(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let m = self.layout.margin();
        if m == 0 {
            return;
        }
        let board = self.layout.board_rect();
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        // A thin frame just outside the board, so the board's own pixels follow the contract.
        let t = (self.layout.cell() / 40).clamp(1, 3).min(m);
        let frame = Rect::new(
            board.x - t,
            board.y - t,
            board.width + 2 * t,
            board.height + 2 * t,
        );
        self.rect(out, Layer::Frame, frame, self.colors.frame, bounds);
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
            self.text(out, Layer::Labels, &text, px, (x, y), ink);
        }
        for r in 0..rows {
            let text = match scene.axes() {
                Axes::None => continue,
                Axes::Chess => (rows - r).to_string(),
                Axes::Indices => r.to_string(),
            };
            let y = board.y as f32 + (r as f32 + 0.5) * cell;
            self.text(out, Layer::Labels, &text, px, (gap, y), ink);
        }
        self.caption(scene, out);
    }

    fn caption(&mut self, scene: &Scene, out: &mut dyn Painter) {
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
        let caption = caption.to_string();
        self.text(out, Layer::Caption, &caption, px, (x, y), ink);
    }

    /// `text` at `px` with its ink box centred on `centre` (rounded to whole pixels).
    fn text(
        &mut self,
        out: &mut dyn Painter,
        layer: Layer,
        text: &str,
        px: f32,
        centre: (f32, f32),
        ink: Ink,
    ) {
        let key = SymbolKey::Text(text.to_string(), px.to_bits());
        let Some(p) = self.symbol(key, |font, _, _| {
            let shape = SymbolShape::Fill {
                path: font.text_path(text, px),
                rule: FillRule::NonZero,
            };
            (format!("t-{}", text.len()), shape, Place::AsIs)
        }) else {
            return;
        };
        let (w, h) = p.size;
        let dx = (centre.0 - w as f32 / 2.0).round() as i32 - fill_origin(&self.symbols, p.id).0;
        let dy = (centre.1 - h as f32 / 2.0).round() as i32 - fill_origin(&self.symbols, p.id).1;
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        self.item(
            out,
            layer,
            Shape::Symbol { id: p.id, dx, dy },
            ink,
            255,
            bounds,
        );
    }
}

/// How a new symbol is placed in its cell.
enum Place {
    /// Where its geometry says.
    AsIs,
    /// Its mask's box centred in a `w` x `h` box at the cell's corner (whole pixels).
    Centred { w: f32, h: f32 },
    /// Centred in the corner badge's `side` x `side` box.
    Badge { side: f32 },
    /// With the same offset as another symbol (a halo behind its number).
    Like((i32, i32)),
}

/// The top-left pixel of a filled symbol's mask.
fn fill_origin(symbols: &Symbols, id: SymbolId) -> (i32, i32) {
    match &symbols.get(id).shape {
        SymbolShape::Fill { path, .. } | SymbolShape::Halo { path, .. } => {
            fill_box(path).map_or((0, 0), |(x, y, _, _)| (x, y))
        }
        SymbolShape::Ring { .. } => (0, 0),
    }
}

/// Centre (on both axes) and radius of the node that holds a number on a path.
fn node_geometry(cell: f32) -> (f32, f32) {
    (cell / 2.0, cell * NODE_RADIUS)
}

/// Centre and radius of the corner badge that holds the number of a cell with a piece.
fn badge_geometry(cell: f32) -> (f32, f32) {
    let r = cell * BADGE_RADIUS;
    (r + cell * BADGE_INSET, r)
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

/// The special square's mark: a diamond in the middle of the cell.
fn special_mark_path(cell: f32) -> Path {
    let c = cell / 2.0;
    let r = cell * SPECIAL_MARK_RADIUS;
    let mut p = Path::new();
    p.move_to(c, c - r);
    p.line_to(c + r, c);
    p.line_to(c, c + r);
    p.line_to(c - r, c);
    p.close();
    p
}
