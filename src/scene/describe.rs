//! A picture in words, for readers who cannot see it: what every format writes beside its drawing
//! (a PNG's `Description`, an SVG's `<desc>`, a tagged PDF's `/Alt`, the player's live region,
//! WebVTT cues). Each problem describes its own state ([`Adapter::description`]); any other board
//! (a board of your own) is described from its scene alone ([`describe_board`]): the pieces by
//! square, the marks, the arrows and the path.
//!
//! [`Adapter::description`]: crate::Adapter::description

use crate::geom::Square;
use crate::scene::{Axes, ChessPiece, Fill, MarkKind, Panel, Piece, PieceKind, Scene, Side};
use crate::text::{chess_name, DescriptionPhrase as D, Lang};

/// What a picture shows, in words: a short part first (what the picture is, its title), then the
/// detail.
///
/// ```
/// use chessviz::queens::{QueensAdapter, QueensStyle};
/// use chessviz::text::Lang;
/// use chessviz::{scene_after, Adapter, Description};
///
/// let mut adapter = QueensAdapter::new(4, QueensStyle::default());
/// let events = chessviz::queens::search(4)?.map(Ok);
/// let (scene, _) = scene_after(&mut adapter, events, Some(2))?;
/// let words: Description = adapter.description(&scene).expect("the queens describe themselves");
/// assert_eq!(words.short, "4-queens search");
/// assert_eq!(words.text(), "4-queens search; columns a to b hold a1 b3; no solution yet");
/// assert_eq!(words.lang, Lang::En);
/// # Ok::<(), chessviz::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Description {
    /// What the picture is, in a few words: a title.
    pub short: String,
    /// What it shows in detail; empty when the short part says it all.
    pub detail: String,
    /// The language of both.
    pub lang: Lang,
}

impl Description {
    /// A description of `short` and `detail` in `lang`.
    pub fn new(lang: Lang, short: impl Into<String>, detail: impl Into<String>) -> Description {
        Description {
            short: short.into(),
            detail: detail.into(),
            lang,
        }
    }

    /// A description of the reader's own words (`--alt`): `text` is both the title and the
    /// whole text.
    pub fn given(lang: Lang, text: &str) -> Description {
        Description::new(lang, text.trim(), "")
    }

    /// The whole description: the short part, then the detail.
    pub fn text(&self) -> String {
        if self.detail.is_empty() {
            self.short.clone()
        } else {
            self.lang
                .describe(D::DescribeJoin, &[&self.short, &self.detail])
        }
    }

    /// The description with `head` said first ("step 40: queen placed on f4"), which becomes its
    /// short part.
    pub fn after(self, head: String) -> Description {
        let detail = self.text();
        Description::new(self.lang, head, detail)
    }
}

/// Joins the parts of a detail: "a; b; c".
pub(crate) fn join_parts(lang: Lang, parts: &[String]) -> String {
    let mut parts = parts.iter().filter(|p| !p.is_empty());
    let Some(first) = parts.next() else {
        return String::new();
    };
    parts.fold(first.clone(), |acc, p| {
        lang.describe(D::DescribeJoin, &[&acc, p])
    })
}

/// Joins a list: "a, b, c" (the Chinese list comma "、" in Chinese).
pub(crate) fn join_list(lang: Lang, items: &[String]) -> String {
    let sep = match lang {
        Lang::Zh => "、",
        _ => ", ",
    };
    items.join(sep)
}

/// How the figure's margin names `sq`: chess notation under a chess margin, ROW,COL otherwise;
/// on a board seen from the other side ([`Scene::turned`]) the margin counts from the far corner.
pub(crate) fn square_name(scene: &Scene, sq: Square) -> String {
    let sq = if scene.is_turned() {
        Square::new(scene.rows() - 1 - sq.row, scene.cols() - 1 - sq.col)
    } else {
        sq
    };
    match scene.axes() {
        Axes::Chess => chess_name(sq, scene.rows()),
        _ => sq.to_string(),
    }
}

fn kind_words(lang: Lang, kind: PieceKind) -> String {
    lang.describe(
        match kind {
            PieceKind::King => D::King,
            PieceKind::Queen => D::Queen,
            PieceKind::Rook => D::Rook,
            PieceKind::Bishop => D::Bishop,
            PieceKind::Knight => D::Knight,
            PieceKind::Pawn => D::Pawn,
        },
        &[],
    )
}

/// A chess piece in words: "white king", "黑后".
pub(crate) fn chess_piece_words(lang: Lang, piece: ChessPiece) -> String {
    let kind = kind_words(lang, piece.kind);
    let side = match piece.side {
        Side::White => D::White,
        Side::Black => D::Black,
    };
    lang.describe(side, &[&kind])
}

fn piece_words(lang: Lang, piece: Piece) -> String {
    match piece {
        Piece::Crown | Piece::CrownOutline => lang.describe(D::Queen, &[]),
        Piece::Chess(p) => chess_piece_words(lang, p),
        // A chess symbol of the font names its kind; which side it plays for is its colour's.
        Piece::Glyph(c) => match u32::from(c).checked_sub(0x2654).filter(|&i| i < 12) {
            Some(i) => kind_words(lang, PieceKind::ALL[i as usize % 6]),
            None => lang.describe(D::PieceGlyph, &[&c]),
        },
    }
}

/// A board described from its scene alone, in `lang`: its size (and caption), then the pieces by
/// square ("white king e1, black queen d8"), the squares numbered, the path, the marks and the
/// arrows. Squares are named as the figure's margin names them.
///
/// ```
/// use chessviz::board::describe_board;
/// use chessviz::board::ChessPiece;
/// use chessviz::text::Lang;
/// use chessviz::{Arrow, Piece, Scene, Square};
///
/// let mut scene = Scene::checkerboard(8, 8);
/// scene.set_axes(chessviz::Axes::Chess);
/// let king = ChessPiece::from_fen('K').expect("a white king");
/// scene.update_cell(Square::new(7, 4), |c| c.piece = Some(Piece::Chess(king)));
/// scene.push_arrow(Arrow { from: Square::new(6, 4), to: Square::new(4, 4) });
/// let words = describe_board(&scene, Lang::En);
/// assert_eq!(words.text(), "8 x 8 board; white king e1; arrows: e2 to e4");
/// # Ok::<(), chessviz::Error>(())
/// ```
pub fn describe_board(scene: &Scene, lang: Lang) -> Description {
    let mut short = lang.describe(D::BoardOf, &[&scene.rows(), &scene.cols()]);
    if let Some(caption) = scene.caption().filter(|c| !c.trim().is_empty()) {
        short = lang.describe(D::DescribeList, &[&short, &caption]);
    }
    let name = |sq: Square| square_name(scene, sq);
    let mut pieces = Vec::new();
    let mut numbered = 0u64;
    let (mut tiled, mut coloured) = (0u64, 0u64);
    let mut special = Vec::new();
    for row in 0..scene.rows() {
        for col in 0..scene.cols() {
            let sq = Square::new(row, col);
            let cell = scene.cell(sq);
            if let Some(piece) = cell.piece {
                let words = piece_words(lang, piece);
                pieces.push(lang.describe(D::PieceOn, &[&words, &name(sq)]));
            }
            numbered += u64::from(cell.label.is_some());
            match cell.fill {
                Fill::Tile(_) => tiled += 1,
                Fill::Colour(_) => coloured += 1,
                Fill::Special => special.push(name(sq)),
                _ => {}
            }
        }
    }
    let mut parts = vec![join_list(lang, &pieces)];
    if numbered > 0 {
        parts.push(lang.describe(D::NumberedSquares, &[&numbered]));
    }
    if tiled > 0 {
        parts.push(lang.describe(D::TiledSquares, &[&tiled]));
    }
    if coloured > 0 {
        parts.push(lang.describe(D::ColouredSquares, &[&coloured]));
    }
    for at in special {
        parts.push(lang.describe(D::SpecialSquareAt, &[&at]));
    }
    if let (Some(&first), Some(&last)) = (scene.path().first(), scene.path().last()) {
        let len = scene.path().len();
        parts.push(lang.describe(D::PathThrough, &[&len, &name(first), &name(last)]));
    }
    let marks: Vec<String> = scene
        .marks()
        .iter()
        .map(|m| {
            let phrase = match m.kind {
                MarkKind::Dot => D::MarkDot,
                MarkKind::Cross => D::MarkCross,
                MarkKind::Ring => D::MarkRing,
                MarkKind::Fill => D::MarkFill,
            };
            lang.describe(phrase, &[&name(m.square)])
        })
        .collect();
    if !marks.is_empty() {
        parts.push(lang.describe(D::MarksOn, &[&join_list(lang, &marks)]));
    }
    let arrows: Vec<String> = scene
        .arrows()
        .iter()
        .map(|a| lang.describe(D::ArrowFromTo, &[&name(a.from), &name(a.to)]))
        .collect();
    if !arrows.is_empty() {
        parts.push(lang.describe(D::ArrowsOn, &[&join_list(lang, &arrows)]));
    }
    if parts.iter().all(String::is_empty) {
        parts = vec![lang.describe(D::EmptyBoard, &[])];
    }
    if let Some(panel) = scene.panel() {
        parts.push(describe_panel(panel, lang));
    }
    Description::new(lang, short, join_parts(lang, &parts))
}

/// What a panel beside the board shows, in words: each block's title and its highlighted lines
/// (the code line at work), or all its lines (the counters, the stack), or its tree's summary:
/// "beside the board: code: 12  x[i] = j; counts: placed 40, removed 34".
pub fn describe_panel(panel: &Panel, lang: Lang) -> String {
    let blocks: Vec<String> = panel
        .blocks
        .iter()
        .filter_map(|block| {
            let clean = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            let lit: Vec<String> = (block.lines.iter())
                .filter(|l| l.highlight)
                .map(|l| clean(&l.text))
                .collect();
            let mut said: Vec<String> = if lit.is_empty() {
                (block.lines.iter())
                    .map(|l| clean(&l.text))
                    .filter(|t| !t.is_empty())
                    .collect()
            } else {
                lit
            };
            if let Some(tree) = &block.tree {
                said.extend(tree.summary.iter().map(|t| clean(t)));
            }
            (!said.is_empty()).then(|| {
                let title = clean(&block.title);
                let body = join_list(lang, &said);
                if title.is_empty() {
                    body
                } else {
                    lang.describe(D::StepSays, &[&title, &body])
                }
            })
        })
        .collect();
    if blocks.is_empty() {
        return String::new();
    }
    let joined = blocks[1..].iter().fold(blocks[0].clone(), |acc, b| {
        lang.describe(D::DescribeJoin, &[&acc, b])
    });
    lang.describe(D::PanelShows, &[&joined])
}
