//! Pieces on their squares: a glyph, a crown or a chess piece, at four fifths of the cell, and
//! moved aside (down and to the left) where the square's number shares the square
//! ([`number_tag`](super::number_tag)); under a piece on a path, a disc of the square's colour that
//! stops the path short of it.

use super::{ItemBuilder, Place, Placed, SymbolKey};
use crate::display::crown::{crown_path, outline_crown_path};
use crate::display::glyph::Font;
use crate::display::list::{FillRule, Ink, Layer, Painter, SymbolShape};
use crate::geom::Rect;
use crate::scene::Piece;

/// The radius of the disc that stops the path short of a piece (the square's colour over the path,
/// under the piece), as a share of the cell: a few pixels beyond the tip of a knight's ears, at
/// the cell's edge on its other sides.
const PIECE_CLEAR: f32 = 0.5;
/// A glyph piece fills this share of the cell.
pub(super) const GLYPH_PIECE: f32 = 0.8;

/// Centre and radius of the disc that stops the path short of a piece.
fn piece_clear(cell: f32) -> (f32, f32) {
    (cell / 2.0, cell * PIECE_CLEAR)
}

/// `placed` moved by `(dx, dy)` pixels.
pub(super) fn shifted(placed: Option<Placed>, (dx, dy): (i32, i32)) -> Option<Placed> {
    placed.map(|p| Placed {
        offset: (p.offset.0 + dx, p.offset.1 + dy),
        ..p
    })
}

impl ItemBuilder {
    /// The cell `rect` but, on a board with grid lines, its last column and row, where they lie:
    /// the clip of what is drawn over them in the square's own colour.
    pub(super) fn inside_grid(&self, rect: Rect) -> Rect {
        if self.colors.plain_grid.is_none() {
            return rect;
        }
        Rect::new(
            rect.x,
            rect.y,
            rect.width.saturating_sub(1),
            rect.height.saturating_sub(1),
        )
    }

    /// The disc of the square's colour `fill` that stops the path short of a piece moved by `shift`
    /// in the cell `rect`. It reaches the cell's sides, so it leaves a plain board's grid lines
    /// alone.
    pub(super) fn clear_under_piece(
        &mut self,
        out: &mut dyn Painter,
        rect: Rect,
        shift: (i32, i32),
        fill: Ink,
    ) {
        let disc = self.disc_symbol(SymbolKey::PieceClear, "piece-clear", piece_clear);
        let disc = shifted(disc, shift);
        let clip = self.inside_grid(rect);
        self.place(out, Layer::Marks, disc, rect, fill, 255, clip);
    }

    /// A piece, `alpha` opaque (a ghost is faint).
    pub(super) fn piece(&mut self, out: &mut dyn Painter, piece: Piece, rect: Rect, alpha: u8) {
        self.piece_at(out, piece, (rect, (0, 0)), alpha)
    }

    /// [`ItemBuilder::piece`] in the cell `rect`, moved by `shift` pixels and clipped to the cell.
    pub(super) fn piece_at(
        &mut self,
        out: &mut dyn Painter,
        piece: Piece,
        (rect, shift): (Rect, (i32, i32)),
        alpha: u8,
    ) {
        let (body, detail) = match piece {
            Piece::Chess(p) => return self.chess_piece(out, p, (rect, shift), alpha),
            Piece::Crown => {
                let body = self.symbol(SymbolKey::Piece(piece), |_, size| {
                    let (body, _) = crown_path(0.0, 0.0, size);
                    let shape = SymbolShape::Fill {
                        path: body,
                        rule: FillRule::Union,
                    };
                    ("crown".into(), shape, Place::AsIs)
                });
                let detail = self.symbol(SymbolKey::PieceDetail(piece), |_, size| {
                    let (_, detail) = crown_path(0.0, 0.0, size);
                    let shape = SymbolShape::Fill {
                        path: detail,
                        rule: FillRule::Union,
                    };
                    ("crown-detail".into(), shape, Place::AsIs)
                });
                (body, detail)
            }
            Piece::CrownOutline => {
                // Drawn in the cell's own proportions (the program's 50 x 35), about the middle of
                // the square symbols are made for.
                let layout = self.layout;
                let (w, h) = (layout.cell() as f32, layout.cell_height() as f32);
                let (ix, iy) = layout.symbol_inset();
                let body = self.symbol(SymbolKey::Piece(piece), |_, _| {
                    // The cell's left and top lines are the pixel before it (the program's lines
                    // at 125 + 50i and 5 + 35j, its crown drawn from them).
                    let corner = (-ix as f32 - 1.0, -iy as f32 - 1.0);
                    let path = outline_crown_path(w, h, corner);
                    let shape = SymbolShape::Fill {
                        path,
                        rule: FillRule::Union,
                    };
                    ("crown-outline".into(), shape, Place::AsIs)
                });
                (body, None)
            }
            Piece::Glyph(ch) => {
                let body = self.symbol(SymbolKey::Piece(piece), |_, size| {
                    let (font, s) = (Font::pieces(), ch.to_string());
                    let px = font.fit_px(&s, size * GLYPH_PIECE, size * GLYPH_PIECE);
                    let shape = SymbolShape::Fill {
                        path: font.text_path(&s, px),
                        rule: FillRule::NonZero,
                    };
                    let centre = size / 2.0;
                    (
                        format!("u{:x}", ch as u32),
                        shape,
                        Place::Centred(centre, centre),
                    )
                });
                (body, None)
            }
        };
        let (piece_ink, edge_ink) = (self.colors.piece, self.colors.piece_edge);
        let (body, detail) = (shifted(body, shift), shifted(detail, shift));
        self.place(out, Layer::Pieces, body, rect, piece_ink, alpha, rect);
        self.place(out, Layer::Pieces, detail, rect, edge_ink, alpha, rect);
    }
}
