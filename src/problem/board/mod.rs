//! A board of your own: chess pieces on any squares of an m x n board, squares filled with colours
//! of your own, marks and arrows; from a FEN record for 8 x 8 positions ([`Position::from_fen`]).
//! It has no trace to follow: it is drawn as one still.

mod fen;

use std::collections::BTreeMap;

use crate::error::{Error, InvalidKind, Result};
use crate::geom::Square;
use crate::scene::adapter::RenderHints;
use crate::scene::annotate::Annotations;
use crate::scene::{Arrow, Axes, Cell, ChessPiece, Fill, Mark, Piece, Scene, MAX_FILL_COLOURS};
use crate::text::{chess_name, MAX_CHESS_FILES};

/// The longest side of a board of your own: files run a..z, then aa..zz, as coordinates name them.
pub const MAX_SIDE: u32 = MAX_CHESS_FILES;

/// Pieces on squares, squares filled with colours of your own, marks and arrows, on a board of
/// `rows` x `cols` squares. Squares are 0-based from the top-left ([`Square`]); chess notation
/// (`Square::parse("d4", rows, cols)`) counts ranks from 1 at the bottom, and the bottom-left square
/// (a1) is dark, as on a chessboard.
///
/// ```
/// use chessviz::board::Position;
/// use chessviz::board::ChessPiece;
/// use chessviz::{draw, Mark, MarkKind, Square, Style};
///
/// // The knight's eight moves from d4.
/// let mut position = Position::new(8, 8)?;
/// let d4 = Square::parse("d4", 8, 8)?;
/// position.place(d4, ChessPiece::from_fen('N').expect("N is a knight"))?;
/// for to in ["c6", "e6", "f5", "f3", "e2", "c2", "b3", "b5"] {
///     position.mark(Mark { square: Square::parse(to, 8, 8)?, kind: MarkKind::Dot })?;
/// }
/// position.fill(d4, [255, 230, 140])?;
///
/// let (scene, hints) = position.scene();
/// let still = draw(&scene, hints, &Style::new(40))?;
/// assert_eq!(still.width(), 8 * 40 + 2 * 20);
/// # Ok::<(), chessviz::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rows: u32,
    cols: u32,
    pieces: BTreeMap<Square, ChessPiece>,
    fills: BTreeMap<Square, [u8; 3]>,
    annotations: Annotations,
}

impl Position {
    /// An empty board of `rows` x `cols` squares, each side 1 to [`MAX_SIDE`].
    pub fn new(rows: u32, cols: u32) -> Result<Position> {
        for (what, side) in [("rows", rows), ("columns", cols)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return Err(Error::invalid(
                    InvalidKind::BoardSize,
                    format!("a board has 1 to {MAX_SIDE} {what}, not {side}"),
                ));
            }
        }
        Ok(Position {
            rows,
            cols,
            pieces: BTreeMap::new(),
            fills: BTreeMap::new(),
            annotations: Annotations::new(rows, cols),
        })
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    fn check(&self, sq: Square) -> Result<()> {
        self.annotations.check_square(sq)
    }

    /// Puts `piece` on `sq`, replacing what stood there; an error off the board.
    pub fn place(&mut self, sq: Square, piece: ChessPiece) -> Result<()> {
        self.check(sq)?;
        self.pieces.insert(sq, piece);
        Ok(())
    }

    /// Takes the piece off `sq`, if any.
    pub fn remove(&mut self, sq: Square) -> Option<ChessPiece> {
        self.pieces.remove(&sq)
    }

    /// The piece on `sq`.
    pub fn piece(&self, sq: Square) -> Option<ChessPiece> {
        self.pieces.get(&sq).copied()
    }

    /// The pieces, row by row from the top, left to right.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, ChessPiece)> + '_ {
        self.pieces.iter().map(|(&sq, &p)| (sq, p))
    }

    /// Fills `sq` with the sRGB colour `rgb` instead of its light or dark shade; an error off the
    /// board, or for a colour beyond the [`MAX_FILL_COLOURS`] different colours a board may use.
    pub fn fill(&mut self, sq: Square, rgb: [u8; 3]) -> Result<()> {
        self.check(sq)?;
        let mut colours: Vec<[u8; 3]> = self.fills.values().copied().collect();
        colours.sort_unstable();
        colours.dedup();
        if !colours.contains(&rgb) && colours.len() >= MAX_FILL_COLOURS {
            return Err(Error::invalid(
                InvalidKind::Theme,
                format!("a board may fill its squares with at most {MAX_FILL_COLOURS} colours of its own"),
            ));
        }
        self.fills.insert(sq, rgb);
        Ok(())
    }

    /// The colour `sq` is filled with, if any.
    pub fn fill_at(&self, sq: Square) -> Option<[u8; 3]> {
        self.fills.get(&sq).copied()
    }

    /// Adds a mark; an error off the board.
    pub fn mark(&mut self, mark: Mark) -> Result<()> {
        self.annotations.push_mark(mark)
    }

    /// Adds an arrow; an error off the board or from a square to itself.
    pub fn arrow(&mut self, arrow: Arrow) -> Result<()> {
        self.annotations.push_arrow(arrow)
    }

    /// Whether `sq` is a dark square: the bottom-left square (a1) is dark, as on a chessboard, and
    /// the shades alternate from there.
    pub fn is_dark(&self, sq: Square) -> bool {
        (self.rows - 1 - sq.row + sq.col).is_multiple_of(2)
    }

    /// The piece placement written as FEN writes it, ranks from the top separated by `/`, on any
    /// board (counts of empty squares may then pass 9).
    pub fn placement(&self) -> String {
        let mut ranks = Vec::with_capacity(self.rows as usize);
        for r in 0..self.rows {
            let (mut rank, mut empty) = (String::new(), 0u32);
            for c in 0..self.cols {
                match self.piece(Square::new(r, c)) {
                    Some(p) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                        }
                        empty = 0;
                        rank.push(p.fen());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        ranks.join("/")
    }

    /// The position as a scene: the board with chess coordinates, its fills, pieces, marks and
    /// arrows, without a caption.
    pub fn scene(&self) -> (Scene, RenderHints) {
        let mut scene = Scene::new(self.rows, self.cols, Cell::plain(Fill::Light));
        for r in 0..self.rows {
            for c in 0..self.cols {
                let sq = Square::new(r, c);
                let fill = match self.fills.get(&sq) {
                    Some(&rgb) => Fill::Colour(rgb),
                    None if self.is_dark(sq) => Fill::Dark,
                    None => Fill::Light,
                };
                let piece = self.piece(sq).map(Piece::Chess);
                scene.update_cell(sq, |cell| {
                    cell.fill = fill;
                    cell.piece = piece;
                });
            }
        }
        scene.set_axes(Axes::Chess);
        let mut hints = RenderHints::default();
        // The annotations were made for this board, so they always fit it.
        let _ = self.annotations.apply(&mut scene, &mut hints);
        (scene, hints)
    }

    /// `sq` in chess notation on this board (`d4`).
    pub fn chess_name(&self, sq: Square) -> String {
        chess_name(sq, self.rows)
    }
}
