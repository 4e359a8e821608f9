//! `chessviz queens`.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};

use chessviz::check::QueensCheck;
use chessviz::panel::Paneled;
use chessviz::queens::QueensPanel;
use chessviz::queens::Selection;
use chessviz::queens::{self, QueensAdapter, QueensBatch, QueensMovie, QueensProblem, QueensStyle};
use chessviz::{text, BoardKind};
use chessviz::{Annotated, Annotations, Error, Piece, Result, Style};

use crate::cli::args::{
    parse_square_arg, AnimArgs, AnnotateArgs, BackgroundArg, DrawnRoles, LookArgs, SequenceArgs,
    SquareArg,
};
use crate::cli::commands::check::options::CheckArgs;
use crate::cli::commands::check::{Answer, CheckJob};
use crate::cli::formats::FormatArg;
use crate::cli::options;
use crate::cli::run::batch::{self, BatchRequest};
use crate::cli::run::context::Ctx;
use crate::cli::run::limits::{check_board, Picture};
use crate::cli::run::problem::{Board, Figure, Outputs};
use crate::cli::run::still::{self, StillJob};
use crate::cli::run::target::{is_tikz, still_file, target};
use crate::cli::run::{self, Request};

mod attacks_of;
mod counting;
mod numbering;
mod text_output;

use counting::check_count;
use numbering::{nth_solution, unique_out_of_range};
use text_output::text_output;

/// Boards up to this size get "Solution I of T" captions: counting them all is quick.
const CAPTION_COUNT_MAX_N: u32 = 14;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz queens -n 8 --list                     the 92 solutions (15863724 = rows of columns a..h)
  chessviz queens -n 8 --count --unique           12: solutions up to rotation and reflection
  chessviz queens -n 8 --list --unique            the 12 fundamental ones with their class sizes
  chessviz queens -n 6 --trace                    every placement, removal and solution
  chessviz queens -n 8 --solution 5 -o q.png      one solution as a figure
  chessviz queens -n 8 --all -o solutions/        solution-01.png ... solution-92.png
  chessviz queens -n 8 --unique --all -o fund/    unique-01.png ... unique-12.png
  chessviz queens -n 8 --sheet sheet.png          all 92 on one contact sheet
  chessviz queens -n 8 --sheet sheet.svg          the same sheet as vector shapes (or sheet.pdf)
  chessviz queens -n 8 -o search.gif --until-solution 1   the backtracking, animated
  chessviz queens -n 8 --solutions-only -o slides.gif     the 92 solutions, one frame each")]
#[command(mut_arg("delay", |a| a.default_value(queens::DEFAULT_DELAY_MS.to_string())), mut_arg("hold", |a| a.default_value(queens::DEFAULT_HOLD_MS.to_string())))]
pub struct QueensArgs {
    /// Board side and number of queens.
    ///
    /// Board side and number of queens (1 to 32).
    #[arg(short = 'n', long = "size", alias = "n", value_name = "N", default_value_t = 8, value_parser = parse_queens_side)]
    n: u32,
    /// The board side.
    ///
    /// The board side, as -n N gives it: `chessviz queens 8` is `chessviz queens -n 8` [default:
    /// -n].
    #[arg(value_name = "N", value_parser = parse_queens_side)]
    board: Option<u32>,
    /// Print every solution.
    ///
    /// Print every solution, one per line: the row (1 = bottom) of the queen in each column, left to
    /// right; separated by spaces when N > 9. With --unique, each is followed by its class size.
    #[arg(long, group = "mode")]
    list: bool,
    /// Print the number of solutions.
    ///
    /// Print the number of solutions (with --unique: of symmetry classes).
    #[arg(long, group = "mode")]
    count: bool,
    /// Print the search's event stream.
    ///
    /// Print the search's event stream (place, remove, solution), one event per line,
    /// numbered from 1 (the step numbers of --step).
    #[arg(long, group = "mode")]
    trace: bool,
    /// Only the fundamental solutions.
    ///
    /// Only the fundamental solutions: one per class of solutions that are rotations or reflections of
    /// each other, the lexicographically first of its class (12 of the 92 for n = 8). Numbers (for
    /// --solution, file names and labels) then count fundamental solutions: 1..12.
    #[arg(long)]
    unique: bool,
    /// Write every solution as a picture.
    ///
    /// Write every solution as a picture ({STILL_VALUES}: --format, png unless given) into the
    /// folder given by -o: solution-01.png ... (numbers
    /// zero-padded to the width of the count), or unique-01.png ... with --unique; captioned
    /// "Solution i of T" ("Fundamental solution i of T"). The folder is created when missing; a
    /// summary line is printed unless -q.
    #[arg(long)]
    all: bool,
    /// Draw all solutions on one contact sheet.
    ///
    /// Draw all solutions (or, with --unique, the fundamental ones) on one contact sheet, each board
    /// labelled with its number and notation, in the format its file name says ({STILL_FILES}). Boards use
    /// --cell; the sheet has no -o of its own.
    #[arg(long, value_name = "FILE", group = "sheets")]
    sheet: Option<PathBuf>,
    /// Boards per row on the sheet or the storyboard.
    ///
    /// Boards per row on the sheet or the storyboard [default: a near-square arrangement].
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    columns: Option<u32>,
    /// Which solution to show.
    ///
    /// Which solution to show (1-based, in lexicographic order), as text or a figure [default: 1 for a
    /// figure; all of them as text].
    #[arg(long, value_name = "I", value_parser = crate::cli::args::parse_solution)]
    solution: Option<u64>,
    /// Draw these queens instead of a solution.
    ///
    /// Draw these queens instead of a solution: the row (1 = bottom) of the queen in each column from
    /// a, one digit each (15863724; '.' or '-' for an empty column: 1.8.....; fewer columns leave the
    /// rest empty), or rows separated by spaces (needed when N > 9: "1 - 8 10"). Queens may attack
    /// each other; a complete solution is captioned with its number. Chess squares work too:
    /// "a1,b3,c5" (one queen per column).
    #[arg(long = "queens", value_name = "POS", allow_hyphen_values = true)]
    queens: Option<String>,
    /// How a queen is drawn.
    ///
    /// How a queen is drawn: crown (vector, from the Turbo C program) or glyph (the font's U+265B).
    #[arg(long, value_enum, default_value_t = PieceArg::Crown)]
    piece: PieceArg,
    /// Mark each attacked square with a dot.
    ///
    /// Mark each square attacked by the queens on the board with a dot (the search's GIF and steps,
    /// where the dots follow the queens step by step; or --queens, where each pair of queens that
    /// attack each other is also ringed and joined by a line).
    #[arg(long)]
    attacks: bool,
    /// Show which of the --queens attack each other.
    ///
    /// With --queens: ring each queen that attacks another and join each attacking pair, without
    /// marking the attacked squares (the board stays quiet; --attacks marks them as well).
    #[arg(long)]
    conflicts: bool,
    /// Draw the lines of attack of the queen on SQ.
    ///
    /// Draw the lines of attack of the queen on SQ (c5, or ROW,COL from the top left): along its
    /// row, column and diagonals, each to the last square before the edge or to the first queen in
    /// the way, which it attacks (ringed). With --queens, or on the search (--step, --frames,
    /// --storyboard, GIF), where the lines show while a queen stands on SQ; a square without a
    /// queen is refused.
    #[arg(long, value_name = "SQ", value_parser = parse_square_arg)]
    attacks_of: Option<SquareArg>,
    /// The search without highlights of the last move.
    ///
    /// The search (GIF, --step, --frames, --storyboard) without the highlight of the queen just
    /// placed and the ghost of the one just removed: each step changes one square of the board, as
    /// in the Turbo C program (the full search's GIF at --margin 0 is then about a third of the
    /// size; with the step caption, which changes at every step, about four fifths).
    #[arg(long)]
    no_emphasis: bool,
    /// GIF: stop the search after the I-th solution.
    ///
    /// GIF: stop the search after the I-th solution [default: the whole search].
    #[arg(long, value_name = "I", value_parser = crate::cli::args::parse_solution)]
    until_solution: Option<u64>,
    /// GIF: a slideshow of the solutions.
    #[arg(long)]
    solutions_only: bool,
    /// Check solutions or traces another program printed.
    ///
    /// Check lists of solutions or traces students' programs printed (FILE..., - for standard
    /// input; a class's folder as class/*.txt): solutions as --list prints them (15863724, spaced
    /// when N > 9), with a label (01: 1 5 8 6 3 7 2 4), with commas, as chess squares (a1 b5 ...),
    /// or boards drawn as grids of Q and . (or 1 and 0); or the search as --trace prints it. Titles
    /// and totals around the list are passed over. Each line must be a solution, none repeated,
    /// and none missing (unless --partial); every event of a trace must be legal in the
    /// column-by-column search. Mistakes as FILE:LINE:, a verdict per file. Exit status 0 right, 1
    /// wrong, 2 unreadable. With -o {STILL_FILES}, draws the board of the first wrong or repeated
    /// line, attacking queens joined, captioned with that line; with -o DIR/, one PNG per answer.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    check: Vec<PathBuf>,
    /// With --check: the list must hold every solution (the default).
    ///
    /// With --check: the list must hold every solution, and the missing ones are named (the
    /// default since --partial exists; kept for scripts that give it).
    #[arg(long)]
    complete: bool,
    /// With --check: the list may hold some of the solutions.
    ///
    /// With --check: the list may hold some of the solutions (each still valid, none twice); by
    /// default it must hold every one (up to 13 queens) and the missing ones are named.
    #[arg(long)]
    partial: bool,
    #[command(flatten)]
    check_args: CheckArgs,
    /// Where to write: a file, its extension naming the format.
    ///
    /// Output: {STILL_FILES} (a figure), {ANIMATION_FILES} (an animation), FILE.txt or - (text;
    /// with --format, that picture on standard output); with --all, the folder for the files
    /// [default: text on standard output].
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    annotate: AnnotateArgs,
    #[command(flatten)]
    anim: AnimArgs,
    #[command(flatten)]
    seq: SequenceArgs,
    #[command(flatten)]
    panel: crate::cli::args::PanelArgs,
}

/// A queens board's side, 1 to 32.
fn parse_queens_side(text: &str) -> std::result::Result<u32, String> {
    crate::cli::args::parse_side(text, 1, 32, false)
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PieceArg {
    Crown,
    Glyph,
}

/// The style of the look flags. A glyph queen is drawn from the bundled font whatever the text
/// font, so no font can lack it.
fn checked_style(a: &QueensArgs, _look: QueensStyle) -> Result<Style> {
    a.look.style()
}

/// Refuses option `id` (given) where this run does not take it: the options of a placement or of
/// the search alone (their scopes, in the definitions).
fn check_scope(a: &QueensArgs, id: &str) -> Result<()> {
    let placement = a.queens.is_some();
    let other_mode = a.solutions_only || a.all || a.sheet.is_some();
    options::check_scope("queens", id, placement, other_mode, || {
        use chessviz::files::Format;
        let format = target(a.output.as_deref(), a.seq.format)?.format();
        let shows_search = format == Format::Html || FormatArg::is_animation(format);
        Ok(a.seq.draws_steps() || shows_search)
    })
}

impl QueensArgs {
    /// Warns about colours of one's own that break a contrast rule of the themes (unless `-q`),
    /// and lets `--preset print` remove built-in captions (not a step's, which tells the step).
    pub fn prepare_look(&mut self, ctx: &Ctx) {
        self.look.turbo_c = true;
        // A TikZ picture to \input leaves the caption to its document.
        let tikz = is_tikz(self.output.as_deref(), self.seq.format);
        self.annotate.drop_caption = self.look.drops_caption(tikz) && !self.seq.draws_steps();
        let items = self.annotate.item_colours();
        self.look
            .warn_colours(ctx, &items, DrawnRoles::Queens, self.anim.quiet);
    }
}

impl QueensArgs {
    /// The `--check` run these arguments ask for, if any.
    pub fn check_job(&self, given: &options::Given) -> Result<Option<CheckJob<'_>>> {
        let n_given = given.has("n");
        Ok((!self.check.is_empty()).then(|| CheckJob {
            answer: Answer::Queens(QueensCheck {
                n: self.board.or(n_given.then_some(self.n)),
                partial: self.partial,
            }),
            files: &self.check,
            output: self.output.as_deref(),
            look: &self.look,
            annotate: &self.annotate,
            quiet: self.anim.quiet,
            report: self.check_args.report,
        }))
    }
}

pub fn run(ctx: &Ctx, mut a: QueensArgs) -> Result<()> {
    // `queens 8`: the side given after the command (the parser refused it beside a different -n).
    if let Some(n) = a.board.take() {
        a.n = n;
    }
    let look = queens_look(&a)?;
    // Arguments are checked before anything is enumerated or drawn.
    check_panel_and_scopes(&a)?;
    if let Some(text) = &a.queens {
        return placement(ctx, &a, text, look);
    }
    if a.attacks {
        check_scope(&a, "attacks")?;
    }
    if a.all || a.sheet.is_some() {
        return run_batch(ctx, &a, look);
    }
    let annotations = a.annotate.annotations(a.n, a.n, &a.look)?;
    a.seq.refuse_caption(a.annotate.caption.as_deref())?;
    if let Some(sq) = look.attacks_of {
        let shown = match (a.seq.step, &a.seq.storyboard) {
            (Some(s), _) => attacks_of::Shown::Step(s),
            (None, Some(steps)) => attacks_of::Shown::Steps(&steps.0),
            (None, None) => {
                attacks_of::Shown::Up(attacks_of::reach(a.anim.every, a.anim.max_frames))
            }
        };
        attacks_of::check_search(ctx, a.n, a.until_solution, sq, shown)?;
    }
    let outputs = describe(&a, look, &annotations);
    let problem = QueensProblem::new(a.n, movie(&a)).with_opening(!look.counter);
    let style = || checked_style(&a, look);
    let req = Request {
        seq: &a.seq,
        columns: a.columns,
        anim: &a.anim,
        look: &a.look,
        output: a.output.as_deref(),
        numbers_asked: false,
        style: &style,
    };
    run::run(ctx, &req, &problem, &outputs)
}

/// How the queens are drawn: the piece, the attacks, the square whose attackers are shown. The
/// Turbo C screen has the program's outline crown (unless --piece glyph), its counter, each step
/// one square.
fn queens_look(a: &QueensArgs) -> Result<QueensStyle> {
    let attacks_of = match &a.attacks_of {
        Some(sq) => Some(sq.resolve(&format!("--attacks-of {}", sq.text), a.n, a.n)?),
        None => None,
    };
    let turbo = a.look.preset() == Some(chessviz::Preset::TurboC);
    Ok(QueensStyle {
        piece: match a.piece {
            PieceArg::Crown if turbo => Piece::CrownOutline,
            PieceArg::Crown => Piece::Crown,
            PieceArg::Glyph => Piece::Glyph('\u{265B}'),
        },
        attacks: a.attacks,
        conflicts: a.conflicts,
        attacks_of,
        emphasis: !a.no_emphasis && !turbo,
        lang: a.look.lang(),
        counter: turbo,
    })
}

/// Refuses `--panel` beside an output of whole placements, and marks given where they draw nothing
/// (`--attacks` is checked after `--queens`, whose placement draws it).
fn check_panel_and_scopes(a: &QueensArgs) -> Result<()> {
    if !a.panel.panel.is_empty() {
        let whole = [
            (a.queens.is_some(), "--queens"),
            (a.all, "--all"),
            (a.sheet.is_some(), "--sheet"),
        ];
        if let Some((_, flag)) = whole.iter().find(|(given, _)| *given) {
            return Err(Error::usage(format!(
                "--panel shows the search at a step; {flag} draws whole placements"
            )));
        }
        a.panel.kinds("queens", false)?;
        a.panel.check_output(&a.seq, a.output.as_deref(), a.trace)?;
    }
    if a.no_emphasis {
        check_scope(a, "no_emphasis")?;
    }
    if a.attacks_of.is_some() {
        check_scope(a, "attacks_of")?;
    }
    if a.conflicts {
        check_scope(a, "conflicts")?;
    }
    Ok(())
}

/// `--all -o DIR` and/or `--sheet FILE`.
fn run_batch(ctx: &Ctx, a: &QueensArgs, look: QueensStyle) -> Result<()> {
    // Marks and a caption of one's own are refused with --all and --sheet by their definitions.
    if a.sheet.is_some() && a.look.background() == BackgroundArg::Transparent {
        return Err(Error::usage(
            "--background transparent applies to single figures and the files of --all, not to --sheet",
        ));
    }
    let style = || checked_style(a, look);
    let req = BatchRequest {
        n: a.n,
        unique: a.unique,
        all: a.all,
        output: a.output.as_deref(),
        sheet: a.sheet.as_deref(),
        fit: a.look.fit(),
        columns: a.columns,
        cell_given: a.look.cell.is_some(),
        format: a.seq.format,
        quiet: a.anim.quiet,
        look,
        style: &style,
    };
    batch::run(ctx, &req)
}

/// `--queens POS -o FILE.png|svg|pdf`: the placement on the n x n board, its attacking pairs marked.
fn placement(ctx: &Ctx, a: &QueensArgs, text: &str, look: QueensStyle) -> Result<()> {
    // The step options are refused with a placement by its definition: it is drawn whole.
    let style = checked_style(a, look)?;
    let target = target(a.output.as_deref(), a.seq.format)?;
    let started = Instant::now();
    let n = a.n;
    let rows = crate::cli::args::queens_from_squares(text)
        .transpose()
        .map_err(|e| Error::usage(format!("--queens: {e}")))?;
    let position = text::parse_queens_position(rows.as_deref().unwrap_or(text), n)
        .map_err(|e| Error::usage(format!("--queens: {e}")))?;
    if let Some(sq) = look.attacks_of {
        attacks_of::check_position(&position, sq)?;
    }
    let annotations = a.annotate.annotations(n, n, &a.look)?;
    let caption = a.annotate.caption_band(true);
    let style = a.look.fit_figure(style, n, n, caption)?;
    let Some((path, format)) = still_file(&target) else {
        return Err(Error::usage(
            "--queens draws a figure: give -o FILE.png, .svg or .pdf",
        ));
    };
    check_board(board(n), &style, caption, Picture::Still)?;
    let (mut scene, mut hints) = queens::position_scene(&position, look)?;
    annotations.apply(&mut scene, &mut hints)?;
    let job = StillJob {
        path: &path,
        format,
        style: &style,
        numbers_asked: false,
        started,
        quiet: a.anim.quiet,
    };
    still::write(ctx, &job, scene, hints)
}

fn board(n: u32) -> Board {
    Board {
        rows: n,
        cols: n,
        kind: BoardKind::Queens,
    }
}

/// The search up to solution `--until-solution`, or the slideshow of solutions (`--solutions-only`).
fn movie(a: &QueensArgs) -> QueensMovie {
    if a.solutions_only {
        QueensMovie::Solutions
    } else {
        QueensMovie::Search {
            until: a.until_solution,
        }
    }
}

/// What the command adds to the queens for every output.
fn describe<'a>(
    a: &'a QueensArgs,
    look: QueensStyle,
    annotations: &'a Annotations,
) -> Outputs<'a, Paneled<Annotated<QueensAdapter>, QueensPanel>> {
    let n = a.n;
    let movie = movie(a);
    let kinds = a.panel.kinds("queens", false).ok().flatten();
    let below = crate::cli::args::panel_below(&a.look);
    let panel = move || kinds.map(|k| QueensPanel::new(n, k, look.lang));
    Outputs {
        caption: true,
        figure: Box::new(move |ctx| figure(ctx, a, look, annotations)),
        text: Box::new(move |ctx, target| text_output(ctx, a, target)),
        // A counted slideshow (`--solutions-only --counter`) is captioned by its steps alone,
        // without annotations.
        adapter: Box::new(move |counted| {
            if counted && movie == QueensMovie::Solutions {
                let bare = Annotated::new(QueensAdapter::new(n, look), Annotations::new(n, n));
                return Ok(Paneled::new(bare, panel()).below(below));
            }
            let adapter = QueensAdapter::for_animation(n, look)?;
            let adapter = Annotated::new(adapter, annotations.clone());
            Ok(Paneled::new(adapter, panel()).below(below))
        }),
        // The frame limit counts the whole search, even one cut at a solution.
        counted_as: match movie {
            QueensMovie::Search { until: Some(_) } => Some(format!("the search for {n} queens")),
            _ => None,
        },
        check_count: Some(Box::new(move |count| {
            check_count(n, a.until_solution, movie, !look.counter, count)
        })),
    }
}

/// One solution (or fundamental solution) as a figure.
fn figure(
    ctx: &Ctx,
    a: &QueensArgs,
    look: QueensStyle,
    annotations: &Annotations,
) -> Result<Figure> {
    let index = a.solution.unwrap_or(1);
    let (mut scene, mut hints) = if a.unique {
        numbering::check_unique_index(a.n, index)?;
        let batch = QueensBatch::new(a.n, Selection::Unique)?;
        let entry = usize::try_from(index - 1)
            .ok()
            .and_then(|i| batch.entries().get(i))
            .ok_or_else(|| unique_out_of_range(index, a.n, batch.len() as u64))?;
        batch.scene(entry, look)?
    } else {
        let solution = nth_solution(ctx, a.n, index)?;
        let total = if a.n <= CAPTION_COUNT_MAX_N {
            Some(queens::count(a.n)?)
        } else {
            None
        };
        queens::scene_numbered(&solution, index, total, look)?
    };
    annotations.apply(&mut scene, &mut hints)?;
    Ok((scene, hints))
}
