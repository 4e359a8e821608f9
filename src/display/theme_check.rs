//! The contrast rules every built-in theme keeps (computed by the `palette_rules` and
//! `overlay_colours` tests), checked for colours of your own: a custom colour that breaks one is
//! reported, not refused ([`Theme::contrast_warnings`], [`Theme::item_colour_warnings`]), since the
//! author may know their medium better.

use super::colour_check::{delta_e2000, lightness, Lab, Vision};
use super::palette::Rgb;
use super::theme::{contrast, Theme, MIN_TEXT_CONTRAST};
use super::theme_roles::colour_hex;

/// Fills told apart differ by this much in CIELAB L* (a greyscale copy keeps them apart).
const MIN_LIGHTNESS_STEP: f64 = 20.0;
/// ... and by this much in CIEDE2000 for every kind of vision.
const MIN_DELTA_E: f64 = 15.0;
/// Lines, rings and overlays stand this far (WCAG contrast) off what they are drawn on.
const MIN_LINE_CONTRAST: f64 = 3.0;

/// The roles of the four tile fills.
const TILE_ROLES: [&str; 4] = ["tile1", "tile2", "tile3", "tile4"];

/// One rule applied to one pair: what it is about, the roles it reads, and the broken rule's words
/// (`None` when it holds).
struct Check {
    roles: Vec<&'static str>,
    broken: Option<String>,
}

fn worst_delta_e(a: Rgb, b: Rgb) -> f64 {
    Vision::ALL
        .iter()
        .map(|v| v.delta_e(a, b))
        .fold(f64::MAX, f64::min)
}

fn is_grey(c: Rgb) -> bool {
    c[0] == c[1] && c[1] == c[2]
}

/// Fills `a` and `b` (named `what`) must be told apart in greyscale and by every reader.
fn apart(roles: &[&'static str], what: &str, a: Rgb, b: Rgb) -> Check {
    let (dl, de) = ((lightness(a) - lightness(b)).abs(), worst_delta_e(a, b));
    let broken = (dl < MIN_LIGHTNESS_STEP || de < MIN_DELTA_E).then(|| {
        format!(
            "{what} ({} and {}) are hard to tell apart: {dl:.0} apart in lightness (the themes keep {MIN_LIGHTNESS_STEP:.0}), colour difference {de:.0} for the least sensitive reader (the themes keep {MIN_DELTA_E:.0})",
            colour_hex(a),
            colour_hex(b)
        )
    });
    Check {
        roles: roles.to_vec(),
        broken,
    }
}

/// The least lightness between an untiled square and a tile: less than between two tiles (they
/// also differ in outline: a tile has a heavy one), enough to tell apart in a greyscale copy.
const MIN_UNTILED_STEP: f64 = 10.0;

/// `a` and `b` at least [`MIN_UNTILED_STEP`] apart in lightness.
fn lighter_or_darker(roles: &[&'static str], what: &str, a: Rgb, b: Rgb) -> Check {
    let dl = (lightness(a) - lightness(b)).abs();
    let broken = (dl < MIN_UNTILED_STEP).then(|| {
        format!(
            "{what} ({} and {}) look alike in greyscale: {dl:.0} apart in lightness (the themes keep {MIN_UNTILED_STEP:.0})",
            colour_hex(a),
            colour_hex(b)
        )
    });
    Check {
        roles: roles.to_vec(),
        broken,
    }
}

/// The least CIEDE2000 difference between a tile and an untiled or special square, for normal
/// vision, in greyscale and under deuteranopia: colours this far apart read as different at a
/// glance.
const TILE_APART: f64 = 10.0;
/// The least CIEDE2000 difference between the fourth tile colour and the other three.
const FOURTH_TILE_STEP: f64 = 9.0;

/// The CIEDE2000 difference of `a` and `b` as the least of: normal vision, a greyscale copy (L*
/// alone) and deuteranopia.
fn seen_apart(a: Rgb, b: Rgb) -> f64 {
    let grey = |c: Rgb| Lab {
        l: lightness(c),
        a: 0.0,
        b: 0.0,
    };
    [Vision::Normal, Vision::Deuteranopia]
        .iter()
        .map(|v| v.delta_e(a, b))
        .fold(delta_e2000(grey(a), grey(b)), f64::min)
}

/// Fills `a` and `b` at least `min` apart by [`seen_apart`].
fn tell_apart(roles: &[&'static str], what: &str, a: Rgb, b: Rgb, min: f64) -> Check {
    let de = seen_apart(a, b);
    let broken = (de < min).then(|| {
        format!(
            "{what} ({} and {}) look alike: colour difference {de:.0} in colour, greyscale or for a deuteranope (the themes keep {min:.0})",
            colour_hex(a),
            colour_hex(b)
        )
    });
    Check {
        roles: roles.to_vec(),
        broken,
    }
}

/// `line` must stand `min` off `under`.
fn stands_off(roles: &[&'static str], what: &str, line: Rgb, under: Rgb, min: f64) -> Check {
    let ratio = contrast(line, under);
    let broken = (ratio < min).then(|| {
        format!(
            "{what} ({} on {}) has a contrast of {ratio:.1}:1, under the {min}:1 the themes keep",
            colour_hex(line),
            colour_hex(under)
        )
    });
    Check {
        roles: roles.to_vec(),
        broken,
    }
}

impl Theme {
    /// The rules of the built-in themes that this theme breaks, each in one sentence. With a
    /// `base` (the theme the colours were changed from) only rules that read a colour differing
    /// from it are checked, so a built-in theme's own compromises are not reported again; without
    /// one (a theme file naming every role), all of them.
    ///
    /// ```
    /// use chessviz::Theme;
    ///
    /// let base = Theme::default();
    /// assert!(base.contrast_warnings(Some(&base)).is_empty());
    /// let murky = base.with_colours("light=#808080,dark=#7a7a7a")?;
    /// let warnings = murky.contrast_warnings(Some(&base));
    /// assert!(warnings.iter().any(|w| w.contains("light and dark squares")), "{warnings:?}");
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn contrast_warnings(&self, base: Option<&Theme>) -> Vec<String> {
        self.contrast_warnings_of(base, &[])
    }

    /// [`Theme::contrast_warnings`] for a figure that draws none of the roles `undrawn` (a queens
    /// figure has no knight's path, no tiles): a rule about such a role's colour (its first role,
    /// the thing drawn over the others) would only warn about what the reader never sees.
    pub fn contrast_warnings_of(&self, base: Option<&Theme>, undrawn: &[&str]) -> Vec<String> {
        let t = self;
        let (al, ad) = (t.attacked(t.light), t.attacked(t.dark));
        const SQUARES: &[&str] = &["light", "dark"];
        const SHADES: &[&str] = &["light", "dark", "attack"];
        let mut checks = vec![
            apart(SQUARES, "light and dark squares", t.light, t.dark),
            apart(SHADES, "attacked light and dark squares", al, ad),
        ];
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let what = format!("tiles {} and {}", i + 1, j + 1);
            checks.push(apart(&TILE_ROLES, &what, t.tiles[i], t.tiles[j]));
        }
        // The fourth colours only the tiling by shape, whose shapes differ in form too: it sits
        // between the others, a step apart from each.
        for (i, (&role, &tile)) in TILE_ROLES.iter().zip(&t.tiles).take(3).enumerate() {
            let what = format!("tiles {} and 4", i + 1);
            let roles = [TILE_ROLES[3], role];
            checks.push(tell_apart(
                &roles,
                &what,
                tile,
                t.tiles[3],
                FOURTH_TILE_STEP,
            ));
        }
        // No tile may look like an untiled square or the special square, in colour, in a
        // greyscale copy or to a deuteranope.
        for (i, &tile) in t.tiles.iter().enumerate() {
            for (role, what, other) in [
                ("background", "untiled squares", t.blank()),
                ("special", "the special square", t.special),
            ] {
                let what = format!("tile {} and {what}", i + 1);
                let roles = [TILE_ROLES[i], role, "light"];
                checks.push(tell_apart(&roles, &what, tile, other, TILE_APART));
            }
        }
        // A tile must never look like a square not tiled yet (a tiling's steps show both), in a
        // greyscale copy too: the three tones every tiling uses (the fourth colours only the
        // tiling by shape).
        for (i, &tile) in t.tiles.iter().enumerate().take(3) {
            let what = format!("untiled squares and tile {}", i + 1);
            let roles = [TILE_ROLES[i], "background", "light"];
            checks.push(lighter_or_darker(&roles, &what, t.blank(), tile));
        }
        let mut fills: Vec<(&'static str, String, Rgb)> = vec![
            ("background", "the margin".into(), t.background),
            ("light", "light squares".into(), t.light),
            ("dark", "dark squares".into(), t.dark),
            ("special", "the special square".into(), t.special),
        ];
        for (i, &tile) in t.tiles.iter().enumerate() {
            fills.push((TILE_ROLES[i], format!("tile {}", i + 1), tile));
        }
        for (role, on, fill) in fills {
            let what = format!("numbers on {on}");
            checks.push(stands_off(
                &[role, "ink"],
                &what,
                t.ink_on(fill),
                fill,
                MIN_TEXT_CONTRAST,
            ));
        }
        for (role, line) in [("path", t.path), ("start", t.start), ("end", t.end)] {
            for (on, fill) in [("light squares", t.light), ("dark squares", t.dark)] {
                let what = format!("the {role} line on {on}");
                checks.push(stands_off(
                    &[role, "light", "dark"],
                    &what,
                    line,
                    fill,
                    MIN_LINE_CONTRAST,
                ));
            }
        }
        for (i, &tile) in t.tiles.iter().enumerate() {
            let what = format!("tile outlines on tile {}", i + 1);
            checks.push(stands_off(
                &["outline", TILE_ROLES[i]],
                &what,
                t.outline,
                tile,
                MIN_LINE_CONTRAST,
            ));
        }
        checks.push(stands_off(
            &["split", "outline"],
            "split lines",
            t.split,
            t.outline,
            3.0,
        ));
        for (on, fill) in [("light squares", t.light), ("dark squares", t.dark)] {
            let what = format!("pieces on {on}");
            checks.push(stands_off(
                &["piece", "light", "dark"],
                &what,
                t.piece,
                fill,
                3.0,
            ));
        }
        checks.push(stands_off(
            &["piece-edge", "piece"],
            "a piece's details",
            t.piece_edge,
            t.piece,
            3.0,
        ));
        checks.push(stands_off(
            &["grid", "background"],
            "the frame on the margin",
            t.grid,
            t.background,
            3.0,
        ));
        checks.push(stands_off(
            &["special-mark", "special"],
            "the special square's mark",
            t.special_mark,
            t.special,
            3.0,
        ));
        for (role, colour) in [
            ("mark", t.mark),
            ("conflict", t.conflict),
            ("placed", t.placed),
        ] {
            let mut roles = vec![role, "overlay-edge", "light", "dark"];
            roles.extend(TILE_ROLES);
            checks.extend(overlay_checks(t, &roles, role, colour, 6));
        }
        if !(is_grey(t.mark) && is_grey(t.conflict)) {
            let de = worst_delta_e(t.mark, t.conflict);
            checks.push(Check {
                roles: vec!["mark", "conflict"],
                broken: (de < MIN_DELTA_E).then(|| format!(
                    "arrows (mark {}) and attack lines (conflict {}) differ by {de:.0} in colour for the least sensitive reader, under the {MIN_DELTA_E:.0} the themes keep",
                    colour_hex(t.mark),
                    colour_hex(t.conflict)
                )),
            });
        }
        let changed = |roles: &[&str]| {
            base.is_none_or(|base| roles.iter().any(|r| self.role(r).ok() != base.role(r).ok()))
        };
        let drawn = |roles: &[&str]| roles.first().is_none_or(|r| !undrawn.contains(r));
        checks
            .into_iter()
            .filter(|c| drawn(&c.roles) && changed(&c.roles))
            .filter_map(|c| c.broken)
            .collect()
    }

    /// The rules an overlay colour of its own (a mark's or an arrow's, `what`) breaks on this
    /// theme: it or the overlay edge around it must stand 3:1 off both squares (and every tile
    /// fill, for a figure `on_tiles`), and it 3:1 off its edge.
    ///
    /// ```
    /// use chessviz::Theme;
    ///
    /// let theme = Theme::default();
    /// assert!(theme.item_colour_warnings("arrow", [0x30, 0, 0x60], true).is_empty());
    /// // Near white inside a near-white edge.
    /// assert!(!theme.item_colour_warnings("arrow", [250, 250, 245], false).is_empty());
    /// ```
    pub fn item_colour_warnings(&self, what: &str, colour: Rgb, on_tiles: bool) -> Vec<String> {
        let count = if on_tiles { 6 } else { 2 };
        overlay_checks(self, &[], what, colour, count)
            .into_iter()
            .filter_map(|c| c.broken)
            .collect()
    }
}

/// An overlay colour inside its edge: 3:1 off the edge, and the colour or the edge 3:1 off the
/// first `fills` fills it may be drawn on (the two squares, then the four tiles).
fn overlay_checks(
    t: &Theme,
    roles: &[&'static str],
    what: &str,
    colour: Rgb,
    fills: usize,
) -> Vec<Check> {
    let mut checks = vec![stands_off(
        roles,
        &format!("the {what} colour on its edge"),
        colour,
        t.overlay_edge,
        MIN_LINE_CONTRAST,
    )];
    let all_fills = [
        ("light squares", t.light),
        ("dark squares", t.dark),
        ("tile 1", t.tiles[0]),
        ("tile 2", t.tiles[1]),
        ("tile 3", t.tiles[2]),
        ("tile 4", t.tiles[3]),
    ];
    let worst = all_fills[..fills]
        .iter()
        .map(|&(on, f)| (contrast(colour, f).max(contrast(t.overlay_edge, f)), on, f))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((ratio, on, fill)) = worst {
        checks.push(Check {
            roles: roles.to_vec(),
            broken: (ratio < MIN_LINE_CONTRAST).then(|| format!(
                "the {what} colour {} (edged {}) has a contrast of {ratio:.1}:1 on {on} ({}), under the {MIN_LINE_CONTRAST}:1 the themes keep",
                colour_hex(colour),
                colour_hex(t.overlay_edge),
                colour_hex(fill)
            )),
        });
    }
    checks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_themes_warn_of_nothing_against_nothing_changed() {
        for name in Theme::NAMES {
            let t = Theme::by_name(name).unwrap();
            assert!(t.contrast_warnings(Some(&t)).is_empty(), "{name}");
        }
    }

    #[test]
    fn every_built_in_theme_keeps_every_rule() {
        // Without a base: the full rule set. print's one known compromise (a black outline on its
        // darkest grey tile, L* 36) is the only finding allowed.
        for name in Theme::NAMES {
            let w = Theme::by_name(name).unwrap().contrast_warnings(None);
            let allowed = |m: &String| name == "print" && m.contains("outlines on tile 3");
            assert!(w.iter().all(allowed), "{name}: {w:?}");
        }
    }

    #[test]
    fn a_pale_mark_on_a_pale_edge_warns() {
        let t = Theme::default();
        assert!(t
            .item_colour_warnings("arrow", [0x30, 0, 0x60], true)
            .is_empty());
        let w = t.item_colour_warnings("arrow", [250, 250, 245], false);
        assert!(w.iter().any(|m| m.contains("on its edge")), "{w:?}");
    }
}
