//! `-o FILE.gif`, `.apng`, `.webp`, `.mp4`: an animation of any problem's movie, its size, memory and frames
//! checked before the first frame.

use std::fs::File;
use std::io;
use std::path::Path;
use std::time::Instant;

use chessviz::files::{write_atomic_with, FormatRow};
use chessviz::limits::{check_video_size, figure_size};
use chessviz::{
    write_animation as write_format, Adapter, AnimationFormat, AnimationStats, Pacing, Problem,
    Progress, Result, StepCaptions,
};

use super::context::Ctx;
use super::limits::{self, check_board, Picture};
use super::problem::{Board, Count, Outputs, Stream};
use super::step_counts::count_events;
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
    // The command's own words for what the format cannot hold, before the frames are counted: a
    // transparent page where its row says so, and what a GIF cannot record; what else a format
    // cannot hold its writer refuses (the library's check).
    req.look
        .check_transparency(&FormatRow::of_animation(format))?;
    if format == AnimationFormat::Gif {
        req.look.check_gif()?;
        req.anim.refuse_short_gif_delay()?;
    }
    let board = Board::of(problem);
    let (rows, cols) = (board.rows, board.cols);
    // Every frame is a captioned step, as `--step` draws it: the band is part of the picture fitted.
    let style = req.look.fit_step_figure((req.style)()?, rows, cols)?;
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
    let frames = count_frames(ctx, req, problem, outputs)?;
    let (width, height) = figure_size(rows, cols, &style, caption)?;
    super::animation_work::check_work(format, frames, width, height)?;
    let quiet = req.anim.quiet;
    let stats = write_animation(ctx, path, quiet, Some(frames), |w, progress| {
        let stream = super::step_stream(req, problem, outputs)?;
        let total = if req.seq.counter {
            Some(count_events(ctx, &stream)?)
        } else {
            None
        };
        let pacing = pacing(req, &stream);
        let framing = stream.problem.timing().framing;
        // The pictures of `--step` and `--frames`: each frame is the still of its step.
        let adapter = StepCaptions::new(stream.adapter, &style, total);
        let events = || stream.problem.events();
        write_format(
            format, w, adapter, events, framing, &style, pacing, progress,
        )
    })?;
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
    )?;
    if let Some(vtt) = &req.anim.captions {
        super::captions::write_captions(ctx, req, problem, outputs, &style, vtt)?;
    }
    Ok(())
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

/// The pacing the command line asks for, with the problem's defaults.
fn pacing<A: Adapter>(req: &Request<'_>, stream: &Stream<'_, A>) -> Pacing {
    let timing = stream.problem.timing();
    req.anim.pacing(timing.delay_ms, timing.hold_ms)
}

/// The frames of the animation, counted before the first frame; refuses more than the frame limit.
fn count_frames<A: Adapter>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &dyn Problem<Event = A::Event>,
    outputs: &Outputs<'_, A>,
) -> Result<u64> {
    let what = outputs.counted_as.clone().unwrap_or_else(|| problem.name());
    let (every, max) = (req.anim.every, req.anim.max_frames);
    if let Some(steps) = problem.fewest_steps() {
        let fewest = limits::kept_frames(steps, 0, every, max);
        limits::check_frames(&what, fewest, steps, true)?;
    }
    if let Some(check) = &outputs.check_count {
        check(None)?;
    }
    let bound = limits::counting_bound(every, max);
    let counted = problem.count_steps(bound, &ctx.cancel)?;
    if let Some(check) = &outputs.check_count {
        check(Some(counted))?;
    }
    let count = Count::from(counted);
    let frames = limits::kept_frames(count.steps, count.forced, every, max);
    limits::check_frames(&what, frames, count.steps, count.complete)?;
    Ok(frames)
}

/// Writes the animation that `animate` makes to `path`, atomically, with a progress bar (of `total`
/// frames where known) unless `quiet`; Ctrl-C stops it at the next frame.
fn write_animation(
    ctx: &Ctx,
    path: &Path,
    quiet: bool,
    total: Option<u64>,
    animate: impl FnOnce(&mut io::BufWriter<&mut File>, &mut dyn Progress) -> Result<AnimationStats>,
) -> Result<AnimationStats> {
    let mut progress = FrameProgress::new(&ctx.cancel, quiet, total);
    write_atomic_with(path, &ctx.cancel, |w| animate(w, &mut progress))
}
