//! Reading printed matrices back: numbers separated by spaces or tabs (a trailing tab after each, as
//! `printf("%d\t")` leaves it), or right-aligned at a fixed width with nothing between them
//! (`printf("%2d")` on a board of up to 99 squares glues ` 1162722 3184756`).

use super::overflow::{self, Rule};
use super::row::{decimal_width, Number, Row, LARGEST};
use super::words::{said, text, CheckPhrase, Said};
use crate::error::{Error, Result};
use crate::text::shorten;

/// One word of a line, with where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Token<'a> {
    pub line: usize,
    /// In characters from 1.
    pub column: usize,
    pub text: &'a str,
}

/// The words of `line`, split at white space.
pub(super) fn tokens(line_no: usize, line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (i, c) in line.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, column)),
            (true, Some((s, col))) => {
                out.push(Token {
                    line: line_no,
                    column: col,
                    text: &line[s..i],
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        out.push(Token {
            line: line_no,
            column: col,
            text: &line[s..],
        });
    }
    out
}

/// Whether `text` is a number as a matrix prints it: decimal digits only.
pub(super) fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The value of a number token; too long a number saturates (it is out of range of any board).
/// At most [`LARGEST`]: the value above it is [`Number`]'s `.`.
pub(super) fn value(text: &str) -> u64 {
    text.bytes()
        .try_fold(0u64, |v, d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
        .unwrap_or(LARGEST)
}

/// How wide the matrix is: square (a tile matrix, as many columns as rows), or any width whose
/// fixed-width printing follows from the board (`%2d` up to 99 squares, `%3d` up to 999).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    Square,
    Rectangle,
}

/// Whether a line is a row of a matrix: numbers (and `.` where `dots`) and nothing else.
pub(super) fn is_matrix_line(line: &str, dots: bool) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    !words.is_empty() && words.iter().all(|w| is_number(w) || (dots && *w == "."))
}

/// What a matrix's rows must hold when its numbers overflow their columns: `count` numbers a row,
/// none above `max`, related as `rule` says.
#[derive(Clone, Copy, Debug)]
pub(super) struct Expected {
    pub count: usize,
    pub max: u64,
    pub rule: Rule,
}

/// The rows of the matrix printed on `lines` (every one a matrix line, see [`is_matrix_line`]; the
/// first `first_offset` characters into its line): spaced when every row then has the same count
/// (for a square matrix, as many as there are rows), else at the fixed width that splits every
/// line evenly, else at a width some numbers overflow (see [`overflow`]), else spaced with rows of
/// different lengths, for the check to name.
pub(super) fn read_matrix(
    lines: &[(usize, &str)],
    shape: Shape,
    first_offset: usize,
    expected: Option<Expected>,
) -> Result<Vec<Row>> {
    let mut rows = read_unplaced(lines, shape, expected)?;
    if let Some(first) = rows.first_mut() {
        for n in &mut first.numbers {
            *n = n.shifted(first_offset);
        }
    }
    Ok(rows)
}

fn read_unplaced(
    lines: &[(usize, &str)],
    shape: Shape,
    expected: Option<Expected>,
) -> Result<Vec<Row>> {
    let spaced: Vec<Row> = lines
        .iter()
        .map(|&(line, text)| Row {
            line,
            numbers: tokens(line, text)
                .iter()
                .map(|t| Number::new(line, t.column, (t.text != ".").then(|| value(t.text))))
                .collect(),
        })
        .collect();
    let width = spaced[0].numbers.len();
    let even = spaced.iter().all(|r| r.numbers.len() == width);
    let fits = match shape {
        Shape::Square => width == spaced.len(),
        Shape::Rectangle => expected.is_none_or(|e| e.count == width),
    };
    if even && fits && !needs_fixed_width(&spaced) {
        return Ok(spaced);
    }
    if let Some(rows) = fixed_width(lines, shape) {
        return Ok(rows);
    }
    if let Some(e) = expected {
        if let Some(rows) = overflow::read(lines, e.count, e.max, e.rule)? {
            return Ok(rows);
        }
    }
    Ok(spaced)
}

/// Spaced rows whose numbers are too large for the board they make: glued numbers, read as one.
fn needs_fixed_width(rows: &[Row]) -> bool {
    let squares = rows.len() as u64 * rows[0].numbers.len() as u64;
    rows.iter()
        .flat_map(|r| &r.numbers)
        .any(|n| n.value().is_some_and(|v| v > squares.max(1) * 4))
}

/// The rows read at the one fixed width that splits every line into right-aligned numbers.
fn fixed_width<'a>(lines: &[(usize, &'a str)], shape: Shape) -> Option<Vec<Row>> {
    // The last line sets the length: the first may carry a prompt's spaces before its numbers.
    let length = lines[lines.len() - 1].1.trim_end().len();
    let cut = |l: &'a str| -> &'a str {
        let l = l.trim_end();
        match l.len().checked_sub(length) {
            Some(extra)
                if extra > 0 && l.is_char_boundary(extra) && l[..extra].trim().is_empty() =>
            {
                &l[extra..]
            }
            _ => l,
        }
    };
    if length == 0
        || !lines
            .iter()
            .all(|(_, l)| cut(l).is_ascii() && cut(l).len() == length)
    {
        return None;
    }
    let rows = lines.len();
    let width = match shape {
        Shape::Square => length.is_multiple_of(rows).then_some(length / rows)?,
        Shape::Rectangle => (1..=7).find(|&w| {
            length.is_multiple_of(w) && decimal_width((rows * (length / w)) as u64) == w
        })?,
    };
    let mut out = Vec::with_capacity(rows);
    for &(line, text) in lines {
        let whole = text.trim_end();
        let text = cut(text);
        let skipped = whole.len() - text.len();
        let mut numbers = Vec::with_capacity(length / width);
        for (i, chunk) in text.as_bytes().chunks(width).enumerate() {
            let chunk = std::str::from_utf8(chunk).ok()?;
            let digits = chunk.trim_start_matches(' ');
            if !is_number(digits) {
                return None;
            }
            let column = skipped + i * width + 1 + (chunk.len() - digits.len());
            numbers.push(Number::new(line, column, Some(value(digits))));
        }
        out.push(Row { line, numbers });
    }
    Some(out)
}

/// The error for a word that is not `what` (a wording: "a square (ROW,COL ...)").
pub(super) fn unreadable_word(token: &Token<'_>, what: CheckPhrase) -> Error {
    super::unreadable(Said::new(
        CheckPhrase::NotA,
        vec![
            text(token.line),
            text(token.column),
            text(shorten(token.text)),
            said(Said::new(what, vec![])),
        ],
    ))
}

/// The error for text in which no answer of this kind (`what`, a wording) was found.
pub(super) fn no_answer(what: CheckPhrase) -> Error {
    super::unreadable(Said::new(
        CheckPhrase::NoAnswer,
        vec![said(Said::new(what, vec![]))],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_their_columns() {
        let t = tokens(3, " 12\t5\t");
        assert_eq!(
            t,
            vec![
                Token {
                    line: 3,
                    column: 2,
                    text: "12"
                },
                Token {
                    line: 3,
                    column: 5,
                    text: "5"
                }
            ]
        );
    }

    #[test]
    fn glued_rows_are_read_at_the_width_of_the_board() {
        // The design report's %2d print of a tour's first rows, on a 2 x 8 board of 16 squares.
        let lines = [(1, " 1162722 3184756"), (2, "15 8 9 410111213")];
        let rows = read_matrix(&lines, Shape::Rectangle, 0, None).unwrap();
        let first: Vec<u64> = rows[0].numbers.iter().filter_map(|n| n.value()).collect();
        assert_eq!(first, vec![1, 16, 27, 22, 3, 18, 47, 56]);
        assert_eq!(rows[0].numbers[1].column(), 3);
        // Spaced rows stay spaced, tabs and all.
        let lines = [(1, "0\t1\t"), (2, "1\t1\t")];
        let rows = read_matrix(&lines, Shape::Square, 0, None).unwrap();
        assert_eq!(rows[1].numbers.len(), 2);
        assert_eq!(rows[1].numbers[1].column(), 3);
    }

    #[test]
    fn ragged_rows_are_kept_for_the_check_to_name() {
        let lines = [(1, "1 2 3"), (2, "4 5")];
        let rows = read_matrix(&lines, Shape::Rectangle, 0, None).unwrap();
        assert_eq!((rows[0].numbers.len(), rows[1].numbers.len()), (3, 2));
    }
}
