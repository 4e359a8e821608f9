//! `-o FILE.gif`, `.apng`, `.webp`, `.mp4`: an animation of any problem's movie, its size, memory and frames
//! checked before the first frame.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use chessviz::files::{write_atomic_with, FormatRow};
use chessviz::limits::{check_video_size, figure_size};
use chessviz::walks::write_foreseen_animation;
use chessviz::{Adapter, AnimationFormat, AnimationStats, Problem, Progress, Result, StepCaptions};

use super::animation_ahead::walk_ahead;
use super::context::Ctx;
use super::limits::{self, check_board, Picture};
use super::problem::{Board, Outputs};
use super::Request;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// Writes the problem's animation to `path` in `format`.
#[allow(clippy::too_many_arguments)]
pub fn animation<A: Adapter + Clone>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
    path: &Path,
    format: AnimationFormat,
    started: Instant,
) -> Result<()> {
    let board = Board::of(problem);
    let (rows, cols) = (board.rows, board.cols);
    let (style, caption) = checked_style(req, outputs, format, board)?;
    let pacing = req
        .anim
        .pacing(problem.timing().delay_ms, problem.timing().hold_ms);
    let ahead = walk_ahead(ctx, req, problem, outputs, format, &style, pacing)?;
    let (width, height) = figure_size(rows, cols, &style, caption)?;
    super::animation_work::check_work(format, ahead.frames, width, height)?;
    let quiet = req.anim.quiet;
    // The one walk that draws: the frames, and the captions beside them as a second sink. The
    // animation is in place before the captions are (a failure of the captions leaves it).
    let draw = |w: &mut io::BufWriter<&mut File>,
                captions: Option<&mut dyn Write>,
                progress: &mut dyn Progress| {
        let adapter = StepCaptions::new((outputs.adapter)(req.seq.counter)?, &style, ahead.total);
        let framing = problem.timing().framing;
        write_foreseen_animation(
            format,
            w,
            adapter,
            problem.events()?,
            framing,
            &style,
            pacing,
            ahead.foreseen.as_ref(),
            captions,
            progress,
        )
    };
    let frames = Some(ahead.frames);
    let wrote = |stats: &AnimationStats| {
        super::frames::note_words_dropped(ctx, quiet, stats.words_dropped.as_deref());
        summary::wrote(
            ctx,
            path,
            &format!(
                "{}, {}",
                summary::count(stats.frames as u64, "frame"),
                summary::pixels(stats.width, stats.height)
            ),
            started,
            quiet,
        )
    };
    let Some(vtt) = &req.anim.captions else {
        let (stats, _) = write_animation(ctx, path, quiet, frames, |w, p| draw(w, None, p))?;
        return wrote(&stats);
    };
    let cues = write_atomic_with(vtt, &ctx.cancel, |captions| {
        let (stats, cues) =
            write_animation(ctx, path, quiet, frames, |w, p| draw(w, Some(captions), p))?;
        wrote(&stats)?;
        Ok(cues.unwrap_or_default())
    })?;
    summary::wrote(ctx, vtt, &summary::count(cues, "caption"), started, quiet)
}

/// The style the animation is drawn in, fitted, and whether its frames have a caption band: what
/// the format cannot hold, its size and memory refused before the frames are counted.
fn checked_style<A: Adapter + Clone>(
    req: &Request<'_>,
    outputs: &Outputs<'_, A>,
    format: AnimationFormat,
    board: Board,
) -> Result<(chessviz::Style, bool)> {
    // The command's own words for what the format cannot hold, before the frames are counted: a
    // transparent page where its row says so, and what a GIF cannot record; what else a format
    // cannot hold its writer refuses (the library's check).
    req.look
        .check_transparency(&FormatRow::of_animation(format))?;
    if format == AnimationFormat::Gif {
        req.look.check_gif()?;
        req.anim.refuse_short_gif_delay()?;
    }
    // Every frame is a captioned step, as `--step` draws it: the band is part of the picture fitted.
    let style = req
        .look
        .fit_step_figure((req.style)()?, board.rows, board.cols)?;
    let style = super::fit_panel::fit_with_panel(req.look, style, (outputs.adapter)(false)?)?;
    // Each encoder's own peak, measured, first: its advice (the largest --cell) is the one that
    // holds; the frame's check follows (the image limits, and MP4's memory).
    if let Some(job) = FormatRow::of_animation(format).memory {
        limits::check_memory(board, &style, true, job, 1)?;
    }
    check_board(board, &style, true, Picture::Animation)?;
    let caption = StepCaptions::new((outputs.adapter)(false)?, &style, None)
        .hints()
        .caption;
    if format == AnimationFormat::Mp4 {
        check_video_side(board, &style, caption)?;
    }
    Ok((style, caption))
}

/// Refuses, before any work, a video picture smaller than H.264 encodes, naming the cell that
/// makes it large enough.
fn check_video_side(board: Board, style: &chessviz::Style, caption: bool) -> Result<()> {
    let size = |cell: u32| {
        let mut at = style.clone();
        at.cell = cell;
        figure_size(board.rows, board.cols, &at, caption)
    };
    let (w, h) = size(style.cell)?;
    let Err(e) = check_video_size(w, h) else {
        return Ok(());
    };
    let fits =
        (style.cell..=1024).find(|&c| size(c).is_ok_and(|(w, h)| check_video_size(w, h).is_ok()));
    Err(match fits {
        Some(cell) => chessviz::Error::TooLarge(format!(
            "{}: use --cell {cell} or more",
            crate::cli::report::errors::message(&e)
        )),
        None => e,
    })
}

/// Writes the animation that `animate` makes to `path`, atomically, with a progress bar (of `total`
/// frames where known) unless `quiet`; Ctrl-C stops it at the next frame.
fn write_animation<T>(
    ctx: &Ctx,
    path: &Path,
    quiet: bool,
    total: Option<u64>,
    animate: impl FnOnce(&mut io::BufWriter<&mut File>, &mut dyn Progress) -> Result<T>,
) -> Result<T> {
    let mut progress = FrameProgress::new(&ctx.cancel, quiet, total);
    write_atomic_with(path, &ctx.cancel, |w| animate(w, &mut progress))
}
