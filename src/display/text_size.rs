//! How big text is, and whether it can be legible at all.
//!
//! Text has a floor: a digit or capital letter less than [`MIN_TEXT_PX`] pixels tall is a smudge, so
//! such text is left out instead of being drawn (the caller is told, and can say which cell size
//! would show it). Sizes are in `ab_glyph`'s pixel scale; ink grows linearly with it, so every size
//! here is the text measured once at [`MEASURE_PX`] and scaled.

use crate::display::glyph::Font;
use crate::display::layout::OUTLINE_DIVISOR;

/// The smallest legible ink height of a digit, in pixels.
pub const MIN_TEXT_PX: f32 = 7.0;

/// How far rounding a placement to whole pixels can move a shape (half a pixel on each axis).
const WHOLE_PIXEL_SHIFT: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// The scale text is measured at.
const MEASURE_PX: f32 = 100.0;

/// How numbers sit in their cells, which sets the room they have.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum NumberRoom {
    /// Straight on the fill, within the cell's outlines.
    Plain,
    /// Inside a round node of inner radius `radius` (share of the cell) less a `pad` (share of the
    /// cell, at least a pixel), so no corner of the number touches the ring or the path.
    Disc { radius: f32, pad: f32 },
}

/// The widest number below `max_label + 1`, as the widest digits.
fn widest(max_label: u32) -> String {
    "8".repeat(max_label.max(1).to_string().len())
}

/// The ink height of `text` at `px`.
fn ink_height(font: &Font, text: &str, px: f32) -> f32 {
    font.measure(text, MEASURE_PX).1 * px / MEASURE_PX
}

/// The size that makes `text`'s ink [`MIN_TEXT_PX`] tall.
fn floor_px(font: &Font, text: &str) -> f32 {
    let h = font.measure(text, MEASURE_PX).1;
    if h <= 0.0 {
        return 0.0;
    }
    MIN_TEXT_PX * MEASURE_PX / h * 1.0001
}

/// The largest size at which `text` fits in a disc of radius `r` (its ink box's half diagonal).
fn disc_px(font: &Font, text: &str, r: f32) -> f32 {
    let (w, h) = font.measure(text, MEASURE_PX);
    let diag = (w * w + h * h).sqrt();
    if diag <= 0.0 || r <= 0.0 {
        return 0.0;
    }
    MEASURE_PX * 2.0 * r / diag * 0.9999
}

/// One font size for all numbers of a board whose largest number is `max_label`, or `None` when they
/// cannot be legible in `cell`-pixel cells. The preferred size is half the cell wide and a third of it
/// tall (as in the textbook's printed matrices); small cells may use more of the cell to stay legible.
pub(crate) fn number_px(font: &Font, cell: u32, max_label: u32, room: NumberRoom) -> Option<f32> {
    let text = widest(max_label);
    let c = cell as f32;
    let preferred = font.fit_px(&text, c * 0.5, c * 0.34);
    let largest = match room {
        NumberRoom::Plain => {
            // Clear of outlines (a sixteenth of the cell on each side) by a pixel.
            let free = c - 2.0 * (c / OUTLINE_DIVISOR as f32).max(1.0) - 2.0;
            font.fit_px(&text, free, c * 0.6)
        }
        // Placing the number on whole pixels moves it by up to half a pixel on each axis.
        NumberRoom::Disc { radius, pad } => disc_px(
            font,
            &text,
            c * radius - (c * pad).max(1.0) - WHOLE_PIXEL_SHIFT,
        ),
    };
    let px = preferred.min(largest);
    if ink_height(font, &text, px) >= MIN_TEXT_PX {
        return Some(px);
    }
    let needed = floor_px(font, &text);
    (needed <= largest).then_some(needed)
}

/// The ink height of the shortest coordinate label as a share of the cell: about a quarter of a
/// square, as LaTeX's `chessboard` package sets them (11.5 pixels at the default cell of 48; the
/// labels were 8 pixels, file letters 6).
pub(crate) const LABEL_INK_SHARE: f32 = 0.24;

/// The size of coordinate labels in a `margin`-pixel margin beside `cell`-pixel cells, or `None` when
/// they cannot be legible there. `widest` is the widest label (it must fit under its column),
/// `shortest` the label with the least ink height ("a" among file letters, a digit among numbers),
/// which is made [`LABEL_INK_SHARE`] of the cell tall; `asked` is a size asked for, kept where the
/// labels fit at it.
pub(crate) fn label_px(
    font: &Font,
    cell: u32,
    margin: u32,
    widest: &str,
    shortest: &str,
    asked: Option<f32>,
) -> Option<f32> {
    let (m, c) = (margin as f32, cell as f32);
    let short_h = font.measure(shortest, MEASURE_PX).1;
    let scaled = if short_h > 0.0 {
        c * LABEL_INK_SHARE * MEASURE_PX / short_h
    } else {
        c * 0.55
    };
    let preferred = asked.unwrap_or(scaled.max(6.0));
    // Room: most of the margin's depth, and the column's width for the widest label.
    let largest = font
        .fit_px(widest, c * 0.92, m * 0.8)
        .min(font.fit_px("8", c, m * 0.8));
    let px = preferred.min(largest);
    if ink_height(font, shortest, px) >= MIN_TEXT_PX {
        return Some(px);
    }
    // The shortest label legible where the margin holds it; else at least the digits.
    let needed = floor_px(font, shortest);
    if needed <= largest {
        return Some(needed.max(px));
    }
    if ink_height(font, "8", px) >= MIN_TEXT_PX {
        return Some(px);
    }
    let needed = floor_px(font, "8");
    (needed <= largest).then_some(needed)
}

/// The smallest size at which a digit is legible ([`MIN_TEXT_PX`] of ink).
pub(crate) fn min_legible_px(font: &Font) -> f32 {
    floor_px(font, "8")
}
