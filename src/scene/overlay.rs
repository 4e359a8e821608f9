//! What a figure shows beyond its cells: marks and arrows the reader asks for, lines between pieces
//! that attack each other, and how a piece is emphasised in an explaining animation.
//!
//! These live on the [`Scene`](super::Scene) beside the cells, so every backend (raster, SVG, PDF)
//! draws them from the same display list, and an animation repaints the cells they cover.

use crate::geom::Square;

/// How a [`Mark`] looks, after python-chess and LaTeX's `chessboard` package.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MarkKind {
    /// A filled dot in the middle of the square.
    Dot,
    /// A diagonal cross over the square.
    Cross,
    /// A ring inside the square's edges.
    Ring,
    /// The whole square tinted.
    Fill,
}

impl MarkKind {
    /// Every kind, in the order their names are listed.
    pub const ALL: [MarkKind; 4] = [
        MarkKind::Dot,
        MarkKind::Cross,
        MarkKind::Ring,
        MarkKind::Fill,
    ];

    /// The kind's name: dot, cross, ring or fill.
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Dot => "dot",
            MarkKind::Cross => "cross",
            MarkKind::Ring => "ring",
            MarkKind::Fill => "fill",
        }
    }
}

/// A mark on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// The square marked.
    pub square: Square,
    /// How it is marked.
    pub kind: MarkKind,
}

/// A straight arrow from the centre of one square to (near) the centre of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where the arrow starts.
    pub from: Square,
    /// Where its head points.
    pub to: Square,
}

/// A line between two pieces that attack each other (both pieces are ringed, see
/// [`Emphasis::Conflict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// One end.
    pub a: Square,
    /// The other end.
    pub b: Square,
}

/// How the piece on a cell stands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Emphasis {
    /// Drawn as usual.
    #[default]
    None,
    /// Just placed: highlighted, so the reader's eye finds the step.
    Placed,
    /// Just removed: a faint ghost of the piece, shown for one frame.
    Ghost,
    /// Attacked by another piece: ringed.
    Conflict,
}

/// A small numbered disc in the middle of a square: an explaining figure's count for a square it
/// weighs (a knight's candidate with its onward moves). The chosen one is drawn filled, the others
/// as rings, so they differ in shape and lightness, not only in hue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Badge {
    /// The square.
    pub square: Square,
    /// The number shown (one digit reads best; any number is drawn).
    pub value: u8,
    /// The square the search chose.
    pub chosen: bool,
}

/// How the path through cell centres is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PathStyle {
    /// A line through the centres (numbers, where the cells have them, sit on nodes over it).
    #[default]
    Line,
    /// A dot at every centre joined by lines, as most textbooks and Wikipedia draw a tour without
    /// numbers.
    Dots,
}
