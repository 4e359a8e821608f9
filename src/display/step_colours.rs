//! The colours of a path coloured by step number ([`PathColour::Step`](crate::PathColour::Step)):
//! a perceptual gradient whose lightness rises with the step, quantised to [`STEP_STOPS`] stops so
//! that it fits the raster backend's palette (fixed before the first frame) and every backend draws
//! the same few colours.
//!
//! The hues follow matplotlib's "inferno" map, whose lightness rises monotonically, so the order
//! of the steps survives greyscale printing. A theme with dark lines on light squares takes the
//! dark part of the map (near black to orange), one with light lines on dark squares (slate) the
//! light part (red to pale yellow): either way the path stays apart from the squares.

use crate::display::palette::Rgb;
use crate::display::theme::{luminance, Theme};

/// How many colours the gradient is quantised to.
pub const STEP_STOPS: usize = 24;

/// Inferno sampled at 0, 0.1, ..., 1 (matplotlib's values, rounded).
const INFERNO: [Rgb; 11] = [
    [0, 0, 4],
    [22, 11, 57],
    [66, 10, 104],
    [106, 23, 110],
    [147, 38, 103],
    [188, 55, 84],
    [221, 81, 58],
    [243, 120, 25],
    [252, 165, 10],
    [246, 215, 70],
    [252, 255, 164],
];

/// The part of the map a theme with dark lines on light squares uses: near black to orange.
const ON_LIGHT: (f32, f32) = (0.04, 0.70);
/// The part a theme with light lines on dark squares uses: red to pale yellow.
const ON_DARK: (f32, f32) = (0.55, 1.0);

/// The map at `t` in 0..=1, interpolated between the samples.
fn inferno(t: f32) -> Rgb {
    let x = t.clamp(0.0, 1.0) * (INFERNO.len() - 1) as f32;
    let i = (x.floor() as usize).min(INFERNO.len() - 2);
    let f = x - i as f32;
    let (a, b) = (INFERNO[i], INFERNO[i + 1]);
    std::array::from_fn(|k| {
        (f32::from(a[k]) + (f32::from(b[k]) - f32::from(a[k])) * f).round() as u8
    })
}

/// The [`STEP_STOPS`] colours of `theme`'s step gradient, first step first.
pub fn step_gradient(theme: &Theme) -> Vec<Rgb> {
    // The theme's own path tells which way its squares need the line to differ.
    let dark_lines = luminance(theme.path) < luminance(theme.light);
    let (from, to) = if dark_lines { ON_LIGHT } else { ON_DARK };
    (0..STEP_STOPS)
        .map(|i| inferno(from + (to - from) * i as f32 / (STEP_STOPS - 1) as f32))
        .collect()
}

/// The stop of the move that ends on the `square`-th square of a path (0-based: square 1 is the
/// first move) along a path of `squares` squares in all.
pub fn stop_of(square: usize, squares: usize) -> usize {
    if squares < 2 {
        return 0;
    }
    let moves = squares - 1;
    let m = square.clamp(1, moves) - 1;
    (m * STEP_STOPS / moves).min(STEP_STOPS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::colour_check::lightness;

    #[test]
    fn every_theme_rises_in_lightness() {
        for name in Theme::NAMES {
            let g = step_gradient(&Theme::by_name(name).unwrap());
            assert_eq!(g.len(), STEP_STOPS);
            for w in g.windows(2) {
                assert!(lightness(w[1]) > lightness(w[0]), "{name}: {w:?}");
            }
        }
    }

    #[test]
    fn stops_cover_the_moves_in_order() {
        assert_eq!(stop_of(1, 10_000), 0);
        assert_eq!(stop_of(9_999, 10_000), STEP_STOPS - 1);
        assert_eq!(stop_of(1, 2), 0);
        let stops: Vec<usize> = (1..64).map(|s| stop_of(s, 64)).collect();
        assert!(stops.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(stops.iter().max(), Some(&(STEP_STOPS - 1)));
    }
}
