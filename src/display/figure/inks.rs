//! A figure's palette and the inks of its parts, fixed before the first picture: the theme's
//! colours in a fixed order, the anti-aliasing ramps between the pairs that meet, and, last and
//! only for figures that have them, the colours of overlays, marks, a scene's own fills, the
//! counter, the step gradient, the halo and the panel ([`super::added_inks`]). The order is part of
//! every picture: a colour taken earlier or a ramp added moves the anti-aliasing of every figure.

use std::collections::HashMap;

use super::added_inks::{item_inks, overlay_inks, panel_inks};
use super::options::RenderOptions;
use super::scene_colours::{chess_tones, register, SceneColours};
use crate::display::items::{Colors, PanelInks};
use crate::display::look::{PathColour, Squares};
use crate::display::palette::{mix, Palette, PaletteBuilder, Rgb, RAMP_LEVELS};
use crate::display::step_colours::step_gradient;
use crate::display::theme::{luminance, Theme};
use crate::error::Result;

/// A figure's palette and where each of its parts finds its ink.
pub(super) struct FigureInks {
    pub(super) palette: Palette,
    pub(super) colors: Colors,
    /// The panel's inks, for a figure with a panel.
    pub(super) panel: Option<PanelInks>,
}

/// The palette of a figure drawn with `opts`, with room for the scene's own colours (`own`) and
/// its marks' and arrows' (`item_colours`), and the panel's inks when `with_panel`. Fails when
/// the palette cannot hold the colours.
pub(super) fn figure_inks(
    opts: &RenderOptions,
    own: &SceneColours,
    item_colours: &[Rgb],
    with_panel: bool,
) -> Result<FigureInks> {
    let t = &opts.theme;
    let mut b = PaletteBuilder::new();
    let background = b.color(t.background);
    let frame = b.color(t.grid);
    let ink_margin = b.color(t.ink_on(t.background));
    let light = b.color(t.light);
    let dark = b.color(t.dark);
    let blank_rgb = t.blank();
    let blank = b.color(blank_rgb);
    let special = b.color(t.special);
    let special_mark = b.color(t.special_mark);
    let tile_rgbs = t.tile_fills(opts.tile_colors);
    let tiles: Vec<u8> = tile_rgbs.iter().map(|&c| b.color(c)).collect();
    // Attacked squares now keep their colour and get a dot (see the item builder); the two
    // shaded colours stay in the palette only so that its order, and with it the anti-aliasing
    // of every figure, is unchanged. Dropping them is a re-bless of every golden.
    let (shaded_light_rgb, shaded_dark_rgb) = (t.attacked(t.light), t.attacked(t.dark));
    let shaded_light = b.color(shaded_light_rgb);
    let shaded_dark = b.color(shaded_dark_rgb);
    let outline = b.color(t.outline);
    let split = b.color(t.split);
    let path = b.color(t.path);
    let node = b.color(t.light);
    let start = b.color(t.start);
    let end = b.color(t.end);
    let piece = b.color(t.piece);
    let piece_edge = b.color(t.piece_edge);
    let fill_rgbs = [
        (light, t.light),
        (dark, t.dark),
        (blank, blank_rgb),
        (special, t.special),
        (shaded_light, shaded_light_rgb),
        (shaded_dark, shaded_dark_rgb),
        (node, t.light),
    ]
    .into_iter()
    .chain(tiles.iter().copied().zip(tile_rgbs.iter().copied()))
    .collect::<Vec<_>>();
    let fills: Vec<u8> = fill_rgbs.iter().map(|&(i, _)| i).collect();
    let mut ink_on = HashMap::new();
    for &(f, rgb) in &fill_rgbs {
        let ink = b.color(t.ink_on(rgb));
        ink_on.insert(f, ink);
    }
    // Ramps in order of how much they matter; the palette falls back to the nearest colour for
    // pairs that get none.
    b.ramp(background, ink_margin);
    b.ramp(special, special_mark);
    for &bg in &[light, dark, shaded_light, shaded_dark] {
        b.ramp(bg, piece);
    }
    b.ramp(piece, piece_edge);
    for &bg in &[light, dark, node] {
        b.ramp(bg, path);
    }
    for &fg in &[start, end, path] {
        b.ramp(node, fg);
    }
    b.ramp(path, node);
    for &f in &fills {
        if b.len() + 8 > Palette::MAX_COLORS {
            break;
        }
        b.ramp(f, ink_on[&f]);
    }
    let squares = [light, dark, shaded_light, shaded_dark];
    let overlay = overlay_inks(&mut b, t, squares, end);
    let items = item_inks(&mut b, item_colours, squares, overlay);
    // The shaded focus of a tromino step: taken last and only for tilings, so the other
    // problems' palettes (and every ramp) are what they were without it. Numbers never stand on
    // a blank cell, so it needs no ramp.
    let focus = if opts.tile_colors > 0 {
        b.color(t.focus())
    } else {
        blank
    };
    let (tone_light, tone_dark) = chess_tones(t);
    let chess = if own.chess {
        (b.color(tone_light), b.color(tone_dark))
    } else {
        (piece_edge, piece)
    };
    let squares = [light, dark, shaded_light, shaded_dark];
    let own_inks = register(&mut b, t, own, &squares, chess, overlay.mark);
    ink_on.extend(own_inks.ink_on.iter().copied());
    // Taken last, and only when asked for, so that every other figure's palette is unchanged.
    let plain = opts.squares != Squares::Checkered;
    let ruled = opts.squares == Squares::Ruled;
    let coverage = if ruled { 255 } else { PLAIN_GRID_COVERAGE };
    let plain_grid = plain.then(|| b.color(mix(t.light, t.grid, coverage)));
    // The counter's box in the mark colour, its number in the ink that reads on it; taken only
    // when asked for, so every other figure's palette is unchanged.
    let counter = opts.caption_box.then(|| {
        let fill = b.color(t.mark);
        let ink = b.color(t.ink_on(t.mark));
        b.ramp(fill, ink);
        (fill, ink)
    });
    let steps = step_inks(&mut b, t, opts.path_colour, plain, [light, dark, node]);
    // Taken last, and only for a margin that will be transparent.
    let margin_halo = opts.text_halo.then(|| {
        let ink = t.ink_on(t.background);
        let mut halo = if luminance(ink) < 0.5 {
            [255, 255, 255]
        } else {
            [16, 16, 16]
        };
        // A colour of its own, never the margin's (print's margin is white): the margin's
        // index becomes transparent, and the halo must not.
        if halo == t.background {
            halo[2] ^= 1;
        }
        let halo = b.color(halo);
        b.ramp(halo, ink_margin);
        b.ramp(background, halo);
        halo
    });
    let panel = with_panel.then(|| panel_inks(&mut b, t, background, ink_margin, frame));
    let palette = b.build()?;
    let colors = Colors {
        background,
        frame,
        ink_margin,
        light,
        dark,
        blank,
        focus,
        special,
        special_mark,
        tiles,
        outline,
        split,
        path,
        node,
        start,
        end,
        piece,
        piece_edge,
        ink_on,
        overlay,
        fills: own_inks.fills,
        chess_light: chess.0,
        chess_dark: chess.1,
        items,
        plain,
        plain_grid,
        ruled,
        counter,
        steps,
        margin_halo,
    };
    Ok(FigureInks {
        palette,
        colors,
        panel,
    })
}

/// How much of the grid colour the plain board's lines take over the light tone: a thin line
/// that separates the squares without making a pattern of its own.
const PLAIN_GRID_COVERAGE: u8 = 90;

/// The inks of the step gradient (none unless the path is coloured by step), each with its
/// anti-aliasing ramps over the squares it crosses while the palette has room.
fn step_inks(
    b: &mut PaletteBuilder,
    t: &Theme,
    colour: PathColour,
    plain: bool,
    [light, dark, node]: [u8; 3],
) -> Vec<u8> {
    if colour != PathColour::Step {
        return Vec::new();
    }
    let inks: Vec<u8> = step_gradient(t).into_iter().map(|c| b.color(c)).collect();
    let grounds: &[u8] = if plain {
        &[light, node]
    } else {
        &[light, dark, node]
    };
    for &bg in grounds {
        for &ink in &inks {
            if b.len() + RAMP_LEVELS > Palette::MAX_COLORS {
                return inks;
            }
            b.ramp(bg, ink);
        }
    }
    inks
}
