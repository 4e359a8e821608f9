//! `chessviz knight`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use chessviz::check::KnightCheck;
use chessviz::files::Target;
use chessviz::knight::{self, KnightAdapter, KnightProblem, KnightShow, KnightStyle, KnightTour};
use chessviz::knight::{KnightExplainAdapter, KnightExplained, Method, KNIGHT, MAX_SIDE};
use chessviz::knight::{KnightPanel, KnightStep};
use chessviz::panel::{Carries, PanelSource, Paneled};
use chessviz::text;
use chessviz::Result;
use chessviz::{scene_after, Adapter, Annotated, Annotations};

use crate::cli::args::{parse_square_arg, AnimArgs, AnnotateArgs, LookArgs, SquareArg};
use crate::cli::args::{ColumnsArgs, DrawnRoles, SequenceArgs};
use crate::cli::commands::check::options::CheckArgs;
use crate::cli::commands::check::{Answer, CheckJob};
use crate::cli::formats::FormatArg;
use crate::cli::options::Given;
use crate::cli::run::context::Ctx;
use crate::cli::run::problem::{Figure, Outputs};
use crate::cli::run::target::{is_tikz, target};
use crate::cli::run::text::{emit_lines, emit_text};
use crate::cli::run::{self, Request};

mod compare;
mod explain;
mod path;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz knight --start 0,0                   8 x 8 tour, squares numbered 1..64 (text)
  chessviz knight --rows 5 --cols 6 --start 2,3
  chessviz knight -n 8 --closed                 a closed (re-entrant) tour
  chessviz knight --start 0,0 -o k.png          the numbered tour as a figure
  chessviz knight --start 0,0 -o k.gif          the search, step by step
  chessviz knight -n 6 --explain -o k.gif       each move's candidates and their onward moves
  chessviz knight --show degrees -o d.png       the onward moves of every square of the empty board
  chessviz knight -n 5 --method backtrack -o b.gif   plain backtracking, retreats and all
  chessviz knight -n 6 --compare warnsdorff,backtrack -o c.gif   the two side by side")]
#[command(mut_arg("delay", |a| a.default_value(knight::DEFAULT_DELAY_MS.to_string())), mut_arg("hold", |a| a.default_value(knight::DEFAULT_HOLD_MS.to_string())))]
pub struct KnightArgs {
    /// Square board of N x N.
    ///
    /// Square board of N x N (1 to 10000) [default: 8].
    #[arg(short = 'n', long, alias = "n", value_name = "N", value_parser = parse_knight_side)]
    size: Option<u32>,
    /// The board side.
    ///
    /// The board side, as -n N gives it: `chessviz knight 8` is `chessviz knight -n 8` [default:
    /// -n].
    #[arg(value_name = "N", value_parser = parse_knight_side)]
    board: Option<u32>,
    /// Rows of a rectangular board.
    ///
    /// Rows of a rectangular board (1 to 10000; with --cols) [default: a square board, -n].
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    rows: Option<u32>,
    /// Columns of a rectangular board.
    ///
    /// Columns of a rectangular board (1 to 10000; with --rows) [default: a square board, -n].
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    cols: Option<u32>,
    /// Start square.
    ///
    /// Start square: ROW,COL (0-based, row 0 at the top) or chess notation (c5).
    #[arg(long, value_name = "SQ", default_value = "0,0", value_parser = parse_square_arg)]
    start: SquareArg,
    /// Ask for a closed tour.
    ///
    /// Ask for a closed tour: the last square is a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// Search method.
    ///
    /// How the tour is found: warnsdorff (the textbook's search), construct (joined from small
    /// tours), auto (the search where it finishes quickly, else the construction), backtrack (plain
    /// backtracking in the textbook's move order, no heuristic: slow beyond 6 x 6) [default: auto, or
    /// warnsdorff with --max-retreats].
    #[arg(long, value_name = "METHOD")]
    method: Option<MethodArg>,
    /// Give up after this many retreats.
    ///
    /// Give up after this many retreats (backtracking steps) with an error instead of searching on
    /// (Warnsdorff's search only) [default: no limit].
    #[arg(long, value_name = "N")]
    max_retreats: Option<u64>,
    /// Two methods side by side.
    ///
    /// Two methods side by side, step by step: A,B as --method names them (for example
    /// warnsdorff,backtrack). Each board is titled with its method, its moves and retreats and
    /// whether it finished or gave up; step i shows each search after i of its steps (or all of
    /// them), and the pair ends when both have ended or at --max-frames. Every figure, animation,
    /// --step, --frames, storyboard and web page draws the pair; as text, a line per method
    /// [default: one method, --method].
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    compare: Option<Vec<MethodArg>>,
    /// Print the search's event stream.
    ///
    /// Print the search's event stream (move, retreat), one event per line,
    /// numbered from 1 (the step numbers of --step).
    #[arg(long)]
    trace: bool,
    /// Show why each move was made.
    ///
    /// Show why each move was made: the free squares the knight can reach next with their onward
    /// moves (badges; the one taken filled) and the reason as the caption (GIF, --step, --frames,
    /// --storyboard); with --trace, each move line lists its candidates. The picture of step K
    /// shows the choice that line K+1 of the trace lists.
    #[arg(long)]
    explain: bool,
    /// Milliseconds a retreat is shown in a GIF.
    ///
    /// Milliseconds a retreat is shown in a GIF [default: three times --delay, 450 at the default
    /// --delay].
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(0..=600_000))]
    retreat_delay: Option<u32>,
    /// Draw this path instead of searching.
    ///
    /// Draw this path instead of searching: squares in order, as ROW,COL or in chess notation,
    /// separated by spaces ("0,0 1,2 2,4" or "a8 b6 c4"); a tour or a part of one. The board is
    /// 8 x 8 unless -n or --rows/--cols say otherwise.
    #[arg(long, value_name = "SQUARES", allow_hyphen_values = true)]
    path: Option<String>,
    /// Draw the path in FILE.
    ///
    /// Draw the path in FILE (- for standard input): a list of squares as --path takes them, or a
    /// numbered matrix as this command prints it ('.' or 0 for squares not visited); the board is the
    /// matrix's.
    #[arg(long, value_name = "FILE")]
    path_file: Option<PathBuf>,
    /// Check knight's tours another program printed.
    ///
    /// Check knight's tours students' programs printed (FILE..., - for standard input; a class's
    /// folder as class/*.txt): a numbered matrix separated by spaces or printed at a fixed width
    /// with no separator (%2d, even where numbers overflow it), or a list of squares (0,0 1,2,
    /// (0,0)->(1,2), 第1步: (0,0), one 'r c' a line, a8 b6 ...; on 8 x 8 unless -n or
    /// --rows/--cols say otherwise); prompts and text around it passed over. Every square visited
    /// once, every step a knight's move, with --closed the tour closed, and -n/--rows/--cols and
    /// --start given checked against the answer. Mistakes as FILE:LINE:COLUMN:, a verdict per file.
    /// Exit status 0 right, 1 wrong, 2 unreadable. With -o {STILL_FILES}, draws the tour with the
    /// numbers as printed, each bad step boxed and each square missed or visited twice ringed,
    /// captioned with the first mistake; with -o DIR/, one PNG per answer.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    check: Vec<PathBuf>,
    #[command(flatten)]
    check_args: CheckArgs,
    /// Contents.
    ///
    /// What the figure shows: both (numbers on the path), path (dots joined by lines, no numbers),
    /// numbers (the numbered matrix without the path) or degrees (the knight moves from every square
    /// of the empty board, as a figure or, as text, a matrix). A closed tour also draws its closing
    /// move.
    #[arg(long, value_enum, default_value_t = ShowArg::Both)]
    show: ShowArg,
    /// The piece on the last square.
    ///
    /// The piece on the last square: glyph (the font's knight) or none.
    #[arg(long, value_enum, default_value_t = KnightPieceArg::Glyph)]
    piece: KnightPieceArg,
    /// How the path is coloured.
    ///
    /// How the path is coloured: theme (the theme's path colour) or step (by step number, from dark
    /// to light along the tour, or light to dark on the slate theme's dark squares, with a legend
    /// under the board; survives greyscale printing). Best on big boards, with --squares plain.
    #[arg(long, value_enum, value_name = "BY", default_value_t = PathColourArg::Theme)]
    path_colour: PathColourArg,
    /// Where to write: a file, its extension naming the format.
    ///
    /// Output: {STILL_FILES} (a figure), {ANIMATION_FILES} (an animation), FILE.txt or - (text;
    /// with --format, that picture on standard output) [default: text on standard output].
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
    columns: ColumnsArgs,
    #[command(flatten)]
    panel: crate::cli::args::PanelArgs,
}

/// The values of `--method`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MethodArg {
    Warnsdorff,
    Construct,
    Auto,
    Backtrack,
}

/// The method asked for; a retreat budget only makes sense for the search, so it asks for it.
fn method(a: &KnightArgs) -> Result<Method> {
    match (a.method, a.max_retreats) {
        (Some(MethodArg::Warnsdorff), _) | (None, Some(_)) => Ok(Method::Warnsdorff),
        (Some(other), Some(_)) => Err(chessviz::Error::usage(format!(
            "--max-retreats limits Warnsdorff's search; it does not apply to --method {}",
            match other {
                MethodArg::Construct => "construct",
                MethodArg::Backtrack => "backtrack",
                _ => "auto",
            }
        ))),
        (Some(MethodArg::Construct), None) => Ok(Method::Construct),
        (Some(MethodArg::Backtrack), None) => Ok(Method::Backtrack),
        (Some(MethodArg::Auto) | None, None) => Ok(Method::Auto),
    }
}

/// The values of `knight --show` (their help is the option's: variant docs would switch clap to
/// the long help layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ShowArg {
    Both,
    Path,
    Numbers,
    Degrees,
}

/// The values of `knight --path-colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PathColourArg {
    Theme,
    Step,
}

/// The values of `knight --piece`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum KnightPieceArg {
    Glyph,
    None,
}

/// The knight figure's look from `--show` and `--piece`.
fn knight_style(a: &KnightArgs) -> KnightStyle {
    KnightStyle {
        show: match a.show {
            // The degree figure draws no path (see `explain::degrees`).
            ShowArg::Both | ShowArg::Degrees => KnightShow::Both,
            ShowArg::Path => KnightShow::Path,
            ShowArg::Numbers => KnightShow::Numbers,
        },
        piece: match a.piece {
            KnightPieceArg::Glyph => Some(KNIGHT),
            KnightPieceArg::None => None,
        },
        lang: a.look.lang(),
    }
}

/// A found tour as a scene drawn as `look` says, with its render hints.
fn tour_scene(tour: &KnightTour, look: KnightStyle) -> Result<Figure> {
    let mut adapter = KnightAdapter::with_style(tour.rows(), tour.cols(), look);
    let (scene, _) = scene_after(&mut adapter, KnightAdapter::moves(tour), None)?;
    Ok((scene, adapter.hints()))
}

/// What the command line asks of the run.
fn request<'a>(a: &'a KnightArgs, style: &'a dyn Fn() -> Result<chessviz::Style>) -> Request<'a> {
    Request {
        seq: &a.seq,
        columns: a.columns.columns,
        anim: &a.anim,
        look: &a.look,
        output: a.output.as_deref(),
        // A figure of numbers alone that can show none is refused with the cell that shows them.
        numbers_asked: a.show == ShowArg::Numbers,
        style,
    }
}

impl KnightArgs {
    /// Warns about colours of one's own that break a contrast rule of the themes (unless `-q`),
    /// and lets `--preset print` remove built-in captions (not a step's, which tells the step).
    pub fn prepare_look(&mut self, ctx: &Ctx) {
        // A TikZ picture to \input leaves the caption to its document.
        let tikz = is_tikz(self.output.as_deref(), self.seq.format);
        self.annotate.drop_caption = self.look.drops_caption(tikz) && !self.seq.draws_steps();
        let items = self.annotate.item_colours();
        self.look
            .warn_colours(ctx, &items, DrawnRoles::Tour, self.anim.quiet);
        if matches!(self.start.spec, chessviz::text::SquareSpec::Chess { .. }) {
            self.annotate.chess_by_default();
        }
        self.look.path_colour = match self.path_colour {
            PathColourArg::Theme => chessviz::PathColour::Theme,
            PathColourArg::Step => chessviz::PathColour::Step,
        };
    }

    /// Refuses `--path-colour step` for a figure that draws no path.
    fn check_path_colour(&self) -> Result<()> {
        let without = match self.show {
            _ if self.path_colour == PathColourArg::Theme => return Ok(()),
            ShowArg::Numbers => "--show numbers",
            ShowArg::Degrees => "--show degrees",
            ShowArg::Both | ShowArg::Path => return Ok(()),
        };
        Err(chessviz::Error::usage(format!(
            "--path-colour step colours the path, and {without} draws none: drop one of them"
        )))
    }
}

/// A knight's board side, 1 to [`MAX_SIDE`]; `5x6` is told `--rows 5 --cols 6`.
fn parse_knight_side(text: &str) -> std::result::Result<u32, String> {
    crate::cli::args::parse_side(text, 1, MAX_SIDE, true)
}

impl KnightArgs {
    /// The `--check` run these arguments ask for, if any.
    pub fn check_job(&self, given: &Given) -> Result<Option<CheckJob<'_>>> {
        if self.check.is_empty() {
            return Ok(None);
        }
        let board = self
            .size
            .or(self.board)
            .map(|n| (n, n))
            .or(self.rows.zip(self.cols));
        let start = match given.has("start") {
            true => {
                let (r, c) = board.unwrap_or((8, 8));
                Some(self.start.resolve("--start", r, c)?)
            }
            false => None,
        };
        Ok(Some(CheckJob {
            answer: Answer::Knight(KnightCheck {
                board,
                start,
                closed: self.closed,
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

pub fn run(ctx: &Ctx, mut a: KnightArgs) -> Result<()> {
    // `knight 8`: the side given after the command (the parser refused it beside a different -n).
    if let Some(n) = a.board.take() {
        a.size = Some(n);
    }
    let look = knight_style(&a);
    explain::check_show(&a)?;
    a.check_path_colour()?;
    if let Some(methods) = a.compare.clone() {
        return compare::run(ctx, &a, &methods, look);
    }
    if !a.panel.panel.is_empty() {
        if a.path.is_some() || a.path_file.is_some() || a.show == ShowArg::Degrees {
            return Err(chessviz::Error::usage(
                "--panel shows the search at a step; a given path (--path) or --show degrees has no search to show",
            ));
        }
        a.panel.kinds("knight", false)?;
        a.panel.check_output(&a.seq, a.output.as_deref(), a.trace)?;
    }
    if a.path.is_some() || a.path_file.is_some() {
        a.seq.refuse_caption(a.annotate.caption.as_deref())?;
        a.annotate.refuse_removing_no_caption()?;
        return path::run(ctx, &a, look);
    }
    // Checked before a search that may take minutes on a huge board.
    let gif = target(a.output.as_deref(), a.seq.format)?;
    let (rows, cols) = match (a.size, a.rows, a.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => (8, 8),
    };
    let start = a.start.resolve_for_problem("--start", rows, cols)?;
    let annotations = a.annotate.annotations(rows, cols, &a.look)?;
    let mut search = KnightProblem::new(rows, cols, start)?
        .closed(a.closed)
        .method(method(&a)?);
    if let Some(budget) = a.max_retreats {
        search = search.max_retreats(budget);
    }
    a.seq.refuse_caption(a.annotate.caption.as_deref())?;
    // A figure of the tour has no caption of its own; the search's GIF ends on "tour complete".
    if !FormatArg::is_animation(gif.format()) {
        a.annotate.refuse_removing_no_caption()?;
    }
    let style = || a.look.style();
    if a.show == ShowArg::Degrees {
        let outputs = explain::degrees(&a, &search, &annotations)?;
        return run::run(ctx, &request(&a, &style), &search, &outputs);
    }
    explain::check(&a, &search)?;
    // The same look either way; --explain adds the badges and captions of each choice.
    let narrated =
        KnightAdapter::with_style(rows, cols, look).narrated(explain::retreat_ms(&a), a.closed);
    // Captions are wrapped to the board the run draws: fitted as the run fits it.
    let drawn = a.look.fit_figure(a.look.style()?, rows, cols, a.explain)?;
    let adapter = if a.explain {
        KnightExplainAdapter::new(narrated, &drawn)
    } else {
        KnightExplainAdapter::plain(narrated, &drawn)
    };
    let outputs = describe(&a, &search, look, &annotations, adapter);
    run::run(
        ctx,
        &request(&a, &style),
        &KnightExplained(&search),
        &outputs,
    )
}

/// What the command adds to the knight's search for every output: its states drawn by `adapter`.
fn describe<'a, A>(
    a: &'a KnightArgs,
    search: &'a KnightProblem,
    look: KnightStyle,
    annotations: &'a Annotations,
    adapter: A,
) -> Outputs<'a, Paneled<Annotated<A>, KnightPanel>>
where
    A: Adapter + Clone + 'a,
    KnightStep: Carries<A::Event>,
{
    let (rows, cols) = (search.rows(), search.cols());
    let kinds = a.panel.kinds("knight", false).ok().flatten();
    let lang = a.look.lang();
    let below = crate::cli::args::panel_below(&a.look);
    let in_order = search.chosen_method() == Method::Backtrack;
    Outputs {
        caption: a.annotate.caption_band(false),
        figure: Box::new(move |_: &Ctx| {
            let (mut scene, mut hints) = tour_scene(&search.solve()?, look)?;
            annotations.apply(&mut scene, &mut hints)?;
            Ok((scene, hints))
        }),
        text: Box::new(move |ctx, target| text_output(ctx, target, search, a)),
        adapter: Box::new(move |_| {
            let panel =
                kinds.map(|k| KnightPanel::new(rows, cols, k, lang).in_move_order(in_order));
            let adapter = Annotated::new(adapter.clone(), annotations.clone());
            Ok(Paneled::new(adapter, panel).below(below))
        }),
        counted_as: None,
        check_count: None,
    }
}

/// The trace (with each move's candidates under --explain), or the tour's step-number matrix.
fn text_output(ctx: &Ctx, target: &Target, search: &KnightProblem, a: &KnightArgs) -> Result<()> {
    if a.trace && a.explain {
        let lines = (1..).zip(search.trace()?.with_choices()).map(|(i, e)| {
            e.map(|e| text::numbered(i, &text::knight_explained_line(&e.event, e.choice.as_ref())))
        });
        return emit_lines(ctx, target, lines);
    }
    if a.trace {
        if let Some(kinds) = a.panel.kinds("knight", false)? {
            // The panel follows the explained steps (each move's candidates tell how many of
            // the square's moves were tried); their events are the trace's.
            let (counts, stack) = a.panel.in_trace(Some(kinds));
            let (rows, cols) = (search.rows(), search.cols());
            let mut source = KnightPanel::new(rows, cols, kinds, chessviz::text::Lang::En);
            let steps = knight::explain_steps(search.trace()?.with_choices());
            let lines = (1..).zip(steps).map(move |(i, step)| {
                step.map(|step| {
                    source.observe(&step);
                    let line = text::numbered(i, &text::knight_event_line(&step.event));
                    let c = counts.then(|| source.counts_text());
                    let s = stack.then(|| source.stack_text());
                    crate::cli::args::trace_line(line, c, s)
                })
            });
            return emit_lines(ctx, target, lines);
        }
        let lines = (1..)
            .zip(search.trace()?)
            .map(|(i, e)| e.map(|e| text::numbered(i, &text::knight_event_line(&e))));
        return emit_lines(ctx, target, lines);
    }
    let tour = search.solve()?;
    emit_text(ctx, target, |w| text::write_knight_matrix(w, &tour))
}
