//! Tromino tilings as scenes: coloured L-tiles with outlines, the special square, tile numbers and
//! quadrant splits.

pub mod depth;
pub mod panel;
pub mod shapes;
pub mod steps;
pub mod stream;

use crate::error::{Error, Result};
use crate::geom::Square;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::describe::join_parts;
use crate::scene::{Axes, Cell, Description, Fill, Scene, Split};
use crate::solve::tromino::rows::{tile_color, COLORS};
use crate::solve::tromino::{LShape, TrominoEvent, TrominoProblem};
use crate::text::{DescriptionPhrase as D, Lang, Phrase};

/// How tiles are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum ColorBy {
    /// Edge-adjacent tiles never share a colour: three colours, by a rule of each tile's position
    /// alone (the recursion's centre tiles in one colour,
    /// the 2 x 2 blocks' tiles alternating in the other two), the same at every board size.
    #[default]
    Proper,
    /// One colour per L shape (the four shapes of the textbook).
    Orientation,
    /// A distinct colour per tile (small boards only). Tiles that touch differ in lightness as in
    /// `Proper` (the colour's lightness follows the tile's proper colour); hues tell the rest apart.
    Tile,
}

/// Largest k for which `ColorBy::Tile` gives every tile its own hue.
pub const MAX_K_PER_TILE_COLORS: u32 = 4;

/// Largest k whose tiling can be turned into a scene (beyond it, figures stream; see the renderer).
pub const MAX_SCENE_K: u32 = 10;

/// Options of a tromino figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TrominoStyle {
    /// Colouring rule.
    pub color_by: ColorBy,
    /// Write each cell's tile number.
    pub numbers: bool,
    /// Draw each quadrant division.
    pub show_splits: bool,
    /// The language of its captions and step words.
    pub lang: Lang,
}

/// The tiling drawn tile by tile: the special square first, then each tile of the trace in numbering
/// order, and (with [`TrominoStyle::show_splits`]) each division of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrominoAdapter {
    side: u32,
    special: Square,
    style: TrominoStyle,
    /// Colour of each tile, by tile number (index 0 unused).
    colors: Vec<u16>,
    color_count: usize,
    /// The sub-board of the call at work (its last split), shaded where not tiled yet.
    focus: Option<Split>,
    /// The division drawn for the step of its split alone (without [`TrominoStyle::show_splits`]),
    /// taken back at the next event.
    passing_split: bool,
    /// The language of its step words.
    lang: Lang,
    /// Tiles placed since the first scene.
    placed: u32,
    /// The tile placed last (its number and squares) while it is the last event.
    laid: Option<(u32, [Square; 3])>,
}

/// Region id of a cell not tiled yet: unique per cell so every blank cell is outlined on its own.
fn blank_region(side: u32, sq: Square) -> u32 {
    u32::MAX - (sq.row * side + sq.col)
}

impl TrominoAdapter {
    /// The adapter of `problem`; refuses boards above [`MAX_SCENE_K`] (those are streamed) and a
    /// colour per tile above [`MAX_K_PER_TILE_COLORS`].
    pub fn new(problem: &TrominoProblem, style: TrominoStyle) -> Result<TrominoAdapter> {
        if problem.k() > MAX_SCENE_K {
            return Err(Error::SceneTooLarge {
                k: problem.k(),
                max_k: MAX_SCENE_K,
            });
        }
        let (colors, color_count) = tile_colors(problem, style.color_by)?;
        Ok(TrominoAdapter {
            side: problem.side(),
            special: problem.special(),
            style,
            colors,
            color_count,
            focus: None,
            passing_split: false,
            lang: style.lang,
            placed: 0,
            laid: None,
        })
    }

    /// Moves the shading from the previous call's sub-board to `to`'s: only blank cells are
    /// shaded (tiles are drawn over the focus), and only cells whose shading changes are touched,
    /// so an animation repaints what changed.
    fn set_focus(&mut self, scene: &mut Scene, to: Split) {
        let inside = |s: &Split, sq: Square| {
            (s.origin.row..s.origin.row + s.size).contains(&sq.row)
                && (s.origin.col..s.origin.col + s.size).contains(&sq.col)
        };
        let shade = |scene: &mut Scene, s: Split, on: bool| {
            for row in s.origin.row..s.origin.row + s.size {
                for col in s.origin.col..s.origin.col + s.size {
                    let sq = Square::new(row, col);
                    let cell = *scene.cell(sq);
                    let want = on || inside(&to, sq);
                    if cell.fill == Fill::Blank && cell.shaded != want {
                        scene.set_cell(
                            sq,
                            Cell {
                                shaded: want,
                                ..cell
                            },
                        );
                    }
                }
            }
        };
        if let Some(old) = self.focus.take() {
            shade(scene, old, false);
        }
        shade(scene, to, true);
        self.focus = Some(to);
    }

    /// How many tile colours the scene uses (the renderer's palette must hold them).
    pub fn color_count(&self) -> usize {
        self.color_count
    }
}

impl Adapter for TrominoAdapter {
    type Event = TrominoEvent;

    /// The empty board: only the special square marked, every blank cell outlined on its own.
    fn first_scene(&mut self) -> Scene {
        let side = self.side;
        let mut scene = Scene::new(side, side, Cell::plain(Fill::Blank));
        let mut regions = Vec::with_capacity((side * side) as usize);
        for r in 0..side {
            for c in 0..side {
                regions.push(blank_region(side, Square::new(r, c)));
            }
        }
        scene.set_regions(regions);
        scene.set_region(self.special, 0);
        scene.set_cell(self.special, Cell::plain(Fill::Special));
        scene.set_axes(Axes::Indices);
        self.focus = None;
        self.passing_split = false;
        self.placed = 0;
        self.laid = None;
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &TrominoEvent) -> Beat {
        if std::mem::take(&mut self.passing_split) {
            scene.pop_split();
        }
        self.laid = None;
        match event {
            TrominoEvent::Split { origin, size, .. } => {
                let split = Split {
                    origin: *origin,
                    size: *size,
                };
                self.set_focus(scene, split);
                // Quartering a 2 x 2 board only retraces the cell grid: not worth a line. Its
                // focus shows in the frame of its tile (which covers the rest of it) or, in
                // captioned steps, on its own.
                if *size <= 2 {
                    return Beat::Unseen;
                }
                scene.push_split(split);
                if self.style.show_splits {
                    return Beat::Step;
                }
                // Without --show-splits the division is drawn for its own step only ("board split
                // into quadrants" shows the quadrants); an animation has no frame of it, and the
                // next event takes it back before anything is drawn.
                self.passing_split = true;
                Beat::Unseen
            }
            TrominoEvent::Place(tile) => {
                self.placed += 1;
                self.laid = Some((tile.number, tile.cells));
                let fill = Fill::Tile(self.colors[tile.number as usize]);
                for &sq in &tile.cells {
                    scene.set_region(sq, tile.number);
                    let mut cell = Cell::plain(fill);
                    if self.style.numbers {
                        cell.label = Some(tile.number);
                    }
                    scene.set_cell(sq, cell);
                }
                Beat::Step
            }
        }
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            tile_colors: self.color_count,
            // The tile count, one less than the colours' index vector.
            max_label: (self.colors.len() - 1) as u32,
            caption: false,
        }
    }

    /// "board split into quadrants" (the whole board), "4 x 4 sub-board at 0,4 split" (a deeper
    /// call; the sub-board's top-left square), "tile 5 placed": short enough to caption an 8-cell
    /// board.
    fn describe(&self, event: &TrominoEvent) -> Option<String> {
        Some(match event {
            TrominoEvent::Split { depth: 0, .. } => self.lang.say(Phrase::BoardSplit, &[]),
            TrominoEvent::Split { origin, size, .. } => {
                self.lang.say(Phrase::SubBoardSplit, &[size, origin])
            }
            TrominoEvent::Place(tile) => self.lang.say(Phrase::TilePlaced, &[&tile.number]),
        })
    }

    /// Each wording at the widest values: the largest sub-board at the far corner, the last tile.
    fn widest_step_words(&self) -> Vec<String> {
        let far = Square::new(self.side.saturating_sub(1), self.side.saturating_sub(1));
        let half = self.side / 2;
        let tiles = (self.colors.len() - 1) as u32;
        vec![
            self.lang.say(Phrase::BoardSplit, &[]),
            self.lang.say(Phrase::SubBoardSplit, &[&half, &far]),
            self.lang.say(Phrase::TilePlaced, &[&tiles]),
        ]
    }

    /// The board and its special square, the tiles placed, the sub-board the current call works
    /// on and the tile just laid with its three squares: "L-tromino tiling of a 8 x 8 board,
    /// special square at 1,2; 5 of 21 tiles placed; working on the 2 x 2 sub-board at 0,0; tile 5
    /// just laid on 0,0 0,1 1,1".
    fn description(&self, _scene: &Scene) -> Option<Description> {
        let lang = self.lang;
        let say = |p: D, args: &[&dyn std::fmt::Display]| lang.describe(p, args);
        let short = say(D::TilingBoard, &[&self.side, &self.special]);
        let total = (self.colors.len() - 1) as u32;
        let mut parts = Vec::with_capacity(3);
        if self.placed == total {
            // The finished figure: which tile came last is the animation's news, not the figure's.
            parts.push(say(D::AllTilesPlaced, &[&total]));
        } else {
            parts.push(say(D::TilesPlacedOf, &[&self.placed, &total]));
            if let Some(focus) = self.focus {
                parts.push(say(D::WorkingOn, &[&focus.size, &focus.origin]));
            }
            if let Some((number, cells)) = self.laid {
                let squares: Vec<String> = cells.iter().map(Square::to_string).collect();
                parts.push(say(D::TileLaidOn, &[&number, &squares.join(" ")]));
            }
        }
        Some(Description::new(lang, short, join_parts(lang, &parts)))
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }
}

/// The colour of every tile and the number of colours used.
fn tile_colors(problem: &TrominoProblem, by: ColorBy) -> Result<(Vec<u16>, usize)> {
    let count = problem.tile_count() as usize;
    let mut colors = vec![0u16; count + 1];
    match by {
        ColorBy::Tile => {
            if problem.k() > MAX_K_PER_TILE_COLORS {
                return Err(Error::TooManyTileColors {
                    tiles: problem.tile_count(),
                    max_k: MAX_K_PER_TILE_COLORS,
                });
            }
            // Colour indices of one residue modulo 3 share a lightness level (see
            // `Theme::tile_hue`): giving tiles of proper colour class `c` the indices `c`, `c + 3`,
            // `c + 6`, ... keeps neighbouring tiles on different levels, and every tile its own colour.
            let mut next = [0u16, 1, 2];
            for (number, c) in colors.iter_mut().enumerate().skip(1) {
                let class = usize::from(tile_color(problem, number as u32));
                *c = next[class];
                next[class] += 3;
            }
            let used = colors.iter().skip(1).map(|&c| usize::from(c) + 1).max();
            Ok((colors, used.unwrap_or(1)))
        }
        ColorBy::Orientation => {
            for event in problem.trace() {
                if let TrominoEvent::Place(t) = event {
                    colors[t.number as usize] = shape_color(t.shape);
                }
            }
            Ok((colors, ORIENTATION_COLORS))
        }
        ColorBy::Proper => {
            for (number, c) in colors.iter_mut().enumerate().skip(1) {
                *c = u16::from(tile_color(problem, number as u32));
            }
            Ok((colors, COLORS))
        }
    }
}

/// How many colours the orientation colouring uses: one per L shape.
pub(crate) const ORIENTATION_COLORS: usize = 4;

/// The colour index of `shape` under [`ColorBy::Orientation`].
pub(crate) fn shape_color(shape: LShape) -> u16 {
    shape.index() as u16
}
