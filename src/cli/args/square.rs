//! Squares in either notation (`2,3` or `c5`) for every square flag.

use chessviz::text::{parse_square_spec, SquareSpec};
use chessviz::{Error, Result, Square};

/// A square as the user wrote it (`2,3` or `c5`), placed on the board once it is known.
#[derive(Clone, Debug)]
pub struct SquareArg {
    /// The text as written, for messages.
    pub text: String,
    pub spec: SquareSpec,
}

impl SquareArg {
    /// The square on a `rows` x `cols` board; off the board, an error that starts with `named`,
    /// the option and its value as written (`--mark i9: the square i9 is off the 8 x 8 board`).
    pub fn resolve(&self, named: &str, rows: u32, cols: u32) -> Result<Square> {
        self.spec
            .resolve(rows, cols)
            .map_err(|e| Error::usage(format!("{named}: {e}")))
    }

    /// The square of option `flag` for a problem that checks its own squares: `ROW,COL` as written
    /// (the problem says when it is outside the board), chess notation placed on the board (which
    /// needs the board's height).
    pub fn resolve_for_problem(&self, flag: &str, rows: u32, cols: u32) -> Result<Square> {
        match self.spec {
            SquareSpec::Index(sq) => Ok(sq),
            SquareSpec::Chess { .. } => self.resolve(&format!("{flag} {}", self.text), rows, cols),
        }
    }
}

/// Parses a square for clap: `ROW,COL` or chess notation.
pub fn parse_square_arg(text: &str) -> std::result::Result<SquareArg, String> {
    let spec = parse_square_spec(text).map_err(|e| e.to_string())?;
    Ok(SquareArg {
        text: text.trim().to_string(),
        spec,
    })
}

/// `--queens a1,b3,c5` (chess squares, separated by commas or spaces) as the rows of the queens
/// column by column ("1 3 5", '-' for an empty column), the form `--queens` reads; `None` when
/// `text` is not a list of chess squares (it is then read as rows, and a stray letter is refused
/// there). A rank is the queens' row: both
/// count from 1 at the bottom.
pub fn queens_from_squares(text: &str) -> Option<std::result::Result<String, String>> {
    let tokens: Vec<&str> = text
        .split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    let is_chess = |t: &&str| t.starts_with(|c: char| c.is_ascii_alphabetic());
    if tokens.is_empty() || !tokens.iter().all(is_chess) {
        return None;
    }
    let mut rows: Vec<Option<(u32, &str)>> = Vec::new();
    for token in &tokens {
        let (file, rank) = match parse_square_spec(token) {
            Ok(SquareSpec::Chess { file, rank }) => (file, rank),
            _ => {
                return Some(Err(format!(
                    "'{token}' is not a chess square; give every queen as one (a1,b3,c5) or the rows of the columns (135)"
                )))
            }
        };
        let column = file as usize;
        if rows.len() <= column {
            rows.resize(column + 1, None);
        }
        if let Some((_, other)) = rows[column] {
            return Some(Err(format!(
                "{other} and {token} are in the same column; a placement has one queen per column"
            )));
        }
        rows[column] = Some((rank, token));
    }
    let words: Vec<String> = rows
        .iter()
        .map(|r| r.map_or_else(|| "-".to_string(), |(rank, _)| rank.to_string()))
        .collect();
    Some(Ok(words.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_from_chess_squares() {
        assert_eq!(
            queens_from_squares("a1,b3,c5,d2,e6"),
            Some(Ok("1 3 5 2 6".to_string()))
        );
        assert_eq!(queens_from_squares("c5 a1"), Some(Ok("1 - 5".to_string())));
        assert_eq!(
            queens_from_squares("a10, b12"),
            Some(Ok("10 12".to_string()))
        );
        assert_eq!(queens_from_squares("15863724"), None);
        assert_eq!(queens_from_squares("1 - 8 10"), None);
        assert!(queens_from_squares("a1,a3")
            .unwrap()
            .unwrap_err()
            .contains("same column"));
        assert!(queens_from_squares("a1,b")
            .unwrap()
            .unwrap_err()
            .contains("'b'"));
        assert_eq!(queens_from_squares("1 a"), None);
    }

    fn parse_square(text: &str) -> Result<Square, String> {
        match parse_square_arg(text)?.spec {
            SquareSpec::Index(sq) => Ok(sq),
            other => Err(format!("not ROW,COL: {other:?}")),
        }
    }

    #[test]
    fn squares_parse_and_errors_explain() {
        assert_eq!(parse_square("2,3"), Ok(Square::new(2, 3)));
        assert_eq!(parse_square(" 0 , 7 "), Ok(Square::new(0, 7)));
        assert!(parse_square("2").unwrap_err().contains("ROW,COL"));
        assert!(parse_square("-1,2").unwrap_err().contains("negative"));
        assert!(parse_square("1,99999999999")
            .unwrap_err()
            .contains("too large"));
        assert!(parse_square("a,b").unwrap_err().contains("not a number"));
        let c5 = parse_square_arg("c5").unwrap();
        assert_eq!(c5.spec.resolve(8, 8).unwrap(), Square::new(3, 2));
    }
}
