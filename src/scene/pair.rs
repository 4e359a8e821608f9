//! Two scenes drawn side by side as one picture: two searches of one problem compared step by step.
//!
//! The pair is a scene of its own, so every sink of the step stream (stills, animations, frames,
//! storyboards, the player) takes it as it takes one board, and every backend draws it: the figure
//! lays the two boards' display lists out next to each other above one caption band (see
//! [`crate::display::figure`]). Each board keeps its own caption (its title); the pair's caption goes
//! in the band under both.

use super::{Cell, Fill, Scene};

/// The two boards of a pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    pub(crate) left: Scene,
    pub(crate) right: Scene,
}

impl Scene {
    /// `left` and `right` side by side, drawn as one picture with one caption band under both
    /// (this scene's caption, [`Scene::set_caption`]); each keeps its own caption above the band.
    /// The boards may differ in size; the pair's own cells are never drawn (it has `left`'s size,
    /// so that checks of a board's size see the first board).
    pub fn side_by_side(left: Scene, right: Scene) -> Scene {
        let mut scene = Scene::new(left.rows(), left.cols(), Cell::plain(Fill::Blank));
        scene.pair = Some(Box::new(Pair { left, right }));
        scene
    }

    /// The two boards, when this scene is a pair ([`Scene::side_by_side`]).
    pub fn pair(&self) -> Option<(&Scene, &Scene)> {
        self.pair.as_deref().map(|p| (&p.left, &p.right))
    }

    /// The two boards to change, when this scene is a pair: each records its own changes.
    pub fn pair_mut(&mut self) -> Option<(&mut Scene, &mut Scene)> {
        self.pair
            .as_deref_mut()
            .map(|p| (&mut p.left, &mut p.right))
    }
}
