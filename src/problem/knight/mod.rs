//! Knight's tours as scenes: step numbers, the path through cell centres, start and end marks, a
//! knight on the last square; a closed tour's closing move; in the search, the dead end a retreat
//! leaves.

use crate::geom::Square;
use crate::scene::adapter::{Adapter, Beat, RenderHints};
use crate::scene::describe::join_parts;
use crate::scene::{Axes, Description, LabelStyle, Marker, PathStyle, Piece, Scene};
use crate::solve::knight::{KnightEvent, KnightTour};
use crate::text::is_knight_move;
use crate::text::{DescriptionPhrase as D, Lang, Phrase, SquareNames};

mod explain;
pub mod panel;
pub mod steps;

pub use explain::{explain_steps, KnightStep};

/// The chess knight of the font.
pub const KNIGHT: Piece = Piece::Glyph('\u{265E}');

/// What a knight figure shows of the path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KnightShow {
    /// The step numbers in round nodes on the line of the path.
    #[default]
    Both,
    /// The path alone: a dot at every centre joined by lines, no numbers ([`PathStyle::Dots`]).
    Path,
    /// The numbered matrix alone, without the path.
    Numbers,
}

/// Options of a knight figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnightStyle {
    /// What is shown of the path.
    pub show: KnightShow,
    /// The piece on the last square, `None` for none.
    pub piece: Option<Piece>,
    /// The language of its step words.
    pub lang: Lang,
}

impl Default for KnightStyle {
    fn default() -> Self {
        KnightStyle {
            show: KnightShow::Both,
            piece: Some(KNIGHT),
            lang: Lang::En,
        }
    }
}

/// The knight's tour drawn on a `rows` x `cols` board: each move numbers its square and extends the
/// path, each retreat undoes one and marks the square it leaves as a dead end
/// ([`Marker::DeadEnd`]) until the next event. A path that covers the board and ends a knight move
/// from its start is closed: its closing move is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightAdapter {
    rows: u32,
    cols: u32,
    style: KnightStyle,
    /// The squares in order, kept here only when the scene has no path ([`KnightShow::Numbers`]).
    trail: Vec<Square>,
    /// The square the last retreat left, marked until the next event.
    dead_end: Option<Square>,
    /// How long a retreat is shown, when the adapter narrates ([`KnightAdapter::narrated`]).
    retreat_ms: Option<u32>,
    /// A closed tour is wanted: complete only once the path closes.
    closed: bool,
    /// Retreats applied since the first scene.
    retreats: u64,
    /// The language of its step words.
    lang: Lang,
    /// How its step words name squares: as the margin labels them.
    squares: Axes,
}

impl KnightAdapter {
    /// The adapter of a `rows` x `cols` board.
    pub fn new(rows: u32, cols: u32) -> KnightAdapter {
        KnightAdapter::with_style(rows, cols, KnightStyle::default())
    }

    /// The adapter of a `rows` x `cols` board drawn as `style` says.
    pub fn with_style(rows: u32, cols: u32, style: KnightStyle) -> KnightAdapter {
        KnightAdapter {
            rows,
            cols,
            style,
            trail: Vec::new(),
            dead_end: None,
            retreat_ms: None,
            closed: false,
            retreats: 0,
            lang: style.lang,
            squares: Axes::Indices,
        }
    }

    /// The language of its step words.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The board's rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The board's columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// How its step words name squares: as the figure's margin labels them.
    pub fn square_names(&self) -> SquareNames {
        match self.squares {
            Axes::Chess => SquareNames::Chess { rows: self.rows },
            _ => SquareNames::RowCol,
        }
    }

    /// The adapter of an animation (or its steps): every retreat shown for `retreat_ms`
    /// milliseconds ([`Beat::Held`]) instead of the step delay, so the step back is seen, and the
    /// retreats counted for the caption of the finished tour ([`KnightAdapter::is_complete`]; a
    /// `closed` tour is complete once its path closes).
    pub fn narrated(mut self, retreat_ms: u32, closed: bool) -> KnightAdapter {
        self.retreat_ms = Some(retreat_ms);
        self.closed = closed;
        self
    }

    /// Retreats applied since the first scene.
    pub fn retreats(&self) -> u64 {
        self.retreats
    }

    /// Whether the path of `scene` is a finished tour of the kind wanted.
    pub fn is_complete(&self, scene: &Scene) -> bool {
        let covers =
            self.visited(scene).len() as u64 == u64::from(self.rows) * u64::from(self.cols);
        covers && (!self.closed || self.closes(scene))
    }

    /// The moves that lay out a finished `tour`, square by square (no search replayed).
    pub fn moves(tour: &KnightTour) -> impl Iterator<Item = crate::Result<KnightEvent>> {
        KnightAdapter::moves_along(tour.path())
    }

    /// The moves that lay out `path` (any sequence of squares), numbered from 1.
    pub fn moves_along(
        path: impl IntoIterator<Item = Square>,
    ) -> impl Iterator<Item = crate::Result<KnightEvent>> {
        path.into_iter()
            .zip(1..)
            .map(|(square, step)| Ok(KnightEvent::Move { step, square }))
    }

    fn keeps_scene_path(&self) -> bool {
        self.style.show != KnightShow::Numbers
    }

    /// The squares visited so far, in order.
    fn visited<'a>(&'a self, scene: &'a Scene) -> &'a [Square] {
        if self.keeps_scene_path() {
            scene.path()
        } else {
            &self.trail
        }
    }

    fn push(&mut self, scene: &mut Scene, sq: Square) {
        if self.keeps_scene_path() {
            scene.push_path(sq);
        } else {
            self.trail.push(sq);
        }
    }

    fn pop(&mut self, scene: &mut Scene) {
        if self.keeps_scene_path() {
            scene.pop_path();
        } else {
            self.trail.pop();
        }
    }

    /// Puts (or takes) the knight and the end mark on `sq`, the current last square.
    fn set_last(&self, scene: &mut Scene, sq: Square, is_last: bool) {
        let first = self.visited(scene).first() == Some(&sq);
        let piece = self.style.piece;
        scene.update_cell(sq, |c| {
            c.piece = if is_last { piece } else { None };
            c.marker = if first {
                Some(Marker::Start)
            } else if is_last {
                Some(Marker::End)
            } else {
                None
            };
        });
    }

    fn clear_dead_end(&mut self, scene: &mut Scene) {
        if let Some(sq) = self.dead_end.take() {
            scene.update_cell(sq, |c| {
                if c.marker == Some(Marker::DeadEnd) {
                    c.marker = None;
                }
            });
        }
    }

    /// Whether the path so far covers the board and ends a knight move from its start.
    fn closes(&self, scene: &Scene) -> bool {
        let path = self.visited(scene);
        let squares = u64::from(self.rows) * u64::from(self.cols);
        match (path.first(), path.last()) {
            (Some(&a), Some(&b)) => path.len() as u64 == squares && is_knight_move(b, a),
            _ => false,
        }
    }
}

impl Adapter for KnightAdapter {
    type Event = KnightEvent;

    /// An empty board with 0-based indices in the margin and numbers in round nodes (plain numbers,
    /// as the textbook's matrix prints them, when no path runs under them).
    fn first_scene(&mut self) -> Scene {
        self.trail.clear();
        self.dead_end = None;
        self.retreats = 0;
        let mut scene = Scene::checkerboard(self.rows, self.cols);
        scene.set_axes(Axes::Indices);
        scene.set_label_style(if self.keeps_scene_path() {
            LabelStyle::Node
        } else {
            LabelStyle::Plain
        });
        if self.style.show == KnightShow::Path {
            scene.set_path_style(PathStyle::Dots);
        }
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &KnightEvent) -> Beat {
        self.clear_dead_end(scene);
        match *event {
            KnightEvent::Move { step, square } => {
                if let Some(&last) = self.visited(scene).last() {
                    self.set_last(scene, last, false);
                }
                self.push(scene, square);
                let numbered = self.style.show != KnightShow::Path;
                scene.update_cell(square, |c| {
                    c.label = numbered.then_some(step);
                    c.marker = Some(if step == 1 {
                        Marker::Start
                    } else {
                        Marker::End
                    });
                });
                self.set_last(scene, square, true);
                if self.keeps_scene_path() && self.closes(scene) {
                    scene.set_path_closed(true);
                }
            }
            KnightEvent::Retreat { square, .. } => {
                scene.set_path_closed(false);
                self.pop(scene);
                scene.update_cell(square, |c| {
                    c.label = None;
                    c.marker = Some(Marker::DeadEnd);
                    c.piece = None;
                });
                self.dead_end = Some(square);
                if let Some(&last) = self.visited(scene).last() {
                    self.set_last(scene, last, true);
                }
                self.retreats += 1;
            }
        }
        let Some(retreat_ms) = self.retreat_ms else {
            return Beat::Step;
        };
        match event {
            KnightEvent::Retreat { .. } => Beat::Held(retreat_ms),
            KnightEvent::Move { .. } => Beat::Step,
        }
    }

    fn hints(&self) -> RenderHints {
        let numbered = self.style.show != KnightShow::Path;
        RenderHints {
            tile_colors: 0,
            max_label: if numbered { self.rows * self.cols } else { 0 },
            caption: false,
        }
    }

    /// "knight starts on 0,0", "knight to 1,2", "retreat from 1,2: dead end": squares as ROW,COL,
    /// as the figure's margin numbers them.
    fn describe(&self, event: &KnightEvent) -> Option<String> {
        let names = self.square_names();
        let name = |sq: &Square| names.name(*sq);
        Some(match event {
            KnightEvent::Move { step: 1, square } => {
                self.lang.say(Phrase::KnightStarts, &[&name(square)])
            }
            KnightEvent::Move { square, .. } => self.lang.say(Phrase::KnightTo, &[&name(square)]),
            KnightEvent::Retreat { square, .. } => self.lang.say(Phrase::Retreat, &[&name(square)]),
        })
    }

    /// Each wording at the far corner's name (as wide as any square's: ROW,COL of the most digits).
    fn widest_step_words(&self) -> Vec<String> {
        let far = self.square_names().name(Square::new(
            self.rows.saturating_sub(1),
            self.cols.saturating_sub(1),
        ));
        [Phrase::KnightStarts, Phrase::KnightTo, Phrase::Retreat]
            .into_iter()
            .map(|p| self.lang.say(p, &[&far]))
            .collect()
    }

    /// The board, the start, the last square reached and its move number, how many squares are
    /// left or (finished) whether the tour is closed, and the retreats: "knight's tour on a 6 x 6
    /// board, move 20 on 2,3; started on 0,0; 16 squares to go; no retreats". Squares are named as
    /// the step words name them (as the trace and the margin do).
    fn description(&self, scene: &Scene) -> Option<Description> {
        let lang = self.lang;
        let say = |p: D, args: &[&dyn std::fmt::Display]| lang.describe(p, args);
        let names = self.square_names();
        let board = say(D::TourBoard, &[&self.rows, &self.cols]);
        let path = self.visited(scene);
        let (Some(&start), Some(&last)) = (path.first(), path.last()) else {
            return Some(Description::new(lang, board, say(D::EmptyBoard, &[])));
        };
        let moves = path.len() as u64;
        let at = say(D::TourAtMove, &[&moves, &names.name(last)]);
        let squares = u64::from(self.rows) * u64::from(self.cols);
        let left = squares.saturating_sub(moves);
        let mut parts = vec![say(D::TourStartedOn, &[&names.name(start)])];
        let short = if left == 0 {
            parts.push(at);
            parts.push(if is_knight_move(last, start) {
                say(D::TourClosed, &[])
            } else {
                say(D::TourOpen, &[])
            });
            say(D::DescribeList, &[&board, &say(D::TourDone, &[])])
        } else {
            parts.push(match left {
                1 => say(D::TourOneSquareLeft, &[]),
                _ => say(D::TourSquaresLeft, &[&left]),
            });
            say(D::DescribeList, &[&board, &at])
        };
        // A tour laid out square by square (not the search replayed) knows of no retreats.
        let replayed = self.retreat_ms.is_some() || self.retreats > 0;
        if replayed {
            parts.push(match self.retreats {
                0 => say(D::NoRetreats, &[]),
                1 => lang.say(Phrase::OneRetreat, &[]),
                r => lang.say(Phrase::Retreats, &[&r]),
            });
        }
        Some(Description::new(lang, short, join_parts(lang, &parts)))
    }

    fn name_squares(&mut self, axes: Axes) {
        self.squares = axes;
    }

    fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }
}
