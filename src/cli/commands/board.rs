//! `chessviz board`: a board of your own, drawn as one still.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use chessviz::board::{Position, MAX_SIDE};
use chessviz::files::{Format, Target};
use chessviz::BoardKind;
use chessviz::{Error, Result};

use crate::cli::args::{AnnotateArgs, DrawnRoles, LookArgs};
use crate::cli::formats::FormatArg;
use crate::cli::run::context::Ctx;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::Board;
use crate::cli::run::still::{self, StillJob};
use crate::cli::run::target::{is_tikz, still_file, target};
use crate::cli::run::text::emit_text;

mod lists;

use lists::{parse_fills, parse_pieces, Pairs};

#[derive(Args, Debug)]
#[command(after_help = "\
Squares are chess squares (d4: files a, b, c... from the left, ranks 1, 2, 3... from the bottom) or
ROW,COL (0-based from the top-left, as in every chessviz command). The bottom-left square is dark.

Examples:
  chessviz board --piece d4=N --mark c6:dot --mark e6:dot --mark f5:dot --mark f3:dot \
      --mark e2:dot --mark c2:dot --mark b3:dot --mark b5:dot -o knight.png
                                                  the knight's eight moves from d4
  chessviz board --piece d4=Q --arrow d4-d8 --arrow d4-h8 --arrow d4-h4 --arrow d4-g1 \\
      --arrow d4-d1 --arrow d4-a1 --arrow d4-a4 --arrow d4-a7 -o queen.svg
                                                  a queen's lines
  chessviz board --fen 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4' \\
      --arrow h5-f7 --caption 'White to play and mate' -o puzzle.pdf
                                                  a puzzle position
  chessviz board --size 6x10 --fill c3=#ffd966,d4=#ffd966 --coords index -o empty.png
                                                  an empty 6 x 10 board with two squares filled
  chessviz board --fen 8/8/8/3k4/8/8/3K4/8 --flip -o black.tex
                                                  seen from Black's side, as TikZ for LaTeX
  chessviz board --piece d4=N,e5=p                the placement as FEN text (no -o)")]
pub struct BoardArgs {
    /// Board size.
    ///
    /// Board size: N for N x N, or ROWSxCOLS such as 6x10 (1 to 702 a side) [default: 8, the
    /// size of a FEN position].
    #[arg(short = 'n', long, value_name = "N|RxC", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// An 8 x 8 position in FEN.
    ///
    /// An 8 x 8 position in FEN: the piece placement (rnbqkbnr/pppppppp/8/...) alone or the whole
    /// record; the fields after the placement are checked and then left aside.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Put a piece on a square.
    ///
    /// Put a piece on a square: SQ=PIECE with the FEN letters K Q R B N P (White) and k q r b n p
    /// (Black), as a comma list (d4=N,e5=p); repeatable, later pieces replace earlier ones.
    #[arg(long = "piece", value_name = "SQ=PIECE", value_parser = parse_pieces)]
    pieces: Vec<Pairs<chessviz::board::ChessPiece>>,
    /// Fill a square with a colour of your own.
    ///
    /// Fill a square with a colour of your own: SQ=#rrggbb (or #rgb), as a comma list; repeatable
    /// (at most 12 different colours).
    #[arg(long = "fill", value_name = "SQ=COLOUR", value_parser = parse_fills)]
    fills: Vec<Pairs<[u8; 3]>>,
    /// Draw the board from the other side.
    ///
    /// Draw the board from the other side (turned half a turn, as from Black's seat): squares keep
    /// their names, and the coordinates run h..a and 1 at the top.
    #[arg(long)]
    flip: bool,
    /// Where to write: a file, its extension naming the format.
    ///
    /// Output: {STILL_FILES} (the figure), FILE.txt or - (the piece placement as FEN text; with
    /// --format, that picture on standard output) [default: FEN text on standard output].
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Format on standard output.
    ///
    /// The format of a picture on standard output (-o - or no -o): {FORMAT_VALUES} [default: the
    /// placement as text].
    #[arg(long, value_name = "FORMAT", value_enum, hide_possible_values = true)]
    format: Option<FormatArg>,
    /// No summary line and no notes.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    annotate: AnnotateArgs,
}

/// `8` or `6x10`.
fn parse_size(text: &str) -> std::result::Result<(u32, u32), String> {
    let t = text.trim();
    let side = |s: &str| -> std::result::Result<u32, String> {
        match s.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
            Ok(n) => Err(format!("a side of {n} squares is outside 1..={MAX_SIDE}")),
            Err(_) => Err(format!(
                "expected N or ROWSxCOLS such as 8 or 6x10, found '{t}'"
            )),
        }
    };
    match t.split_once(['x', 'X']) {
        Some((rows, cols)) => Ok((side(rows)?, side(cols)?)),
        None => side(t).map(|n| (n, n)),
    }
}

/// The position the arguments describe: the FEN, then the pieces and fills in the order given.
fn position(a: &BoardArgs) -> Result<Position> {
    let mut position = match (&a.fen, a.size) {
        (Some(_), Some(size)) if size != (8, 8) => {
            return Err(Error::usage(format!(
                "--fen describes an 8 x 8 board, not {} x {}: leave --size out",
                size.0, size.1
            )))
        }
        (Some(fen), _) => {
            Position::from_fen(fen).map_err(|e| Error::usage(format!("--fen: {e}")))?
        }
        (None, size) => {
            let (rows, cols) = size.unwrap_or((8, 8));
            Position::new(rows, cols)?
        }
    };
    let (rows, cols) = (position.rows(), position.cols());
    for pair in a.pieces.iter().flat_map(|p| &p.0) {
        let sq = pair
            .square
            .resolve(&format!("--piece {}", pair.text), rows, cols)?;
        position.place(sq, pair.value)?;
    }
    for pair in a.fills.iter().flat_map(|p| &p.0) {
        let named = format!("--fill {}", pair.text);
        let sq = pair.square.resolve(&named, rows, cols)?;
        position
            .fill(sq, pair.value)
            .map_err(|e| Error::usage(format!("{named}: {e}")))?;
    }
    Ok(position)
}

impl BoardArgs {
    /// Warns about colours of one's own that break a contrast rule of the themes (unless `-q`),
    /// and lets `--preset print` remove the caption.
    pub fn prepare_look(&mut self, ctx: &Ctx) {
        // A TikZ picture to \input leaves the caption to its document.
        let tikz = is_tikz(self.output.as_deref(), self.format);
        self.annotate.drop_caption = self.look.drops_caption(tikz);
        let items = self.annotate.item_colours();
        self.look
            .warn_colours(ctx, &items, DrawnRoles::Board, self.quiet);
    }
}

pub fn run(ctx: &Ctx, a: BoardArgs) -> Result<()> {
    let started = Instant::now();
    let style = a.look.style()?;
    let position = position(&a)?;
    let target = target(a.output.as_deref(), a.format)?;
    let (rows, cols) = (position.rows(), position.cols());
    let annotations = a.annotate.annotations(rows, cols, &a.look)?;
    a.annotate.refuse_removing_no_caption()?;
    if a.look.describe {
        let (mut scene, mut hints) = position.scene();
        annotations.apply(&mut scene, &mut hints)?;
        if a.flip {
            scene = scene.turned();
        }
        return still::print_description(ctx, &style, &scene);
    }
    let is_text = match &target {
        Target::Stdout => true,
        Target::File(_, format) => *format == Format::Text,
    };
    // Marks, arrows, coordinates and a caption apply to pictures: refused with text by their
    // definitions.
    if is_text {
        emit_text(ctx, &target, |w| {
            writeln!(w, "{}", position.placement()).map_err(|e| Error::io("output", e))
        })?;
        // As every command's text file: a summary line, which -q silences.
        return crate::cli::report::summary::wrote_text(ctx, &target, started, a.quiet);
    }
    let Some((path, format)) = still_file(&target) else {
        return Err(Error::usage(
            "a board is one picture, with no steps to animate: give -o FILE.png, .svg, .pdf or .tex",
        ));
    };
    // Pieces are drawn from the bundled font whatever --font sets the text in, so any font goes.
    let caption = a.annotate.caption_band(false);
    let style = a.look.fit_figure(style, rows, cols, caption)?;
    let board = Board {
        rows,
        cols,
        kind: BoardKind::Queens,
    };
    check_board(board, &style, caption, Picture::Still)?;
    let (mut scene, mut hints) = position.scene();
    annotations.apply(&mut scene, &mut hints)?;
    if a.flip {
        scene = scene.turned();
    }
    let job = StillJob {
        path: &path,
        format,
        style: &style,
        numbers_asked: false,
        started,
        quiet: a.quiet,
    };
    still::write(ctx, &job, scene, hints)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_a_side_or_rows_by_columns() {
        assert_eq!(parse_size("8"), Ok((8, 8)));
        assert_eq!(parse_size("6x10"), Ok((6, 10)));
        assert_eq!(parse_size("6X10"), Ok((6, 10)));
        assert!(parse_size("0").unwrap_err().contains("outside"));
        assert!(parse_size("703").unwrap_err().contains("outside"));
        assert!(parse_size("6x").unwrap_err().contains("ROWSxCOLS"));
        assert!(parse_size("big").unwrap_err().contains("ROWSxCOLS"));
    }
}
