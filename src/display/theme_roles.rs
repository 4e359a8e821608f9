//! Colours of your own: a theme's roles by name ([`Theme::ROLES`]), overridden one by one
//! ([`Theme::set_role`], [`Theme::with_colours`]) or all from a theme file ([`Theme::from_file_text`]),
//! and colours written as `#rrggbb` or `#rgb` ([`parse_colour`]).
//!
//! A theme file is a flat list of `role = "#rrggbb"` lines, a small subset of TOML read by hand: a
//! house style needs no tables, arrays or numbers, and the reader can then name the line of any
//! mistake. `#` starts a comment outside quotes.

use super::palette::Rgb;
use super::theme::Theme;
use crate::error::{Error, InvalidKind, Result};

/// A colour as `#rrggbb` or `#rgb` (each digit doubled: `#c00` is `#cc0000`), the `#` optional.
///
/// ```
/// use chessviz::colour::parse_colour;
///
/// assert_eq!(parse_colour("#f0d9b5")?, [0xf0, 0xd9, 0xb5]);
/// assert_eq!(parse_colour("#c00")?, [0xcc, 0, 0]);
/// assert!(parse_colour("red").is_err());
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn parse_colour(text: &str) -> Result<Rgb> {
    let t = text.trim();
    let hex = t.strip_prefix('#').unwrap_or(t);
    let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
    let digits: Option<Vec<u8>> = hex.bytes().map(digit).collect();
    let rgb = match (digits, hex.len()) {
        (Some(d), 6) => Some([d[0] * 16 + d[1], d[2] * 16 + d[3], d[4] * 16 + d[5]]),
        (Some(d), 3) => Some([d[0] * 17, d[1] * 17, d[2] * 17]),
        _ => None,
    };
    rgb.ok_or_else(|| {
        Error::invalid(
            InvalidKind::Theme,
            format!("'{t}' is not a colour: write #rrggbb or #rgb, such as #f0d9b5 or #c00"),
        )
    })
}

/// A colour as `#rrggbb`.
pub fn colour_hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

impl Theme {
    /// Every colour role a theme has, by the name [`Theme::set_role`] and theme files use (`_` may
    /// stand for `-`): the fields of [`Theme`], the four tile fills as `tile1` to `tile4`.
    pub const ROLES: [&'static str; 23] = [
        "background",
        "light",
        "dark",
        "grid",
        "ink",
        "piece",
        "piece-edge",
        "special",
        "special-mark",
        "path",
        "start",
        "end",
        "attack",
        "split",
        "outline",
        "tile1",
        "tile2",
        "tile3",
        "tile4",
        "mark",
        "conflict",
        "placed",
        "overlay-edge",
    ];

    fn slot(&mut self, role: &str) -> Option<&mut Rgb> {
        let t = self;
        Some(
            match role.trim().replace('_', "-").to_ascii_lowercase().as_str() {
                "background" => &mut t.background,
                "light" => &mut t.light,
                "dark" => &mut t.dark,
                "grid" => &mut t.grid,
                "ink" => &mut t.ink,
                "piece" => &mut t.piece,
                "piece-edge" => &mut t.piece_edge,
                "special" => &mut t.special,
                "special-mark" => &mut t.special_mark,
                "path" => &mut t.path,
                "start" => &mut t.start,
                "end" => &mut t.end,
                "attack" => &mut t.attack,
                "split" => &mut t.split,
                "outline" => &mut t.outline,
                "tile1" => &mut t.tiles[0],
                "tile2" => &mut t.tiles[1],
                "tile3" => &mut t.tiles[2],
                "tile4" => &mut t.tiles[3],
                "mark" => &mut t.mark,
                "conflict" => &mut t.conflict,
                "placed" => &mut t.placed,
                "overlay-edge" => &mut t.overlay_edge,
                _ => return None,
            },
        )
    }

    /// The colour of `role` ([`Theme::ROLES`]); an error listing the roles for another name.
    pub fn role(&self, role: &str) -> Result<Rgb> {
        let mut copy = *self;
        copy.slot(role)
            .map(|c| *c)
            .ok_or_else(|| unknown_role(role))
    }

    /// Paints `role` ([`Theme::ROLES`]) in `colour`; an error listing the roles for another name.
    pub fn set_role(&mut self, role: &str, colour: Rgb) -> Result<()> {
        *self.slot(role).ok_or_else(|| unknown_role(role))? = colour;
        Ok(())
    }

    /// This theme with the roles of `pairs` (`light=#f0d9b5,dark=#b58863`) overridden.
    ///
    /// ```
    /// use chessviz::Theme;
    ///
    /// let theme = Theme::default().with_colours("light=#f0d9b5, dark=#b58863, mark=#c00")?;
    /// assert_eq!((theme.light, theme.mark), ([0xf0, 0xd9, 0xb5], [0xcc, 0, 0]));
    /// let e = Theme::default().with_colours("floor=#fff").unwrap_err();
    /// assert!(e.to_string().contains("light, dark"));
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn with_colours(mut self, pairs: &str) -> Result<Theme> {
        for pair in pairs.split(',').filter(|p| !p.trim().is_empty()) {
            let (role, colour) = pair.split_once('=').ok_or_else(|| {
                Error::invalid(
                    InvalidKind::Theme,
                    format!(
                        "expected ROLE=#rrggbb, such as light=#f0d9b5, found '{}'",
                        pair.trim()
                    ),
                )
            })?;
            self.set_role(role, parse_colour(colour)?)?;
        }
        Ok(self)
    }

    /// A theme from the text of a theme file: `role = "#rrggbb"` lines naming every role of
    /// [`Theme::ROLES`], or `base = "NAME"` (a built-in theme) and the roles that differ from it.
    /// An unknown role, a role named twice, a missing role (without a base) or a line that is not
    /// `key = "value"` is refused with its line number.
    ///
    /// ```
    /// use chessviz::Theme;
    ///
    /// let house = "base = \"classic\"  # the rest as in classic\nmark = \"#0066cc\"\n";
    /// let theme = Theme::from_file_text(house)?;
    /// assert_eq!((theme.mark, theme.light), ([0, 0x66, 0xcc], Theme::by_name("classic")?.light));
    /// assert!(Theme::from_file_text("mark = \"#0066cc\"").is_err(), "the other roles are missing");
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn from_file_text(text: &str) -> Result<Theme> {
        let bad = |line: usize, what: String| {
            Error::invalid(
                InvalidKind::Theme,
                format!("theme file line {line}: {what}"),
            )
        };
        let mut base: Option<Theme> = None;
        let mut named: Vec<(usize, String, Rgb)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = strip_comment(raw).trim();
            if content.is_empty() {
                continue;
            }
            let (key, value) = content
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .filter(|(_, v)| v.len() >= 2 && v.starts_with('"') && v.ends_with('"'))
                .ok_or_else(|| {
                    bad(
                        line,
                        format!("expected role = \"#rrggbb\", found '{content}'"),
                    )
                })?;
            let value = &value[1..value.len() - 1];
            if key == "base" {
                base = Some(Theme::by_name(value).map_err(|e| bad(line, e.to_string()))?);
                continue;
            }
            let colour = parse_colour(value).map_err(|e| bad(line, e.to_string()))?;
            let role = key.replace('_', "-").to_ascii_lowercase();
            Theme::default()
                .role(&role)
                .map_err(|e| bad(line, e.to_string()))?;
            if let Some((first, _, _)) = named.iter().find(|(_, r, _)| *r == role) {
                return Err(bad(
                    line,
                    format!("'{key}' was named on line {first} already"),
                ));
            }
            named.push((line, role, colour));
        }
        if base.is_none() {
            let missing: Vec<&str> = Theme::ROLES
                .into_iter()
                .filter(|r| !named.iter().any(|(_, n, _)| n == r))
                .collect();
            if !missing.is_empty() {
                return Err(Error::invalid(
                    InvalidKind::Theme,
                    format!(
                        "a theme file names every role, or a base = \"NAME\" theme ({}) for the rest; missing: {}",
                        Theme::NAMES.join(", "),
                        missing.join(", ")
                    ),
                ));
            }
        }
        let mut theme = base.unwrap_or_default();
        for (_, role, colour) in named {
            theme.set_role(&role, colour)?;
        }
        Ok(theme)
    }
}

/// The line without its comment: `#` outside double quotes starts one.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

fn unknown_role(role: &str) -> Error {
    Error::invalid(
        InvalidKind::Theme,
        format!(
            "unknown colour role '{}'; the roles are {}",
            role.trim(),
            Theme::ROLES.join(", ")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_names_a_field_of_its_own() {
        let mut t = Theme::default();
        for (i, role) in Theme::ROLES.iter().enumerate() {
            t.set_role(role, [i as u8, 1, 2]).unwrap();
        }
        for (i, role) in Theme::ROLES.iter().enumerate() {
            assert_eq!(t.role(role).unwrap(), [i as u8, 1, 2], "{role}");
        }
        assert_eq!(t.tiles[3], [18, 1, 2]);
        assert!(t.set_role("piece_edge", [9, 9, 9]).is_ok());
        assert_eq!(t.piece_edge, [9, 9, 9]);
    }

    #[test]
    fn a_complete_file_needs_no_base_and_mistakes_name_their_line() {
        let full: String = Theme::ROLES
            .iter()
            .map(|r| format!("{r} = \"#123456\" # {r}\n"))
            .collect();
        let t = Theme::from_file_text(&full).unwrap();
        assert_eq!(
            (t.light, t.overlay_edge),
            ([0x12, 0x34, 0x56], [0x12, 0x34, 0x56])
        );
        let e = Theme::from_file_text("base = \"print\"\n\nfloor = \"#fff\"").unwrap_err();
        assert!(
            e.to_string().contains("line 3") && e.to_string().contains("roles are"),
            "{e}"
        );
        let e = Theme::from_file_text("base = \"print\"\nmark = #fff").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = Theme::from_file_text("base=\"print\"\nmark=\"#fff\"\nmark=\"#000\"").unwrap_err();
        assert!(e.to_string().contains("line 2 already"), "{e}");
    }

    #[test]
    fn colours_are_hex() {
        assert_eq!(parse_colour("06c").unwrap(), [0, 0x66, 0xcc]);
        assert_eq!(colour_hex([0, 0x66, 0xcc]), "#0066cc");
        for bad in ["#12345", "#ggg", "", "#1234567"] {
            assert!(parse_colour(bad).is_err(), "{bad}");
        }
    }
}
