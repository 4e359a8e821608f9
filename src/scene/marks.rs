//! What a scene carries over its squares besides the path: the reader's marks and arrows (each in
//! the theme's mark colour or one of its own), a checked answer's mistakes, the lines between
//! attacking pieces, and badges. Each change marks the squares it covers changed.

use super::overlay::{Arrow, Badge, Link, Mark};
use super::Scene;

impl Scene {
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
}
