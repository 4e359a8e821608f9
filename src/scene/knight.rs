//! Knight's tours as scenes: step numbers, the path through cell centres, start and end marks, and a
//! knight on the last square.

use crate::adapter::{Adapter, Beat, RenderHints};
use crate::scene::{Axes, LabelStyle, Marker, Piece, Scene};
use crate::solve::knight::{KnightEvent, KnightTour};
use crate::solve::Square;

/// The chess knight of the font.
pub const KNIGHT: Piece = Piece::Glyph('\u{265E}');

/// The knight's tour drawn on a `rows` x `cols` board: each move numbers its square and extends the
/// path, each retreat undoes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnightAdapter {
    rows: u32,
    cols: u32,
}

impl KnightAdapter {
    /// The adapter of a `rows` x `cols` board.
    pub fn new(rows: u32, cols: u32) -> KnightAdapter {
        KnightAdapter { rows, cols }
    }

    /// The moves that lay out a finished `tour`, square by square (no search replayed).
    pub fn moves(tour: &KnightTour) -> impl Iterator<Item = crate::Result<KnightEvent>> {
        tour.path()
            .into_iter()
            .zip(1..)
            .map(|(square, step)| Ok(KnightEvent::Move { step, square }))
    }
}

impl Adapter for KnightAdapter {
    type Event = KnightEvent;

    /// An empty board with 0-based indices in the margin and numbers in round nodes.
    fn first_scene(&mut self) -> Scene {
        let mut scene = Scene::checkerboard(self.rows, self.cols);
        scene.set_axes(Axes::Indices);
        scene.set_label_style(LabelStyle::Node);
        scene
    }

    fn apply(&mut self, scene: &mut Scene, event: &KnightEvent) -> Beat {
        match *event {
            KnightEvent::Move { step, square } => {
                if let Some(&last) = scene.path().last() {
                    set_last(scene, last, false);
                }
                scene.push_path(square);
                scene.update_cell(square, |c| {
                    c.label = Some(step);
                    c.marker = Some(if step == 1 {
                        Marker::Start
                    } else {
                        Marker::End
                    });
                });
                set_last(scene, square, true);
            }
            KnightEvent::Retreat { square, .. } => {
                scene.pop_path();
                scene.update_cell(square, |c| {
                    c.label = None;
                    c.marker = None;
                    c.piece = None;
                });
                if let Some(&last) = scene.path().last() {
                    set_last(scene, last, true);
                }
            }
        }
        Beat::Step
    }

    fn hints(&self) -> RenderHints {
        RenderHints {
            tile_colors: 0,
            max_label: self.rows * self.cols,
            caption: false,
        }
    }
}

/// Puts (or takes) the knight and the end mark on the path's current last square.
fn set_last(scene: &mut Scene, sq: Square, is_last: bool) {
    let first = scene.path().first() == Some(&sq);
    scene.update_cell(sq, |c| {
        c.piece = is_last.then_some(KNIGHT);
        c.marker = if first {
            Some(Marker::Start)
        } else if is_last {
            Some(Marker::End)
        } else {
            None
        };
    });
}
