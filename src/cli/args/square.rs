//! Squares in either notation (`2,3` or `c5`) for every square flag.

use chessviz::internals::text::{parse_square_spec, SquareSpec};
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

#[cfg(test)]
mod tests {
    use super::*;

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
