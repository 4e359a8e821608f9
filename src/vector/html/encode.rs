//! The player's stored text, made short where consecutive entries repeat each other: a caption's
//! glyphs as copies from the caption before plus the glyphs that differ, an element or a caption
//! as what it shares with one just before plus the middle that differs. The page's script undoes
//! each in order (see `player.js`).

use std::fmt::Write as _;

/// How many elements back an element looks for one it shares its start and end with.
const LOOK_BACK: usize = 4;

/// Shared starts and ends shorter than this are not worth a reference.
const WORTH: usize = 12;

/// Run `tokens` as copies from `prev` and literal tokens: `@start,len` copies `len` tokens of the
/// run before from `start`; `v,dx` is one token.
pub(super) fn run_code(tokens: &[(u32, i64)], prev: &[(u32, i64)]) -> String {
    let mut s = String::from("~");
    let mut i = 0;
    while i < tokens.len() {
        let (mut best, mut from) = (0, 0);
        for start in 0..prev.len() {
            let len = tokens[i..]
                .iter()
                .zip(&prev[start..])
                .take_while(|(a, b)| a == b)
                .count();
            if len > best {
                (best, from) = (len, start);
            }
        }
        if s.len() > 1 {
            s.push(' ');
        }
        if best >= 2 {
            let _ = write!(s, "@{from},{best}");
            i += best;
        } else {
            let (v, dx) = tokens[i];
            let _ = write!(s, "{v},{dx}");
            i += 1;
        }
    }
    s
}

/// The lengths of the start and the end `a` and `b` share (not overlapping in either), in bytes
/// at character boundaries.
fn shared(a: &str, b: &str) -> (usize, usize) {
    let prefix = a
        .char_indices()
        .zip(b.chars())
        .take_while(|((_, x), y)| x == y)
        .last()
        .map_or(0, |((i, c), _)| i + c.len_utf8());
    let rest = a.len().min(b.len()) - prefix;
    let suffix = a[prefix..]
        .chars()
        .rev()
        .zip(b[prefix..].chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .scan(0, |total, n| {
            *total += n;
            Some(*total)
        })
        .take_while(|&t| t <= rest)
        .last()
        .unwrap_or(0);
    (prefix, suffix)
}

/// Each element's markup, or `^back,prefix,suffix,middle`: the element `back` lines before with
/// its middle replaced. Markup is ASCII, so lengths in bytes are the script's lengths.
pub(super) fn element_lines(elements: &[String]) -> Vec<String> {
    let mut lines = Vec::with_capacity(elements.len());
    for (k, e) in elements.iter().enumerate() {
        let best = (1..=LOOK_BACK.min(k))
            .map(|back| (back, shared(&elements[k - back], e)))
            .max_by_key(|&(back, (p, s))| (p + s, std::cmp::Reverse(back)));
        match best {
            Some((back, (p, s))) if p + s >= WORTH && e.is_ascii() => {
                lines.push(format!("^{back},{p},{s},{}", &e[p..e.len() - s]));
            }
            _ => lines.push(e.clone()),
        }
    }
    lines
}

/// Each caption as `=text`, or as `prefix,suffix,middle` of the caption before (lengths in UTF-16
/// units, the script's string lengths).
pub(super) fn caption_codes(captions: &[String]) -> Vec<String> {
    let mut codes = Vec::with_capacity(captions.len());
    for (k, c) in captions.iter().enumerate() {
        let code = k
            .checked_sub(1)
            .map(|j| (shared(&captions[j], c), &captions[j]))
            .filter(|&((p, s), _)| p + s >= WORTH)
            .map(|((p, s), _)| {
                let units = |t: &str| t.encode_utf16().count();
                format!(
                    "{},{},{}",
                    units(&c[..p]),
                    units(&c[c.len() - s..]),
                    &c[p..c.len() - s]
                )
            });
        codes.push(code.unwrap_or_else(|| format!("={c}")));
    }
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_starts_and_ends_do_not_overlap() {
        assert_eq!(shared("step 1: a", "step 2: a"), (5, 3));
        assert_eq!(shared("aaa", "aaaa"), (3, 0));
        assert_eq!(shared("ab\u{b7}c", "ab\u{b7}d"), (4, 0));
        assert_eq!(shared("x\u{b7}y", "z\u{b7}y"), (0, 3));
    }

    #[test]
    fn runs_copy_what_the_run_before_holds() {
        let prev = [(1, 10), (2, 20), (3, 30), (4, 40)];
        let now = [(1, 10), (2, 20), (9, 5), (3, 30), (4, 40)];
        assert_eq!(run_code(&now, &prev), "~@0,2 9,5 @2,2");
        assert_eq!(run_code(&now, &[]), "~1,10 2,20 9,5 3,30 4,40");
    }

    #[test]
    fn lines_refer_back_where_it_saves() {
        let e = |s: &str| s.to_string();
        let lines = element_lines(&[
            e("<use href=\"#s1\" x=\"53\" y=\"436\" color=\"#1c202a\"/>"),
            e("<use href=\"#s2\" x=\"53\" y=\"436\" color=\"#1c202a\"/>"),
            e("<rect/>"),
        ]);
        assert_eq!(lines[1], "^1,13,34,2");
        assert_eq!(lines[2], "<rect/>");
        let codes = caption_codes(&[e("step 1: queen \u{b7} 0"), e("step 12: queen \u{b7} 0")]);
        assert_eq!(codes[0], "=step 1: queen \u{b7} 0");
        assert_eq!(codes[1], "6,11,2");
    }
}
