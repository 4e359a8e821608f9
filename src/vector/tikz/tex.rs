//! TeX text: the standard sizes text is set at, the escaping of TeX's special characters, and
//! whether the text needs a CJK-capable engine.

use crate::display::list::{DisplayList, SymbolId};

/// The standard LaTeX sizes and their points in a 10 pt document: text is set at one of these, so it
/// grows and shrinks with the document's `\normalsize`.
const SIZES: [(&str, f32); 10] = [
    ("\\tiny", 5.0),
    ("\\scriptsize", 7.0),
    ("\\footnotesize", 8.0),
    ("\\small", 9.0),
    ("\\normalsize", 10.0),
    ("\\large", 12.0),
    ("\\Large", 14.4),
    ("\\LARGE", 17.28),
    ("\\huge", 20.74),
    ("\\Huge", 24.88),
];

/// How much larger than the figure's own size a standard size may be and still be taken (5 %): a
/// size a hair under `\small` is set in `\small`, not `\footnotesize`.
const SIZE_SLACK: f32 = 1.05;

/// Whether any text of `list` is Chinese (or other CJK script), which only xelatex with xeCJK sets.
pub(super) fn has_cjk(list: &DisplayList) -> bool {
    (0..list.symbols.len()).any(|i| {
        list.symbols.text(SymbolId(i as u32)).is_some_and(|t| {
            t.text
                .chars()
                .any(|c| matches!(c, '\u{2e80}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{ff00}'..='\u{ffef}'))
        })
    })
}

/// The standard size for text of `points` points (the largest not above it, with [`SIZE_SLACK`]),
/// and a scale where it lies beyond the smallest or the largest.
pub(crate) fn latex_size(points: f32) -> (&'static str, Option<f32>) {
    let (tiny, huge) = (SIZES[0], SIZES[SIZES.len() - 1]);
    if !(points.is_finite() && points > 0.0) {
        return (SIZES[4].0, None);
    }
    if points > huge.1 * SIZE_SLACK {
        return (huge.0, Some(points / huge.1));
    }
    match SIZES
        .iter()
        .rev()
        .find(|(_, pt)| *pt <= points * SIZE_SLACK)
    {
        Some((name, _)) => (name, None),
        None => (tiny.0, Some(points / tiny.1)),
    }
}

/// `text` as TeX source: the special characters (`\ { } $ & # ^ _ % ~`, and `< > |`, which the
/// default font encoding prints as other characters) written as commands.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '\u{d7}' => out.push_str("\\ensuremath{\\times}"),
            // A line break or tab in a caption is a space to TeX anyway; a stray control character
            // would stop pdflatex.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_sizes_follow_the_standard_sizes() {
        assert_eq!(latex_size(10.0), ("\\normalsize", None));
        assert_eq!(latex_size(9.6), ("\\normalsize", None));
        assert_eq!(latex_size(11.4), ("\\normalsize", None));
        assert_eq!(latex_size(11.9), ("\\large", None));
        assert_eq!(latex_size(14.0), ("\\Large", None));
        assert_eq!(latex_size(5.0), ("\\tiny", None));
        let (name, scale) = latex_size(2.5);
        assert_eq!((name, scale), ("\\tiny", Some(0.5)));
        let (name, scale) = latex_size(49.76);
        assert_eq!((name, scale), ("\\Huge", Some(2.0)));
    }

    #[test]
    fn tex_specials_are_escaped() {
        assert_eq!(
            escape(r"a\b{c}$&#^_%~<>|"),
            r"a\textbackslash{}b\{c\}\$\&\#\textasciicircum{}\_\%\textasciitilde{}\textless{}\textgreater{}\textbar{}"
        );
        assert_eq!(escape("3 \u{d7} 3"), "3 \\ensuremath{\\times} 3");
        assert_eq!(escape("Solution 1 of 92"), "Solution 1 of 92");
    }
}
