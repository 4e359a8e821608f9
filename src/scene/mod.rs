//! The board model the renderer draws, and the adapters that turn solver results and events into it.
//!
//! A [`Scene`] is rows x cols [`Cell`]s plus overlays (a path through cell centres, split lines, region
//! outlines, coordinate labels, a caption). It records which cells changed since the last render so an
//! animation repaints only those; the renderer never learns which problem it draws.

pub mod adapter;
pub mod annotate;
mod chess;
pub mod describe;
pub mod overlay;
mod pair;
pub mod panel;
pub mod problem;
mod turn;

use crate::geom::Square;

pub use chess::{ChessPiece, PieceKind, Side};
pub use describe::Description;
pub use overlay::{Arrow, Badge, Emphasis, Link, Mark, MarkKind, PathStyle};
pub use panel::Panel;

/// The background of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fill {
    /// A light chessboard square.
    Light,
    /// A dark chessboard square.
    Dark,
    /// A tile colour, an index into the scene's tile colours.
    Tile(u16),
    /// The special (defective) square of a tromino board.
    Special,
    /// A square not covered yet (a tromino board being tiled).
    Blank,
    /// A colour of the caller's own (sRGB), for a board of your own: the renderer adds every colour
    /// its first scene uses to the palette.
    Colour([u8; 3]),
}

/// The most colours of its own ([`Fill::Colour`]) one scene may fill squares with: each takes a
/// colour, the ink for numbers on it and ramps for the pieces and marks on it, in a palette of 255
/// colours that the theme mostly fills.
pub const MAX_FILL_COLOURS: usize = 12;

/// A piece drawn on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Piece {
    /// The vector crown derived from the Turbo C eight-queens program.
    Crown,
    /// The Turbo C program's crown as it drew it: the outline of a band with a midline and four
    /// spikes, unfilled ([`outline_crown_path`](crate::display::crown::outline_crown_path)).
    CrownOutline,
    /// A character of the font (U+265B queen, U+265E knight, ...).
    Glyph(char),
    /// One of the twelve chess pieces, white or black, from the font's chess symbols.
    Chess(ChessPiece),
}

/// A small mark around a cell's centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Marker {
    /// The first square of a path.
    Start,
    /// The last square of a path.
    End,
    /// A square the search left because it led nowhere (a knight's retreat).
    DeadEnd,
}

/// What one cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Background.
    pub fill: Fill,
    /// Marked: a light or dark square attacked by a queen keeps its colour and gets a dot in the
    /// pieces' ink; a blank cell is shaded (the sub-board a tromino call works on).
    pub shaded: bool,
    /// A number written in the cell (a step or tile number).
    pub label: Option<u32>,
    /// A piece standing on the cell.
    pub piece: Option<Piece>,
    /// A marker ring.
    pub marker: Option<Marker>,
    /// How the piece stands out.
    pub emphasis: Emphasis,
}

impl Cell {
    /// A plain cell with `fill` and nothing on it.
    pub const fn plain(fill: Fill) -> Cell {
        Cell {
            fill,
            shaded: false,
            label: None,
            piece: None,
            marker: None,
            emphasis: Emphasis::None,
        }
    }
}

/// How the margin labels the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Axes {
    /// No labels.
    None,
    /// Chess files a, b, c... below and ranks 1, 2, 3... from the bottom on the left.
    Chess,
    /// 0-based row indices on the left and column indices on top, as in the textbook's printed matrices.
    Indices,
}

/// How cell numbers are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum LabelStyle {
    /// Straight on the cell's fill.
    #[default]
    Plain,
    /// Inside a round node, so a path through the cell centres never hides the number.
    Node,
}

/// A sub-board divided into quadrants (drawn as a cross of lines through its middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// Top-left square of the sub-board.
    pub origin: Square,
    /// Side of the sub-board in cells.
    pub size: u32,
}

/// A board to draw.
///
/// # Overlays
///
/// Beyond its cells a scene carries what a reader or an explaining figure adds, and every backend
/// (PNG, GIF, SVG, PDF) draws it: [`Mark`]s on squares (a dot, a cross, a ring or the square
/// tinted), [`Arrow`]s from one square's centre to another's, [`Link`]s between two pieces that
/// attack each other, each cell's [`Emphasis`] (a conflict ring, the frame of a piece just placed, a
/// removed piece's faint ghost), [`Marker::DeadEnd`] crosses, the closing move of a closed path and
/// a dotted path. Marks and arrows are drawn in the theme's `mark` colour inside a thin edge, over
/// the board and the path and under pieces and numbers, so they read on every square and hide
/// nothing the figure is about.
///
/// ```
/// use chessviz::{draw, Arrow, Emphasis, Link, Mark, MarkKind, Piece, RenderHints, Scene, Square};
/// use chessviz::Style;
///
/// let mut scene = Scene::checkerboard(8, 8);
/// scene.push_mark(Mark { square: Square::new(2, 3), kind: MarkKind::Ring });
/// scene.push_arrow(Arrow { from: Square::new(6, 4), to: Square::new(4, 4) });
/// // Two queens that attack each other: both ringed, a line between them.
/// for sq in [Square::new(0, 0), Square::new(3, 3)] {
///     scene.update_cell(sq, |c| {
///         c.piece = Some(Piece::Crown);
///         c.emphasis = Emphasis::Conflict;
///     });
/// }
/// scene.set_links(vec![Link { a: Square::new(0, 0), b: Square::new(3, 3) }]);
///
/// let style = Style::new(40);
/// let still = draw(&scene, RenderHints::default(), &style)?;
/// // The ring around the middle of square (2, 3) (a margin of 20 pixels, cells of 40) is in the
/// // theme's mark colour.
/// let (cx, cy) = (20 + 3 * 40 + 20, 20 + 2 * 40 + 20);
/// let [r, g, b, _] = still.to_rgba().get_pixel(cx + 15, cy).0;
/// assert_eq!([r, g, b], style.theme.mark);
/// # Ok::<(), chessviz::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    rows: u32,
    cols: u32,
    cells: Vec<Cell>,
    regions: Option<Vec<u32>>,
    path: Vec<Square>,
    splits: Vec<Split>,
    /// Whether the path closes: a last segment from its end back to its start.
    closed: bool,
    path_style: PathStyle,
    marks: Vec<Mark>,
    /// Mistakes of a checked answer: drawn in the theme's conflict colour over the numbers and
    /// badges, so that no number hides one ([`Scene::push_mistake`]).
    mistakes: Vec<Mark>,
    arrows: Vec<Arrow>,
    /// A colour of its own per mark and per arrow (`None`: the theme's mark colour), in step with
    /// `marks` and `arrows`.
    mark_colours: Vec<Option<[u8; 3]>>,
    arrow_colours: Vec<Option<[u8; 3]>>,
    links: Vec<Link>,
    badges: Vec<Badge>,
    axes: Axes,
    label_style: LabelStyle,
    caption: Option<String>,
    /// The lines the caption band holds whatever the caption says, when a sequence of pictures
    /// fixed it ([`Scene::keep_caption_lines`]); `None`: as many as the caption needs.
    caption_lines: Option<usize>,
    /// Seen from the other side: the margin's labels count from the far corner ([`Scene::turned`]).
    turned: bool,
    dirty: Vec<bool>,
    /// The cells marked since the last clear, each once, unless `all_dirty`: so that an animation's
    /// frame costs what changed, not what the board holds.
    changed: Vec<u32>,
    /// For cells marked since the last clear (unless `all_dirty`): their value then while their
    /// own value is all that changed, `None` once something over them changed too (a path, a mark,
    /// a badge), so a renderer can repaint only what the change of value can reach.
    before: std::collections::HashMap<u32, Option<Cell>>,
    all_dirty: bool,
    any_dirty: bool,
    caption_dirty: bool,
    /// The length of the path's prefix left untouched since the last clear.
    path_kept: usize,
    /// Two boards side by side ([`Scene::side_by_side`]); this scene's own caption goes under both.
    pair: Option<Box<pair::Pair>>,
    /// What the program was doing, shown beside the board ([`panel`]).
    panel: Option<Panel>,
    panel_dirty: bool,
    /// The picture in words, as the problem that made the scene says it ([`Scene::description`]).
    description: Option<Description>,
}

impl Scene {
    /// A `rows` x `cols` scene whose every cell is `cell`.
    pub fn new(rows: u32, cols: u32, cell: Cell) -> Scene {
        let n = rows as usize * cols as usize;
        Scene {
            rows,
            cols,
            cells: vec![cell; n],
            regions: None,
            path: Vec::new(),
            splits: Vec::new(),
            closed: false,
            path_style: PathStyle::Line,
            marks: Vec::new(),
            mistakes: Vec::new(),
            arrows: Vec::new(),
            mark_colours: Vec::new(),
            arrow_colours: Vec::new(),
            links: Vec::new(),
            badges: Vec::new(),
            axes: Axes::None,
            label_style: LabelStyle::Plain,
            caption: None,
            caption_lines: None,
            turned: false,
            dirty: vec![true; n],
            changed: Vec::new(),
            before: std::collections::HashMap::new(),
            all_dirty: true,
            any_dirty: true,
            caption_dirty: true,
            path_kept: 0,
            pair: None,
            panel: None,
            panel_dirty: true,
            description: None,
        }
    }

    /// A chessboard: light squares where row + col is even, so on an 8 x 8 board the bottom-left
    /// square (a1) is dark and the bottom-right (h1) light, as on a real board.
    pub fn checkerboard(rows: u32, cols: u32) -> Scene {
        let mut scene = Scene::new(rows, cols, Cell::plain(Fill::Light));
        for r in 0..rows {
            for c in 0..cols {
                if (r + c) % 2 == 1 {
                    scene.cells[(r * cols + c) as usize].fill = Fill::Dark;
                }
            }
        }
        scene
    }

    /// Rows of cells.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of cells.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    fn index(&self, sq: Square) -> usize {
        sq.row as usize * self.cols as usize + sq.col as usize
    }

    /// The cell at `sq`.
    pub fn cell(&self, sq: Square) -> &Cell {
        &self.cells[self.index(sq)]
    }

    /// Replaces the cell at `sq`, marking it changed when it differs.
    pub fn set_cell(&mut self, sq: Square, cell: Cell) {
        let i = self.index(sq);
        if self.cells[i] != cell {
            let old = std::mem::replace(&mut self.cells[i], cell);
            if !self.all_dirty {
                self.before.entry(i as u32).or_insert(Some(old));
            }
            self.flag(i);
        }
    }

    /// Changes the cell at `sq` in place, marking it changed when it differs.
    pub fn update_cell(&mut self, sq: Square, f: impl FnOnce(&mut Cell)) {
        let mut cell = *self.cell(sq);
        f(&mut cell);
        self.set_cell(sq, cell);
    }

    /// Marks cell `i` changed by something drawn over it.
    fn mark(&mut self, i: usize) {
        if !self.all_dirty {
            self.before.insert(i as u32, None);
        }
        self.flag(i);
    }

    /// Marks cell `i` changed.
    fn flag(&mut self, i: usize) {
        if !self.dirty[i] {
            self.dirty[i] = true;
            if !self.all_dirty {
                self.changed.push(i as u32);
            }
        }
        self.any_dirty = true;
    }

    fn mark_box(&mut self, a: Square, b: Square) {
        for r in a.row.min(b.row)..=a.row.max(b.row) {
            for c in a.col.min(b.col)..=a.col.max(b.col) {
                let i = self.index(Square::new(r, c));
                self.mark(i);
            }
        }
    }

    /// Region ids: cells of different regions get an outline between them (tromino tiles).
    pub fn regions(&self) -> Option<&[u32]> {
        self.regions.as_deref()
    }

    /// Sets region ids (one per cell, row-major); outlines are drawn where neighbours differ.
    pub fn set_regions(&mut self, regions: Vec<u32>) {
        debug_assert_eq!(regions.len(), self.cells.len());
        self.regions = Some(regions);
        self.mark_all();
    }

    /// Changes the region of one cell (its neighbours' outlines change too).
    pub fn set_region(&mut self, sq: Square, region: u32) {
        let i = self.index(sq);
        let Some(regions) = self.regions.as_mut() else {
            return;
        };
        if regions[i] == region {
            return;
        }
        regions[i] = region;
        let (r, c) = (sq.row, sq.col);
        let lo = Square::new(r.saturating_sub(1), c.saturating_sub(1));
        let hi = Square::new((r + 1).min(self.rows - 1), (c + 1).min(self.cols - 1));
        self.mark_box(lo, hi);
    }

    /// The path through cell centres, in order.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Extends the path by one square.
    pub fn push_path(&mut self, sq: Square) {
        self.mark_closing();
        match self.path.last() {
            Some(&last) => self.mark_box(last, sq),
            None => self.mark_box(sq, sq),
        }
        self.path.push(sq);
        self.mark_closing();
    }

    /// Marks the cells the closing move of a closed path crosses (it moves with the path's end).
    fn mark_closing(&mut self) {
        if let (true, Some(&first), Some(&last)) =
            (self.closed, self.path.first(), self.path.last())
        {
            self.mark_box(first, last);
        }
    }

    /// Removes the last square of the path.
    pub fn pop_path(&mut self) -> Option<Square> {
        self.mark_closing();
        let sq = self.path.pop()?;
        self.mark_closing();
        self.path_kept = self.path_kept.min(self.path.len());
        match self.path.last() {
            Some(&last) => self.mark_box(last, sq),
            None => self.mark_box(sq, sq),
        }
        Some(sq)
    }

    /// Whether the path closes (a segment from its last square back to its first).
    pub fn path_closed(&self) -> bool {
        self.closed
    }

    /// Closes the path (or opens it again): a closed tour draws its closing move.
    pub fn set_path_closed(&mut self, closed: bool) {
        if self.closed != closed {
            self.closed = closed;
            if let (Some(&first), Some(&last)) = (self.path.first(), self.path.last()) {
                self.mark_box(first, last);
            }
        }
    }

    /// How the path is drawn.
    pub fn path_style(&self) -> PathStyle {
        self.path_style
    }

    /// Sets how the path is drawn.
    pub fn set_path_style(&mut self, style: PathStyle) {
        if self.path_style != style {
            self.path_style = style;
            self.mark_all();
        }
    }

    /// Marks on squares, in the order they were added (later ones drawn over earlier ones).
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Adds a mark.
    pub fn push_mark(&mut self, mark: Mark) {
        self.push_mark_in(mark, None);
    }

    /// Adds a mark in a colour of its own (`None`: the theme's mark colour). A renderer gives it
    /// its palette colour and anti-aliasing ramps when the scene it is made for has it
    /// ([`Scene::item_colours`]).
    pub fn push_mark_in(&mut self, mark: Mark, colour: Option<[u8; 3]>) {
        self.mark_box(mark.square, mark.square);
        self.marks.push(mark);
        self.mark_colours.push(colour);
    }

    /// Marks a mistake on a square (a ring; a cross is drawn as a box along the square's edges, so
    /// that the number under it stays legible; a dot and a fill as rings): drawn
    /// in the theme's conflict colour on its edge, over the square's number, piece and badge. A
    /// checked answer's mistakes are what its figure is about, so unlike the reader's marks they
    /// lie over everything else on their square.
    pub fn push_mistake(&mut self, mark: Mark) {
        self.mark_box(mark.square, mark.square);
        self.mistakes.push(mark);
    }

    /// The mistakes marked, in the order they were added.
    pub fn mistakes(&self) -> &[Mark] {
        &self.mistakes
    }

    /// The colour of its own of mark `i` of [`Scene::marks`], if it has one.
    pub fn mark_colour(&self, i: usize) -> Option<[u8; 3]> {
        self.mark_colours.get(i).copied().flatten()
    }

    /// The colour of its own of arrow `i` of [`Scene::arrows`], if it has one.
    pub fn arrow_colour(&self, i: usize) -> Option<[u8; 3]> {
        self.arrow_colours.get(i).copied().flatten()
    }

    /// The colours of their own that marks and arrows have, each once, in the order first used.
    pub fn item_colours(&self) -> Vec<[u8; 3]> {
        let mut out: Vec<[u8; 3]> = Vec::new();
        for c in self
            .mark_colours
            .iter()
            .chain(&self.arrow_colours)
            .flatten()
        {
            if !out.contains(c) {
                out.push(*c);
            }
        }
        out
    }

    /// Arrows, in the order they were added.
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// Adds an arrow.
    pub fn push_arrow(&mut self, arrow: Arrow) {
        self.push_arrow_in(arrow, None);
    }

    /// Adds an arrow in a colour of its own (`None`: the theme's mark colour), as
    /// [`Scene::push_mark_in`].
    pub fn push_arrow_in(&mut self, arrow: Arrow, colour: Option<[u8; 3]>) {
        self.mark_box(arrow.from, arrow.to);
        self.arrows.push(arrow);
        self.arrow_colours.push(colour);
    }

    /// Lines between pieces that attack each other.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// Replaces the lines between attacking pieces.
    pub fn set_links(&mut self, links: Vec<Link>) {
        if self.links == links {
            return;
        }
        for link in std::mem::take(&mut self.links).iter().chain(&links) {
            self.mark_box(link.a, link.b);
        }
        self.links = links;
    }

    /// Numbered badges on squares ([`Badge`]).
    pub fn badges(&self) -> &[Badge] {
        &self.badges
    }

    /// Replaces the badges; only the squares of the old and the new ones are marked changed, so an
    /// animation whose badges move with a piece repaints those squares alone.
    pub fn set_badges(&mut self, badges: Vec<Badge>) {
        if self.badges == badges {
            return;
        }
        let old = std::mem::take(&mut self.badges);
        let gone = old.iter().filter(|b| !badges.contains(b));
        let new = badges.iter().filter(|b| !old.contains(b));
        for badge in gone.chain(new) {
            self.mark_box(badge.square, badge.square);
        }
        self.badges = badges;
    }

    /// Quadrant splits drawn so far.
    pub fn splits(&self) -> &[Split] {
        &self.splits
    }

    /// Adds a quadrant split. Its lines lie on the edges between the middle two rows and the
    /// middle two columns of its square, so (by the layout contract) only the cells along them
    /// change, not the whole square (a 64 x 64 board's first split repainted 4096 cells for 256).
    pub fn push_split(&mut self, split: Split) {
        self.mark_split(split);
        self.splits.push(split);
    }

    /// Takes back the last split added (a division shown for one step only); marks its cells
    /// changed as [`Scene::push_split`] does.
    pub fn pop_split(&mut self) -> Option<Split> {
        let split = self.splits.pop()?;
        self.mark_split(split);
        Some(split)
    }

    /// Marks the cells a split's lines lie on as changed.
    fn mark_split(&mut self, split: Split) {
        let (o, half) = (split.origin, split.size / 2);
        let last = split.size.saturating_sub(1);
        if half == 0 {
            self.mark_box(o, Square::new(o.row + last, o.col + last));
        } else {
            let (r, c) = (o.row + half, o.col + half);
            self.mark_box(Square::new(r - 1, o.col), Square::new(r, o.col + last));
            self.mark_box(Square::new(o.row, c - 1), Square::new(o.row + last, c));
        }
    }

    /// Coordinate labels in the margin.
    pub fn axes(&self) -> Axes {
        self.axes
    }

    /// Sets the coordinate labels.
    pub fn set_axes(&mut self, axes: Axes) {
        self.axes = axes;
        self.caption_dirty = true;
    }

    /// How numbers are drawn.
    pub fn label_style(&self) -> LabelStyle {
        self.label_style
    }

    /// Sets how numbers are drawn.
    pub fn set_label_style(&mut self, style: LabelStyle) {
        self.label_style = style;
        self.mark_all();
    }

    /// The caption below the board.
    pub fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }

    /// Fixes the caption band at `lines` lines, whatever the caption says later: every picture of a
    /// sequence then has the size of its first, and a still of a step is the sequence's picture
    /// of it (a caption that needs more lines is set smaller, down to the smallest legible size).
    pub fn keep_caption_lines(&mut self, lines: usize) {
        self.caption_lines = Some(lines.max(1));
    }

    /// The lines [`Scene::keep_caption_lines`] fixed, if any.
    pub fn kept_caption_lines(&self) -> Option<usize> {
        self.caption_lines
    }

    /// Sets the caption below the board.
    pub fn set_caption(&mut self, caption: Option<String>) {
        if self.caption != caption {
            self.caption = caption;
            self.caption_dirty = true;
        }
    }

    /// Marks everything as changed, so the next render repaints it all.
    pub fn mark_all(&mut self) {
        self.dirty.fill(true);
        self.all_dirty = true;
        self.changed.clear();
        self.before.clear();
        self.any_dirty = true;
        self.caption_dirty = true;
        self.panel_dirty = true;
    }

    /// The picture in words as the problem that made the scene said it last
    /// ([`Adapter::description`](crate::Adapter::description)); `None`: the scene is described
    /// from what it holds ([`describe_board`](crate::board::describe_board)). Not drawn: a change
    /// of it repaints nothing.
    pub fn description(&self) -> Option<&Description> {
        self.description.as_ref()
    }

    /// Sets the picture's words ([`Scene::description`]).
    pub fn set_description(&mut self, description: Option<Description>) {
        self.description = description;
    }

    /// The panel beside the board, if any.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref()
    }

    /// Sets the panel beside the board (marked changed when it differs).
    pub fn set_panel(&mut self, panel: Option<Panel>) {
        if self.panel != panel {
            self.panel = panel;
            self.panel_dirty = true;
        }
    }

    /// True when the panel changed since [`Scene::clear_changes`].
    pub fn panel_changed(&self) -> bool {
        self.panel_dirty
    }

    /// True when a cell changed since [`Scene::clear_changes`].
    pub fn is_cell_changed(&self, sq: Square) -> bool {
        self.dirty[self.index(sq)]
    }

    /// The cell at `sq` as it was at the last [`Scene::clear_changes`] when its own value is all
    /// that changed since; `None` when it did not change, or something drawn over it changed too.
    pub(crate) fn cell_before(&self, sq: Square) -> Option<&Cell> {
        self.before.get(&(self.index(sq) as u32))?.as_ref()
    }

    /// True when any cell changed since [`Scene::clear_changes`].
    pub fn has_cell_changes(&self) -> bool {
        self.any_dirty
    }

    /// True when the margin (labels, caption) changed since [`Scene::clear_changes`].
    pub fn margin_changed(&self) -> bool {
        self.caption_dirty
    }

    /// Forgets the changes (the renderer calls this after drawing them).
    pub fn clear_changes(&mut self) {
        if self.all_dirty {
            self.dirty.fill(false);
        } else {
            for &i in &self.changed {
                self.dirty[i as usize] = false;
            }
        }
        self.changed.clear();
        self.before.clear();
        self.all_dirty = false;
        self.any_dirty = false;
        self.caption_dirty = false;
        self.panel_dirty = false;
        self.path_kept = self.path.len();
    }

    /// The cells changed since [`Scene::clear_changes`], in row-major order; costs what changed,
    /// not the board's size (unless everything was marked).
    pub fn changed_cells(&self) -> Vec<Square> {
        let cols = self.cols as usize;
        let square = |i: usize| Square::new((i / cols) as u32, (i % cols) as u32);
        if self.all_dirty {
            return (0..self.cells.len())
                .filter(|&i| self.dirty[i])
                .map(square)
                .collect();
        }
        let mut changed = self.changed.clone();
        changed.sort_unstable();
        changed.into_iter().map(|i| square(i as usize)).collect()
    }

    /// How many squares at the start of the path are as they were at the last
    /// [`Scene::clear_changes`] (the path may have grown after them).
    pub fn path_unchanged_prefix(&self) -> usize {
        self.path_kept.min(self.path.len())
    }
}
