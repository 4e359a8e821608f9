//! The twelve chess pieces in two tones, from the font's chess symbols: a white piece is the solid
//! symbol (U+265A..) in the light tone under the outlined one (U+2654..) in the dark tone; a black
//! piece is the solid symbol in the dark tone on a halo of the light tone, so it reads on a dark
//! square as well as on a light one. Both glyphs of a piece are laid out with one transform from the
//! pen origin, so the outline sits exactly on its body in every backend. A white piece's body is
//! solid: the solid symbol's holes are filled, and the gaps between the queen's spikes are closed
//! (`piece_body`), so nothing under the piece shows through it.

use super::piece::{shifted, GLYPH_PIECE};
use super::piece_body::{append_polygons, close_notches, line_width};
use super::{ItemBuilder, Place, SymbolKey};
use crate::display::glyph::Font;
use crate::display::list::{FillRule, Layer, Painter, SymbolShape};
use crate::geom::{Path, Rect};
use crate::scene::{ChessPiece, Piece, Side};

/// The halo around a black piece, as a share of the cell (at least a pixel).
const HALO: f32 = 0.035;

/// The paths of `piece`'s solid symbol and outlined symbol at the size of a glyph piece in a
/// `size`-pixel cell, both moved so that the outline's ink box is centred in the cell.
fn piece_paths(font: &Font, piece: ChessPiece, size: f32) -> (Path, Path) {
    let (solid, outline) = (piece.symbol().to_string(), piece.outline().to_string());
    let px = font.fit_px(&outline, size * GLYPH_PIECE, size * GLYPH_PIECE);
    let outline = font.outline(&outline, px);
    let (x0, y0, x1, y1) = outline.bounds();
    let (dx, dy) = (size / 2.0 - (x0 + x1) / 2.0, size / 2.0 - (y0 + y1) / 2.0);
    (
        font.outline(&solid, px).transformed(1.0, dx, dy),
        outline.transformed(1.0, dx, dy),
    )
}

/// A readable symbol name: `white-knight`.
fn name(piece: ChessPiece, part: &str) -> String {
    let side = match piece.side {
        Side::White => "white",
        Side::Black => "black",
    };
    format!("{side}-{:?}-{part}", piece.kind).to_ascii_lowercase()
}

impl ItemBuilder {
    /// A chess piece in its cell, moved by `shift` pixels (clipped to the cell), `alpha` opaque.
    pub(super) fn chess_piece(
        &mut self,
        out: &mut dyn Painter,
        piece: ChessPiece,
        (rect, shift): (Rect, (i32, i32)),
        alpha: u8,
    ) {
        let key = Piece::Chess(piece);
        let under = self.symbol(SymbolKey::Piece(key), |_, size| {
            let (solid, outline) = piece_paths(&Font::pieces(), piece, size);
            let shape = match piece.side {
                Side::White => {
                    let mut body = solid.clone();
                    append_polygons(
                        &mut body,
                        &close_notches(&solid, line_width(&outline)).fills,
                    );
                    // Each contour filled on its own: the symbol's holes are body too.
                    SymbolShape::Fill {
                        path: body,
                        rule: FillRule::Union,
                    }
                }
                Side::Black => SymbolShape::Halo {
                    path: solid,
                    grow: (size * HALO).max(1.0),
                    solid: false,
                },
            };
            (name(piece, "under"), shape, Place::AsIs)
        });
        let over = self.symbol(SymbolKey::PieceDetail(key), |_, size| {
            let (solid, outline) = piece_paths(&Font::pieces(), piece, size);
            let path = match piece.side {
                Side::White => {
                    let mut detail = outline.clone();
                    let edges = close_notches(&solid, line_width(&outline)).edges;
                    append_polygons(&mut detail, &edges);
                    detail
                }
                Side::Black => solid,
            };
            let shape = SymbolShape::Fill {
                path,
                rule: FillRule::NonZero,
            };
            (name(piece, "over"), shape, Place::AsIs)
        });
        let (light, dark) = (self.colors.chess_light, self.colors.chess_dark);
        let (under, over) = (shifted(under, shift), shifted(over, shift));
        self.place(out, Layer::Pieces, under, rect, light, alpha, rect);
        self.place(out, Layer::Pieces, over, rect, dark, alpha, rect);
    }
}
