//! `-o FILE.gif`, `.apng`, `.webp`: an animation of any problem's movie, its size, memory and frames
//! checked before the first frame.

use std::fs::File;
use std::io;
use std::path::Path;
use std::time::Instant;

use chessviz::internals::write_atomic_with;
use chessviz::{
    write_animation as write_format, Adapter, AnimationFormat, AnimationStats, Pacing, Progress,
    Result, StepCaptions,
};

use super::context::Ctx;
use super::limits::{self, check_board, Picture};
use super::problem::{Count, Problem, Stream};
use super::step_counts::count_events;
use super::Request;
use crate::cli::report::progress::FrameProgress;
use crate::cli::report::summary;

/// Writes the problem's animation to `path` in `format`.
pub fn animation<A: Adapter + Clone>(
    ctx: &Ctx,
    req: &Request<'_>,
    problem: &Problem<'_, A>,
    path: &Path,
    format: AnimationFormat,
    started: Instant,
) -> Result<()> {
    // APNG and WebP keep a transparent page; a GIF cannot.
    if format == AnimationFormat::Gif {
        req.look.check_gif()?;
    }
    let (rows, cols) = (problem.board.rows, problem.board.cols);
    // Every frame is a captioned step, as `--step` draws it: the band is part of the picture fitted.
    let style = req.look.fit_figure((req.style)()?, rows, cols, true)?;
    let adapter = (problem.steps)()?.adapter;
    let style = super::fit_panel::fit_with_panel(req.look, style, adapter)?;
    check_board(problem.board, &style, true, Picture::Animation)?;
    let frames = count_frames(ctx, req, problem)?;
    req.anim.warn_short_delay(ctx);
    let quiet = req.anim.quiet;
    let stats = write_animation(ctx, path, quiet, Some(frames), |w, progress| {
        let stream = super::step_stream(req, problem)?;
        let total = if req.seq.counter {
            Some(count_events(ctx, &stream)?)
        } else {
            None
        };
        let pacing = pacing(req, &stream);
        let framing = stream.timing.framing;
        // The pictures of `--step` and `--frames`: each frame is the still of its step.
        let adapter = StepCaptions::new(stream.adapter, &style, total);
        let events = || (stream.events)();
        write_format(
            format, w, adapter, events, framing, &style, pacing, progress,
        )
    })?;
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
}

/// The pacing the command line asks for, with the problem's defaults.
fn pacing<A: Adapter>(req: &Request<'_>, stream: &Stream<'_, A>) -> Pacing {
    req.anim
        .pacing(stream.timing.delay_ms, stream.timing.hold_ms)
}

/// The frames of the animation, counted before the first frame; refuses more than the frame limit.
fn count_frames<A: Adapter>(ctx: &Ctx, req: &Request<'_>, problem: &Problem<'_, A>) -> Result<u64> {
    let movie = &problem.movie;
    let (every, max) = (req.anim.every, req.anim.max_frames);
    if let Some(Count { steps, forced, .. }) = movie.at_least {
        let fewest = limits::kept_frames(steps, forced, every, max);
        limits::check_frames(&movie.what, fewest, steps, true)?;
    }
    let bound = limits::counting_bound(every, max);
    let count = (movie.count)(ctx, bound)?;
    let frames = limits::kept_frames(count.steps, count.forced, every, max);
    limits::check_frames(&movie.what, frames, count.steps, count.complete)?;
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

/// The events of `events` up to one past `bound` (Ctrl-C stops the count).
pub fn count_steps<E>(
    ctx: &Ctx,
    events: impl IntoIterator<Item = Result<E>>,
    bound: u64,
) -> Result<u64> {
    let mut steps = 0u64;
    for event in events {
        ctx.cancel.check()?;
        event?;
        steps += 1;
        if steps > bound {
            break;
        }
    }
    Ok(steps)
}
