//! The display list: a figure as drawing items in figure pixels, decided once and drawn by every
//! backend (the palette raster for PNG and GIF, the SVG and PDF writers).
//!
//! A figure is produced as a stream of [`Item`]s handed to a [`Painter`], in paint order. Shapes that
//! repeat (a number's glyphs, the crown, a node's disc and ring, the special square's diamond) are
//! [`Symbol`]s, defined once in a [`Symbols`] table and placed by id with a whole-pixel offset, so
//! the raster backend rasterizes each once and the SVG writer defines each once in `<defs>`.
//!
//! Colours are palette indices ([`Ink`]): the figure's [`Palette`](crate::display::palette::Palette) maps them
//! to RGB for vector backends, and the raster backend paints the indices themselves. Every item belongs
//! to a [`Layer`]; within one cell items come in layer order, so a vector backend may group items by
//! layer (for restyling) without changing what covers what.

pub use crate::display::glyph::GlyphRun;
use crate::geom::{Path, Rect};

/// A colour of the figure's palette.
pub type Ink = u8;

/// What an item is part of; vector backends group items by layer, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// The frame line around the board.
    Frame,
    /// Chessboard squares, blank squares, the special square and its mark.
    Board,
    /// Tile fills.
    Tiles,
    /// Tints over a square's fill: a filled mark.
    Highlights,
    /// The faint grid between cells of one tile.
    Grid,
    /// Tile outlines.
    Outlines,
    /// Lines that show how the board was divided.
    Splits,
    /// A path through cell centres.
    Path,
    /// Start and end rings, nodes that hold numbers.
    Marks,
    /// What the reader or an explaining animation adds over the board and under the pieces: marks,
    /// arrows, lines between attacking pieces, conflict rings, the frame of a piece just placed,
    /// dead-end crosses.
    Overlays,
    /// Pieces (crowns, glyphs).
    Pieces,
    /// The corner tag of a cell with a piece and a number, count badges; the reader's marks on a
    /// square with a piece (over it, with their halo).
    Badges,
    /// Numbers in cells (and the halos that keep them clear of the path).
    Numbers,
    /// The mistakes of a checked answer, over everything on their square.
    Mistakes,
    /// Coordinate labels in the margin.
    Labels,
    /// The caption below the board.
    Caption,
    /// The panel beside the board: code, stack, counters, call tree.
    Panel,
}

impl Layer {
    /// Every layer in paint order.
    pub const ALL: [Layer; 17] = [
        Layer::Frame,
        Layer::Board,
        Layer::Tiles,
        Layer::Highlights,
        Layer::Grid,
        Layer::Outlines,
        Layer::Splits,
        Layer::Path,
        Layer::Marks,
        Layer::Overlays,
        Layer::Pieces,
        Layer::Badges,
        Layer::Numbers,
        Layer::Mistakes,
        Layer::Labels,
        Layer::Caption,
        Layer::Panel,
    ];

    /// A readable name (an SVG group id).
    pub fn name(self) -> &'static str {
        match self {
            Layer::Frame => "frame",
            Layer::Board => "board",
            Layer::Tiles => "tiles",
            Layer::Highlights => "highlights",
            Layer::Grid => "grid",
            Layer::Outlines => "outlines",
            Layer::Splits => "splits",
            Layer::Path => "path",
            Layer::Marks => "marks",
            Layer::Overlays => "overlays",
            Layer::Pieces => "pieces",
            Layer::Badges => "badges",
            Layer::Numbers => "numbers",
            Layer::Mistakes => "mistakes",
            Layer::Labels => "labels",
            Layer::Caption => "caption",
            Layer::Panel => "panel",
        }
    }
}

/// How a filled path covers the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillRule {
    /// Non-zero winding over all sub-paths together (text: counters are holes).
    NonZero,
    /// Each sub-path filled on its own and the results united (overlapping parts never cancel).
    Union,
}

/// The geometry of a symbol, in its own coordinates (placed by [`ShapeOf::Symbol`]'s offset).
#[derive(Clone, Debug, PartialEq)]
pub enum SymbolShape {
    /// A line of text: glyphs at their pens on the baseline y = 0, filled as their outline
    /// ([`GlyphRun::outline`], non-zero); the raster backend draws it glyph by glyph.
    Text(GlyphRun),
    /// A filled outline.
    Fill {
        /// The outline.
        path: Path,
        /// How it is filled.
        rule: FillRule,
    },
    /// A circle drawn as a line `width` wide centred on radius `r`.
    Ring {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius of the line's centre.
        r: f32,
        /// Line width.
        width: f32,
    },
    /// The outline (non-zero) grown by `grow` pixels on every side: a halo behind text.
    Halo {
        /// The text outline.
        path: Path,
        /// How far the halo reaches beyond the outline.
        grow: f32,
        /// Whether every pixel the outline touches is fully covered: a number's halo hides what
        /// lies under its digits' anti-aliased edges too, as a vector halo (the outline filled and
        /// stroked) does; an overlay's edge stays soft.
        solid: bool,
    },
}

impl SymbolShape {
    /// The outline a fill draws and its rule: a fill's path, or a line of text's glyph outlines
    /// (non-zero); `None` for a ring or a halo.
    pub fn fill(&self) -> Option<(&Path, FillRule)> {
        match self {
            SymbolShape::Fill { path, rule } => Some((path, *rule)),
            SymbolShape::Text(run) => Some((run.outline(), FillRule::NonZero)),
            SymbolShape::Ring { .. } | SymbolShape::Halo { .. } => None,
        }
    }
}

/// Identifies a symbol in a [`Symbols`] table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolId(pub u32);

/// A shape drawn more than once.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// A readable name (an SVG id stem: "crown", "n17", "node-disc").
    pub name: String,
    /// Its geometry.
    pub shape: SymbolShape,
}

/// What a text outline spells: for a backend that sets text in the reader's own font (TikZ) rather
/// than drawing the outline.
#[derive(Clone, Debug, PartialEq)]
pub struct SymbolText {
    /// The characters.
    pub text: String,
    /// The font size the outline was made at: the em, in figure pixels.
    pub em: f32,
}

/// The symbols of one figure, each defined once.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    defs: Vec<Symbol>,
    /// How often each symbol's id was given to another symbol ([`Symbols::replace`]): a backend
    /// that keeps something made from a symbol (a mask, a name in a page) keeps its revision too.
    revisions: Vec<u32>,
    /// The text that outlines spell, by symbol index (outlines that are not text have none).
    texts: std::collections::BTreeMap<u32, SymbolText>,
}

impl Symbols {
    /// An empty table.
    pub fn new() -> Symbols {
        Symbols::default()
    }

    /// Adds a symbol and returns its id.
    pub fn add(&mut self, symbol: Symbol) -> SymbolId {
        self.defs.push(symbol);
        self.revisions.push(0);
        SymbolId(self.defs.len() as u32 - 1)
    }

    /// Gives `id` to `symbol` in place of the one it stood for (a line of text no longer drawn),
    /// so that the table stays as large as one figure needs however many pictures are drawn; the
    /// id's revision moves on.
    pub(crate) fn replace(&mut self, id: SymbolId, symbol: Symbol) {
        let i = id.0 as usize;
        self.defs[i] = symbol;
        self.revisions[i] = self.revisions[i].wrapping_add(1);
        self.texts.remove(&id.0);
    }

    /// How often `id` was given to another symbol: what a backend kept of it is out of date when
    /// this changed.
    pub fn revision(&self, id: SymbolId) -> u32 {
        self.revisions[id.0 as usize]
    }

    /// The symbol `id` stands for.
    pub fn get(&self, id: SymbolId) -> &Symbol {
        &self.defs[id.0 as usize]
    }

    /// Records that symbol `id` is the outline of `text` (see [`SymbolText`]).
    pub fn set_text(&mut self, id: SymbolId, text: SymbolText) {
        self.texts.insert(id.0, text);
    }

    /// The text symbol `id` spells, `None` for a shape (a piece, a ring, a mark).
    pub fn text(&self, id: SymbolId) -> Option<&SymbolText> {
        self.texts.get(&id.0)
    }

    /// Adds every symbol of `other` (and the text they spell) after these, returning the id the
    /// first of them gets: `other`'s ids move up by it (a figure of two figures' lists).
    pub(crate) fn append(&mut self, other: &Symbols) -> u32 {
        let base = self.defs.len() as u32;
        self.defs.extend(other.defs.iter().cloned());
        self.revisions.extend(other.revisions.iter().copied());
        for (&i, text) in &other.texts {
            self.texts.insert(base + i, text.clone());
        }
        base
    }

    /// How many symbols there are.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }
}

/// What an item draws: the one shape enum every backend reads. `Points` is how a polyline holds its
/// points: borrowed while a figure is painted (`Shape`), owned in a recorded [`DisplayList`]
/// ([`RecordedShape`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShapeOf<Points> {
    /// An axis-aligned rectangle of whole pixels.
    Rect(Rect),
    /// A symbol moved by whole pixels `dx`, `dy`.
    Symbol {
        /// Which symbol.
        id: SymbolId,
        /// Horizontal offset in pixels.
        dx: i32,
        /// Vertical offset in pixels.
        dy: i32,
    },
    /// A line through `points`, `width` wide, with round joins and caps; where segments overlap the
    /// coverage is united, never added.
    Polyline {
        /// The points, in figure pixels.
        points: Points,
        /// Line width in pixels.
        width: f32,
    },
}

/// A shape as painted: polyline points borrowed.
pub type Shape<'a> = ShapeOf<&'a [[f32; 2]]>;

/// A shape as a [`DisplayList`] records it: polyline points owned.
pub type RecordedShape = ShapeOf<Vec<[f32; 2]>>;

impl Shape<'_> {
    /// The same shape owning its points.
    pub fn to_recorded(self) -> RecordedShape {
        match self {
            ShapeOf::Rect(r) => ShapeOf::Rect(r),
            ShapeOf::Symbol { id, dx, dy } => ShapeOf::Symbol { id, dx, dy },
            ShapeOf::Polyline { points, width } => ShapeOf::Polyline {
                points: points.to_vec(),
                width,
            },
        }
    }
}

impl RecordedShape {
    /// The same shape borrowing its points.
    pub fn as_shape(&self) -> Shape<'_> {
        match self {
            ShapeOf::Rect(r) => ShapeOf::Rect(*r),
            ShapeOf::Symbol { id, dx, dy } => ShapeOf::Symbol {
                id: *id,
                dx: *dx,
                dy: *dy,
            },
            ShapeOf::Polyline { points, width } => ShapeOf::Polyline {
                points,
                width: *width,
            },
        }
    }
}

/// One drawing operation; `Points` as in [`ShapeOf`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ItemOf<Points> {
    /// What it is part of.
    pub layer: Layer,
    /// What it draws.
    pub shape: ShapeOf<Points>,
    /// Its colour.
    pub ink: Ink,
    /// Its opacity, 255 = opaque (a faint grid line is the outline colour at 70 / 255).
    pub alpha: u8,
    /// Nothing is drawn outside this rectangle (an item drawn into one cell is clipped to the cell).
    /// Vector backends may ignore it where the shape lies inside it anyway.
    pub clip: Rect,
}

/// An item as painted.
pub type Item<'a> = ItemOf<&'a [[f32; 2]]>;

/// An item as a [`DisplayList`] records it (polyline points copied).
pub type RecordedItem = ItemOf<Vec<[f32; 2]>>;

/// A backend: receives a figure's items in paint order.
pub trait Painter {
    /// Draws one item; `symbols` resolves [`ShapeOf::Symbol`] ids.
    fn paint(&mut self, item: &Item<'_>, symbols: &Symbols);
}

/// A whole figure as a list: its size, its items and the symbols they place. Built by recording what a
/// renderer paints; handy for tests and for backends that need to see everything before writing.
#[derive(Clone, Debug, Default)]
pub struct DisplayList {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The items in paint order.
    pub items: Vec<RecordedItem>,
    /// The symbols the items place.
    pub symbols: Symbols,
}

impl DisplayList {
    /// Records items into a new list of `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> DisplayList {
        DisplayList {
            width,
            height,
            ..DisplayList::default()
        }
    }

    /// Plays the list into `painter`.
    pub fn replay(&self, painter: &mut dyn Painter) {
        for r in &self.items {
            let item = Item {
                layer: r.layer,
                shape: r.shape.as_shape(),
                ink: r.ink,
                alpha: r.alpha,
                clip: r.clip,
            };
            painter.paint(&item, &self.symbols);
        }
    }
}

/// Records items as a [`DisplayList`] (symbols are copied in when the recording ends).
pub struct Recorder {
    /// The list being recorded.
    pub list: DisplayList,
}

impl Painter for Recorder {
    fn paint(&mut self, item: &Item<'_>, _symbols: &Symbols) {
        self.list.items.push(RecordedItem {
            layer: item.layer,
            shape: item.shape.to_recorded(),
            ink: item.ink,
            alpha: item.alpha,
            clip: item.clip,
        });
    }
}
