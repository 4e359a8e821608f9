//! Captions: one type size for a figure's caption, and the caption broken onto as many lines as the
//! board's width needs, so that no caption is squeezed below legibility or left out.
//!
//! A line breaks at a space, or between two characters of a script written without spaces (Chinese,
//! Japanese), never inside a word. A word wider than the figure even at the smallest legible size is
//! refused ([`Error::CaptionTooWide`]) with the width that would hold it.

use crate::display::glyph::Font;
use crate::display::text_size::min_legible_px;
use crate::error::{Error, Result};

/// Room kept clear at each side of a caption line, in pixels.
pub(crate) const SIDE_ROOM: f32 = 4.0;

/// The distance from one caption baseline to the next, as a share of the text's pixel scale (which
/// already spans the font's ascender to its descender).
const LINE_STEP: f32 = 1.05;

/// A caption set for one figure: its size and its lines.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CaptionLines {
    /// `ab_glyph` pixel scale of the text.
    pub(crate) px: f32,
    /// The lines, first to last; never empty.
    pub(crate) lines: Vec<String>,
}

impl CaptionLines {
    /// Baseline to baseline, in pixels.
    pub(crate) fn step(&self) -> f32 {
        line_step(self.px)
    }
}

/// Baseline to baseline at `px`, in pixels.
pub(crate) fn line_step(px: f32) -> f32 {
    px * LINE_STEP
}

/// The caption band's height for `lines` lines at `px` beside a `margin`: the margin holds the first
/// line, as it always did; each further line adds a line step. A size `asked` for may need more
/// than the margin for the first line.
pub(crate) fn band_height(margin: u32, lines: usize, px: f32, asked: bool) -> u32 {
    // The middle of the first line's digits is four tenths of the margin down, and its descenders
    // end about six tenths of the size (`px`, ascender to descender) below that.
    let first = if asked {
        margin
            .max((first_line_middle(margin as f32, px * DIGIT_HEIGHT_MAX) + px * 0.6).ceil() as u32)
    } else {
        margin
    };
    let extra = lines.saturating_sub(1) as f32 * line_step(px);
    first + extra.ceil() as u32
}

/// The tallest a digit is, as a share of the caption size (`px`, ascender to descender): DejaVu
/// Sans's digits are 0.63 of it; the bound leaves room for fonts with taller figures.
pub(crate) const DIGIT_HEIGHT_MAX: f32 = 0.7;

/// How far below the band's top the middle of the first caption line's digits is: four tenths of
/// the margin, as it always was, or lower where a size asked for makes the digits taller than that
/// leaves room for (at `--font-size 72` beside a 24-pixel margin, the line rose into the labels and
/// stayed there as stale pixels when the band alone was repainted).
pub(crate) fn first_line_middle(margin: f32, digit: f32) -> f32 {
    (margin * 0.4).max(digit / 2.0 + 1.0)
}

/// The bundled DejaVu Sans's ascender-to-descender height in ems (2384 / 2048 units): captions by
/// the margin have the em they have in it, whatever the font (a CJK font's pixel scale spans far
/// more than its em, and would set its captions smaller).
const REFERENCE_HEIGHT_EM: f32 = 2384.0 / 2048.0;

/// The caption's size beside a `margin`: `size` when one is asked for (an `ab_glyph` pixel scale),
/// else an em of six tenths of the margin in DejaVu Sans's scale; never below the smallest legible
/// size.
pub(crate) fn caption_px(font: &Font, margin: u32, size: Option<f32>) -> f32 {
    wanted_px(font, margin, size).max(caption_floor_px(font))
}

fn wanted_px(font: &Font, margin: u32, size: Option<f32>) -> f32 {
    size.unwrap_or_else(|| font.px_for_em(margin as f32 * 0.6 / REFERENCE_HEIGHT_EM))
}

/// How tall (px of ink) a Chinese character of a caption is at the least: the strokes of 皇 or 解
/// merge below it (at `--cell 24` the margin's size made them 9 px, a grey smudge), where a digit
/// still reads at [`MIN_TEXT_PX`](crate::display::text_size::MIN_TEXT_PX).
pub(crate) const CJK_MIN_PX: f32 = 12.0;

/// The characters measured for [`CJK_MIN_PX`]: the tallest of the captions' common ones.
const CJK_PROBE: &str = "皇解";

/// The smallest size a caption is set at in `font`: a legible digit, and for a font that draws
/// Chinese, characters [`CJK_MIN_PX`] tall.
pub(crate) fn caption_floor_px(font: &Font) -> f32 {
    let latin = min_legible_px(font);
    if !draws_chinese(font) {
        return latin;
    }
    let h = font.measure(CJK_PROBE, 100.0).1;
    if h <= 0.0 {
        return latin;
    }
    latin.max(CJK_MIN_PX * 100.0 / h * 1.0001)
}

/// Whether the caption band may grow beyond the margin for the caption's first line: when a size
/// was asked for, or when a font that draws Chinese sets its captions above the size the margin
/// gives ([`CJK_MIN_PX`]). A Latin caption's band stays one margin, as the layout contract says,
/// even where its legible floor is above the margin's size.
pub(crate) fn caption_grows(font: &Font, margin: u32, size: Option<f32>) -> bool {
    size.is_some()
        || (draws_chinese(font) && caption_floor_px(font) > wanted_px(font, margin, size))
}

fn draws_chinese(font: &Font) -> bool {
    CJK_PROBE.chars().all(|c| font.has_glyph(c))
}

/// A caption may be set this much smaller than its size to stay on one line, rather than wrap.
const SHRINK_ALLOWED: f32 = 0.9;

/// `text` set for a figure `width` pixels wide at the caption size `px`: on one line, up to
/// [`SHRINK_ALLOWED`] smaller where that keeps it on one line, else [wrapped](wrap) at `px`.
pub(crate) fn fit(font: &Font, text: &str, px: f32, width: u32) -> Result<CaptionLines> {
    let set = wrap(font, text, px, width)?;
    if set.lines.len() > 1 {
        let smaller = (px * SHRINK_ALLOWED).max(caption_floor_px(font));
        if let Ok(one) = wrap(font, text, smaller, width) {
            if one.lines.len() == 1 {
                return Ok(one);
            }
        }
    }
    Ok(set)
}

/// Whether [`fit`] sets `text` on one line, found with two measures instead of wrapping (which
/// measures every prefix of every line): a caption chosen among wordings every step (the knight's
/// reasons) asks this of several each time.
///
/// Wrapping keeps one line exactly when the whole text fits, since every prefix's ink lies within
/// the whole's; only a text that fits once shrunk needs the wrap at full size, which refuses a word
/// too wide on its own before [`fit`] tries the smaller size.
pub(crate) fn fits_one_line(font: &Font, text: &str, px: f32, width: u32) -> bool {
    if text.contains('\n') {
        return false;
    }
    let room = (width as f32 - 2.0 * SIDE_ROOM).max(0.0);
    let fits = |px: f32| font.measure(text.trim(), px).0 <= room;
    if fits(px) {
        return true;
    }
    let smaller = (px * SHRINK_ALLOWED).max(caption_floor_px(font));
    fits(smaller) && wrap(font, text, px, width).is_ok()
}

/// Where a caption joins two statements ("step 12: queen placed on f4 · solutions found: 0"): a
/// wrapped caption breaks there when that takes no more lines, keeping each statement whole.
const STATEMENT_JOIN: &str = " \u{b7} ";

/// `text` at `px` broken into lines no wider than `width` pixels (less the side room). A word wider
/// than that on its own is refused, with the figure width that would hold it. A caption of two
/// statements joined by a middle dot breaks after the dot, else after its first colon, where that
/// takes no more lines than breaking at the last word that fits.
pub(crate) fn wrap(font: &Font, text: &str, px: f32, width: u32) -> Result<CaptionLines> {
    // A line break in the caption starts a new line (a checked answer's key under its mistake).
    if text.contains('\n') {
        let mut lines = Vec::new();
        for part in text.split('\n') {
            lines.extend(wrap(font, part, px, width)?.lines);
        }
        return Ok(CaptionLines { px, lines });
    }
    let greedy = wrap_words(font, text, px, width)?;
    if greedy.lines.len() < 2 {
        return Ok(greedy);
    }
    let room = (width as f32 - 2.0 * SIDE_ROOM).max(0.0);
    // The last join whose first statement fits a line (the first line stays as full as it can),
    // else the first colon: after a step's head ("step 12/25:" over "knight to 4,1"), rather than
    // one word left alone on the last line.
    let joins = text
        .rmatch_indices(STATEMENT_JOIN)
        .map(|(at, sep)| (at, sep.len(), sep.trim_end()));
    let colon = [": ", "\u{ff1a}"]
        .iter()
        .filter_map(|sep| text.find(sep).map(|at| (at, sep.len(), sep.trim_end())))
        .min_by_key(|&(at, ..)| at);
    for (at, len, kept) in joins.chain(colon) {
        let first = format!("{}{}", text[..at].trim(), kept);
        if first.trim().is_empty() || font.measure(&first, px).0 > room {
            continue;
        }
        let rest = wrap_words(font, &text[at + len..], px, width)?;
        if rest.lines.len() < greedy.lines.len() {
            let mut lines = vec![first];
            lines.extend(rest.lines);
            return Ok(CaptionLines { px, lines });
        }
    }
    Ok(greedy)
}

/// `text` (one paragraph) broken at the last word that fits each line.
fn wrap_words(font: &Font, text: &str, px: f32, width: u32) -> Result<CaptionLines> {
    let room = (width as f32 - 2.0 * SIDE_ROOM).max(0.0);
    let wide = |s: &str| font.measure(s, px).0 > room;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    // The ink of `line`, grown a piece at a time rather than measured again for each piece (which
    // made wrapping quadratic in the words of a line); the same box, to the last bit.
    let mut line_ink = font.ink_measure(px);
    for piece in pieces(text) {
        let (candidate, added) = if line.is_empty() {
            let trimmed = piece.trim_start();
            (trimmed.to_string(), trimmed)
        } else {
            (format!("{line}{piece}"), piece.as_str())
        };
        let mut ink = if line.is_empty() {
            font.ink_measure(px)
        } else {
            line_ink.clone()
        };
        // Spaces at the end of the candidate are not measured: they end a caption, or a word
        // follows them on the line (and then they are measured with it). A piece of spaces only
        // leaves the line's own trailing spaces unmeasured: that rare candidate is measured anew.
        let kept = added.trim_end();
        ink.push_str(kept);
        let fits = if kept.is_empty() && !line.is_empty() {
            !wide(candidate.trim_end())
        } else {
            ink.width() <= room
        };
        if fits {
            ink.push_str(&added[kept.len()..]);
            line = candidate;
            line_ink = ink;
            continue;
        }
        let word = piece.trim();
        if wide(word) {
            let needed = font.measure(word, px).0 + 2.0 * SIDE_ROOM;
            return Err(Error::CaptionTooWide {
                word: word.to_string(),
                width,
                needed: needed.ceil() as u32,
                cell: None,
            });
        }
        if !line.trim().is_empty() {
            lines.push(line.trim_end().to_string());
        }
        line = word.to_string();
        line_ink = font.ink_measure(px);
        line_ink.push_str(word);
    }
    if !line.trim().is_empty() || lines.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    Ok(CaptionLines { px, lines })
}

/// The ink width at `px` of the widest word of `text` (the pieces a line may break between): the
/// one that decides whether [`wrap`] sets `text` at all. Linear in the text's length.
pub(crate) fn widest_word(font: &Font, text: &str, px: f32) -> f32 {
    text.split('\n')
        .flat_map(pieces)
        .map(|p| font.measure(p.trim(), px).0)
        .fold(0.0, f32::max)
}

/// True for characters of scripts written without spaces between words, where a line may break
/// between any two of them.
fn breaks_anywhere(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x9FFF      // CJK radicals, punctuation, kana, unified ideographs
        | 0xAC00..=0xD7AF    // Hangul syllables
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0xFF00..=0xFFEF    // full-width forms
        | 0x20000..=0x3FFFF) // CJK extensions
}

/// `text` cut where a line may break: each piece is a word with the spaces before it, or one
/// character of a script without spaces.
fn pieces(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut in_space = false;
    for c in text.chars() {
        let space = c == ' ';
        // A break before a space-led word, and around characters that break anywhere (punctuation
        // that closes a phrase stays with the character before it).
        let cut = !cur.trim().is_empty()
            && ((space && !in_space)
                || (breaks_anywhere(c) && !closing(c))
                || cur.chars().last().is_some_and(breaks_anywhere) && !space && !closing(c));
        if cut {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        in_space = space;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Punctuation that must not start a line.
fn closing(c: char) -> bool {
    matches!(
        c,
        '，' | '。'
            | '、'
            | '；'
            | '：'
            | '！'
            | '？'
            | '）'
            | '」'
            | '』'
            | ','
            | '.'
            | ':'
            | ';'
            | ')'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_break_at_spaces_and_between_ideographs() {
        assert_eq!(pieces("a bc  d"), ["a", " bc", "  d"]);
        assert_eq!(
            pieces("第 1 组解，共 92 组"),
            ["第", " 1", " 组", "解，", "共", " 92", " 组"]
        );
        assert_eq!(pieces("八皇后"), ["八", "皇", "后"]);
    }

    /// The shortcut answers what fitting and counting the lines answers, at every width from a
    /// word too wide to room for all.
    #[test]
    fn one_line_shortcut_agrees_with_fit() {
        let font = Font::bundled();
        let texts = [
            "next: knight to c5: fewest onward moves (2)",
            "  step 12 · no free square to go on: the knight steps back ",
            "solutions found: 17",
            "Supercalifragilistic",
            "",
        ];
        for text in texts {
            for px in [6.0f32, 9.5, 14.0] {
                for width in (8..=480).step_by(3) {
                    let slow = fit(&font, text, px, width).is_ok_and(|set| set.lines.len() == 1);
                    assert_eq!(
                        fits_one_line(&font, text, px, width),
                        slow,
                        "{text:?} at {px} in {width}"
                    );
                }
            }
        }
    }

    /// Wrapping as it was written before it grew a line's ink a piece at a time: every candidate
    /// measured whole.
    fn wrap_measuring_whole(font: &Font, text: &str, px: f32, width: u32) -> Option<Vec<String>> {
        let room = (width as f32 - 2.0 * SIDE_ROOM).max(0.0);
        let wide = |s: &str| font.measure(s, px).0 > room;
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for piece in pieces(text) {
            let candidate = if line.is_empty() {
                piece.trim_start().to_string()
            } else {
                format!("{line}{piece}")
            };
            if !wide(candidate.trim_end()) {
                line = candidate;
                continue;
            }
            let word = piece.trim();
            if wide(word) {
                return None;
            }
            if !line.trim().is_empty() {
                lines.push(line.trim_end().to_string());
            }
            line = word.to_string();
        }
        if !line.trim().is_empty() || lines.is_empty() {
            lines.push(line.trim_end().to_string());
        }
        Some(lines)
    }

    #[test]
    fn growing_a_lines_ink_wraps_as_measuring_it_whole() {
        let texts = [
            "next: knight to c5: fewest onward moves (2), then a long tail of words to wrap",
            "  spaces  before, between   and after  ",
            "第 1 组解，共 92 组 and some words",
            "AVAVAV To Wa ff fi",
            "",
            "   ",
        ];
        for font in [Font::bundled(), Font::bundled_cjk()] {
            for text in texts {
                for px in [6.0f32, 9.5, 14.0] {
                    for width in (8..=400).step_by(7) {
                        let fast = wrap_words(&font, text, px, width).ok().map(|set| set.lines);
                        let slow = wrap_measuring_whole(&font, text, px, width);
                        assert_eq!(fast, slow, "{text:?} at {px} in {width}");
                    }
                }
            }
        }
    }

    #[test]
    fn wraps_within_the_width_and_keeps_every_word() {
        let font = Font::bundled();
        let text =
            "Figure 7.3: a knight's tour of the five by five board, found by Warnsdorff's rule";
        let set = wrap(&font, text, 12.0, 192).unwrap();
        assert!(set.lines.len() >= 2, "{:?}", set.lines);
        for l in &set.lines {
            assert!(font.measure(l, 12.0).0 <= 192.0 - 2.0 * SIDE_ROOM, "{l}");
        }
        assert_eq!(set.lines.join(" "), text);
        let one = wrap(&font, "Solution 1 of 92", 14.0, 432).unwrap();
        assert_eq!(one.lines, ["Solution 1 of 92"]);
    }

    /// Two statements break after their middle dot, a step's words after its head, where that
    /// takes no more lines than breaking at the last word that fits.
    #[test]
    fn captions_break_between_statements_then_after_the_head() {
        let font = Font::bundled();
        let text = "step 36: knight to 3,2 \u{b7} tour complete: 36 squares, 0 retreats";
        let set = wrap(&font, text, 14.0, 336).unwrap();
        assert_eq!(
            set.lines,
            [
                "step 36: knight to 3,2 \u{b7}",
                "tour complete: 36 squares, 0 retreats"
            ]
        );
        let width = (font.measure("step 12/25: knight to", 14.0).0 + 2.0 * SIDE_ROOM) as u32 + 2;
        let set = wrap(&font, "step 12/25: knight to 4,1", 14.0, width).unwrap();
        assert_eq!(set.lines, ["step 12/25:", "knight to 4,1"]);
        // Where the break costs a line, the words fill the lines instead.
        let set = wrap(&font, "a \u{b7} b c d e f g h i j k l m n o p", 14.0, 60).unwrap();
        assert_eq!(
            set.lines.concat().replace(' ', ""),
            "a\u{b7}bcdefghijklmnop"
        );
    }

    #[test]
    fn a_word_wider_than_the_figure_is_refused_with_the_width_it_needs() {
        let font = Font::bundled();
        let e = wrap(&font, "Antidisestablishmentarianism", 12.0, 60).unwrap_err();
        match e {
            Error::CaptionTooWide { needed, width, .. } => {
                assert_eq!(width, 60);
                assert!(needed > 60);
                assert!(wrap(&font, "Antidisestablishmentarianism", 12.0, needed).is_ok());
            }
            other => panic!("{other}"),
        }
    }

    #[test]
    fn more_lines_make_a_taller_band() {
        assert_eq!(band_height(24, 1, 14.0, false), 24);
        // A 40-pixel line beside a 24-pixel margin: its digits' middle 15 pixels down (their top 1
        // pixel inside the band), its descenders 24 below that.
        assert_eq!(band_height(24, 1, 40.0, true), 39);
        assert!(band_height(24, 3, 14.0, false) >= 24 + 29);
    }
}
