//! How a figure looks beyond its theme's colours: its squares, its path's colouring and what lies
//! behind the board. The style of a figure (in `compose`) carries these and the renderer reads them,
//! so they live below both.

/// How the squares of a chessboard are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Squares {
    /// Light and dark squares, as on a chessboard.
    #[default]
    Checkered,
    /// Every square in the light tone, with thin grid lines between them: on a big board the two
    /// tones swamp what is drawn over them.
    Plain,
    /// Every square in the light tone, ruled by one-pixel lines in the full grid colour, the
    /// board's frame one pixel too: the Turbo C screen's white lines on black.
    Ruled,
}

impl Squares {
    /// The names of the choices, in order.
    pub const NAMES: [&'static str; 3] = ["checkered", "plain", "ruled"];
}

/// How a path through cell centres (a knight's tour) is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathColour {
    /// The theme's path colour.
    #[default]
    Theme,
    /// By step number: a gradient whose lightness rises from the first move to the last (the
    /// moves of a tour of every square of the board), with a legend below the board.
    Step,
}

/// What lies behind the board: the margin and the caption band.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Background {
    /// The theme's own margin colour.
    #[default]
    Theme,
    /// White, whatever the theme (the margin ink follows for contrast).
    White,
    /// Nothing: a PNG's margin is transparent (the board stays opaque), and an SVG or PDF has no
    /// background shape. An animated GIF cannot have one (its transparent colour marks the pixels a
    /// frame leaves unchanged), and a contact sheet keeps the theme's background between its boards.
    Transparent,
}
