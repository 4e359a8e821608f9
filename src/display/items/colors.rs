//! The palette indices a figure paints with: the theme's roles, the tiles', the scene's own fills
//! and item colours, and how the squares, the caption and the path are coloured.

use std::collections::HashMap;

use super::overlay::OverlayInks;
use crate::display::list::Ink;

/// Palette indices of the theme's roles.
pub(crate) struct Colors {
    pub(crate) background: Ink,
    pub(crate) frame: Ink,
    pub(crate) ink_margin: Ink,
    pub(crate) light: Ink,
    pub(crate) dark: Ink,
    pub(crate) blank: Ink,
    /// Blank cells of the sub-board a tromino call is working on (a shaded blank cell).
    pub(crate) focus: Ink,
    pub(crate) special: Ink,
    pub(crate) special_mark: Ink,
    pub(crate) tiles: Vec<Ink>,
    pub(crate) outline: Ink,
    pub(crate) split: Ink,
    pub(crate) path: Ink,
    pub(crate) node: Ink,
    pub(crate) start: Ink,
    pub(crate) end: Ink,
    pub(crate) piece: Ink,
    pub(crate) piece_edge: Ink,
    /// Ink for numbers on each fill.
    pub(crate) ink_on: HashMap<Ink, Ink>,
    /// The overlays' inks.
    pub(crate) overlay: OverlayInks,
    /// The scene's own fill colours ([`crate::scene::Fill::Colour`]).
    pub(crate) fills: HashMap<crate::display::palette::Rgb, Ink>,
    /// Chess pieces: white is the light tone outlined in the dark one, black the dark tone edged
    /// in the light one.
    pub(crate) chess_light: Ink,
    pub(crate) chess_dark: Ink,
    /// The inks of the colours of their own that marks and arrows have.
    pub(crate) items: HashMap<crate::display::palette::Rgb, Ink>,
    /// Chessboard squares all in the light tone ([`Squares::Plain`](crate::Squares::Plain)), with
    /// grid lines in this ink.
    pub(crate) plain: bool,
    pub(crate) plain_grid: Option<Ink>,
    /// Ruled squares ([`Squares::Ruled`](crate::Squares::Ruled)): the frame is one pixel, as the
    /// lines between the squares.
    pub(crate) ruled: bool,
    /// The caption drawn as a counter: in a box of the first ink, in the second (the Turbo C
    /// screen's red box with the solution number); `None`: plain margin text.
    pub(crate) counter: Option<(Ink, Ink)>,
    /// The path's colours by step, first move first; empty: the path is in [`Colors::path`].
    pub(crate) steps: Vec<Ink>,
    /// The halo around margin text of a figure whose margin will be transparent: the other
    /// lightness than the margin ink, so that the text reads on any slide.
    pub(crate) margin_halo: Option<Ink>,
}

impl Colors {
    /// The ink of a mark or an arrow: its own colour, else the theme's mark colour.
    pub(crate) fn item(&self, colour: Option<crate::display::palette::Rgb>) -> Ink {
        colour
            .and_then(|c| self.items.get(&c).copied())
            .unwrap_or(self.overlay.mark)
    }
}
