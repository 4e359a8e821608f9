//! Colours as people write them: `#rrggbb` or the short `#rgb` (the `#` may be left out), in
//! hexadecimal digits of either case.

use crate::display::palette::Rgb;
use crate::error::{Error, InvalidKind, Result};
use crate::text::shorten;

/// The sRGB colour written as `#rrggbb` or `#rgb` (`#f0d9b5`, `#c00`); an error saying what is
/// wrong otherwise.
///
/// ```
/// use chessviz::parse_colour;
///
/// assert_eq!(parse_colour("#f0d9b5")?, [0xf0, 0xd9, 0xb5]);
/// assert_eq!(parse_colour("C00")?, [0xcc, 0, 0]);
/// assert!(parse_colour("#12345").is_err());
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn parse_colour(text: &str) -> Result<Rgb> {
    let t = text.trim();
    let hex = t.strip_prefix('#').unwrap_or(t);
    let digits: Option<Vec<u8>> = hex
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect();
    let rgb = match digits.as_deref() {
        Some(&[r, g, b]) => Some([r * 17, g * 17, b * 17]),
        Some(&[r1, r0, g1, g0, b1, b0]) => Some([r1 * 16 + r0, g1 * 16 + g0, b1 * 16 + b0]),
        _ => None,
    };
    rgb.ok_or_else(|| {
        Error::invalid(
            InvalidKind::Theme,
            format!(
                "'{}' is not a colour; write #rrggbb or #rgb in hexadecimal digits (#f0d9b5, #c00)",
                shorten(t)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_long_and_short_and_refuse_the_rest() {
        assert_eq!(parse_colour("#000000").unwrap(), [0, 0, 0]);
        assert_eq!(parse_colour(" #FfFfFf ").unwrap(), [255, 255, 255]);
        assert_eq!(parse_colour("#abc").unwrap(), [0xaa, 0xbb, 0xcc]);
        assert_eq!(parse_colour("06c").unwrap(), [0x00, 0x66, 0xcc]);
        for bad in [
            "", "#", "#12", "#1234", "#1234567", "#ggg", "red", "#12 345", "+12345",
        ] {
            let e = parse_colour(bad).unwrap_err();
            assert!(e.to_string().contains("#rrggbb"), "{bad}: {e}");
            assert_eq!(e.invalid_kind(), Some(InvalidKind::Theme));
        }
    }
}
