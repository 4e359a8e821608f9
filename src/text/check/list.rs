//! Squares as programs print a knight's path: `0,0 1,2`, `(0,0) (1,2)`, `(0, 0)->(1, 2)`,
//! `第1步: (0,0)`, `Step 1: 0 0`, one `r c` a line, chess squares `a1 b3`.

use crate::text::{parse_square_spec, SquareSpec};

/// One square as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Written {
    /// The column of the line it starts at, in characters from 1.
    pub column: usize,
    /// The square as written, for a message.
    pub text: String,
    pub spec: SquareSpec,
}

/// The squares of a line, or `None` when something in it is not a square. A label ending in a
/// colon (`第1步:`, `Step 1:`, `1:`) is passed over; squares are separated by spaces, commas,
/// semicolons or arrows (`->`, `→`, `=>`); `(r,c)` may have spaces inside; a line of exactly two
/// numbers is one square `r c`.
pub(super) fn squares_in(line: &str) -> Option<Vec<Written>> {
    let chars: Vec<char> = line.chars().collect();
    let label_end = chars
        .iter()
        .position(|&c| c == ':' || c == '：')
        .filter(|&i| {
            !chars[..i]
                .iter()
                .any(|&c| c == '(' || c == ',' || c == '（')
        })
        .map_or(0, |i| i + 1);
    let body: Vec<char> = chars[label_end..]
        .iter()
        .map(|&c| match c {
            '（' => '(',
            '）' => ')',
            '，' => ',',
            '→' | ';' | '、' => ' ',
            c => c,
        })
        .collect();
    // Bare words and bracketed groups, each with its column.
    let mut words: Vec<(usize, String, bool)> = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        let two = body.get(i + 1).copied();
        if c.is_whitespace() || c == ',' {
            i += 1;
        } else if (c == '-' || c == '=') && two == Some('>') {
            i += 2;
        } else if c == '(' || c == '[' {
            let close = if c == '(' { ')' } else { ']' };
            let end = body[i..].iter().position(|&d| d == close)? + i;
            let inner: String = body[i + 1..end]
                .iter()
                .filter(|c| !c.is_whitespace())
                .collect();
            words.push((label_end + i + 1, inner, true));
            i = end + 1;
        } else {
            let len = body[i..]
                .iter()
                .take_while(|&&d| !d.is_whitespace() && d != '(' && d != ';')
                .take_while(|&&d| d != '-' && d != '=')
                .count()
                .max(1);
            let word: String = body[i..i + len].iter().collect();
            words.push((
                label_end + i + 1,
                word.trim_end_matches(',').to_string(),
                false,
            ));
            i += len;
        }
    }
    if words.is_empty() {
        return None;
    }
    let is_number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    if words.len() == 2 && words.iter().all(|(_, w, b)| !b && is_number(w)) {
        let text = format!("{} {}", words[0].1, words[1].1);
        let spec = parse_square_spec(&format!("{},{}", words[0].1, words[1].1)).ok()?;
        return Some(vec![Written {
            column: words[0].0,
            text,
            spec,
        }]);
    }
    words
        .into_iter()
        .map(|(column, text, _)| {
            if is_number(&text) {
                return None;
            }
            let spec = parse_square_spec(&text).ok()?;
            Some(Written { column, text, spec })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Option<Vec<(usize, String)>> {
        squares_in(line).map(|v| v.into_iter().map(|w| (w.column, w.text)).collect())
    }

    #[test]
    fn the_forms_of_a_path() {
        let pair = |c: usize, t: &str| (c, t.to_string());
        assert_eq!(read("0,0 1,2"), Some(vec![pair(1, "0,0"), pair(5, "1,2")]));
        assert_eq!(
            read("(0,0) (1, 2)"),
            Some(vec![pair(1, "0,0"), pair(7, "1,2")])
        );
        assert_eq!(read("(0,0)->(1,2)->(2,4)").map(|v| v.len()), Some(3));
        assert_eq!(read("第1步: (0,0)"), Some(vec![pair(6, "0,0")]));
        assert_eq!(read("Step 1: 0 0"), Some(vec![pair(9, "0 0")]));
        assert_eq!(read("3 4"), Some(vec![pair(1, "3 4")]));
        assert_eq!(read("a1 b3"), Some(vec![pair(1, "a1"), pair(4, "b3")]));
        assert_eq!(read("Press any key to continue"), None);
        assert_eq!(read("Total: 64"), None);
        assert_eq!(read("1 2 3"), None);
    }
}
