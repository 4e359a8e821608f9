//! Colours a scene brings of its own: the fills of a board of your own ([`Fill::Colour`]) and the
//! two-tone chess pieces ([`Piece::Chess`]). They are registered after every theme colour and
//! overlay, and only for scenes that have them, so every other figure keeps its palette exactly.

use std::collections::HashMap;

use crate::display::palette::{Palette, PaletteBuilder, Rgb, RAMP_LEVELS};
use crate::display::theme::{luminance, Theme};
use crate::error::{Error, InvalidKind, Result};
use crate::scene::{Fill, Piece, Scene, MAX_FILL_COLOURS};

/// What a scene needs in the palette beyond the theme.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SceneColours {
    /// The distinct [`Fill::Colour`]s, in row-major order of first use.
    pub(crate) fills: Vec<Rgb>,
    /// Whether any cell holds a [`Piece::Chess`].
    pub(crate) chess: bool,
}

impl SceneColours {
    /// The colours `scene` uses; an error past [`MAX_FILL_COLOURS`].
    pub(crate) fn of(scene: &Scene) -> Result<SceneColours> {
        let mut out = SceneColours::default();
        for r in 0..scene.rows() {
            for c in 0..scene.cols() {
                let cell = scene.cell(crate::geom::Square::new(r, c));
                if let Fill::Colour(rgb) = cell.fill {
                    if !out.fills.contains(&rgb) {
                        out.fills.push(rgb);
                    }
                }
                out.chess |= matches!(cell.piece, Some(Piece::Chess(_)));
            }
        }
        if out.fills.len() > MAX_FILL_COLOURS {
            return Err(Error::invalid(
                InvalidKind::Theme,
                format!(
                    "a board may fill its squares with at most {MAX_FILL_COLOURS} colours of its own, not {}",
                    out.fills.len()
                ),
            ));
        }
        Ok(out)
    }
}

/// The inks of a scene's own colours.
#[derive(Clone, Debug, Default)]
pub(crate) struct OwnInks {
    /// Each fill colour's ink.
    pub(crate) fills: HashMap<Rgb, u8>,
    /// Each fill's ink for numbers on it.
    pub(crate) ink_on: Vec<(u8, u8)>,
}

/// The light and the dark of a theme's two piece colours (`piece` and `piece_edge`): white pieces
/// are the light one outlined in the dark one, black pieces the dark one edged in the light one,
/// whichever way round a theme has them.
pub(crate) fn chess_tones(t: &Theme) -> (Rgb, Rgb) {
    if luminance(t.piece) >= luminance(t.piece_edge) {
        (t.piece, t.piece_edge)
    } else {
        (t.piece_edge, t.piece)
    }
}

/// Registers the scene's own colours: each fill with the ink for numbers on it, and the ramps of
/// pieces and marks on the fills (`squares` are the theme's square fills, `tones` the pieces' light
/// and dark, `mark` the overlays' colour). Ramps are added while the palette has room; blends
/// without one take the nearest colour.
pub(crate) fn register(
    b: &mut PaletteBuilder,
    t: &Theme,
    own: &SceneColours,
    squares: &[u8],
    tones: (u8, u8),
    mark: u8,
) -> OwnInks {
    let mut inks = OwnInks::default();
    let room = |b: &PaletteBuilder, n: usize| b.len() + n <= Palette::MAX_COLORS;
    let mut fills = Vec::new();
    for &rgb in &own.fills {
        if !room(b, 2) {
            break;
        }
        let fill = b.color(rgb);
        let ink = b.color(t.ink_on(rgb));
        inks.fills.insert(rgb, fill);
        inks.ink_on.push((fill, ink));
        fills.push(fill);
    }
    let (light, dark) = tones;
    let ramp = |b: &mut PaletteBuilder, bg: u8, fg: u8| {
        if room(b, RAMP_LEVELS) {
            b.ramp(bg, fg);
        }
    };
    for &fill in &fills {
        ramp(b, fill, mark);
    }
    if own.chess {
        ramp(b, light, dark);
        ramp(b, dark, light);
        for &bg in squares.iter().chain(&fills) {
            ramp(b, bg, dark);
            ramp(b, bg, light);
        }
    }
    inks
}
