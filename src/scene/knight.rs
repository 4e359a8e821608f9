//! Knight's tours as scenes: step numbers, the path through cell centres, start and end marks, and a
//! knight on the last square.

use crate::scene::{Axes, LabelStyle, Marker, Piece, Scene};
use crate::solve::knight::{KnightEvent, KnightTour};
use crate::solve::Square;

/// The chess knight of the font.
pub const KNIGHT: Piece = Piece::Glyph('\u{265E}');

/// Applies knight events to a scene.
pub struct KnightScene {
    scene: Scene,
}

impl KnightScene {
    /// An empty rows x cols board with 0-based indices in the margin.
    pub fn new(rows: u32, cols: u32) -> KnightScene {
        let mut scene = Scene::checkerboard(rows, cols);
        scene.set_axes(Axes::Indices);
        scene.set_label_style(LabelStyle::Node);
        KnightScene { scene }
    }

    /// The finished tour.
    pub fn finished(tour: &KnightTour) -> Scene {
        let mut s = KnightScene::new(tour.rows(), tour.cols());
        for (i, sq) in tour.path().into_iter().enumerate() {
            s.apply(&KnightEvent::Move {
                step: i as u32 + 1,
                square: sq,
            });
        }
        s.scene
    }

    /// Applies one event: a move numbers its square and extends the path; a retreat undoes that.
    pub fn apply(&mut self, event: &KnightEvent) {
        match *event {
            KnightEvent::Move { step, square } => {
                if let Some(&last) = self.scene.path().last() {
                    self.set_last(last, false);
                }
                self.scene.push_path(square);
                self.scene.update_cell(square, |c| {
                    c.label = Some(step);
                    c.marker = Some(if step == 1 {
                        Marker::Start
                    } else {
                        Marker::End
                    });
                });
                self.set_last(square, true);
            }
            KnightEvent::Retreat { square, .. } => {
                self.scene.pop_path();
                self.scene.update_cell(square, |c| {
                    c.label = None;
                    c.marker = None;
                    c.piece = None;
                });
                if let Some(&last) = self.scene.path().last() {
                    self.set_last(last, true);
                }
            }
        }
    }

    /// Puts (or takes) the knight and the end mark on the path's current last square.
    fn set_last(&mut self, sq: Square, is_last: bool) {
        let first = self.scene.path().first() == Some(&sq);
        self.scene.update_cell(sq, |c| {
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

    /// The scene as it stands.
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, writable (the renderer clears its change marks).
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }
}
