//! Squares as people write them: `ROW,COL` (0-based, row 0 at the top, as the textbook's matrices
//! number them) or chess notation (`c5`: file letters from the left, ranks from 1 at the bottom).
//!
//! Chess notation depends on the board's height, so a square is parsed into a [`SquareSpec`] first
//! and placed on a board with [`SquareSpec::resolve`] once the board is known.

use std::str::FromStr;

use super::{parse_square, shorten};
use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;

/// Files up to `zz`: 26 single letters, then 26 x 26 pairs.
pub const MAX_CHESS_FILES: u32 = 26 + 26 * 26;

/// A square as written, before the board is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareSpec {
    /// `ROW,COL`, 0-based from the top-left.
    Index(Square),
    /// Chess notation: file (0 = a) from the left, rank (1 = the bottom row).
    Chess {
        /// 0-based column.
        file: u32,
        /// 1-based rank, counted from the bottom.
        rank: u32,
    },
}

impl SquareSpec {
    /// The square on a `rows` x `cols` board, or an error naming the square as written when it is
    /// off the board.
    pub fn resolve(self, rows: u32, cols: u32) -> Result<Square> {
        let (square, shown) = match self {
            SquareSpec::Index(sq) => (Some(sq), format!("{},{}", sq.row, sq.col)),
            SquareSpec::Chess { file, rank } => {
                let sq = (rank >= 1 && rank <= rows).then(|| Square::new(rows - rank, file));
                (sq, format!("{}{rank}", chess_file(file)))
            }
        };
        match square {
            Some(sq) if sq.row < rows && sq.col < cols => Ok(sq),
            _ => Err(Error::invalid(
                InvalidKind::Square,
                format!("the square {shown} is off the {rows} x {cols} board"),
            )),
        }
    }
}

// The parser lives here, in the text stage, and `Square` (in geom, the first stage) gets its
// parsing as an impl written here: geom never imports a later stage.
impl Square {
    /// The square written as `ROW,COL` (0-based from the top-left) or in chess notation (`c5`:
    /// file letters from the left, rank 1 at the bottom) on a `rows` x `cols` board. Chess
    /// notation needs the board's height, hence the board; the error names the square as written.
    ///
    /// ```
    /// use chessviz::Square;
    ///
    /// assert_eq!(Square::parse("c5", 8, 8)?, Square::new(3, 2));
    /// assert_eq!(Square::parse("a1", 8, 8)?, Square::new(7, 0));
    /// assert_eq!(Square::parse("2,3", 8, 8)?, Square::new(2, 3));
    /// assert!(Square::parse("i1", 8, 8).is_err());
    ///
    /// // Without a board, `ROW,COL` parses with `str::parse` (the inverse of `Display`), and
    /// // either form parses into a `SquareSpec` that is placed on a board later.
    /// let sq: Square = "2,3".parse()?;
    /// assert_eq!(sq.to_string(), "2,3");
    /// let spec: chessviz::text::SquareSpec = "c5".parse()?;
    /// assert_eq!(spec.resolve(6, 6)?, Square::new(1, 2));
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn parse(text: &str, rows: u32, cols: u32) -> Result<Square> {
        parse_square_spec(text)?.resolve(rows, cols)
    }
}

/// `ROW,COL`, as `Display` writes a square. Chess notation needs the board's height: see
/// [`Square::parse`] and [`SquareSpec`].
impl FromStr for Square {
    type Err = Error;

    fn from_str(text: &str) -> Result<Square> {
        match parse_square_spec(text)? {
            SquareSpec::Index(sq) => Ok(sq),
            SquareSpec::Chess { .. } => Err(Error::invalid(
                InvalidKind::Square,
                format!(
                    "the square '{}' is in chess notation, which needs the board's height",
                    shorten(text)
                ),
            )),
        }
    }
}

/// `ROW,COL` or chess notation, as [`parse_square_spec`] reads them.
impl FromStr for SquareSpec {
    type Err = Error;

    fn from_str(text: &str) -> Result<SquareSpec> {
        parse_square_spec(text)
    }
}

/// Parses `ROW,COL` or chess notation (`c5`, `aa12`); the error says what is wrong with the text.
pub fn parse_square_spec(text: &str) -> Result<SquareSpec> {
    let t = text.trim();
    if t.contains(',') {
        return parse_square(t).map(SquareSpec::Index);
    }
    let letters = t.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (file, rank) = t.split_at(letters);
    if letters == 0 || !rank.bytes().all(|b| b.is_ascii_digit()) || rank.is_empty() {
        return Err(Error::invalid(
            InvalidKind::Square,
            format!(
                "expected a square such as 2,3 (ROW,COL) or c5 (chess), found '{}'",
                shorten(text)
            ),
        ));
    }
    let file = parse_file(file).ok_or_else(|| {
        Error::invalid(
            InvalidKind::Square,
            format!(
                "the file '{}' is not a chess file (a to z, then aa to zz)",
                shorten(file)
            ),
        )
    })?;
    let rank = rank
        .parse::<u32>()
        .ok()
        .filter(|&r| r >= 1)
        .ok_or_else(|| {
            Error::invalid(
                InvalidKind::Square,
                format!(
                    "the rank in '{}' must be a number from 1 (the bottom row)",
                    shorten(text)
                ),
            )
        })?;
    Ok(SquareSpec::Chess { file, rank })
}

/// `a` = 0 ... `z` = 25, `aa` = 26 ... `zz`; case-insensitive.
fn parse_file(letters: &str) -> Option<u32> {
    let v: Vec<u32> = letters
        .bytes()
        .map(|b| u32::from(b.to_ascii_lowercase() - b'a'))
        .collect();
    match v.as_slice() {
        [a] => Some(*a),
        [a, b] => Some(26 + a * 26 + b),
        _ => None,
    }
}

/// The chess file of column `c`: a..z, then aa..zz; past `zz`, the column number in brackets.
pub fn chess_file(c: u32) -> String {
    let letter = |i: u32| char::from(b'a' + (i % 26) as u8);
    if c < 26 {
        letter(c).to_string()
    } else if c < MAX_CHESS_FILES {
        let i = c - 26;
        format!("{}{}", letter(i / 26), letter(i % 26))
    } else {
        format!("[{c}]")
    }
}

/// How words name a square: `ROW,COL` as the index margin numbers it, or in chess notation on a
/// board of `rows` rows as the chess margin labels it, so a caption names squares as its figure does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SquareNames {
    /// `3,7`.
    #[default]
    RowCol,
    /// `h5` on a board of this many rows.
    Chess {
        /// The board's rows (chess ranks count up from the bottom row).
        rows: u32,
    },
}

impl SquareNames {
    /// The name of `sq`.
    pub fn name(self, sq: Square) -> String {
        match self {
            SquareNames::RowCol => sq.to_string(),
            SquareNames::Chess { rows } => chess_name(sq, rows),
        }
    }
}

/// `sq` in chess notation on a board of `rows` rows (`c5`).
pub fn chess_name(sq: Square, rows: u32) -> String {
    format!("{}{}", chess_file(sq.col), rows - sq.row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_and_index_squares_resolve_on_the_board() {
        let c5 = parse_square_spec("c5").unwrap();
        assert_eq!(c5.resolve(8, 8).unwrap(), Square::new(3, 2));
        assert_eq!(
            parse_square_spec("A1").unwrap().resolve(8, 8).unwrap(),
            Square::new(7, 0)
        );
        assert_eq!(
            parse_square_spec("h8").unwrap().resolve(8, 8).unwrap(),
            Square::new(0, 7)
        );
        assert_eq!(
            parse_square_spec("2,3").unwrap().resolve(8, 8).unwrap(),
            Square::new(2, 3)
        );
        let aa = parse_square_spec("aa1").unwrap();
        assert_eq!(aa.resolve(30, 30).unwrap(), Square::new(29, 26));
        for sq in [Square::new(0, 0), Square::new(5, 27), Square::new(29, 700)] {
            let name = chess_name(sq, 30);
            assert_eq!(
                parse_square_spec(&name).unwrap().resolve(30, 702).unwrap(),
                sq,
                "{name}"
            );
        }
    }

    #[test]
    fn squares_parse_through_from_str_and_square_parse() {
        assert_eq!("2,3".parse::<Square>().unwrap(), Square::new(2, 3));
        let e = "c5".parse::<Square>().unwrap_err().to_string();
        assert!(e.contains("c5") && e.contains("chess notation"), "{e}");
        assert_eq!(
            "c5".parse::<SquareSpec>().unwrap(),
            SquareSpec::Chess { file: 2, rank: 5 }
        );
        assert_eq!(Square::parse("c5", 8, 8).unwrap(), Square::new(3, 2));
        assert!(Square::parse("c5", 4, 4).is_err());
        assert!("x".parse::<SquareSpec>().is_err());
    }

    #[test]
    fn squares_off_the_board_or_malformed_are_named() {
        let off = parse_square_spec("i1").unwrap().resolve(8, 8).unwrap_err();
        assert!(off.to_string().contains("i1"), "{off}");
        let off = parse_square_spec("a9").unwrap().resolve(8, 8).unwrap_err();
        assert!(off.to_string().contains("a9 is off the 8 x 8"), "{off}");
        let off = parse_square_spec("8,0").unwrap().resolve(8, 8).unwrap_err();
        assert!(off.to_string().contains("8,0"), "{off}");
        for bad in ["c", "5", "c0", "abc1", "c5x", "", "é5"] {
            let e = parse_square_spec(bad).unwrap_err().to_string();
            assert!(!e.is_empty() && !e.contains('\n'), "{bad}: {e}");
        }
        assert!(parse_square_spec("c0")
            .unwrap_err()
            .to_string()
            .contains("from 1"));
    }
}
