//! The twelve chess pieces: a side and a kind, written as FEN letters (`K` a white king, `n` a black
//! knight) and drawn from the font's chess symbols (U+2654..U+265F).

/// Which side a piece plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// White: upper-case FEN letters, drawn light with a dark outline.
    White,
    /// Black: lower-case FEN letters, drawn dark with a light edge.
    Black,
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// K.
    King,
    /// Q.
    Queen,
    /// R.
    Rook,
    /// B.
    Bishop,
    /// N.
    Knight,
    /// P.
    Pawn,
}

impl PieceKind {
    /// The six kinds in the order of the Unicode chess symbols.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];

    fn offset(self) -> u32 {
        self as u32
    }
}

/// One of the twelve chess pieces.
///
/// ```
/// use chessviz::board::{ChessPiece, PieceKind, Side};
///
/// let knight = ChessPiece::from_fen('n').expect("n is a black knight");
/// assert_eq!(knight, ChessPiece::new(Side::Black, PieceKind::Knight));
/// assert_eq!(knight.fen(), 'n');
/// assert_eq!(knight.symbol(), '\u{265E}');
/// assert_eq!(ChessPiece::from_fen('K').map(|p| p.outline()), Some('\u{2654}'));
/// assert_eq!(ChessPiece::from_fen('x'), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChessPiece {
    /// Its side.
    pub side: Side,
    /// Its kind.
    pub kind: PieceKind,
}

impl ChessPiece {
    /// The piece of `side` and `kind`.
    pub const fn new(side: Side, kind: PieceKind) -> ChessPiece {
        ChessPiece { side, kind }
    }

    /// The piece of a FEN letter: `KQRBNP` white, `kqrbnp` black; `None` for any other character.
    pub fn from_fen(letter: char) -> Option<ChessPiece> {
        let side = if letter.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let kind = match letter.to_ascii_lowercase() {
            'k' => PieceKind::King,
            'q' => PieceKind::Queen,
            'r' => PieceKind::Rook,
            'b' => PieceKind::Bishop,
            'n' => PieceKind::Knight,
            'p' => PieceKind::Pawn,
            _ => return None,
        };
        Some(ChessPiece { side, kind })
    }

    /// Its FEN letter.
    pub fn fen(self) -> char {
        let letter = ['k', 'q', 'r', 'b', 'n', 'p'][self.kind.offset() as usize];
        match self.side {
            Side::White => letter.to_ascii_uppercase(),
            Side::Black => letter,
        }
    }

    /// The solid chess symbol of its kind (U+265A..U+265F, the "black" pieces): the body of a black
    /// piece, and the silhouette under a white piece's outline.
    pub fn symbol(self) -> char {
        char::from_u32(0x265A + self.kind.offset()).unwrap_or('\u{265A}')
    }

    /// The outlined chess symbol of its kind (U+2654..U+2659, the "white" pieces), drawn over a
    /// white piece's light body.
    pub fn outline(self) -> char {
        char::from_u32(0x2654 + self.kind.offset()).unwrap_or('\u{2654}')
    }

    /// Every character drawing the twelve pieces takes from a font.
    pub fn symbols() -> impl Iterator<Item = char> {
        (0x2654..=0x265F).filter_map(char::from_u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_round_trip_through_the_twelve_pieces() {
        let letters = "KQRBNPkqrbnp";
        for letter in letters.chars() {
            let piece = ChessPiece::from_fen(letter).unwrap();
            assert_eq!(piece.fen(), letter);
        }
        let white_queen = ChessPiece::from_fen('Q').unwrap();
        assert_eq!(
            (white_queen.symbol(), white_queen.outline()),
            ('\u{265B}', '\u{2655}')
        );
        let pawn = ChessPiece::from_fen('p').unwrap();
        assert_eq!((pawn.symbol(), pawn.outline()), ('\u{265F}', '\u{2659}'));
        assert_eq!(ChessPiece::symbols().count(), 12);
        for bad in ['x', '1', ' ', 'é'] {
            assert_eq!(ChessPiece::from_fen(bad), None);
        }
    }
}
