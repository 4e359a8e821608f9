//! `chessviz knight`.

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use chessviz::internals::{check_figure_size, text, Format, Target};
use chessviz::knight::{self, KnightAdapter, KnightProblem, Method, MAX_SIDE};
use chessviz::{Annotated, Framing, Result};

use super::annotate::AnnotateArgs;
use super::args::{parse_square_arg, AnimArgs, LookArgs, SquareArg};
use super::limits::{self, Board, Job};
use super::positions::{self, KnightPieceArg, PathJob, PathSource, ShowArg};
use super::sequence::{self, Problem, Request};
use super::sequence_args::{ColumnsArgs, SequenceArgs};
use super::summary;

#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  chessviz knight --start 0,0                   8 x 8 tour, squares numbered 1..64 (text)
  chessviz knight --rows 5 --cols 6 --start 2,3
  chessviz knight -n 8 --closed                 a closed (re-entrant) tour
  chessviz knight --start 0,0 -o k.png          the numbered tour as a figure
  chessviz knight --start 0,0 -o k.gif          the search, step by step")]
#[command(mut_arg("delay", |a| a.default_value("150")), mut_arg("hold", |a| a.default_value("3000")))]
pub struct KnightArgs {
    /// Square board of N x N (1 to 10000) [default: 8].
    #[arg(short = 'n', long, value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    size: Option<u32>,
    /// Rows of a rectangular board (1 to 10000).
    #[arg(long, value_name = "R", requires = "cols", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    rows: Option<u32>,
    /// Columns of a rectangular board (1 to 10000).
    #[arg(long, value_name = "C", requires = "rows", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SIDE)))]
    cols: Option<u32>,
    /// Start square: ROW,COL (0-based, row 0 at the top) or chess notation (c5).
    #[arg(long, value_name = "SQ", default_value = "0,0", value_parser = parse_square_arg)]
    start: SquareArg,
    /// Ask for a closed tour: the last square is a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// How the tour is found: warnsdorff (the textbook's search), construct (joined from small
    /// tours), auto (the search where it finishes quickly, else the construction). Default auto, or
    /// warnsdorff with --max-retreats.
    #[arg(long, value_name = "METHOD")]
    method: Option<MethodArg>,
    /// Give up after this many retreats (backtracking steps) with an error instead of searching on
    /// (Warnsdorff's search only).
    #[arg(long, value_name = "N")]
    max_retreats: Option<u64>,
    /// Print the search's event stream (move, retreat), one event per line,
    /// numbered from 1 (the step numbers of --step).
    #[arg(long)]
    trace: bool,
    /// Draw this path instead of searching: squares in order, as ROW,COL or in chess notation,
    /// separated by spaces ("0,0 1,2 2,4" or "a8 b6 c4"); a tour or a part of one. The board is
    /// 8 x 8 unless -n or --rows/--cols say otherwise.
    #[arg(long, value_name = "SQUARES", allow_hyphen_values = true,
          conflicts_with_all = ["path_file", "start", "closed", "method", "max_retreats", "trace"])]
    path: Option<String>,
    /// Draw the path in FILE (- for standard input): a list of squares as --path takes them, or a
    /// numbered matrix as this command prints it ('.' or 0 for squares not visited); the board is the
    /// matrix's.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["start", "closed", "method", "max_retreats", "trace"])]
    path_file: Option<PathBuf>,
    /// What the figure shows: both (numbers on the path), path (dots joined by lines, no numbers) or
    /// numbers (the numbered matrix without the path). A closed tour also draws its closing move.
    #[arg(long, value_enum, default_value_t = ShowArg::Both)]
    show: ShowArg,
    /// The piece on the last square: glyph (the font's knight) or none.
    #[arg(long, value_enum, default_value_t = KnightPieceArg::Glyph)]
    piece: KnightPieceArg,
    /// Output: FILE.png (figure), FILE.gif (animation), FILE.txt or - (text, the default; with
    /// --format, that picture on standard output).
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
}

/// The values of `--method`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MethodArg {
    Warnsdorff,
    Construct,
    Auto,
}

/// The method asked for; a retreat budget only makes sense for the search, so it asks for it.
fn method(a: &KnightArgs) -> Result<Method> {
    match (a.method, a.max_retreats) {
        (Some(MethodArg::Warnsdorff), _) | (None, Some(_)) => Ok(Method::Warnsdorff),
        (Some(other), Some(_)) => Err(chessviz::Error::invalid(format!(
            "--max-retreats limits Warnsdorff's search; it does not apply to --method {}",
            if other == MethodArg::Construct {
                "construct"
            } else {
                "auto"
            }
        ))),
        (Some(MethodArg::Construct), None) => Ok(Method::Construct),
        (Some(MethodArg::Auto) | None, None) => Ok(Method::Auto),
    }
}

pub fn run(a: KnightArgs) -> Result<()> {
    let look = positions::knight_style(a.show, a.piece);
    let source = match (&a.path, &a.path_file) {
        (Some(text), _) => Some(PathSource::Text(text)),
        (None, Some(file)) => Some(PathSource::File(file)),
        (None, None) => None,
    };
    if let Some(source) = source {
        a.seq.refuse_caption(a.annotate.caption.as_deref())?;
        let board = a.size.map(|n| (n, n)).or(a.rows.zip(a.cols));
        return positions::run_knight_path(&PathJob {
            source,
            board,
            look,
            target: sequence::target(a.output.as_deref(), a.seq.format)?,
            anim: &a.anim,
            look_args: &a.look,
            annotate: &a.annotate,
            seq: &a.seq,
            columns: a.columns.columns,
            output: a.output.as_deref(),
        });
    }
    let target = sequence::target(a.output.as_deref(), a.seq.format)?;
    let started = Instant::now();
    let quiet = a.anim.quiet;
    let (rows, cols) = match (a.size, a.rows, a.cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => (8, 8),
    };
    let start = a.start.resolve_for_problem("--start", rows, cols)?;
    let annotations = a.annotate.annotations(rows, cols, &a.look)?;
    let caption = a.annotate.caption_band(false);
    let mut problem = KnightProblem::new(rows, cols, start)?
        .closed(a.closed)
        .method(method(&a)?);
    if let Some(budget) = a.max_retreats {
        problem = problem.max_retreats(budget);
    }
    a.seq.refuse_caption(a.annotate.caption.as_deref())?;
    let search = || Problem {
        adapter: Annotated::new(
            KnightAdapter::with_style(rows, cols, look),
            annotations.clone(),
        ),
        events: Box::new(|| Ok(Box::new(problem.trace()?))),
        what: format!("the search on a {rows} x {cols} board"),
        rows,
        cols,
        board: Board::Tour,
        delay_ms: knight::DEFAULT_DELAY_MS,
        hold_ms: knight::DEFAULT_HOLD_MS,
        // As the animation: it opens on the knight's first square and holds the finished tour.
        framing: Framing {
            opening: false,
            final_hold: true,
        },
    };
    if a.seq.draws_steps() {
        let req = Request {
            seq: &a.seq,
            columns: a.columns.columns,
            anim: &a.anim,
            output: a.output.as_deref(),
            numbers_asked: false,
        };
        return sequence::run(&req, &a.look.style()?, search());
    }
    match (&target, a.trace) {
        (Target::File(path, format @ (Format::Png | Format::Svg | Format::Pdf)), _) => {
            let style = a.look.style()?;
            // Refuse an oversized figure before a search that may take minutes on a huge board.
            check_figure_size(rows, cols, &style, caption)?;
            limits::check_memory(rows, cols, &style, caption, Job::NumberedStill, Board::Tour)?;
            let tour = problem.solve()?;
            let (mut scene, mut hints) = positions::tour_scene(&tour, look)?;
            annotations.apply(&mut scene, &mut hints)?;
            let job = super::still::StillJob {
                path,
                format: *format,
                style: &style,
                numbers_asked: false,
                started,
                quiet,
            };
            super::still::write(&job, scene, hints)
        }
        (Target::File(path, Format::Gif), _) => {
            a.look.check_gif()?;
            let style = a.look.style()?;
            chessviz::internals::check_animation_size(rows, cols, &style, caption)?;
            limits::check_memory(rows, cols, &style, caption, Job::Animation, Board::Tour)?;
            let what = format!("the search on a {rows} x {cols} board");
            let (every, max) = (a.anim.every, a.anim.max_frames);
            // Every square but the first takes a move: a lower bound known before the search.
            let at_least = u64::from(rows) * u64::from(cols) - 1;
            let fewest = limits::kept_frames(at_least, 0, every, max);
            limits::check_frames(&what, fewest, at_least, true)?;
            // The exact count, from the trace without drawing (a fraction of the drawing's time).
            let bound = limits::counting_bound(every, max);
            let mut steps = 0u64;
            for event in problem.trace()? {
                event?;
                steps += 1;
                if steps > bound {
                    break;
                }
            }
            let frames = limits::kept_frames(steps, 0, every, max);
            limits::check_frames(&what, frames, steps, steps <= bound)?;
            a.anim.warn_short_delay();
            let pacing = a
                .anim
                .pacing(knight::DEFAULT_DELAY_MS, knight::DEFAULT_HOLD_MS);
            let stats = super::write_animation(path, quiet, Some(frames), |w, progress| {
                if a.seq.counter {
                    return sequence::animate_counted(w, search(), &style, pacing, progress);
                }
                let mut adapter = Annotated::new(
                    knight::KnightAdapter::with_style(rows, cols, look),
                    annotations.clone(),
                );
                knight::animate_with(w, &mut adapter, &problem, &style, pacing, progress)
            })?;
            summary::wrote(path, &format!("{} frames", stats.frames), started, quiet)?;
            Ok(())
        }
        (_, true) => {
            super::emit_lines(
                &target,
                (1..)
                    .zip(problem.trace()?)
                    .map(|(i, e)| e.map(|e| text::numbered(i, &text::knight_event_line(&e)))),
            )?;
            summary::wrote_text(&target, started, quiet)
        }
        _ => {
            let tour = problem.solve()?;
            super::emit_text(&target, |w| text::write_knight_matrix(w, &tour))?;
            summary::wrote_text(&target, started, quiet)
        }
    }
}
