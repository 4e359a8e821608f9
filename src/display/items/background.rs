//! What lies under everything else in a cell: its fill (a square's colour, a tile, the special
//! square), the tiles' outlines and faint inner grid, and the marks drawn on the fill (the special
//! square's diamond, an attacked square's mark).

use super::{ItemBuilder, MarkIndex, Place, SymbolKey};
use crate::display::layout::outline_width;
use crate::display::list::{FillRule, Ink, Layer, Painter, Shape, SymbolShape};
use crate::geom::{Path, Rect, Square};
use crate::scene::{Cell, Fill, Scene};

/// Smallest cell (px) that shows the faint grid between the cells of one tile.
const GRID_MIN_CELL: u32 = 12;

/// Smallest cell (px) whose squares a plain board separates by grid lines.
const PLAIN_GRID_MIN_CELL: u32 = 8;

/// Opacity of the faint grid (the outline colour over the tile's fill).
const GRID_ALPHA: u8 = 70;

/// The special square's diamond: half its diagonal as a share of the cell.
const SPECIAL_MARK_RADIUS: f32 = 0.22;

/// The dot of an attacked square: its radius as a share of the cell.
const ATTACK_DOT_RADIUS: f32 = 0.09;

impl ItemBuilder {
    pub(super) fn fill_ink(&self, cell: &Cell) -> Ink {
        let c = &self.colors;
        match (cell.fill, cell.shaded) {
            // An attacked square keeps its colour and gets a mark of its own (see
            // `attack_mark_path`): a tint moved both squares towards each other's grey.
            (Fill::Light, _) => c.light,
            // A plain board draws every square in the light tone.
            (Fill::Dark, _) if c.plain => c.light,
            (Fill::Dark, _) => c.dark,
            (Fill::Tile(i), _) => c.tiles[i as usize % c.tiles.len()],
            (Fill::Special, _) => c.special,
            (Fill::Blank, false) => c.blank,
            (Fill::Blank, true) => c.focus,
            // The renderer refuses a scene whose colour it has no ink for.
            (Fill::Colour(rgb), _) => c.fills.get(&rgb).copied().unwrap_or(c.light),
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
        let blank = |s: Square| scene.cell(s).fill == Fill::Blank;
        let me = id(sq);
        let neighbours = [
            (sq.row > 0).then(|| Square::new(sq.row - 1, sq.col)),
            (sq.col + 1 < cols).then(|| Square::new(sq.row, sq.col + 1)),
            (sq.row + 1 < scene.rows()).then(|| Square::new(sq.row + 1, sq.col)),
            (sq.col > 0).then(|| Square::new(sq.row, sq.col - 1)),
        ];
        for (bit, n) in neighbours.iter().enumerate() {
            match n {
                // Cells not covered yet are one empty area with a faint grid, not boxes.
                Some(n) if id(*n) == me || (blank(*n) && blank(sq)) => {
                    if bit == 1 || bit == 2 {
                        edges |= 1 << (bit + 3);
                    }
                }
                _ => edges |= 1 << bit,
            }
        }
        edges
    }

    pub(super) fn background(
        &mut self,
        scene: &Scene,
        out: &mut dyn Painter,
        sq: Square,
        marks: &MarkIndex,
    ) {
        let cell = *scene.cell(sq);
        let rect = self.layout.cell_rect(sq);
        let fill = self.fill_ink(&cell);
        let layer = match cell.fill {
            Fill::Tile(_) => Layer::Tiles,
            _ => Layer::Board,
        };
        self.rect(out, layer, rect, fill, rect);
        if cell.fill == Fill::Special {
            let mark = self.symbol(SymbolKey::SpecialMark, |_, size| {
                let path = special_mark_path(size);
                let shape = SymbolShape::Fill {
                    path,
                    rule: FillRule::Union,
                };
                ("special".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Board, mark, rect, self.colors.special_mark);
        }
        if cell.shaded && matches!(cell.fill, Fill::Light | Fill::Dark) {
            let mark = self.symbol(SymbolKey::AttackMark, |_, size| {
                let shape = SymbolShape::Fill {
                    path: attack_mark_path(size),
                    rule: FillRule::Union,
                };
                ("attacked".into(), shape, Place::AsIs)
            });
            self.put(out, Layer::Board, mark, rect, self.colors.piece);
        }
        self.tint(out, rect, marks.at(sq));
        if matches!(cell.fill, Fill::Light | Fill::Dark) {
            self.plain_grid(out, rect);
        }
        let edges = Self::edges(scene, sq);
        let size = self.layout.cell();
        // A cell of its own height (`high`) draws its lines along its own sides.
        let high = self.layout.cell_height();
        let at = |x: u32, y: u32, w: u32, h: u32| Rect::new(rect.x + x, rect.y + y, w, h);
        if size.min(high) >= GRID_MIN_CELL {
            // The two lines meet in the corner pixel; blending it twice would darken it.
            let bottom = if edges & (1 << 4) != 0 {
                size - 1
            } else {
                size
            };
            let faint = [
                (1 << 4, at(size - 1, 0, 1, high)),
                (1 << 5, at(0, high - 1, bottom, 1)),
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
        let t = outline_width(size.min(high));
        let strips = [
            at(0, 0, size, t),
            at(size - t, 0, t, high),
            at(0, high - t, size, t),
            at(0, 0, t, high),
        ];
        for (bit, strip) in strips.into_iter().enumerate() {
            if edges & (1 << bit) != 0 {
                self.rect(out, Layer::Outlines, strip, self.colors.outline, rect);
            }
        }
    }

    /// The thin lines of a plain board on the right and bottom edges of a square (the frame draws
    /// the board's outer edge): one pixel, from [`PLAIN_GRID_MIN_CELL`] up, so they stay within the
    /// outer eighth of the cell; below it the squares go without, but for ruled squares.
    fn plain_grid(&self, out: &mut dyn Painter, rect: Rect) {
        let Some(ink) = self.colors.plain_grid else {
            return;
        };
        let (w, h) = (rect.width, rect.height);
        // Ruled squares are the lines (the Turbo C screen's, whose frame draws only the first):
        // drawn at every size.
        if w.min(h) < PLAIN_GRID_MIN_CELL && !self.colors.ruled {
            return;
        }
        let right = Rect::new(rect.x + w - 1, rect.y, 1, h);
        let bottom = Rect::new(rect.x, rect.y + h - 1, w - 1, 1);
        for line in [right, bottom] {
            self.rect(out, Layer::Grid, line, ink, rect);
        }
    }
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

/// The mark of an attacked square: a dot in the middle of the cell, in the queens' ink. It is the
/// same on both square colours, so attacked and safe squares stay apart where the two colours
/// become greys (a photocopy, the print theme) or hues a reader cannot tell apart; a corner
/// triangle and four dots were tried and read as noise over a board mostly attacked, where the few
/// safe squares are what a student looks for.
fn attack_mark_path(cell: f32) -> Path {
    Path::circle(cell / 2.0, cell / 2.0, cell * ATTACK_DOT_RADIUS)
}
