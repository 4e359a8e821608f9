//! FEN (Forsyth-Edwards Notation) for 8 x 8 positions: the piece placement is read, the five
//! fields after it are checked and then left aside (a diagram shows no side to move, no castling
//! rights, no clocks). Each refusal is an [`Error::Fen`] naming its field.

use super::Position;
use crate::error::{Error, FenField, Result};
use crate::geom::Square;
use crate::scene::ChessPiece;
use crate::text::shorten;

/// The side of the board FEN describes.
const SIDE: u32 = 8;

fn fen_error(field: FenField, message: impl Into<String>) -> Error {
    Error::Fen {
        field,
        message: message.into(),
    }
}

impl Position {
    /// The 8 x 8 position of a FEN record: its piece placement alone (`8/8/8/3N4/8/8/8/8`), or
    /// with any of the five fields after it (side to move, castling, en passant, the two clocks),
    /// which are checked and then left aside. An error ([`Error::Fen`]) names the field that is
    /// wrong and says what is wrong with it.
    ///
    /// ```
    /// use chessviz::board::Position;
    /// use chessviz::board::{ChessPiece, FenField};
    /// use chessviz::{Error, Square};
    ///
    /// let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
    /// assert_eq!(start.piece(Square::parse("e1", 8, 8)?), ChessPiece::from_fen('K'));
    /// assert_eq!(start.pieces().count(), 32);
    ///
    /// let err = Position::from_fen("8/8/8/8/8/8/8/8 x").unwrap_err();
    /// assert!(matches!(err, Error::Fen { field: FenField::ActiveColour, .. }), "{err}");
    /// assert_eq!(err.to_string(), "FEN active colour (field 2): 'x' is neither w (White to move) nor b (Black)");
    /// # Ok::<(), chessviz::Error>(())
    /// ```
    pub fn from_fen(text: &str) -> Result<Position> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some((&placement, rest)) = fields.split_first() else {
            return Err(fen_error(
                FenField::Record,
                "is empty; a FEN position starts with its piece placement, such as 8/8/8/3N4/8/8/8/8",
            ));
        };
        if fields.len() > 6 {
            return Err(fen_error(
                FenField::Record,
                format!(
                    "has {} fields separated by spaces; FEN has at most 6",
                    fields.len()
                ),
            ));
        }
        let position = read_placement(placement)?;
        let checks: [fn(&str) -> Result<()>; 5] = [
            check_active,
            check_castling,
            check_en_passant,
            |t| check_count(FenField::HalfmoveClock, t, 0),
            |t| check_count(FenField::FullmoveNumber, t, 1),
        ];
        for (check, field) in checks.iter().zip(rest) {
            check(field)?;
        }
        Ok(position)
    }
}

/// Ranks 8 to 1, separated by `/`: piece letters and counts of empty squares, 8 squares a rank.
fn read_placement(text: &str) -> Result<Position> {
    let field = FenField::Placement;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SIDE as usize {
        return Err(fen_error(
            field,
            format!(
                "'{}' has {} ranks separated by '/', not 8",
                shorten(text),
                ranks.len()
            ),
        ));
    }
    let mut position = Position::new(SIDE, SIDE)?;
    for (row, rank) in (0..SIDE).zip(&ranks) {
        let rank_no = SIDE - row;
        let mut col = 0u32;
        for ch in rank.chars() {
            if let Some(empty) = ch.to_digit(10).filter(|d| (1..=SIDE).contains(d)) {
                col += empty;
            } else if let Some(piece) = ChessPiece::from_fen(ch) {
                if col < SIDE {
                    position.place(Square::new(row, col), piece)?;
                }
                col += 1;
            } else {
                return Err(fen_error(
                    field,
                    format!(
                        "rank {rank_no} ('{}') has '{}', which is neither a piece (KQRBNP white, kqrbnp black) nor a count of empty squares (1 to 8)",
                        shorten(rank),
                        shorten(&ch.to_string())
                    ),
                ));
            }
        }
        if col != SIDE {
            return Err(fen_error(
                field,
                format!(
                    "rank {rank_no} ('{}') covers {col} squares, not 8",
                    shorten(rank)
                ),
            ));
        }
    }
    Ok(position)
}

fn check_active(text: &str) -> Result<()> {
    match text {
        "w" | "b" => Ok(()),
        _ => Err(fen_error(
            FenField::ActiveColour,
            format!(
                "'{}' is neither w (White to move) nor b (Black)",
                shorten(text)
            ),
        )),
    }
}

fn check_castling(text: &str) -> Result<()> {
    if text == "-" {
        return Ok(());
    }
    let mut seen = Vec::new();
    for ch in text.chars() {
        if !"KQkq".contains(ch) || seen.contains(&ch) {
            return Err(fen_error(
                FenField::Castling,
                format!(
                    "'{}' is neither - nor some of K, Q, k, q, each at most once",
                    shorten(text)
                ),
            ));
        }
        seen.push(ch);
    }
    Ok(())
}

fn check_en_passant(text: &str) -> Result<()> {
    let b = text.as_bytes();
    let ok = text == "-"
        || (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && matches!(b[1], b'3' | b'6'));
    if ok {
        return Ok(());
    }
    Err(fen_error(
        FenField::EnPassant,
        format!(
            "'{}' is neither - nor a square on rank 3 or 6 (such as e3)",
            shorten(text)
        ),
    ))
}

fn check_count(field: FenField, text: &str, least: u32) -> Result<()> {
    match text.parse::<u32>() {
        Ok(n) if n >= least && text.bytes().all(|b| b.is_ascii_digit()) => Ok(()),
        _ => Err(fen_error(
            field,
            format!("'{}' is not a whole number from {least}", shorten(text)),
        )),
    }
}
