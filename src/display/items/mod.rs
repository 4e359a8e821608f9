//! A [`Scene`] laid out as display-list items: every proportion of a figure (outline and split
//! weights, nodes, badges, the crown, text sizes) is decided here, once, for every backend.
//!
//! [`ItemBuilder`] emits the items of the whole figure, or only those inside one cell (an animation
//! repaints the cells that changed), always in the same order: cell backgrounds, split lines, the path,
//! then each cell's foreground, so a repainted cell equals the same cell of a full render.

mod background;
mod badge;
mod big_marks;
mod chess_piece;
mod colors;
mod foreground;
mod line_slots;
mod margin;
mod number_tag;
mod overlay;
mod overlay_shapes;
mod panel;
mod panel_tree;
mod piece;
mod piece_body;
mod repaint;
mod split_index;
mod splits;
mod step_path;
mod symbols;

use std::collections::HashMap;

use crate::display::glyph::Font;
use crate::display::layout::Layout;
use crate::display::list::{Item, Layer, Painter, Shape, SymbolId, Symbols};
use crate::display::text_size::{number_px, NumberRoom};
use crate::geom::Rect;
use crate::geom::Square;
use crate::scene::{Cell, Emphasis, Piece, Scene};

pub(crate) use colors::Colors;
pub(crate) use foreground::path_numbers;
pub(crate) use overlay::OverlayInks;
use overlay::{ClipTo, LayerFilter, MarkIndex, OverlayKey};
pub(crate) use panel::PanelInks;
use split_index::SplitIndex;

/// Path width as a share of the cell.
const PATH_WIDTH: f32 = 0.055;
/// How far from a cell's centre a line to a number's node or disc may stop, as a share of the cell:
/// the larger of the node's radius and the clearing disc's (which is this), so that the path and
/// the overlays drawn along it (a closing move) stop at the same place.
const NODE_EDGE: f32 = 0.40;
/// The shapes a figure defines once.
#[derive(Clone, PartialEq, Eq, Hash)]
enum SymbolKey {
    SpecialMark,
    AttackMark,
    NodeDisc,
    NodeRing,
    MarkedRing,
    ClearDisc,
    ClearRing,
    /// The tag that holds the number of a square with a piece.
    NumberTag(number_tag::TagKey),
    MarkerRing,
    /// The disc of the square's colour that stops the path short of a piece on it.
    PieceClear,
    /// The thin second ring around a start ring.
    StartRing,
    Piece(Piece),
    PieceDetail(Piece),
    /// A number, on a path (in a node) or plain.
    Label(u32, bool),
    /// The halo behind a number that a mark or an arrow crosses.
    NumberHalo(u32, bool),
    /// The box that clears the path around a number in a cell too small for a ringed node.
    NumberBox(u32),
    /// Margin text at a size (f32 bits), placed by its baseline.
    Line(String, u32),
    /// The halo of margin text on a transparent figure.
    LineHalo(String, u32),
    /// A panel's text at a size, in the panel's face, and its halo.
    PanelLine(String, u32),
    PanelLineHalo(String, u32),
    /// Marks, arrows, links, rings and what else overlays draw.
    Overlay(OverlayKey),
    /// Count badges.
    Badge(badge::BadgeKey),
    /// Large markers of big boards ([`big_marks`]).
    BigRing,
    BigRingHalo,
    BigSquare,
    BigSquareHalo,
    BigDiamond,
    /// A panel's tree node of a radius (f32 bits): its disc and its ring.
    PanelDisc(u32),
    PanelRing(u32, u32),
}

/// A symbol and where its pixels go: at a cell's corner plus `offset` (cell symbols) or at `offset`
/// from the point that centres it (text).
#[derive(Clone, Copy)]
struct Placed {
    id: SymbolId,
    offset: (i32, i32),
    /// The pixel box of its mask: its top-left corner in the symbol's coordinates, width and height.
    origin: (i32, i32),
    size: (u32, u32),
}

/// Text the figure leaves out because it could not be legible at this size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Omitted {
    /// Numbers in cells (tile and step numbers).
    pub numbers: bool,
    /// Coordinate labels in the margin.
    pub labels: bool,
    /// The caption.
    pub caption: bool,
    /// Where numbers were left out: the smallest cell size (px) that shows them.
    pub numbers_from_cell: Option<u32>,
}

/// Lays scenes of one size and style out as items.
pub(crate) struct ItemBuilder {
    layout: Layout,
    colors: Colors,
    font: Font,
    /// The numbers' size straight on a fill; `None` where they cannot be legible.
    plain_px: Option<f32>,
    /// The size of numbers on a path and whether they sit in ringed nodes ([`path_numbers`]).
    path_px: Option<(f32, bool)>,
    max_label: u32,
    /// The size asked for captions and labels (`None`: by the margin and the cell).
    text_px: Option<f32>,
    omitted: Omitted,
    /// Whether the numbers left out were numbers on a path (in nodes).
    numbers_on_path: bool,
    symbols: Symbols,
    placed: HashMap<SymbolKey, Option<Placed>>,
    /// The lines of text among `placed`, bounded ([`line_slots`]).
    lines: line_slots::LineSlots,
    /// Centres of the path's squares, kept in step with the scene's path.
    centres: Vec<[f32; 2]>,
    /// For a dotted path: its squares and how often each is visited, kept in step with the scene's
    /// path (empty for other path styles).
    dotted: Vec<Square>,
    on_path: HashMap<Square, u32>,
    /// The divisions near each block of cells, for repainting one cell.
    split_index: SplitIndex,
    /// The size of large markers, and the squares that carry one (in the order they are drawn).
    big: big_marks::BigSizes,
    big_marks: std::collections::BTreeMap<Square, big_marks::BigMark>,
    /// The ink of each dot of a dotted path (the ink of the move that reached it).
    dot_stops: HashMap<Square, usize>,
    /// The boxes of the path's parts of one colour, when coloured by step.
    step_boxes: step_path::StepBoxes,
    /// Where the panel goes and its inks, for scenes with a panel.
    panel: Option<(crate::display::panel::PanelAt, PanelInks)>,
    /// The panel as last drawn, so that a repaint draws only what changed.
    panel_drawn: Option<crate::scene::Panel>,
}

impl ItemBuilder {
    pub(crate) fn new(
        layout: Layout,
        colors: Colors,
        font: Font,
        max_label: u32,
        text_px: Option<f32>,
    ) -> ItemBuilder {
        let cell = layout.cell();
        let plain_px = number_px(&font, cell, max_label, NumberRoom::Plain);
        let path_px = path_numbers(&font, cell, max_label);
        ItemBuilder {
            layout,
            colors,
            font,
            plain_px,
            path_px,
            max_label,
            text_px,
            omitted: Omitted::default(),
            numbers_on_path: false,
            symbols: Symbols::new(),
            placed: HashMap::new(),
            lines: line_slots::LineSlots::for_board(layout.rows(), layout.cols()),
            centres: Vec::new(),
            dotted: Vec::new(),
            on_path: HashMap::new(),
            split_index: SplitIndex::default(),
            big: big_marks::BigSizes::of(&layout),
            big_marks: std::collections::BTreeMap::new(),
            dot_stops: HashMap::new(),
            step_boxes: step_path::StepBoxes::default(),
            panel: None,
            panel_drawn: None,
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

    /// How many lines of text are kept as symbols.
    #[cfg(test)]
    pub(crate) fn lines_kept(&self) -> usize {
        self.lines.len()
    }

    /// The symbols made so far, lent out whole (see [`ItemBuilder::restore_symbols`]).
    pub(crate) fn take_symbols(&mut self) -> Symbols {
        std::mem::take(&mut self.symbols)
    }

    /// Gives back the symbols of [`ItemBuilder::take_symbols`].
    pub(crate) fn restore_symbols(&mut self, symbols: Symbols) {
        self.symbols = symbols;
    }

    pub(crate) fn font(&self) -> &Font {
        &self.font
    }

    pub(crate) fn max_label(&self) -> u32 {
        self.max_label
    }

    /// Whether the numbers left out ([`Omitted::numbers`]) stand on a path.
    pub(crate) fn numbers_on_path(&self) -> bool {
        self.numbers_on_path
    }

    /// What was left out of the figures drawn so far.
    pub(crate) fn omitted(&self) -> Omitted {
        self.omitted
    }

    /// Every item of the figure.
    pub(crate) fn full(&mut self, scene: &Scene, out: &mut dyn Painter) {
        self.full_under(scene, out);
        self.big_marks(scene, out, self.layout.board_rect());
    }

    /// Every item of the figure but the large markers, which lie over all the rest of the board
    /// ([`big_marks`]): the layer under them, which an animation keeps so that a marker moves at
    /// the cost of its own pixels.
    pub(crate) fn full_under(&mut self, scene: &Scene, out: &mut dyn Painter) {
        let bounds = Rect::new(0, 0, self.layout.width(), self.layout.height());
        self.rect(out, Layer::Frame, bounds, self.colors.background, bounds);
        self.margin(scene, out);
        self.panel(scene, out);
        let cells: Vec<Square> = (0..scene.rows())
            .flat_map(|r| (0..scene.cols()).map(move |c| Square::new(r, c)))
            .collect();
        self.find_big_marks(scene);
        self.region(scene, out, self.layout.board_rect(), &cells);
    }

    /// The caption band, repainted.
    pub(crate) fn caption_band(&mut self, scene: &Scene, out: &mut dyn Painter) -> Rect {
        let band = self.layout.caption_rect();
        self.rect(out, Layer::Caption, band, self.colors.background, band);
        self.caption(scene, out);
        band
    }

    /// Every layer inside one cell, repainted after it changed; returns the cell's rectangle (what
    /// may differ). Where only part of the cell can look different ([`ItemBuilder::changed_parts`])
    /// only that part is painted, every item clipped to it, in one pass over the cell's items.
    pub(crate) fn cell(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square) -> Rect {
        self.cell_layers(scene, out, sq, true)
    }

    /// [`ItemBuilder::cell`] without the large markers ([`ItemBuilder::full_under`]).
    pub(crate) fn cell_under(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square) -> Rect {
        self.cell_layers(scene, out, sq, false)
    }

    fn cell_layers(&mut self, scene: &Scene, out: &mut dyn Painter, sq: Square, big: bool) -> Rect {
        let rect = self.layout.cell_rect(sq);
        let parts = scene
            .cell_before(sq)
            .and_then(|old| self.changed_parts(old, scene.cell(sq), sq));
        match parts {
            Some(parts) => {
                let mut clipped = ClipTo { out, clips: &parts };
                self.region(scene, &mut clipped, rect, &[sq]);
                if big {
                    self.big_marks(scene, &mut clipped, rect);
                }
            }
            None => {
                self.region(scene, out, rect, &[sq]);
                if big {
                    self.big_marks(scene, out, rect);
                }
            }
        }
        rect
    }

    /// The parts of the cell at `sq` that can look different now that its value changed from
    /// `old` to `new`, when that is less than the cell: a piece's frame came or went, and only the
    /// frame's strips along the edges change (the piece inside is not repainted, which in the
    /// explaining queens search, where every placement unframes the queen before, cost as much as
    /// placing the new one). `None` for any other change: repaint the whole cell.
    fn changed_parts(&self, old: &Cell, new: &Cell, sq: Square) -> Option<[Rect; 4]> {
        let framing = |e: Emphasis| matches!(e, Emphasis::None | Emphasis::Placed);
        let unframed = |c: &Cell| Cell {
            emphasis: Emphasis::None,
            ..*c
        };
        (old.emphasis != new.emphasis
            && framing(old.emphasis)
            && framing(new.emphasis)
            && unframed(old) == unframed(new))
        .then(|| Self::frame_strips(self.layout.cell_rect(sq)))
    }

    /// Cell backgrounds, split lines, the path, then each cell's foreground, inside `clip` (the
    /// large markers over them are the caller's: [`ItemBuilder::big_marks`]).
    ///
    /// Arrows and links cross cells and lie between the cells' rings and nodes and their pieces and
    /// numbers: where a scene has any, each cell's foreground is emitted in two passes around them
    /// (the cells' items never overlap, so this changes no pixel of a figure without them).
    fn region(&mut self, scene: &Scene, out: &mut dyn Painter, clip: Rect, cells: &[Square]) {
        let marks = MarkIndex::new(scene);
        for &sq in cells {
            self.background(scene, out, sq, &marks);
        }
        // One repainted cell meets only the divisions indexed near it.
        let mut index = std::mem::take(&mut self.split_index);
        let near = match cells {
            [sq] => Some(index.near(scene, *sq)),
            _ => None,
        };
        self.splits(scene, out, clip, near);
        self.split_index = index;
        self.path(scene, out, clip);
        self.closing_move(scene, out, clip);
        self.sync_dots(scene);
        if scene.arrows().is_empty() && scene.links().is_empty() {
            for &sq in cells {
                self.foreground(scene, out, sq, &marks);
            }
            return;
        }
        let mut under = LayerFilter {
            out: &mut *out,
            keep: |l| l <= Layer::Overlays,
        };
        for &sq in cells {
            self.foreground(scene, &mut under, sq, &marks);
        }
        self.lines(scene, out, clip);
        let mut over = LayerFilter {
            out: &mut *out,
            keep: |l| l > Layer::Overlays,
        };
        for &sq in cells {
            self.foreground(scene, &mut over, sq, &marks);
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
        self.step_boxes.forget_from(keep);
        for &sq in &path[keep..] {
            let c = self.centre(sq);
            self.centres.push(c);
        }
        if self.centres.len() < 2 {
            return;
        }
        let width = (self.layout.cell() as f32 * PATH_WIDTH).max(1.0);
        if !self.colors.steps.is_empty() {
            let squares = (scene.rows() as usize) * (scene.cols() as usize);
            return self.step_path(out, clip, width, squares);
        }
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
}

/// How a new symbol is placed in its cell.
enum Place {
    /// Where its geometry says.
    AsIs,
    /// Its mask's box centred (to whole pixels) on this point, relative to the cell's corner.
    Centred(f32, f32),
}

#[cfg(test)]
mod line_slots_tests;
#[cfg(test)]
mod tests;
