//! Argument parsers shared by the subcommands.

use chessviz::Square;

/// Parses a square written `R,C` (0-based row and column; spaces around the numbers allowed).
pub fn parse_square(text: &str) -> Result<Square, String> {
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| format!("expected ROW,COL such as 2,3, found '{text}'"))?;
    let num = |s: &str, what: &str| -> Result<u32, String> {
        let s = s.trim();
        s.parse::<u32>().map_err(|_| {
            if s.starts_with('-') {
                format!("the {what} '{s}' is negative; rows and columns count from 0")
            } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                format!("the {what} '{s}' is too large")
            } else {
                format!("the {what} '{s}' is not a number (expected ROW,COL such as 2,3)")
            }
        })
    };
    Ok(Square::new(num(r, "row")?, num(c, "column")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_errors_explain() {
        assert_eq!(parse_square("2,3"), Ok(Square::new(2, 3)));
        assert_eq!(parse_square(" 0 , 7 "), Ok(Square::new(0, 7)));
        assert!(parse_square("2").unwrap_err().contains("ROW,COL"));
        assert!(parse_square("-1,2").unwrap_err().contains("negative"));
        assert!(parse_square("1,99999999999").unwrap_err().contains("too large"));
        assert!(parse_square("a,b").unwrap_err().contains("not a number"));
    }
}
