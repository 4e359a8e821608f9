//! `-o FILE.html`: a web page that plays every step of the problem's search, the steps of
//! `--frames` (the same `--every`, `--max-frames`, `--counter` and captions), its limits checked
//! before the first picture.

use std::path::Path;
use std::time::Instant;

use chessviz::files::write_atomic_with;
use chessviz::limits::{PLAYER_CELL_LIMIT, PLAYER_FRAME_LIMIT, PLAYER_WORK_LIMIT};
use chessviz::SequencePacing;
use chessviz::{player_figure_box, write_player, Adapter, Error, Problem, Result, StepCaptions};

use super::context::Ctx;
use super::frames::check_numbers_legible;
use super::limits::{self, STEP_BUDGET};
use super::problem::{Board, Outputs, Stream};
use super::step_counts::{check_size, count_events, count_up_to};
use super::Request;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// Writes the problem's steps as a web page to `path`.
pub fn player<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    path: &Path,
    started: Instant,
) -> Result<()> {
    let board = Board::of(problem);
    // The page's figure is the captioned step of `--step`; with a box asked for (--fit, --width,
    // --height, a preset's), the whole page fits it: the figure with the controls below it.
    let style = (req.style)()?;
    let window = req.look.fit();
    let fit = window.map(|w| player_figure_box(w, style.margin_px() == 0));
    let style = match fit {
        Some(fit) => style.fit(fit, board.rows, board.cols, true)?,
        None => style,
    };
    let style = super::fit_panel::fit_scene_with_panel(fit, style, (outputs.adapter)(false)?)?;
    let cells = u64::from(board.rows) * u64::from(board.cols);
    if cells > PLAYER_CELL_LIMIT {
        return Err(Error::TooLarge(format!(
            "a web page plays boards of at most {PLAYER_CELL_LIMIT} squares, not {} x {}; draw it as a GIF (-o FILE.gif) or as pictures (--frames DIR)",
            board.rows, board.cols
        )));
    }
    check_size(board, &style)?;
    let stream = super::step_stream(req, problem, outputs)?;
    let pictures = count_pictures(ctx, req, &stream, cells)?;
    if req.numbers_asked {
        check_numbers_legible(stream.adapter.hints(), &style)?;
    }
    let total = if req.seq.counter {
        Some(count_events(ctx, &stream)?)
    } else {
        None
    };
    let timing = stream.problem.timing();
    let pacing = SequencePacing {
        pacing: req.anim.pacing(timing.delay_ms, timing.hold_ms),
        framing: timing.framing,
    };
    let title = format!("chessviz: {}", stream.problem.name());
    let mut progress = FrameProgress::new(&ctx.cancel, req.anim.quiet, Some(pictures));
    let events = stream.problem.events()?;
    let mut adapter = StepCaptions::new(stream.adapter, &style, total);
    let stats = write_atomic_with(path, &ctx.cancel, |w| {
        write_player(
            &mut adapter,
            events,
            &style,
            pacing,
            &mut progress,
            &title,
            w,
        )
    })?;
    summary::wrote(
        ctx,
        path,
        &format!("{} pictures", stats.pictures),
        started,
        req.anim.quiet,
    )
}

/// The pictures the page will hold, counted before the first is drawn; refuses more than
/// [`PLAYER_FRAME_LIMIT`], or more than [`PLAYER_WORK_LIMIT`] squares drawn in all on a board of
/// `cells` squares, with the `--every` that brings the search under them.
fn count_pictures<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    stream: &Stream<'_, A>,
    cells: u64,
) -> Result<u64> {
    let (every, max) = (req.anim.every.max(1), req.anim.max_frames);
    let most = PLAYER_FRAME_LIMIT
        .min(PLAYER_WORK_LIMIT / cells.max(1))
        .max(1);
    let frames = max.unwrap_or(most).min(most) + 1;
    let bound = frames.saturating_mul(u64::from(every)).min(STEP_BUDGET + 1);
    let steps = count_up_to(ctx, stream, bound)?;
    // The start and the last step are always kept.
    let pictures = limits::kept_frames(steps + 1, 2, every, max);
    if pictures <= most {
        return Ok(pictures);
    }
    // Counting the trace alone is quick: count on, to name the --every that fits.
    let further = bound.saturating_mul(1000).min(STEP_BUDGET + 1);
    let total = if steps < bound {
        steps
    } else {
        count_up_to(ctx, stream, further)?
    };
    let hint = if total < further {
        let k = total.div_ceil(most.saturating_sub(1).max(1)).max(2);
        format!("keep one step in {k} with --every {k}")
    } else {
        "keep one step in K with --every K".to_string()
    };
    Err(Error::TooLarge(format!(
        "{} has too many steps for a web page, which plays at most {most} pictures of this board ({PLAYER_FRAME_LIMIT} in all, and {PLAYER_WORK_LIMIT} squares drawn in all): {hint}, or stop early with --max-frames {most}",
        stream.problem.name()
    )))
}
