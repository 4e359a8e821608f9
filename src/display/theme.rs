//! Colour themes: what every element of a figure looks like.
//!
//! Every theme keeps numbers readable: [`Theme::ink_on`] returns an ink with a WCAG contrast ratio of at
//! least 4.5 against any fill a number can sit on. The colours were chosen in CIELAB (see
//! [`colour_check`](super::colour_check)) so that figures survive greyscale print and colour-blind
//! readers; the rules are listed on [`Theme`] and computed by the `palette_rules` tests.

use super::colour_check::{lch, Lab};
use super::palette::Rgb;
use crate::error::{Error, InvalidKind, Result};

/// The WCAG contrast a number needs against its fill ("AA" for normal text).
pub const MIN_TEXT_CONTRAST: f64 = 4.5;

/// The colours of a figure.
///
/// Every theme keeps to rules a test computes from the colours (`tests/it/palette_rules.rs`): fills
/// that must be told apart differ by at least 20 in CIELAB L* (a greyscale copy keeps them apart) and
/// by at least 15 in CIEDE2000 under simulated deuteranopia, protanopia and tritanopia; numbers have a
/// contrast of at least 4.5 on any fill; lines and rings at least 3 against what they are drawn on.
/// Overlays (`tests/it/overlay_colours.rs`): the mark, conflict and placed colours stand 3:1 off their
/// edge colour, and the colour or its edge 3:1 off every square and tile fill; marks and conflicts
/// differ by at least 15 in CIEDE2000 under every kind of vision (by shape in greyscale); a filled
/// mark's tint stays visible and keeps numbers at 3:1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// The name used on the command line (`--theme`).
    pub name: &'static str,
    /// The margin around the board.
    pub background: Rgb,
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// The frame around the board.
    pub grid: Rgb,
    /// Labels, captions and cell numbers.
    pub ink: Rgb,
    /// The body of a piece (the queen's crown).
    pub piece: Rgb,
    /// Details and edges of a piece, drawn over its body.
    pub piece_edge: Rgb,
    /// The special (defective) square of a tiling.
    pub special: Rgb,
    /// The mark drawn on the special square.
    pub special_mark: Rgb,
    /// A path through cell centres (the knight's tour) and the rings of its numbered nodes.
    pub path: Rgb,
    /// The ring that marks the first cell of a path.
    pub start: Rgb,
    /// The ring that marks the last cell of a path.
    pub end: Rgb,
    /// A light square attacked by a piece; an attacked dark square is moved by the same CIELAB
    /// difference (see [`Theme::attacked`]), so attacked squares are darker on both colours.
    pub attack: Rgb,
    /// Lines that show how a board is split (the tiling's recursion). They run along tile boundaries
    /// as dashes a little wider than the outlines, so they stand out against [`Theme::outline`].
    pub split: Rgb,
    /// Outlines of tiles.
    pub outline: Rgb,
    /// Tile fills: a proper 3-colouring uses `[0..3]`, colouring by orientation uses all 4.
    pub tiles: [Rgb; 4],
    /// The colours of [`Theme::tile_hue`] (a colour per tile).
    pub tile_hues: TileHues,
    /// Overlays the reader asks for: marks (dot, cross, ring, the tint of a filled square) and arrows.
    pub mark: Rgb,
    /// A warning: the ring around a piece that is attacked and the line between two pieces that attack
    /// each other.
    pub conflict: Rgb,
    /// The frame around the square of a piece just placed.
    pub placed: Rgb,
    /// The thin edge around marks, arrows, links and rings, so that they read on every fill: where a
    /// fill is too close to the overlay's colour, it is far from this one.
    pub overlay_edge: Rgb,
}

/// How [`Theme::tile_hue`] makes a colour per tile: three lightness levels, each with hues spread
/// around the circle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileHues {
    /// CIELAB L* of the three levels, at least 20 apart.
    pub lightness: [f64; 3],
    /// CIELAB chroma of every colour (lowered where a hue cannot reach it); 0 gives three greys.
    pub chroma: f64,
    /// Hue angle (degrees) of the first colour of each level.
    pub first_hue: f64,
}

/// The levels of slate's per-tile colours: 40 keeps a near-black outline at 3:1; 90 against 65 and
/// 65 against 40 stay 15 apart in CIEDE2000 for greys and under every simulated deficiency at
/// chroma 20. On slate, untiled squares are dark (L* 23), so even the lightest level stands apart.
const TILE_HUE_LEVELS: [f64; 3] = [90.0, 65.0, 40.0];

/// The levels of the light themes' per-tile colours: their untiled squares are near white (L* 95),
/// which a tile at L* 90 matched in greyscale (CIEDE2000 under 4); 79.6 keeps 10 from it in colour,
/// greyscale and deuteranopia. 39 keeps a black outline at 3:1. Neighbours stay 20 apart in L* (the
/// extra 0.3 a step is for rounding to sRGB); the lower chroma keeps the upper two levels 13 apart in
/// CIEDE2000 under protanopia (reds look darker to protanopes).
const LIGHT_TILE_HUE_LEVELS: [f64; 3] = [79.6, 59.3, 39.0];
/// Chroma of the light themes' per-tile colours (see [`LIGHT_TILE_HUE_LEVELS`]).
const LIGHT_TILE_HUE_CHROMA: f64 = 12.0;

/// `default`: a calm modern textbook look, warm beige and muted blue-grey squares, dark ink.
/// Squares at L* 91 and 68; tiles at L* 80 (sand), 60 (blue), 39 (indigo) and 50 (rose, the fourth
/// shape of the colouring by shape: a white one looked untiled).
const DEFAULT: Theme = Theme {
    name: "default",
    background: [250, 248, 243],
    light: [238, 228, 206],
    dark: [148, 170, 187],
    grid: [128, 122, 112],
    ink: [28, 32, 42],
    piece: [24, 26, 34],
    piece_edge: [232, 214, 168],
    special: [52, 56, 66],
    special_mark: [236, 232, 222],
    path: [157, 35, 30],
    start: [1, 89, 139],
    end: [30, 30, 34],
    attack: [217, 148, 135],
    split: [236, 120, 30],
    // Black: a near black stood under 3:1 on the darkest per-tile colours.
    outline: [0, 0, 0],
    tiles: [
        [233, 190, 150],
        [71, 153, 183],
        [79, 89, 146],
        [161, 103, 105],
    ],
    tile_hues: TileHues {
        lightness: LIGHT_TILE_HUE_LEVELS,
        chroma: LIGHT_TILE_HUE_CHROMA,
        first_hue: 70.0,
    },
    mark: [54, 5, 130],
    conflict: [160, 15, 45],
    placed: [120, 70, 0],
    overlay_edge: [252, 252, 250],
};

/// `print`: greyscale only, for black-and-white printing and photocopies. Squares at L* 100 and 76;
/// tiles at L* 76, 56 and 36 (and 46 for the fourth shape of the colouring by shape), so that no tile
/// of a tiling looks like an untiled (white) square.
const PRINT: Theme = Theme {
    name: "print",
    background: [255, 255, 255],
    light: [255, 255, 255],
    dark: [188, 188, 188],
    grid: [0, 0, 0],
    ink: [0, 0, 0],
    piece: [0, 0, 0],
    piece_edge: [255, 255, 255],
    special: [0, 0, 0],
    special_mark: [255, 255, 255],
    path: [0, 0, 0],
    // Black, dark grey and mid grey: the path's rings, the end and the start stay apart in any
    // copy (L* 0, 25 and 43), each 3:1 on both squares.
    start: [101, 101, 101],
    end: [58, 58, 58],
    attack: [188, 188, 188],
    // White dashes in the black of the division's outline (dashed: a line of one colour vanished
    // among tiles of its tone).
    split: [255, 255, 255],
    outline: [0, 0, 0],
    // The three greys of every tiling at L* 76, 56 and 36, none white: an untiled square is white.
    // The fourth, which only the colouring by shape uses, sits between the darker two (about 10
    // apart in CIEDE2000 from each; the shapes tell them apart too): white, it looked untiled, and
    // under L* 30 the black outlines vanished on it.
    tiles: [
        [188, 188, 188],
        [134, 134, 134],
        [84, 84, 84],
        [110, 110, 110],
    ],
    tile_hues: TileHues {
        // The per-tile greys: 79.4 keeps 13 from white, 38.6 a black outline at 3:1.
        lightness: [79.4, 59.0, 38.6],
        chroma: 0.0,
        first_hue: 0.0,
    },
    mark: [51, 51, 51],
    conflict: [0, 0, 0],
    placed: [0, 0, 0],
    overlay_edge: [255, 255, 255],
};

/// `classic`: the wood-brown chessboard of chess books. Squares at L* 88 and 64; tiles honey,
/// sage, brick and violet.
const CLASSIC: Theme = Theme {
    name: "classic",
    // A paper a shade lighter than the light squares' cream: untiled squares (a quarter of the way to
    // the light square) stay 10 apart in CIEDE2000 from the honey tiles in greyscale.
    background: [254, 251, 246],
    light: [240, 217, 181],
    dark: [191, 144, 110],
    grid: [110, 80, 54],
    ink: [30, 22, 14],
    piece: [10, 8, 6],
    piece_edge: [236, 204, 140],
    special: [70, 44, 26],
    special_mark: [244, 226, 196],
    path: [3, 70, 123],
    start: [57, 32, 12],
    end: [139, 12, 36],
    attack: [232, 123, 144],
    split: [210, 50, 30],
    outline: [0, 0, 0],
    tiles: [
        [235, 190, 135],
        [105, 154, 118],
        [147, 68, 63],
        [137, 99, 182],
    ],
    tile_hues: TileHues {
        lightness: LIGHT_TILE_HUE_LEVELS,
        chroma: LIGHT_TILE_HUE_CHROMA,
        first_hue: 80.0,
    },
    mark: [91, 1, 55],
    conflict: [150, 18, 12],
    placed: [0, 80, 40],
    overlay_edge: [255, 252, 245],
};

/// `slate`: dark mode for slides and screens. Squares at L* 52 and 28 so that pale lines and the
/// gold crown stay at 3:1 on both; tiles teal, blue, amber and white with near-black outlines.
const SLATE: Theme = Theme {
    name: "slate",
    background: [28, 32, 38],
    light: [112, 126, 137],
    dark: [55, 68, 77],
    grid: [110, 118, 130],
    ink: [242, 242, 236],
    piece: [252, 224, 150],
    piece_edge: [70, 52, 16],
    special: [10, 10, 12],
    special_mark: [232, 96, 84],
    path: [255, 213, 174],
    start: [94, 241, 245],
    end: [249, 249, 249],
    attack: [83, 55, 79],
    split: [255, 176, 70],
    outline: [8, 9, 12],
    tiles: [
        [61, 158, 152],
        [60, 93, 149],
        [238, 191, 115],
        [255, 255, 255],
    ],
    tile_hues: TileHues {
        lightness: TILE_HUE_LEVELS,
        chroma: 20.0,
        first_hue: 190.0,
    },
    mark: [138, 176, 254],
    conflict: [255, 150, 130],
    placed: [255, 230, 90],
    overlay_edge: [12, 14, 18],
};

const ALL: [Theme; 4] = [DEFAULT, PRINT, CLASSIC, SLATE];

/// Relative luminance of an sRGB colour (WCAG 2).
pub fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG contrast ratio of two colours, 1 (none) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

impl Theme {
    /// The names [`Theme::by_name`] knows, the default first.
    pub const NAMES: [&'static str; 4] = ["default", "print", "classic", "slate"];

    /// The theme called `name`; an error listing the names otherwise.
    pub fn by_name(name: &str) -> Result<Theme> {
        ALL.iter().find(|t| t.name == name).copied().ok_or_else(|| {
            Error::invalid(
                InvalidKind::Theme,
                format!(
                    "unknown theme '{name}'; choose one of {}",
                    Self::NAMES.join(", ")
                ),
            )
        })
    }

    /// Colour `i` of `n` per-tile colours. Colour `i` has lightness level `i % 3` of
    /// [`Theme::tile_hues`], so colours whose indices differ modulo 3 are at least 20 apart in L*
    /// (the problem that asks for per-tile colours gives neighbouring tiles indices of different
    /// residues). Within a level, hues step by the
    /// golden angle, so colours of one level are distinct and consecutive ones far apart in hue. With
    /// chroma 0 (a greyscale theme) the three levels are the only colours.
    pub fn tile_hue(&self, i: usize, n: usize) -> Rgb {
        let i = i % n.max(1);
        let TileHues {
            lightness,
            chroma,
            first_hue,
        } = self.tile_hues;
        let (level, j) = (i % 3, i / 3);
        // 1 - 1/phi of a turn: successive hues never repeat and stay far apart.
        let hue = first_hue + 360.0 * (j as f64 * 0.381_966_011_250_105).fract();
        lch(lightness[level], chroma, hue)
    }

    /// The `n` tile colours a scene with `n` tile colours is drawn in: [`Theme::tiles`] when they are
    /// enough, else [`Theme::tile_hue`].
    pub fn tile_fills(&self, n: usize) -> Vec<Rgb> {
        if n <= self.tiles.len() {
            self.tiles[..n.max(1)].to_vec()
        } else {
            (0..n).map(|i| self.tile_hue(i, n)).collect()
        }
    }

    /// The colour of `square` (a light or dark square) when attacked: moved by the CIELAB difference
    /// from [`Theme::light`] to [`Theme::attack`], so every square is darkened by the same L* and takes
    /// the same tint (as far as the sRGB gamut allows near black), and attacked squares read the same
    /// way on both colours.
    pub fn attacked(&self, square: Rgb) -> Rgb {
        let (from, to, sq) = (
            Lab::from_rgb(self.light),
            Lab::from_rgb(self.attack),
            Lab::from_rgb(square),
        );
        Lab {
            l: sq.l + to.l - from.l,
            a: sq.a + to.a - from.a,
            b: sq.b + to.b - from.b,
        }
        .to_rgb()
    }

    /// Cells not filled yet (a tiling before its tiles are laid): a quarter of the way from the
    /// margin to a light square, nearer the margin than any tile (half way, slate's untiled squares
    /// were its blue tiles' grey in a greyscale copy).
    pub fn blank(&self) -> Rgb {
        let f = |x: u8, y: u8| ((3 * u16::from(x) + u16::from(y) + 2) / 4) as u8;
        [0, 1, 2].map(|i| f(self.background[i], self.light[i]))
    }

    /// The not yet tiled cells of the sub-board a tromino call is working on: the blank colour a
    /// tenth of the way to the outline colour, a plain shade that no tile colour (all of them
    /// further from the blank) is mistaken for, lighter than the tiles that will cover it.
    pub fn focus(&self) -> Rgb {
        let blank = self.blank();
        [0, 1, 2].map(|i| {
            let (b, o) = (i32::from(blank[i]), i32::from(self.outline[i]));
            (b + (o - b) / 10) as u8
        })
    }

    /// The colour to write numbers in on `fill`: the theme's ink when it reads well (WCAG contrast at
    /// least 4.5), else whichever of black and white contrasts more.
    pub fn ink_on(&self, fill: Rgb) -> Rgb {
        if contrast(self.ink, fill) >= MIN_TEXT_CONTRAST {
            return self.ink;
        }
        let (black, white) = ([0, 0, 0], [255, 255, 255]);
        let alt = if luminance(self.ink) > 0.5 {
            self.special
        } else {
            self.background
        };
        if contrast(alt, fill) >= MIN_TEXT_CONTRAST {
            alt
        } else if contrast(black, fill) >= contrast(white, fill) {
            black
        } else {
            white
        }
    }
}

impl Default for Theme {
    fn default() -> Self {
        DEFAULT
    }
}
