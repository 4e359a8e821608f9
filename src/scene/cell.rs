//! What one cell of a board shows: its fill, a piece, a number, a marker.

use super::chess::ChessPiece;
use super::overlay::Emphasis;

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
    /// spikes, unfilled (`outline_crown_path`).
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
