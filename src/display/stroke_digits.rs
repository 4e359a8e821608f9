//! A stroked face for the Turbo C counter, after the Borland triplex font the program sets
//! (`settextstyle(TRIPLEX_FONT, HORIZ_DIR, 4)`): the digits 0 to 9 as straight strokes on a grid
//! 10 units wide and 20 high (curves as short chords, as the BGI's stroked fonts draw them), drawn
//! with a pen two pixels wide at the program's scale. Drawn, not copied: it is not Borland's font.
//! At the program's 50 x 35 cells a digit is 14 x 28 pixels and the next one starts 19 pixels on.

/// A digit's strokes: polylines of (x, y) grid points, y down from the digit's top.
type Strokes = &'static [&'static [(f32, f32)]];

const ZERO: Strokes = &[&[
    (3.0, 0.0),
    (7.0, 0.0),
    (10.0, 3.0),
    (10.0, 17.0),
    (7.0, 20.0),
    (3.0, 20.0),
    (0.0, 17.0),
    (0.0, 3.0),
    (3.0, 0.0),
]];
const ONE: Strokes = &[
    &[(2.0, 4.0), (5.0, 0.0), (5.0, 20.0)],
    &[(2.0, 20.0), (8.0, 20.0)],
];
const TWO: Strokes = &[&[
    (0.0, 4.0),
    (3.0, 0.0),
    (7.0, 0.0),
    (10.0, 3.0),
    (10.0, 7.0),
    (0.0, 20.0),
    (10.0, 20.0),
]];
const THREE: Strokes = &[
    &[
        (0.0, 3.0),
        (3.0, 0.0),
        (7.0, 0.0),
        (10.0, 3.0),
        (10.0, 7.0),
        (7.0, 10.0),
        (3.0, 10.0),
    ],
    &[
        (7.0, 10.0),
        (10.0, 13.0),
        (10.0, 17.0),
        (7.0, 20.0),
        (3.0, 20.0),
        (0.0, 17.0),
    ],
];
const FOUR: Strokes = &[&[(8.0, 20.0), (8.0, 0.0), (0.0, 14.0), (10.0, 14.0)]];
const FIVE: Strokes = &[&[
    (10.0, 0.0),
    (1.0, 0.0),
    (0.0, 9.0),
    (3.0, 8.0),
    (7.0, 8.0),
    (10.0, 11.0),
    (10.0, 17.0),
    (7.0, 20.0),
    (3.0, 20.0),
    (0.0, 17.0),
]];
const SIX: Strokes = &[&[
    (9.0, 1.0),
    (6.0, 0.0),
    (3.0, 0.0),
    (0.0, 4.0),
    (0.0, 17.0),
    (3.0, 20.0),
    (7.0, 20.0),
    (10.0, 17.0),
    (10.0, 12.0),
    (7.0, 9.0),
    (3.0, 9.0),
    (0.0, 12.0),
]];
const SEVEN: Strokes = &[&[(0.0, 0.0), (10.0, 0.0), (4.0, 20.0)]];
const EIGHT: Strokes = &[
    &[
        (3.0, 0.0),
        (7.0, 0.0),
        (10.0, 3.0),
        (10.0, 7.0),
        (7.0, 10.0),
        (3.0, 10.0),
        (0.0, 7.0),
        (0.0, 3.0),
        (3.0, 0.0),
    ],
    &[
        (3.0, 10.0),
        (0.0, 13.0),
        (0.0, 17.0),
        (3.0, 20.0),
        (7.0, 20.0),
        (10.0, 17.0),
        (10.0, 13.0),
        (7.0, 10.0),
    ],
];
const NINE: Strokes = &[&[
    (10.0, 8.0),
    (7.0, 11.0),
    (3.0, 11.0),
    (0.0, 8.0),
    (0.0, 3.0),
    (3.0, 0.0),
    (7.0, 0.0),
    (10.0, 3.0),
    (10.0, 16.0),
    (7.0, 20.0),
    (3.0, 20.0),
    (1.0, 19.0),
]];

const DIGITS: [Strokes; 10] = [ZERO, ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE];

/// Pixels per grid unit at the program's scale (a digit 14 x 28 pixels).
const UNIT: f32 = 1.4;
/// Grid units from one digit's left to the next's.
const ADVANCE: f32 = 13.5;
/// The pen's width at the program's scale.
const PEN: f32 = 2.0;

/// The face at a scale from the program's pixels: `kx` across, `ky` down.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StrokeFace {
    ux: f32,
    uy: f32,
    pen: u32,
}

impl StrokeFace {
    pub(crate) fn at_scale(kx: f32, ky: f32) -> StrokeFace {
        StrokeFace {
            ux: UNIT * kx,
            uy: UNIT * ky,
            pen: (PEN * kx.min(ky)).round().max(1.0) as u32,
        }
    }

    /// Whether every character of `text` has strokes here.
    pub(crate) fn covers(text: &str) -> bool {
        text.chars().all(|c| c.is_ascii_digit())
    }

    /// The strokes of `ch` (none for a character the face lacks: see [`StrokeFace::covers`]).
    pub(crate) fn strokes(&self, ch: char) -> Strokes {
        ch.to_digit(10).map_or(&[], |d| DIGITS[d as usize])
    }

    /// Pixels from one digit's left to the next's.
    pub(crate) fn advance(&self) -> f32 {
        ADVANCE * self.ux
    }

    /// The pen's width in pixels.
    pub(crate) fn pen(&self) -> u32 {
        self.pen
    }

    /// Grid point `p` of a digit whose top-left is `origin`, on the nearest pixel.
    pub(crate) fn point(&self, (gx, gy): (f32, f32), (x, y): (f32, f32)) -> (i32, i32) {
        (
            (x + gx * self.ux).round() as i32,
            (y + gy * self.uy).round() as i32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_has_strokes_on_its_grid_and_its_own_shape() {
        let face = StrokeFace::at_scale(1.0, 1.0);
        assert!(StrokeFace::covers("0123456789") && !StrokeFace::covers("No. 1"));
        let mut shapes = Vec::new();
        for ch in '0'..='9' {
            let strokes = face.strokes(ch);
            assert!(!strokes.is_empty(), "{ch}");
            for &(x, y) in strokes.iter().flat_map(|s| s.iter()) {
                assert!(
                    (0.0..=10.0).contains(&x) && (0.0..=20.0).contains(&y),
                    "{ch}"
                );
            }
            let key = format!("{strokes:?}");
            assert!(!shapes.contains(&key), "{ch} drawn as another digit");
            shapes.push(key);
        }
        // 14 x 28 pixels at the program's scale, the next digit 19 pixels on, a 2-pixel pen.
        assert_eq!(face.point((10.0, 20.0), (0.0, 0.0)), (14, 28));
        assert_eq!((face.advance().round(), face.pen()), (19.0, 2));
    }
}
