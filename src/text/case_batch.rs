//! The CASE batch format's input: a case count N, then for each case the board side m and the special
//! square `x y`, read as whitespace-separated numbers in any layout, as C's `scanf("%d")` reads them.
//!
//! Spaces, tabs, line feeds, carriage returns (alone or before a line feed), vertical tabs and form
//! feeds all separate numbers; a leading UTF-8 byte order mark is skipped; a number may carry a sign
//! (`+4`, and `-0`, which is 0). Errors name the line and column of the offending number, lines
//! counted at every line feed, CR LF pair or lone CR.

use std::io::Read;

use super::shorten;
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::solve::tromino::TrominoProblem;

/// The most bytes of batch input read: 100000 cases of the largest board take about 2 MB, so this
/// leaves room for generous spacing while a stream without end (`< /dev/zero`) cannot exhaust memory.
pub const MAX_BATCH_INPUT_BYTES: u64 = 16 << 20;

/// The most text a batch may print: about six of the largest boards (a 32768 x 32768 matrix is about
/// 10 GB of text). A batch printing more is refused before its first line, stating its size.
pub const MAX_BATCH_OUTPUT_BYTES: u64 = 64 << 30;

/// The most cases a batch holds.
pub const MAX_BATCH_CASES: u64 = 100_000;

/// Reads at most [`MAX_BATCH_INPUT_BYTES`] of batch input from `input` (standard input for the CLI),
/// parses it with [`parse_tromino_batch`], and refuses a batch whose output would pass
/// [`MAX_BATCH_OUTPUT_BYTES`]. Longer input is refused before it is held in memory.
pub fn read_tromino_batch(input: impl Read) -> Result<Vec<TrominoProblem>> {
    let mut bytes = Vec::new();
    input
        .take(MAX_BATCH_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("standard input", e))?;
    if bytes.len() as u64 > MAX_BATCH_INPUT_BYTES {
        return Err(Error::TooLarge(format!(
            "the batch input is longer than {} MiB; split it into several runs",
            MAX_BATCH_INPUT_BYTES >> 20
        )));
    }
    let cases = parse_tromino_batch(&bytes)?;
    let total = tromino_batch_output_bytes(&cases);
    if total > MAX_BATCH_OUTPUT_BYTES {
        return Err(Error::TooLarge(format!(
            "the {} cases would print {} of text ({total} bytes), more than the limit of {} GiB; split the batch or use smaller boards",
            cases.len(),
            human_bytes(total),
            MAX_BATCH_OUTPUT_BYTES >> 30
        )));
    }
    Ok(cases)
}

/// Exactly how many bytes [`write_tromino_batch`](super::write_tromino_batch) prints for `cases`:
/// per case the `CASE:i` line, then the matrix's numbers (the special square's 0 and each tile number
/// three times), a space between neighbours and a line feed after each row.
pub fn tromino_batch_output_bytes(cases: &[TrominoProblem]) -> u64 {
    cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            let side = u64::from(case.side());
            let header = "CASE:\n".len() as u64 + decimal_width(i as u64 + 1);
            let numbers = 1 + 3 * digits_up_to(u64::from(case.tile_count()));
            header + numbers + side * (side - 1) + side
        })
        .sum()
}

/// Digits of `n` written in decimal.
fn decimal_width(n: u64) -> u64 {
    n.checked_ilog10().map_or(1, |d| u64::from(d) + 1)
}

/// The digits of all numbers 1..=n written in decimal, added up.
fn digits_up_to(n: u64) -> u64 {
    let mut total = 0;
    let mut low = 1u64;
    let mut width = 1;
    while low <= n {
        let high = n.min(low.saturating_mul(10) - 1);
        total += (high - low + 1) * width;
        low = low.saturating_mul(10);
        width += 1;
    }
    total
}

/// `1234567` -> `1.2 MB`, for sizes in messages.
fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "kB", "MB", "GB", "TB", "PB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// One whitespace-separated word of the input, with where it starts.
struct Token<'a> {
    bytes: &'a [u8],
    line: usize,
    column: usize,
}

impl Token<'_> {
    /// `line L, column C`.
    fn place(&self) -> String {
        format!("line {}, column {}", self.line, self.column)
    }

    /// The token as text for a message (escaped and shortened), or an error for bytes that are not
    /// UTF-8.
    fn text(&self, what: &str) -> Result<String> {
        std::str::from_utf8(self.bytes).map(shorten).map_err(|_| {
            Error::invalid(
                InvalidKind::BatchInput,
                format!("{}: {what} is not valid UTF-8 text", self.place()),
            )
        })
    }

    /// The number written, as `scanf("%d")` would read a whole word: an optional sign and decimal
    /// digits; `None` for anything else or a number beyond 38 digits.
    fn integer(&self) -> Option<i128> {
        let (negative, digits) = match self.bytes.split_first() {
            Some((b'-', rest)) => (true, rest),
            Some((b'+', rest)) => (false, rest),
            _ => (false, self.bytes),
        };
        if digits.is_empty() || digits.len() > 38 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let value = digits
            .iter()
            .fold(0i128, |v, &d| v * 10 + i128::from(d - b'0'));
        Some(if negative { -value } else { value })
    }
}

/// The words of the input in order, split at C's white space (`isspace`: space, `\t`, `\n`, `\v`,
/// `\f`, `\r`).
struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a [u8]) -> Tokens<'a> {
        // A byte order mark, as some Windows editors write, is not part of the first number.
        let at = if input.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Tokens {
            input,
            at,
            line: 1,
            line_start: at,
        }
    }

    /// The column of byte `i` on its line, counted in characters from 1.
    fn column(&self, i: usize) -> usize {
        let before = &self.input[self.line_start..i];
        // UTF-8 continuation bytes do not start a character.
        1 + before.iter().filter(|&&b| b & 0xC0 != 0x80).count()
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let input = self.input;
        while let Some(&b) = input.get(self.at) {
            match b {
                b'\n' => self.new_line(self.at + 1),
                // CR LF is one line break (its LF counts it); a lone CR is one too.
                b'\r' if input.get(self.at + 1) != Some(&b'\n') => self.new_line(self.at + 1),
                b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C' => {}
                _ => break,
            }
            self.at += 1;
        }
        if self.at >= input.len() {
            return None;
        }
        let start = self.at;
        while self.at < input.len() && !is_c_space(input[self.at]) {
            self.at += 1;
        }
        Some(Token {
            bytes: &input[start..self.at],
            line: self.line,
            column: self.column(start),
        })
    }
}

impl Tokens<'_> {
    fn new_line(&mut self, next: usize) {
        self.line += 1;
        self.line_start = next;
    }
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0B' | b'\x0C')
}

/// Parses the CASE batch format: a case count N (0 to 100000), then for each case the board side m
/// and the special square `x y`, as whitespace-separated numbers in any layout. Errors name the case,
/// the line and the column.
pub fn parse_tromino_batch(input: &[u8]) -> Result<Vec<TrominoProblem>> {
    let mut tokens = Tokens::new(input);
    let mut next = |what: &str| {
        tokens.next().ok_or_else(|| {
            Error::invalid(
                InvalidKind::BatchInput,
                format!("batch input ends before {what}"),
            )
        })
    };
    let what = "the number of cases";
    let t = next(what)?;
    let shown = t.text(what)?;
    let count = match t.integer() {
        Some(n) if (0..=i128::from(MAX_BATCH_CASES)).contains(&n) => n as u32,
        Some(n) if n > 0 => {
            return Err(Error::invalid(
                InvalidKind::BatchInput,
                format!(
                    "{}: {shown} cases is more than the limit of {MAX_BATCH_CASES}",
                    t.place()
                ),
            ))
        }
        _ => {
            return Err(Error::invalid(
                InvalidKind::BatchInput,
                format!(
                    "{}: expected the number of cases (0 to {MAX_BATCH_CASES}), found '{shown}'",
                    t.place()
                ),
            ))
        }
    };
    let mut cases = Vec::with_capacity(count as usize);
    for case in 1..=count {
        let what = format!("the side of case {case}");
        let t = next(&what)?;
        let shown = t.text(&what)?;
        let side = t
            .integer()
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| {
                Error::invalid(InvalidKind::BatchInput, format!(
                    "case {case}, {}: expected the board side (a power of two from 1 to 32768), found '{shown}'",
                    t.place()
                ))
            })?;
        // A bad side is the side's place; a square off a good board is the square's.
        TrominoProblem::from_side(side, Square::new(0, 0)).map_err(|e| {
            Error::invalid(
                InvalidKind::BatchInput,
                format!("case {case}, {}: {e}", t.place()),
            )
        })?;
        let mut coordinate = |name: &str| -> Result<(u32, String)> {
            let what = format!("the special square's {name} of case {case}");
            let t = next(&what)?;
            let shown = t.text(&what)?;
            let value = t
                .integer()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| {
                    Error::invalid(InvalidKind::BatchInput, format!(
                        "case {case}, {}: expected the special square as two numbers 'x y' from 0, found '{shown}'",
                        t.place()
                    ))
                })?;
            Ok((value, t.place()))
        };
        let (x, place) = coordinate("x")?;
        let (y, _) = coordinate("y")?;
        let problem = TrominoProblem::from_side(side, Square::new(x, y)).map_err(|e| {
            Error::invalid(
                InvalidKind::BatchInput,
                format!("case {case}, {place}: {e}"),
            )
        })?;
        cases.push(problem);
    }
    if let Some(t) = tokens.next() {
        return Err(Error::invalid(
            InvalidKind::BatchInput,
            format!(
                "{}: unexpected text after the {count} case{} the batch announced",
                t.place(),
                if count == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sums() {
        assert_eq!(digits_up_to(0), 0);
        assert_eq!(digits_up_to(9), 9);
        assert_eq!(digits_up_to(21), 9 + 12 * 2);
        let brute: u64 = (1..=12345u64).map(decimal_width).sum();
        assert_eq!(digits_up_to(12345), brute);
        assert_eq!(human_bytes(999), "999 B");
        assert_eq!(human_bytes(1_250_000), "1.2 MB");
    }

    #[test]
    fn tokens_know_their_place() {
        let input = b"\xEF\xBB\xBF1\r2 \x0B x\r\n\xC3\xA9 7\n";
        let places: Vec<(String, usize, usize)> = Tokens::new(input)
            .map(|t| {
                (
                    String::from_utf8_lossy(t.bytes).into_owned(),
                    t.line,
                    t.column,
                )
            })
            .collect();
        assert_eq!(
            places,
            [
                ("1".into(), 1, 1),
                ("2".into(), 2, 1),
                ("x".into(), 2, 5),
                ("\u{e9}".into(), 3, 1),
                ("7".into(), 3, 3),
            ]
        );
    }
}
