//! The colours a figure takes after the theme's, each only for figures that have the part it
//! colours, so that every other figure keeps its palette (and with it every anti-aliased edge):
//! overlays, the colours of marks and arrows of their own, and the panel.

use std::collections::HashMap;

use crate::display::items::{OverlayInks, PanelInks};
use crate::display::palette::{mix, Palette, PaletteBuilder, Rgb, RAMP_LEVELS};
use crate::display::theme::Theme;

/// Registers the panel's colours after everything else (only for a scene with a panel, so other
/// figures keep their palettes): a bar behind the highlighted line, a tint of the theme's mark
/// colour that the margin's ink reads on, the mark colour itself for the call running now, and a
/// grey of the margin ink for finished calls, each with the ink that reads on it and their ramps.
pub(super) fn panel_inks(
    b: &mut PaletteBuilder,
    t: &Theme,
    background: u8,
    text: u8,
    rule: u8,
) -> PanelInks {
    let room = |b: &PaletteBuilder, n: usize| b.len() + n <= Palette::MAX_COLORS;
    let colour = |b: &mut PaletteBuilder, rgb: Rgb, fallback: u8| {
        if room(b, 1) {
            b.color(rgb)
        } else {
            fallback
        }
    };
    let margin_ink = t.ink_on(t.background);
    let bar_rgb = mix(t.background, t.mark, 70);
    let bar = colour(b, bar_rgb, background);
    let bar_text = colour(b, t.ink_on(bar_rgb), text);
    let current = colour(b, t.mark, text);
    let current_text = colour(b, t.ink_on(t.mark), background);
    let done_rgb = mix(t.background, margin_ink, 60);
    let done = colour(b, done_rgb, rule);
    let done_text = colour(b, t.ink_on(done_rgb), text);
    for (bg, fg) in [
        (bar, bar_text),
        (current, current_text),
        (done, done_text),
        (background, rule),
        (background, current),
        (background, done),
        (background, text),
    ] {
        if bg != fg && room(b, RAMP_LEVELS) {
            b.ramp(bg, fg);
        }
    }
    PanelInks {
        text,
        rule,
        bar,
        bar_text,
        current,
        current_text,
        done,
        done_text,
    }
}

/// Registers the overlays' colours and ramps after everything else, so figures without overlays keep
/// their palette's ramps: marks and arrows, conflicts, the placed frame and the edge around them, with
/// the ramps their edges and the filled mark's tint need on the four square shades. Where the palette
/// is full an overlay takes a colour it already has (`fallback`, or a light square for the edge) and
/// blends by the nearest colour.
pub(super) fn overlay_inks(
    b: &mut PaletteBuilder,
    t: &Theme,
    squares: [u8; 4],
    fallback: u8,
) -> OverlayInks {
    b.seal();
    let shared = b.len();
    let color = |b: &mut PaletteBuilder, rgb, fallback: u8| {
        if b.len() < Palette::MAX_COLORS {
            b.color(rgb)
        } else {
            fallback
        }
    };
    let mark = color(b, t.mark, fallback);
    let conflict = color(b, t.conflict, fallback);
    let placed = color(b, t.placed, fallback);
    let edge = color(b, t.overlay_edge, squares[0]);
    // Only ramps that involve an overlay's own colour: a new ramp between two colours every figure
    // has would change the edges of figures without overlays.
    let ramp = |b: &mut PaletteBuilder, bg: u8, fg: u8| {
        let new = usize::from(bg.max(fg)) >= shared;
        if new && b.len() + RAMP_LEVELS <= Palette::MAX_COLORS {
            b.ramp(bg, fg);
        }
    };
    for &bg in &squares {
        ramp(b, bg, edge);
    }
    ramp(b, edge, mark);
    ramp(b, edge, conflict);
    for &bg in &squares {
        ramp(b, bg, mark);
    }
    OverlayInks {
        mark,
        conflict,
        placed,
        edge,
    }
}

/// Registers the colours of their own that marks and arrows have, after the theme's overlays (so
/// figures without them keep their palette), each with the ramps a mark colour has: from its edge
/// and from the four square shades. A colour the theme already has shares its index. Every colour
/// is placed before any ramp, so that all of them keep their own colour; ramps follow while there
/// is room (a pair without one blends through the nearest palette colour). Where the palette is
/// full a colour takes the theme's mark colour instead.
pub(super) fn item_inks(
    b: &mut PaletteBuilder,
    colours: &[Rgb],
    squares: [u8; 4],
    overlay: OverlayInks,
) -> HashMap<Rgb, u8> {
    let mut inks = HashMap::new();
    for &rgb in colours {
        let ink = if b.len() < Palette::MAX_COLORS {
            b.color(rgb)
        } else {
            overlay.mark
        };
        inks.insert(rgb, ink);
    }
    // The edge ramps first (every overlay has an edge), then the squares' in order of area.
    for bg in std::iter::once(overlay.edge).chain(squares) {
        for &rgb in colours {
            if b.len() + RAMP_LEVELS <= Palette::MAX_COLORS {
                b.ramp(bg, inks[&rgb]);
            }
        }
    }
    inks
}
