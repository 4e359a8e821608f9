//! The board model the renderer draws, and the adapters that turn solver results and events into it.
//!
//! A [`Scene`] is rows x cols [`Cell`]s plus overlays (a path through cell centres, split lines, region
//! outlines, coordinate labels, a caption). It records which cells changed since the last render so an
//! animation repaints only those; the renderer never learns which problem it draws.

pub mod adapter;
pub mod annotate;
mod cell;
mod changes;
mod chess;
pub mod describe;
mod marks;
pub mod overlay;
mod pair;
pub mod panel;
pub mod problem;
mod turn;

use crate::geom::Square;

pub use cell::{Cell, Fill, Marker, Piece, MAX_FILL_COLOURS};
pub use chess::{ChessPiece, PieceKind, Side};
pub use describe::Description;
pub use overlay::{Arrow, Badge, Emphasis, Link, Mark, MarkKind, PathStyle};
pub use panel::Panel;

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
}
