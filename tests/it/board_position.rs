//! A board of your own in the library: FEN read and refused field by field, the position's
//! squares in chess orientation, and its pieces and fills drawn in the right cells.

use chessviz::board::{ChessPiece, FenField, PieceKind, Side};
use chessviz::board::{Position, MAX_FILL_COLOURS};
use chessviz::{draw, Error, InvalidKind, Square, Style};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn sq(name: &str) -> Square {
    Square::parse(name, 8, 8).expect("a square of the 8 x 8 board")
}

#[test]
fn fen_reads_the_placement_alone_or_the_whole_record() {
    for text in [
        START.to_string(),
        format!("{START} w"),
        format!("{START} w KQkq - 0 1"),
        format!("  {START}   b Kq e3 12 40 "),
    ] {
        let p = Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((p.rows(), p.cols()), (8, 8));
        assert_eq!(p.pieces().count(), 32, "{text}");
        assert_eq!(p.placement(), START, "{text}");
    }
    let p = Position::from_fen(START).unwrap();
    let white = |k| Some(ChessPiece::new(Side::White, k));
    let black = |k| Some(ChessPiece::new(Side::Black, k));
    assert_eq!(p.piece(sq("e1")), white(PieceKind::King));
    assert_eq!(p.piece(sq("d1")), white(PieceKind::Queen));
    assert_eq!(p.piece(sq("g8")), black(PieceKind::Knight));
    assert_eq!(p.piece(sq("h7")), black(PieceKind::Pawn));
    assert_eq!(p.piece(sq("e4")), None);
    // Rank 8 is the top row (row 0), file a the left column.
    assert_eq!(p.piece(Square::new(0, 0)), black(PieceKind::Rook));
    assert_eq!(p.piece(Square::new(7, 4)), white(PieceKind::King));
    let knight = Position::from_fen("8/8/8/8/3N4/8/8/8").unwrap();
    assert_eq!(
        knight.pieces().collect::<Vec<_>>(),
        [(sq("d4"), ChessPiece::from_fen('N').unwrap())]
    );
}

#[test]
fn fen_errors_name_the_field_and_what_is_wrong() {
    let cases: &[(&str, FenField, &str)] = &[
        ("", FenField::Record, "empty"),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1 extra",
            FenField::Record,
            "7 fields",
        ),
        ("8/8/8/8/8/8/8", FenField::Placement, "7 ranks"),
        ("8/8/8/8/8/8/8/8/8", FenField::Placement, "9 ranks"),
        (
            "8/8/8/8/8/8/8/7",
            FenField::Placement,
            "rank 1 ('7') covers 7 squares",
        ),
        (
            "9/8/8/8/8/8/8/8",
            FenField::Placement,
            "rank 8 ('9') has '9'",
        ),
        (
            "8/8/8/4X3/8/8/8/8",
            FenField::Placement,
            "rank 5 ('4X3') has 'X'",
        ),
        (
            "8/8/8/8/8/8/8/PPPPPPPPP",
            FenField::Placement,
            "covers 9 squares",
        ),
        ("8/8/8/8/8/8/8/0PPPPPPPP", FenField::Placement, "'0'"),
        (
            "8/8/8/8/8/8/8/8 white",
            FenField::ActiveColour,
            "'white' is neither w",
        ),
        ("8/8/8/8/8/8/8/8 w KQkqK", FenField::Castling, "'KQkqK'"),
        ("8/8/8/8/8/8/8/8 w X", FenField::Castling, "'X'"),
        ("8/8/8/8/8/8/8/8 w - e4", FenField::EnPassant, "rank 3 or 6"),
        ("8/8/8/8/8/8/8/8 w - i3", FenField::EnPassant, "'i3'"),
        ("8/8/8/8/8/8/8/8 w - - -1", FenField::HalfmoveClock, "'-1'"),
        (
            "8/8/8/8/8/8/8/8 w - - 0 0",
            FenField::FullmoveNumber,
            "from 1",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 +3",
            FenField::FullmoveNumber,
            "'+3'",
        ),
    ];
    for &(text, want, says) in cases {
        let err = Position::from_fen(text).expect_err(text);
        let Error::Fen { field, .. } = &err else {
            panic!("{text}: not a FEN error: {err:?}");
        };
        assert_eq!(*field, want, "{text}: {err}");
        let line = err.to_string();
        assert!(line.starts_with("FEN "), "{text}: {line}");
        assert!(line.contains(&want.to_string()), "{text}: {line}");
        assert!(line.contains(says), "{text}: {line} (want '{says}')");
        assert!(!line.contains('\n'), "{text}: {line}");
        assert_eq!(err.invalid_kind(), Some(InvalidKind::Position));
    }
    // Hostile text stays one short line.
    let err =
        Position::from_fen(&format!("8/8/8/8/8/8/8/\u{1b}[31m{}", "x".repeat(500))).unwrap_err();
    let line = err.to_string();
    assert!(!line.contains('\u{1b}') && line.len() < 300, "{line}");
}

#[test]
fn squares_are_chess_squares_and_row_col_from_the_top_left() {
    let p = Position::new(6, 10).unwrap();
    assert_eq!(Square::parse("a1", 6, 10).unwrap(), Square::new(5, 0));
    assert_eq!(Square::parse("j6", 6, 10).unwrap(), Square::new(0, 9));
    assert_eq!(p.chess_name(Square::new(5, 0)), "a1");
    // The bottom-left square is dark on every board, as on a chessboard.
    for (rows, cols) in [(8, 8), (5, 5), (6, 10), (7, 4), (1, 1)] {
        let p = Position::new(rows, cols).unwrap();
        assert!(p.is_dark(Square::new(rows - 1, 0)), "{rows} x {cols}");
        if cols > 1 {
            assert!(!p.is_dark(Square::new(rows - 1, 1)), "{rows} x {cols}");
        }
    }
    for (rows, cols) in [(0, 8), (8, 0), (703, 1)] {
        let e = Position::new(rows, cols).unwrap_err();
        assert_eq!(e.invalid_kind(), Some(InvalidKind::BoardSize), "{e}");
    }
    let mut p = Position::new(4, 4).unwrap();
    let off = p
        .place(Square::new(4, 0), ChessPiece::from_fen('K').unwrap())
        .unwrap_err();
    assert_eq!(off.invalid_kind(), Some(InvalidKind::Square));
    assert!(p.fill(Square::new(0, 4), [1, 2, 3]).is_err());
}

#[test]
fn a_board_fills_with_at_most_its_limit_of_colours() {
    let mut p = Position::new(8, 8).unwrap();
    for i in 0..MAX_FILL_COLOURS {
        p.fill(Square::new(0, i as u32 % 8), [i as u8, 0, 0])
            .unwrap_or_else(|e| panic!("{i}: {e}"));
        p.fill(Square::new(1 + i as u32 / 8, i as u32 % 8), [i as u8, 0, 0])
            .unwrap();
    }
    // A colour already used is always fine; one more is refused.
    p.fill(Square::new(7, 7), [0, 0, 0]).unwrap();
    let e = p.fill(Square::new(7, 6), [9, 9, 9]).unwrap_err();
    assert!(e.to_string().contains(&MAX_FILL_COLOURS.to_string()), "{e}");
    // All of them are drawn (the palette has room for every one).
    let (scene, hints) = p.scene();
    let still = draw(&scene, hints, &Style::new(16)).expect("drawn with all its colours");
    assert!(still.width() > 0);
}

/// The cells of a bare board (margin 0) whose every pixel is not `fill`, in row-major order.
fn inked_cells(
    img: &image::RgbaImage,
    cell: u32,
    fill_of: impl Fn(u32, u32) -> [u8; 3],
) -> Vec<(u32, u32)> {
    let (cols, rows) = (img.width() / cell, img.height() / cell);
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let want = fill_of(r, c);
            let inked = (0..cell * cell).any(|i| {
                let p = img.get_pixel(c * cell + i % cell, r * cell + i / cell).0;
                [p[0], p[1], p[2]] != want
            });
            if inked {
                out.push((r, c));
            }
        }
    }
    out
}

#[test]
fn pieces_and_fills_are_drawn_in_their_cells_only() {
    let cell = 48;
    let mut style = Style::new(cell);
    style.margin = Some(0);
    let theme = style.theme;
    let mut p = Position::new(6, 10).unwrap();
    let d4 = Square::parse("d4", 6, 10).unwrap();
    let g2 = Square::parse("g2", 6, 10).unwrap();
    p.place(d4, ChessPiece::from_fen('N').unwrap()).unwrap();
    p.place(g2, ChessPiece::from_fen('q').unwrap()).unwrap();
    let c3 = Square::parse("c3", 6, 10).unwrap();
    let gold = [255, 217, 102];
    p.fill(c3, gold).unwrap();
    let (scene, hints) = p.scene();
    let img = draw(&scene, hints, &style).unwrap().to_rgba();
    assert_eq!(img.dimensions(), (10 * cell, 6 * cell));
    let fill_of = |r: u32, c: u32| {
        let sq = Square::new(r, c);
        if sq == c3 {
            gold
        } else if p.is_dark(sq) {
            theme.dark
        } else {
            theme.light
        }
    };
    // d4 is row 2 (ranks count from 1 at the bottom of 6 rows), column 3; g2 row 4, column 6.
    assert_eq!((d4, g2), (Square::new(2, 3), Square::new(4, 6)));
    assert_eq!(inked_cells(&img, cell, fill_of), [(2, 3), (4, 6)]);
    // The filled square shows its colour in the middle and nothing else.
    let (x, y) = (c3.col * cell + cell / 2, c3.row * cell + cell / 2);
    assert_eq!(img.get_pixel(x, y).0[..3], gold);
    // The white knight shows both tones, the black queen (edged in the light tone) too.
    for sq in [d4, g2] {
        let colours: std::collections::HashSet<[u8; 3]> = (0..cell * cell)
            .map(|i| {
                let p = img
                    .get_pixel(sq.col * cell + i % cell, sq.row * cell + i / cell)
                    .0;
                [p[0], p[1], p[2]]
            })
            .collect();
        assert!(
            colours.contains(&theme.piece) && colours.contains(&theme.piece_edge),
            "{sq}"
        );
    }
}
