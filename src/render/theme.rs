//! Colour themes: what every element of a figure looks like.
//!
//! Every theme keeps numbers readable: [`Theme::ink_on`] returns an ink with a WCAG contrast ratio of at
//! least 4.5 against any fill a number can sit on (the tests check all of them).

use super::palette::Rgb;
use crate::error::{Error, Result};

/// The WCAG contrast a number needs against its fill ("AA" for normal text).
pub const MIN_TEXT_CONTRAST: f64 = 4.5;

/// The colours of a figure.
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
    /// Grid lines between cells.
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
    /// A path through cell centres (the knight's tour).
    pub path: Rgb,
    /// Marks the first cell of a path.
    pub start: Rgb,
    /// Marks the last cell of a path.
    pub end: Rgb,
    /// The shade of squares attacked by a piece.
    pub attack: Rgb,
    /// Lines that show how a board is split (the tiling's recursion).
    pub split: Rgb,
    /// Outlines of tiles.
    pub outline: Rgb,
    /// Tile fills: a proper 3-colouring uses `[0..3]`, colouring by orientation uses all 4.
    pub tiles: [Rgb; 4],
    /// Saturation and lightness (0..=1) of [`Theme::tile_hue`]; saturation 0 gives grey levels.
    pub tile_hue_sat_light: (f32, f32),
}

/// `default`: a calm modern textbook look, warm beige and muted blue-grey squares, dark ink.
const DEFAULT: Theme = Theme {
    name: "default",
    background: [250, 248, 243],
    light: [238, 228, 206],
    dark: [164, 180, 196],
    grid: [128, 122, 112],
    ink: [28, 32, 42],
    piece: [36, 40, 52],
    piece_edge: [232, 214, 168],
    special: [52, 56, 66],
    special_mark: [236, 232, 222],
    path: [176, 58, 40],
    start: [40, 130, 80],
    end: [160, 30, 60],
    attack: [232, 178, 166],
    split: [196, 84, 30],
    outline: [64, 60, 56],
    tiles: [
        [172, 204, 166],
        [166, 196, 222],
        [236, 206, 150],
        [222, 176, 186],
    ],
    tile_hue_sat_light: (0.42, 0.78),
};

/// `print`: greyscale only, for black-and-white printing and photocopies.
const PRINT: Theme = Theme {
    name: "print",
    background: [255, 255, 255],
    light: [255, 255, 255],
    dark: [204, 204, 204],
    grid: [0, 0, 0],
    ink: [0, 0, 0],
    piece: [0, 0, 0],
    piece_edge: [255, 255, 255],
    special: [0, 0, 0],
    special_mark: [255, 255, 255],
    path: [0, 0, 0],
    start: [96, 96, 96],
    end: [0, 0, 0],
    attack: [176, 176, 176],
    split: [0, 0, 0],
    outline: [0, 0, 0],
    tiles: [
        [255, 255, 255],
        [210, 210, 210],
        [165, 165, 165],
        [120, 120, 120],
    ],
    tile_hue_sat_light: (0.0, 0.78),
};

/// `classic`: the wood-brown chessboard of chess books.
const CLASSIC: Theme = Theme {
    name: "classic",
    background: [252, 247, 238],
    light: [240, 217, 181],
    dark: [181, 136, 99],
    grid: [110, 80, 54],
    ink: [30, 22, 14],
    piece: [24, 20, 18],
    piece_edge: [236, 204, 140],
    special: [70, 44, 26],
    special_mark: [244, 226, 196],
    path: [30, 80, 150],
    start: [30, 120, 60],
    end: [170, 30, 40],
    attack: [226, 150, 120],
    split: [150, 30, 30],
    outline: [60, 40, 24],
    tiles: [
        [214, 184, 130],
        [180, 196, 150],
        [222, 164, 124],
        [196, 178, 200],
    ],
    tile_hue_sat_light: (0.38, 0.74),
};

/// `slate`: dark mode for slides and screens.
const SLATE: Theme = Theme {
    name: "slate",
    background: [28, 32, 38],
    light: [84, 94, 108],
    dark: [56, 64, 76],
    grid: [18, 20, 24],
    ink: [242, 242, 236],
    piece: [240, 204, 110],
    piece_edge: [70, 52, 16],
    special: [10, 10, 12],
    special_mark: [232, 96, 84],
    path: [255, 150, 100],
    start: [110, 210, 140],
    end: [255, 104, 124],
    attack: [118, 64, 66],
    split: [255, 176, 70],
    outline: [14, 16, 20],
    tiles: [[58, 104, 84], [62, 88, 132], [120, 96, 50], [112, 70, 92]],
    tile_hue_sat_light: (0.32, 0.34),
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

/// The sRGB colour of hue `h` (0..1), saturation `s` and lightness `l`.
fn hsl(h: f32, s: f32, l: f32) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h.rem_euclid(1.0) * 6.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let ch = |v: f32| ((v + m).clamp(0.0, 1.0) * 255.0).round() as u8;
    [ch(r), ch(g), ch(b)]
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Theme {
    /// The names [`Theme::by_name`] knows, the default first.
    pub const NAMES: [&'static str; 4] = ["default", "print", "classic", "slate"];

    /// The theme called `name`; an error listing the names otherwise.
    pub fn by_name(name: &str) -> Result<Theme> {
        ALL.iter().find(|t| t.name == name).copied().ok_or_else(|| {
            Error::invalid(format!(
                "unknown theme '{name}'; choose one of {}",
                Self::NAMES.join(", ")
            ))
        })
    }

    /// Colour `i` of `n` tile colours, all distinct (for `n` up to a few hundred) and evenly spread
    /// over the hue circle; neighbouring `i` are far apart in hue, so consecutively numbered tiles
    /// differ. In a greyscale theme the colours are grey levels spread over a band of lightness that
    /// keeps [`Theme::ink`] readable.
    pub fn tile_hue(&self, i: usize, n: usize) -> Rgb {
        let n = n.max(1);
        let i = i % n;
        // A stride near n * (1 - 1/phi) that is coprime to n visits every slot once, far apart.
        let mut stride = ((n as f64 * 0.381_966).round() as usize).max(1);
        while gcd(stride, n) != 1 {
            stride += 1;
        }
        let slot = (i * stride) % n;
        let (s, l) = self.tile_hue_sat_light;
        if s <= 0.0 {
            let t = if n > 1 {
                slot as f32 / (n - 1) as f32
            } else {
                0.5
            };
            // Greys from about 0.52 to 0.98 lightness: black ink stays above 4.5:1 on all of them.
            let level = l - 0.26 + 0.46 * t;
            return hsl(0.0, 0.0, level.clamp(0.0, 1.0));
        }
        let mut c = hsl(slot as f32 / n as f32, s, l);
        // Yellows and greens are much brighter than blues at equal HSL lightness; nudge the few
        // that would fail the ink contrast rather than dull every colour.
        let mut ll = l;
        for _ in 0..40 {
            if contrast(self.ink, c) >= MIN_TEXT_CONTRAST {
                break;
            }
            ll += if luminance(self.ink) > 0.5 {
                -0.01
            } else {
                0.01
            };
            c = hsl(slot as f32 / n as f32, s, ll.clamp(0.0, 1.0));
        }
        c
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
